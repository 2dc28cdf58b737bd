"""Typed lines for a menu or session that reads an iterator of input lines, and an output
that keeps the lines said."""
from voice_game.audio.text import TextOutput


class Lines:
    """An iterator over ``lines`` that ends (StopIteration) when they are used up, as a
    closed standard input does."""

    def __init__(self, lines):
        self.lines = list(lines)

    def __iter__(self):
        return self

    def __next__(self):
        if not self.lines:
            raise StopIteration
        return self.lines.pop(0)


class Said(TextOutput):
    """A text output that keeps every line it was asked to say (nothing is printed)."""

    def __init__(self):
        super().__init__()
        self.lines: list[str] = []

    def say(self, text, interrupt=False):
        self.lines.append(text)
