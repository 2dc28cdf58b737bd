"""History reads go through the history gate (issue 23): a real nats-server on loopback,
its gate (started with it), a real host.

Mallory floods her own stream's history (direct gets as her history user, as fast as the
server lets her): the gate answers at most its burst plus its rate, refuses the rest at
once (status 429); Anna's history reads in the same moment are answered, Anna hears
nothing, the table's snapshot does not change. A client refused says one sentence
(online.history_slow) to its own seat and reads on after a pause.
"""
import asyncio
import json
import time

import nats

from tests.online.conftest import Host, read_snapshot
from tests.online.test_hardening import EN, Raw, _deck, _settle
from tests.support.lines import Said
from voice_game.online import gate as G
from voice_game.online import protocol as P
from voice_game.online.client import Speaker, Stored

FLOOD = 3000


async def _history_user(server, raw: Raw):
    user = P.seat_user(raw.table, raw.seat)
    return await nats.connect(server.url, user=P.history_user(user), password=raw.secret,
                              inbox_prefix=P.inbox_prefix(user, raw.key), allow_reconnect=False)


async def _ask(nc, stream: str, seq: int) -> str:
    """'ok' (the message), '429' (refused by the gate) or what else came back."""
    try:
        m = await nc.request(f"$JS.API.DIRECT.GET.{stream}", json.dumps({"seq": seq}).encode(), timeout=20)
    except Exception as exc:  # noqa: BLE001 - a timeout is an outcome here
        return type(exc).__name__
    headers = m.headers or {}
    if headers.get("Nats-Sequence") == str(seq) and m.data:
        return "ok"
    return str(headers.get("Status"))


def test_a_history_flood_is_gated_per_seat_and_changes_nothing(nats_server, tmp_path):
    host = Host(["orchestra", "--players", "Mallory,Anna", "--deck", str(_deck(tmp_path)), "--lang", "en"],
                nats_server)
    m, a = host.seats(2)

    async def run():
        async with Raw(nats_server, m["code"], cid="mallory0001") as mal, \
                Raw(nats_server, a["code"], cid="anna00000001") as anna:
            await mal.send({"hello": True, "lang": "en"})
            await anna.send({"hello": True, "lang": "en"})
            await _settle(lambda: len(mal.heard) >= 2 and len(anna.heard) >= 2)
            await asyncio.sleep(1.0)
            before = await read_snapshot(nats_server, mal.table)
            anna_heard = len(anna.heard)
            flood, reads = await _history_user(nats_server, mal), await _history_user(nats_server, anna)
            mine, hers = P.seat_stream(mal.table, mal.seat), P.seat_stream(anna.table, anna.seat)
            try:
                said = Said()
                stored = Stored(flood.jetstream(), Speaker(said), EN)

                async def client_reads():  # asked right after the flood: the gate refuses the first
                    return [await stored.get(mine, seq=1) for _ in range(3)]

                t0 = time.monotonic()
                flooded = asyncio.gather(*(_ask(flood, mine, 1) for _ in range(FLOOD)))
                client = asyncio.ensure_future(client_reads())
                await asyncio.sleep(0.05)
                anna_reads = [await _ask(reads, hers, 1) for _ in range(20)]
                outcomes = await flooded
                took = time.monotonic() - t0
                got = await client
            finally:
                await flood.close()
                await reads.close()
            await asyncio.sleep(1.0)
            after = await read_snapshot(nats_server, mal.table)
            return outcomes, took, anna_reads, said.lines, got, before, after, anna.heard[anna_heard:]

    outcomes, took, anna_reads, said, got, before, after, anna_new = asyncio.run(run())
    host.kill()
    counts = {k: outcomes.count(k) for k in set(outcomes)}
    print(f"{FLOOD} reads in {took:.2f} s: {counts}; Anna's 20: {anna_reads.count('ok')} answered")
    allowed = G.BURST + G.RATE * took + 5
    assert counts.get("ok", 0) <= allowed, (counts, took)
    assert counts.get("429", 0) >= FLOOD - allowed, (counts, took)
    assert anna_reads == ["ok"] * 20, anna_reads
    assert said == [EN.get("online.history_slow")], said
    assert all(r is not None and r.seq == 1 for r in got), got
    assert before == after
    assert anna_new == [], anna_new


def test_without_its_gate_a_history_read_finds_nothing_and_breaks_nothing(nats_server, tmp_path):
    """A server whose gate is gone (or a nats-server started by hand without one): history
    reads find nothing (no answer), the client goes on without a traceback or a sentence."""
    from voice_game.online import server as S

    host = Host(["orchestra", "--players", "Mallory,bot:Bot", "--deck", str(_deck(tmp_path)), "--lang", "en"],
                nats_server)
    (m,) = host.seats(1)
    gate = next(g for g in S._gates if g.poll() is None)
    gate.kill()
    gate.wait(10)

    async def run():
        async with Raw(nats_server, m["code"], cid="mallory0001") as mal:
            await mal.send({"hello": True, "lang": "en"})
            await _settle(lambda: len(mal.heard) >= 2)
            nc = await _history_user(nats_server, mal)
            try:
                said = Said()
                got = await Stored(nc.jetstream(), Speaker(said), EN).get(P.seat_stream(mal.table, mal.seat), seq=1)
            finally:
                await nc.close()
            return got, said.lines, len(mal.heard)

    got, said, heard = asyncio.run(run())
    host.kill()
    assert got is None and said == [] and heard >= 2, (got, said, heard)
