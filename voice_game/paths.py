"""Where the game's data folders live: next to the package in a checkout, or inside it
when installed from a wheel."""
from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``grammars``, ``locales`` or ``sounds``."""
    for candidate in (_PKG.parent / name, _PKG / "_data" / name):
        if candidate.is_dir():
            return candidate
    return _PKG.parent / name


def cache_dir() -> Path:
    """The user's cache folder for what the game can make again (model copies, phrase
    tables, parsed message files); ``VOICE_GAME_CACHE_DIR`` overrides it."""
    env = os.environ.get("VOICE_GAME_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("voice_game"))
