"""Who sits at the table: a seat is a human or a bot of some level, and the bots the
session plays for its bot seats (made from the seed, restored from a save)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from voice_game.core.contracts import Bot as GameBot
from voice_game.core.events import Event
from voice_game.core.rng import Rng


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human, or a bot level such as "bot" / "bot-strong"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind}


class Bot(GameBot, Protocol):
    """The game's bot (voice_game.core.contracts.Bot: a choice from its seat's view and
    the legal actions) with the rng the session seeds and saves."""

    rng: Rng


@runtime_checkable
class Remembering(Protocol):
    """A bot with a memory: it sits at a seat, hears that seat's events and is saved."""

    seat: int

    def observe(self, event: Event) -> None: ...

    def memory_to_json(self) -> Any: ...

    def memory_from_json(self, data: Any) -> None: ...


def make_bots(kit: Any, seats: list[Seat], seed: int, bot_rngs: list | None = None,
              bot_memory: list | None = None) -> dict[int, Bot]:
    """The bots of the bot seats, with the rng and memory a save kept (a damaged memory:
    that bot simply forgets, the game goes on)."""
    bots: dict[int, Bot] = {}
    for i, s in enumerate(seats):
        if s.is_bot:
            bot = kit.make_bot(s.kind, seed * 1000 + i + 1)
            if isinstance(bot, Remembering):
                bot.seat = i
            bots[i] = bot
    for i, data in bot_memory or []:
        bot = bots.get(i)
        if isinstance(bot, Remembering):
            try:
                bot.memory_from_json(data)
            except (KeyError, TypeError, ValueError):
                pass
    for i, data in bot_rngs or []:
        if i in bots:
            bots[i].rng = Rng.from_json(data)
    return bots


def tell(bot: Any, seat: int, events: list[Event]) -> None:
    """A bot with a memory hears what ``seat`` may know, nothing more."""
    if isinstance(bot, Remembering):
        for e in events:
            if e.visible_to(seat):
                bot.observe(e)


def memories(bots: dict[int, Bot]) -> list[list]:
    """The memories of the bots that have one, for the save file."""
    return [[i, b.memory_to_json()] for i, b in bots.items() if isinstance(b, Remembering)]
