"""What input devices produce: one line of input, typed, spoken or made from a key.

A leaf module: the keyboard, the speech recognizers, the network and the session
all speak it, and it imports nothing of the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass
class InputLine:
    """One line of input: the words, how sure the device is of them (1.0 for typed
    text), and where it came from: ``keyboard``, ``key``, ``voice`` or ``talk``."""

    text: str
    confidence: float = 1.0
    source: str = "keyboard"


@runtime_checkable
class SessionInput(Protocol):
    """An input that needs the session it drives (single keys: number keys, history):
    ``attach(session, context)`` with context ``game`` or ``tutorial``."""

    def attach(self, session: Any, context: str = "game") -> None: ...


@runtime_checkable
class PhraseListener(Protocol):
    """Speech input told which phrases mean something now (the menu's entries, a lesson's
    answer, a game's legal moves): a recognizer limited to them decodes better."""

    def set_phrases(self, phrases: list[str]) -> None: ...


@runtime_checkable
class LineSink(Protocol):
    """Where speech input puts what it heard (``voice_game.speech.voice_input.InputHub``,
    the start menu's ``voice_game.input_feed.InputFeed``)."""

    def put(self, text: str, confidence: float = 1.0, source: str = "keyboard") -> None: ...
