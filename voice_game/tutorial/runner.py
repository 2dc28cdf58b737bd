"""Runs a course of lessons: narrate, prepare the table, check the player's answer.

Input is the same stream of lines the game session reads (typed, spoken or made from
single keys). Control words work at any time: next ("weiter"), back ("zurück"),
repeat ("wiederholen"), skip ("überspringen"), end tutorial ("Tutorial beenden").
Answers go through the real parser (``understand``) and the real rules engine, so
a lesson can only ask for what the game itself understands and allows.
"""
from __future__ import annotations

import traceback
from typing import Any

from voice_game.commands.grammar import freeze, load_grammar
from voice_game.commands.matcher import match
from voice_game.commands.parser import Understanding, engine_refusal, meta_intents, understand
from voice_game.core.contracts import Bot
from voice_game.core.errors import CommandError, ContentError, NotAllowed, RuleError
from voice_game.core.input import InputLine, PhraseListener, SessionInput
from voice_game.core.rules import Action
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_game
from voice_game.narration.catalog import load_catalog
from voice_game.narration.message import HIGH, Message
from voice_game.session import Seat, Session
from voice_game.tutorial.lessons import Lesson, Step, load_course, validate_against
from voice_game.tutorial.progress import Progress

CONTROL = ("next", "back", "skip", "end_tutorial")
LEAVING = {"back": "back", "skip": "skip", "end_tutorial": "end", "quit": "end"}
TABLE_META = ("table", "my_cards", "scores", "whose_turn")
#: the meta commands a lesson listens for at any time (beside its own control words) ...
ALWAYS_META = ("help", "repeat", "stop", "quit", "yes", "no")
#: ... and in the guided game, with its legal moves (the questions about the table too)
GAME_META = ALWAYS_META + TABLE_META + ("ready",)


class Leave(Exception):
    """Leaves the current lesson: how is back, skip, end or eof."""

    def __init__(self, how: str):
        super().__init__(how)
        self.how = how


def settle(kit, state):
    """Resolve chance steps (a revealed card, a deal) silently."""
    while kit.rules.current_player(state) == CHANCE:
        state, _ = kit.resolve_chance(state)
    return state


