"""Small checks for the fields of a saved game: the save check and each game's own
state check use them. A field that does not fit raises :class:`Bad` naming its path."""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

MAX_INT = 2 ** 63
MAX_NAME = 60  # characters in a player's name (seats, saves, settings)


class Bad(Exception):
    """One field that does not fit; ``where`` is its path in the save."""

    def __init__(self, where: str):
        super().__init__(where)
        self.where = where


# -- small checks -----------------------------------------------------------------

def need(cond: object, where: str) -> None:
    if not cond:
        raise Bad(where)


def is_int(v: object, lo: int = 0, hi: int = MAX_INT) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def obj(d: Any, where: str, required: set[str], optional: Collection[str] = frozenset()) -> dict[str, Any]:
    need(isinstance(d, dict), where)
    need(required <= set(d) <= required | set(optional), where)
    checked: dict[str, Any] = d
    return checked


def str_list(v: Any, allowed: Collection[str], where: str, length: int | None = None) -> list[Any]:
    need(isinstance(v, list) and (length is None or len(v) == length), where)
    for i, x in enumerate(v):
        need(isinstance(x, str) and x in allowed, f"{where}.{i}")
    checked: list[Any] = v
    return checked


def per_seat(v: Any, n: int, where: str, item: Callable[[Any, str], object]) -> None:
    need(isinstance(v, list) and len(v) == n, where)
    for i, x in enumerate(v):
        item(x, f"{where}.{i}")


def opt(v: Any, allowed: Collection[str], where: str) -> None:
    need(v is None or (isinstance(v, str) and v in allowed), where)


def check_rng(v: Any, where: str) -> None:
    need(isinstance(v, list) and len(v) == 3, where)
    version, internal, gauss = v
    need(is_int(version, 1, 10), where)
    need(isinstance(internal, list) and len(internal) == 625, where)
    need(all(is_int(x, 0, 2 ** 32 - 1) for x in internal[:624]) and is_int(internal[624], 0, 624), where)
    need(gauss is None or (isinstance(gauss, float) and gauss == gauss), where)
