"""Tierorchester state and actions: plain data, serializable to JSON and back."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from voice_game.core.rng import Rng

VARIANTS = ("falsche-note", "grand-maestro")
PHASES = ("turn", "reveal", "place", "final", "over")


@dataclass(frozen=True, order=True)
class Action:
    """One move. ``kind`` is draw, reveal (the chance step), place, take or pass;
    ``conductor`` is the conductor's number, 1-based, or 0 when the kind has none."""

    kind: str
    conductor: int = 0

    def to_json(self) -> dict:
        out: dict = {"type": self.kind}
        if self.conductor:
            out["conductor"] = self.conductor
        return out

    @classmethod
    def from_json(cls, data: dict) -> Action:
        return cls(str(data["type"]), int(data.get("conductor", 0)))


DRAW = Action("draw")
REVEAL = Action("reveal")
PASS = Action("pass")


def place(n: int) -> Action:
    return Action("place", n)


def take(n: int) -> Action:
    return Action("take", n)


@dataclass
class OrchestraConfig:
    players: list[str]
    variants: tuple[str, ...] = ()
    start_player: int = 0

    def to_json(self) -> dict:
        return {"players": list(self.players), "variants": list(self.variants), "start_player": self.start_player}

    @classmethod
    def from_json(cls, data: dict) -> OrchestraConfig:
        return cls(list(data["players"]), tuple(data.get("variants", ())), int(data.get("start_player", 0)))


@dataclass
class OrchestraState:
    players: list[str]
    families: list[str]
    variants: list[str]
    maestro: list[str]
    deck: list[str]  # hidden; top card first
    removed: list[str]  # hidden; Falsche Note
    rows: list[list[str]]  # musicians under conductor i (0-based)
    row_owner: list[int | None]  # seat that took conductor i this round
    collections: list[dict[str, int]]
    current: int
    phase: str
    drawn: str | None
    round: int
    final_queue: list[int]
    rng: Rng
    history_len: int = 0  # number of actions applied
    last_card_by: int | None = None
    extra: dict = field(default_factory=dict)

    def clone(self) -> OrchestraState:
        return OrchestraState(
            players=self.players,  # never mutated
            families=self.families,
            variants=self.variants,
            maestro=self.maestro,
            deck=list(self.deck),
            removed=list(self.removed),
            rows=[list(r) for r in self.rows],
            row_owner=list(self.row_owner),
            collections=[dict(c) for c in self.collections],
            current=self.current,
            phase=self.phase,
            drawn=self.drawn,
            round=self.round,
            final_queue=list(self.final_queue),
            rng=self.rng.clone(),
            history_len=self.history_len,
            last_card_by=self.last_card_by,
            extra=dict(self.extra),
        )

    @property
    def n(self) -> int:
        return len(self.players)

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "families": list(self.families),
            "variants": list(self.variants),
            "maestro": list(self.maestro),
            "deck": list(self.deck),
            "removed": list(self.removed),
            "rows": [list(r) for r in self.rows],
            "row_owner": list(self.row_owner),
            "collections": [dict(c) for c in self.collections],
            "current": self.current,
            "phase": self.phase,
            "drawn": self.drawn,
            "round": self.round,
            "final_queue": list(self.final_queue),
            "rng": self.rng.to_json(),
            "history_len": self.history_len,
            "last_card_by": self.last_card_by,
        }

    @classmethod
    def from_json(cls, d: dict) -> OrchestraState:
        """Rebuild a state; raises ValueError when the data is malformed or inconsistent."""
        try:
            s = cls(
                players=[str(p) for p in d["players"]],
                families=[str(f) for f in d["families"]],
                variants=[str(v) for v in d["variants"]],
                maestro=[str(m) for m in d["maestro"]],
                deck=[str(c) for c in d["deck"]],
                removed=[str(c) for c in d["removed"]],
                rows=[[str(c) for c in r] for r in d["rows"]],
                row_owner=[None if o is None else int(o) for o in d["row_owner"]],
                collections=[{str(k): int(v) for k, v in c.items()} for c in d["collections"]],
                current=int(d["current"]),
                phase=str(d["phase"]),
                drawn=None if d["drawn"] is None else str(d["drawn"]),
                round=int(d["round"]),
                final_queue=[int(x) for x in d["final_queue"]],
                rng=Rng.from_json(d["rng"]),
                history_len=int(d.get("history_len", 0)),
                last_card_by=None if d.get("last_card_by") is None else int(d["last_card_by"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"missing or malformed field: {exc}") from exc
        _check_consistent(s)
        return s


def _check_consistent(s: OrchestraState) -> None:
    from voice_game.games.orchestra.cards import load_content

    content = load_content()
    n = s.n
    if not 2 <= n <= 5:
        raise ValueError("player count out of range")
    if s.phase not in PHASES:
        raise ValueError(f"unknown phase {s.phase}")
    if len(s.rows) != n or len(s.row_owner) != n or len(s.collections) != n:
        raise ValueError("rows, owners and collections must have one entry per player")
    if not 0 <= s.current < n:
        raise ValueError("current player out of range")
    if list(s.families) != list(content.families_for(n)):
        raise ValueError("families do not match the player count")
    for v in s.variants:
        if v not in VARIANTS:
            raise ValueError(f"unknown variant {v}")
    for m in s.maestro:
        if m not in content.maestro_cards:
            raise ValueError(f"unknown Grand Maestro card {m}")
    _check_cards(s, content)


def _check_cards(s: OrchestraState, content: Any) -> None:
    """No family out of play, no more cards of a family than the box holds, rows and owners in range."""
    n = s.n
    counts: dict[str, int] = {}
    every = list(s.deck) + list(s.removed) + [c for r in s.rows for c in r] + ([s.drawn] if s.drawn else [])
    for c in every:
        counts[c] = counts.get(c, 0) + 1
    for coll in s.collections:
        for f, k in coll.items():
            if k < 0:
                raise ValueError("negative count")
            counts[f] = counts.get(f, 0) + k
    for f, k in counts.items():
        if f not in s.families:
            raise ValueError(f"family {f} is not in play")
        if k > content.copies:
            raise ValueError(f"too many {f} cards")
    for r in s.rows:
        if len(r) > content.max_per_conductor:
            raise ValueError("a conductor holds too many musicians")
    for o in s.row_owner:
        if o is not None and not 0 <= o < n:
            raise ValueError("row owner out of range")
