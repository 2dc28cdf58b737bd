"""Past one machine: three nats-server nodes on loopback (a cluster, JetStream streams and
snapshot kept on all three) and host services in two processes sharing the server folder.
A game goes on when one node dies and then when the host service playing it is killed
(kill -9: the other service takes its lease over and resumes it); both seats hear
exactly the game they hear without any failure. Bounded: every wait has a timeout, and
every process it starts is stopped."""
import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from tests.online.conftest import PROCS, ROOT, Host, env, join, wait_until
from tests.online.scripts import play_script
from voice_game.online import protocol as P
from voice_game.online import server as S
from voice_game.online.failover import latest


class Cluster:
    def __init__(self, folder, log_dir):
        self.folder = folder
        self.ports = [S.free_loopback_port() for _ in range(3)]
        self.routes = [S.free_loopback_port() for _ in range(3)]
        self.url = ",".join(f"nats://127.0.0.1:{p}" for p in self.ports)
        self.log_dir = log_dir
        self.procs: list = [None, None, None]
        self.gate: subprocess.Popen | None = None

    def start(self):
        if S.nats_server_binary() is None:
            pytest.skip("nats-server is not installed")
        for n, port in enumerate(self.ports):
            conf = S.cluster_conf(self.folder, n, port, self.routes)
            log = open(self.log_dir / f"node-{n}.log", "wb")  # noqa: SIM115 - closed with the process
            self.procs[n] = subprocess.Popen([S.nats_server_binary(), "-c", str(conf)], stdout=log, stderr=log)
            self.procs[n].log = log
        for port in self.ports:
            _wait_port(port)
        asyncio.run(self._jetstream_ready())
        # the history gate (seats read their streams through it), on the cluster, not on one node
        self.gate = S.start_gate(self.folder, self.url, os.getpid(), log=open(self.log_dir / "gate.log", "wb"))  # noqa: SIM115
        return self

    async def _jetstream_ready(self):
        import nats

        for _ in range(150):
            try:
                nc = await nats.connect(self.url.split(","), user=S.ADMIN, password=S.admin_password(self.folder),
                                        error_cb=_quiet)
                try:
                    await nc.jetstream().account_info()
                    return
                finally:
                    await nc.close()
            except Exception:  # noqa: BLE001 - no meta leader yet
                time.sleep(0.2)
        raise AssertionError("the cluster's JetStream never came up")

    def kill(self, n):
        self.procs[n].kill()
        self.procs[n].wait(10)

    def stop(self):
        if self.gate is not None and self.gate.poll() is None:
            self.gate.terminate()
            self.gate.wait(10)
        for p in self.procs:
            if p is not None:
                if p.poll() is None:
                    p.terminate()
                    try:
                        p.wait(10)
                    except subprocess.TimeoutExpired:
                        p.kill()
                        p.wait(10)
                p.log.close()


async def _quiet(_err):
    pass


def _wait_port(port, timeout=15):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"no node on port {port}")


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path / "server", tmp_path).start()
    yield c
    _stop_all(c)


def _stop_all(cluster):
    """Every process a test started (host services, seats), then the cluster's nodes."""
    for p in PROCS:
        if p.poll() is None:
            p.kill()
            p.wait(10)
    PROCS.clear()
    cluster.stop()


def _handled(cluster, table):
    async def read():
        import nats

        nc = await nats.connect(cluster.url.split(","), user=S.ADMIN, password=S.admin_password(cluster.folder),
                                connect_timeout=2, max_reconnect_attempts=1, error_cb=_quiet)
        try:  # from the stream's leader: a direct get may be answered by a replica lagging behind
            last_c = json.loads((await latest(nc.jetstream(), table, "snapshot")).data)["online"]["last_c"]
            return sum(int(x) for x in last_c.values())
        finally:
            await nc.close()

    try:
        return asyncio.run(read())
    except Exception:  # noqa: BLE001 - no snapshot yet, or no answer while a node is gone
        return 0


