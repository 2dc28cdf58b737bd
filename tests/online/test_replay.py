"""Stored messages and floods against a real nats-server on loopback (issue 23, hardening):

- nobody can have the server send stored messages to a public subject (or to any other
  subject a player or spectator listens to): a raw subscriber there, as a third-party
  client that does not check headers would be, hears only what the host said;
- a seat's rate limit holds for the seat, over all the connections its code opens.
"""
import asyncio
import json

import nats

from tests.online.conftest import Host, read_snapshot
from tests.online.test_hardening import EN, Raw, _deck, _settle, _started
from voice_game.online import protocol as P


class Listener:
    """A spectator's raw connection on a table's public subject: everything that arrives."""

    def __init__(self, server, table):
        self.server, self.table = server, table
        self.heard: list[tuple[dict, dict]] = []

    async def __aenter__(self):
        user = P.watch_user(self.table)
        self.nc = await nats.connect(self.server.url, user=user, password=self.table,
                                     inbox_prefix=P.inbox_prefix(user), allow_reconnect=False)

        async def on(m):
            self.heard.append((dict(m.headers or {}), json.loads(m.data)))

        await self.nc.subscribe(P.public_subject(self.table), cb=on)
        await self.nc.flush()
        return self

    async def __aexit__(self, *exc):
        await self.nc.close()

    def replayed(self):
        return [msg for headers, msg in self.heard if "Nats-Stream" in headers]


def test_nobody_can_replay_stored_messages_onto_a_public_subject(nats_server, tmp_path):
    """Mallory sits at one table; she (and anybody with the tables' ids) asks the server
    for stored messages, answered to the public subjects of her own and of another table.
    A spectator that takes what arrives there at face value must hear none of it."""
    deck = str(_deck(tmp_path))
    mine = Host(["orchestra", "--players", "Mallory,bot:Bot", "--deck", deck, "--lang", "en"], nats_server)
    (m,) = mine.seats(1)
    other = Host(["orchestra", "--players", "Anna,bot:Ben", "--deck", deck, "--lang", "en"], nats_server)
    (a,) = other.seats(1)

    async def attack():
        async with Raw(nats_server, m["code"], cid="mallory0001") as mal, \
                Listener(nats_server, mal.table) as own_public, Listener(nats_server, a["table"]) as other_public:
            await mal.send({"hello": True, "lang": "en"})
            await _started(nats_server, mal.table)
            await mal.send({"c": 1, "text": "chat: XYZZY the game is over"})
            await _settle(lambda: any("XYZZY" in x for x in mal.said()))
            spectator = await nats.connect(nats_server.url, user=P.watch_user(mal.table), password=mal.table,
                                           inbox_prefix=P.inbox_prefix(P.watch_user(mal.table)))
            asks = [(mal.nc, P.seat_stream(mal.table, mal.seat), P.seat_subject(mal.table, mal.seat, mal.key)),
                    (spectator, P.public_stream(mal.table), P.public_subject(mal.table))]
            for nc, stream, subject in asks:
                for target in (P.public_subject(mal.table), P.public_subject(a["table"])):
                    for ask in ({"last_by_subj": subject}, {"seq": 1}, {"seq": 2}):
                        try:
                            await nc.publish(f"$JS.API.DIRECT.GET.{stream}", json.dumps(ask).encode(), reply=target)
                        except Exception:  # noqa: BLE001 - refused outright: that is fine too
                            pass
                await nc.flush()
            await asyncio.sleep(2.0)
            await spectator.close()
            return own_public.replayed(), other_public.replayed()

    own, foreign = asyncio.run(attack())
    assert own == [] and foreign == [], (own, foreign)
    mine.kill()
    other.kill()


def test_a_seats_rate_limit_holds_over_all_its_connections(nats_server, tmp_path):
    """Five connections with the same seat code flood lines at once: the seat as a whole
    gets its burst answered and one "too fast", not five times that."""
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(_deck(tmp_path)), "--lang", "en"], nats_server)
    a, b = host.seats(2)

    async def flood():
        async with Raw(nats_server, a["code"], cid="annaclient1") as anna, Raw(nats_server, b["code"]) as ben:
            await anna.send({"hello": True, "lang": "en"})
            await ben.send({"hello": True, "lang": "en", "cid": "benclient01"})
            await _started(nats_server, ben.table)
            await _settle(lambda: any(m.get("t") == "prompt" for m in anna.heard))
            before = await read_snapshot(nats_server, ben.table)
            conns = [await Raw(nats_server, b["code"], cid="benclient01").__aenter__() for _ in range(5)]
            ben.heard.clear()
            for c in range(1, 61):
                for conn in conns:  # "my cards": an answer, but never a move
                    await conn.send({"c": 1000 + c * 10 + conns.index(conn), "text": "my cards"})
            for conn in conns:
                await conn.nc.flush()
            await _settle(lambda: EN.get("online.refused.too_fast") in ben.said())
            await asyncio.sleep(1.5)
            after = await read_snapshot(nats_server, ben.table)
            for conn in conns:
                await conn.__aexit__()
            return ben.said(), before, after

    said, before, after = asyncio.run(flood())
    host.kill()
    answered = [x for x in said if x != EN.get("online.refused.too_fast")]
    assert said.count(EN.get("online.refused.too_fast")) == 1, said
    # 300 lines sent; the burst (30) and what the rate refilled in the meantime get answers
    assert len(answered) < 3 * P.SEAT_BURST, (len(answered), said)
    assert after["state"] == before["state"]


def test_a_seats_flood_over_many_connections_is_not_said_to_the_others(nats_server, tmp_path):
    """Ben floods chat lines and hellos over three connections of his code: within the seat's
    limits, but Anna and the spectators must not hear each one; Ben hears why."""
    from voice_game.online.host import OTHERS_BURST

    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(_deck(tmp_path)), "--lang", "en"], nats_server)
    a, b = host.seats(2)

    async def flood():
        async with Raw(nats_server, a["code"], cid="annaclient1") as anna, Listener(nats_server, a["table"]) as pub:
            await anna.send({"hello": True, "lang": "en"})
            conns = [await Raw(nats_server, b["code"], cid="benclient01").__aenter__() for _ in range(3)]
            await conns[0].send({"hello": True, "lang": "en"})
            await _started(nats_server, a["table"])
            await _settle(lambda: any(m.get("t") == "prompt" for m in anna.heard))
            anna.heard.clear()
            pub.heard.clear()
            for k in range(24):
                conn = conns[k % 3]
                await conn.send({"c": 100 + k, "text": f"chat: spam {k}"})
                await conn.send({"hello": True, "lang": "en"})
            for conn in conns:
                await conn.nc.flush()
            await _settle(lambda: EN.get("online.refused.chat_too_fast") in conns[0].said(), 30.0)
            await asyncio.sleep(1.5)
            ben_heard = [x for c in conns for x in c.said()]
            for conn in conns:
                await conn.__aexit__()
            return anna.said(), [m.get("text", "") for _, m in pub.heard], ben_heard

    anna, public, ben = asyncio.run(flood())
    host.kill()
    spam = [x for x in anna if "spam" in x]
    joined = [x for x in anna if x == EN.get("online.joined", player="Ben")]
    assert len(spam) + len(joined) <= OTHERS_BURST + 2, anna  # what trickles back in 2 s at 0.5/s
    assert len([x for x in public if "spam" in x]) <= OTHERS_BURST + 2, public
    assert EN.get("online.refused.chat_too_fast") in ben
