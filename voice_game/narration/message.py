"""A message: what the narrator hands to the audio side."""
from __future__ import annotations

from dataclasses import dataclass

# Priorities: a "low" message (a description) may be cut short by newer speech;
# "normal" ones are queued; "high" ones (results of actions, warnings) are never dropped.
LOW, NORMAL, HIGH = "low", "normal", "high"


@dataclass(frozen=True)
class Message:
    text: str
    kind: str = "info"  # turn, draw, place, take, bot, score, result, error, info, help, table
    priority: str = NORMAL
    cue: str | None = None
    pan: float | None = None  # -1 (left) .. 1 (right) for the cue
    # What the message history keeps instead of ``text`` (None: the text itself; "": nothing).
    # A player's own beat pattern is said once and never replayed (Concerto's memory rule).
    history: str | None = None
    # Words for an output without sound, where no cue can carry a fact (brief narration
    # leaves "your turn" or another player's name to the cue): said instead of ``text``.
    fallback: str | None = None

    def for_history(self) -> Message | None:
        """The message as the history keeps it, or None when nothing of it may be replayed."""
        if self.history is None:
            return self if self.text or self.fallback else None
        if not self.history:
            return None
        return Message(self.history, self.kind, self.priority, self.cue, self.pan)
