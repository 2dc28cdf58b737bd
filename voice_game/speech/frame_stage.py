"""Starting an optional 10 ms audio stage by name (a noise suppressor, an echo canceller):
look its class up, make it, and run one silent frame through it, so that a library that
loads but cannot run fails here, at start, rather than on the player's first word.

:func:`start` never raises: an unknown name, a missing optional library or a failing one
gives ``(None, why)`` and the caller goes on without the stage.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar


class Probed(Protocol):
    def probe(self) -> None:
        """One silent 10 ms frame through the stage (raises when it cannot run)."""
        ...


S = TypeVar("S", bound=Probed)


def start(kind: str, table: Mapping[str, type[S]], what: str) -> tuple[S | None, str]:
    """The stage ``table[kind]``, made and probed; or ``(None, why)``."""
    cls = table.get(kind)
    if cls is None:
        return None, f"unknown {what} {kind!r}"
    try:
        made = cls()
        made.probe()
    except Exception as exc:  # noqa: BLE001 - ImportError, a broken shared library, a protocol error
        return None, f"{kind}: {type(exc).__name__}: {exc}"
    return made, ""
