"""Attacks on a real nats-server on loopback, as the issue found them: every one is
refused with at most one sentence to that seat, and the table plays on unchanged."""
import asyncio
import json
import os
import time

import pytest

from tests.online.conftest import PROCS, Client, Host, join, read_snapshot, wait_until
from voice_game.narration.catalog import load_catalog
from voice_game.online import protocol as P
from voice_game.online import server as S

EN = load_catalog("en")


class Raw:
    """A seat's own NATS connection, publishing whatever a test wants."""

    def __init__(self, server, code, cid=None):
        self.server, self.code, self.cid = server, code, cid
        self.table, self.seat, self.secret = P.parse_code(code)
        self.key = P.seat_key(self.secret)
        self.heard: list[dict] = []

    async def __aenter__(self):
        import nats

        user = P.seat_user(self.table, self.seat)
        self.nc = await nats.connect(self.server.url, user=user, password=self.secret,
                                     inbox_prefix=P.inbox_prefix(user, self.key), allow_reconnect=False)

        async def on(m):
            self.heard.append(json.loads(m.data))

        await self.nc.subscribe(P.seat_subject(self.table, self.seat, self.key), cb=on)
        await self.nc.flush()
        return self

    async def __aexit__(self, *exc):
        await self.nc.close()

    async def send(self, data):
        if isinstance(data, dict):
            data = json.dumps({**data, **({"cid": self.cid} if self.cid else {})}).encode()
        await self.nc.publish(P.command_subject(self.table, self.seat, self.key), data)

    def said(self, kind=None):
        return [m["text"] for m in self.heard if m.get("t") == "say" and (kind is None or m.get("kind") == kind)]


def _deck(tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
    return deck


async def _started(server, table):
    for _ in range(200):
        if (await read_snapshot(server, table))["online"]["started"]:
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the table never started")


async def _joined(server, table, seat):
    for _ in range(200):
        if seat in (await read_snapshot(server, table))["online"]["joined"]:
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the seat never joined")


async def _settle(pred, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not pred():
        await asyncio.sleep(0.05)


def _finish_short_game(host, anna_code, ben_code, server, anna=None):
    """Anna and Ben play the two-card game to its end; the host ends with 0."""
    if anna is None:
        anna = join(anna_code, server, ["draw", "conductor one", "take conductor one"])
    else:
        anna.proc.stdin.write("draw\nconductor one\ntake conductor one\n")
        anna.proc.stdin.close()
    ben = join(ben_code, server, ["draw", "conductor two", "take conductor two"])
    ra, out_a, err_a = anna.finish()
    rb, out_b, err_b = ben.finish()
    assert host.wait() == 0, host.err
    assert (ra, rb) == (0, 0), (out_a, err_a, out_b, err_b)
    assert "Traceback" not in host.err + err_a + err_b
    return out_a, out_b


def test_nested_json_and_floods_from_a_seat_change_nothing(nats_server, tmp_path):
    """~2000 bytes of nested JSON crashed the host (RecursionError); now a refusal."""
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(_deck(tmp_path)), "--lang", "en"], nats_server)
    a, b = host.seats(2)
    anna = join(a["code"], nats_server, [], close=False)

    async def attack():
        async with Raw(nats_server, b["code"], cid="benraw00001") as ben:
            await ben.send({"hello": True, "lang": "en"})
            await _started(nats_server, ben.table)
            before = (await read_snapshot(nats_server, ben.table))["state"]
            for data in (b"[" * 2000 + b"]" * 2000, b'{"c": 1, "text": "draw", "x": ' + b"[" * 1000 + b"]" * 1000 + b"}",
                         b'{"a":' * 600 + b"1" + b"}" * 600):
                await ben.send(data)
            await _settle(lambda: len(ben.said("error")) >= 3)
            nested = ben.said("error")
            # a flood of lines nobody asked for: the first BURST are answered, then one sentence
            ben.heard.clear()
            for c in range(1, 301):
                await ben.send({"c": c, "text": "my cards"})
            await ben.nc.flush()
            await _settle(lambda: EN.get("online.refused.too_fast") in ben.said())
            await asyncio.sleep(1.0)
            after = (await read_snapshot(nats_server, ben.table))["state"]
            return nested, ben.said(), before, after

    nested, flood, before, after = asyncio.run(attack())
    # each one sentence (a message over the size limit is refused before its nesting is read)
    assert len(nested) == 3
    assert set(nested) <= {EN.get("online.refused.malformed"), EN.get("online.refused.too_big")}
    assert after == before
    assert flood.count(EN.get("online.refused.too_fast")) == 1
    assert len(flood) < 100  # 300 sent; the rest were dropped unread
    out_a, _ = _finish_short_game(host, a["code"], b["code"], nats_server, anna)
    assert "Refused" not in out_a  # Anna heard none of it


