"""Concerto, declared once for the table."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from voice_game.core.errors import RuleError
from voice_game.core.game import DefaultSeats, GameDefinition, SetupQuestion, Tutorial
from voice_game.core.rng import Rng
from voice_game.games.concerto import bots as concerto_bots
from voice_game.games.concerto import cues, review, rules, save
from voice_game.games.concerto.commands import ConcertoCommands
from voice_game.games.concerto.hidden import resample_hidden
from voice_game.games.concerto.keys import number_pick
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.concerto.practice import run_practice
from voice_game.games.concerto.state import ConcertoConfig
from voice_game.games.concerto.view import view
from voice_game.narration.message import LOW, Message

HERE = Path(__file__).resolve().parent
VARIANTS = ("maestro", "conductor-visible")
# Seat kinds of the command line ("bot:Clara") -> Concerto bot levels.
BOT_LEVELS = {"bot": "normal", "bot-easy": "easy", "bot-strong": "strong", "bot-random": "random"}
DEFAULT_BIRTH_YEAR = 2000  # when no year is known (standard version: no card asks for it)


class SessionBot:
    """The session's bot protocol (choose(view, legal), rng) over a Concerto bot."""

    def __init__(self, level: str, seed: int):
        self.inner = concerto_bots.make_bot(-1, BOT_LEVELS[level])
        self.rng = Rng(seed)

    @property
    def seat(self) -> int:
        return int(self.inner.seat)

    @seat.setter
    def seat(self, value: int) -> None:
        self.inner.seat = value

    def observe(self, event: Any) -> None:
        self.inner.observe(event)

    def choose(self, view: Any, legal: list[Any]) -> Any:
        self.inner.seat = view["you"]
        return self.inner.choose(view, legal, self.rng)

    def memory_to_json(self) -> Any:
        return self.inner.state_to_json()

    def memory_from_json(self, data: Any) -> None:
        self.inner.state_from_json(data)


def make_bot(level: str, seed: int) -> SessionBot:
    if level not in BOT_LEVELS:
        raise KeyError(level)
    return SessionBot(level, seed)


def new_game(players: list[str], variants: list[str], seed: int, deck: Any,
             birth_years: list[int] | None = None) -> Any:
    for v in variants:
        if v not in VARIANTS:
            raise RuleError("unknown_variant", variant=v)
    years = list(birth_years or [DEFAULT_BIRTH_YEAR] * len(players))
    cfg = ConcertoConfig([{"name": p, "birth_year": y} for p, y in zip(players, years, strict=False)],
                         maestro="maestro" in variants, conductor_visible="conductor-visible" in variants)
    return rules.new_game(cfg, seed, deck)


def table_of(state: Any) -> tuple[list[str], dict[str, Any]]:
    variants = [v for v, on in (("maestro", state.maestro), ("conductor-visible", state.conductor_visible)) if on]
    extra = {"birth_years": [int(p["birth_year"]) for p in state.players]} if state.maestro else {}
    return variants, extra


def parse_deck(data: Any) -> Any:
    if not isinstance(data, dict):
        raise ValueError('expected {"instruments": [...], "beats": [...], "pieces": {"green": [...]}, ...}')
    return data


class _Player(dict):
    """A player entry of the view that formats as its name (e.g. in "whose turn")."""

    def __format__(self, spec: str) -> str:
        return format(self["name"], spec)


def table_view(state: Any, player: int) -> dict[str, Any]:
    v = view(state, player)
    v["players"] = [_Player(p) for p in v["players"]]
    return v


def _orchestra_of(narrator: Any, v: Any, command: dict[str, Any], grammar: Any) -> Any:
    """"Orchester von Amadeus": one player's orchestra (by seat number)."""
    position = command.get("position")
    return narrator.orchestra_of(v, position) if isinstance(position, int) else None


def _fact(name: str) -> Any:
    """"Ablagestapel", "Dirigentenkarte": a fact of the table, the narrator's ``name(view, grammar)``."""
    def answer(narrator: Any, v: Any, command: dict[str, Any], grammar: Any) -> Any:
        return getattr(narrator, name)(v, grammar)
    return answer


