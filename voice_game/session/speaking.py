"""What the session says and hears: messages out (with the per-kind verbosity and the
history they are kept in), lines in, and the history cursor ("previous message")."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from voice_game.commands.grammar import Grammar
from voice_game.core.input import InputLine
from voice_game.core.output import MessageOutput, Stoppable
from voice_game.core.think import ThinkClock
from voice_game.narration.catalog import Catalog
from voice_game.narration.message import HIGH, LOW, Message
from voice_game.session.dialogue import Dialogue
from voice_game.session.history import GAME, MINE, History
from voice_game.session.seats import Bot, Seat
from voice_game.settings import Store


class Speaking:
    """The session's voice and ears; the attributes every part of the session shares are
    declared here (``voice_game.session.loop.Session.__init__`` sets them)."""

    kit: Any  # the game's voice_game.core.game.GameDefinition
    state: Any
    seats: list[Seat]
    g: Grammar
    c: Catalog
    out: Any  # a voice_game.core.output.Output
    inputs: Iterator[Any]
    seed: int
    save_path: Path | None
    events_path: Path | None
    audio: Any
    settings: Store | None
    debug: bool
    listen_hook: Callable[[list[str]], Any] | None
    observers: list[tuple[int, Any]]
    humans: set[int]
    narrator: Any  # the game's voice_game.core.contracts.Narrator
    bots: dict[int, Bot]
    think: ThinkClock
    history: History
    dialogue: Dialogue
    failures: int
    quit: bool
    handover: bool
    ready_seat: int | None
    private: dict[int, list]
    for_absent: dict[int, list[Message]]
    tell_cards: set[int]
    _settings_failed: bool
    _save_failed: bool
    _seat_words: list[tuple[tuple[str, ...], str]] | None
    _mover: int | None
    _last_mover: int | None
    _named: dict[int, str]
    _read_back: tuple[object, str] | None
    _asking: int | None  # the seat whose line is answered now (see answering)
    _private_to: int | None  # the seat what is said now is for alone (see say_private)

    @property
    def detail(self) -> str:
        """The narrator's detail now: brief, default or verbose."""
        return str(self.narrator.detail)

    def at_speaker(self) -> int | None:
        """The seat whose history the history commands replay: the human at the loudspeaker
        (hot-seat: the one who said "ready"; a solo table: its human; else the human to
        play), or None (only what everyone may hear)."""
        if self.handover:
            return self.ready_seat
        if len(self.humans) == 1:
            return next(iter(self.humans))
        p = self.kit.rules.current_player(self.state)
        return int(p) if p in self.humans else None

    def jump_history(self, end: str) -> None:
        """To the ``oldest`` or ``newest`` message, said with where it is."""
        where, m = self.history.jump(end, self.at_speaker())
        self.say_key(where, record=False)
        if m is not None:
            self.say(m, record=False)

    def step_history(self, delta: int) -> None:
        edge, m = self.history.step(delta, self.at_speaker())
        if edge is not None:
            self.say_key(edge, record=False)
        if m is not None:
            self.say(m, record=False)

    def switch_buffer(self, delta: int) -> None:
        """The next or previous history buffer (all, game, my replies, chat): its name and
        how many messages it holds; "previous message" then steps through it."""
        name, count = self.history.switch(delta, self.at_speaker())
        self.say_key("history.buffer", record=False, buffer=self.c.get(f"history.buffer_name.{name}"), count=count)

    @contextmanager
    def answering(self, seat: int | None) -> Iterator[None]:
        """What is said meanwhile, unless narrated, answers ``seat``'s line: it is kept in
        that seat's own buffer of replies (hot-seat: only that seat may replay it)."""
        before, self._asking = self._asking, seat
        try:
            yield
        finally:
            self._asking = before

    def _keeping(self, narrated: bool) -> tuple[str, int | None]:
        """The buffer and owner of a message said now (see :mod:`voice_game.session.history`)."""
        if self._private_to is not None:
            return GAME, self._private_to
        if not narrated and self._asking is not None:
            return MINE, self.at_speaker() if self.handover else self._asking
        return GAME, None

    # --- output --------------------------------------------------------------
    def say(self, msgs, record: bool = True, narrated: bool = False, turn: int | None = None) -> None:
        """Output messages; ``narrated`` ones (game events) obey the per-kind verbosity.
        ``turn``: the human whose turn they announce (the hot-seat hand-over; a "your turn"
        message says it by its cue)."""
        if isinstance(msgs, Message):
            msgs = [msgs]
        if record:
            self.history.begin()
        for m in msgs:
            if record:
                kept = m.for_history()  # a secret (an own beat pattern) is never kept
                if kept is not None:
                    buffer, owner = self._keeping(narrated)
                    # a turn is marked by what everyone heard (hot-seat: the hand-over), never
                    # by what one player heard alone after it (their private "your turn")
                    mark = None if self._private_to is not None else self._turn_of(m) if turn is None else turn
                    self.history.add(kept, self._mover if narrated else None, mark, buffer, owner)
            level = self.settings.settings.level(m.kind) if narrated and self.settings else "full"
            if level == "off":
                continue  # kept in the history for "repeat" / "previous message"
            if isinstance(self.out, MessageOutput):  # our audio path: cue and speech in one sequence
                if m.text or m.cue or m.fallback:
                    self.out.say_message(m, speak=level == "full")
                continue
            text = m.text
            if self.audio is None:
                text = m.fallback or text  # no sound at all: the words are all there is
                if level == "cue":
                    level = "full"
            if self.audio is not None and m.cue:
                try:
                    self.audio.play_cue(m.cue, m.pan)
                except Exception:  # noqa: BLE001 - sound trouble never stops the game
                    pass
            if level == "full" and text:
                self.out.say(text, interrupt=m.priority == LOW)

    def say_key(self, key: str, kind: str = "info", priority: str = HIGH, record: bool = True,
                turn: int | None = None, **params):
        self.say(Message(self.c.get(key, **params), kind, priority), record, turn=turn)

    def _turn_of(self, m: Message) -> int | None:
        """The human whose turn ``m`` announces (its cue: "your turn"; said as the turn
        begins, so the human to play now; the one human of a solo table), or None."""
        if m.cue != "event.your_turn":
            return None
        p = self.kit.rules.current_player(self.state)
        if p in self.humans:
            return int(p)
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def stop_speech(self) -> None:
        if isinstance(self.out, Stoppable):
            self.out.stop()

    def listener_view(self) -> dict:
        p = self.kit.rules.current_player(self.state)
        if p in self.humans:
            who = p
        elif self.humans:
            who = min(self.humans)
        else:
            who = None
        return self.kit.view(self.state, who)

    def say_private(self, msgs: list[Message]) -> None:
        """Said only to the player at the speaker (hot-seat): kept in the history as theirs
        alone (the next player cannot replay it), so "wiederholen" repeats it for them."""
        before, self._private_to = self._private_to, self.ready_seat
        try:
            self.say(msgs, narrated=True)
        finally:
            self._private_to = before

    def read(self) -> InputLine | None:
        while True:
            try:
                item = next(self.inputs)
            except StopIteration:
                return None
            if isinstance(item, str):
                item = InputLine(item)
            if item.text.strip() or item.source == "voice":  # empty speech: heard, not understood
                # the player moved on: their own action's result comes first, the narration still
                # queued is skipped (never lost: "seit meinem Zug" and the history have it)
                self.stop_speech()
                return item

