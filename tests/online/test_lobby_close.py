"""The hub's keeper closes a playing table (issue 23): ``voice-game server --dir D --close
TABLE`` while the server runs. A real server process on loopback (nats-server, its history
gate, the lobby and its host service), two seats and a watcher as real processes: each hears
one sentence and the end, the lobby no longer lists the table, its users and streams are gone."""
import asyncio
import subprocess

import nats
from nats.js.errors import NotFoundError

from tests.online.browser import web_server_fixture  # noqa: F401 - the fixture
from tests.online.conftest import ROOT, Client, cli, env, join, wait_until
from tests.online.lobby_support import lobby_player, until_table
from tests.online.test_lobby import GAME
from voice_game.narration.catalog import load_catalog
from voice_game.online import protocol as P
from voice_game.online import server as S


async def _streams_left(server, table: str) -> list[str]:
    nc = await nats.connect(server.url, user=S.ADMIN, password=S.admin_password(server.folder))
    left = []
    try:
        js = nc.jetstream()
        for name in P.table_streams(table, [0, 1]):
            try:
                await js.stream_info(name)
                left.append(name)
            except NotFoundError:
                pass
    finally:
        await nc.close()
    return left


def test_the_keeper_closes_a_playing_table(web_server):
    en = load_catalog("en")
    anna, ben, carla = lobby_player(web_server, "Anna"), lobby_player(web_server, "Ben"), lobby_player(web_server, "Carla")
    t = anna.create(GAME, seats=3, bots=0, variants=[], lang="en")
    tid = t["id"]
    assert ben.join(table=tid)["seat"] == 2
    anna.bot(tid)
    assert anna.start(tid)["ok"]
    a = until_table(anna, tid, lambda x: x["state"] == "playing")
    b = ben.wait(tid, -1)
    table = a["table"]
    ca = join(a["code"], web_server, [], lang="en", close=False)
    cb = join(b["code"], web_server, [], lang="en", close=False)
    w = Client(["watch", table, "--server", web_server.url, "--tts", "text", "--lang", "en"])
    for c in (ca, cb, w):
        wait_until(lambda c=c: any("Amadeus" in x for x in c.out), 90, "the opening narration", c)
    assert table in S.table_ids(web_server.folder)
    assert asyncio.run(_streams_left(web_server, table)) != []

    done = subprocess.run(cli("server", "--dir", str(web_server.folder), "--close", tid), capture_output=True,
                          text=True, cwd=ROOT, env=env(), timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr

    closed = en.get("online.closed_by_keeper")
    for c in (ca, cb, w):
        rc, out, err = c.finish(60)  # the game's end: each client stops by itself
        assert rc == 0 and "Traceback" not in err, c.said()
        assert out.splitlines().count(closed) == 1, c.said()
    assert tid not in [x["id"] for x in carla.tables()["tables"]]
    assert anna.request("table", table=tid)["state"] == "over"
    wait_until(lambda: table not in S.table_ids(web_server.folder), 30, "the table's users removed")
    assert asyncio.run(_streams_left(web_server, table)) == []