def _state(cluster, table):
    """Where the table stands on the cluster (a failing test's message): the snapshot's
    numbers and outbox, each stream's last messages."""
    async def read():
        import nats

        nc = await nats.connect(cluster.url.split(","), user=S.ADMIN, password=S.admin_password(cluster.folder),
                                connect_timeout=2, max_reconnect_attempts=1, error_cb=_quiet)
        try:
            js = nc.jetstream()
            on = json.loads((await latest(js, table, "snapshot")).data)["online"]
            lines = [f"snapshot: counters {on['counters']}, last_c {on['last_c']}, outbox "
                     f"{[(x[1], x[2]['n'], x[2].get('t')) for x in on['outbox']]}",
                     f"lease: {(await latest(js, table, 'lease')).data!r}"]
            for stream in on["counters"]:
                info = await js.stream_info(stream)
                last = info.state.last_seq
                msgs = [json.loads((await js.get_msg(stream, n)).data) for n in range(max(1, last - 3), last + 1)]
                lines.append(f"{stream} (leader {info.cluster.leader if info.cluster else '?'}): "
                             + "; ".join(f"{m['n']} {m.get('t')} {m.get('last', m.get('text', ''))!s:.40}" for m in msgs))
            return "\n".join(lines)
        finally:
            await nc.close()

    try:
        return asyncio.run(read())
    except Exception as exc:  # noqa: BLE001 - a failing test's message says what it could not read
        return f"(no state: {exc!r})"


