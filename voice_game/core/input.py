"""What input devices produce: one line of input, typed, spoken or made from a key.

A leaf module: the keyboard, the speech recognizers, the network and the session
all speak it, and it imports nothing of the game.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class InputLine:
    """One line of input: the words, how sure the device is of them (1.0 for typed
    text), and where it came from: ``keyboard``, ``key``, ``voice`` or ``talk``."""

    text: str
    confidence: float = 1.0
    source: str = "keyboard"