class TutorialRunner:
    def __init__(self, course: str, lang: str, output, inputs, audio=None, progress: Progress | None = None,
                 restart: bool = False, player_name: str | None = None, debug: bool = False,
                 voice: PhraseListener | None = None, keys: SessionInput | None = None):
        """``voice``: the program's voice, told before each answer what the lesson
        understands now; ``keys``: the key input behind ``inputs`` when they are merged
        with the voice (number keys need the lesson's table)."""
        self.course = load_course(course)
        self.kit = get_game(self.course.game)
        self.c = load_catalog(lang)
        self.g = load_grammar(lang)
        problems = validate_against(self.course, self.c, self.g)
        if problems:
            raise ContentError(self.course.source, lang, "; ".join(problems))
        self.lang = lang
        self.out = output
        self.raw_inputs = keys if keys is not None else inputs
        self.voice = voice
        self.inputs = iter(inputs)
        self.audio = audio
        self.progress = progress if progress is not None else Progress()
        self.restart = restart
        self.name = player_name or self.c.get("setup.default_player")
        self.debug = debug
        self.session: Session | None = None
        self.lesson: Lesson | None = None
        self.step: Step | None = None  # the step running now (scripted players read it)
        self.recent: list[Message] = []  # what "wiederholen" says again
        self.told: dict | None = None  # the guided game's suggested move, when the player may know it
        self._controls = [p for p in self.g.phrases("tutorial")
                          if dict(p.command)["intent"] in CONTROL + ("repeat", "help", "quit")]
        self._yes_no = self.g.phrases(None, ["yes", "no"])

    def table(self) -> Session:
        """The current lesson's session: set before any of its steps runs."""
        if self.session is None:
            raise RuntimeError("no lesson table: a step ran outside a lesson")
        return self.session

    def current_lesson(self) -> Lesson:
        """The lesson being run: set before any of its steps runs."""
        if self.lesson is None:
            raise RuntimeError("no lesson: a step ran outside a lesson")
        return self.lesson

    # --- output ----------------------------------------------------------------
    def say(self, key: str, remember: bool = True, **params) -> None:
        msg = Message(self.c.get(key, **params), "info", HIGH)
        if remember:
            self.recent.append(msg)
        if self.session is not None:
            self.session.say(msg)
        else:
            self.out.say(msg.text)

    def say_msgs(self, msgs) -> None:
        if self.session is not None:
            self.session.say(msgs)
        else:
            for m in msgs:
                self.out.say(m.text)

    # --- input -----------------------------------------------------------------
    def listen(self, expect: tuple[dict, ...] = ()) -> None:
        """Tell the recognizer what the lesson understands now (:meth:`phrases_now`)."""
        if self.voice is None:
            return
        self.voice.set_phrases(self.phrases_now(expect))

    def phrases_now(self, expect: tuple[dict, ...] = ()) -> list[str]:
        """What the lesson understands now: the tutorial's own words (weiter, zurück,
        wiederholen, ...), yes and no, the meta commands that work at any time
        (:data:`ALWAYS_META`; with a table the questions about it) and what the step asks
        for: a task's command in all its forms, and in a task or the guided game each legal
        move by its name (a wrong move is heard as the move it is); for a memory task
        (``free``, no answer favoured) the legal answers also in the forms that say their
        whole name ("brass plays stab"), in the guided game so the guide's suggestion when
        it is no secret ("karte ziehen"); the answers a game's drill ``expect`` s, by name.
        Not the game's hundreds of settings, look-ups and ways to say a move (580 phrases
        and more before, issue 21): a lesson listens for what it asks."""
        phrases = {form for p in self._controls + self._yes_no for form in (p.spoken, p.text)}
        phrases |= {self.g.render(c) for c in expect}
        s, step = self.session, self.step
        if s is None or step is None:
            return sorted(phrases)
        meta: tuple[str, ...]
        if step.kind == "play":
            meta = GAME_META
        else:
            meta = ALWAYS_META + (TABLE_META if self.lesson is not None and self.lesson.has_table else ())
        phrases |= set(s.phrases_now(meta=meta, moves=False))
        if step.kind == "do" and not step.free:
            phrases |= set(s.phrases_of([freeze(dict(step.value))]))
        if step.kind in ("do", "play"):
            phrases |= {self.g.render(c) for c in s.legal_commands()}
        if step.kind == "do" and step.free:
            phrases |= self.named_forms([c for c in s.legal_commands() if self.fits(c, step)])
        if step.kind == "play" and self.told is not None:
            phrases |= self.named_forms([self.told])
        return sorted(phrases)

    def fits(self, command: dict, step: Step) -> bool:
        """``command`` answers the task ``step`` (equal to its command but in the free slots)."""
        fixed = {k: v for k, v in dict(step.value).items() if k not in step.free}
        return _fits(command, fixed, step.free)

    def named_forms(self, commands: list[dict]) -> set[str]:
        """The forms of ``commands`` that say every word of the command's name ("brass
        plays stab", "brass with stab" for "brass stab"; not "tuba stab")."""
        _, by_command = self.g.index(self.kit.name)
        out: set[str] = set()
        for c in commands:
            name = set(self.g.render(c).split())
            out |= {f for p in by_command.get(freeze(c), []) for f in (p.spoken, p.text) if name <= set(f.split())}
        return out

    def read(self, expect: tuple[dict, ...] = ()) -> InputLine:
        """The player's next line; ``expect``: the commands a game's drill asks for (a
        lesson's task and guided game are known here), for the recognizer."""
        self.listen(expect)
        missed = 0
        while True:
            try:
                item = next(self.inputs)
            except StopIteration:
                raise Leave("eof") from None
            if isinstance(item, str):
                item = InputLine(item)
            if item.text.strip():
                return item
            if item.source == "voice":  # heard, not understood: said so, never silence
                missed += 1
                self.say("tutorial.not_understood", remember=False)
                other = self.other_words(missed - 2) if missed >= 2 else None
                if other is not None:  # missed again: another way to say it, one each time
                    self.say("tutorial.say_also", remember=False, command=other)
                self.listen(expect)

    def other_words(self, k: int) -> str | None:
        """The ``k``-th other way to say a task's command, in turn: its forms that say
        its name as it is, with more words ("karte ziehen" for "ziehen", "dirigent eins
        legen"), the shortest first; None if it has none, or where the answer is the
        player's own (a memory task)."""
        step = self.step
        if step is None or step.kind != "do" or step.free:
            return None
        cmd = dict(step.value)
        name = self.g.render(cmd)
        _, by_command = self.g.index(self.kit.name)
        forms = {p.spoken for p in by_command.get(freeze(cmd), []) if f" {name} " in f" {p.spoken} "} - {name}
        ranked = sorted(forms, key=lambda f: (len(f.split()), f))
        return ranked[k % len(ranked)] if ranked else None

    def control(self, text: str, fuzzy: bool = False) -> str | None:
        m = match(self.g, text, self._controls)
        if m.kind == "exact" or (fuzzy and m.kind == "clear"):
            return m.command["intent"]
        return None

    def common_control(self, intent: str, help_key: str, **params) -> None:
        """Controls every waiting step shares; leaving ones raise Leave."""
        if intent in LEAVING:
            raise Leave(LEAVING[intent])
        if intent == "repeat":
            for m in list(self.recent) or [Message(self.c.get(help_key, **params), "info", HIGH)]:
                self.say_msgs([m])
        elif intent == "help":
            self.say(help_key, remember=False, **params)
            self.say("tutorial.controls_short", remember=False)

    def meta(self, command: dict) -> None:
        """Always-available commands (rate, volume, history, table ...) and the game's own
        questions with what they ask about ("Dirigent 2?", "Orchester von Amadeus") during a
        lesson, answered as the game answers them."""
        if command["intent"] in TABLE_META and not self.current_lesson().has_table:
            self.say("tutorial.no_table", remember=False)
            return
        self.table().execute(dict(command), None, 0)

    def understand(self, line: InputLine, legal: list, why_not=None) -> Understanding:
        """A line as the game's own table understands it: a move typed as a question ("Dirigent
        2?") is that question, a seat named by name ("Musiker von Amadeus") is its number."""
        s = self.table()
        asked = s.question_for(line.text)
        if asked is not None:
            return Understanding(asked)
        return understand(self.g, self.kit.adapter, s.seat_names_as_numbers(line.text), legal, line.confidence,
                          meta=meta_intents(self.kit.questions), why_not=why_not)

    # --- the course --------------------------------------------------------------
    def run(self) -> int:
        lessons = self.course.lessons
        key = self.course.name
        saved = self.progress.get(key)
        start = 0
        title = self.c.get(self.course.title)
        if not self.restart and saved.get("lesson") and not saved.get("done"):
            idx = self.course.index_of(saved["lesson"])
            if idx:
                start = idx
        if start:
            self.say("tutorial.resumed", title=title, number=start + 1, count=len(lessons))
        else:
            self.say("tutorial.start", title=title, count=len(lessons))
            self.say("tutorial.controls")
        i = start
        while i < len(lessons):
            self.progress.set(key, lesson=lessons[i].id, done=False)
            try:
                self.run_lesson(i)
                i += 1
            except Leave as lv:
                self.session = None
                if lv.how == "skip":
                    self.say("tutorial.skipped")
                    i += 1
                elif lv.how == "back":
                    i = max(0, i - 1)
                    self.say("tutorial.going_back", number=i + 1)
                elif lv.how == "end":
                    self.say("tutorial.ended", number=i + 1)
                    return 0
                else:
                    self.say("tutorial.input_ended", number=i + 1)
                    return 0
        self.session = None
        self.progress.set(key, lesson=None, done=True)
        self.say("tutorial.finished", title=title)
        return 0

    def run_lesson(self, i: int) -> None:
        lesson = self.course.lessons[i]
        self.lesson = lesson
        self.session = None
        self.recent = []
        self.say("tutorial.lesson", number=i + 1, count=len(self.course.lessons), title=self.c.get(lesson.title))
        self.session = self.table_session(lesson)
        for step in lesson.steps:
            if step.applies(self.phase()):
                self.step = step
                self.run_step(step)

    def phase(self) -> str:
        """The phase of the lesson's table as the player sees it (steps may depend on it)."""
        s = self.table()
        return str(self.kit.view(s.state, 0).get("phase"))

    def table_session(self, lesson: Lesson) -> Session:
        kit = self.kit
        names = [self.name] + list(lesson.bots)
        if len(names) < 2:
            names.append("Amadeus")
        deck = kit.parse_deck(lesson.deck) if lesson.deck is not None else None
        try:
            state = settle(kit, kit.new_game(names, lesson.variants, lesson.seed, deck))
            for cmd in lesson.prelude:
                state, _ = kit.rules.apply(state, kit.adapter.action_for(cmd))
                state = settle(kit, state)
        except (RuleError, ValueError, KeyError) as exc:
            raise ContentError(self.course.source, f"lessons.{lesson.id}", f"table cannot be prepared: {exc}") from exc
        # the opponents are scripted: humans in the seat list, never narrated as "you"
        seats = [Seat(n) for n in names]
        # one player at the speaker: their private cards are spoken at once (no hand-over)
        s = Session(kit, state, seats, self.g, self.c, self.out, [], seed=lesson.seed, audio=self.audio,
                    debug=self.debug, listeners={0}, handover=False, verbose="default")
        self.attach(s)
        return s

    def attach(self, session) -> None:
        """Single keys need the session they act on (voice_game.keys.KeyInput)."""
        if isinstance(self.raw_inputs, SessionInput):
            self.raw_inputs.attach(session, "tutorial")

    # --- steps -------------------------------------------------------------------
    def run_step(self, step) -> None:
        k = step.kind
        if k == "say":
            for key in step.value:
                self.say(key)
        elif k == "wait":
            self.say(step.value)
            self.wait()
        elif k == "table":
            s = self.table()
            self.say_msgs(s.narrator.table(s.listener_view()))
        elif k == "sounds":
            for item in step.value:
                cue, name = item[0], item[1]
                pan = float(item[2]) if len(item) == 3 else None
                label = self.c.get(name, count=1)
                label = label[:1].upper() + label[1:]  # said as a sentence of its own
                msg = Message(self.c.get("tutorial.sound", name=label), "info", HIGH, cue, pan)
                self.recent.append(msg)
                self.table().say(msg)
        elif k == "other":
            self.perform(step.value)
        elif k == "do":
            self.task(step)
        elif k == "play":
            self.guided_game(step)
        elif k == "practice":  # a drill of the game's own (its definition's ``drill``)
            if self.kit.drill is None:
                raise ContentError(self.course.source, "practice", f"{self.kit.name} has no practice")
            self.kit.drill(self, step)

    def wait(self) -> None:
        while True:
            line = self.read()
            ctl = self.control(line.text)
            if ctl:
                if self._waited(ctl):
                    return
                continue
            try:
                u = self.understand(line, [])
            except CommandError:
                u = None
            if u is not None and not u.confirm and u.command["intent"] in meta_intents(self.kit.questions) \
                    and u.command["intent"] not in ("yes", "no"):
                self.meta(u.command)
                continue
            ctl = self.control(line.text, fuzzy=True)
            if ctl:
                if self._waited(ctl):
                    return
                continue
            self.say("tutorial.say_next", remember=False)

    def _waited(self, ctl: str) -> bool:
        """A tutorial control word said while the lesson waits: True when it goes on ("next")."""
        if ctl == "next":
            self.recent = []
            return True
        self.common_control(ctl, "tutorial.help_wait")
        return False

    def perform(self, cmd: dict) -> None:
        """Carry out a command for real, narrated (a scripted move or one the player skipped)."""
        s = self.table()
        action = self.kit.adapter.action_for(cmd)
        if action is None:
            self.meta(cmd)
            return
        if not s.commit(action):
            raise ContentError(self.course.source, f"lessons.{self.current_lesson().id}",
                               f"illegal scripted move {cmd}")
        while self.kit.rules.current_player(s.state) == CHANCE:
            s.commit(None)
        s.say(s.narrator.flush(s.listener_view()), narrated=True)  # a scripted move is heard at once

    def task(self, step) -> None:
        expected = dict(step.value)
        fixed = {k: v for k, v in expected.items() if k not in step.free}
        wrong = 0
        rendered = self.g.render(expected)
        self.recent.append(Message(self.c.get(step.hint), "info", HIGH))
        while True:
            line = self.read()
            ctl = self.control(line.text)
            if ctl == expected["intent"]:
                ctl = None  # the task is to say exactly this (help, repeat)
            if ctl == "next":
                self.do_for_player(step, expected, rendered)
                self.recent = []
                return
            if ctl:
                self.common_control(ctl, step.hint)
                continue
            s = self.table()
            legal = self.kit.rules.legal_actions(s.state)
            problem: CommandError | None = None
            try:
                u = self.understand(line, legal, engine_refusal(self.kit.rules, s.state))
            except CommandError as exc:
                u, problem = None, exc
            except Exception:  # noqa: BLE001 - the player hears one sentence, never a traceback
                if self.debug:
                    traceback.print_exc()
                u = None
            if u is not None and _fits(u.command, fixed, step.free):
                # with free slots the player's own choice is carried out: a wrong beat is booed
                self.perform(dict(u.command) if step.free else expected)
                if step.done:
                    self.say(step.done, remember=False)
                self.recent = []
                return
            if u is not None and not u.confirm and u.action is None and u.command["intent"] in meta_intents(self.kit.questions) \
                    and u.command["intent"] not in ("yes", "no", "ready"):
                self.meta(u.command)
                continue
            if u is None and not isinstance(problem, NotAllowed):  # not understood, or which one?
                ctl = self.control(line.text, fuzzy=True)
                if ctl and ctl != expected["intent"]:
                    if ctl == "next":
                        self.do_for_player(step, expected, rendered)
                        self.recent = []
                        return
                    self.common_control(ctl, step.hint)
                    continue
            wrong += 1
            self.answer_wrong(u, problem)
            self.say(step.hint, remember=False)
            if wrong >= 2 and not step.free:  # a free answer is the player's own (a pattern to remember)
                self.say("tutorial.say_exactly", remember=False, command=rendered)

    def do_for_player(self, step, expected: dict, rendered: str) -> None:
        """"weiter" in a task: the lesson's move is made for the player. A memory step (the
        player's own choice, ``free``) is never told: its answer is the pattern to remember."""
        if step.free:
            self.say("tutorial.did_for_you_hidden", remember=False)
        else:
            self.say("tutorial.did_for_you", remember=False, command=rendered)
        self.perform(expected)

    def answer_wrong(self, u: Understanding | None, problem: CommandError | None) -> None:
        """Why an answer was not the task's: not allowed now, another command, or not understood."""
        s = self.table()
        if isinstance(problem, NotAllowed) and problem.action is not None:
            if problem.error is None:
                self.say("tutorial.not_now", remember=False, command=self.g.render(problem.command))
            else:
                s.say(s.narrator.reason(problem.error, s.listener_view()))
        elif u is not None:
            self.say("tutorial.other_command", remember=False, command=self.g.render(u.command))
        else:
            self.say("tutorial.not_understood", remember=False)

    # --- the guided game ---------------------------------------------------------
    def guided_game(self, step) -> None:
        v = step.value
        if v.get("intro"):
            self.say(v["intro"])
        kit = self.kit
        level = v.get("level") or (kit.bot_levels[0] if kit.bot_levels else None)
        bots = list(v.get("bots", ["Amadeus"]))
        seats = [Seat(self.name)] + [Seat(b, level) if level else Seat(b) for b in bots]
        seed = int(v.get("seed", 1))
        deck = kit.parse_deck(v["deck"]) if "deck" in v else None
        state = kit.new_game([s.name for s in seats], list(v.get("variants", [])), seed, deck)
        feed = _GuidedInputs(self, dict(v.get("tips", {})))
        self.told = None
        session = Session(kit, state, seats, self.g, self.c, self.out, feed, seed=seed, audio=self.audio,
                          debug=self.debug)
        feed.session = session
        if v.get("guide"):
            feed.add_guide(kit.make_bot(v["guide"], seed * 1000 + 999), v)
            session.narrator.examples = False  # the guide's suggestion is the one the player hears
        self.session = session
        self.attach(session)
        session.start(kit.rules.opening_events(state))
        try:
            session.run()
        except Leave as lv:
            if lv.how not in ("skip", "next"):
                raise
            self.say("tutorial.game_left")
            return
        if kit.rules.is_over(session.state) and v.get("done"):
            self.say(v["done"])


