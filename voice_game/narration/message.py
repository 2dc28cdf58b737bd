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
