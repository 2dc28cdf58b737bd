"""Benchmark: how long routine narration takes to hear.

Seeded games are played through the command line exactly as a pipe would
(``voice-game play <game> --tts text --players "Anna,bot:Amadeus,bot:Clara"``): the
human seat types the command a bot of the default level would choose, rendered as
the words of the game's grammar. Every printed line is rendered with the game's own
synthesizer (libespeak-ng, or the espeak-ng program) at the default rate and its
duration measured from the samples; no sound device is needed.

A *cycle* is everything heard from one of the human's turns to the next: the result
of the human's action(s), the bots' turns and the next prompt. Printed per game,
language and verbosity level: seconds and words per cycle (median, p90); for
Concerto separately the cycles where the human placed an instrument, those where
a bot conducted (and the human did not), those where the human conducted, the opening (before the first prompt) and "help" on a normal turn;
and words per turn in bot-only games (3 seats).

Run: nice -n 10 uv run python benchmarks/narration_bench.py [--seeds 6] [--cycles 30]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_game.audio.speech import RATE_DEFAULT, make_synth, pause_ms, split_sentences, trim  # noqa: E402

LEVELS = ("brief", "default", "verbose")
HUMAN = "Anna"
BOTS = "bot:Amadeus,bot:Clara"


def render_text(synth, text: str, wpm: int) -> list:
    """Every sentence of ``text`` synthesized and trimmed, as the game plays it."""
    out = []
    for sentence in split_sentences(text):
        pcm, rate = synth.synthesize(sentence, wpm)
        out.append((trim(pcm, rate, tail_ms=pause_ms(wpm)), rate))
    return out


class Durations:
    """Seconds of synthesized speech per line, cached (lines repeat a lot)."""

    def __init__(self, lang: str):
        self.synth = make_synth(lang)
        self.cache: dict[str, float] = {}

    def __call__(self, text: str) -> float:
        if text not in self.cache:
            self.cache[text] = sum(len(pcm) / rate for pcm, rate in render_text(self.synth, text, RATE_DEFAULT))
        return self.cache[text]


def set_level(narrator, level: str) -> None:
    if hasattr(narrator, "detail"):
        narrator.detail = level
    else:  # before three levels existed: a verbose flag, on by default
        narrator.verbose = level != "brief"


class QuietCues:
    """A sound player that plays nothing: the session speaks as it does with sound."""

    def play_cue(self, cue, pan=None) -> None:
        pass


class Lines(io.TextIOBase):
    """stdout of the game: each line goes to the driver's current record."""

    def __init__(self, driver):
        self.driver = driver
        self.buf = ""

    def write(self, s: str) -> int:
        self.buf += s
        while "\n" in self.buf:
            line, self.buf = self.buf.split("\n", 1)
            if line.strip():
                self.line(line)
        return len(s)

    def line(self, line: str) -> None:
        self.driver.current.append(line)


class Driver:
    """The human's keyboard: answers each read with the words for a bot's choice."""

    def __init__(self, level: str, seed: int, max_cycles: int, help_at: int = 2):
        self.level = level
        self.seed = seed
        self.max_cycles = max_cycles
        self.help_at = help_at
        self.session = None
        self.opening: list[str] | None = None
        self.current: list[str] = []
        self.cycles: list[dict] = []
        self.cycle: dict | None = None
        self.help: list[str] | None = None
        self.in_help = False
        self.bots_moved = False
        self.events: list = []
        self.brain = None

    # --- wiring into the session ----------------------------------------------
    def attach(self, session) -> None:
        self.session = session
        set_level(session.narrator, self.level)
        session.audio = QuietCues()  # cues "play": what a cue carries is not spoken
        kit = session.kit
        human = min(session.humans) if session.humans else -1
        self.human = human
        if human >= 0:
            self.brain = kit.make_bot("bot", 4242 + self.seed)
            if hasattr(self.brain, "seat"):
                self.brain.seat = human
        log = session.log_events
        feed = session.feed_bots

        def log_events(events):
            self.events.extend(events)
            for e in events:
                p = e.get("player") if hasattr(e, "get") else None
                if p is not None and p != human:
                    self.bots_moved = True
            log(events)

        def feed_bots(events):
            feed(events)
            observe = getattr(self.brain, "observe", None) if self.brain else None
            if observe is not None:
                for e in events:
                    if e.visible_to(human):
                        observe(e)

        session.log_events = log_events
        session.feed_bots = feed_bots

    def __iter__(self):
        return self

    def __next__(self) -> str:
        s = self.session
        if self.opening is None:
            self.opening = self.current
            self.current = []
            self.new_cycle()
        elif self.in_help:
            self.help = self.current
            self.current = []
            self.in_help = False
        elif self.bots_moved:
            self.close_cycle()
            if len(self.cycles) >= self.max_cycles:
                raise StopIteration
            self.new_cycle()
        self.bots_moved = False
        kit = s.kit
        if kit.rules.is_over(s.state):
            raise StopIteration  # the end of the pipe (not "yes" to another game)
        legal = kit.rules.legal_actions(s.state)
        if self.help is None and len(self.cycles) >= self.help_at and self.cycle_actions() == 0 \
                and any(kit.adapter.command_for(a) for a in legal):
            self.in_help = True
            self.cycle["lines"].extend(self.current)
            self.current = []
            return s.g.render({"intent": "help"})
        action = self.brain.choose(kit.view(s.state, self.human), legal)
        if kit.adapter.command_for(action) is None:
            action = next((a for a in legal if kit.adapter.command_for(a) is not None), None)
            if action is None:
                raise StopIteration
        self.cycle["actions"].append(action.kind)
        return s.g.render(kit.adapter.command_for(action))

    def cycle_actions(self) -> int:
        return len(self.cycle["actions"]) if self.cycle else 0

    def new_cycle(self) -> None:
        self.cycle = {"lines": [], "actions": [], "events": len(self.events)}

    def close_cycle(self) -> None:
        c = self.cycle
        c["lines"].extend(self.current)
        self.current = []
        c["events"] = self.events[c["events"]:]
        self.cycles.append(c)


