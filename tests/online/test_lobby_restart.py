"""A ``voice-game server`` killed outright (kill -9) and started again resumes the tables
its lobby was playing: the seats rejoin with the codes they had and the game goes on
with nothing lost; a finished table leaves the lobby. A real server process on loopback,
real HTTP, real clients."""
import secrets
from pathlib import Path

from tests.online.browser import WebServer
from tests.online.browser import web_server_fixture  # noqa: F401 - the fixture
from tests.online.lobby_support import lobby_player, until_table
from tests.online.conftest import join, snapshot, wait_until
from tests.online.scripts import play_script
from voice_game.games import get
from voice_game.online import codes as C
from voice_game.online import lobby as L


def _handled(server, table) -> list[int]:
    try:
        last = snapshot(server, table)["online"]["last_c"]
    except Exception:  # noqa: BLE001 - no snapshot yet
        return [0, 0]
    return [int(last.get(str(i), 0)) for i in range(2)]


def _nats_children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and b"nats-server" in (stat.parent / "cmdline").read_bytes():
                out.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return out


def _gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_a_killed_server_resumes_its_lobby_tables_and_the_seats_rejoin(web_server):
    anna = lobby_player(web_server, "Anna")
    ben = lobby_player(web_server, "Ben")
    t = anna.create("orchestra", seats=2, bots=0, variants=[], lang="en")
    tid = t["id"]
    assert ben.join(code=C.digits(int(t["invite"])))["seat"] == 2
    assert anna.start(tid)["ok"]
    a = until_table(anna, tid, lambda x: x["state"] == "playing")
    b = ben.wait(tid, -1)
    table = a["table"]
    seed = int(snapshot(web_server, table)["seed"])
    per_seat, _, game_over, final = play_script("orchestra", ["Anna", "Ben"], seed=seed)
    ca = join(a["code"], web_server, per_seat[0][:3], close=False)
    cb = join(b["code"], web_server, per_seat[1][:3], close=False)
    wait_until(lambda: sum(_handled(web_server, table)) >= 3, 90, "three moves played", ca, cb)
    before = _handled(web_server, table)
    # kill -9: the server process, its nats-server (it dies with its parent) and both clients
    nats = _nats_children(web_server.proc.pid)
    web_server.proc.kill()
    web_server.proc.wait(10)
    ca.kill()
    cb.kill()
    wait_until(lambda: all(_gone(p) for p in nats), 30, "nats-server gone with its parent")
    web_server.stop()
    again = WebServer(web_server.folder, (web_server.port, web_server.web_port, web_server.ws_port))
    try:
        # the lobby lists the table as playing, and each player hears the same seat code again
        a2 = anna.wait(tid, -1)
        assert a2["state"] == "playing" and a2["code"] == a["code"] and a2["table"] == table, a2
        assert ben.wait(tid, -1)["code"] == b["code"]
        assert [x["id"] for x in ben.tables()["tables"]] == [tid]
        handled = _handled(web_server, table)
        assert handled >= before, (handled, before)  # nothing the host had handled was lost
        # a new table does not take the resumed one's number
        assert anna.create("orchestra", seats=2, bots=0, variants=[], lang="en")["id"] != tid
        ca2 = join(a["code"], web_server, per_seat[0][handled[0]:])
        cb2 = join(b["code"], web_server, per_seat[1][handled[1]:])
        ra, out_a, err_a = ca2.finish(180)
        rb, out_b, err_b = cb2.finish(180)
        assert (ra, rb) == (0, 0), (err_a, err_b)
        assert "The game is over" in out_a and "The game is over" in out_b
        # the game went on exactly as the script played it without the kill
        assert snapshot(web_server, table)["state"] == get("orchestra").rules.state_to_json(final)
        over = until_table(anna, tid, lambda x: x["state"] == "over")
        assert "code" in over and over["state"] == "over"
        assert tid not in [x["id"] for x in ben.tables()["tables"]]  # a finished table leaves the list
    finally:
        again.stop()


def test_a_finished_table_is_forgotten_after_a_while(tmp_path, monkeypatch):
    import asyncio

    async def scenario():
        lobby = L.Lobby(tmp_path / "server", "nats://127.0.0.1:1")
        await lobby.start()
        anna = {"name": "Anna", "secret": secrets.token_urlsafe(24)}
        t = await lobby.answer("create", {**anna, "game": "orchestra", "lang": "en", "seats": 2}, "test")
        assert (await lobby.answer("leave", {**anna, "table": t["id"]}, "test")) == {"ok": True}
        # the last player left the waiting table: it is over, still answered for a while
        assert (await lobby.answer("table", {**anna, "table": t["id"]}, "test"))["state"] == "over"
        monkeypatch.setattr(L, "KEEP_OVER", 0.0)
        await asyncio.sleep(0.01)
        assert (await lobby.answer("table", {**anna, "table": t["id"]}, "test")) == {"error": "no_table"}
        assert lobby.tables == {}
        await lobby.close()

    asyncio.run(scenario())
