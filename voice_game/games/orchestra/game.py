"""Tierorchester (Animal Orchestra), declared once for the table."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from voice_game.core.game import DefaultSeats, GameDefinition, Tutorial
from voice_game.games.orchestra import cues, review, rules, save
from voice_game.games.orchestra.bots import BOT_LEVELS, make_bot
from voice_game.games.orchestra.commands import OrchestraCommands
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.games.orchestra.state import REVEAL, VARIANTS, OrchestraConfig
from voice_game.games.orchestra.view import resample_hidden, view, view_scores

HERE = Path(__file__).resolve().parent


def new_game(players: list[str], variants: list[str], seed: int, deck: Any) -> Any:
    return rules.new_game(OrchestraConfig(list(players), tuple(variants)), seed, deck)


def parse_deck(data: Any) -> list[str]:
    if not isinstance(data, dict) or not isinstance(data.get("musicians"), list) \
            or not all(isinstance(x, str) for x in data["musicians"]):
        raise ValueError('expected {"musicians": ["tuba", ...]}')
    return list(data["musicians"])


def table_of(state: Any) -> tuple[list[str], dict[str, Any]]:
    return list(state.variants), {}


def resolve_chance(state: Any) -> Any:
    return rules.apply(state, REVEAL)


def _numbered(slot: str, ask: str) -> Any:
    """A question about one numbered place ("Reihe 2", "Karten von Ben"): the narrator's
    ``ask(view, number)``; nothing without a number."""
    def answer(narrator: Any, v: Any, command: dict[str, Any], grammar: Any) -> Any:
        number = command.get(slot)
        return getattr(narrator, ask)(v, number) if isinstance(number, int) else None
    return answer


# what lies at one conductor; one player's musicians
QUESTIONS = {"row": _numbered("conductor", "row"), "cards_of": _numbered("seat", "cards_of")}


DEFINITION = GameDefinition(
    name="orchestra",
    order=1,
    min_players=2,
    max_players=5,
    hidden_information=True,
    rules=rules,
    new_game=new_game,
    parse_deck=parse_deck,
    resolve_chance=resolve_chance,
    view=view,
    view_scores=view_scores,
    adapter=OrchestraCommands(),
    narrator=OrchestraNarrator,
    make_bot=make_bot,
    check_state=save.check_state,
    variants=tuple(VARIANTS),
    bot_levels=tuple(BOT_LEVELS),
    default_seats=DefaultSeats(humans=1, bots=2),
    cues=cues.cues,
    tutorials=(Tutorial("orchestra", "orchestra", HERE / "tutorials" / "orchestra.toml"),),
    resample_hidden=resample_hidden,
    table_of=table_of,
    questions=QUESTIONS,
    review=review.rows,
)
