"""Ladder's bots: the lowest card that climbs (bot), or any legal move (bot-random)."""
from __future__ import annotations

from typing import Any

from ladder.rules import Action
from voice_game.core.rng import Rng

LEVELS = ("bot", "bot-random")


class LadderBot:
    def __init__(self, level: str, seed: int):
        self.level = level
        self.rng = Rng(seed)

    def choose(self, view: Any, legal: list[Action]) -> Action:
        if self.level == "bot-random":
            return self.rng.choice(legal)  # type: ignore[no-any-return]
        return legal[0]  # the lowest climb, else fold


def make_bot(level: str, seed: int) -> LadderBot:
    if level not in LEVELS:
        raise KeyError(level)
    return LadderBot(level, seed)
