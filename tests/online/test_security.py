"""The server, not the clients, keeps seats apart; hostile messages change nothing."""
import asyncio
import json
import time

import pytest

from tests.online.conftest import Host, join, read_snapshot
from voice_game.narration.catalog import load_catalog
from voice_game.online import protocol as P
from voice_game.online import server as S


async def _connect(url, user, password, errors=None, key=""):
    import nats

    async def on_error(exc):
        if errors is not None:
            errors.append(str(exc))

    return await nats.connect(url, user=user, password=password, inbox_prefix=P.inbox_prefix(user, key),
                              error_cb=on_error, allow_reconnect=False, connect_timeout=3)


async def _ready(url, table, seat, password):
    for _ in range(50):
        try:
            nc = await _connect(url, P.seat_user(table, seat), password)
            await nc.close()
            return
        except Exception:  # noqa: BLE001 - the reload is not through yet
            await asyncio.sleep(0.1)
    raise AssertionError("seat users never appeared")


def test_a_seat_cannot_read_or_write_another_seats_subjects(nats_server):
    import nats
    import nats.errors
    from nats.js.api import StreamConfig

    table = P.new_table_id()
    pw = S.add_table(nats_server.folder, table, [0, 1])
    assert S.reload(nats_server.folder)
    k0, k1 = P.seat_key(pw[0]), P.seat_key(pw[1])

    async def go():
        await _ready(nats_server.url, table, 0, pw[0])
        admin = await _connect(nats_server.url, S.ADMIN, S.admin_password(nats_server.folder))
        js = admin.jetstream()
        await js.add_stream(StreamConfig(name=P.seat_stream(table, 1), subjects=[P.seat_subject(table, 1, k1)],
                                         allow_direct=True))
        errors_a = []
        a = await _connect(nats_server.url, P.seat_user(table, 0), pw[0], errors_a, k0)
        b = await _connect(nats_server.url, P.seat_user(table, 1), pw[1], key=k1)
        got_a, got_b, got_cmd = [], [], []

        async def to_a(m):
            got_a.append(m.data)

        async def to_b(m):
            got_b.append(m.data)

        async def cmd(m):
            got_cmd.append(m.subject)

        await admin.subscribe(P.ALL_COMMANDS, cb=cmd)
        await a.subscribe(P.seat_subject(table, 1, k1), cb=to_a)  # Ben's private subject
        await a.subscribe(">", cb=to_a)  # everything
        await a.subscribe("_INBOX.>", cb=to_a)  # other people's replies
        await b.subscribe(P.seat_subject(table, 1, k1), cb=to_b)
        await a.flush()
        await b.flush()
        await admin.flush()
        await js.publish(P.seat_subject(table, 1, k1), b'{"n": 1, "t": "say", "text": "Ben\'s hand: piano"}')
        await a.publish(P.command_subject(table, 1, k1), b'{"c": 1, "text": "draw"}')  # acting for Ben
        await a.publish(P.command_subject(table, 0, k0), b'{"c": 1, "text": "draw"}')  # its own seat: fine
        with pytest.raises(nats.errors.Error):  # Ben's stored history is not Anna's to read
            await a.jetstream().get_msg(P.seat_stream(table, 1), seq=1, direct=True)
        await a.flush()
        for _ in range(50):
            if got_b and len(errors_a) >= 4 and got_cmd:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        # Ben hears it; he reads his stream as his history user (his seat user asks the server nothing)
        with pytest.raises(nats.errors.Error):
            await b.jetstream().get_msg(P.seat_stream(table, 1), seq=1, direct=True)
        reader = await nats.connect(nats_server.url, user=P.history_user(P.seat_user(table, 1)), password=pw[1],
                                    inbox_prefix=P.inbox_prefix(P.seat_user(table, 1), k1), allow_reconnect=False)
        assert got_b and (await reader.jetstream().get_msg(P.seat_stream(table, 1), seq=1, direct=True)).data
        await reader.close()
        assert got_a == []
        assert got_cmd == [P.command_subject(table, 0, k0)]
        joined = " ".join(errors_a).lower()
        assert "permissions violation" in joined
        assert P.seat_subject(table, 1, k1) in joined and P.command_subject(table, 1, k1) in joined
        # a spectator reads the public subject only; a guessed password gets nowhere
        errors_w = []
        w = await _connect(nats_server.url, P.watch_user(table), table, errors_w)
        await w.subscribe(P.seat_subject(table, 0, k0))
        await w.flush()
        for _ in range(40):
            if errors_w:
                break
            await asyncio.sleep(0.05)
        assert errors_w and "permissions violation" in errors_w[0].lower()
        with pytest.raises(nats.errors.Error):
            await _connect(nats_server.url, P.seat_user(table, 1), P.new_secret())
        for c in (a, b, w, admin):
            await c.close()

    asyncio.run(go())


