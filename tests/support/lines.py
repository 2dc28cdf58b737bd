"""Typed lines for a menu or session that reads an iterator of input lines."""


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
