"""A seat client's understanding: keys and voice against what the host allows now.

With every prompt the host sends the commands of the seat's legal actions (see
``SeatSession.listening``). ``RemoteSeat`` holds them and offers the small session API
``voice_game.keys.KeyInput`` uses (``legal_commands``, ``asking_yes_no``, ``choices``,
``detail``, ``jump_history``, ``say``): a single key becomes command words exactly
as in local play (``d`` draws, ``3`` names conductor three), and the recognizer listens
for the same phrases a local game would allow (``phrases_now``). The words go to the
host, which parses and applies them as typed lines; nothing the client decides is
trusted there. Everything from the network is checked here too: only commands the
grammar can say are kept, at most ``MAX_COMMANDS``.
"""
from __future__ import annotations

import threading
from typing import Any, Protocol

from voice_game.commands.grammar import Grammar, freeze
from voice_game.narration.message import HIGH, Message
from voice_game.online import protocol as P
from voice_game.session.history import History

DETAILS = ("brief", "default", "verbose")
MAX_SLOTS = 8  # a command has an intent and a few slots
MAX_VALUE = 40  # characters of a slot's value


class _NoGame:
    """Before the host's welcome names the game: no game's own keys yet."""

    name = None
    key_intents: dict[str, str] = {}
    number_pick = None
    questions: dict[str, object] = {}


def _scalar(v: object) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6) or \
        (isinstance(v, str) and len(v) <= MAX_VALUE)


def valid_commands(grammar: Grammar, game: str | None, raw: object) -> list[dict[str, Any]]:
    """The commands of a prompt that the grammar can say for this game; the rest is dropped."""
    if not isinstance(raw, list) or not game:
        return []
    _, by_command = grammar.index(game)
    out, seen = [], set()
    for c in raw[:P.MAX_COMMANDS]:
        if not isinstance(c, dict) or not 1 <= len(c) <= MAX_SLOTS or not isinstance(c.get("intent"), str):
            continue
        if not all(isinstance(k, str) and len(k) <= MAX_VALUE and _scalar(v) for k, v in c.items()):
            continue
        key = freeze(c)
        if key in by_command and key not in seen:
            seen.add(key)
            out.append(dict(c))
    return out


class SeatSpeaker(Protocol):
    """What a seat speaks through: its messages said here, the history of what it heard
    (None: it keeps none), and falling silent at a key."""

    history: History | None

    def say_local(self, m: Message) -> None: ...

    def stop(self) -> None: ...


class RemoteSeat:
    """What ``KeyInput`` and the recognizer need of a session, for one seat of an online table."""

    def __init__(self, grammar: Grammar, catalog: Any, speaker: Any) -> None:
        self.g = grammar
        self.c = catalog
        self.speaker = speaker
        self.kit: Any = _NoGame()  # the game's definition once the host named it (its keys, its name)
        self.state: list[dict[str, Any]] = []  # the commands the host allows now (empty: not our turn)
        self.choices: list[None] = []  # only its length counts here: number keys answer "did you mean"
        self.asking_yes_no = False  # a yes/no question of the host waits for its answer
        self.detail = "default"  # the narration detail at the host (the verbosity key cycles it)
        shared = speaker.history  # the speaker keeps what the seat heard
        self.history: History = shared if shared is not None else History()
        self._lock = threading.Lock()  # keys are read in a thread, prompts arrive in the event loop

    def stop_speech(self) -> None:
        """Any key silences what this seat is hearing (its history keeps every message)."""
        self.speaker.stop()

    def set_game(self, game: str) -> None:
        """The game named by the host's welcome; its phrases are indexed in the background."""
        from voice_game.games import available, get

        if game in available():
            self.kit = get(game)
            threading.Thread(target=self.g.index, args=(game,), name="grammar-index", daemon=True).start()

    def update(self, prompt: dict[str, Any]) -> None:
        """A prompt from the host: what may be said now."""
        commands = valid_commands(self.g, self.kit.name, prompt.get("commands"))
        choices = prompt.get("choices")
        detail = prompt.get("detail")
        with self._lock:
            self.state = commands
            self.choices = [None] * choices if isinstance(choices, int) and 0 <= choices <= 9 else []
            self.asking_yes_no = prompt.get("pending") is True
            if detail in DETAILS:
                self.detail = detail

    def answered(self) -> None:
        """A line went to the host: until it asks again, only the always-available commands."""
        with self._lock:
            self.state = []
            self.choices = []
            self.asking_yes_no = False

    def legal_commands(self) -> list[dict[str, Any]]:
        return list(self.state)

    def jump_history(self, end: str) -> None:
        """To the ``oldest`` or ``newest`` message heard, said with where it is."""
        where, m = self.history.jump(end)
        self.say_key(where, record=False)
        if m is not None:
            self.say(m, record=False)

    def phrases_now(self) -> list[str]:
        """As ``Session.phrases_now``: the phrases of the allowed commands and the meta commands."""
        from voice_game.commands.parser import listened_intents, meta_intents

        with self._lock:
            allowed = {freeze(c) for c in self.state}
            meta = listened_intents(meta_intents(self.kit.questions), self.asking_yes_no)
        _, by_command = self.g.index(self.kit.name)
        return sorted({form for cmd, ps in by_command.items()
                       if cmd in allowed or dict(cmd)["intent"] in meta
                       for p in ps for form in (p.spoken, p.text)})

    # --- what keys say here (the history keys, "nothing for this number", the key list)
    def say(self, msgs: Message | list[Message], record: bool = True, narrated: bool = False) -> None:
        """Say messages at this seat (``record`` and ``narrated`` are the session's flags for its
        history; the host keeps this seat's history, so they change nothing here)."""
        if isinstance(msgs, Message):
            msgs = [msgs]
        for m in msgs:
            self.speaker.say_local(m)

    def say_key(self, key: str, kind: str = "info", priority: str = HIGH, record: bool = True,
                **params: Any) -> None:
        self.say(Message(self.c.get(key, **params), kind, priority), record)
