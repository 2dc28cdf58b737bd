"""Errors shared by every layer.

A rule error carries a reason code (a key under ``reason.`` in ``locales/``) and
parameters; the narrator turns it into one short spoken sentence. Nothing in here
is ever shown to a player as a traceback.
"""
from __future__ import annotations


class GameError(Exception):
    """Base of every error the game expects and explains to the player."""


class RuleError(GameError):
    """An action the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str, **params):
        super().__init__(f"{reason} {params}" if params else reason)
        self.reason = reason
        self.params = params


class Unrecognized(GameError):
    """Words that do not parse as any command."""

    def __init__(self, text: str = ""):
        super().__init__(text)
        self.text = text


class Ambiguous(GameError):
    """Words that match several commands equally well."""

    def __init__(self, candidates):
        super().__init__(f"{len(candidates)} candidates")
        self.candidates = list(candidates)


class ContentError(GameError):
    """A content or configuration file that does not validate.

    ``source`` names the file, ``where`` the place inside it.
    """

    def __init__(self, source: str, where: str, problem: str):
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.where = where
        self.problem = problem


class SaveError(GameError):
    """A save file that cannot be read (damaged, foreign, from another version)."""

    def __init__(self, reason: str, path: str = "", detail: str = ""):
        super().__init__(f"{reason}: {path} {detail}".strip())
        self.reason = reason
        self.path = path
        self.detail = detail
