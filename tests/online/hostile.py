"""Hostile traffic from a seated player against a real host on a real nats-server.

Ben (seat 2) holds a valid code and sends, as raw NATS publishes, to every subject his
user may publish to (his command subject, direct get of his own stream) and to subjects
it may not (other seats, the spectators' subject, the JetStream API, the snapshot bucket,
inboxes): malformed JSON, random bytes, huge, deeply nested, wrong types, lines already
handled, lines of clients that lost the seat, for another seat, stored messages replayed
onto his command subject, requests with foreign reply subjects. It is Anna's turn.

Each message is classified before it is sent (by ``protocol.parse_command``, as the host
will): refused (Ben hears exactly one sentence), silent (nobody hears anything) or
legitimate (a real command from the seat's owner: not sent). After every batch the
attacker waits until Ben heard the refusals the batch should cause, so no message is
lost unnoticed and the host keeps up. Counted: crashes (a traceback in the host's log,
the host or the server gone, the table no longer playing), state changes (the snapshot
without its message counters), what Anna or a spectator heard.

Used by ``test_fuzz_nats.py`` (a bounded sample) and ``benchmarks/online_hostile.py``
(10^5 messages). ``python -m tests.online.hostile serve URL FOLDER DECK`` is the host.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

from voice_game.online import protocol as P
from voice_game.online import server as S

OWNER, ANNA, OLD = "ownerclient1", "annaclient1", "oldclient01"
LAST_C = 3  # the last line Ben's own client sent before the attack
REFUSED, SILENT, LEGIT = "refused", "silent", "legit"
MAX_PAYLOAD = 1_000_000  # below the server's 1 MB
KEYS = ["hello", "lang", "c", "text", "seat", "alive", "bye", "conf", "src", "cid", "x", "", "t", "n"]
WORDS = ["draw", "quit", "yes", "help", "my cards", "take conductor one", "chat: hi", "", " ", "\u00e4\u00f6\u00fc"]


def expect(data: bytes) -> str:
    """What the host does with a message on Ben's command subject (see Table._receive)."""
    try:
        cmd = P.parse_command(data)
    except ValueError:
        return REFUSED
    kind, payload, claimed = cmd
    if claimed is not None and claimed != 2:
        return REFUSED
    if kind == "hello":
        return LEGIT  # the code's holder taking the seat (over): no attack
    if cmd.cid != OWNER or kind == "alive":
        return SILENT
    if kind == "bye":
        return LEGIT
    return SILENT if payload[0] <= LAST_C else LEGIT