def play(game: str, lang: str, level: str, seed: int, max_cycles: int, players: str) -> Driver:
    from voice_game.cli import build_parser, play as cli_play

    driver = Driver(level, seed, max_cycles)
    args = build_parser().parse_args(["play", game, "--lang", lang, "--tts", "text", "--seed", str(seed),
                                      "--players", players])
    with contextlib.redirect_stdout(Lines(driver)):
        cli_play(args, inputs=driver)
    return driver


def kind_of(game: str, cycle: dict, human: int) -> str:
    if game == "orchestra":
        # routine: I draw and place, each bot has one turn, no round ends
        types = [e.type for e in cycle["events"]]
        if cycle["actions"] == ["draw", "place"] and "round_ended" not in types and "game_over" not in types:
            return "routine"
        return "other"
    # the human's own performance is a dialogue (one beat per input), not routine narration
    if "conduct" in cycle["actions"]:
        return "you conduct"
    for e in cycle["events"]:
        if e.type == "performance_started" and e.get("player") != human:
            return "bot conducts"
    if cycle["actions"][:1] == ["place"]:
        return "placing"
    return "other"


def stats(values) -> str:
    v = sorted(values)
    if not v:
        return "no data"
    p90 = v[min(len(v) - 1, int(round(0.9 * (len(v) - 1))))]
    return f"median {statistics.median(v):5.1f}  p90 {p90:5.1f}  (n={len(v)})"


def bot_only_words(game: str, lang: str, level: str, seed: int) -> tuple[int, int]:
    driver = play(game, lang, level, seed, 10 ** 6, "bot:Amadeus,bot:Clara,bot:Dora")
    lines = (driver.opening or []) + driver.current
    words = sum(len(line.split()) for line in lines)
    turns = sum(1 for e in driver.events if e.type == "turn")
    return words, turns


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--cycles", type=int, default=30, help="cycles per game at most")
    ap.add_argument("--games", default="orchestra,concerto")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--show", type=int, default=0, help="print the lines of this many cycles per game")
    ap.add_argument("--kind", default="", help="with --show: only cycles of this kind")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="narration-bench-")
    os.environ["VOICE_GAME_CONFIG_DIR"] = tmp  # the user's settings never change the figures
    os.environ["VOICE_GAME_DATA_DIR"] = tmp
    players = f"{HUMAN},{BOTS}"
    print(f"narration benchmark: {args.seeds} seeds, players {players!r}, {RATE_DEFAULT} words a minute")
    for lang in args.langs.split(","):
        dur = Durations(lang)
        for game in args.games.split(","):
            for level in args.levels.split(","):
                secs: dict[str, list] = {}
                words: dict[str, list] = {}
                opening_s, opening_w, help_s, help_w = [], [], [], []
                for seed in range(1, args.seeds + 1):
                    d = play(game, lang, level, seed, args.cycles, players)
                    human = d.human
                    if seed == 1 and args.show:
                        print("\n".join(["  > " + x for x in d.opening or []]))
                        for c in [c for c in d.cycles if args.kind in ("", kind_of(game, c, human))][:args.show]:
                            print(f"  --- {kind_of(game, c, human)} {c['actions']}")
                            print("\n".join("  > " + x for x in c["lines"]))
                    for c in d.cycles:
                        for k in (kind_of(game, c, human), "all cycles"):
                            secs.setdefault(k, []).append(sum(dur(x) for x in c["lines"]))
                            words.setdefault(k, []).append(sum(len(x.split()) for x in c["lines"]))
                    opening_s.append(sum(dur(x) for x in d.opening or []))
                    opening_w.append(sum(len(x.split()) for x in d.opening or []))
                    if d.help is not None:
                        help_s.append(sum(dur(x) for x in d.help))
                        help_w.append(sum(len(x.split()) for x in d.help))
                print(f"\n{game} {lang} {level}")
                for k in sorted(secs):
                    if k == "other":
                        continue
                    print(f"  {k:13s} seconds {stats(secs[k])}   words {stats(words[k])}")
                print(f"  {'opening':13s} seconds {stats(opening_s)}   words {stats(opening_w)}")
                print(f"  {'help':13s} seconds {stats(help_s)}   words {stats(help_w)}")
                tw = [bot_only_words(game, lang, level, seed) for seed in range(1, args.seeds + 1)]
                per_turn = [w / t for w, t in tw if t]
                print(f"  {'bot-only':13s} words per turn {stats(per_turn)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
