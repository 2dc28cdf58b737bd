"""Benchmark of Tierorchester's strong (search) bot.

Run: uv run python benchmarks/orchestra_bots.py [--games 200] [--budget 0.35] [--sims 400]
     uv run python benchmarks/orchestra_bots.py --cycles 3,5 [--cycle-games 10]

The first form plays seeded 2-player games of the strong bot against the heuristic bot
and prints the strong bot's win rate and its time per decision.

``--cycles`` plays seeded games with one "human" seat (played instantly by the heuristic
bot) and strong bots in every other seat, as ``voice-game play orchestra --players
"Du,bot-strong:A,bot-strong:B"`` would, and prints the total time the bots think between
two turns of the human (what the human waits for, narration aside), for each number of
seats. ``--cycle-budget`` is the shared budget of those bots between two human turns
(what the session gives them; 0 = none, every decision has its own budget).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from voice_game.core.rules import CHANCE
from voice_game.games.orchestra import rules
from voice_game.core.think import CYCLE_BUDGET, ThinkClock
from voice_game.games.orchestra.bots import HeuristicBot, SearchBot
from voice_game.games.orchestra.state import OrchestraConfig
from voice_game.games.orchestra.view import view


def _pct(v: list[float], q: float) -> float:
    v = sorted(v)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def _ms(v: list[float]) -> str:
    return (f"median {1000 * statistics.median(v):.0f} ms, p95 {1000 * _pct(v, 0.95):.0f} ms, "
            f"max {1000 * max(v):.0f} ms (n={len(v)})")


def strength(games: int, budget: float, sims: int, cycle_budget: float) -> None:
    """Strong vs heuristic, 2 players; with a cycle budget the heuristic seat stands for the human."""
    wins, times = 0.0, []
    for g in range(games):
        strong = g % 2
        clock = ThinkClock(cycle_budget) if cycle_budget > 0 else None
        bots: list = [None, None]
        bots[strong] = SearchBot(seed=g, time_budget=budget, max_simulations=sims, clock=clock)
        bots[1 - strong] = HeuristicBot(seed=g)
        s = rules.new_game(OrchestraConfig(["A", "B"]), 10_000 + g)
        while not rules.is_over(s):
            p = rules.current_player(s)
            if p == CHANCE:
                s, _ = rules.apply(s, rules.REVEAL)
                continue
            if p != strong and clock is not None:
                clock.restart()  # the "human" moves: the bots' budget starts anew
            t = time.perf_counter()
            a = bots[p].choose(view(s, p), rules.legal_actions(s))
            if p == strong:
                times.append(time.perf_counter() - t)
            s, _ = rules.apply(s, a)
        w = rules.outcome(s)["winners"]
        if strong in w:
            wins += 1 / len(w)
    print(f"games: {games} (2 players, strong seat alternating; budget {budget} s per decision, "
          f"at most {sims} simulations{f', {cycle_budget} s per human turn' if cycle_budget else ''})")
    print(f"strong bot win rate vs heuristic: {100 * wins / games:.1f} %")
    print(f"decision time: {_ms(times)}")


def cycles(seats: int, games: int, budget: float, sims: int, cycle_budget: float) -> None:
    totals: list[float] = []
    decisions: list[int] = []
    for g in range(games):
        human = g % seats
        clock = ThinkClock(cycle_budget) if cycle_budget > 0 else None
        bots = {p: SearchBot(seed=g * 10 + p, time_budget=budget, max_simulations=sims, clock=clock)
                for p in range(seats) if p != human}
        me = HeuristicBot(seed=g)
        s = rules.new_game(OrchestraConfig([f"P{i}" for i in range(seats)]), 20_000 + g)
        think, n = 0.0, 0
        while not rules.is_over(s):
            p = rules.current_player(s)
            if p == CHANCE:
                s, _ = rules.apply(s, rules.REVEAL)
                continue
            if p == human:
                if n:
                    totals.append(think)
                    decisions.append(n)
                think, n = 0.0, 0
                a = me.choose(view(s, p), rules.legal_actions(s))
                if clock is not None:
                    clock.restart()
            else:
                t = time.perf_counter()
                a = bots[p].choose(view(s, p), rules.legal_actions(s))
                think += time.perf_counter() - t
                n += 1
            s, _ = rules.apply(s, a)
    print(f"{seats} seats (1 human, {seats - 1} strong bots), {games} games, {len(totals)} waits: "
          f"bots' think time between two human turns {_ms(totals)}; "
          f"bot decisions per wait median {statistics.median(decisions):.0f}, max {max(decisions)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=float, default=0.35, help="seconds per decision (cap)")
    ap.add_argument("--sims", type=int, default=400, help="simulations per decision (cap)")
    ap.add_argument("--cycle-budget", type=float, default=0.0,
                    help=f"seconds shared by the bots between two human turns (the session uses {CYCLE_BUDGET})")
    ap.add_argument("--cycles", default="", help="seat counts for the think time per human turn, e.g. 3,5")
    ap.add_argument("--cycle-games", type=int, default=10)
    args = ap.parse_args()
    t0 = time.perf_counter()
    print(f"load average {os.getloadavg()[0]:.1f}")
    if args.cycles:
        for n in (int(x) for x in args.cycles.split(",")):
            cycles(n, args.cycle_games, args.budget, args.sims, args.cycle_budget)
    else:
        strength(args.games, args.budget, args.sims, args.cycle_budget)
    print(f"wall time: {time.perf_counter() - t0:.0f} s, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