class Hostile:
    """Deterministic hostile messages for one seat: (kind, subject, data, reply, expected)."""

    def __init__(self, seed: int, table: str, key: str):
        self.r = random.Random(seed)
        self.table, self.key = table, key
        self.cmd = P.command_subject(table, 1, key)
        self.stream = P.seat_stream(table, 1)
        self.inbox = P.inbox_prefix(P.seat_user(table, 1), key)

    def scalar(self):
        r = self.r
        return r.choice([None, True, False, 0, -1, 2**70, 1.5, float("nan"), float("inf"), "", "x" * r.randint(0, 400),
                         r.choice(WORDS), "\x00\x07", [], {}, [1, [2]], {"a": {"b": 1}}, "ownerclient1", "de"])

    def valid(self) -> dict:
        r = self.r
        return r.choice([{"c": r.randint(1, LAST_C), "text": r.choice(WORDS), "cid": OWNER},
                         {"c": r.randint(1, 10**9), "text": r.choice(WORDS), "cid": r.choice([OLD, ANNA, "x" * 12])},
                         {"c": r.randint(1, 10**9), "text": r.choice(WORDS)},
                         {"hello": True, "lang": r.choice(["de", "en", "xx"]), "cid": OWNER},
                         {"alive": True, "cid": r.choice([OWNER, OLD])}, {"bye": True, "cid": OLD}])

    def command(self) -> tuple[str, bytes]:
        r = self.r
        k = r.random()
        if k < 0.12:
            return "bytes", r.randbytes(r.randint(0, 3000))
        if k < 0.14:  # huge
            n = r.randint(P.MAX_COMMAND_BYTES + 1, r.choice([10_000, MAX_PAYLOAD - 200]))
            return "huge", json.dumps({"c": 9, "text": "a" * n, "cid": OWNER}).encode()
        if k < 0.24:  # nested
            n = r.randint(2, r.choice([50, 2000, 200_000]))
            inner = "[" * n + "]" * n if r.random() < 0.5 else '{"a":' * n + "1" + "}" * n
            return "nested", ('{"c": 5, "text": "draw", "src": ' + inner + "}").encode()[:MAX_PAYLOAD]
        if k < 0.30:  # not one JSON object
            v = r.choice(['[1, 2]', '"draw"', "42", "null", "true", "{", '{"c": 5, "text": "dr', "\ufeff{}", "NaN",
                          '{"c": 1e999, "text": "draw"}', '{"c": 4, "c": 5, "text": "draw"}'])
            return "not_object", v.encode()
        if k < 0.35:
            return "bad_utf8", b'{"c": 5, "text": "' + r.randbytes(8) + b'\xff\xfe", "cid": "ownerclient1"}'
        msg = self.valid()
        if k < 0.65:  # wrong types, unknown or missing fields
            for _ in range(r.randint(1, 3)):
                if r.random() < 0.25 and msg:
                    del msg[r.choice(list(msg))]
                else:
                    msg[r.choice(KEYS)] = self.scalar()
            kind = "wrong_types"
        elif k < 0.75:
            msg["seat"] = r.choice([0, 1, 3, -2, 10**12])
            kind = "other_seat"
        elif k < 0.88:
            kind = "replayed"  # a line already handled, or of a client that lost the seat
        else:
            msg.setdefault("text", "x")
            msg["text"] = r.choice(["a" * (P.MAX_TEXT + 1), "draw\nquit", "\x1b[2J", "draw\r", "\x00"])
            kind = "bad_text"
        try:
            return kind, json.dumps(msg, allow_nan=True).encode()
        except (TypeError, ValueError):
            return kind, repr(msg).encode()

    def foreign(self) -> str:
        r, t = self.r, self.table
        other = "".join(r.choice("0123456789abcdef") for _ in range(24))
        return r.choice([f"vg.{t}.{other}.cmd.0", f"vg.{t}.{self.key}.cmd.0", f"vg.{t}.{other}.cmd.1",
                         f"vg.{t}.{self.key}.seat.1", P.public_subject(t), f"vg.{t}.cmd.1",
                         f"$JS.API.STREAM.DELETE.{self.stream}", f"$JS.API.STREAM.PURGE.{self.stream}",
                         f"$JS.API.STREAM.INFO.KV_{P.bucket(t)}", f"$JS.API.DIRECT.GET.{P.seat_stream(t, 0)}",
                         f"$JS.API.DIRECT.GET.{P.public_stream(t)}", f"$KV.{P.bucket(t)}.snapshot",
                         f"$JS.API.STREAM.MSG.GET.{self.stream}", f"$JS.API.CONSUMER.CREATE.{self.stream}",
                         "_INBOX_ADMIN_" + other, f"vg.{P.new_table_id()}.{other}.cmd.0", "$SYS.REQ.SERVER.PING"])

    def next(self) -> tuple[str, str, bytes, str | None, str]:
        r = self.r
        k = r.random()
        if k < 0.70:
            while True:
                kind, data = self.command()
                e = expect(data)
                if e != LEGIT:
                    return kind, self.cmd, data, None, e
        direct = f"$JS.API.DIRECT.GET.{self.stream}"
        if k < 0.80:  # a stored message replayed onto his own command subject: the host drops it
            ask = r.choice([{"last_by_subj": P.seat_subject(self.table, 1, self.key)}, {"seq": r.randint(1, 3)}])
            return "replayed_stored", direct, json.dumps(ask).encode(), self.cmd, SILENT
        if k < 0.88:  # any request, its answer sent anywhere
            reply = r.choice([self.inbox + ".x", self.foreign(), P.public_subject(self.table)])
            _, data = self.command()
            return "direct_get", direct + r.choice(["", "." + P.seat_subject(self.table, 1, self.key), ".x"]), \
                data[:4096], reply, SILENT
        _, data = self.command()
        return "foreign_subject", self.foreign(), data[:4096], r.choice([None, self.cmd, self.inbox + ".y"]), SILENT


