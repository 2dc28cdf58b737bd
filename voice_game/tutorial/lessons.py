"""Lesson files: each game's ``tutorials/<course>.toml`` (its definition's ``tutorials``),
validated when loaded.

Layout (every player-facing text is a message key into ``locales/<lang>/tutorial.ftl``
or another catalog; every command is a grammar command dict)::

    game = "orchestra"          # the game kit the lessons run on
    title = "tutorial.orchestra.title"

    [[lessons]]
    id = "draw"                 # unique; progress is stored by lesson id
    title = "tutorial.orchestra.draw.title"
    bots = ["Amadeus", "Clara"] # seats after the player's (scripted opponents)
    deck = ["tuba", "violin"]   # optional: prepared draw pile, top card first
    variants = []               # optional
    seed = 1                    # optional
    prelude = [{intent = "draw"}, ...]   # optional: moves made silently before the steps

    [[lessons.steps]]           # one kind per step:
    say = "key" | ["key", ...]  #   explain
    wait = "key"                #   explain, then wait for "weiter"
    table = true                #   read the table overview
    sounds = [["family.tuba", "orchestra.family.tuba"], ["event.place", "key", -1.0]]
    do = {intent = "draw"}      #   the player must say this; with hint = "key", done = "key";
                                #   free = ["pattern"]: those slots may differ, and the player's own
                                #   command is carried out (a wrong beat pattern is booed for real)
    other = {intent = "draw"}   #   an opponent's scripted move, narrated
    play = {seed = 7, deck = [...], bots = ["Amadeus"], level = "bot", tips = {turn = "key"},
            guide = "bot-strong", suggest = "key", suggest_hidden = "key", hide = ["conduct"]}
                                #   a guided game; with a guide (a bot level) the player hears a
                                #   suggested move ("suggest", {command}) and "yes" carries it out;
                                #   in the "hide" phases the move is not read out ("suggest_hidden"),
                                #   nor for the intents in quiet = ["draw"] (the usual move)
    practice = {...}            #   a drill of the game's own (its definition's ``drill``)
    when = "give_up"            # any step: run it only in this phase of the table (the player's
                                # view), "!give_up" only outside it; "a|b" either (the player's
                                # own answers decide how a lesson goes on)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any, cast
from pathlib import Path

from voice_game.core.errors import ContentError

STEP_KINDS = ("say", "wait", "table", "sounds", "do", "other", "play", "practice")


@dataclass
class Step:
    kind: str
    value: Any  # by kind: a command, message keys, a cue list, a play table ...
    hint: str | None = None
    done: str | None = None
    extra: dict = field(default_factory=dict)
    when: str | None = None  # the phases the step runs in ("a|b"; "!a" all but a)
    free: tuple[str, ...] = ()  # slots of a task the player chooses

    def applies(self, phase: str) -> bool:
        if self.when is None:
            return True
        negate = self.when.startswith("!")
        phases = self.when.lstrip("!").split("|")
        return (phase in phases) != negate


@dataclass
class Lesson:
    id: str
    title: str
    bots: list[str]
    deck: object | None
    variants: list[str]
    seed: int
    prelude: list[dict]
    steps: list[Step]

    @property
    def has_table(self) -> bool:
        return self.deck is not None or bool(self.prelude)


@dataclass
class Course:
    name: str
    game: str
    title: str
    lessons: list[Lesson]
    source: str

    def index_of(self, lesson_id: str) -> int | None:
        for i, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                return i
        return None

    def message_keys(self) -> set[str]:
        keys = {self.title}
        for lesson in self.lessons:
            keys.add(lesson.title)
            for st in lesson.steps:
                keys |= _step_keys(st)
        return keys

    def commands(self) -> list[dict]:
        out = [c for lesson in self.lessons for c in lesson.prelude]
        for lesson in self.lessons:
            for st in lesson.steps:
                if st.kind in ("do", "other"):
                    out.append(st.value)
        return out


def _step_keys(st: Step) -> set[str]:
    keys: set[str] = set()
    if st.kind == "say":
        keys |= set(st.value)
    elif st.kind == "wait":
        keys.add(st.value)
    elif st.kind == "sounds":
        keys |= {item[1] for item in st.value}
    elif st.kind in ("play", "practice"):
        for k in ("intro", "done", "suggest", "suggest_hidden"):
            if isinstance(st.value.get(k), str):
                keys.add(st.value[k])
        keys |= {v for v in st.value.get("tips", {}).values()}
    for key in (st.hint, st.done):
        if key:
            keys.add(key)
    return keys


def courses() -> dict[str, Path]:
    """Every game's courses (course name -> lesson file), in menu order."""
    from voice_game.games import definitions

    return {t.course: t.path for d in definitions() for t in d.tutorials}


def available() -> list[str]:
    return sorted(courses())


