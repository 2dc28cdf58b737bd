"""Benchmark: strong (search) bot against the heuristic bot over seeded 2-player games.

Run: uv run python benchmarks/orchestra_bots.py [--games 200] [--budget 0.35]
Prints the strong bot's win rate and its decision times.
"""
from __future__ import annotations

import argparse
import statistics
import time

from voice_game.core.rules import CHANCE
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.bots import HeuristicBot, SearchBot
from voice_game.games.orchestra.state import OrchestraConfig
from voice_game.games.orchestra.view import view


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=float, default=0.35, help="seconds per decision (cap)")
    ap.add_argument("--sims", type=int, default=400, help="simulations per decision (cap)")
    args = ap.parse_args()
    wins, times, t0 = 0.0, [], time.perf_counter()
    for g in range(args.games):
        strong = g % 2
        bots = [None, None]
        bots[strong] = SearchBot(seed=g, time_budget=args.budget, max_simulations=args.sims)
        bots[1 - strong] = HeuristicBot(seed=g)
        s = rules.new_game(OrchestraConfig(["A", "B"]), 10_000 + g)
        while not rules.is_over(s):
            p = rules.current_player(s)
            if p == CHANCE:
                s, _ = rules.apply(s, rules.REVEAL)
                continue
            t = time.perf_counter()
            a = bots[p].choose(view(s, p), rules.legal_actions(s))
            if p == strong:
                times.append(time.perf_counter() - t)
            s, _ = rules.apply(s, a)
        w = rules.outcome(s)["winners"]
        if strong in w:
            wins += 1 / len(w)
    times.sort()
    print(f"games: {args.games}")
    print(f"strong bot win rate vs heuristic: {100 * wins / args.games:.1f} %")
    print(f"decision time: median {1000 * statistics.median(times):.0f} ms, "
          f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.0f} ms, max {1000 * times[-1]:.0f} ms")
    print(f"wall time: {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