def test_a_stored_message_sent_to_another_tables_subjects_reaches_nobody(nats_server, tmp_path):
    """With a table's spectator code and seat code, an attacker asks the server for stored
    messages with reply subjects of another table: that table's seats, host and
    spectators (the issue: a player at another table was made to quit)."""
    deck = str(_deck(tmp_path))
    other = Host(["orchestra", "--players", "Mallory,bot:Bot", "--deck", deck, "--lang", "en"], nats_server)
    (m,) = other.seats(1)
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", deck, "--lang", "en"], nats_server)
    a, b = host.seats(2)
    table = a["table"]
    anna = join(a["code"], nats_server, [], close=False)
    watcher = Client(["watch", table, "--server", nats_server.url, "--tts", "text", "--lang", "en"])

    async def attack():
        import nats

        async with Raw(nats_server, m["code"], cid="mallory0001") as mal:
            await mal.send({"hello": True, "lang": "en"})
            await _started(nats_server, mal.table)
            await mal.send({"c": 1, "text": "chat: XYZZY the game is over"})  # into her table's streams
            await _settle(lambda: any("XYZZY" in x for x in mal.said()))
            spectator = await nats.connect(nats_server.url, user=P.watch_user(mal.table), password=mal.table,
                                           inbox_prefix=P.inbox_prefix(P.watch_user(mal.table)))
            await _joined(nats_server, table, 0)  # Anna sits; Ben comes later, so it waits
            before = await read_snapshot(nats_server, table)
            _, seat, secret = P.parse_code(a["code"])
            leaked = P.seat_key(secret)  # even a leaked key: a stored message is no host speaking
            targets = [P.public_subject(table), f"vg.{table}.seat.0", f"vg.{table}.cmd.0", f"vg.{table}.cmd.1",
                       P.seat_subject(table, 0, leaked), P.command_subject(table, 0, leaked),
                       f"_INBOX_{table}_0.x", "_INBOX.x"]
            asks = [(spectator, f"$JS.API.DIRECT.GET.{P.public_stream(mal.table)}",
                     {"last_by_subj": P.public_subject(mal.table)}),
                    (mal.nc, f"$JS.API.DIRECT.GET.{P.seat_stream(mal.table, mal.seat)}",
                     {"last_by_subj": P.seat_subject(mal.table, mal.seat, mal.key)})]
            for nc, subject, ask in asks:
                for target in targets:
                    for _ in range(5):
                        await nc.publish(subject, json.dumps(ask).encode(), reply=target)
                await nc.flush()
            await asyncio.sleep(2.0)
            after = await read_snapshot(nats_server, table)
            await spectator.close()
            return before, after

    before, after = asyncio.run(attack())
    assert after["state"] == before["state"] and after["online"]["counters"] == before["online"]["counters"]
    assert anna.proc.poll() is None and watcher.proc.poll() is None  # nobody was made to stop
    out_a, out_b = _finish_short_game(host, a["code"], b["code"], nats_server, anna)
    rc, out_w, _ = watcher.finish()
    assert rc == 0 and "The game is over" in out_w
    for out in (out_a, out_b, out_w):
        assert "XYZZY" not in out and "Mallory" not in out
    other.kill()


