"""Ladder, declared once: a third game that lives only in this folder (tests/games/ladder),
found through VOICE_GAME_GAMES_PATH, with its grammar and locale files beside it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ladder import rules, save
from ladder.bots import LEVELS, make_bot
from ladder.commands import LadderCommands
from ladder.narrator import LadderNarrator
from voice_game.core.game import DefaultSeats, GameDefinition

HERE = Path(__file__).resolve().parent


def new_game(players: list[str], variants: list[str], seed: int, deck: Any) -> rules.State:
    return rules.new_game(list(players), list(variants), seed, deck)


def parse_deck(data: Any) -> list[int]:
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list) \
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in data["cards"]):
        raise ValueError('expected {"cards": [1, 9, ...]}')
    return list(data["cards"])


def no_chance(state: Any) -> tuple[Any, list[Any]]:
    return state, []  # every draw is part of a fold: ladder has no chance step


DEFINITION = GameDefinition(
    name="ladder",
    order=50,
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    hidden_information=True,
    rules=rules,
    new_game=new_game,
    parse_deck=parse_deck,
    resolve_chance=no_chance,
    view=rules.view,
    view_scores=rules.view_scores,
    adapter=LadderCommands(),
    narrator=LadderNarrator,
    make_bot=make_bot,
    check_state=save.check_state,
    bot_levels=LEVELS,
    default_seats=DefaultSeats(humans=1, bots=1),
    key_intents={"draw": "fold", "pass": "fold"},
    content_dir=HERE,
    resample_hidden=rules.resample_hidden,
)
