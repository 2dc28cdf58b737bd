"""Concerto practice: beat patterns for a growing orchestra, conducted by voice or typing.

A ``practice`` step (see ``lessons``)::

    practice = {seed = 11, start = 2, rounds = 4, intro = "key", done = "key"}

Round one gives the player a starting orchestra of ``start`` instruments, each round
after adds one more. Every new instrument's pattern is announced once (its name with
the instrument's and the pattern's sound cues), never again. Then the player conducts
a drill: a short piece of instruments from the orchestra in a given order, named one
by one as "<instrument> <pattern>" (the game's own ``beat`` command). Each answer is
cheered or booed at once, and the number of remembered patterns is spoken back after
every drill and at the end.
"""
from __future__ import annotations

from dataclasses import dataclass

from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.cues import INSTRUMENTS, PATTERNS
from voice_game.commands.grammar import load_grammar
from voice_game.commands.matcher import match
from voice_game.core.rng import Rng
from voice_game.narration.catalog import Noun
from voice_game.narration.message import HIGH, Message


@dataclass
class Round:
    added: list[tuple[str, str]]  # (instrument, pattern) new this round
    piece: list[str]  # instruments to conduct, in order


def plan(step_value: dict) -> list[Round]:
    """The whole practice, decided by the seed (the same plan the answers are checked against)."""
    rng = Rng(int(step_value.get("seed", 1)))
    start = max(1, int(step_value.get("start", 2)))
    rounds = max(1, int(step_value.get("rounds", 4)))
    pool = list(INSTRUMENTS)
    rng.shuffle(pool)
    orchestra: list[str] = []
    out = []
    for r in range(rounds):
        added = []
        for _ in range(start if r == 0 else 1):
            if not pool:
                break
            inst = pool.pop(0)
            added.append((inst, rng.choice(list(PATTERNS))))
            orchestra.append(inst)
        size = min(len(orchestra), 2 + r // 2)
        piece = rng.sample(list(orchestra), size)
        out.append(Round(added, piece))
    return out


def patterns_of(rounds: list[Round]) -> dict[str, str]:
    return {inst: pat for rd in rounds for inst, pat in rd.added}


def answer_lines(step, lang: str, wrong_first: bool = True) -> list[str]:
    """What a player who remembers everything says (tests); one wrong pattern first."""
    g = load_grammar(lang)
    rounds = plan(step.value)
    pats = patterns_of(rounds)
    lines = []
    for i, rd in enumerate(rounds):
        for j, inst in enumerate(rd.piece):
            pat = pats[inst]
            if wrong_first and i == 0 and j == 0:
                pat = next(p for p in PATTERNS if p != pat)
            lines.append(g.render({"intent": "beat", "instrument": inst, "pattern": pat}))
    return lines


def _one_pattern(runner, phrases, say, inst, pat, x: str, pattern: str) -> bool:
    """Ask for the pattern of instrument ``x`` until an answer names it; True when right."""
    c, g = runner.c, runner.g
    beats = tuple({"intent": "beat", "instrument": x, "pattern": p} for p in PATTERNS)  # the player's choice
    while True:
        line = runner.read(beats)
        ctl = runner.control(line.text)
        if ctl == "next":
            say(c.get("tutorial.practice.told", instrument=inst(x), pattern=pat(pattern)),
                f"pattern.{pattern}", remember=False)
            return False
        if ctl:
            runner.common_control(ctl, "tutorial.practice.help", instrument=inst(x))
            continue
        m = match(g, line.text, phrases)
        if m.kind not in ("exact", "clear", "close"):
            say(c.get("tutorial.practice.say_like", instrument=inst(x)), remember=False)
            continue
        said_inst, said_pat = m.command["instrument"], m.command["pattern"]
        if said_inst != x:
            say(c.get("tutorial.practice.other_instrument", instrument=inst(x)), remember=False)
            continue
        if said_pat == pattern:
            say(c.get("tutorial.practice.bravo", instrument=inst(x), pattern=pat(said_pat)),
                "event.applause", remember=False)
            return True
        say(c.get("tutorial.practice.boo", instrument=inst(x), pattern=pat(pattern)),
            "event.boos", remember=False)
        return False


def run_practice(runner, step) -> None:
    v = step.value
    c = runner.c
    g = runner.g
    phrases = g.phrases("concerto", ["beat"])
    rounds = plan(v)
    pats = patterns_of(rounds)

    def inst(x):  # with its grammar: "Streicher" is plural ("Streicher schlagen Kreis")
        g = load_content().name_grammar(c.lang, x)
        return Noun(c.get(f"instrument.{x}.name"), g.number, g.gender)

    def pat(x):
        return c.get(f"pattern.{x}.name")

    def say(text, cue=None, remember=True):
        m = Message(text, "info", HIGH, cue)
        if remember:
            runner.recent.append(m)
        runner.say_msgs([m])

    if v.get("intro"):
        runner.say(v["intro"])
    right = total = 0
    told = False  # "you hear it only this once" is said with the first pattern
    for n, rd in enumerate(rounds, 1):
        runner.recent = []
        for x, p in rd.added:
            say(c.get("tutorial.practice.new", instrument=inst(x)), f"instrument.{x}", remember=False)
            key = "tutorial.practice.pattern_next" if told else "tutorial.practice.pattern"
            say(c.get(key, instrument=inst(x), pattern=pat(p)), f"pattern.{p}", remember=False)
            told = True
        say(c.get("tutorial.practice.piece", number=n, instruments=", ".join(inst(x) for x in rd.piece)))
        got = 0
        for x in rd.piece:
            say(c.get("tutorial.practice.prompt", instrument=inst(x)))
            got += _one_pattern(runner, phrases, say, inst, pat, x, pats[x])
        right += got
        total += len(rd.piece)
        say(c.get("tutorial.practice.round_score", right=got, count=len(rd.piece)), remember=False)
    say(c.get("tutorial.practice.total", right=right, count=total), "event.game_end", remember=False)
    if v.get("done"):
        runner.say(v["done"])
