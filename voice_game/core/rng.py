"""Seeded randomness owned by a game state and serializable with it."""
from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A seeded random source whose whole internal state round-trips through JSON."""

    __slots__ = ("_r",)

    def __init__(self, seed: int | None = 0) -> None:
        self._r = random.Random(seed)

    # --- drawing -------------------------------------------------------------
    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._r.shuffle(items)

    def randrange(self, n: int) -> int:
        return self._r.randrange(n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._r.randrange(len(items))]

    def sample(self, items: Iterable[T], k: int) -> list[T]:
        return self._r.sample(list(items), k)

    def random(self) -> float:
        return self._r.random()

    # --- copying and serializing ---------------------------------------------
    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other._r = random.Random()
        other._r.setstate(self._r.getstate())
        return other

    def to_json(self) -> list[Any]:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        try:
            version, internal, gauss = data
            rng = cls.__new__(cls)
            rng._r = random.Random()
            rng._r.setstate((int(version), tuple(int(x) for x in internal), gauss))
            return rng
        except (TypeError, ValueError) as exc:  # malformed saves are reported by the caller
            raise ValueError(f"bad rng state: {exc}") from exc

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._r.getstate() == other._r.getstate()
