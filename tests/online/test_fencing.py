"""A host service that is only cut off (SIGSTOP, not killed) loses its table and, when it
wakes, writes nothing (issue 23): two services with leases on one real nats-server on
loopback. Service A plays a table; A is stopped; B takes the lease over and the seats play
to the end with B; A is woken: its lease renewal and the commands it still had in its
socket meet the fence (every write to the table's bucket expects the sequence A last saw
there, and the claim moved it), so A's table stops and no stream of the table changes."""
import asyncio
import json
import os
import signal
import subprocess
import sys
import threading

from tests.online.conftest import PROCS, ROOT, env, join, snapshot, wait_until
from tests.online.scripts import play_script
from voice_game.online import protocol as P
from voice_game.online import server as S
from voice_game.online.service import FENCED

FIRST = 10  # each seat's lines before A is stopped (of about 30)


class Service:
    """``tests.online.cluster_host`` on one server (one copy of each stream), lines read as they come."""

    def __init__(self, server, *seed):
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.online.cluster_host", server.url,
                                      str(server.folder), *map(str, seed)], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                     env=dict(env(), VG_TEST_REPLICAS="1"))
        PROCS.append(self.proc)
        self.lines: list[str] = []
        self.err: list[str] = []
        threading.Thread(target=lambda: self.lines.extend(self.proc.stdout), daemon=True).start()
        threading.Thread(target=lambda: self.err.extend(self.proc.stderr), daemon=True).start()


def _handled(server, table):
    try:
        return sum(int(x) for x in snapshot(server, table)["online"]["last_c"].values())
    except Exception:  # noqa: BLE001 - no snapshot yet
        return 0


def _last_seqs(server, table):
    async def read():
        import nats

        nc = await nats.connect(server.url, user=S.ADMIN, password=S.admin_password(server.folder))
        try:
            js = nc.jetstream()
            return {name: (await js.stream_info(name)).state.last_seq for name in P.table_streams(table, [0, 1])}
        finally:
            await nc.close()

    return asyncio.run(read())


def test_a_stopped_service_loses_its_table_and_writes_nothing_when_it_wakes(nats_server):
    per_seat, _, _, _ = play_script("orchestra", ["Anna", "Ben"], seed=11)
    a_service = Service(nats_server, 11)
    b_service = Service(nats_server)
    wait_until(lambda: len(a_service.lines) >= 2, what="service A's seat lines")
    a, b = (json.loads(x) for x in a_service.lines[:2])
    table = a["table"]
    anna = join(a["code"], nats_server, per_seat[0][:FIRST], close=False)
    ben = join(b["code"], nats_server, per_seat[1][:FIRST], close=False)
    wait_until(lambda: _handled(nats_server, table) >= 8, 90, "eight lines played", anna, ben)
    os.kill(a_service.proc.pid, signal.SIGSTOP)
    try:
        wait_until(lambda: any("took" in x for x in b_service.lines), 60, "service B taking the table over")
        for client, lines in ((anna, per_seat[0][FIRST:]), (ben, per_seat[1][FIRST:])):
            client.proc.stdin.write("".join(x + "\n" for x in lines))
            client.proc.stdin.close()
        ra, out_a, _ = anna.finish(120)
        rb, out_b, _ = ben.finish(120)
        assert (ra, rb) == (0, 0), (anna.said()[-3000:], ben.said()[-3000:])
        assert b_service.proc.wait(60) == 0, "".join(b_service.err)[-3000:]
        before = _last_seqs(nats_server, table)
    finally:
        os.kill(a_service.proc.pid, signal.SIGCONT)
    try:
        rc = a_service.proc.wait(30)
    except subprocess.TimeoutExpired:
        rc = None  # it plays on
    after = _last_seqs(nats_server, table)
    err = "".join(a_service.err)
    assert after == before, f"service A wrote after it woke: {before} -> {after}\n{err[-3000:]}"
    assert rc == FENCED and "another service plays it now" in err and "Traceback" not in err, (rc, err[-3000:])
    assert json.loads(next(x for x in b_service.lines if "took" in x))["took"] == [table]
