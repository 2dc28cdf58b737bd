"""What was said, for "repeat", "previous message" and "next message": buffers by kind.

Every message kept is an :class:`Entry` with its buffer and its owner:

- ``game``: what the game narrated (moves, results, turns, prompts);
- ``mine``: the replies to what a player asked (their cards, the table, help, refusals);
- ``chat``: what players wrote to each other (online tables).

The ``owner`` is the one seat an entry is for (a private event, a reply to that seat's
question); ``None`` for everyone at this loudspeaker. A seat sees the entries without an
owner and its own, never another seat's (hot-seat: Ben's hand stays out of Anna's
history). Each seat has its own cursor and chosen buffer; ``all`` shows every buffer
in the order said (PlayPalace's default).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from voice_game.narration.message import Message

HISTORY = 50  # messages kept per seat and buffer, at least
ALL, GAME, MINE, CHAT = "all", "game", "mine", "chat"
BUFFERS = (ALL, GAME, MINE, CHAT)


@dataclass(frozen=True)
class Entry:
    message: Message
    buffer: str = GAME  # game, mine or chat
    owner: int | None = None  # the one seat it is for; None: everyone at this loudspeaker
    # the seat whose own move it narrates (None: anything else), so "since my turn" can
    # start after the asking player's own move
    mover: int | None = None
    # the human whose turn it announces ("Ben, du bist dran", the hot-seat hand-over to
    # Ben; None: anything else), so "since my turn" at one loudspeaker is measured from the
    # asking human's own turn, not from the last turn of any human
    turn: int | None = None
    # the say that said it: an answer of several messages (the scores, the table) is one
    # group, and "repeat" says the whole answer again
    group: int = 0

    def seen_by(self, seat: int | None) -> bool:
        return self.owner is None or self.owner == seat

    def in_buffer(self, buffer: str) -> bool:
        return buffer == ALL or self.buffer == buffer


class History:
    """The last messages said, by buffer and owner, and for each seat a cursor that
    "previous" / "next" move through the buffer that seat chose."""

    def __init__(self, size: int = HISTORY):
        self.size = size
        # long enough that each seat's own buffers keep ``size`` messages even when several
        # seats share the loudspeaker (their private entries interleave)
        self.entries: deque[Entry] = deque(maxlen=size * 8)
        self.cursor: dict[int | None, int | None] = {}  # seat -> position in its buffer (None: newest)
        self.chosen: dict[int | None, str] = {}  # seat -> the buffer "previous" steps through
        self.group = 0  # the current say's number (see ``begin``)

    # --- every message kept, in the order said (for tests and tools that read them all)
    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __iter__(self) -> Iterator[Message]:
        return (e.message for e in self.entries)

    def __getitem__(self, i: int) -> Message:
        return self.entries[i].message

    def add(self, m: Message, mover: int | None = None, turn: int | None = None, buffer: str = GAME,
            owner: int | None = None) -> None:
        self.entries.append(Entry(m, CHAT if m.kind == "chat" else buffer, owner, mover, turn, self.group))
        self.cursor.clear()  # anything new: every cursor back at the newest message

    # --- what one seat may replay
    def seen(self, seat: int | None = None, buffer: str = ALL) -> list[Entry]:
        """The entries ``seat`` may hear again in ``buffer``, oldest first (at most ``size``)."""
        out = [e for e in self.entries if e.seen_by(seat) and e.in_buffer(buffer)]
        return out[-self.size:]

    def buffer_of(self, seat: int | None) -> str:
        return self.chosen.get(seat, ALL)

    def buffers(self) -> tuple[str, ...]:
        """The buffers to switch between: chat only where something was written."""
        return BUFFERS if any(e.buffer == CHAT for e in self.entries) else BUFFERS[:-1]

    def switch(self, delta: int, seat: int | None = None) -> tuple[str, int]:
        """The next (``delta`` 1) or previous buffer for ``seat``; (its name, how many
        messages it holds). The cursor goes to its newest message."""
        names = self.buffers()
        now = self.buffer_of(seat)
        at = names.index(now) if now in names else 0
        new = names[(at + delta) % len(names)]
        self.chosen[seat] = new
        self.cursor.pop(seat, None)
        return new, len(self.seen(seat, new))

    def begin(self) -> None:
        """What is added from now on is one answer (one say of the session)."""
        self.group += 1

    def last(self, seat: int | None = None) -> Message | None:
        """The newest message ``seat`` heard (any buffer)."""
        seen = self.seen(seat)
        return seen[-1].message if seen else None

    def last_said(self, seat: int | None = None) -> list[Message]:
        """What "repeat" says again: the newest answer to a question as a whole (the
        scores, the table, your cards: several messages said together), else the newest
        message (the game's narration, a message at a time)."""
        seen = self.seen(seat)
        if not seen:
            return []
        newest = seen[-1]
        if newest.buffer != MINE:
            return [newest.message]
        out = []
        for e in reversed(seen):
            if e.group != newest.group or e.buffer != MINE:
                break
            out.append(e.message)
        return out[::-1]

    def step(self, delta: int, seat: int | None = None) -> tuple[str | None, Message | None]:
        """Move ``seat``'s cursor in its buffer; (the edge message key if it hit one, the message there)."""
        msgs = self.seen(seat, self.buffer_of(seat))
        if not msgs:
            return "history.empty", None
        last = len(msgs) - 1
        pos = self.cursor.get(seat)
        new = (last if pos is None else pos) + delta
        edge = None
        if new < 0:
            edge, new = "history.start", 0
        elif new > last:
            edge, new = "history.end", last
        self.cursor[seat] = new
        return edge, msgs[new].message

    def jump(self, end: str, seat: int | None = None) -> tuple[str, Message | None]:
        """To the ``oldest`` or ``newest`` message; (the message key saying where, the message)."""
        msgs = self.seen(seat, self.buffer_of(seat))
        if not msgs:
            return "history.empty", None
        self.cursor[seat] = 0 if end == "oldest" else len(msgs) - 1
        return ("history.start" if end == "oldest" else "history.end"), msgs[self.cursor[seat] or 0].message