def test_hostile_messages_get_a_short_refusal_and_change_nothing(nats_server, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(deck), "--lang", "en", "--events", str(ev)],
                nats_server)
    a, b = host.seats(2)
    table, seat, secret = P.parse_code(b["code"])
    anna = join(a["code"], nats_server, [], close=False)  # at the table, thinking about her move
    en = load_catalog("en")

    async def hostile():
        key = P.seat_key(secret)
        nc = await _connect(nats_server.url, P.seat_user(table, seat), secret, key=key)
        heard = []

        async def on(m):
            heard.append(json.loads(m.data))

        await nc.subscribe(P.seat_subject(table, seat, key), cb=on)
        subject = P.command_subject(table, seat, key)
        await nc.publish(subject, b'{"hello": true, "lang": "en"}')
        for _ in range(100):
            if (await read_snapshot(nats_server, table))["online"]["started"]:
                break
            await asyncio.sleep(0.1)
        before = (await read_snapshot(nats_server, table))["state"]
        bad = [b"\x00\xff not json", b"{", b"[1, 2]", b'{"c": "one", "text": "draw"}',
               b'{"c": 1, "text": "draw", "please": "me"}', json.dumps({"c": 1, "text": "x" * 400}).encode(),
               b'{"c": 1, "text": "' + b"a" * 100_000 + b'"}', b'{"c": 1, "text": "draw", "seat": 1}',
               b'{"c": -3, "text": "draw"}', b'{"c": 1, "text": "tab\\u0007"}']
        for data in bad:
            await nc.publish(subject, data)
        await nc.publish(subject, b'{"c": 1, "text": "draw"}')  # valid, but Anna's turn
        await nc.publish(subject, b'{"c": 1, "text": "draw"}')  # the same line again: ignored
        await nc.flush()
        want = len(bad) + 1
        for _ in range(100):
            refusals = [m["text"] for m in heard if m.get("t") == "say" and m.get("kind") == "error"]
            if len(refusals) >= want:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        refusals = [m["text"] for m in heard if m.get("t") == "say" and m.get("kind") == "error"]
        after = (await read_snapshot(nats_server, table))["state"]
        await nc.close()
        return refusals, before, after

    refusals, before, after = asyncio.run(hostile())
    assert after == before
    assert refusals.count(en.get("online.refused.malformed")) == 8
    assert refusals.count(en.get("online.refused.too_big")) == 1
    assert refusals.count(en.get("online.refused.wrong_seat")) == 1
    assert refusals[-1] == en.get("online.not_your_turn", player="Anna")
    # ten bad messages and one out of turn; the repeated line is silently ignored
    assert len(refusals) == 11 and all(len(r) < 80 for r in refusals)
    # a guessed code and a malformed one: one sentence each, no seat
    bad_secret = join(P.make_code(table, seat, P.new_secret()), nats_server, [])
    rc, out, _ = bad_secret.finish()
    assert rc == 2 and out.strip() == en.get("online.connect_failed", server=nats_server.url)
    rc, out, _ = join("not-a-code", nats_server, []).finish()
    assert rc == 2 and out.strip() == en.get("online.bad_code")
    # the game then goes on as if nothing happened
    anna.proc.stdin.write("draw\nconductor one\ntake conductor one\n")
    anna.proc.stdin.close()
    ben = join(b["code"], nats_server, ["draw", "conductor two", "take conductor two"])
    assert anna.finish()[0] == 0 and ben.finish()[0] == 0
    assert host.wait() == 0, host.err
    last = json.loads(ev.read_text().splitlines()[-1])
    assert last["type"] == "game_over" and last["scores"] == {"Anna": 1, "Ben": 1}