def _service(cluster, *seed):
    proc = subprocess.Popen([sys.executable, "-m", "tests.online.cluster_host", cluster.url, str(cluster.folder),
                             *map(str, seed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env=env())
    PROCS.append(proc)
    return proc


def _game(out):
    """From the first line of the game on; a seat's return after the takeover (its client
    says hello to the new host) is told to the other seat, which the run without it lacks."""
    lines = out.splitlines()
    lines = lines[next(i for i, x in enumerate(lines) if x.startswith("Animal Orchestra")):]
    return [x for x in lines if not x.endswith(" is at the table now.")]


FIRST, MORE = 10, 12  # a seat's lines before node 0 dies, and before service A is killed (of about 60)


def _feed(client, lines, close=False):
    client.proc.stdin.write("".join(x + "\n" for x in lines))
    client.proc.stdin.flush()
    if close:
        client.proc.stdin.close()


def _failover(cluster, per_seat):
    """Service A plays the table; node 0 dies, then A (kill -9); B takes the table over and
    both seats play to the end. The seats' outputs."""
    first = Host.__new__(Host)  # the reading of a host's seat lines, on service A's process
    first.proc, first.lines, first.err = _service(cluster, 11), [], ""
    threading.Thread(target=lambda: first.lines.extend(first.proc.stdout), daemon=True).start()
    second = _service(cluster)  # service B: takes over what A leaves
    a, b = first.seats(2)
    table = a["table"]
    # Each seat's script in three parts, so that the game cannot end before A is killed (a
    # slow snapshot read while the cluster elects leaders let it end once): the first
    # FIRST lines, MORE after node 0 died, the rest after A was killed.
    anna = join(a["code"], cluster, per_seat[0][:FIRST], close=False)
    ben = join(b["code"], cluster, per_seat[1][:FIRST], close=False)
    wait_until(lambda: _handled(cluster, table) >= 8, what="eight lines played")
    cluster.kill(0)
    now = 0
    for _ in range(300):  # bounded: a snapshot read while the cluster elects leaders may fail
        now = _handled(cluster, table)
        if now:
            break
        time.sleep(0.1)
    _feed(anna, per_seat[0][FIRST:FIRST + MORE])
    _feed(ben, per_seat[1][FIRST:FIRST + MORE])
    wait_until(lambda: _handled(cluster, table) >= now + 6, 90, "six more lines on two nodes", anna, ben)
    first.proc.kill()  # kill -9 of the host service playing the table, while it plays
    first.proc.wait(10)
    _feed(anna, per_seat[0][FIRST + MORE:], close=True)
    _feed(ben, per_seat[1][FIRST + MORE:], close=True)
    try:
        ra, out_a, err_a = anna.finish(120)
        rb, out_b, err_b = ben.finish(120)
        rc_b = second.wait(60)
    except subprocess.TimeoutExpired as exc:
        second.kill()
        _, err = second.communicate(timeout=10)
        raise AssertionError(f"{exc}\n=== the table:\n{_state(cluster, table)}\n=== Anna {anna.said()[-6000:]}"
                             f"\n=== Ben {ben.said()[-6000:]}\n=== service B:\n{err[-6000:]}") from None
    err_second = second.stderr.read()
    assert rc_b == 0 and "Traceback" not in err_second, err_second[-3000:]
    assert (ra, rb) == (0, 0), (out_a[-2000:], err_a[-2000:], out_b[-2000:], err_b[-2000:])
    assert json.loads(second.stdout.readline())["took"] == [table]
    return out_a, out_b


def test_a_table_survives_a_dead_node_and_a_dead_host_service(tmp_path, monkeypatch):
    per_seat, _, _, _ = play_script("orchestra", ["Anna", "Ben"], seed=11)
    cluster = Cluster(tmp_path / "server", tmp_path).start()
    try:
        out_a, out_b = _failover(cluster, per_seat)
    finally:
        _stop_all(cluster)
    # the same game on one server without failures: each seat heard exactly the same
    ref_server = _single_server(tmp_path)
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(ref_server.folder))
    try:
        ref = Host(["orchestra", "--players", "Anna,Ben", "--seed", "11", "--lang", "en"], ref_server)
        a2, b2 = ref.seats(2)
        ref_a, ref_b = join(a2["code"], ref_server, per_seat[0]), join(b2["code"], ref_server, per_seat[1])
        _, want_a, _ = ref_a.finish()
        _, want_b, _ = ref_b.finish()
        assert ref.wait() == 0
    finally:
        ref_server.stop()
    assert _game(out_a) == _game(want_a)
    assert _game(out_b) == _game(want_b)


def _single_server(tmp_path):
    from tests.online.conftest import Nats

    return Nats(tmp_path / "single", S.free_loopback_port()).start()


def test_the_service_taking_a_table_over_hears_the_seats_on_every_node(cluster):
    """Why the takeover above waited for ever about one run in three: nats-server 2.9.10,
    after a reload of its accounts (each new table reloads them), told the other nodes that
    nobody on a node listened to the seats' commands any more when one of two connections
    listening there went, though the other (connected after the reload) still listened. The
    service taking the table over then heard only the seats on its own node. Made on
    purpose here: both services on node 1, the old one connected before the table's
    reload, the new one after; the old one goes; a seat on node 2 says hello and must hear
    its welcome from the new one."""

    import nats

    from voice_game.online.service import TableService

    def node(n):
        return f"nats://127.0.0.1:{cluster.ports[n]}"

    async def go():
        old = TableService(node(1), cluster.folder, replicas=3, lease=2.0)
        await old.start()
        info = await old.create("orchestra", "Anna,Ben", lang="en", seed=11)  # the accounts are reloaded
        new = TableService(node(1), cluster.folder, replicas=3, lease=2.0)
        await new.start()
        await old.close()  # gone: its lease runs out, the new service takes the table
        try:
            for _ in range(300):
                if new.leases is not None and new.leases.taken:
                    break
                await asyncio.sleep(0.1)
            assert new.leases is not None and new.leases.taken == [info.table], "no takeover in 30 s"
            table, seat, secret = P.parse_code(info.seats[0].code)
            key, user = P.seat_key(secret), P.seat_user(table, seat)
            nc = await nats.connect(node(2), user=user, password=secret, inbox_prefix=P.inbox_prefix(user, key),
                                    allow_reconnect=False, error_cb=_quiet)
            heard: list[dict] = []

            async def on(m):
                heard.append(json.loads(m.data))

            await nc.subscribe(P.seat_subject(table, seat, key), cb=on)
            await nc.flush()
            try:
                for _ in range(20):  # as a client does: hello again until a host answers
                    await nc.publish(P.command_subject(table, seat, key),
                                     json.dumps({"hello": True, "lang": "en", "cid": "seatonnode2"}).encode())
                    await asyncio.sleep(1.0)
                    if any(m.get("t") == "welcome" for m in heard):
                        return
                raise AssertionError(f"the seat on node 2 heard no welcome in 20 s, only {heard}")
            finally:
                await nc.close()
        finally:
            await new.close()

    asyncio.run(go())
