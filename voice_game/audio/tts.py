"""Speech output engines.

- ``text``: one line per message on stdout (tests, pipes, braille displays)
- ``pyttsx3``: pyttsx3's voices (SAPI5, NSSpeech, espeak) rendered to audio for the game's player
- ``none``: silent (the history still keeps every message)
- ``auto``: speech through the game's audio player when a device works, else text with one notice
- ``screenreader``: the running screen reader (voice_game.audio.screenreader), cues in our player
"""
from __future__ import annotations

import sys

RATE_MIN, RATE_MAX, RATE_DEFAULT = 80, 800, 175  # words per minute


class TextOutput:
    name = "text"

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.rate = RATE_DEFAULT
        self.volume = 100

    def say(self, text: str, interrupt: bool = False) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass  # the reader went away or the output is full; the session ends at the next read

    def set_rate(self, wpm: int) -> None:
        self.rate = max(RATE_MIN, min(RATE_MAX, wpm))

    def set_volume(self, percent: int) -> None:
        self.volume = max(0, min(100, percent))

    def close(self) -> None:
        pass


class SilentOutput(TextOutput):
    name = "none"

    def say(self, text: str, interrupt: bool = False) -> None:
        pass


def make_output(kind: str, lang: str, catalog=None, settings=None):
    """Returns (output, fell_back).

    ``auto`` / ``pyttsx3`` / ``screenreader`` speak through the game's one audio
    player (voice_game.audio.output) when a sound device works; ``settings`` (a
    voice_game.settings.Settings) gives rate, voice, volumes and the device.
    """
    if kind in ("text", "none"):
        out = TextOutput() if kind == "text" else SilentOutput()
        if settings is not None:  # "slower"/"faster" go on from the kept values
            out.set_rate(settings.rate)
            out.set_volume(settings.speech_volume)
        return out, False
    if kind in ("pyttsx3", "auto", "screenreader"):
        from .output import make_game_output

        out, notice = make_game_output(kind, lang, catalog, settings)
        if notice == "audio.screenreader_missing":
            if catalog is not None:
                out.say(catalog.get(notice))
            notice = None
        return out, notice is not None
    return TextOutput(), True
