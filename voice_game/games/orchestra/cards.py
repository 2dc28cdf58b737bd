"""Tierorchester content: families, counts and Grand Maestro cards, loaded from data.

The data file is validated at load; a broken file raises ContentError naming the
place that is wrong.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from voice_game.core.errors import ContentError
from voice_game.core.grammar import SINGULAR, NameGrammar, parse_grammar

DATA = Path(__file__).with_name("data") / "orchestra.json"


@dataclass(frozen=True)
class MaestroCard:
    id: str
    rule: str  # size_bonus | most_families | fewest_musicians
    points: int
    sizes: tuple[int, ...] = ()
    min: int | None = None

    def rates_size(self, n: int) -> bool:
        return self.rule == "size_bonus" and (n in self.sizes or (self.min is not None and n >= self.min))


@dataclass(frozen=True)
class OrchestraContent:
    families: tuple[str, ...]
    copies: int
    families_by_players: dict
    max_per_conductor: int
    false_note_removed: int
    maestro_dealt: int
    maestro_cards: dict
    # language -> family id -> the grammar of its name ("Geigen-Katze" is feminine)
    grammar: dict[str, dict[str, NameGrammar]] = field(default_factory=dict, hash=False)

    def name_grammar(self, lang: str, family: str) -> NameGrammar:
        return self.grammar.get(lang, {}).get(family, SINGULAR)

    def families_for(self, players: int) -> tuple[str, ...]:
        return self.families[: self.families_by_players[players]]


def _need(cond: bool, source: str, where: str, problem: str) -> None:
    if not cond:
        raise ContentError(source, where, problem)


def parse_content(raw, source: str = "orchestra.json") -> OrchestraContent:
    _need(isinstance(raw, dict), source, "/", "must be a JSON object")
    fam = raw.get("families")
    _need(isinstance(fam, list) and bool(fam) and all(isinstance(f, str) and f for f in fam), source,
          "families", "must be a non-empty list of ids")
    _need(len(set(fam)) == len(fam), source, "families", "ids must be unique")
    copies = raw.get("copies_per_family")
    _need(isinstance(copies, int) and copies >= 4, source, "copies_per_family", "must be an integer >= 4")
    fbp = raw.get("families_by_players")
    _need(isinstance(fbp, dict) and bool(fbp), source, "families_by_players", "must be an object")
    by_players = {}
    for k, v in fbp.items():
        _need(k.isdigit() and 2 <= int(k) <= 5, source, f"families_by_players.{k}", "player count must be 2..5")
        _need(isinstance(v, int) and 1 <= v <= len(fam), source, f"families_by_players.{k}",
              f"must be 1..{len(fam)}")
        by_players[int(k)] = v
    _need(sorted(by_players) == [2, 3, 4, 5], source, "families_by_players", "needs entries for 2, 3, 4 and 5")
    mpc = raw.get("max_per_conductor")
    _need(isinstance(mpc, int) and mpc >= 1, source, "max_per_conductor", "must be a positive integer")
    fnr = raw.get("false_note_removed")
    _need(isinstance(fnr, int) and fnr >= 0, source, "false_note_removed", "must be >= 0")
    dealt = raw.get("maestro_dealt")
    cards_raw = raw.get("maestro_cards")
    _need(isinstance(cards_raw, list), source, "maestro_cards", "must be a list")
    cards = {}
    for i, c in enumerate(cards_raw):
        where = f"maestro_cards[{i}]"
        _need(isinstance(c, dict) and isinstance(c.get("id"), str), source, where, "needs an id")
        _need(c["id"] not in cards, source, where, f"duplicate id {c['id']}")
        rule = c.get("rule")
        _need(rule in ("size_bonus", "most_families", "fewest_musicians"), source, where + ".rule",
              "must be size_bonus, most_families or fewest_musicians")
        _need(isinstance(c.get("points"), int), source, where + ".points", "must be an integer")
        sizes = tuple(c.get("sizes") or ())
        _need(all(isinstance(s, int) and s >= 1 for s in sizes), source, where + ".sizes", "must be positive integers")
        mn = c.get("min")
        _need(mn is None or (isinstance(mn, int) and mn >= 1), source, where + ".min", "must be null or >= 1")
        if rule == "size_bonus":
            _need(bool(sizes) or mn is not None, source, where, "a size_bonus card needs sizes or min")
        cards[c["id"]] = MaestroCard(c["id"], rule, c["points"], sizes, mn)
    _need(isinstance(dealt, int) and 0 <= dealt <= len(cards), source, "maestro_dealt",
          "must be between 0 and the number of cards")
    grammar = parse_grammar(raw.get("grammar"), fam, source)
    return OrchestraContent(tuple(fam), copies, by_players, mpc, fnr, dealt, cards, grammar)


@lru_cache(maxsize=1)
def load_content() -> OrchestraContent:
    try:
        raw = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ContentError(str(DATA), "/", f"cannot read: {exc}") from exc
    return parse_content(raw, str(DATA))
