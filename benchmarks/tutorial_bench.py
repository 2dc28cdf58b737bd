"""Benchmark: how long each tutorial course speaks, start to finish.

Each course runs to its end exactly as ``voice-game tutorial COURSE --tts text`` does
with a pipe, the player being tests.support.scripted_player.ScriptedPlayer: it answers
every task right (the lesson's own command, "weiter" at each pause, the drill's answers,
one wrong pattern first as the tests do), and in a guided game types the move a bot of
the default level would choose for its seat (hearing only what that seat may hear),
never "yes" to a suggestion. Every printed line is rendered with the game's own
synthesizer (libespeak-ng, or the espeak-ng program) at the default rate and its
duration measured from the samples; sound cues are not counted, only speech.

Printed per course and language: minutes of speech, words and lines, and the same for
the guided game alone; ``--by-lesson`` splits them by lesson, ``--show COURSE`` prints
that course's lines.

Run: nice -n 10 uv run python benchmarks/tutorial_bench.py [--langs de,en] [--courses orchestra,concerto]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.narration_bench import Durations  # noqa: E402
from benchmarks.narration_bench import Lines as GameLines  # noqa: E402
from voice_game.audio.speech import RATE_DEFAULT  # noqa: E402



class Lines(GameLines):
    """The tutorial's stdout: every line, and which of them the guided game said."""

    def line(self, line: str) -> None:
        self.driver.lines.append((line, self.driver.in_game))
        lesson = getattr(self.driver.runner, "lesson", None)
        self.driver.lessons.append(lesson.id if lesson is not None else "")


class GamePlayer:
    """In a guided game: the move a bot of the default level chooses for the player's seat."""

    def __init__(self, seed: int = 4242):
        self.seed = seed
        self.session: Any = None
        self.brain: Any = None

    def __call__(self, runner) -> str | None:
        s, kit = runner.session, runner.kit
        if s is not self.session:  # a new guided game: a bot hears what the player hears
            self.session = s
            self.brain = kit.make_bot("bot", self.seed)
            if hasattr(self.brain, "seat"):
                self.brain.seat = 0
            s.observe(0, self.brain)
        legal = kit.rules.legal_actions(s.state)
        action = self.brain.choose(kit.view(s.state, 0), legal)
        cmd = kit.adapter.command_for(action)
        if cmd is None:
            cmd = next((c for c in map(kit.adapter.command_for, legal) if c is not None), None)
        return None if cmd is None else s.g.render(cmd)


class Driver:
    """What was said (and whether in a guided game), lesson by lesson."""

    def __init__(self) -> None:
        self.runner: Any = None  # the TutorialRunner
        self.lines: list[tuple[str, bool]] = []
        self.lessons: list[str] = []  # the lesson each line was said in

    @property
    def in_game(self) -> bool:
        step = getattr(self.runner, "step", None)
        return step is not None and step.kind == "play"


def run_course(course_name: str, lang: str) -> Driver:
    from voice_game.audio.text import TextOutput
    from voice_game.tutorial.progress import Progress
    from voice_game.tutorial.runner import TutorialRunner
    from tests.support.scripted_player import ScriptedPlayer

    driver = Driver()
    tmp = tempfile.mkdtemp(prefix="tutorial-bench-")
    runner = TutorialRunner(course_name, lang, TextOutput(cast(Any, Lines(driver))), [],
                            progress=Progress(Path(tmp) / "progress.json"), restart=True)
    driver.runner = runner
    from voice_game.games.concerto.practice import answer_lines

    runner.inputs = ScriptedPlayer(runner, lang, game=GamePlayer(), drill=answer_lines)
    runner.run()
    return driver


def main() -> None:
    from voice_game.tutorial.lessons import available

    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--courses", default=",".join(available()))
    ap.add_argument("--show", default="", help="print the lines of this course")
    ap.add_argument("--by-lesson", action="store_true", help="minutes and words of each lesson")
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
            if args.by_lesson:
                for lid in dict.fromkeys(d.lessons):
                    mine = [x for (x, _), ll in zip(d.lines, d.lessons, strict=True) if ll == lid]
                    print(f"    {lid or '(course)':16s} {sum(dur(x) for x in mine) / 60:5.2f} min "
                          f"{sum(len(x.split()) for x in mine):5d} words")
            if name == args.show:
                print("\n".join(("  G " if g else "  > ") + x for x, g in d.lines))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
