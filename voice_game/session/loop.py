"""The one session loop: input -> parse -> apply -> events -> narrate -> output.

It wires a game's rules engine, the command parser, the narrator and the output. It
never lets an exception reach the player: rule errors are narrated, unexpected ones
get one spoken sentence and the game state stays as it was.

:class:`Session` is the loop itself (its turns, the start, a resumed game, the rematch
question); its parts live beside it, each a module named after what it holds: what is
said and heard (``speaking``), understanding a line (``understanding``), seats named by
name (``names``), a move through the engine (``moves``), hot-seat hand-over
(``hotseat``), saving and settings (``saving``), the seats and bots (``seats``), the open
questions (``dialogue``), the meta commands (``meta``) and the history (``history``).
"""
from __future__ import annotations

import threading
import traceback
from pathlib import Path
from typing import Any

from voice_game.commands.grammar import Grammar
from voice_game.commands.parser import meta_intents
from voice_game.core.input import InputLine
from voice_game.core.rules import CHANCE
from voice_game.core.think import ThinkClock, Thinker
from voice_game.narration.catalog import Catalog
from voice_game.session.dialogue import Dialogue
from voice_game.session.history import History
from voice_game.session.hotseat import HotSeat
from voice_game.session.meta import help_messages
from voice_game.session.names import SEAT_SLOTS
from voice_game.session.seats import Seat, make_bots
from voice_game.session.understanding import NUMBER_CONFIDENT, Understander, doubtful_number, sentence_start
from voice_game.settings import Store

__all__ = ["NUMBER_CONFIDENT", "SEAT_SLOTS", "Session", "doubtful_number", "sentence_start"]


