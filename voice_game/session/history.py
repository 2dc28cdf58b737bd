"""What was said, for "repeat", "previous message" and "next message"."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from voice_game.narration.message import Message

HISTORY = 50  # messages kept


class History:
    """The last messages said and a cursor that "previous" / "next" move."""

    def __init__(self, size: int = HISTORY):
        self.messages: deque[Message] = deque(maxlen=size)
        # beside each message: the seat whose own move it narrates (None: anything else),
        # so "since my turn" can start after the asking player's own move
        self.movers: deque[int | None] = deque(maxlen=size)
        # beside each message: the human whose turn it announces ("Ben, du bist dran", the
        # hot-seat hand-over to Ben; None: anything else), so "since my turn" at one loudspeaker
        # is measured from the asking human's own turn, not from the last turn of any human
        self.turns: deque[int | None] = deque(maxlen=size)
        self.cursor: int | None = None  # None: at the newest message

    def __len__(self) -> int:
        return len(self.messages)

    def __bool__(self) -> bool:
        return bool(self.messages)

    def __iter__(self) -> Iterator[Message]:
        return iter(self.messages)

    def __getitem__(self, i: int) -> Message:
        return self.messages[i]

    def add(self, m: Message, mover: int | None = None, turn: int | None = None) -> None:
        self.messages.append(m)
        self.movers.append(mover)
        self.turns.append(turn)
        self.cursor = None

    def mover(self, i: int) -> int | None:
        """The seat whose own move message ``i`` narrates, or None."""
        return self.movers[i] if 0 <= i < len(self.movers) else None

    def turns_of(self, seat: int) -> list[int]:
        """The positions of the messages that announced ``seat``'s turns, oldest first."""
        return [i for i, t in enumerate(self.turns) if t == seat]

    def last(self) -> Message | None:
        return self.messages[-1] if self.messages else None

    def step(self, delta: int) -> tuple[str | None, Message | None]:
        """Move the cursor; (the edge message key if it hit one, the message there)."""
        if not self.messages:
            return "history.empty", None
        last = len(self.messages) - 1
        pos = last if self.cursor is None else self.cursor
        new = pos + delta
        edge = None
        if new < 0:
            edge, new = "history.start", 0
        elif new > last:
            edge, new = "history.end", last
        self.cursor = new
        return edge, self.messages[new]

    def jump(self, end: str) -> tuple[str, Message | None]:
        """To the ``oldest`` or ``newest`` message; (the message key saying where, the message)."""
        if not self.messages:
            return "history.empty", None
        self.cursor = 0 if end == "oldest" else len(self.messages) - 1
        return ("history.start" if end == "oldest" else "history.end"), self.messages[self.cursor]
