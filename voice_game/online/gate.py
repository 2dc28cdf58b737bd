"""The history gate: every stored-message read of a seat or spectator passes a rate limit.

A seat's (or a table's spectators') history user reads its own stream with JetStream's
direct get. nats-server has no rate for that (one seat read ~31,000 messages a second),
so the HISTORY account does not reach JetStream itself: it imports the direct-get subjects
from the account ``GATE``, where this process answers them (``voice_game.online.server``
writes the accounts). The gate counts each stream's reads in a token bucket (a history
user may only ask for its own stream, so the stream is the asker), asks JetStream (GATE
imports GAME's direct get under ``vg.direct.``) for what is allowed and answers the rest
with status 429 at once: the client says one sentence (``online.history_slow``) and asks
again after a pause. Nothing else changes, and no other seat hears anything.

It is a process of its own, a sidecar of one nats-server (started with it by
``server.start_private_server`` and the lobby's server; it ends when that process has
ended): a flood reaches neither a host's event loop nor JetStream. Gates of several servers
(a cluster) share the work as one queue group; each counts what it sees.

Run: ``python -m voice_game.online.gate --server URL --dir FOLDER --watch PID``; prints
``ready`` once it listens.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from pathlib import Path

GATE_USER = "vg-gate"  # the gate's user in the GATE account; its password is the admin secret
ASKED = "$JS.API.DIRECT.GET."  # what the history users ask (GATE's export)
FORWARD = "vg.direct."  # GATE's name for GAME's direct get (an import with ``to``)
QUEUE = "vg-gate"
RATE = 100.0  # reads a second per stream, after ...
BURST = 400  # ... this many at once (a rejoin reads what it missed in one go)
REFUSED = "429"  # the status of a refused read
IN_FLIGHT = 64  # reads forwarded to JetStream at once
ASK_TIMEOUT = 3.0
MAX_BUCKETS = 20_000  # streams remembered; the longest idle ones are forgotten past this


class Buckets:
    """A token bucket per stream: ``rate`` reads a second, ``burst`` at most."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, float(burst)
        self.state: dict[str, tuple[float, float]] = {}  # stream -> (tokens, when)

    def take(self, stream: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        tokens, when = self.state.get(stream, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        ok = tokens >= 1.0
        self.state[stream] = (tokens - 1.0 if ok else tokens, now)
        if len(self.state) > MAX_BUCKETS:  # a full bucket forgotten is the same as a new one
            full = [s for s, (t, w) in self.state.items() if t + (now - w) * self.rate >= self.burst]
            for s in full[: len(self.state) // 2]:
                del self.state[s]
        return ok


def stream_of(subject: str) -> str | None:
    """The stream a direct get asks for: ``$JS.API.DIRECT.GET.<stream>[.<subject>]``."""
    if not subject.startswith(ASKED):
        return None
    stream = subject[len(ASKED):].split(".", 1)[0]
    return stream or None


class Gate:
    def __init__(self, nc, buckets: Buckets):
        self.nc = nc
        self.buckets = buckets
        self.slots = asyncio.Semaphore(IN_FLIGHT)
        self.tasks: set[asyncio.Task] = set()
        self.answered = 0
        self.refused = 0

    async def on_request(self, msg) -> None:
        stream = stream_of(msg.subject)
        if stream is None or not msg.reply:
            return
        if not self.buckets.take(stream):
            self.refused += 1
            await self.nc.publish(msg.reply, b"", headers={"Status": REFUSED, "Description": "Too Many Requests"})
            return
        task = asyncio.get_running_loop().create_task(self._forward(msg))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _forward(self, msg) -> None:
        async with self.slots:
            try:
                answer = await self.nc.request(FORWARD + msg.subject[len(ASKED):], msg.data, timeout=ASK_TIMEOUT)
                await self.nc.publish(msg.reply, answer.data, headers=answer.headers)
                self.answered += 1
            except Exception:  # noqa: BLE001 - no answer from JetStream: the asker's own timeout tells it
                pass


def _tls(server: str, ca: str | None):
    """TLS to the gate's own server: its certificate trusted (self-signed or not), the name
    not checked (the gate connects to the loopback address, which a real certificate does not name)."""
    import ssl

    if not server.startswith("tls://"):
        return None
    ctx = ssl.create_default_context()
    if ca:
        ctx.load_verify_locations(ca)
    ctx.check_hostname = False
    return ctx


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (ended, not yet waited for by its parent) has ended
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


async def run(server: str, folder: Path, watch: int | None, ca: str | None, rate: float, burst: int) -> int:
    import nats

    password = (folder / "admin.secret").read_text(encoding="utf-8").strip()

    async def quiet(_exc):
        pass

    tls = _tls(server, ca)
    extra = {"tls": tls} if tls is not None else {}
    servers = [x.strip() for x in server.split(",") if x.strip()]
    nc = await nats.connect(servers, user=GATE_USER, password=password, name=GATE_USER, connect_timeout=3,
                            max_reconnect_attempts=-1, reconnect_time_wait=0.5, error_cb=quiet, **extra)
    gate = Gate(nc, Buckets(rate, burst))
    await nc.subscribe(ASKED + ">", queue=QUEUE, cb=gate.on_request, pending_msgs_limit=20_000)
    await nc.flush()
    print("ready", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    while not stop.is_set() and (watch is None or _alive(watch)):
        try:
            await asyncio.wait_for(stop.wait(), 0.5)
        except TimeoutError:
            pass
    try:
        await asyncio.wait_for(nc.close(), 2.0)
    except Exception:  # noqa: BLE001 - the server is gone already
        pass
    # out at once: a client still reconnecting to a server that is gone does not end when
    # cancelled, and asyncio.run would wait for it for ever (seen after a test's server was killed)
    sys.stdout.flush()
    os._exit(0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m voice_game.online.gate")
    ap.add_argument("--server", required=True)
    ap.add_argument("--dir", required=True, type=Path)
    ap.add_argument("--watch", type=int, default=None, help="end when this process has ended (its nats-server)")
    ap.add_argument("--ca", default=None, help="the server's certificate (tls://)")
    ap.add_argument("--rate", type=float, default=RATE)
    ap.add_argument("--burst", type=int, default=BURST)
    args = ap.parse_args(argv)
    try:
        return asyncio.run(run(args.server, args.dir, args.watch, args.ca, args.rate, args.burst))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