class Session(Understander, HotSeat):
    def __init__(self, kit, state, seats: list[Seat], grammar: Grammar, catalog: Catalog, output,
                 inputs, seed: int = 0, save_path: Path | None = None, events_path: Path | None = None,
                 bot_rngs: list | None = None, bot_memory: list | None = None, verbose="default", audio=None,
                 debug: bool = False, settings: Store | None = None, listeners: set[int] | None = None,
                 handover: bool | None = None):
        """``listeners``: the seats narrated as "you" (default: the human seats);
        ``handover``: hot-seat hand-over on or off (default: on with several humans at one
        loudspeaker, for a game that has a hand-over message)."""
        self.kit = kit
        self.meta_intents = meta_intents(kit.questions)  # the table's meta commands and the game's questions
        self.state = state
        self.seats = seats
        self.g = grammar
        self.c = catalog
        self.out = output
        self.inputs = iter(inputs)
        self.seed = seed
        self.save_path = Path(save_path) if save_path else None
        self.events_path = Path(events_path) if events_path else None
        self.audio = audio
        self.settings = settings  # a voice_game.settings.Store, or None (nothing persists)
        self._settings_failed = False
        self._save_failed = False
        self.debug = debug
        self.listen_hook = None  # gets the phrases allowed now (voice input)
        self.observers = []  # (seat, bot) hearing what that seat may know
        # Concerto's grammar has tens of thousands of phrases: index them while the opening is read
        threading.Thread(target=grammar.index, args=(kit.name,), name="grammar-index", daemon=True).start()
        self.humans = set(listeners) if listeners is not None else {i for i, s in enumerate(seats) if not s.is_bot}
        self.narrator = kit.narrator(catalog, self.humans, verbose)
        self.bots = make_bots(kit, seats, seed, bot_rngs, bot_memory)
        # searching bots share a time budget between two turns of a human (restarted after each line)
        self.think = ThinkClock()
        for bot in self.bots.values():
            if isinstance(bot, Thinker):
                bot.clock = self.think
        self.history = History()
        self.dialogue = Dialogue()
        self.failures = 0
        self.quit = False
        # Hot-seat hand-over (DESIGN 1.3): with several humans at one loudspeaker, a game
        # that declares it keeps private events until their owner says "ready".
        if handover is None:
            handover = len(self.humans) > 1 and kit.handover
        self.handover = handover
        self.ready_seat = None
        self._seat_words = None  # seat names -> seat numbers
        self._mover = None  # whose move the events narrated now are (see History.movers)
        self._last_mover = None  # the seat of the last action (a chance step follows it)
        self._named = {}  # the seats the line at hand named by name: number -> name
        self._read_back = None  # (the command read back, its words)
        self.private = {}
        # hot-seat: what a public event tells the players away from the speaker that its owner
        # may not hear again (another human's beat pattern), said to each after their "ready"
        self.for_absent = {}
        self._asking = None  # the seat whose line is answered now (its replies are its own)
        self._private_to = None  # hot-seat: the seat what is said now is for alone
        self._review_at = {}  # each seat's review cursor: (row id, item)
        self._table_seen = {}  # each human's table after their own move (the summary at their turn)
        self._others_moved = set()  # the humans someone else moved since their own move
        self.tell_cards = set()  # hot-seat after --resume: told their cards after "ready"

    # --- the small public API for input devices and the tutorial ---------------
    @property
    def pending(self):
        """The (command, action) waiting for yes/no, or None."""
        return self.dialogue.pending

    @pending.setter
    def pending(self, value) -> None:
        self.dialogue.pending = value

    @property
    def pending_quit(self) -> bool:
        return self.dialogue.pending_quit

    @pending_quit.setter
    def pending_quit(self, value: bool) -> None:
        self.dialogue.pending_quit = value

    @property
    def choices(self) -> list:
        """The numbered candidates of "did you mean: 1 ..., 2 ..." still open."""
        return self.dialogue.choices

    @choices.setter
    def choices(self, value: list) -> None:
        self.dialogue.choices = value

    @property
    def asking_yes_no(self) -> bool:
        """A yes/no question waits for its answer (a command to confirm, "really quit?")."""
        return self.dialogue.asking_yes_no

    @property
    def question_open(self) -> bool:
        """Some question waits for its answer (yes/no or a numbered choice)."""
        return self.dialogue.open


    def observe(self, seat: int, bot: Any) -> None:
        """From now on ``bot`` hears every event ``seat`` may know (the tutorial's guide)."""
        self.observers.append((seat, bot))


    # --- the loop ------------------------------------------------------------
    def start(self, opening_events) -> None:
        self.log_events(opening_events)
        self.feed_bots(opening_events)
        v = self.listener_view()
        self.say(self.narrator.events(list(opening_events), v), narrated=True)
        self.autosave()

    def resumed(self) -> None:
        """A saved game goes on: the table (whose turn it is, every public card, a game's
        standing rules such as the Grand Maestro cards), then what the player at the
        speaker must do now: the game's own prompt, or the moves open now."""
        v = self.listener_view()
        self.say(self.narrator.table(v))
        over = self.kit.rules.is_over(self.state)
        if self.handover:  # each human hears their own cards once they have taken over
            self.tell_cards = set() if over else set(self.humans)
            return
        if self.humans and not over:
            self.say(self.narrator.my_cards(v))  # your hand: the table says only how many
        p = self.kit.rules.current_player(self.state)
        if p == CHANCE or p in self.bots or over:
            return  # a bot moves first
        prompt = self.narrator.prompt(self.kit.view(self.state, p))
        self.say(prompt if prompt else help_messages(self)[:1], narrated=True)

    def listen_now(self) -> None:
        """Tell the recognizer what means something now."""
        if self.listen_hook is not None:
            self.listen_hook(self.phrases_now())

    def prompt_and_read(self, p: int) -> InputLine | None:
        self.listen_now()
        self.say_prompt(p)
        return self.read()

    def take_over(self, p: int) -> InputLine | None:
        """Hot-seat: ``p`` takes over the loudspeaker ("ready" is listened for only while
        the hand-over waits for it), then their turn."""
        self.dialogue.handing_over = True
        self.listen_now()
        ready = self.hand_over(p)
        self.dialogue.handing_over = False
        return self.prompt_and_read(p) if ready else None

    def run(self) -> int:
        rules = self.kit.rules
        self.think.restart()  # bots that move before the first human get the whole budget too
        while not rules.is_over(self.state) and not self.quit:
            p = rules.current_player(self.state)
            if p == CHANCE:
                self.commit(None)
                continue
            if p in self.bots:
                bot = self.bots[p]
                action = bot.choose(self.kit.view(self.state, p), rules.legal_actions(self.state))
                self.commit(action)
                continue
            line = self.take_over(p) if self.handover and p != self.ready_seat else self.prompt_and_read(p)
            if line is None:
                self.say_key("app.input_ended")
                self.autosave()
                return 0
            try:
                self.handle(line, p)
            except Exception:  # noqa: BLE001 - the player hears one sentence, never a traceback
                if self.debug:
                    traceback.print_exc()
                self.say_key("app.error_internal", kind="error")
            self.think.restart()
        self.say(self.narrator.flush(self.listener_view()), narrated=True)
        if self.quit:
            self.autosave()
            self.say_key("app.goodbye")
        return 0

    def ask_after_game(self) -> str:
        """The game is over: another one with the same players, or the menu. The answer:
        "rematch" (yes), "menu" (no), "quit", or "end" when the input ends."""
        from voice_game.commands.matcher import match

        phrases = self.g.phrases(None, ["yes", "no", "quit", "repeat", "help"])
        if self.listen_hook is not None:
            self.listen_hook(sorted({form for p in phrases for form in (p.spoken, p.text)}))
        self.say_key("app.rematch", kind="turn", record=False)
        while True:
            line = self.read()
            if line is None:
                return "end"
            m = match(self.g, line.text, phrases)
            intent = m.command.get("intent") if m.kind in ("exact", "clear") else None
            if intent == "yes":
                return "rematch"
            if intent == "no":
                return "menu"
            if intent == "quit":
                self.say_key("app.goodbye")
                return "quit"
            self.say_key("app.rematch" if intent in ("repeat", "help") else "app.rematch_answer", kind="turn",
                         record=False)

    def say_prompt(self, player: int) -> None:
        """Before the player's input: what the narrator still held back, at a new turn what
        changed on the table since their own move, then the next step they must take when
        it is new (Concerto's refill, the next instrument)."""
        v = self.kit.view(self.state, player)
        self.say(self.narrator.flush(v), narrated=True)
        self.turn_summary(player)  # once a turn: what changed on the table since their own move
        # hot-seat: a prompt may name the hand ("for example: orchestra piano choir"), so it stays private
        if self.handover:
            self.say_private(self.narrator.prompt(v))
        else:
            self.say(self.narrator.prompt(v), narrated=True)

