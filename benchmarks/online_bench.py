"""Benchmark: online tables on a private nats-server on loopback.

Run: uv run python benchmarks/online_bench.py [--games 3] [--tables 1,10,40] [--moves 300]
     nice uv run python benchmarks/online_bench.py --scale 200 [--seats 5] [--think 2] [--seconds 120]

1. Latency: a real host process with four human seats (Tierorchester); four seat clients
   in this process play scripted games. For every command: the time from sending it to
   the first narration it causes at each seat that hears about it (median, p95).
2. Load: many bot-only tables in one host process (this one) on one server: moves per
   second over all tables and the time of one move (engine, snapshot to the key-value
   bucket, publishing) while they all run.
3. Scale (--scale N): one host service process (TableService) with N tables of SEATS
   human seats each (Tierorchester), every seat a scripted client with its own NATS user
   and connection in this process, answering each prompt after a think time (uniform
   0..2*THINK s, as a player does). Printed: the service's resident memory with one table
   and with N (per extra table), and for every command the time from sending it to the
   first message it causes at the sender's own seat (median, p95), for SECONDS seconds of
   play, with the commands per second and the machine's load.
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


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def serve(url: str, folder: str, count: int, seats: int) -> None:
    """The host service process of the scale test: one table, a line; then the others,
    twenty at a time; a line per table with its codes and seed. A line "stats" on stdin
    prints what the host itself took per command (``host_timing``) as one JSON line."""
    from voice_game.online.service import TableService

    timing = host_timing()

    async def go():
        service = TableService(url, Path(folder))
        await service.start()
        names = PLAYERS_5[:seats]

        async def pong(m):  # the machine's floor: a bare round trip through nats-server to this loop
            await service.nc.publish(m.reply, b"")

        await service.nc.subscribe(PING, cb=pong)

        async def one(k):
            info = await service.create("orchestra", list(names), lang="en", seed=100 + k)
            print(json.dumps({"seed": 100 + k, "codes": [s.code for s in info.seats]}), flush=True)

        await one(0)
        sys.stdin.readline()  # the bench has read the memory with one table
        for start in range(1, count, 20):
            await asyncio.gather(*(one(k) for k in range(start, min(count, start + 20))))
        loop = asyncio.get_running_loop()
        while (await loop.run_in_executor(None, sys.stdin.readline)).strip() == "stats":
            print(json.dumps(timing), flush=True)
            for v in timing.values():
                v.clear()

    asyncio.run(go())


def host_timing() -> dict[str, list[float]]:
    """In the host service process: for every line a seat sends, the time (ms) from its
    arrival at the service to the start of the table's handling of it ("queued"), to its
    first reply to that seat handed to the connection ("sent") and to the server's
    acknowledgement of that reply ("acknowledged")."""
    from voice_game.online import host as H

    import gc

    timing: dict[str, list[float]] = {"queued": [], "sent": [], "acknowledged": [], "gc": [], "snapshot": []}
    started = [0.0]

    def collecting(phase, info):  # the garbage collector's pauses (ms), every generation
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            timing["gc"].append((time.perf_counter() - started[0]) * 1000)

    gc.callbacks.append(collecting)
    arrived: dict[tuple[str, int], float] = {}
    handling: dict[tuple[str, int], float] = {}
    admit, receive, publish = H.Table.admit, H.Table.receive, H.Table.publish_outbox

    def timed_admit(self, seat, data):
        if b'"text"' in data:
            arrived[(self.id, seat)] = time.perf_counter()
        admit(self, seat, data)

    def timed_receive(self, seat, data):
        t = arrived.pop((self.id, seat), None) if seat is not None else None
        if t is not None:
            timing["queued"].append((time.perf_counter() - t) * 1000)
            handling[(self.id, seat)] = t
        receive(self, seat, data)

    async def timed_publish(self, last_seq=None, snapshot=None):
        if snapshot is not None:  # stored together with the replies (Table.pipelined): its acknowledgement
            t_snap = time.perf_counter()
            snapshot.add_done_callback(lambda _f: timing["snapshot"].append((time.perf_counter() - t_snap) * 1000))
        waiting = [(k, t) for k, t in handling.items() if k[0] == self.id
                   and any(x[0] == self.seat_subject(k[1]) for x in self.outbox)]
        now = time.perf_counter()
        for k, t in waiting:
            timing["sent"].append((now - t) * 1000)
            del handling[k]
        await publish(self, last_seq, snapshot)
        now = time.perf_counter()
        for _k, t in waiting:
            timing["acknowledged"].append((now - t) * 1000)

    from nats.js.kv import KeyValue

    put = KeyValue.put

    async def timed_put(self, *args, **kwargs):
        t0 = time.perf_counter()
        try:
            return await put(self, *args, **kwargs)
        finally:
            timing["snapshot"].append((time.perf_counter() - t0) * 1000)

    KeyValue.put = timed_put  # type: ignore[method-assign]
    H.Table.admit, H.Table.receive, H.Table.publish_outbox = timed_admit, timed_receive, timed_publish
    return timing


PLAYERS_5 = ["Anna", "Ben", "Carla", "Dora", "Emil"]


PING = "bench.ping"


async def ping_loop(url, folder, stop) -> list[float]:
    """Round trips (ms) through nats-server to the host service's event loop and back, with
    no JetStream and no game: what any reply costs on this machine now, every 0.1 s."""
    nc = await connect(url, S.ADMIN, S.admin_password(Path(folder)))
    out = []
    while time.monotonic() < stop():
        t0 = time.perf_counter()
        try:
            await nc.request(PING, b"", timeout=5)
            out.append((time.perf_counter() - t0) * 1000)
        except Exception:  # noqa: BLE001 - counted as missing
            pass
        await asyncio.sleep(0.1)
    await nc.close()
    return out


async def scale_play(url, tables, think, seconds, seed=1, folder=None):
    """Every seat of the given tables answers its prompts from its script; returns the
    command-to-reply times (ms), the commands sent and this event loop's lag (ms): how
    late a 50 ms timer fired, so a busy client loop shows instead of hiding in the figures."""
    import random

    rng = random.Random(seed)
    lat: list[float] = []
    lag: list[float] = []
    sent = [0]
    conns = []

    async def seat(code, lines):
        table, i, secret = P.parse_code(code)
        key = P.seat_key(secret)
        user = P.seat_user(table, i)
        nc = await connect(url, user, secret, inbox=P.inbox_prefix(user, key))
        conns.append(nc)
        state = {"next": 0, "t0": None}
        subject = P.command_subject(table, i, key)

        async def answer(last):
            await asyncio.sleep(rng.uniform(0, 2 * think))
            if time.monotonic() > stop or state["next"] >= len(lines):
                return
            line = lines[state["next"]]
            state["next"] += 1
            state["t0"] = time.perf_counter()
            sent[0] += 1
            await nc.publish(subject, json.dumps({"c": last + 1, "text": line}).encode())

        async def on(m):
            now = time.perf_counter()
            msg = json.loads(m.data)
            if state["t0"] is not None and msg.get("t") in ("say", "prompt"):
                lat.append((now - state["t0"]) * 1000)
                state["t0"] = None
            if msg.get("t") == "prompt" and msg.get("last") != state.get("asked"):
                state["asked"] = msg.get("last")  # a prompt said again (after a hello) is answered once
                asyncio.ensure_future(answer(int(msg["last"])))

        await nc.subscribe(P.seat_subject(table, i, key), cb=on)
        await nc.publish(subject, json.dumps({"hello": True, "lang": "en"}).encode())

    stop = time.monotonic() + 3600.0
    for seed_, codes in tables:
        per_seat, _ = script_for(seed_, len(codes))
        await asyncio.gather(*(seat(code, per_seat[i]) for i, code in enumerate(codes)))
    stop = time.monotonic() + seconds
    pinger = asyncio.ensure_future(ping_loop(url, folder, lambda: stop)) if folder else None
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        await asyncio.sleep(0.05)
        lag.append((time.perf_counter() - t0 - 0.05) * 1000)
    pings = await pinger if pinger is not None else []
    for nc in conns:
        await nc.close()
    return lat, sent[0], lag, pings


def clients_worker() -> None:
    """``--clients-worker URL THINK SECONDS SEED FOLDER``: one process of seat clients; the tables
    come on stdin as one JSON line, the figures go to stdout as one JSON line."""
    url, think, seconds, seed = sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    folder = sys.argv[6] if seed == 1 else None  # the first worker also measures bare round trips
    tables = [tuple(x) for x in json.loads(sys.stdin.readline())]
    print(json.dumps({"ready": True}), flush=True)
    sys.stdin.readline()  # every worker has its seats connected: play
    lat, sent, lag, pings = asyncio.run(scale_play(url, tables, think, seconds, seed, folder))
    print(json.dumps({"lat": lat, "sent": sent, "lag": lag, "pings": pings}), flush=True)


def script_for(seed, seats):
    from tests.online.scripts import play_script

    per_seat, ordered, _, _ = play_script("orchestra", PLAYERS_5[:seats], seed=seed)
    return per_seat, len(ordered)


def scale(url, folder, count, seats, think, seconds, workers, profile, server_pid):
    host = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--serve", url, str(folder), str(count),
                             str(seats)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    procs: list[subprocess.Popen] = []
    try:
        first = json.loads(host.stdout.readline())
        tables = [(first["seed"], first["codes"])]
        time.sleep(2.0)
        one = rss_mb(host.pid)
        host.stdin.write("go\n")
        host.stdin.flush()
        t0 = time.monotonic()
        while len(tables) < count:
            line = host.stdout.readline()
            if not line:
                raise SystemExit("the host service stopped")
            x = json.loads(line)
            tables.append((x["seed"], x["codes"]))
        created = time.monotonic() - t0
        time.sleep(2.0)
        full = rss_mb(host.pid)
        # the seats in WORKERS processes of their own: the host's figures are not the clients' loop
        for w in range(workers):
            p = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--clients-worker", url, str(think),
                                  str(seconds), str(w + 1), str(folder)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 cwd=ROOT)
            procs.append(p)
            p.stdin.write(json.dumps(tables[w::workers]) + "\n")
            p.stdin.flush()
        for p in procs:
            json.loads(p.stdout.readline())
        load0 = os.getloadavg()[0]
        host.stdin.write("stats\n")  # from here on: what the host takes while the seats play
        host.stdin.flush()
        json.loads(host.stdout.readline())
        for p in procs:
            p.stdin.write("go\n")
            p.stdin.flush()
        spy = None
        if profile:
            spy = subprocess.Popen([shutil.which("py-spy") or "py-spy", "record", "-p", str(host.pid), "-d",
                                    str(seconds), "-r", "50", "-f", "raw", "-o", profile, "--nonblocking"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peak = one
        cpu0, server0 = cpu_seconds(host.pid), cpu_seconds(server_pid)
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            time.sleep(1.0)
            peak = max(peak, rss_mb(host.pid))
        cpu, server_cpu = cpu_seconds(host.pid) - cpu0, cpu_seconds(server_pid) - server0
        host.stdin.write("stats\n")
        host.stdin.flush()
        inside = json.loads(host.stdout.readline())
        load1 = os.getloadavg()[0]
        lat: list[float] = []
        lag: list[float] = []
        pings: list[float] = []
        sent = 0
        for p in procs:
            r = json.loads(p.stdout.readline())
            lat += r["lat"]
            lag += r["lag"]
            pings += r["pings"]
            sent += r["sent"]
            p.wait(30)
        if spy is not None:
            spy.wait(60)
    finally:
        for p in [*procs, host]:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    print(f"Scale: {count} tables x {seats} scripted seats ({count * seats} connections), one host service process, "
          f"the seats in {workers} client processes")
    print(f"  created in {created:.0f} s; host memory: {one:.0f} MB with one table, {full:.0f} MB with {count} "
          f"({(full - one) / (count - 1):.2f} MB per extra table), {peak:.0f} MB at most while playing "
          f"({(peak - one) / (count - 1):.2f} MB per extra table)")
    print(f"  {sent} commands in {seconds} s ({sent / seconds:.0f}/s), think time uniform 0-{2 * think:g} s; "
          f"CPU (% of one core): host service {100 * cpu / seconds:.0f}, nats-server "
          f"{100 * server_cpu / seconds:.0f}; load (1 min) {load0:.1f} before, "
          f"{load1:.1f} after ({os.cpu_count()} cores)")
    summary("command to the sender's reply", lat, width=34)
    summary("clients' event loop lag", lag, width=34)
    summary("bare round trip to the host's loop", pings, width=34)
    print("  in the host service, from a line's arrival:")
    for name in ("queued", "sent", "acknowledged"):
        summary(f"  to its reply {name}" if name != "queued" else "  to its handling", inside[name], width=32)
    summary("  a snapshot stored (any table)", inside["snapshot"], width=32)
    summary("  garbage collector's pauses", inside["gc"], width=32)
    print(f"    {sum(inside['gc']):.0f} ms in all, {sum(x > 50 for x in inside['gc'])} over 50 ms")
    if profile:
        print(f"  py-spy profile of the host service: {profile}")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        return
    if sys.argv[1:2] == ["--clients-worker"]:
        clients_worker()
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--tables", default="1,10,40")
    ap.add_argument("--moves", type=int, default=60, help="moves per table in the load test")
    ap.add_argument("--scale", type=int, default=0, help="only the scale test, with this many tables")
    ap.add_argument("--seats", type=int, default=5)
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds a seat waits before it answers")
    ap.add_argument("--seconds", type=int, default=120, help="seconds of play measured in the scale test")
    ap.add_argument("--clients", type=int, default=2, help="processes that carry the scale test's seats")
    ap.add_argument("--profile", default="", help="scale test: py-spy profile of the host service to this file")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="vg-online-bench-")) / "server"
    folder.mkdir(parents=True)
    port = S.free_loopback_port()
    url = f"nats://127.0.0.1:{port}"
    server = S.start_private_server(folder, port)
    try:
        if args.scale:
            scale(url, folder, args.scale, args.seats, args.think, args.seconds, args.clients, args.profile, server.pid)
            return
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
