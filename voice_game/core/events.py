"""Events: the only way the outside learns what happened in a game.

An event is a type plus JSON-able fields. ``to`` is None for an event everybody may
know, or the seat index of the only player who may know it (a private fact such as
a hand card); views and narration filter on it.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    type: str
    data: dict = field(default_factory=dict)
    to: int | None = None

    def __getitem__(self, key):
        return self.data[key]

    def get(self, key, default=None):
        return self.data.get(key, default)

    def visible_to(self, player: int | None) -> bool:
        return self.to is None or self.to == player

    def to_json(self) -> dict:
        out = {"type": self.type, **self.data}
        if self.to is not None:
            out["to"] = self.to
        return out


def ev(type_: str, to: int | None = None, **data) -> Event:
    return Event(type_, data, to)
