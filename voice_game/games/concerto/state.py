"""Concerto state, configuration and actions: plain data, serializable to JSON and back."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from voice_game.core.rng import Rng
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.records import ChanceStep, Performance

PHASES = ("setup", "action", "conduct", "encore", "give_up", "refill", "end_turn", "over")

# Action kinds and the fields each one uses (besides ``kind``).
ACTION_FIELDS = {
    "reveal": (),  # the chance step: reveal the next card or counter
    "start": ("cards",),  # choose the starting orchestra (ordered, left to right)
    "place": ("instrument",),
    "special": ("card", "target", "instrument", "other"),
    "swap": ("cards",),  # discard 1 to 4 hand cards (instruments and/or the special card)
    "replace": ("level",),  # put an open piece under its pile, reveal the next
    "conduct": ("level", "follow", "instrument", "other"),
    "beat": ("instrument", "pattern"),
    "give_up": ("instrument",),
    "draw": (),  # refill: one instrument from the stack
    "take_market": ("instrument",),  # refill: one instrument from the job market
}


@dataclass(frozen=True, order=True)
class Action:
    """One move. Only the fields of ``ACTION_FIELDS[kind]`` are meaningful.

    special: ``card`` is the special card; headhunter uses target (seat), instrument (own)
    and other (the target's); sabotage target, instrument and other (both the target's);
    job-sharing instrument (own) and other (market); rehearsal instrument (own);
    audition instrument (from the discard pile); repertoire nothing. A special card
    with no parameters at all is played without effect (only allowed when it has no
    possible target). conduct: ``follow=False`` deliberately ignores a performance
    conductor card (minus two points); instrument/other are the two instruments whose
    patterns Rimon Sattle's card swaps before the performance.
    """

    kind: str
    instrument: str | None = None
    other: str | None = None
    pattern: str | None = None
    level: str | None = None
    card: str | None = None
    target: int | None = None
    cards: tuple[str, ...] = ()
    follow: bool = True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in ACTION_FIELDS.get(self.kind, ()):
            v = getattr(self, f)
            if f == "cards":
                out[f] = list(v)
            elif f == "follow":
                if not v:
                    out[f] = False
            elif v is not None:
                out[f] = v
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        kind = str(data["type"])
        kw: dict[str, Any] = {}
        for f in ("instrument", "other", "pattern", "level", "card"):
            if data.get(f) is not None:
                kw[f] = str(data[f])
        if data.get("target") is not None:
            kw["target"] = int(data["target"])
        if "cards" in data:
            kw["cards"] = tuple(str(c) for c in data["cards"])
        if "follow" in data:
            kw["follow"] = bool(data["follow"])
        return cls(kind, **kw)


REVEAL = Action("reveal")
DRAW = Action("draw")


def start(*cards: str) -> Action:
    return Action("start", cards=tuple(cards))


def place(instrument: str) -> Action:
    return Action("place", instrument=instrument)


def special(card: str, target: int | None = None, instrument: str | None = None, other: str | None = None) -> Action:
    return Action("special", card=card, target=target, instrument=instrument, other=other)


def swap(*cards: str) -> Action:
    return Action("swap", cards=tuple(sorted(cards)))


def replace(level: str) -> Action:
    return Action("replace", level=level)


def conduct(level: str, follow: bool = True, instrument: str | None = None, other: str | None = None) -> Action:
    return Action("conduct", level=level, follow=follow, instrument=instrument, other=other)


def beat(instrument: str, pattern: str) -> Action:
    return Action("beat", instrument=instrument, pattern=pattern)


def give_up(instrument: str) -> Action:
    return Action("give_up", instrument=instrument)


def take_market(instrument: str) -> Action:
    return Action("take_market", instrument=instrument)


def action_from_json(data: dict[str, Any]) -> Action:
    return Action.from_json(data)


@dataclass
class ConcertoConfig:
    """players: list of {"name": str, "birth_year": int}; maestro: the maestro version;
    first_player: the seat with the best tact; conductor_visible: show the active
    conductor card in views (the card game keeps it face down: everyone must remember)."""

    players: list[dict[str, Any]]
    maestro: bool = False
    first_player: int = 0
    conductor_visible: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"players": [dict(p) for p in self.players], "maestro": self.maestro,
                "first_player": self.first_player, "conductor_visible": self.conductor_visible}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ConcertoConfig:
        return cls([dict(p) for p in d["players"]], bool(d.get("maestro", False)), int(d.get("first_player", 0)),
                   bool(d.get("conductor_visible", False)))


@dataclass
class ConcertoState:
    players: list[dict[str, Any]]  # [{"name", "birth_year"}]
    maestro: bool
    conductor_visible: bool
    target: int
    first_player: int
    # piles, top card first (hidden order)
    instr_pile: list[str]
    special_pile: list[str]
    beat_pile: list[str]
    piece_piles: dict[str, list[str]]  # level -> [piece ids]
    conductor_pile: list[str]
    # open piles
    instr_discard: list[str]
    special_discard: list[str]
    beat_discard: list[str]
    removed_pieces: list[str]  # failed performances: out of the game
    conductor_done: list[str]  # used conductor cards (face down)
    conductor_active: str | None
    open_pieces: dict[str, str | None]  # level -> piece id or None
    market: list[str]
    # per seat
    hands: list[list[str]]  # instrument cards in hand
    specials: list[list[str]]  # special cards in hand
    orchestras: list[list[list[Any]]]  # [[instrument, pattern or None], ...] left to right
    scores: list[int]
    collections: list[list[str]]  # pieces won
    setup_done: list[bool]
    # flow
    phase: str
    current: int
    turn: int
    queue: list[ChanceStep]  # pending chance steps (records.py)
    perf: Performance | None  # the running performance (records.py)
    winners: list[int]
    end_reason: str | None
    rng: Rng
    history_len: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.players)

    def clone(self) -> ConcertoState:
        c = copy.copy(self)
        for name in ("instr_pile", "special_pile", "beat_pile", "conductor_pile", "instr_discard",
                     "special_discard", "beat_discard", "removed_pieces", "conductor_done", "market",
                     "scores", "setup_done", "winners"):
            setattr(c, name, list(getattr(self, name)))
        c.piece_piles = {k: list(v) for k, v in self.piece_piles.items()}
        c.open_pieces = dict(self.open_pieces)
        c.hands = [list(h) for h in self.hands]
        c.specials = [list(h) for h in self.specials]
        c.collections = [list(h) for h in self.collections]
        c.orchestras = [[list(slot) for slot in o] for o in self.orchestras]
        c.queue = [q.copy() for q in self.queue]
        c.perf = copy.deepcopy(self.perf)
        c.extra = copy.deepcopy(self.extra)
        c.rng = self.rng.clone()
        return c

    def to_json(self) -> dict[str, Any]:
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.to_json() if isinstance(v, Rng) else copy.deepcopy(v)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ConcertoState:
        """Rebuild a state; raises ValueError when the data is malformed."""
        try:
            kw: dict[str, Any] = {}
            for f in fields(cls):
                if f.name == "rng":
                    kw["rng"] = Rng.from_json(d["rng"])
                elif f.name in ("history_len", "extra") and f.name not in d:
                    continue
                else:
                    kw[f.name] = copy.deepcopy(d[f.name])
            s = cls(**kw)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"missing or malformed field: {exc}") from exc
        _check_consistent(s)
        return s


def _check_consistent(s: ConcertoState) -> None:
    _check_seats(s)
    _check_cards(s)


def _check_seats(s: ConcertoState) -> None:
    if not 2 <= s.n <= 4:
        raise ValueError("player count out of range")
    if s.phase not in PHASES:
        raise ValueError(f"unknown phase {s.phase}")
    for name in ("hands", "specials", "orchestras", "scores", "collections", "setup_done"):
        if len(getattr(s, name)) != s.n:
            raise ValueError(f"{name} must have one entry per player")
    if not 0 <= s.current < s.n:
        raise ValueError("current player out of range")


def _check_cards(s: ConcertoState) -> None:
    c = load_content()
    counts: dict[str, int] = {}
    every = s.instr_pile + s.instr_discard + s.market + [x for h in s.hands for x in h]
    every += [slot[0] for o in s.orchestras for slot in o]
    for x in every:
        counts[x] = counts.get(x, 0) + 1
    for x, k in counts.items():
        if x not in c.instruments or k > c.instruments[x]:
            raise ValueError(f"bad instrument count for {x!r}")
    for o in s.orchestras:
        ins = [slot[0] for slot in o]
        if len(set(ins)) != len(ins):
            raise ValueError("an orchestra holds an instrument twice")
    if set(s.piece_piles) != set(c.levels) or set(s.open_pieces) != set(c.levels):
        raise ValueError("piece piles must be one per level")


def state_to_json(state: ConcertoState) -> dict[str, Any]:
    return state.to_json()


def state_from_json(data: dict[str, Any]) -> ConcertoState:
    return ConcertoState.from_json(data)
