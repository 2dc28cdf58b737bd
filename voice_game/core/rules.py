"""The protocol every rules engine follows (after OpenSpiel's games).

A game module provides pure functions over a serializable state:

- ``new_game(config, seed, deck=None) -> state``
- ``current_player(state) -> int`` (a seat, ``CHANCE`` or ``TERMINAL``)
- ``legal_actions(state) -> list[Action]``
- ``apply(state, action) -> (new_state, [Event])``; raises ``RuleError`` and leaves
  ``state`` untouched when the action is not allowed
- ``view(state, player) -> dict``: what that one player may know
- ``is_over(state)``, ``outcome(state)``
- ``state_to_json`` / ``state_from_json``

Chance is an explicit step: when ``current_player`` is ``CHANCE`` the only legal
action is the chance action (for example revealing the drawn card), and whoever
drives the game applies it.
"""
from __future__ import annotations

from typing import Any, Protocol

from voice_game.core.events import Event

CHANCE = -1
TERMINAL = -2


class Action(Protocol):
    """What every game's action has: its kind ("draw", "place", "conduct" ...), the move it
    is grouped under when the grammar cannot say one exactly."""

    @property
    def kind(self) -> str: ...


class Rules(Protocol):
    name: str

    def new_game(self, config: Any, seed: int, deck: Any = None) -> Any: ...

    def current_player(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Event]]: ...

    def view(self, state: Any, player: int) -> dict[str, Any]: ...

    def is_over(self, state: Any) -> bool: ...

    def outcome(self, state: Any) -> dict[str, Any]: ...
