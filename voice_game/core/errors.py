"""Errors shared by every layer.

A rule error carries a reason code (a key under ``reason.`` in ``locales/``) and
parameters; the narrator turns it into one short spoken sentence. Nothing in here
is ever shown to a player as a traceback.

Understanding words raises as python-chess's ``parse_san`` does
(``InvalidMoveError``/``IllegalMoveError``/``AmbiguousMoveError``): the parser
returns only a command it understood, and raises

- :class:`Unrecognized` when the words are no command at all,
- :class:`NotAllowed` when they are a command but no legal action matches it (with
  the engine's reason, when the engine can say why),
- :class:`Ambiguous` when several commands match equally well (with the candidates,
  so that the session can ask "which one?").
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: A grammar command: an intent and its slot values (see ``voice_game.commands.grammar``).
Command = dict[str, Any]


class GameError(Exception):
    """Base of every error the game expects and explains to the player."""


class RuleError(GameError):
    """An action the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(f"{reason} {params}" if params else reason)
        self.reason = reason
        self.params: dict[str, Any] = params


class CommandError(GameError):
    """Words that do not become exactly one action (or meta command) now."""


class Unrecognized(CommandError):
    """Words that do not parse as any command (python-chess: ``InvalidMoveError``).

    ``distance`` is how far the closest phrase was (1.0: nothing came close).
    """

    def __init__(self, text: str = "", distance: float = 1.0) -> None:
        super().__init__(text)
        self.text = text
        self.distance = distance


class NotAllowed(CommandError):
    """Words that are a command, but no legal action matches (python-chess: ``IllegalMoveError``).

    ``action`` is what the words would mean (None when they mean no action of the
    game); ``error`` is the engine's refusal of that action, with its reason code
    (None when nobody asked the engine, or when it would accept the action).
    """

    def __init__(self, command: Mapping[str, Any], action: Any = None, error: RuleError | None = None) -> None:
        super().__init__(error.reason if error is not None else str(command.get("intent", "")))
        self.command: Command = dict(command)
        self.action = action
        self.error = error

    @property
    def reason(self) -> str | None:
        return self.error.reason if self.error is not None else None


class Ambiguous(CommandError):
    """Words that match several commands equally well (python-chess: ``AmbiguousMoveError``).

    ``candidates`` are (command, action) pairs, best first; the action is None for a
    meta command.
    """

    def __init__(self, candidates: Iterable[tuple[Mapping[str, Any], Any]], distance: float = 0.0) -> None:
        self.candidates: list[tuple[Command, Any]] = [(dict(c), a) for c, a in candidates]
        super().__init__(f"{len(self.candidates)} candidates")
        self.distance = distance


class ContentError(GameError):
    """A content or configuration file that does not validate.

    ``source`` names the file, ``where`` the place inside it.
    """

    def __init__(self, source: str, where: str, problem: str) -> None:
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.where = where
        self.problem = problem


class SaveError(GameError):
    """A save file that cannot be read (damaged, foreign, from another version)."""

    def __init__(self, reason: str, path: str = "", detail: str = "") -> None:
        super().__init__(f"{reason}: {path} {detail}".strip())
        self.reason = reason
        self.path = path
        self.detail = detail