def test_a_second_client_with_the_same_code_takes_the_seat_over(nats_server, tmp_path):
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(_deck(tmp_path)), "--lang", "en"], nats_server)
    a, b = host.seats(2)
    first = join(a["code"], nats_server, [], close=False)  # Anna's laptop
    wait_until(lambda: any("waiting" in x for x in first.out), 60, "the first client at the table", first)
    second = join(a["code"], nats_server, [], close=False)  # Anna's phone: it takes the seat
    rc, out1, err1 = first.finish()
    assert rc == 0, err1
    assert out1.splitlines()[-1] == EN.get("online.seat_taken")

    async def stale():
        # a client that lost the seat (it never stopped): its quit and goodbye end nothing
        async with Raw(nats_server, a["code"], cid="laptop00001") as laptop:
            await laptop.send({"hello": True, "lang": "en"})  # takes it once more ...
            await _settle(lambda: any(m.get("t") == "welcome" for m in laptop.heard))
        wait_until(lambda: EN.get("online.seat_taken") in second.out, 60, "the phone stopping", second)

    asyncio.run(stale())
    rc, out2, _ = second.finish()
    assert rc == 0 and EN.get("online.took_over") in out2
    third = join(a["code"], nats_server, [], close=False)  # ... and the phone comes back

    async def ignored():
        async with Raw(nats_server, a["code"], cid="laptop00001") as laptop:
            await _settle(lambda: False, 3.0)  # the third client's hello is through
            for msg in ({"c": 90, "text": "quit"}, {"c": 91, "text": "yes"}, {"bye": True}):
                await laptop.send(msg)
            await laptop.nc.flush()
            await asyncio.sleep(1.0)

    asyncio.run(ignored())
    assert third.proc.poll() is None
    _finish_short_game(host, a["code"], b["code"], nats_server, third)


def test_many_hosts_start_at_once(nats_server, tmp_path):
    """Starting 20 hosts at once, 5 died (TimeoutError in create_streams while auth.conf
    was rewritten and reloaded for each). Later a host of 12 said it could not connect (3
    runs of 5; the CI failure with 6 left no output): nats-server 2.9 checks every
    connection again when it reloads its users and drops one whose login it has not read
    yet (its log: 'authentication error - User ""'), and a host's first connection came at
    such a moment (client.connect now tries a dropped login again). VOICE_GAME_HOSTS sets
    how many (default 6)."""
    count = int(os.environ.get("VOICE_GAME_HOSTS", "6"))
    deck = str(_deck(tmp_path))
    hosts = [Host(["orchestra", "--players", "Anna,Ben", "--deck", deck, "--lang", "en"], nats_server)
             for _ in range(count)]
    try:
        seats = [h.seats(2, timeout=240) for h in hosts]
        assert len({s[0]["table"] for s in seats}) == count
        # every table's users exist: each seat can log in
        assert all(h.proc.poll() is None for h in hosts), [h.err for h in hosts if h.proc.poll() is not None]

        async def logins():
            import nats

            for two in seats:
                for s in two:
                    t, seat, secret = P.parse_code(s["code"])
                    nc = await nats.connect(nats_server.url, user=P.seat_user(t, seat), password=secret,
                                            allow_reconnect=False)
                    await nc.close()

        asyncio.run(logins())
    finally:
        for h in hosts:
            h.kill()


