"""The one session loop: input -> parse -> apply -> events -> narrate -> output.

It wires a game's rules engine, the command parser, the narrator and the output. It
never lets an exception reach the player: rule errors are narrated, unexpected ones
get one spoken sentence and the game state stays as it was.
"""
from __future__ import annotations

import json
import threading
import traceback
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from voice_game.commands.grammar import Grammar
from voice_game.commands.parser import understand
from voice_game.core.errors import RuleError
from voice_game.core.rules import CHANCE
from voice_game.narration.catalog import Catalog
from voice_game.narration.message import HIGH, LOW, Message
from voice_game import savefile

HISTORY = 50
RATE_STEP = 25
HELP_LIST = 5  # verbose help lists up to this many commands of one kind, then examples
# Help groups the legal commands by kind of action and gives one example of each
# (the words of a group's name are locales' help.group.<id>).
HELP_GROUPS = {
    "place": "place", "take": "take",
    "start_single": "start", "start_orchestra": "start", "place_instrument": "place_instrument",
    "play_special": "special", "play_special_on": "special", "play_special_pair": "special",
    "play_special_at": "special", "swap": "swap", "swap_pair": "swap", "swap_three": "swap",
    "swap_four": "swap", "swap_special": "swap", "swap_with_special": "swap", "swap_pair_special": "swap",
    "swap_three_special": "swap", "replace_piece": "replace", "conduct": "conduct", "conduct_ignore": "conduct",
    "conduct_swap": "conduct", "beat": "beat", "give_up": "give_up", "take_market": "take_market",
}
ALWAYS = ("table", "my_cards", "scores")  # named in every help
ALWAYS_ALL = ("repeat", "previous", "table", "my_cards", "scores", "whose_turn", "rules", "slower", "faster",
              "louder", "quieter", "brief", "normal", "verbose", "stop", "save", "quit")


def disk_problem(exc: OSError) -> str:
    """The message key saying in the player's words why a file could not be written."""
    import errno

    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "save.problem_full"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "save.problem_denied"
    if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EISDIR):
        return "save.problem_missing"
    return "save.problem_other"


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human, or a bot level such as "bot" / "bot-strong"

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind}


@dataclass
class InputLine:
    text: str
    confidence: float = 1.0
    source: str = "keyboard"


