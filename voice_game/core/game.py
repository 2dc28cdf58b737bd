"""A game declared once: :class:`GameDefinition`, and how the table finds the games.

Every game lives in one package ``voice_game/games/<name>/`` whose module ``game``
exports ``DEFINITION``. :func:`discover` scans the ``voice_game.games`` package and,
for tests and add-ons, every folder listed in the environment variable
``VOICE_GAME_GAMES_PATH`` (``os.pathsep``-separated; each folder holds game
packages). Nothing outside the game packages names a game: menus, keys, cues, the
command line, the tutorial and the save check read the definitions.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voice_game.core.contracts import Bot, CommandAdapter, Command, Engine, Narrator
from voice_game.core.review import Review
from voice_game.core.rng import Rng

GAMES_PACKAGE = "voice_game.games"
PATH_ENV = "VOICE_GAME_GAMES_PATH"


@dataclass(frozen=True)
class SetupQuestion:
    """A question asked of every human before the game starts; the answers reach
    ``new_game`` as the keyword ``name`` (one per seat)."""

    name: str  # "birth_years": the one kind the table knows how to ask
    variants: tuple[str, ...] = ()  # asked only with one of these variants; empty: always

    def asked(self, variants: Sequence[str]) -> bool:
        return not self.variants or any(v in self.variants for v in variants)


@dataclass(frozen=True)
class Tutorial:
    """A course of lessons on a game (``voice-game tutorial <course>``)."""

    course: str  # the name on the command line and in the progress file
    menu_id: str  # its item in the tutorials menu (a word of the grammar's ``item`` slot)
    path: Path  # the lesson file


@dataclass(frozen=True)
class Cue:
    """A game's own sound cue design: a deterministic synthesis (numpy, float mono or
    stereo) that ``voice_game.audio.cues`` normalises, places and caches."""

    cue_id: str
    synth: Callable[[], Any]
    spatial: bool = False  # a movement in stereo space: panning only shifts its balance
    pan: float = 0.0  # default placement of a mono cue


#: A game's answer to one of its questions: (narrator, view, command, grammar) -> messages or None.
Answer = Callable[[Any, Any, Command, Any], Any]


@dataclass(frozen=True)
class DefaultSeats:
    """The menu's starting table for a game."""

    humans: int = 1
    bots: int = 1


def _no_memory_check(memory: Any, seats: int, kind: str, where: str) -> None:
    """Bots without memory have nothing to check."""


def _no_cues() -> Sequence[Cue]:
    return ()


def _plain_table(state: Any) -> tuple[list[str], dict[str, Any]]:
    """A game without variants or setup answers."""
    return [], {}


