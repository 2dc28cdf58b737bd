"""Events: the only way the outside learns what happened in a game.

An event is a type plus JSON-able fields. ``to`` is None for an event everybody may
know, or the seat index of the only player who may know it (a private fact such as
a hand card); views and narration filter on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def to_json(self) -> dict[str, Any]:
        out = {"type": self.type, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out


def ev(type_: str, to: int | None = None, **data: Any) -> Event:
    return Event(type_, data, to)
