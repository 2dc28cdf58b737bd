"""Where the game's data folders live: next to the package in a checkout, or inside it
when installed from a wheel."""
from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder ``grammars``, ``locales`` or ``sounds``."""
    for candidate in (_PKG.parent / name, _PKG / "_data" / name):
        if candidate.is_dir():
            return candidate
    return _PKG.parent / name
