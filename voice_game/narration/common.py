"""What every game's narrator shares: lists in words and stereo places."""
from __future__ import annotations

from voice_game.narration.catalog import Catalog


def pan_for(index: int, count: int) -> float:
    """Stereo place of row or seat ``index`` (1-based) of ``count``: 1 is hard left, the
    last hard right, the others evenly between; a single one is centred."""
    if count <= 1:
        return 0.0
    return -1.0 + 2.0 * (index - 1) / (count - 1)


class NarratorBase:
    def __init__(self, catalog: Catalog, humans: set[int], verbose: bool = True):
        self.c = catalog
        self.humans = humans
        self.verbose = verbose

    def join(self, items: list[str]) -> str:
        """'a, b and c' in the catalog's language."""
        items = [i for i in items if i]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + f" {self.c.get('list.and')} " + items[-1]
