"""Measure the Concerto bot levels against each other over seeded games.

    uv run python -m voice_game.games.concerto.bench [--games N] [--maestro] [--seed S]

Prints, per pairing and overall: win rates by level (shared wins split), how often a
beat was right, how long games last, and how they ended (``target``: a player reached
the winning points; ``pieces_exhausted``: no piece was left; share of target ends).
"""
from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict

from voice_game.games.concerto.bots import play_match

NAMES = ["Anna", "Ben", "Cleo", "Dana"]
YEARS = [1970, 1990, 1985, 2001]

PAIRINGS = [
    ["normal", "normal"],  # the default level ("bot:") against itself, 2 to 4 seats
    ["normal", "normal", "normal"],
    ["normal", "normal", "normal", "normal"],
    ["easy", "normal"],
    ["normal", "strong"],
    ["easy", "strong"],
    ["random", "easy"],
    ["easy", "normal", "strong"],
    ["easy", "normal", "strong", "strong"],
]


def config(n: int, maestro: bool) -> dict:
    return {"players": [{"name": NAMES[i], "birth_year": YEARS[i]} for i in range(n)], "maestro": maestro}


def run(games: int, maestro: bool, seed0: int) -> None:
    total_wins: dict = defaultdict(float)
    total_seats: dict = defaultdict(int)
    beats: dict = defaultdict(lambda: [0, 0])
    t0 = time.time()
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"Concerto bots, {games} games per pairing, {'maestro' if maestro else 'standard'} version")
    for levels in PAIRINGS:
        wins: dict = defaultdict(float)
        seats: dict = defaultdict(int)
        ends: dict = defaultdict(int)
        turns = 0
        for g in range(games):
            # rotate the seats so nobody keeps the first move
            k = g % len(levels)
            order = levels[k:] + levels[:k]
            r = play_match(config(len(order), maestro), order, seed0 + g)
            ends[r["reason"]] += 1
            turns += r["turns"]
            for i, lv in enumerate(order):
                seats[lv] += 1
                total_seats[lv] += 1
                beats[lv][0] += r["beats"][i][0]
                beats[lv][1] += r["beats"][i][1]
            for w in r["winners"]:
                share = 1.0 / len(r["winners"])
                wins[order[w]] += share
                total_wins[order[w]] += share
        # share of the games won by the level (a level seated twice counts both seats)
        rates = ", ".join(f"{lv} {wins[lv] / games:.0%}" for lv in dict.fromkeys(levels))
        print(f"  {' vs '.join(levels):36s} games won: {rates}; mean turns {turns / games:.0f}; "
              f"ends {dict(ends)} ({ends['target'] / games:.0%} target)")
    print("Overall win share per seat (1/players = par):")
    for lv in ("random", "easy", "normal", "strong"):
        if total_seats[lv]:
            shown, right = beats[lv]
            acc = f"{right / shown:.0%}" if shown else "-"
            print(f"  {lv:7s} wins {total_wins[lv]:6.1f} of {total_seats[lv]:4d} seats "
                  f"({total_wins[lv] / total_seats[lv]:.0%}); beats right {acc} of {shown}")
    print(f"time {time.time() - t0:.1f} s, load average {os.getloadavg()[0]:.1f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per pairing")
    ap.add_argument("--maestro", action="store_true", help="play the maestro version")
    ap.add_argument("--seed", type=int, default=1000, help="first seed")
    args = ap.parse_args(argv)
    run(args.games, args.maestro, args.seed)


if __name__ == "__main__":
    main()
