"""Typed voice events: what the voice pipeline did, as objects flowing one way
(capture -> echo canceller -> voice activity -> recognizer -> listener -> barge-in -> output).

Each has a ``type`` name (``voice.<name>``) and ``to_json()``; :class:`VoiceEventLog`
appends them to the ``--events`` file beside the engine's events (docs/VOICE_EVENTS.md).
"""
from __future__ import annotations

import json
import queue
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class VoiceEvent:
    at: float = field(default_factory=time.monotonic, kw_only=True)
    type = "voice.event"

    def to_json(self) -> dict:
        d = asdict(self)
        d["at"] = round(self.at, 3)
        return {"type": self.type, **d}


@dataclass(frozen=True)
class DuplexMode(VoiceEvent):
    """How the microphone listens while the game speaks: ``full`` (echo canceller ``canceller``)
    or ``half`` (ignored while the game speaks), and why."""

    mode: str
    canceller: str = ""
    reason: str = ""
    #: what the canceller takes as the sound played: "player" (the game's own), "monitor"
    #: (the sound server's playback monitor: a screen reader's speech) or "" (none needed)
    reference: str = ""
    #: the canceller started from the echo path the last start learned (speech/echo_memory.py)
    recalled: bool = False
    type = "voice.duplex"


@dataclass(frozen=True)
class SpeechStarted(VoiceEvent):
    during_narration: bool = False
    type = "voice.speech_started"


@dataclass(frozen=True)
class SpeechEnded(VoiceEvent):
    type = "voice.speech_ended"


@dataclass(frozen=True)
class SpeechMaybe(VoiceEvent):
    """While the game speaks, a frame that may be a person's voice (the voice detector less
    sure than for :class:`SpeechStarted`): barge-in ducks at once, and restores the
    narration on :class:`SpeechDismissed` if it was no speech."""

    type = "voice.speech_maybe"


@dataclass(frozen=True)
class SpeechDismissed(VoiceEvent):
    """The :class:`SpeechMaybe` before did not become speech."""

    type = "voice.speech_dismissed"


@dataclass(frozen=True)
class Heard(VoiceEvent):
    """A final hypothesis. ``decision``: ``delivered`` (to the session, which acts, reads
    back or refuses), ``not_understood`` (empty, delivered in silence), ``ignored`` (empty
    or unsure while the game spoke: the narration goes on), ``echo`` (every word of it the
    game itself said while the person spoke: its own voice heard back, nothing acts),
    ``repeated`` (the words the second look delivered a moment before, said again: acted on
    once). ``again``: from the second look (speech/second_look.py: the narration's start or
    speech ignored over it, cleaned again once the canceller had learned the echo).
    ``part``: what the loudest part of an utterance alone was heard as, the whole of it
    nothing (over the game's voice only: ``Hypothesis.part``). ``confidence``: the one the
    decision weighed (over the game's voice the recognizer's figure for there,
    ``Hypothesis.over_voice``; the session gets the hypothesis as it came)."""

    text: str
    confidence: float
    decision: str
    again: bool = False
    part: bool = False
    type = "voice.heard"


@dataclass(frozen=True)
class NarrationDucked(VoiceEvent):
    """The game's output lowered by ``depth_db`` under the player's voice; ``tentative``: on a
    :class:`SpeechMaybe` (restored if no speech follows)."""

    depth_db: float = 0.0
    tentative: bool = False
    type = "voice.narration_ducked"


@dataclass(frozen=True)
class NarrationRestored(VoiceEvent):
    type = "voice.narration_restored"


@dataclass(frozen=True)
class NarrationCut(VoiceEvent):
    text: str = ""
    type = "voice.narration_cut"


EVENT_TYPES = [DuplexMode, SpeechStarted, SpeechEnded, SpeechMaybe, SpeechDismissed, Heard, NarrationDucked, NarrationRestored, NarrationCut]


class VoiceEventLog:
    """Appends voice events as JSON lines to a file (from one writer thread); keeps the
    last ones in :attr:`recent` for tests."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.recent: list[VoiceEvent] = []
        self._q: queue.SimpleQueue[VoiceEvent | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._write, name="voice-events", daemon=True)
        self._thread.start()

    def put(self, event: VoiceEvent) -> None:
        self.recent.append(event)
        del self.recent[:-500]
        self._q.put(event)

    def close(self) -> None:
        self._q.put(None)
        self._thread.join(timeout=2)

    def _write(self) -> None:
        while (ev := self._q.get()) is not None:
            if self.path is None:
                continue
            try:
                with open(self.path, "a", encoding="utf-8") as f:
                    f.write(json.dumps(ev.to_json(), ensure_ascii=False) + "\n")
            except OSError:
                pass
