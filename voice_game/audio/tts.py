"""Speech output engines.

- ``text``: one line per message on stdout (tests, pipes, braille displays)
- ``pyttsx3``: pyttsx3's voices (SAPI5, NSSpeech, espeak) rendered to audio for the game's player
- ``none``: silent (the history still keeps every message)
- ``auto``: speech through the game's audio player when a device works, else text with one notice
- ``screenreader``: the running screen reader (voice_game.audio.screenreader), cues in our player
"""
from __future__ import annotations

from typing import Any, TextIO

from voice_game.core.output import RATE_DEFAULT, RATE_MAX, RATE_MIN

from .text import SilentOutput, TextOutput

__all__ = ["RATE_DEFAULT", "RATE_MAX", "RATE_MIN", "SilentOutput", "TextOutput", "make_output"]


def make_output(kind: str, lang: str, catalog: Any = None, settings: Any = None,
                stream: TextIO | None = None) -> tuple[Any, str]:
    """Returns (output, fallback): ``fallback`` is "" when the output asked for works,
    else the message key that says what the player gets instead (text).

    ``auto`` / ``pyttsx3`` / ``screenreader`` speak through the game's one audio
    player (voice_game.audio.output) when a sound device works; ``settings`` (a
    voice_game.settings.Settings) gives rate, voice, volumes and the device.
    """
    if kind in ("text", "none"):
        out = TextOutput(stream) if kind == "text" else SilentOutput(stream)
        if settings is not None:  # "slower"/"faster" go on from the kept values
            out.set_rate(settings.rate)
            out.set_volume(settings.speech_volume)
        return out, ""
    if kind in ("pyttsx3", "auto", "screenreader"):
        from .output import make_game_output  # the sound stack (numpy, PortAudio) only when it is used

        out, notice = make_game_output(kind, lang, catalog, settings, stream)
        if notice == "audio.screenreader_missing":
            if catalog is not None:
                out.say(catalog.get(notice))
            notice = None
        return out, notice or ""
    return TextOutput(stream), "app.tts_fallback"
