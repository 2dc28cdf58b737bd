"""The outputs without sound: one line per message on a stream, or nothing at all."""
from __future__ import annotations

import sys
from typing import TextIO

from voice_game.core.output import clamp_rate


class TextOutput:
    """One line per message on stdout (tests, pipes, braille displays)."""

    name = "text"

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stdout
        self.rate = 175
        self.volume = 100

    def say(self, text: str, interrupt: bool = False) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass  # the reader went away or the output is full; the session ends at the next read

    def set_rate(self, wpm: int) -> None:
        self.rate = clamp_rate(wpm)

    def set_volume(self, percent: int) -> None:
        self.volume = max(0, min(100, percent))

    def close(self) -> None:
        pass


class SilentOutput(TextOutput):
    """Silent (the history still keeps every message)."""

    name = "none"

    def say(self, text: str, interrupt: bool = False) -> None:
        pass
