"""Ladder's saved state, checked field by field."""
from __future__ import annotations

from typing import Any

from ladder.rules import COPIES, RANKS
from voice_game.core.checks import is_int, need, obj, per_seat


def check_state(d: Any, n: int, where: str) -> None:
    obj(d, where, {"players", "hands", "deck", "top", "current", "quiet", "winners", "over"})
    need(isinstance(d["players"], list) and len(d["players"]) == n
         and all(isinstance(p, str) and p.strip() for p in d["players"]), f"{where}.players")
    rank = lambda v, wh: need(is_int(v, 1, max(RANKS)), wh)  # noqa: E731
    per_seat(d["hands"], n, f"{where}.hands", lambda h, wh: need(
        isinstance(h, list) and all(is_int(v, 1, max(RANKS)) for v in h), wh))
    need(isinstance(d["deck"], list), f"{where}.deck")
    for i, v in enumerate(d["deck"]):
        rank(v, f"{where}.deck.{i}")
    need(is_int(d["top"], 0, max(RANKS)), f"{where}.top")
    need(is_int(d["current"], 0, n - 1), f"{where}.current")
    need(is_int(d["quiet"], 0, 10 ** 6), f"{where}.quiet")
    need(isinstance(d["over"], bool), f"{where}.over")
    need(isinstance(d["winners"], list) and all(is_int(w, 0, n - 1) for w in d["winners"]), f"{where}.winners")
    cards = [c for h in d["hands"] for c in h] + d["deck"]
    need(all(cards.count(r) <= COPIES for r in RANKS), f"{where}.deck")
