"""The one session loop: input -> parse -> apply -> events -> narrate -> output.

It wires a game's rules engine, the command parser, the narrator and the output. It
never lets an exception reach the player: rule errors are narrated, unexpected ones
get one spoken sentence and the game state stays as it was.

Its parts live beside it: the seats and bots (``seats``), the open questions
(``dialogue``), the meta commands (``meta``), the history (``history``) and the save
payload (``saving``).
"""
from __future__ import annotations

import json
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from voice_game import savefile
from voice_game.commands.grammar import Grammar, freeze
from voice_game.commands.parser import CONFIDENT, Understanding, engine_refusal, meta_intents, understand
from voice_game.core.errors import Ambiguous, NotAllowed, RuleError, Unrecognized
from voice_game.core.events import Event
from voice_game.core.input import InputLine
from voice_game.core.output import MessageOutput, Stoppable
from voice_game.core.rules import CHANCE
from voice_game.core.think import ThinkClock, Thinker
from voice_game.narration.catalog import Catalog
from voice_game.narration.message import HIGH, LOW, Message
from voice_game.session.dialogue import Dialogue
from voice_game.session.history import History
from voice_game.session.meta import META, help_messages
from voice_game.session.saving import disk_problem, save_payload
from voice_game.session.seats import Seat, make_bots, tell
from voice_game.settings import LEVELS, VERBOSITY_KINDS, Store

#: recognizer confidence a lone number word heard by voice needs to act at once (measured
#: on real speakers: Whisper tiny.en hears one speaker's "tree" as "three" at 0.91, while
#: "three" comes at 0.94 and more); under it the action is read back for yes or no
NUMBER_CONFIDENT = 0.92
#: the grammar's number slots that name a seat (a seat's name may stand for its number there)
SEAT_SLOTS = frozenset({"position", "seat"})


def doubtful_number(g: Grammar, command: dict, words: list[str], distance: float,
                    confidence: float) -> bool:
    """A game action naming a single number, heard by voice, is read back before it is
    done unless its words were an exact phrase (``distance`` 0) and the recognizer sure:
    :data:`NUMBER_CONFIDENT` for a lone number word ("three", "tree"), ``CONFIDENT`` else."""
    slots = [v for k, v in command.items() if k != "intent"]
    if len(slots) != 1 or not isinstance(slots[0], int):
        return False
    bare = len(words) == 1 and words[0] in g.word_to_number
    return distance > 0 or confidence < (NUMBER_CONFIDENT if bare else CONFIDENT)


def sentence_start(words: str) -> str:
    """Command words read back as a sentence of their own ("Dirigent zwei nehmen? Ja oder
    nein?"): its first letter capital, as every sentence the game says."""
    return words[:1].upper() + words[1:]


