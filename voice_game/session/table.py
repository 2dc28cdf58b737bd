"""What the meta commands and the save payload use of a session: :class:`Table`.

``voice_game.session.loop.Session`` is one; the meta commands (``meta.py``) and saving
(``saving.py``) are written against this protocol, so the loop imports them and they
import nothing of the loop (no import cycle, not even one for the type checker).
"""
from __future__ import annotations

from typing import Any, Protocol

from voice_game.commands.grammar import Grammar
from voice_game.narration.catalog import Catalog
from voice_game.narration.message import Message
from voice_game.session.dialogue import Dialogue
from voice_game.session.history import History
from voice_game.session.seats import Seat


class Table(Protocol):
    kit: Any  # the game's voice_game.core.game.GameDefinition
    state: Any
    seats: list[Seat]
    seed: int
    bots: dict[int, Any]
    g: Grammar
    c: Catalog
    out: Any  # a voice_game.core.output.Output
    narrator: Any  # the game's voice_game.core.contracts.Narrator
    history: History
    dialogue: Dialogue
    humans: set[int]
    for_absent: dict[int, list[Message]]

    @property
    def detail(self) -> str: ...

    def say(self, msgs: Any, record: bool = True, narrated: bool = False, turn: int | None = None) -> None: ...

    def say_key(self, key: str, kind: str = ..., priority: str = ..., record: bool = True,
                turn: int | None = None, **params: Any) -> Any: ...

    def step_history(self, delta: int) -> None: ...

    def switch_buffer(self, delta: int) -> None: ...

    def at_speaker(self) -> int | None: ...

    def review(self, rows_by: int = 0, items_by: int = 0) -> None: ...

    def whats_new(self) -> None: ...

    def stop_speech(self) -> None: ...

    def listener_view(self) -> Any: ...

    def autosave(self, announce: bool = False) -> None: ...

    def persist(self, **changes: Any) -> None: ...