@dataclass
class Counts:
    sent: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    refused_expected: int = 0
    refusals_heard: int = 0
    other_heard_by_ben: list = field(default_factory=list)
    heard_by_anna: int = 0
    heard_by_spectator: int = 0
    denied_by_server: int = 0
    lost: int = 0  # refusals that never came
    echoes: int = 0  # answers of the server a reply subject sent to Ben or a spectator (dropped by clients)
    state_changes: int = 0
    crashes: int = 0
    notes: list = field(default_factory=list)

    def line(self) -> str:
        return (f"hostile messages: {self.sent}, crashes: {self.crashes}, state changes: {self.state_changes}, "
                f"refusals {self.refusals_heard}/{self.refused_expected} expected, lost: {self.lost}, "
                f"denied by the server: {self.denied_by_server}, heard by Anna: {self.heard_by_anna}, "
                f"by a spectator: {self.heard_by_spectator}, server answers echoed to Ben or a spectator (dropped): "
                f"{self.echoes}")


def fingerprint(snap: dict) -> str:
    snap = dict(snap)
    online = dict(snap.pop("online"))
    for k in ("outbox", "counters"):
        online.pop(k, None)
    return json.dumps([snap, online], sort_keys=True)


async def _snapshot(admin_js, table: str) -> dict:
    kv = await admin_js.key_value(P.bucket(table))
    value = (await kv.get("snapshot")).value
    try:
        return json.loads(value)
    except (TypeError, ValueError):  # overwritten by something else: a state change
        return {"online": {}, "damaged": repr(value)[:80]}


REFUSALS = {f"Refused: {x}" for x in ("this message is too long.", "the table does not understand this message.",
                                      "you can only play for your own seat.")}


async def _wait_snapshot(js, table: str, pred) -> bool:
    for _ in range(300):
        if pred(await _snapshot(js, table)):
            return True
        await asyncio.sleep(0.1)
    return False


def _refusals(heard: list[dict]) -> int:
    return sum(1 for m in heard if m.get("t") == "say" and m.get("text") in REFUSALS)


async def _flood(ben, gen: Hostile, counts: Counts, count: int, batch: int, ben_heard: list, js, table: str,
                 before: str, alive, settle: float) -> None:
    """The hostile messages, a batch at a time; after each, the refusals it should cause."""
    while counts.sent < count:
        for _ in range(min(batch, count - counts.sent)):
            kind, subject, data, reply, e = gen.next()
            await ben.publish(subject, data, reply=reply or "")
            counts.sent += 1
            counts.by_kind[kind] = counts.by_kind.get(kind, 0) + 1
            counts.refused_expected += e == REFUSED
        await ben.flush()
        if not await _until(lambda: _refusals(ben_heard) >= counts.refused_expected, settle):
            counts.lost = counts.refused_expected - _refusals(ben_heard)
            counts.notes.append(f"refusals missing after {counts.sent} messages")
            return
        if not alive() or ben.is_closed:
            counts.crashes += 1
            counts.notes.append(f"the host or the connection stopped after {counts.sent} messages")
            return
        if counts.sent % (batch * 25) == 0 and fingerprint(await _snapshot(js, table)) != before:
            counts.state_changes += 1
            counts.notes.append(f"the state changed by {counts.sent} messages")
            return


