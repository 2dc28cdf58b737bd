"""Concerto's number keys: when no legal command names the number, 1-3 conduct a
piece of that level (green, yellow, orange), else n is the n-th instrument named
by the legal commands (the player's orchestra, the hand, the market) in a move that
needs nothing else (placing it, giving it up, taking it from the market): a beat, a
starting orchestra of two or a special card on it need words the number cannot give."""
from __future__ import annotations

from typing import Any

LEVELS = ("green", "yellow", "orange")


def number_pick(cmds: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    if 1 <= n <= len(LEVELS):
        want = [c for c in cmds if c.get("intent") == "conduct" and c.get("level") == LEVELS[n - 1]]
        if want:
            return want[:1]
    single = [c for c in cmds if set(c) == {"intent", "instrument"}]
    insts: list[Any] = []
    for c in single:
        if c["instrument"] not in insts:
            insts.append(c["instrument"])
    if 1 <= n <= len(insts):
        return [c for c in single if c["instrument"] == insts[n - 1]][:1]
    return []