@dataclass(frozen=True)
class GameDefinition:
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    # --- the engine
    rules: Engine  # the rules module: current_player, legal_actions, apply, ...
    new_game: Callable[..., Any]  # (players, variants, seed, deck, **setup answers) -> state
    parse_deck: Callable[[Any], Any]  # JSON data of a --deck file -> deck argument; ValueError/TypeError
    resolve_chance: Callable[[Any], tuple[Any, list[Any]]]  # the chance step, applied by the session
    view: Callable[[Any, int], Any]  # (state, seat) -> what that seat may know
    view_scores: Callable[[Any], dict[str, Any]]  # (view) -> outcome-like dict
    # --- the table around it
    adapter: CommandAdapter
    narrator: Callable[..., Narrator]  # (catalog, humans, verbose=True) -> narrator
    make_bot: Callable[[str, int], Bot]  # (level, seed); KeyError for an unknown level
    check_state: Callable[[Any, int, str], None]  # (saved state, seats, where); raises on damage
    check_memory: Callable[[Any, int, str, str], None] = _no_memory_check  # (memory, seats, kind, where)
    variants: tuple[str, ...] = ()
    bot_levels: tuple[str, ...] = ()
    setup_questions: tuple[SetupQuestion, ...] = ()
    default_seats: DefaultSeats = DefaultSeats()
    order: int = 100  # the place in menus and lists (then by name)
    # --- keys: an action's intent where this game's words differ ("draw" -> "draw_instrument")
    key_intents: Mapping[str, str] = field(default_factory=dict)
    # --- number key n when no legal command names the number n: (legal commands, n) -> commands
    number_pick: Callable[[list[Command], int], list[Command]] | None = None
    # --- the game's own sound cues (built when the cue catalogue is first needed)
    cues: Callable[[], Sequence[Cue]] = _no_cues
    tutorials: tuple[Tutorial, ...] = ()
    # --- a game-specific tutorial step ("practice"): (runner, step) -> None
    drill: Callable[[Any, Any], None] | None = None
    # --- where the grammar and locale files live: None for the folders shipped with the
    # table (grammars/<lang>/<name>.toml, locales/<lang>/<name>.ftl); else a folder
    # with grammars/<lang>/<name>.toml and locales/<lang>/*.ftl of its own
    content_dir: Path | None = None
    # --- the table a state was dealt for: (state) -> (variants, setup answers), so a game
    # resumed from a save can be offered again with the same players (the rematch)
    table_of: Callable[[Any], tuple[list[str], dict[str, Any]]] = _plain_table
    # --- another state that differs only in what one seat may not know (the hidden cards
    # dealt anew): (JSON state, seat, rng) -> JSON state. The conformance test checks that
    # the seat's view and its bot's choice stay the same. None: the game hides nothing
    resample_hidden: Callable[[dict[str, Any], int, Rng], dict[str, Any]] | None = None

    # --- the game's own questions, meta commands besides a move ("Reihe 2", "Ablagestapel"):
    # intent -> (narrator, the listener's view, the command, grammar) -> what to say (None:
    # nothing). The parser takes them as meta commands (voice_game.commands.parser.meta_intents)
    questions: Mapping[str, Answer] = field(default_factory=dict)
    # --- help: an action's intent -> the kind of move it is grouped under (the message
    # help.group.<kind> names the kind; an intent not listed is a kind of its own), and the
    # kinds whose example names itself ("chor einsetzen"): said without the kind's name
    help_groups: Mapping[str, str] = field(default_factory=dict)
    help_self_named: frozenset[str] = frozenset()
    # the words said for a kind instead of its example, where any example would mislead (a
    # beat names a pattern: a guess, or the answer to a memory game): (narrator, the
    # listener's view, kind) -> the words, or None for the kind's usual example
    help_item: Callable[[Any, Any, str], str | None] | None = None
    # --- a command read back is written with the locale's names of the values of these slots
    # ("Sabotage Spieler zwei Chor gegen Holzbläser?"): slot -> the message key of a value's
    # name, "{}" for the value ("instrument.{}.name"); a name is used where it reads as the
    # grammar's words for the value, any other word as the grammar writes it ([written])
    value_names: Mapping[str, str] = field(default_factory=dict)

    # --- hot-seat hand-over (DESIGN 1.3): the game has private events (a hand, a beat
    # pattern) that several humans at one loudspeaker hear only after their owner says
    # "ready"; such a game has the messages <name>.handover (and <name>.handover_wait)
    handover: bool = False

    # --- the table as rows for reviewing it by ear (voice_game.core.review): (narrator,
    # view) -> rows; None: the game has no review cursor, status rows or turn summary
    review: Review | None = None

# ----------------------------------------------------------------------------- discovery

_cache: dict[str, dict[str, GameDefinition]] = {}


def _definition_of(module_name: str) -> GameDefinition | None:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:  # a package without game.py: not a game
            return None
        raise
    d = getattr(module, "DEFINITION", None)
    if not isinstance(d, GameDefinition):
        raise TypeError(f"{module_name}.DEFINITION must be a GameDefinition")
    return d


def _extra_folders() -> list[Path]:
    return [Path(p) for p in os.environ.get(PATH_ENV, "").split(os.pathsep) if p.strip()]


def discover() -> dict[str, GameDefinition]:
    """Every game, by name, in menu order."""
    key = os.environ.get(PATH_ENV, "")
    if key in _cache:
        return _cache[key]
    found: list[GameDefinition] = []
    package = importlib.import_module(GAMES_PACKAGE)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.ispkg:
            d = _definition_of(f"{GAMES_PACKAGE}.{info.name}.game")
            if d is not None:
                found.append(d)
    for folder in _extra_folders():
        if not folder.is_dir():
            continue
        if str(folder) not in sys.path:
            sys.path.append(str(folder))
        for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
            if info.ispkg:
                d = _definition_of(f"{info.name}.game")
                if d is not None:
                    found.append(d)
    games: dict[str, GameDefinition] = {}
    for d in sorted(found, key=lambda d: (d.order, d.name)):
        if d.name in games:
            raise ValueError(f"two games are called {d.name!r}")
        games[d.name] = d
    _cache[key] = games
    return games


def available() -> list[str]:
    return list(discover())


def get(name: str) -> GameDefinition:
    """The game called ``name``; KeyError if there is none."""
    return discover()[name]


def definitions() -> list[GameDefinition]:
    return list(discover().values())


def default_game() -> str:
    """The game a command plays when none is named: the first in menu order."""
    return available()[0]
