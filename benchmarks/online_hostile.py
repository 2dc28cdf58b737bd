"""Benchmark: 10^5 hostile messages from a seated player against a real host.

Run: nice uv run python benchmarks/online_hostile.py [--count 100000] [--seed 1]

A private nats-server on loopback, the host as its own process (one TableService without
the rate limit, so every message is read and handled), Ben's raw NATS publishes from
tests/online/hostile.py: malformed, huge, nested, wrong types, replayed, stored messages
replayed onto his command subject, direct gets answered to foreign subjects, publishes to
subjects he may not use. Prints crashes, state changes and what anybody heard.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.online.hostile import attack  # noqa: E402
from voice_game.online import server as S  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "server"
        folder.mkdir()
        deck = Path(tmp) / "deck.json"
        deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
        port = S.free_loopback_port()
        with open(Path(tmp) / "server.log", "wb") as log:
            server = S.start_private_server(folder, port, log=log)
            url = f"nats://127.0.0.1:{port}"
            host = subprocess.Popen([sys.executable, "-m", "tests.online.hostile", "serve", url, str(folder), str(deck)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                    env=dict(os.environ, PYTHONIOENCODING="utf-8"))
            err: list[str] = []
            threading.Thread(target=lambda: err.extend(host.stderr), daemon=True).start()
            try:
                codes = json.loads(host.stdout.readline())["codes"]
                t0 = time.monotonic()
                counts = asyncio.run(attack(url, folder, codes, args.count, seed=args.seed,
                                            alive=lambda: host.poll() is None and server.poll() is None))
                took = time.monotonic() - t0
            finally:
                for p in (host, server):
                    p.terminate()
                    try:
                        p.wait(10)
                    except subprocess.TimeoutExpired:
                        p.kill()
    tracebacks = "".join(err).count("Traceback")
    counts.crashes += tracebacks
    print(f"{args.count} messages in {took:.0f} s, load (1 min) at the end {os.getloadavg()[0]:.1f}")
    print(counts.line())
    print("by kind:", json.dumps(dict(sorted(counts.by_kind.items()))))
    for note in counts.notes:
        print("note:", note)
    ok = counts.crashes == 0 and counts.state_changes == 0 and counts.lost == 0 and counts.heard_by_anna == 0 \
        and counts.heard_by_spectator == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
