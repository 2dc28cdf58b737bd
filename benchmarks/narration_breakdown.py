"""Where the seconds of a narration cycle go: speech per kind of message, pauses, cues.

The same seeded games as ``narration_bench.py`` (the human typing what a default bot
would choose), with every narrator message recorded as the session hands it over: its
kind, its cue and its words. Per cycle kind (Concerto: placing, bot conducts, you
conduct; Tierorchester: routine) and for the opening it prints the mean seconds per
cycle of

* speech: the synthesized sentences without their trailing pause, by message kind and
  cue ("bot move", "bot result", "new piece", "refill prompt", ...);
* pauses: the 90 ms the game's audio path keeps after each sentence at 175 wpm;
* cues in sequence: a cue of a message with words plays before its words;
* cues mixed: a cue without words starts at once, mixed over what plays (no time added
  while speech is queued).

Run: nice -n 10 uv run python benchmarks/narration_breakdown.py [--games concerto]
[--langs de,en] [--levels default,brief] [--seeds 6]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import narration_bench as nb  # noqa: E402

from voice_game.audio.speech import RATE_DEFAULT, pause_ms, split_sentences  # noqa: E402

MARK = "\x00"


def cue_seconds(cue: str) -> float:
    path = ROOT / "sounds" / f"{cue}.wav"
    if not path.exists():
        return 0.0
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


def category(kind: str, cue: str, text: str) -> str:
    """A name for what a message says, from its kind and cue."""
    c = cue or "-"
    if kind == "bot":
        if c in ("event.applause", "event.boos"):
            return "bot: performance result"
        return "bot: move"
    if kind == "draw":
        return "own pattern" if c.startswith("pattern.") else "cards received"
    if kind == "turn":
        return "prompt / your turn" if c == "event.your_turn" or c == "-" else f"turn ({c})"
    if kind == "info":
        return "info (pieces, specials, piles)"
    return f"{kind} ({c})"


class Recording(nb.Driver):
    """The bench's driver; every message the session says is marked in the lines."""

    def attach(self, session) -> None:
        super().attach(session)
        say = session.say

        def recorded(msgs, record=True, narrated=False):
            for m in [msgs] if hasattr(msgs, "text") else list(msgs):
                self.current.append(f"{MARK}{m.kind}{MARK}{m.cue or ''}{MARK}{1 if m.text else 0}")
                say(m, record, narrated)

        session.say = recorded


def play(game: str, lang: str, level: str, seed: int, max_cycles: int, players: str) -> Recording:
    import contextlib

    from voice_game.cli import build_parser
    from voice_game.cli import play as cli_play

    driver = Recording(level, seed, max_cycles)
    args = build_parser().parse_args(["play", game, "--lang", lang, "--tts", "text", "--seed", str(seed),
                                      "--players", players])
    with contextlib.redirect_stdout(nb.Lines(driver)):
        cli_play(args, inputs=driver)
    return driver


def split(lines: list[str], dur, pause: float) -> dict[str, float]:
    """Seconds of one cycle by part."""
    out: dict[str, float] = {}
    kind, cue, worded = "info", "", True

    def add(k: str, s: float) -> None:
        out[k] = out.get(k, 0.0) + s

    for line in lines:
        if line.startswith(MARK):
            _, kind, cue, has = line.split(MARK)
            worded = has == "1"
            if cue:
                add("cues in sequence" if worded else "cues mixed (cue alone)", cue_seconds(cue))
            continue
        n = len(split_sentences(line))
        add("pauses", n * pause)
        add("speech: " + category(kind, cue, line), max(0.0, dur(line) - n * pause))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--cycles", type=int, default=30)
    ap.add_argument("--games", default="concerto")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--levels", default="default,brief")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="narration-breakdown-")
    os.environ["VOICE_GAME_CONFIG_DIR"] = tmp
    os.environ["VOICE_GAME_DATA_DIR"] = tmp
    pause = pause_ms(RATE_DEFAULT) / 1000
    players = f"{nb.HUMAN},{nb.BOTS}"
    print(f"narration breakdown: {args.seeds} seeds, players {players!r}, {RATE_DEFAULT} words a minute;"
          " mean seconds per cycle")
    for lang in args.langs.split(","):
        dur = nb.Durations(lang)
        for game in args.games.split(","):
            for level in args.levels.split(","):
                parts: dict[str, list[dict[str, float]]] = {}
                for seed in range(1, args.seeds + 1):
                    d = play(game, lang, level, seed, args.cycles, players)
                    parts.setdefault("opening", []).append(split(d.opening or [], dur, pause))
                    for c in d.cycles:
                        k = nb.kind_of(game, c, d.human)
                        if k != "other":
                            parts.setdefault(k, []).append(split(c["lines"], dur, pause))
                print(f"\n{game} {lang} {level}")
                for k in sorted(parts):
                    cycles = parts[k]
                    names = sorted({x for c in cycles for x in c})
                    heard = [sum(v for x, v in c.items() if x != "cues mixed (cue alone)") for c in cycles]
                    spoken = [sum(v for x, v in c.items() if x.startswith("speech") or x == "pauses")
                              for c in cycles]
                    print(f"  {k} (n={len(cycles)}): speech+pauses median {statistics.median(spoken):.1f} s,"
                          f" with the cues in sequence median {statistics.median(heard):.1f} s")
                    means = {x: sum(c.get(x, 0.0) for c in cycles) / len(cycles) for x in names}
                    for x in sorted(means, key=lambda x: -means[x]):
                        print(f"    {x:42s} {means[x]:5.2f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
