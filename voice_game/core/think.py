"""The time a table's bots may think between two turns of a human."""
from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

#: seconds the searching bots of a table share between two turns of a human
CYCLE_BUDGET = 0.8


class ThinkClock:
    """Restarted by the session each time a human has acted. A searching bot asks how
    much is ``left`` and takes at most a share of it, so the human waits about
    ``budget`` for all the bots together, however many turns they play in a row."""

    def __init__(self, budget: float = CYCLE_BUDGET) -> None:
        self.budget = budget
        self.started = time.perf_counter()

    def restart(self) -> None:
        self.started = time.perf_counter()

    def left(self) -> float:
        return self.budget - (time.perf_counter() - self.started)


@runtime_checkable
class Thinker(Protocol):
    """A bot that searches within the table's shared budget: the session hands it its clock."""

    clock: ThinkClock | None