class Session:
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
        self.listen_hook: Callable[[list[str]], Any] | None = None  # gets the phrases allowed now (voice input)
        self.observers: list[tuple[int, Any]] = []  # (seat, bot) hearing what that seat may know
        # Concerto's grammar has tens of thousands of phrases: index them while the opening is read
        threading.Thread(target=grammar.index, args=(kit.name,), name="grammar-index", daemon=True).start()
        self.humans = set(listeners) if listeners is not None else {i for i, s in enumerate(seats) if not s.is_bot}
        self.narrator: Any = kit.narrator(catalog, self.humans, verbose)
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
        self.ready_seat: int | None = None
        self._seat_words: list[tuple[tuple[str, ...], str]] | None = None  # seat names -> seat numbers
        self._mover: int | None = None  # whose move the events narrated now are (see History.movers)
        self._last_mover: int | None = None  # the seat of the last action (a chance step follows it)
        self._named: dict[int, str] = {}  # the seats the line at hand named by name: number -> name
        self._read_back: tuple[object, str] | None = None  # (the command read back, its words)
        self.private: dict[int, list] = {}
        # hot-seat: what a public event tells the players away from the speaker that its owner
        # may not hear again (another human's beat pattern), said to each after their "ready"
        self.for_absent: dict[int, list[Message]] = {}
        # the last private message said to the player at the speaker (hot-seat): "wiederholen"
        # repeats it for them, though it left the shared history
        self.private_last: Message | None = None
        self.tell_cards: set[int] = set()  # hot-seat after --resume: told their cards after "ready"

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

    @property
    def detail(self) -> str:
        """The narrator's detail now: brief, default or verbose."""
        return str(self.narrator.detail)

    def legal_commands(self) -> list[dict]:
        """The commands of the legal actions now (those the grammar can say)."""
        cmds = (self.kit.adapter.command_for(a) for a in self.kit.rules.legal_actions(self.state))
        return [c for c in cmds if c is not None]

    def observe(self, seat: int, bot: Any) -> None:
        """From now on ``bot`` hears every event ``seat`` may know (the tutorial's guide)."""
        self.observers.append((seat, bot))

    def jump_history(self, end: str) -> None:
        """To the ``oldest`` or ``newest`` message, said with where it is."""
        where, m = self.history.jump(end)
        self.say_key(where, record=False)
        if m is not None:
            self.say(m, record=False)

    def step_history(self, delta: int) -> None:
        edge, m = self.history.step(delta)
        if edge is not None:
            self.say_key(edge, record=False)
        if m is not None:
            self.say(m, record=False)

    # --- output --------------------------------------------------------------
    def say(self, msgs, record: bool = True, narrated: bool = False, turn: int | None = None) -> None:
        """Output messages; ``narrated`` ones (game events) obey the per-kind verbosity.
        ``turn``: the human whose turn they announce (the hot-seat hand-over; a "your turn"
        message says it by its cue)."""
        if isinstance(msgs, Message):
            msgs = [msgs]
        for m in msgs:
            if record:
                kept = m.for_history()  # a secret (an own beat pattern) is never kept
                if kept is not None:
                    self.history.add(kept, self._mover if narrated else None,
                                     self._turn_of(m) if turn is None else turn)
                    self.private_last = None  # newer than anything private
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

    # --- engine --------------------------------------------------------------
    def commit(self, action) -> bool:
        """Apply an action through the engine (None: the chance step); narrate the events or the reason."""
        try:
            if action is None:
                new_state, events = self.kit.resolve_chance(self.state)
            else:
                new_state, events = self.kit.rules.apply(self.state, action)
        except RuleError as err:
            self.say(self.narrator.reason(err, self.listener_view()))
            return False
        with self.narrating(self.mover_of(action)):
            self._narrate(new_state, events)
        return True

    def mover_of(self, action) -> int | None:
        """Whose move ``action`` (about to be applied to the state) is: its player's; a
        chance step (None: the card drawn) belongs to the move before it."""
        if action is not None:
            self._last_mover = self.kit.rules.current_player(self.state)
        return self._last_mover

    @contextmanager
    def narrating(self, mover: int | None) -> Iterator[None]:
        """What is said meanwhile narrates ``mover``'s move (kept so in the history, for
        "since my turn")."""
        self._mover = mover
        try:
            yield
        finally:
            self._mover = None

    def _narrate(self, new_state, events: list[Event]) -> None:
        """The state after a move, and its events said to whoever may hear them."""
        self.state = new_state
        self.log_events(events)
        if self.handover:  # what the humans away are to hear of it, before the save keeps it
            for e in events:
                if e.to is None:
                    self.keep_for_absent(e)
        self.feed_bots(events)
        # one save per move, with everything the move changed (the state, what the humans away
        # are still to hear, the bots' memories), before its narration (a game killed while it
        # is said loses nothing)
        self.autosave()
        v = self.listener_view()
        shared: list = []  # said together, so the narrator can merge them into one sentence
        for e in events:
            if self.handover and e.to is not None:
                self.say(self.narrator.events(shared, v) + self.narrator.flush(v), narrated=True)
                shared = []
                if e.to == self.ready_seat:  # the player at the speaker now hears it at once
                    # private: it leaves the shared history (the next player could replay it)
                    self.say_private(self.narrator.event(e, self.kit.view(self.state, e.to)))
                elif e.to in self.humans:
                    self.private.setdefault(e.to, []).append(e)
                continue
            if e.visible_to(v["you"]) or e.to is None:
                shared.append(e)
        self.say(self.narrator.events(shared, v), narrated=True)

    def keep_for_absent(self, e: Event) -> None:
        """Hot-seat: a public event as the other humans would have heard it, kept for each
        until their "ready" when the narrator says it differs for them (a game's
        ``for_absent(event, view)``; Concerto: another human's beat pattern, which the
        owner heard once and every other player sees in the card game)."""
        told = getattr(self.narrator, "for_absent", None)
        if told is None:
            return
        for seat in sorted(self.humans - {self.ready_seat}):
            msgs = told(e, self.kit.view(self.state, seat))
            if msgs:
                self.for_absent.setdefault(seat, []).extend(msgs)

    def feed_bots(self, events: Iterable[Event]) -> None:
        """Bots with a memory hear what their own seat may know, nothing more."""
        events = list(events)
        for seat, bot in self.bots.items():
            tell(bot, seat, events)
        for seat, bot in self.observers:
            tell(bot, seat, events)

    def hand_over(self, player: int) -> bool:
        """Ask ``player`` to take over; once they say "ready", say what only they may hear."""
        name = str(self.seats[player].name)
        self.say_key(f"{self.kit.name}.handover", player=name, turn=player)  # in the shared history: their turn
        ready = {p.words for p in self.g.phrases(self.kit.adapter.game, ["ready"])}
        while True:
            line = self.read()
            if line is None:
                return False
            if tuple(self.g.normalize_words(line.text)) in ready:
                break
            wait = f"{self.kit.name}.handover_wait"  # "Erst bereit sagen": nothing else counts yet
            self.say_key(wait if self.c.has(wait) else f"{self.kit.name}.handover", record=False, player=name)
        self.ready_seat = player
        v = self.kit.view(self.state, player)
        self.say_private(self.narrator.events(self.private.pop(player, []), v))
        self.say_private(self.for_absent.pop(player, []))
        if player in self.tell_cards:  # a resumed game: what this player holds
            self.tell_cards.discard(player)
            self.say_private(self.narrator.my_cards(v))
        return True

    def say_private(self, msgs: list[Message]) -> None:
        """Said only to the player at the speaker (hot-seat): out of the shared history (the
        next player could replay it), yet "wiederholen" repeats it while they are there."""
        self.say(msgs, record=False, narrated=True)
        kept = [k for k in (m.for_history() for m in msgs) if k is not None]  # a secret never
        if kept:
            self.private_last = kept[-1]

    def log_events(self, events) -> None:
        if not self.events_path:
            return
        try:
            with open(self.events_path, "a", encoding="utf-8") as f:
                for e in events:
                    f.write(json.dumps(e.to_json(), ensure_ascii=False) + "\n")
        except OSError:
            pass

    def save_payload(self) -> dict:
        return save_payload(self)

    def autosave(self, announce: bool = False) -> None:
        if not self.save_path:
            if announce:
                self.say_key("settings.no_save_file")
            return
        try:
            savefile.write_save(self.save_path, self.save_payload())
            self._save_failed = False
            if announce:
                self.say_key("settings.saved")
        except OSError as exc:
            # said once (and again when asked to save), not after every move; in the player's words
            if announce or not self._save_failed:
                self.say_key("settings.save_failed", kind="error", problem=self.c.get(disk_problem(exc)))
            self._save_failed = True

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
            if self.listen_hook is not None:
                self.listen_hook(self.phrases_now())
            if self.handover and p != self.ready_seat and not self.hand_over(p):
                line = None
            else:
                self.say_prompt(p)
                line = self.read()
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
        """Before the player's input: what the narrator still held back, then the next
        step they must take when it is new (Concerto's refill, the next instrument)."""
        v = self.kit.view(self.state, player)
        self.say(self.narrator.flush(v), narrated=True)
        # hot-seat: a prompt may name the hand ("for example: orchestra piano choir"), so it stays private
        if self.handover:
            self.say_private(self.narrator.prompt(v))
        else:
            self.say(self.narrator.prompt(v), narrated=True)

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

    def phrases_now(self) -> list[str]:
        """Every phrase that means something right now: legal actions and the meta commands."""
        allowed = {freeze(c) for c in self.legal_commands()}
        _, by_command = self.g.index(self.kit.name)
        # both forms: as people say it (filler words kept) and without the filler words;
        # the recognizer picks whichever fits the sound better, the matcher reads both
        now = [(cmd, ps) for cmd, ps in by_command.items() if cmd in allowed or dict(cmd)["intent"] in self.meta_intents]
        forms = {form for _, ps in now for p in ps for form in (p.spoken, p.text)}
        return sorted(forms | self._named_phrases(now))

    def _named_phrases(self, now) -> set[str]:
        """The phrases that name a seat by number, with the seat's name instead ("sabotage
        amadeus chor gegen streicher"), so a recognizer limited to the phrases allowed now
        can hear names; the line heard then goes through :meth:`seat_names_as_numbers`."""
        names = {int(number): " ".join(name) for name, number in self._seat_names()}
        out: set[str] = set()
        for cmd, ps in now:
            seats = [v for k, v in cmd if k in SEAT_SLOTS and v in names]
            if len(seats) != 1:
                continue
            for p in ps:
                words = p.spoken.split()
                at = [i for i, w in enumerate(words) if self.g.word_to_number.get(w) == seats[0]]
                if len(at) == 1:
                    out.add(" ".join(words[:at[0]] + [names[seats[0]]] + words[at[0] + 1:]))
        return out

    def _seat_names(self) -> list[tuple[tuple[str, ...], str]]:
        """(a seat's name as words, its number as digits), longest names first; a name
        made of the game's own words or filler words is left out."""
        if self._seat_words is None:
            vocabulary = set(self.g.vocabulary(self.kit.name))
            names = []
            for i, seat in enumerate(self.seats):
                name = tuple(self.g.normalize_words(seat.name, drop_fillers=False))
                if name and not any(w in vocabulary or w in self.g.fillers for w in name):
                    names.append((name, str(i + 1)))
            self._seat_words = sorted(names, key=lambda x: -len(x[0]))  # "Anna Lena" before "Anna"
        return self._seat_words

    # --- understanding a line -----------------------------------------------
    def handle(self, line: InputLine, player: int) -> None:
        rules = self.kit.rules
        words = self.g.normalize_words(line.text)
        chosen = self.dialogue.pick(words, self.g.word_to_number)
        if chosen is not None:
            cmd, action = chosen
            self.execute(cmd, action, player)
            return
        asked = self.question_for(line.text)
        if asked is not None:  # "Dirigent 2?": what lies there, never the move
            self.dialogue.before("meta", asked["intent"])
            self.failures = 0
            self.execute(asked, None, player)
            return
        legal = rules.legal_actions(self.state)
        text, self._named = self._seat_names_read(line.text)
        try:
            u = understand(self.g, self.kit.adapter, text, legal, line.confidence,
                           meta=self.meta_intents, why_not=engine_refusal(rules, self.state))
        except Ambiguous as amb:
            self.dialogue.before("choices", None)
            self.failures = 0
            self.dialogue.choices = amb.candidates
            opts = [self.c.get("input.choice_item", number=i + 1, command=self.as_said(c))
                    for i, (c, _) in enumerate(amb.candidates)]
            self.say_key("input.choices", options=self.narrator.join(opts))
            return
        except NotAllowed as refused:
            self.dialogue.before("not_allowed", None)
            self.failures = 0
            if refused.error is not None:  # the engine refuses and gives the reason
                self.say(self.narrator.reason(refused.error, self.listener_view()))
            elif refused.action is not None:
                self.commit(refused.action)  # not listed as legal, yet the engine takes it
            else:
                self.say_key("input.not_understood", kind="error")
            return
        except Unrecognized:
            self.dialogue.before("unrecognized", None)
            self.failures += 1
            key = "input.not_understood_again" if self.failures >= 3 else "input.not_understood"
            self.say(Message(self.c.get(key), "error", HIGH, "event.error"))
            return
        if not u.confirm and line.source == "key" and line.confidence < 1.0 and u.action is not None:
            u = replace(u, confirm=True)  # a single key chose more than it names: read back before it happens
        if line.source == "voice":
            careful = self._heard_with_care(u, words, line.confidence)
            if careful is None:
                return
            u = careful
        self.dialogue.before(u.kind, u.command["intent"])
        self.failures = 0
        if u.confirm:
            self.dialogue.pending = (u.command, u.action)
            said = self.as_said(u.command)
            self._read_back = (self.dialogue.pending, said)
            self.say_key("input.confirm", command=sentence_start(said))
        else:
            self.execute(u.command, u.action, player)

    def question_for(self, text: str) -> dict | None:
        """A move typed as a question ("Dirigent 2?") means the question its intent names in
        the grammar (``asked = "row"``: what lies at conductor 2); None for anything else."""
        if not text.rstrip().endswith("?"):
            return None
        by_words, _ = self.g.index(self.kit.name)
        for cmd in sorted(by_words.get(tuple(self.g.normalize_words(text)), ()), key=str):
            c = dict(cmd)
            asked = self.g.intents.get(c["intent"], {}).get("asked")
            if isinstance(asked, str) and asked in self.g.intents:
                c["intent"] = asked
                return c
        return None

    def as_said(self, command: dict) -> str:
        """``command``'s words as the game writes them (German nouns capitalized, the cards
        as the locale names them: the read-back is read on a braille display too), a seat
        named by name in the line at hand read back by its name as its player wrote it
        ("Headhunter Amadeus Chor gegen Streicher?", not "Spieler zwei")."""
        names = {k: self._named[v] for k, v in command.items() if k in SEAT_SLOTS and v in self._named}
        values = {}
        for slot, value in command.items():
            key = self.kit.value_names.get(slot)
            if key is not None and self.c.has(key.format(value)):
                values[slot] = self.c.get(key.format(value))
        return self.g.write(command, names, values)

    def seat_names_as_numbers(self, text: str) -> str:
        """A seat's name where a seat's number goes ("Headhunter Amadeus Chor gegen
        Streicher", "Orchester von Amadeus"): the name becomes the seat's number, which the
        grammar's phrases take. A name made of the game's own words ("Chor") stays a word."""
        return self._seat_names_read(text)[0]

    def _seat_names_read(self, text: str) -> tuple[str, dict[int, str]]:
        """:meth:`seat_names_as_numbers` of ``text``, and the seats it names by name there:
        seat number -> the seat's name (for reading the command back as it was said)."""
        seat_names = self._seat_names()
        words = self.g.normalize_words(text, drop_fillers=False) if seat_names else []
        out: list[str] = []
        seats: dict[int, str] = {}
        i = 0
        while i < len(words):
            for name, number in seat_names:
                if tuple(words[i:i + len(name)]) == name:
                    out.append(number)
                    seats[int(number)] = self.seats[int(number) - 1].name
                    i += len(name)
                    break
            else:
                out.append(words[i])
                i += 1
        if out == words:
            return text, seats
        as_numbers = " ".join(out)
        by_words, _ = self.g.index(self.kit.name)
        commands = by_words.get(tuple(self.g.normalize_words(as_numbers)), set())
        # only where the words name a seat: in another game "Amadeus" must not become "2"
        return (as_numbers if any(k in SEAT_SLOTS for cmd in commands for k, _ in cmd) else text), seats

    def _heard_with_care(self, u: Understanding, words: list[str],
                         confidence: float) -> Understanding | None:
        """Speech may mishear a short word ("tree" as "three", "eight" as "yes"): a game
        action with a single number heard by voice is done only when the words were an
        exact phrase and the recognizer sure (a lone number word: very sure), else it is
        read back first; a yes or no heard without confidence asks the question again
        (None: the line was answered here)."""
        if u.confirm:
            return u
        intent = u.command["intent"]
        if intent in ("yes", "no"):
            if confidence >= CONFIDENT or not self.dialogue.asking_yes_no:
                return u
            pending = self.dialogue.pending
            if pending is not None:
                back = self._read_back
                said = back[1] if back is not None and back[0] is pending else self.as_said(pending[0])
                self.say_key("input.confirm", command=sentence_start(said))
            else:
                self.say_key("input.confirm_quit")
            return None
        if u.action is not None and doubtful_number(self.g, u.command, words, u.distance, confidence):
            return replace(u, confirm=True)
        return u

    def execute(self, command: dict, action, player: int) -> None:
        intent = command["intent"]
        if intent in ("yes", "no"):
            asked = self.dialogue.pending
            outcome, act = self.dialogue.answer(intent == "yes")
            if outcome == "quit":
                self.quit = True
            elif outcome == "commit" and act is None and asked is not None:
                self.execute(asked[0], None, player)  # a meta command read back ("table?")
            elif outcome == "commit":
                self.commit(act)
            elif outcome == "cancelled":
                self.say_key("input.cancelled")
            else:
                self.say_key("input.nothing_to_confirm")
            return
        self.dialogue.close()
        if intent == "verbosity" and action is None:  # "bot moves: sound only"
            self.set_verbosity(command.get("vkind"), command.get("vlevel"))
            return
        answer = self.kit.questions.get(intent)
        if answer is not None and action is None:  # the game's own questions: "Reihe 2", "Ablagestapel"
            said = answer(self.narrator, self.listener_view(), command, self.g)
            if said is not None:
                self.say(said)
            return
        if action is not None:
            self.commit(action)
            return
        self.meta(intent)

    def meta(self, intent: str) -> None:
        """A meta command (voice_game.session.meta.META); an unknown intent does nothing."""
        handler = META.get(intent)
        if handler is not None:
            handler(self)

    def help_messages(self) -> list[Message]:
        return help_messages(self)

    # --- settings ------------------------------------------------------------
    def set_verbosity(self, kind, level) -> None:
        """Per-kind verbosity (voice_game.settings.VERBOSITY_KINDS x LEVELS), spoken back."""
        if kind not in VERBOSITY_KINDS or level not in LEVELS:
            self.say_key("input.not_understood", kind="error")
            return
        if self.settings is None:
            self.settings = Store(persist=False)  # for this game only
        self.persist(verbosity={kind: level})
        self.say_key("audio.verbosity_set", what=self.c.get(f"audio.kind.{kind}"),
                     level=self.c.get(f"audio.level.{level}"))

    def persist(self, **changes) -> None:
        """Keep a changed setting in the settings file (if the session has one)."""
        if self.settings is None:
            return
        err = self.settings.update(**changes)
        if err is not None and not self._settings_failed:
            self._settings_failed = True
            self.say_key("audio.settings_save_failed", kind="error", problem=self.c.get(disk_problem(err)))