def test_one_service_opens_twenty_tables_at_once_with_few_reloads(nats_server):
    from voice_game.online.service import TableService

    reloads = []
    real = S.reload

    def counting(folder):
        reloads.append(folder)
        return real(folder)

    async def go():
        service = TableService(nats_server.url, nats_server.folder)
        await service.start()
        S.reload = counting
        try:
            infos = await asyncio.gather(*(service.create("orchestra", "Anna,Ben", lang="en") for _ in range(20)))
        finally:
            S.reload = real
        assert len({i.table for i in infos}) == 20 and all(len(i.codes()) == 2 for i in infos)
        assert sorted(service.running()) == sorted(i.table for i in infos)
        await service.close()

    asyncio.run(go())
    assert len(reloads) <= 20


def test_finished_and_abandoned_tables_are_swept(nats_server, monkeypatch):
    """Users and streams of ended or abandoned tables were never removed."""
    import nats
    from nats.js.errors import NotFoundError

    from voice_game.online import host as H
    from voice_game.online.service import TableService

    monkeypatch.setattr(H, "KEEP_FINISHED", 1.0)  # seconds a finished table's streams stay

    async def go():
        service = TableService(nats_server.url, nats_server.folder)
        await service.start()
        done = await service.create("orchestra", "Anna,Ben", lang="en")  # two humans who never come
        bots = await service.create("orchestra", "bot:Ann,bot:Bob", lang="en")
        assert await service.wait(bots.table) == 0  # a bot game plays to its end at once
        abandoned = P.new_table_id()
        S.write_table(nats_server.folder, abandoned, [0])  # its host died before its streams existed
        running = await service.sweep(grace=0)
        assert done.table not in running
        for _ in range(100):  # the server empties the finished table's streams after a second
            gone = await service.sweep(grace=0)
            running += gone
            if bots.table in running:
                break
            await asyncio.sleep(0.2)
        assert set(running) == {bots.table, abandoned}
        assert S.table_ids(nats_server.folder) == [done.table]
        js = service.js
        for name in P.table_streams(bots.table, []):
            # right after the sweep's reload nats-server may answer "no responders" or
            # "JetStream not enabled for account" for a moment (it failed 2 of 5 runs alone,
            # before and after the history account): ask again, as the service does
            for _ in range(50):
                try:
                    await js.stream_info(name)
                except NotFoundError:
                    break
                except Exception:  # noqa: BLE001 - the reload is not through yet
                    await asyncio.sleep(0.1)
                    continue
                raise AssertionError(f"the stream {name} is still there")
            else:
                raise AssertionError(f"no answer about the stream {name}")
        auth = (nats_server.folder / "auth.conf").read_text()
        assert abandoned not in auth and bots.table not in auth and done.table in auth
        t, seat, secret = P.parse_code(done.seats[0].code)
        nc = await nats.connect(nats_server.url, user=P.seat_user(t, seat), password=secret, allow_reconnect=False)
        await nc.close()  # a waiting table keeps its users
        await service.close()

    asyncio.run(go())


def test_a_server_beyond_loopback_talks_tls(tmp_path, monkeypatch):
    """Listening on every address without a certificate: one is made, plain connections fail."""
    import nats

    if S.nats_server_binary() is None:
        pytest.skip("nats-server is not installed")
    folder, port = tmp_path / "srv", S.free_loopback_port()
    proc = S.start_private_server(folder, port, listen="0.0.0.0")
    PROCS.append(proc)
    cert = folder / "tls" / "cert.pem"
    assert cert.exists() and (folder / "tls" / "key.pem").stat().st_mode & 0o077 == 0
    assert "tls {" in (folder / "nats.conf").read_text()

    async def go():
        with pytest.raises(Exception):  # noqa: B017 - TLS required: no plain login
            await nats.connect(f"nats://127.0.0.1:{port}", user=S.ADMIN, password=S.admin_password(folder),
                               allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2)
        monkeypatch.setenv("VOICE_GAME_TLS_CA", str(cert))
        from voice_game.online.client import connect

        nc = await connect(f"tls://127.0.0.1:{port}", S.ADMIN, S.admin_password(folder))
        await nc.close()

    try:
        asyncio.run(go())
    finally:
        proc.terminate()
        proc.wait(10)
