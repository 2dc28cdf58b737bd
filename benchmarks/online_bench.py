"""Benchmark: online tables on a private nats-server on loopback.

Run: uv run python benchmarks/online_bench.py [--games 3] [--tables 1,10,40] [--moves 300]

1. Latency: a real host process with four human seats (Tierorchester); four seat clients
   in this process play scripted games. For every command: the time from sending it to
   the first narration it causes at each seat that hears about it (median, p95).
2. Load: many bot-only tables in one host process (this one) on one server: moves per
   second over all tables and the time of one move (engine, snapshot to the key-value
   bucket, publishing) while they all run.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._stats import summary  # noqa: E402
from voice_game.online import protocol as P  # noqa: E402
from voice_game.online import server as S  # noqa: E402
from voice_game.online.client import connect  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben", "Carla", "Dora"]


def script(seed):
    from tests.online.scripts import play_script

    per_seat, ordered, _, _ = play_script("orchestra", PLAYERS, seed=seed)
    return per_seat, len(ordered)


async def one_game(url, folder, seed, latencies):
    per_seat, total = script(seed)
    host = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "host", "orchestra", "--server", url,
                             "--players", ",".join(PLAYERS), "--seed", str(seed), "--lang", "en"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env=dict(os.environ, VOICE_GAME_SERVER_DIR=str(folder)))
    seats = [json.loads(host.stdout.readline()) for _ in PLAYERS]
    conns, queues = [], []
    for s in seats:
        table, seat, secret = P.parse_code(s["code"])
        key = P.seat_key(secret)
        nc = await connect(url, P.seat_user(table, seat), secret, inbox=P.inbox_prefix(P.seat_user(table, seat), key))
        q: asyncio.Queue = asyncio.Queue()

        async def on(m, q=q):
            await q.put((time.perf_counter(), json.loads(m.data)))

        await nc.subscribe(P.seat_subject(table, seat, key), cb=on)
        await nc.publish(P.command_subject(table, seat, key), json.dumps({"hello": True, "lang": "en"}).encode())
        conns.append((nc, table, seat, key))
        queues.append(q)
    sent = {i: 0 for i in range(len(PLAYERS))}
    pending: dict[int, float] = {}  # seat -> time of the command it waits to hear about
    done = 0
    over = 0
    while over < len(PLAYERS):
        getters = {asyncio.ensure_future(q.get()): i for i, q in enumerate(queues)}
        finished, rest = await asyncio.wait(getters, return_when=asyncio.FIRST_COMPLETED)
        for g in rest:
            g.cancel()
        for g in finished:
            i = getters[g]
            t, msg = g.result()
            kind = msg.get("t")
            if kind == "say" and i in pending:
                latencies.append((t - pending.pop(i)) * 1000)
            elif kind == "prompt":
                if sent[i] < len(per_seat[i]):
                    line = per_seat[i][sent[i]]
                    sent[i] += 1
                    t0 = time.perf_counter()
                    for j in range(len(PLAYERS)):
                        pending[j] = t0
                    nc, table, seat, key = conns[i]
                    await nc.publish(P.command_subject(table, seat, key),
                                     json.dumps({"c": int(msg["last"]) + 1, "text": line}).encode())
                    done += 1
            elif kind == "over":
                over += 1
    for nc, *_ in conns:
        await nc.close()
    host.wait(30)
    return done


async def load(url, folder, count, moves):
    from voice_game.games import get as get_kit
    from voice_game.online.host import Table
    from voice_game.online.service import create_streams
    from voice_game.session import Seat

    nc = await connect(url, S.ADMIN, S.admin_password(folder))
    js = nc.jetstream()
    kit = get_kit("orchestra")
    tables = []
    for k in range(count):
        seats = [Seat(n, "bot") for n in PLAYERS]
        tid = P.new_table_id()
        await create_streams(js, tid, [], {})
        state = kit.new_game(PLAYERS, [], 1000 + k, None)
        t = Table(kit, state, seats, 1000 + k, "en", tid, js)
        t.open(kit.rules.opening_events(state))
        tables.append(t)
    step_ms = []
    counts = [0]

    async def run(t):
        while counts[0] < moves * count:
            if kit.rules.is_over(t.main.state):
                return
            t0 = time.perf_counter()
            t.step()
            await t.flush()
            step_ms.append((time.perf_counter() - t0) * 1000)
            counts[0] += 1
            await asyncio.sleep(0)

    t0 = time.perf_counter()
    await asyncio.gather(*(run(t) for t in tables))
    wall = time.perf_counter() - t0
    await nc.close()
    return counts[0] / wall, step_ms


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--tables", default="1,10,40")
    ap.add_argument("--moves", type=int, default=60, help="moves per table in the load test")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="vg-online-bench-")) / "server"
    folder.mkdir(parents=True)
    port = S.free_loopback_port()
    url = f"nats://127.0.0.1:{port}"
    server = S.start_private_server(folder, port)
    try:
        lat: list[float] = []
        commands = 0
        for g in range(args.games):
            commands += asyncio.run(one_game(url, folder, 7 + g, lat))
        print(f"Online latency, {args.games} Tierorchester games with four human seats, {commands} commands:")
        summary("command to each seat's narration", lat, width=34)
        print("Load: bot-only tables in one host process, one nats-server:")
        for count in [int(x) for x in args.tables.split(",")]:
            rate, steps = asyncio.run(load(url, folder, count, args.moves))
            print(f"  {count:3d} tables: {rate:7.0f} moves/s in all", end="")
            summary("", steps, width=1)
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