def load_course(name: str, path: Path | None = None) -> Course:
    """Read and validate one lesson file. Raises ContentError naming the place."""
    path = Path(path) if path else courses().get(name, Path(f"{name}.toml"))
    src = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(src, "/", "no such tutorial") from exc
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(src, "/", f"cannot read: {exc}") from exc

    def need(cond, where, problem):
        if not cond:
            raise ContentError(src, where, problem)

    need(isinstance(raw.get("game"), str), "game", "must name a game")
    need(isinstance(raw.get("title"), str), "title", "must be a message key")
    need(isinstance(raw.get("lessons"), list) and raw["lessons"], "lessons", "needs at least one lesson")
    lessons: list[Lesson] = []
    seen: set[str] = set()
    for i, lr in enumerate(raw["lessons"]):
        where = f"lessons[{i}]"
        need(isinstance(lr, dict), where, "must be a table")
        lid = lr.get("id")
        need(isinstance(lid, str) and lid and lid not in seen, f"{where}.id", "needs a unique id")
        seen.add(lid)
        where = f"lessons.{lid}"
        need(isinstance(lr.get("title"), str), f"{where}.title", "must be a message key")
        bots = lr.get("bots", [])
        need(isinstance(bots, list) and all(isinstance(b, str) and b for b in bots), f"{where}.bots",
             "must be a list of names")
        deck = lr.get("deck")
        need(deck is None or isinstance(deck, (list, dict)), f"{where}.deck", "must be a list or a table")
        variants = lr.get("variants", [])
        need(isinstance(variants, list) and all(isinstance(v, str) for v in variants), f"{where}.variants",
             "must be a list of names")
        seed = lr.get("seed", 1)
        need(isinstance(seed, int), f"{where}.seed", "must be a number")
        prelude = lr.get("prelude", [])
        need(isinstance(prelude, list), f"{where}.prelude", "must be a list of commands")
        for k, c in enumerate(prelude):
            _check_command(c, f"{where}.prelude[{k}]", need)
        steps_raw = lr.get("steps")
        need(isinstance(steps_raw, list) and steps_raw, f"{where}.steps", "needs at least one step")
        steps = []
        for k, sr in enumerate(steps_raw):
            steps.append(_step(sr, f"{where}.steps[{k}]", need))
        lessons.append(Lesson(lid, lr["title"], list(bots), deck, list(variants), seed,
                              [dict(c) for c in prelude], steps))
    return Course(path.stem, raw["game"], raw["title"], lessons, src)


def _check_command(c, where, need) -> None:
    need(isinstance(c, dict) and isinstance(c.get("intent"), str), where, "a command needs an intent")
    for k, v in c.items():
        need(isinstance(v, (str, int)) and not isinstance(v, bool), where, f"slot {k} must be a word or number")


def _step(sr, where, need) -> Step:
    need(isinstance(sr, dict), where, "must be a table")
    kinds = [k for k in STEP_KINDS if k in sr]
    need(len(kinds) == 1, where, f"needs exactly one of {', '.join(STEP_KINDS)}")
    kind = kinds[0]
    value = sr[kind]
    hint = sr.get("hint")
    done = sr.get("done")
    need(hint is None or isinstance(hint, str), f"{where}.hint", "must be a message key")
    need(done is None or isinstance(done, str), f"{where}.done", "must be a message key")
    when = sr.get("when")
    need(when is None or (isinstance(when, str) and when.lstrip("!")), f"{where}.when", "must name phases")
    free = sr.get("free", [])
    need(isinstance(free, list) and all(isinstance(f, str) and f != "intent" for f in free), f"{where}.free",
         "must be a list of slot names")
    need(not free or kind == "do", f"{where}.free", "only a task has free slots")
    if kind == "say":
        value = [value] if isinstance(value, str) else value
        need(isinstance(value, list) and value and all(isinstance(v, str) for v in value), where,
             "say needs message keys")
    elif kind == "wait":
        need(isinstance(value, str), where, "wait needs a message key")
    elif kind == "table":
        need(value is True, where, "table must be true")
    elif kind == "sounds":
        from voice_game.audio.cues import CUE_IDS

        cue_ids = cast("tuple[str, ...]", CUE_IDS)  # built on first use by the module's __getattr__
        need(isinstance(value, list) and value, where, "sounds needs [cue, name key] pairs")
        for item in value:
            need(isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) for x in item[:2]),
                 where, "each sound is [cue, name key] or [cue, name key, pan]")
            need(item[0] in cue_ids, where, f"unknown cue {item[0]!r}")
            if len(item) == 3:
                need(isinstance(item[2], (int, float)) and -1 <= item[2] <= 1, where, "pan must be -1..1")
    elif kind in ("do", "other"):
        _check_command(value, where, need)
        if kind == "do":
            need(isinstance(hint, str), f"{where}.hint", "a task needs a hint")
    elif kind in ("play", "practice"):
        need(isinstance(value, dict), where, f"{kind} must be a table")
        tips = value.get("tips", {})
        need(isinstance(tips, dict) and all(isinstance(v, str) for v in tips.values()), f"{where}.tips",
             "tips map a phase to a message key")
    return Step(kind, value, hint, done, when=when, free=tuple(free))


def validate_against(course: Course, catalog, grammar) -> list[str]:
    """Problems that depend on a language: missing message keys, unknown intents."""
    problems = [f"missing message {k}" for k in sorted(course.message_keys()) if not catalog.has(k)]
    for c in course.commands():
        if c["intent"] not in grammar.intents:
            problems.append(f"unknown intent {c['intent']}")
    return problems