def test_the_server_command_writes_a_private_configuration_and_runs_nats_server(tmp_path):
    import os
    import socket
    import subprocess
    import sys

    from tests.online.conftest import PROCS, ROOT, env, free_port

    if S.nats_server_binary() is None:
        pytest.skip("nats-server is not installed")
    port, folder = free_port(), tmp_path / "srv"
    p = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "server", "--port", str(port), "--dir", str(folder)],
                         cwd=ROOT, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    PROCS.append(p)
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        conf = (folder / "nats.conf").read_text()
        assert f'"127.0.0.1:{port}"' in conf and "jetstream" in conf
        for name in ("nats.conf", "auth.conf", "admin.secret"):
            assert os.stat(folder / name).st_mode & 0o077 == 0  # the owner's only

        async def go():
            nc = await _connect(f"nats://127.0.0.1:{port}", S.ADMIN, S.admin_password(folder))
            await nc.close()
            # nats-py reports a refused login as an authorization error or as no server left
            # to try, by version: any error, as long as no connection comes back
            with pytest.raises(Exception):  # noqa: B017 - nobody gets in without a password
                await _connect(f"nats://127.0.0.1:{port}", "guest", "")

        asyncio.run(go())
    finally:
        p.terminate()
        p.wait(10)


def test_a_tls_server_for_public_networks(tmp_path, monkeypatch):
    """With a certificate the server talks TLS only; passwords never cross the network in clear."""
    import subprocess

    from tests.online.conftest import PROCS, Host, free_port

    if S.nats_server_binary() is None:
        pytest.skip("nats-server is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    folder, port = tmp_path / "srv", free_port()
    folder.mkdir()
    proc = S.start_private_server(folder, port, tls=(cert, key))
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(folder))

    class Server:
        url = f"tls://127.0.0.1:{port}"

    try:
        monkeypatch.setenv("VOICE_GAME_TLS_CA", str(cert))
        deck = tmp_path / "deck.json"
        deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
        host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(deck), "--lang", "en"], Server)
        a, b = host.seats(2)
        # a right code, but without the certificate to trust: no connection
        monkeypatch.delenv("VOICE_GAME_TLS_CA")
        rc, out, _ = join(a["code"], Server, []).finish()
        assert rc == 2 and "does not let you in" in out
        monkeypatch.setenv("VOICE_GAME_TLS_CA", str(cert))
        ca = join(a["code"], Server, ["draw", "conductor one", "take conductor one"])
        cb = join(b["code"], Server, ["draw", "conductor two", "take conductor two"])
        assert ca.finish()[0] == 0 and cb.finish()[0] == 0
        assert host.wait() == 0, host.err
        assert "The game is over" in "\n".join(ca.out)
        # a plain connection is refused
        import nats

        async def plain():
            with pytest.raises(Exception):  # noqa: B017 - TLS or connection error, by nats-py version
                await nats.connect(f"nats://127.0.0.1:{port}", user=S.ADMIN, password=S.admin_password(folder),
                                   allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2)

        asyncio.run(plain())
    finally:
        for p in PROCS:
            if p.poll() is None:
                p.kill()
        proc.terminate()
        proc.wait(10)
