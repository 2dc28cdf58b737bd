"""Benchmark: how long each tutorial course speaks, start to finish.

Each course runs to its end exactly as ``voice-game tutorial COURSE --tts text`` does
with a pipe: a player who answers every task right (the lesson's own command, "weiter"
at each pause), answers the practice drill as the tests do (one wrong pattern first),
and in a guided game types the move a bot of the default level would choose for their
seat (hearing only what that seat may hear), never "yes" to a suggestion. Every printed
line is rendered with the game's own synthesizer (libespeak-ng, or the espeak-ng
program) at the default rate and its duration measured from the samples; sound cues
are not counted, only speech.

Printed per course and language: minutes of speech, words and lines, and the same for
the guided game alone. ``--show COURSE`` prints that course's lines.

Run: nice -n 10 uv run python benchmarks/tutorial_bench.py [--langs de,en] [--courses orchestra,concerto]
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.narration_bench import Durations  # noqa: E402
from voice_game.audio.speech import RATE_DEFAULT  # noqa: E402

NEXT = {"de": "weiter", "en": "next"}
PLAY = object()  # in the scripted answers: the guided game begins here


class Lines(io.TextIOBase):
    """The tutorial's stdout: every line, and which of them the guided game said."""

    def __init__(self, driver: Driver):
        self.driver = driver
        self.buf = ""

    def write(self, s: str) -> int:
        self.buf += s
        while "\n" in self.buf:
            line, self.buf = self.buf.split("\n", 1)
            if line.strip():
                self.driver.lines.append((line, self.driver.in_game))
        return len(s)


def scripted_answers(course, lang: str) -> list:
    """What a player who gets every task right types, lesson by lesson."""
    from voice_game.commands.grammar import load_grammar
    from voice_game.games.concerto.practice import answer_lines

    g = load_grammar(lang)
    out: list = []
    for lesson in course.lessons:
        for st in lesson.steps:
            if st.kind == "wait":
                out.append(NEXT[lang])
            elif st.kind == "do":
                out.append(g.render(st.value))
            elif st.kind == "play":
                out.append(PLAY)
            elif st.kind == "practice":
                out += answer_lines(st, lang)
    return out


class Driver:
    """The player's keyboard: the scripted answers, and in a guided game a bot's moves."""

    def __init__(self, answers: list, seed: int = 4242):
        self.answers = list(answers)
        self.seed = seed
        self.runner: Any = None  # the TutorialRunner reading these answers
        self.lines: list[tuple[str, bool]] = []
        self.in_game = False
        self.brain: Any = None  # the bot choosing the player's moves in a guided game
        self.session: Any = None  # the guided game's session

    def __iter__(self):
        return self

    def __next__(self) -> str:
        r = self.runner
        if self.in_game:
            s = r.session
            if s is self.session and not r.kit.rules.is_over(s.state):
                return self.game_move()
            self.in_game = False
        if not self.answers:
            raise StopIteration
        item = self.answers.pop(0)
        if item is PLAY:
            self.in_game = True
            self.session = r.session
            self.brain = r.kit.make_bot("bot", self.seed)
            if hasattr(self.brain, "seat"):
                self.brain.seat = 0
            self.session.observe(0, self.brain)
            return self.game_move()
        return item

    def game_move(self) -> str:
        s, kit = self.session, self.runner.kit
        legal = kit.rules.legal_actions(s.state)
        action = self.brain.choose(kit.view(s.state, 0), legal)
        cmd = kit.adapter.command_for(action)
        if cmd is None:
            cmd = next((c for c in map(kit.adapter.command_for, legal) if c is not None), None)
        if cmd is None:
            raise StopIteration
        return s.g.render(cmd)


def run_course(course_name: str, lang: str) -> Driver:
    from voice_game.audio.text import TextOutput
    from voice_game.tutorial.lessons import load_course
    from voice_game.tutorial.progress import Progress
    from voice_game.tutorial.runner import TutorialRunner

    course = load_course(course_name)
    driver = Driver(scripted_answers(course, lang))
    tmp = tempfile.mkdtemp(prefix="tutorial-bench-")
    runner = TutorialRunner(course_name, lang, TextOutput(cast(Any, Lines(driver))), driver,
                            progress=Progress(Path(tmp) / "progress.json"), restart=True)
    driver.runner = runner
    runner.run()
    return driver


def main() -> None:
    from voice_game.tutorial.lessons import available

    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--courses", default=",".join(available()))
    ap.add_argument("--show", default="", help="print the lines of this course")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tutorial-bench-")
    os.environ["VOICE_GAME_CONFIG_DIR"] = tmp  # the user's settings never change the figures
    os.environ["VOICE_GAME_DATA_DIR"] = tmp
    print(f"tutorial benchmark: every course to its end, {RATE_DEFAULT} words a minute")
    print(f"{'course':18s} {'lang':4s} {'minutes':>7s} {'words':>6s} {'lines':>5s}   guided game: "
          f"{'minutes':>7s} {'words':>6s}")
    for lang in args.langs.split(","):
        dur = Durations(lang)
        for name in args.courses.split(","):
            d = run_course(name, lang)
            finished = any(("Geschafft!" in x or "Well done!" in x) for x, _ in d.lines)
            secs = sum(dur(x) for x, _ in d.lines)
            words = sum(len(x.split()) for x, _ in d.lines)
            g_secs = sum(dur(x) for x, g in d.lines if g)
            g_words = sum(len(x.split()) for x, g in d.lines if g)
            note = "" if finished else "  (did not finish!)"
            print(f"{name:18s} {lang:4s} {secs / 60:7.1f} {words:6d} {len(d.lines):5d}   "
                  f"{'':13s}{g_secs / 60:7.1f} {g_words:6d}{note}")
            if name == args.show:
                print("\n".join(("  G " if g else "  > ") + x for x, g in d.lines))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
