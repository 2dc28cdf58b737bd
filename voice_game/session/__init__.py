"""The game session: the loop (``loop``), its seats and bots, the open questions, the
meta commands, the history and saving. ``Session``, ``Seat`` and ``InputLine`` are
what the rest of the program uses."""
from voice_game.core.input import InputLine
from voice_game.session.loop import Session
from voice_game.session.saving import disk_problem
from voice_game.session.seats import Seat

__all__ = ["InputLine", "Seat", "Session", "disk_problem"]
