"""Speech output engines.

- ``text``: one line per message on stdout (tests, pipes, braille displays)
- ``pyttsx3``: pyttsx3 (espeak-ng on Linux, SAPI5 on Windows, NSSpeech on macOS)
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
        except (BrokenPipeError, ValueError):
            pass  # the reader went away; the session ends at the next read

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


class Pyttsx3Output(TextOutput):
    """Speaks with pyttsx3 and also writes the line (for a braille display or a log)."""

    name = "pyttsx3"

    def __init__(self, lang: str, echo_stream=None):
        super().__init__(echo_stream)
        import pyttsx3  # imported here: a missing driver is a reported fallback, not a crash

        self.engine = pyttsx3.init()
        self._pick_voice(lang)
        self.engine.setProperty("rate", self.rate)
        self.echo = echo_stream is not None

    def _pick_voice(self, lang: str) -> None:
        try:
            for v in self.engine.getProperty("voices"):
                langs = [str(x).lower() for x in (getattr(v, "languages", []) or [])]
                ident = f"{v.id} {v.name} {' '.join(langs)}".lower()
                if lang in langs or f"/{lang}" in ident or ident.startswith(lang) or f"{lang}-" in ident:
                    self.engine.setProperty("voice", v.id)
                    return
        except Exception:  # noqa: BLE001 - a voice list we cannot read keeps the default voice
            pass

    def say(self, text: str, interrupt: bool = False) -> None:
        if self.echo:
            super().say(text)
        self.engine.say(text)
        self.engine.runAndWait()

    def set_rate(self, wpm: int) -> None:
        super().set_rate(wpm)
        self.engine.setProperty("rate", self.rate)

    def set_volume(self, percent: int) -> None:
        super().set_volume(percent)
        self.engine.setProperty("volume", self.volume / 100)


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