async def attack(url: str, folder: Path, codes: list[str], count: int, seed: int = 1, batch: int = 200,
                 alive=lambda: True, settle: float = 30.0) -> Counts:
    """Send ``count`` hostile messages as Ben (codes[1]); Anna (codes[0]) and a spectator
    listen. ``alive()`` says whether the host process still runs."""
    import nats

    counts = Counts()
    table, _, anna_secret = P.parse_code(codes[0])
    _, _, secret = P.parse_code(codes[1])
    key, akey = P.seat_key(secret), P.seat_key(anna_secret)
    ben_heard: list[dict] = []
    anna_heard: list[dict] = []
    watch_heard: list[dict] = []

    async def quiet(_err):
        pass

    async def denied(err):
        if "permissions violation" in str(err).lower():
            counts.denied_by_server += 1

    admin = await nats.connect(url, user=S.ADMIN, password=S.admin_password(folder), error_cb=quiet)
    anna = await nats.connect(url, user=P.seat_user(table, 0), password=anna_secret, error_cb=quiet,
                              inbox_prefix=P.inbox_prefix(P.seat_user(table, 0), akey))
    ben = await nats.connect(url, user=P.seat_user(table, 1), password=secret, error_cb=denied,
                             inbox_prefix=P.inbox_prefix(P.seat_user(table, 1), key), max_reconnect_attempts=0)
    watch = await nats.connect(url, user=P.watch_user(table), password=table, error_cb=quiet,
                               inbox_prefix=P.inbox_prefix(P.watch_user(table)))
    try:
        await anna.subscribe(P.seat_subject(table, 0, akey), cb=_keeper(anna_heard))
        await ben.subscribe(P.seat_subject(table, 1, key), cb=_keeper(ben_heard))
        await watch.subscribe(P.public_subject(table), cb=_keeper(watch_heard))
        for nc, cid, seat, k in ((anna, ANNA, 0, akey), (ben, OWNER, 1, key)):
            await nc.publish(P.command_subject(table, seat, k), json.dumps({"hello": True, "lang": "en", "cid": cid}).encode())
        js = admin.jetstream()
        await _wait_snapshot(js, table, lambda snap: snap["online"]["started"])
        # Ben's own client has sent its lines up to LAST_C
        await ben.publish(P.command_subject(table, 1, key), json.dumps({"c": LAST_C, "text": "help", "cid": OWNER}).encode())
        await _wait_snapshot(js, table, lambda snap: snap["online"]["last_c"].get("1") == LAST_C)
        await asyncio.sleep(1.0)
        before = fingerprint(await _snapshot(js, table))
        anna_heard.clear(), watch_heard.clear(), ben_heard.clear()
        await _flood(ben, Hostile(seed, table, key), counts, count, batch, ben_heard, js, table, before, alive, settle)
        await asyncio.sleep(1.0)
        counts.refusals_heard = _refusals(ben_heard)
        counts.other_heard_by_ben = [m for m in ben_heard if not (m.get("t") == "say" and m.get("text") in REFUSALS)]
        counts.heard_by_anna = len(anna_heard)
        counts.heard_by_spectator = sum(1 for m in watch_heard if _spoken(m))
        counts.echoes = sum(1 for m in watch_heard + counts.other_heard_by_ben if not _spoken(m))
        counts.state_changes += fingerprint(await _snapshot(js, table)) != before
        # the table still plays: Anna's move changes it (and the check above can see a change)
        await anna.publish(P.command_subject(table, 0, akey), json.dumps({"c": 1, "text": "draw", "cid": ANNA}).encode())
        if not await _wait_snapshot(js, table, lambda snap: fingerprint(snap) != before) or not alive():
            counts.crashes += 1
            counts.notes.append("the table did not play on")
    finally:
        for nc in (anna, ben, watch, admin):
            try:
                await nc.close()
            except Exception:  # noqa: BLE001
                pass
    return counts


def _spoken(m: dict) -> bool:
    """A message a client would say: no stored message replayed (Nats-Stream), no empty
    status answer of the server (clients drop both)."""
    return "t" in m and not m.get("stored") and "raw" not in m


def _keeper(into: list):
    """A subscription's callback keeping what it hears; a stored message somebody had the
    server send here (a direct get's answer: it carries Nats-Stream) is marked as such."""
    async def keep(m) -> None:
        try:
            msg = json.loads(m.data)
        except ValueError:
            msg = {"raw": m.data[:80]}
        if not isinstance(msg, dict):
            msg = {"raw": m.data[:80]}
        if m.headers and "Nats-Stream" in m.headers:
            msg = {"stored": True, **msg}
        into.append(msg)

    return keep


async def _until(pred, timeout: float) -> bool:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not pred():
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.01)
    return True


def serve(url: str, folder: str, deck: str) -> int:
    """The host: one TableService without the rate limit (every hostile message is read
    and handled, none dropped unread), one table Anna and Ben (two cards, Anna to move)."""
    import faulthandler
    import signal

    from voice_game.online.service import TableService

    faulthandler.register(signal.SIGUSR1)  # a test that sees the host stall asks where it is

    async def main() -> int:
        service = TableService(url, Path(folder), rate=None)
        await service.start()
        info = await service.create("orchestra", "Anna,Ben", lang="en", seed=7, deck=Path(deck))
        print(json.dumps({"table": info.table, "codes": [s.code for s in info.seats]}), flush=True)
        rc = await service.wait(info.table)
        await service.close()
        return rc

    return asyncio.run(main())


if __name__ == "__main__" and sys.argv[1:2] == ["serve"]:
    sys.exit(serve(*sys.argv[2:5]))
