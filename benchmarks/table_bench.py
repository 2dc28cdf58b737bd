"""Benchmark: taking in the table by ear at your turn (issue 25).

A sighted player sees the table at a glance. Here, at each of the human's turns in the
seeded games of benchmarks/narration_bench.py, we measure the listening needed to reach
everything needed to decide through the short status commands (one spoken word each:
"dirigenten", "markt", "stücke", "hand", ...; the keys F5-F9 say the same rows), each
answer rendered by the game's own synthesizer at 175 words a minute, and for comparison
the table command ("tisch": its short form, then "mehr" for the rest; "tisch + mehr" is both)
and the whole table (what "tisch" says in verbose narration).

What a turn is decided on:
- Tierorchester: the conductors (what lies under each open one) and your own musicians of
  the families lying there, all a take can change: the conductors' row says them after the
  cards ("Davon hast du 2 Flöten."); "+ your musicians" adds your whole collection (what
  "meine Karten" says, the families no take can change);
- Concerto: your hand, the market and the open pieces, said as what each still needs from
  your orchestra ("Gelb 5: fehlt Klavier"); "+ orchestra" adds your orchestra's row (the
  opponents' orchestras only matter for a special card: one more row, "orchester von 2").

Goal: <= 5 s in Tierorchester, <= 10 s in Concerto.

Run: nice -n 10 uv run python benchmarks/table_bench.py [--seeds 6] [--cycles 20]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import narration_bench as nb  # noqa: E402

NEEDED = {"orchestra": ("conductors",), "concerto": ("hand", "market", "pieces")}
# Concerto's pieces row says what each piece still needs from your orchestra; your orchestra
# itself (which hand cards it already holds) is one more row, measured apart; so is
# Tierorchester's whole collection
EXTRA = {"orchestra": ("you",), "concerto": ("you",)}
EXTRA_LABEL = {"orchestra": "+ your musicians", "concerto": "+ orchestra"}
GOAL = {"orchestra": 5.0, "concerto": 10.0}


class TableDriver(nb.Driver):
    """The bench's human, who at the start of each own turn takes in the table."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.samples: list[dict[str, list[str]]] = []

    def __next__(self) -> str:
        line = super().__next__()  # the state is still the one the human decides on
        s = self.session
        if s is not None and self.cycle is not None and len(self.cycle["actions"]) == 1 and not self.in_help \
                and (not self.samples or self.samples[-1]["cycle"] != [len(self.cycles)]):
            rows = {r.id: r for r in s.table_rows(self.human)}
            rows["you"] = rows.get(f"seat.{self.human + 1}")  # type: ignore[assignment]
            v = s.listener_view()
            short = s.narrator.table_short(v)
            self.samples.append({
                "cycle": [len(self.cycles)],
                "status": [rows[k].short for k in NEEDED[s.kit.name] if rows.get(k) is not None],
                "status_more": [rows[k].short for k in NEEDED[s.kit.name] + EXTRA[s.kit.name] if rows.get(k) is not None],
                "table_short": [m.text for m in short] if short else [],
                "table_more": [m.text for m in short + s.narrator.table_rest(v)] if short else [],
                "table": [m.text for m in s.narrator.table(v)],
            })
        return line


def play(game: str, lang: str, seed: int, cycles: int) -> TableDriver:
    from voice_game.cli import build_parser, play as cli_play

    driver = TableDriver("default", seed, cycles)
    args = build_parser().parse_args(["play", game, "--lang", lang, "--tts", "text", "--seed", str(seed),
                                      "--players", f"{nb.HUMAN},{nb.BOTS}"])
    with nb.contextlib.redirect_stdout(nb.Lines(driver)):
        cli_play(args, inputs=driver)
    return driver


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--cycles", type=int, default=20)
    ap.add_argument("--games", default="orchestra,concerto")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--show", action="store_true", help="print the status answers of the first turn")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="table-bench-")
    os.environ["VOICE_GAME_CONFIG_DIR"] = tmp
    os.environ["VOICE_GAME_DATA_DIR"] = tmp
    print(f"table benchmark: {args.seeds} seeds, up to {args.cycles} turns each, {nb.RATE_DEFAULT} words a minute")
    for lang in args.langs.split(","):
        dur = nb.Durations(lang)
        for game in args.games.split(","):
            secs: dict[str, list[float]] = {"status": [], "status_more": [], "table_short": [], "table_more": [],
                                            "table": []}
            words: dict[str, list[int]] = {k: [] for k in secs}
            for seed in range(1, args.seeds + 1):
                d = play(game, lang, seed, args.cycles)
                if seed == 1 and args.show and d.samples:
                    print("\n".join("  > " + x for x in d.samples[len(d.samples) // 2]["status"]))
                for sample in d.samples:
                    for k in secs:
                        if sample[k]:
                            secs[k].append(sum(dur(x) for x in sample[k]))
                            words[k].append(sum(len(x.split()) for x in sample[k]))
            print(f"\n{game} {lang} (goal {GOAL[game]:.0f} s with the status commands)")
            labels = {"status": "status rows", "status_more": EXTRA_LABEL[game], "table_short": "tisch (short)",
                      "table_more": "tisch + mehr", "table": "whole table"}
            if not EXTRA[game]:
                del labels["status_more"]
            for k, label in labels.items():
                if secs[k]:
                    print(f"  {label:16s} seconds {nb.stats(secs[k])}   words {nb.stats(words[k])}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
