"""Ctrl-C, remembered as well as raised.

Python's own SIGINT handler raises KeyboardInterrupt in whatever Python code the main
thread runs next. When that is a finalizer or an import lock's weakref callback, Python
prints "Exception ignored" and goes on: the Ctrl-C is lost (a model download went on for
a minute in CI, 2026-12-06, after one). :func:`handler` also notes when Ctrl-C came, so a
long loop (a download) asks :func:`pressed_since` each round and stops all the same.
"""
from __future__ import annotations

import time
from types import FrameType

__all__ = ["handler", "pressed_since"]

_pressed_at: list[float] = []


def handler(signum: int, frame: FrameType | None) -> None:
    """The SIGINT handler of ``voice-game``: the time noted, then KeyboardInterrupt."""
    _pressed_at[:] = [time.monotonic()]
    raise KeyboardInterrupt


def pressed_since(t: float) -> bool:
    """Whether Ctrl-C came at or after ``t`` (``time.monotonic()``)."""
    return bool(_pressed_at) and _pressed_at[0] >= t