def _fits(command: dict, fixed: dict, free: tuple[str, ...]) -> bool:
    """The player's command is the task's: equal in every slot that is not free."""
    return all(command.get(k) == v for k, v in fixed.items()) and set(command) <= set(fixed) | set(free)


class _GuidedInputs:
    """The guided game's input: the player's lines, with a tip the first time each
    phase comes up and the tutorial's control words taken out.

    With a guide (a bot playing the player's seat in its head, hearing only what the
    player may hear) each decision of the player gets a suggested move; "yes" with no
    question open carries it out. In the ``hide`` phases the move is not read out
    (Concerto: it would tell the beat pattern the player should remember), nor for the
    ``quiet`` intents (the usual move, such as drawing)."""

    def __init__(self, runner: TutorialRunner, tips: dict):
        self.runner = runner
        self.tips = tips
        self.given: set[str] = set()
        self.session: Session | None = None
        self.guide: Bot | None = None
        self.options: dict = {}
        self.suggested_for: Any = None  # the state the current suggestion belongs to
        self.suggestion: str | None = None
        self.hidden_told = False

    def add_guide(self, bot: Bot, options: dict) -> None:
        self.guide = bot
        self.options = options
        self.yes_phrases = self.runner.g.phrases(self.runner.kit.adapter.game, ["yes"])
        if self.session is None:
            raise RuntimeError("the guide needs the guided game's session")
        self.session.observe(0, bot)  # the session feeds the guide with everything seat 0 hears

    def __iter__(self):
        return self

    def suggest(self) -> None:
        r, s, guide = self.runner, self.session, self.guide
        if s is None or guide is None:  # called once both are set (see __next__)
            return
        if s.state is self.suggested_for:
            return
        self.suggested_for = s.state
        self.suggestion = None
        r.told = None
        rules = r.kit.rules
        if rules.current_player(s.state) != 0 or rules.is_over(s.state):
            return
        legal: list[Action] = rules.legal_actions(s.state)
        try:
            action: Action = guide.choose(r.kit.view(s.state, 0), legal)
        except Exception:  # noqa: BLE001 - without a suggestion the game goes on
            if r.debug:
                traceback.print_exc()
            return
        cmd = r.kit.adapter.command_for(action) if action in legal else None
        if cmd is None:  # a move the grammar cannot say: the closest one it can
            kind = action.kind
            spoken = [(a, r.kit.adapter.command_for(a)) for a in legal]
            spoken = [(a, c) for a, c in spoken if c is not None]
            same = [c for a, c in spoken if a.kind == kind]
            cmd = (same or [c for _, c in spoken] or [None])[0]
        if cmd is None:
            return
        self.suggestion = r.g.render(cmd)
        phase = str(r.kit.view(s.state, 0).get("phase"))
        if phase not in self.options.get("hide", []):
            r.told = cmd  # listened for in its other forms too ("karte ziehen")
        if cmd["intent"] in self.options.get("quiet", []):
            return  # the usual move: "yes" still carries it out
        if phase in self.options.get("hide", []):
            if not self.hidden_told and self.options.get("suggest_hidden"):
                self.hidden_told = True
                r.say(self.options["suggest_hidden"], remember=False)
        elif self.options.get("suggest"):
            r.say(self.options["suggest"], remember=False, command=self.suggestion)

    def __next__(self) -> InputLine:
        r = self.runner
        if self.session is not None:
            phase = str(r.kit.view(self.session.state, 0).get("phase"))
            if phase in self.tips and phase not in self.given:
                self.given.add(phase)
                r.say(self.tips[phase])
            if self.guide is not None:
                self.suggest()
        line = r.read()
        ctl = r.control(line.text)
        while ctl == "next":  # a pause's word, said out of habit, never ends the game (issue 25)
            r.say("tutorial.game_next", remember=False)
            line = r.read()
            ctl = r.control(line.text)
        if ctl in ("skip", "back", "end_tutorial"):
            raise Leave({"end_tutorial": "end"}.get(ctl, ctl))
        s = self.session
        if self.suggestion and s is not None and not s.question_open \
                and match(r.g, line.text, self.yes_phrases).kind == "exact":
            # the move's own narration follows at once: the suggestion is not said again
            line = InputLine(self.suggestion, line.confidence, line.source)
        return line
