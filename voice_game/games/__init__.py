"""The games: one package per game, each declaring itself in ``<game>/game.py``
(``DEFINITION``, a :class:`voice_game.core.game.GameDefinition`)."""
from __future__ import annotations

from voice_game.core.game import GameDefinition, available, default_game, definitions, discover, get

__all__ = ["GameDefinition", "available", "default_game", "definitions", "discover", "get"]