class Session:
    def __init__(self, kit, state, seats: list[Seat], grammar: Grammar, catalog: Catalog, output,
                 inputs, seed: int = 0, save_path: Path | None = None, events_path: Path | None = None,
                 bot_rngs: list | None = None, bot_memory: list | None = None, verbose="default", audio=None, debug: bool = False,
                 settings=None):
        self.kit = kit
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
        self.debug = debug
        self.listen_hook = None  # called with the phrases allowed now before each read (voice input)
        # Concerto's grammar has tens of thousands of phrases: index them while the opening is read
        threading.Thread(target=grammar.index, args=(kit.name,), name="grammar-index", daemon=True).start()
        self.humans = {i for i, s in enumerate(seats) if not s.is_bot}
        self.narrator = kit.narrator(catalog, self.humans, verbose)
        self.bots = {}
        for i, s in enumerate(seats):
            if s.is_bot:
                self.bots[i] = kit.make_bot(s.kind, seed * 1000 + i + 1)
                if hasattr(self.bots[i], "seat"):
                    self.bots[i].seat = i
        for i, data in bot_memory or []:
            if i in self.bots and hasattr(self.bots[i], "memory_from_json"):
                try:
                    self.bots[i].memory_from_json(data)
                except (KeyError, TypeError, ValueError):
                    pass  # a damaged memory: that bot simply forgets, the game goes on
        if bot_rngs:
            from voice_game.core.rng import Rng

            for i, data in bot_rngs:
                if i in self.bots:
                    self.bots[i].rng = Rng.from_json(data)
        self.history: deque[Message] = deque(maxlen=HISTORY)
        self.cursor: int | None = None
        self.pending = None  # (command, action) waiting for yes/no
        self.pending_quit = False
        self.choices: list = []
        self.failures = 0
        self.quit = False
        # Hot-seat hand-over (DESIGN 1.3): with several humans at one loudspeaker, a game
        # with a "<game>.handover" message keeps private events until their owner says "ready".
        self.handover = len(self.humans) > 1 and catalog.has(f"{kit.name}.handover")
        self.ready_seat: int | None = None
        self.private: dict[int, list] = {}

    # --- output --------------------------------------------------------------
    def say(self, msgs, record: bool = True, narrated: bool = False) -> None:
        """Output messages; ``narrated`` ones (game events) obey the per-kind verbosity."""
        if isinstance(msgs, Message):
            msgs = [msgs]
        for m in msgs:
            if record:
                kept = m.for_history()  # a secret (an own beat pattern) is never kept
                if kept is not None:
                    self.history.append(kept)
                    self.cursor = None
            level = self.settings.settings.level(m.kind) if narrated and self.settings else "full"
            if level == "off":
                continue  # kept in the history for "repeat" / "previous message"
            say_message = getattr(self.out, "say_message", None)
            if say_message is not None:  # our audio path: cue and speech in one sequence
                if m.text or m.cue or m.fallback:
                    say_message(m, speak=level == "full")
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

    def say_key(self, key: str, kind: str = "info", priority: str = HIGH, record: bool = True, **params):
        self.say(Message(self.c.get(key, **params), kind, priority), record)

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
        self.state = new_state
        self.log_events(events)
        self.autosave()
        self.feed_bots(events)
        v = self.listener_view()
        shared: list = []  # said together, so the narrator can merge them into one sentence
        for e in events:
            if self.handover and e.to is not None:
                self.say(self.narrator.events(shared, v) + self.narrator.flush(v), narrated=True)
                shared = []
                if e.to == self.ready_seat:  # the player at the speaker now hears it at once
                    # private: it leaves the shared history (the next player could replay it)
                    self.say(self.narrator.event(e, self.kit.view(self.state, e.to)), record=False, narrated=True)
                elif e.to in self.humans:
                    self.private.setdefault(e.to, []).append(e)
                continue
            if e.visible_to(v["you"]) or e.to is None:
                shared.append(e)
        self.say(self.narrator.events(shared, v), narrated=True)
        return True

    def feed_bots(self, events) -> None:
        """Bots with a memory hear what their own seat may know, nothing more."""
        for seat, bot in self.bots.items():
            observe = getattr(bot, "observe", None)
            if observe is not None:
                for e in events:
                    if e.visible_to(seat):
                        observe(e)

    def hand_over(self, player: int) -> bool:
        """Ask ``player`` to take over; once they say "ready", say what only they may hear."""
        name = str(self.seats[player].name)
        self.say_key(f"{self.kit.name}.handover", player=name)
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
        self.say(self.narrator.events(self.private.pop(player, []), v), record=False, narrated=True)
        return True

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
        return {
            "game": self.kit.name,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "lang": self.c.lang,
            "state": self.kit.rules.state_to_json(self.state),
            "bot_rngs": [[i, b.rng.to_json()] for i, b in self.bots.items()],
            "bot_memory": [[i, b.memory_to_json()] for i, b in self.bots.items() if hasattr(b, "memory_to_json")],
        }

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
            if announce or not getattr(self, "_save_failed", False):
                self.say_key("settings.save_failed", kind="error", problem=self.c.get(disk_problem(exc)))
            self._save_failed = True

    # --- the loop ------------------------------------------------------------
    def start(self, opening_events) -> None:
        self.log_events(opening_events)
        self.feed_bots(opening_events)
        v = self.listener_view()
        self.say(self.narrator.events(list(opening_events), v), narrated=True)
        self.autosave()

    def run(self) -> int:
        rules = self.kit.rules
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
        self.say(self.narrator.flush(self.listener_view()), narrated=True)
        if self.quit:
            self.autosave()
            self.say_key("app.goodbye")
        return 0

    def say_prompt(self, player: int) -> None:
        """Before the player's input: what the narrator still held back, then the next
        step they must take when it is new (Concerto's refill, the next instrument)."""
        v = self.kit.view(self.state, player)
        self.say(self.narrator.flush(v), narrated=True)
        # hot-seat: a prompt may name the hand ("for example: orchestra piano choir"), so it stays private
        self.say(self.narrator.prompt(v), record=not self.handover, narrated=True)

    def read(self) -> InputLine | None:
        while True:
            try:
                item = next(self.inputs)
            except StopIteration:
                return None
            if isinstance(item, str):
                item = InputLine(item)
            if item.text.strip() or item.source == "voice":  # empty speech: heard, not understood
                interrupt = getattr(self.out, "interrupt", None)
                if interrupt is not None:
                    interrupt()  # the player moved on: descriptions still playing are cut
                return item

    def phrases_now(self) -> list[str]:
        """Every phrase that means something right now: legal actions and the meta commands."""
        from voice_game.commands.grammar import freeze
        from voice_game.commands.parser import META_INTENTS

        allowed = set()
        for a in self.kit.rules.legal_actions(self.state):
            c = self.kit.adapter.command_for(a)
            if c is not None:
                allowed.add(freeze(c))
        _, by_command = self.g.index(self.kit.name)
        # both forms: as people say it (filler words kept) and without the filler words;
        # the recognizer picks whichever fits the sound better, the matcher reads both
        return sorted({form for cmd, ps in by_command.items()
                       if cmd in allowed or dict(cmd)["intent"] in META_INTENTS
                       for p in ps for form in (p.spoken, p.text)})

    # --- understanding a line -----------------------------------------------
    def handle(self, line: InputLine, player: int) -> None:
        rules = self.kit.rules
        words = self.g.normalize_words(line.text)
        if self.choices and len(words) == 1 and words[0] in self.g.word_to_number:
            k = self.g.word_to_number[words[0]]
            if 1 <= k <= len(self.choices):
                cmd, action = self.choices[k - 1]
                self.choices = []
                self.execute(cmd, action, player)
                return
        legal = rules.legal_actions(self.state)
        u = understand(self.g, self.kit.adapter, line.text, legal, line.confidence)
        if u.kind != "choices":
            self.choices = []
        if not (u.kind == "act" and u.command["intent"] in ("yes", "no")):
            self.pending = None  # any other command replaces a question left open
        if u.kind == "act":
            self.failures = 0
            self.execute(u.command, u.action, player)
        elif u.kind == "confirm":
            self.failures = 0
            self.pending = (u.command, u.action)
            self.say_key("input.confirm", command=self.g.render(u.command))
        elif u.kind == "choices":
            self.failures = 0
            self.choices = u.candidates
            opts = [self.c.get("input.choice_item", number=i + 1, command=self.g.render(c))
                    for i, (c, _) in enumerate(u.candidates)]
            self.say_key("input.choices", options=self.narrator.join(opts))
        elif u.kind == "not_allowed":
            self.failures = 0
            if u.action is not None:
                self.commit(u.action)  # the engine refuses and gives the reason
            else:
                self.say_key("input.not_understood", kind="error")
        else:
            self.failures += 1
            key = "input.not_understood_again" if self.failures >= 3 else "input.not_understood"
            self.say(Message(self.c.get(key), "error", HIGH, "event.error"))

    def execute(self, command: dict, action, player: int) -> None:
        intent = command["intent"]
        if intent in ("yes", "no"):
            if self.pending_quit:
                self.pending_quit = False
                if intent == "yes":
                    self.quit = True
                else:
                    self.say_key("input.cancelled")
                return
            if self.pending is None:
                self.say_key("input.nothing_to_confirm")
                return
            cmd, act = self.pending
            self.pending = None
            if intent == "yes":
                self.commit(act)
            else:
                self.say_key("input.cancelled")
            return
        self.pending = None
        self.pending_quit = False
        if intent == "verbosity" and action is None:  # "bot moves: sound only"
            self.set_verbosity(command.get("vkind"), command.get("vlevel"))
            return
        if intent == "explain" and action is None:  # "was macht Headhunter"
            card = command.get("card")
            if self.c.has(f"special.{card}.text"):
                self.say(Message(self.c.get(f"{self.kit.name}.explain", name=self.c.get(f"special.{card}.name"),
                                            text=self.c.get(f"special.{card}.text")), "help", LOW))
            return
        if action is not None:
            self.commit(action)
            return
        self.meta(intent)

    def meta(self, intent: str) -> None:
        v = self.listener_view()
        n = self.narrator
        if intent == "help":
            self.say(self.help_messages())
        elif intent == "always":
            always = [self.g.render({"intent": i}) for i in ALWAYS_ALL]
            self.say(Message(self.c.get("help.always", commands=", ".join(always)), "help", LOW))
        elif intent == "repeat":
            if not self.history:
                self.say_key("history.empty", record=False)
            else:
                self.say(self.history[-1], record=False)
        elif intent in ("previous", "next_message"):
            self.step_history(-1 if intent == "previous" else 1)
        elif intent == "table":
            self.say(n.table(v))
        elif intent == "my_cards":
            self.say(n.my_cards(v))
        elif intent == "scores":
            self.say(n.scores(v, self.kit.view_scores(v)))
        elif intent == "whose_turn":
            self.say(n.whose_turn(v))
        elif intent == "rules":
            self.say(n.rules())
        elif intent in ("slower", "faster"):
            self.out.set_rate(self.out.rate + (RATE_STEP if intent == "faster" else -RATE_STEP))
            self.say_key("settings.rate", rate=self.out.rate)
            self.persist(rate=self.out.rate)
        elif intent in ("louder", "quieter"):
            self.out.set_volume(self.out.volume + (10 if intent == "louder" else -10))
            self.say_key("settings.volume", volume=self.out.volume)
            self.persist(speech_volume=self.out.volume)
        elif intent in ("verbose", "brief", "normal"):
            n.detail = {"verbose": "verbose", "brief": "brief"}.get(intent, "default")
            self.say_key(f"settings.{intent}")
            self.persist(detail=n.detail)
        elif intent == "save":
            self.autosave(announce=True)
        elif intent == "quit":
            self.pending_quit = True
            self.say_key("input.confirm_quit")
        elif intent == "stop":
            stop = getattr(self.out, "stop", None)
            if stop is not None:
                stop()  # silence at once; the history keeps every message for "repeat"
        elif intent == "ready":
            self.say_key("input.nothing_to_confirm")

    def help_messages(self) -> list[Message]:
        """What can be said now, grouped by kind with one example each (verbose: the list)."""
        legal = self.kit.rules.legal_actions(self.state)
        verbose = getattr(self.narrator, "detail", "default") == "verbose"
        groups: dict[str, list[str]] = {}
        for a in legal:
            cmd = self.kit.adapter.command_for(a)
            if cmd is not None:
                key = cmd["intent"] if verbose else HELP_GROUPS.get(cmd["intent"], cmd["intent"])
                groups.setdefault(key, []).append(self.g.render(cmd))
        now = []
        for key, items in groups.items():
            items = list(dict.fromkeys(items))
            if verbose:  # a long list of one kind becomes two examples and a count
                if len(items) <= HELP_LIST:
                    now += items
                else:
                    now.append(self.c.get("help.examples", examples=", ".join(items[:2]), count=len(items) - 2))
            elif len(items) == 1 or not self.c.has(f"help.group.{key}"):
                now.append(items[0] if len(items) == 1 else self.c.get("help.examples", examples=", ".join(
                    items[:2]), count=len(items) - 2))
            else:
                now.append(self.c.get("help.group_item", label=self.c.get(f"help.group.{key}"), example=items[0]))
        out = []
        if now:
            grouped = not verbose and len(now) > 2
            sep = "; " if grouped else f" {self.c.get('help.or')} "
            out.append(Message(self.c.get("help.now_grouped" if grouped else "help.now", commands=sep.join(now)),
                               "help", HIGH))
        if verbose:
            always = [self.g.render({"intent": i}) for i in ALWAYS_ALL]
            out.append(Message(self.c.get("help.always", commands=", ".join(always)), "help", LOW))
        else:  # the most used ones, and how to hear them all
            always = [self.g.render({"intent": i}) for i in ALWAYS]
            out.append(Message(self.c.get("help.always_short", commands=", ".join(always),
                                          more=self.g.render({"intent": "always"})), "help", LOW))
        return out

    # --- settings ------------------------------------------------------------
    def set_verbosity(self, kind, level) -> None:
        """Per-kind verbosity (voice_game.settings.VERBOSITY_KINDS x LEVELS), spoken back."""
        from voice_game.settings import LEVELS, VERBOSITY_KINDS

        if kind not in VERBOSITY_KINDS or level not in LEVELS:
            self.say_key("input.not_understood", kind="error")
            return
        if self.settings is None:
            from voice_game.settings import Store

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

    def step_history(self, delta: int) -> None:
        if not self.history:
            self.say_key("history.empty", record=False)
            return
        last = len(self.history) - 1
        pos = last if self.cursor is None else self.cursor
        new = pos + delta
        if new < 0:
            self.say_key("history.start", record=False)
            new = 0
        elif new > last:
            self.say_key("history.end", record=False)
            new = last
        self.cursor = new
        self.say(self.history[new], record=False)
