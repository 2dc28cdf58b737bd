"""What the session and the tools need of a speech output, and the one speech-rate limit.

Every output (text, silent, our audio path, the screen reader, a seat of an online
table) keeps ``rate`` within RATE_MIN..RATE_MAX words per minute, and the settings
file accepts exactly that range, so a rate an output reached is a rate the next start
reads back.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

RATE_MIN, RATE_MAX, RATE_DEFAULT = 80, 800, 175  # words per minute
RATE_STEP = 25  # "slower" / "faster"
VOLUME_STEP = 10  # "louder" / "quieter", percent


def clamp_rate(wpm: int) -> int:
    """A speech rate within the one limit."""
    return int(max(RATE_MIN, min(RATE_MAX, wpm)))


@runtime_checkable
class Output(Protocol):
    """Words for the player: every output has these."""

    rate: int
    volume: int

    def say(self, text: str, interrupt: bool = False) -> None: ...

    def set_rate(self, wpm: int) -> None: ...

    def set_volume(self, percent: int) -> None: ...


@runtime_checkable
class MessageOutput(Protocol):
    """An output that takes whole messages (words, cue and priority in one sequence),
    such as the game's own audio path; ``speak=False`` plays the cue only."""

    def say_message(self, m: Any, speak: bool = True) -> Any: ...


@runtime_checkable
class Stoppable(Protocol):
    """An output that can fall silent at once ("stop") and cut descriptions still
    playing when the player moves on (new input)."""

    def stop(self) -> None: ...

    def interrupt(self) -> None: ...


@runtime_checkable
class SilenceAware(Protocol):
    """An output (or a player) that can wait until it has finished sounding: True once
    silent for ``tail_ms``, False on timeout."""

    def wait_silent(self, tail_ms: float = 0.0, timeout: float | None = None) -> bool: ...


@runtime_checkable
class Sounding(Protocol):
    """An output that can tell, without waiting, whether it is sounding now (half-duplex
    listening rests while it does)."""

    def is_silent(self) -> bool: ...


@runtime_checkable
class CuePlayer(SilenceAware, Protocol):
    """What the tools need of a sound player: play a cue now, fall silent, wait."""

    def play_cue(self, cue_id: str, pan: float | None = None) -> None: ...

    def stop(self) -> None: ...


@runtime_checkable
class CueLevel(Protocol):
    """An output whose sound cues have a loudness of their own (percent)."""

    cue_volume: int

    def set_cue_volume(self, percent: int) -> None: ...


@runtime_checkable
class VoiceChoosing(Protocol):
    """An output whose speaking voice can be changed at once."""

    def set_voice(self, voice: str) -> None: ...


@runtime_checkable
class Closable(Protocol):
    """An output that holds something to give back at the end (a device, a process)."""

    def close(self) -> None: ...


@runtime_checkable
class PlayerOutput(Protocol):
    """An output that plays cues through its own player (None: no sound device)."""

    @property
    def player(self) -> CuePlayer | None: ...