def _explain(narrator: Any, v: Any, command: dict[str, Any], grammar: Any) -> Any:
    """"Was macht Headhunter": a special card's text."""
    c, card = narrator.c, command.get("card")
    if not c.has(f"special.{card}.text"):
        return None
    return Message(c.get("concerto.explain", name=c.get(f"special.{card}.name"), text=c.get(f"special.{card}.text")),
                   "help", LOW)


QUESTIONS = {"orchestra_of": _orchestra_of, "explain": _explain,
             **{name: _fact(name) for name in ("pieces", "discard_pile", "special_pile", "conductor_card")}}
def _help_item(narrator: Any, v: Any, kind: str) -> str | None:
    """A beat in "hilfe": the next instrument and what to say, never an example pair."""
    return narrator.help_beat(v) if kind == "beat" else None


# help groups the legal moves by kind (the words of a kind: locales' help.group.<kind>)
HELP_GROUPS = {
    "start_single": "start", "start_orchestra": "start", "place_instrument": "place_instrument",
    "play_special": "special", "play_special_on": "special", "play_special_pair": "special",
    "play_special_at": "special", "swap": "swap", "swap_pair": "swap", "swap_three": "swap",
    "swap_four": "swap", "swap_special": "swap", "swap_with_special": "swap", "swap_pair_special": "swap",
    "swap_three_special": "swap", "replace_piece": "replace", "conduct": "conduct", "conduct_ignore": "conduct",
    "conduct_swap": "conduct", "beat": "beat", "give_up": "give_up", "take_market": "take_market",
}
# kinds whose example's own verb names the kind ("chor einsetzen", "grünes stück tauschen"): no label
HELP_SELF_NAMED = frozenset({"place_instrument", "swap", "replace", "conduct", "give_up"})
# a command read back names its cards as the locale does ("Chor", "Sabotage", "Auf und ab"); the
# levels are not among them: the grammar says "grünes Stück", where the card's name is "grün"
VALUE_NAMES = {**{slot: "instrument.{}.name" for slot in ("instrument", "other", "third", "fourth", "fifth", "first")},
               "card": "special.{}.name", "attack": "special.{}.name", "pattern": "pattern.{}.name"}


def view_scores(v: Any) -> dict[str, Any]:
    return {"scores": [p["score"] for p in v["players"]], "target": v["target"]}


DEFINITION = GameDefinition(
    name="concerto",
    order=2,
    min_players=2,
    max_players=4,
    hidden_information=True,
    handover=True,
    rules=rules,
    new_game=new_game,
    parse_deck=parse_deck,
    resolve_chance=rules.resolve_chance,
    view=table_view,
    view_scores=view_scores,
    adapter=ConcertoCommands(),
    narrator=ConcertoNarrator,
    make_bot=make_bot,
    check_state=save.check_state,
    check_memory=save.check_memory,
    variants=VARIANTS,
    bot_levels=tuple(BOT_LEVELS),
    # a conductor card of the maestro version asks for the youngest player
    setup_questions=(SetupQuestion("birth_years", ("maestro",)),),
    default_seats=DefaultSeats(humans=1, bots=1),
    key_intents={"draw": "draw_instrument"},
    number_pick=number_pick,
    cues=cues.cues,
    tutorials=(
        Tutorial("concerto", "concerto", HERE / "tutorials" / "concerto.toml"),
        Tutorial("concerto-practice", "practice", HERE / "tutorials" / "concerto-practice.toml"),
        Tutorial("concerto-maestro", "maestro", HERE / "tutorials" / "concerto-maestro.toml"),
    ),
    drill=run_practice,
    resample_hidden=resample_hidden,
    table_of=table_of,
    questions=QUESTIONS,
    help_groups=HELP_GROUPS,
    help_self_named=HELP_SELF_NAMED,
    help_item=_help_item,
    value_names=VALUE_NAMES,
    review=review.rows,
)
