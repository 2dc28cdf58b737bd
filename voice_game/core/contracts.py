"""The typed contracts between the table and a game: what the session really calls.

A game's rules module is an :class:`Engine`; its command adapter a
:class:`CommandAdapter`; its narrator a :class:`Narrator`; its bots a :class:`Bot`.
Views and events stay JSON-like (``Mapping[str, Any]`` and
:class:`voice_game.core.events.Event`).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from voice_game.core.events import Event

View = Mapping[str, Any]
Command = dict[str, Any]


class Engine(Protocol):
    """A pure rules engine over a serializable state (see ``voice_game.core.rules``)."""

    def current_player(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]: ...

    def is_over(self, state: Any) -> bool: ...

    def opening_events(self, state: Any) -> list[Event]: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...


class CommandAdapter(Protocol):
    """Legal actions as grammar commands (intent and slot values) and back."""

    game: str

    def command_for(self, action: Any) -> Command | None: ...

    def action_for(self, command: Command) -> Any | None: ...


class Bot(Protocol):
    """One bot protocol: it sees only a view and the legal actions."""

    def choose(self, view: Any, legal: list[Any]) -> Any: ...


class Narrator(Protocol):
    """Events and views as messages (``voice_game.narration.message.Message``)."""

    def event(self, e: Event, v: Any) -> list[Any]: ...

    def events(self, events: Sequence[Event], v: Any) -> list[Any]: ...

    def flush(self, v: Any) -> list[Any]: ...

    def for_absent(self, e: Event, v: Any) -> list[Any]: ...

    def prompt(self, v: Any) -> list[Any]: ...

    def table(self, v: Any) -> list[Any]: ...

    def reason(self, err: Exception, v: Any) -> Any: ...

    def my_cards(self, v: Any) -> list[Any]: ...

    def whose_turn(self, v: Any) -> Any: ...

    def scores(self, v: Any, outcome: dict[str, Any]) -> list[Any]: ...

    def rules(self, v: Any, grammar: Any = None) -> list[Any]:
        """The rules of the game on this table (its variants too); ``grammar`` for examples."""
        ...

    def join(self, items: list[str]) -> str: ...
