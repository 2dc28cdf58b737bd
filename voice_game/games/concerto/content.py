"""Concerto content: instruments, beat patterns, special cards, music pieces and
conductor cards, loaded from the JSON files in ``data/`` and validated at load.

A broken file raises ContentError(source, where, problem) naming the file, the place
inside it and what is wrong. Spoken names and rule texts live in
``locales/<lang>/concerto_cards.ftl`` (``<section>-<card id>-<field>``);
``check_card_texts`` validates them, read as ``{section: {card id: {field: text}}}``.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from voice_game.core.errors import ContentError
from voice_game.core.grammar import SINGULAR, NameGrammar, parse_grammar

DATA_DIR = Path(__file__).with_name("data")
ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

# Conductor card conditions. A prerequisite is true or false when the piece is
# chosen; a performance condition changes what must be conducted (the referee then
# checks every beat against the changed sequence).
PREREQUISITE_KINDS = {
    "genre": {"genres": "genres"},
    "level": {"levels": "levels"},
    "requires_instrument_in_orchestra": {"instrument": "instrument"},
    "min_orchestra": {"count": "count"},
    "youngest_conducts": {},
    "oldest_conducts": {},
    "piece_uses_any": {"instruments": "instruments"},
    "min_piece_instruments": {"count": "count"},
}
PERFORMANCE_KINDS = {
    "order": {"order": "order"},
    "skip_first": {},
    "skip_last": {},
    "instrument_first": {"instrument": "instrument"},
    "instrument_last": {"instrument": "instrument"},
    "repeat_instrument": {"instrument": "instrument"},
    "replace_pattern": {"pattern": "pattern", "with": "pattern"},
    "encore_all": {},
    "swap_own_patterns": {},
}
CONDITION_KINDS = {**PREREQUISITE_KINDS, **PERFORMANCE_KINDS}
ORDERS = ("reverse", "rotate", "orchestra")


@dataclass(frozen=True)
class Piece:
    id: str
    level: str
    title: str
    composer: str
    genre: str
    points: int
    instruments: tuple[str, ...]


@dataclass(frozen=True)
class Conductor:
    id: str
    name: str
    condition: dict[str, Any] = field(hash=False, compare=True)

    @property
    def kind(self) -> str:
        return str(self.condition["kind"])

    @property
    def is_prerequisite(self) -> bool:
        return self.kind in PREREQUISITE_KINDS


@dataclass(frozen=True)
class Content:
    instruments: dict[str, int]  # id -> count, in table order
    patterns: dict[str, int]  # id -> count
    specials: dict[str, int]  # id -> count
    genres: tuple[str, ...]
    levels: dict[str, dict[str, int]]  # id -> dict(pieces, min_instruments, ...)
    targets: dict[str, dict[int, int]]  # "standard"/"maestro" -> {players: points}
    pieces: dict[str, Piece]  # id -> Piece
    conductors: dict[str, Conductor]  # id -> Conductor
    start_dealt: int
    start_orchestra: int
    hand_instruments: int
    market_size: int
    conductor_bonus: int
    # language -> instrument id -> the grammar of its name ("Streicher" is plural)
    grammar: dict[str, dict[str, NameGrammar]] = field(default_factory=dict, hash=False)

    def name_grammar(self, lang: str, instrument: str) -> NameGrammar:
        return self.grammar.get(lang, {}).get(instrument, SINGULAR)

    @property
    def level_ids(self) -> tuple[str, ...]:
        return tuple(self.levels)

    def pieces_of(self, level: str) -> list[str]:
        return [p.id for p in self.pieces.values() if p.level == level]

    def target(self, players: int, maestro: bool) -> int:
        return self.targets["maestro" if maestro else "standard"][players]

    def instrument_deck(self) -> list[str]:
        return [i for i, n in self.instruments.items() for _ in range(n)]

    def pattern_deck(self) -> list[str]:
        return [p for p, n in self.patterns.items() for _ in range(n)]

    def special_deck(self) -> list[str]:
        return [s for s, n in self.specials.items() for _ in range(n)]


# --- validation helpers ------------------------------------------------------

def _need(cond: object, source: str, where: str, problem: str) -> None:
    if not cond:
        raise ContentError(source, where, problem)


def _read_json(name: str) -> object:
    path = DATA_DIR / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(name, "/", "file not found") from exc
    except json.JSONDecodeError as exc:
        raise ContentError(name, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}") from exc


def _counted(raw: Any, key: str, source: str) -> dict[str, int]:
    items = raw.get(key)
    _need(isinstance(items, list) and items, source, key, "must be a non-empty list")
    out: dict[str, int] = {}
    for i, it in enumerate(items):
        where = f"{key}[{i}]"
        _need(isinstance(it, dict), source, where, "must be an object")
        iid = it.get("id")
        _need(isinstance(iid, str) and ID_RE.match(iid or "") is not None, source, where + ".id",
              "must be a lower-case id with dashes")
        _need(iid not in out, source, where + ".id", f"duplicate id {iid!r}")
        n = it.get("count")
        _need(isinstance(n, int) and not isinstance(n, bool) and n > 0, source, where + ".count",
              "must be a positive integer")
        out[iid] = n
    return out


def _int(raw: Any, key: str, source: str, lo: int = 1) -> int:
    v = raw.get(key)
    _need(isinstance(v, int) and not isinstance(v, bool) and v >= lo, source, key, f"must be an integer >= {lo}")
    return int(v)


def parse_base(raw: Any, source: str = "instruments.json") -> dict[str, Any]:
    _need(isinstance(raw, dict), source, "/", "must be a JSON object")
    out: dict[str, Any] = {
        "instruments": _counted(raw, "instruments", source),
        "patterns": _counted(raw, "patterns", source),
        "specials": _counted(raw, "specials", source),
    }
    out["grammar"] = parse_grammar(raw.get("grammar"), out["instruments"], source)
    genres = raw.get("genres")
    _need(isinstance(genres, list) and genres and all(isinstance(g, str) and ID_RE.match(g) for g in genres),
          source, "genres", "must be a non-empty list of ids")
    _need(len(set(genres)) == len(genres), source, "genres", "ids must be unique")
    out["genres"] = tuple(genres)
    levels = raw.get("levels")
    _need(isinstance(levels, list) and levels, source, "levels", "must be a non-empty list")
    lv: dict[str, dict[str, int]] = {}
    for i, L in enumerate(levels):
        where = f"levels[{i}]"
        _need(isinstance(L, dict) and isinstance(L.get("id"), str), source, where, "must be an object with an id")
        _need(L["id"] not in lv, source, where + ".id", f"duplicate level {L['id']!r}")
        d: dict[str, int] = {}
        for k in ("pieces", "min_instruments", "max_instruments", "min_points", "max_points"):
            v = L.get(k)
            _need(isinstance(v, int) and not isinstance(v, bool) and v > 0, source, f"{where}.{k}",
                  "must be a positive integer")
            d[k] = v
        _need(d["min_instruments"] <= d["max_instruments"] <= len(out["instruments"]), source, where,
              "instrument range is empty or larger than the instrument list")
        _need(d["min_points"] <= d["max_points"], source, where, "points range is empty")
        lv[L["id"]] = d
    out["levels"] = lv
    targets = raw.get("targets")
    _need(isinstance(targets, dict) and set(targets) == {"standard", "maestro"}, source, "targets",
          "must have exactly 'standard' and 'maestro'")
    tg: dict[str, dict[int, int]] = {}
    for version, table in targets.items():
        _need(isinstance(table, dict), source, f"targets.{version}", "must be an object")
        t: dict[int, int] = {}
        for k, v in table.items():
            _need(k.isdigit() and 2 <= int(k) <= 4, source, f"targets.{version}.{k}", "player count must be 2 to 4")
            _need(isinstance(v, int) and v > 0, source, f"targets.{version}.{k}", "must be a positive integer")
            t[int(k)] = v
        _need(set(t) == {2, 3, 4}, source, f"targets.{version}", "needs targets for 2, 3 and 4 players")
        tg[version] = t
    out["targets"] = tg
    for k in ("start_dealt", "start_orchestra", "hand_instruments", "market_size"):
        out[k] = _int(raw, k, source)
    out["conductor_bonus"] = _int(raw, "conductor_bonus", source, lo=0)
    _need(out["start_orchestra"] <= out["start_dealt"], source, "start_orchestra", "must not exceed start_dealt")
    return out


def _entry(item: Any, key: str, i: int, seen: dict[str, Any], source: str) -> tuple[str, str]:
    """Check the i-th entry of a list of objects with unique ids; returns (id, where)."""
    where = f"{key}[{i}]"
    _need(isinstance(item, dict), source, where, "must be an object")
    eid = item.get("id")
    _need(isinstance(eid, str) and ID_RE.match(eid) is not None, source, where + ".id",
          "must be a lower-case id with dashes")
    where = f"{key}[{i}] ({eid})"
    _need(eid not in seen, source, where, "duplicate id")
    return str(eid), where


def parse_pieces(raw: Any, base: dict[str, Any], source: str = "pieces.json") -> dict[str, Piece]:
    _need(isinstance(raw, dict) and isinstance(raw.get("pieces"), list), source, "pieces", "must be a list")
    pieces: dict[str, Piece] = {}
    for i, p in enumerate(raw["pieces"]):
        pid, where = _entry(p, "pieces", i, pieces, source)
        for k in ("title", "composer"):
            _need(isinstance(p.get(k), str) and p[k].strip() != "", source, f"{where}.{k}", "must be a non-empty text")
        level = p.get("level")
        _need(level in base["levels"], source, f"{where}.level", f"must be one of {list(base['levels'])}")
        L = base["levels"][level]
        _need(p.get("genre") in base["genres"], source, f"{where}.genre", f"must be one of {list(base['genres'])}")
        pts = p.get("points")
        _need(isinstance(pts, int) and not isinstance(pts, bool) and L["min_points"] <= pts <= L["max_points"],
              source, f"{where}.points", f"must be {L['min_points']} to {L['max_points']} for level {level}")
        ins = p.get("instruments")
        _need(isinstance(ins, list) and L["min_instruments"] <= len(ins) <= L["max_instruments"], source,
              f"{where}.instruments", f"must list {L['min_instruments']} to {L['max_instruments']} instruments")
        for j, x in enumerate(ins):
            _need(x in base["instruments"], source, f"{where}.instruments[{j}]", f"unknown instrument {x!r}")
        _need(len(set(ins)) == len(ins), source, f"{where}.instruments", "instruments must be distinct")
        pieces[pid] = Piece(pid, level, p["title"], p["composer"], p["genre"], pts, tuple(ins))
    for lid, L in base["levels"].items():
        n = sum(1 for p in pieces.values() if p.level == lid)
        _need(n == L["pieces"], source, "pieces", f"level {lid} has {n} pieces, expected {L['pieces']}")
    return pieces


def check_condition(cond: Any, base: dict[str, Any], source: str, where: str) -> None:
    """Validate one declarative conductor condition (kind + params)."""
    _need(isinstance(cond, dict), source, where, "must be an object with a kind")
    kind = cond.get("kind")
    _need(kind in CONDITION_KINDS, source, where + ".kind", f"unknown kind {kind!r}; known: {sorted(CONDITION_KINDS)}")
    spec = CONDITION_KINDS[kind]
    extra = set(cond) - {"kind"} - set(spec)
    _need(not extra, source, where, f"unexpected parameters {sorted(extra)} for kind {kind}")
    for param, typ in spec.items():
        _need(param in cond, source, where, f"kind {kind} needs parameter {param!r}")
        v = cond[param]
        w = f"{where}.{param}"
        if typ == "instrument":
            _need(v in base["instruments"], source, w, f"unknown instrument {v!r}")
        elif typ == "instruments":
            _need(isinstance(v, list) and v and all(x in base["instruments"] for x in v), source, w,
                  "must be a non-empty list of instrument ids")
        elif typ == "pattern":
            _need(v in base["patterns"], source, w, f"unknown beat pattern {v!r}")
        elif typ == "genres":
            _need(isinstance(v, list) and v and all(x in base["genres"] for x in v), source, w,
                  "must be a non-empty list of genres")
        elif typ == "levels":
            _need(isinstance(v, list) and v and all(x in base["levels"] for x in v), source, w,
                  "must be a non-empty list of levels")
        elif typ == "count":
            _need(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= len(base["instruments"]), source, w,
                  f"must be an integer 1 to {len(base['instruments'])}")
        elif typ == "order":
            _need(v in ORDERS, source, w, f"must be one of {list(ORDERS)}")
    if kind == "replace_pattern":
        _need(cond["pattern"] != cond["with"], source, where, "pattern and replacement must differ")


def parse_conductors(raw: Any, base: dict[str, Any], source: str = "conductors.json") -> dict[str, Conductor]:
    _need(isinstance(raw, dict) and isinstance(raw.get("conductors"), list), source, "conductors", "must be a list")
    out: dict[str, Conductor] = {}
    for i, c in enumerate(raw["conductors"]):
        cid, where = _entry(c, "conductors", i, out, source)
        _need(isinstance(c.get("name"), str) and c["name"].strip() != "", source, where + ".name",
              "must be a non-empty text")
        check_condition(c.get("condition"), base, source, where + ".condition")
        out[cid] = Conductor(cid, c["name"], dict(c["condition"]))
    _need(len(out) > 0, source, "conductors", "must not be empty")
    return out


def build_content(base_raw: Any, pieces_raw: Any, conductors_raw: Any) -> Content:
    base = parse_base(base_raw)
    pieces = parse_pieces(pieces_raw, base)
    conductors = parse_conductors(conductors_raw, base)
    return Content(pieces=pieces, conductors=conductors, **base)


@lru_cache(maxsize=1)
def load_content() -> Content:
    return build_content(_read_json("instruments.json"), _read_json("pieces.json"), _read_json("conductors.json"))


# --- locale card texts ---------------------------------------------------------

def check_card_texts(data: Any, content: Content, source: str) -> None:
    """Validate the card texts of a language: every conductor and special card has a
    name and a text, every instrument, pattern, genre and level has a name, and every
    ``[piece.<id>]`` names a known piece and has a title."""
    _need(isinstance(data, dict), source, "/", "must be a table")
    for section, ids, keys in (
        ("conductor", content.conductors, ("name", "text")),
        ("special", content.specials, ("name", "text")),
        ("instrument", content.instruments, ("name",)),
        ("pattern", content.patterns, ("name",)),
        ("genre", content.genres, ("name",)),
        ("level", content.levels, ("name",)),
    ):
        table = data.get(section)
        _need(isinstance(table, dict), source, section, "missing table")
        for cid in ids:
            entry = table.get(cid)
            _need(isinstance(entry, dict), source, f"{section}.{cid}", "missing entry")
            for k in keys:
                _need(isinstance(entry.get(k), str) and entry[k].strip() != "", source, f"{section}.{cid}.{k}",
                      "missing or empty text")
        unknown = set(table) - set(ids)
        _need(not unknown, source, section, f"unknown ids {sorted(unknown)}")
    for pid, entry in (data.get("piece") or {}).items():
        _need(pid in content.pieces, source, f"piece.{pid}", "unknown piece id")
        _need(isinstance(entry, dict) and isinstance(entry.get("title"), str) and entry["title"].strip(),
              source, f"piece.{pid}.title", "missing or empty title")
