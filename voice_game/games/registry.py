"""The games the table knows, each as a kit of its parts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class GameKit:
    name: str
    rules: Any  # module with the core protocol
    view: Callable  # (state, player) -> dict
    view_scores: Callable  # (view) -> outcome-like dict
    narrator: Callable  # (catalog, humans, verbose) -> narrator
    adapter: Any  # GameAdapter
    make_bot: Callable  # (level, seed) -> bot
    bot_levels: tuple
    new_game: Callable  # (players, variants, seed, deck) -> state
    parse_deck: Callable  # (json data) -> deck argument for new_game
    variants: tuple
    resolve_chance: Callable  # (state) -> (state, events): the chance step, applied by the session
    asks_birth_years: tuple = ()  # variants for which the humans' birth years are asked at setup


def _orchestra() -> GameKit:
    from voice_game.games.orchestra import rules
    from voice_game.games.orchestra.bots import BOT_LEVELS, make_bot
    from voice_game.games.orchestra.commands import OrchestraCommands
    from voice_game.games.orchestra.state import REVEAL, VARIANTS, OrchestraConfig
    from voice_game.games.orchestra.view import view, view_scores
    from voice_game.games.orchestra.narrator import OrchestraNarrator

    def new_game(players, variants, seed, deck):
        return rules.new_game(OrchestraConfig(list(players), tuple(variants)), seed, deck)

    def parse_deck(data):
        if not isinstance(data, dict) or not isinstance(data.get("musicians"), list) \
                or not all(isinstance(x, str) for x in data["musicians"]):
            raise ValueError('expected {"musicians": ["tuba", ...]}')
        return list(data["musicians"])

    return GameKit("orchestra", rules, view, view_scores, OrchestraNarrator, OrchestraCommands(),
                   make_bot, tuple(BOT_LEVELS), new_game, parse_deck, VARIANTS,
                   lambda s: rules.apply(s, REVEAL))


CONCERTO_VARIANTS = ("maestro", "conductor-visible")
# Seat kinds of the command line ("bot:Clara") -> Concerto bot levels.
CONCERTO_BOT_LEVELS = {"bot": "normal", "bot-easy": "easy", "bot-strong": "strong", "bot-random": "random"}
DEFAULT_BIRTH_YEAR = 2000  # when no year is known (standard version: no card asks for it)


def _concerto() -> GameKit:
    from voice_game.core.errors import RuleError
    from voice_game.games.concerto import rules
    from voice_game.games.concerto.commands import ConcertoCommands
    from voice_game.games.concerto.state import ConcertoConfig
    from voice_game.games.concerto.view import view
    from voice_game.games.concerto.narrator import ConcertoNarrator

    from voice_game.core.rng import Rng

    try:  # the bots are written separately; without them only humans play
        from voice_game.games.concerto import bots as concerto_bots
    except ImportError:
        concerto_bots = None
    levels = tuple(CONCERTO_BOT_LEVELS) if concerto_bots is not None else ()

    class SessionBot:
        """The session's bot protocol (choose(view, legal), rng) over a Concerto bot."""

        def __init__(self, level, seed):
            self.inner = concerto_bots.make_bot(-1, CONCERTO_BOT_LEVELS[level])
            self.rng = Rng(seed)

        @property
        def seat(self):
            return self.inner.seat

        @seat.setter
        def seat(self, value):
            self.inner.seat = value

        def observe(self, event):
            self.inner.observe(event)

        def choose(self, view, legal):
            self.inner.seat = view["you"]
            return self.inner.choose(view, legal, self.rng)

        def memory_to_json(self):
            return self.inner.state_to_json()

        def memory_from_json(self, data):
            self.inner.state_from_json(data)

    def make_bot(level, seed):
        if level not in levels:
            raise KeyError(level)
        return SessionBot(level, seed)

    def new_game(players, variants, seed, deck, birth_years=None):
        for v in variants:
            if v not in CONCERTO_VARIANTS:
                raise RuleError("unknown_variant", variant=v)
        years = list(birth_years or [DEFAULT_BIRTH_YEAR] * len(players))
        cfg = ConcertoConfig([{"name": p, "birth_year": y} for p, y in zip(players, years)],
                             maestro="maestro" in variants, conductor_visible="conductor-visible" in variants)
        return rules.new_game(cfg, seed, deck)

    def parse_deck(data):
        if not isinstance(data, dict):
            raise ValueError('expected {"instruments": [...], "beats": [...], "pieces": {"green": [...]}, ...}')
        return data

    class _Player(dict):
        """A player entry of the view that formats as its name (e.g. in "whose turn")."""

        def __format__(self, spec):
            return format(self["name"], spec)

    def table_view(state, player):
        v = view(state, player)
        v["players"] = [_Player(p) for p in v["players"]]
        return v

    def view_scores(v):
        return {"scores": [p["score"] for p in v["players"]], "target": v["target"]}

    return GameKit("concerto", rules, table_view, view_scores, ConcertoNarrator, ConcertoCommands(),
                   make_bot, levels, new_game, parse_deck, CONCERTO_VARIANTS, rules.resolve_chance,
                   asks_birth_years=("maestro",))


_FACTORIES = {"orchestra": _orchestra, "concerto": _concerto}


def available() -> list[str]:
    return list(_FACTORIES)


def get_kit(name: str) -> GameKit:
    return _FACTORIES[name]()


def register(name: str, factory) -> None:
    _FACTORIES[name] = factory
