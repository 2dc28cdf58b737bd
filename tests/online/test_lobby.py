"""The lobby of ``voice-game server``: accounts, the table list, opening, sitting down by a
spoken code, bots, starting (on the lobby's one host service), watching; and a browser guest who
came with the spoken code. A real server process on loopback, real HTTP, real hosts."""
import json
import subprocess
import urllib.request

from tests.online.browser import log_lines, state, wait_lines
from tests.online.browser import browser_fixture, web_server_fixture  # noqa: F401 - the fixtures
from tests.online.lobby_support import lobby_player, until_table
from tests.online.conftest import ROOT, cli, env, join, wait_until
from voice_game.games import available, get
from voice_game.narration.catalog import load_catalog
from voice_game.online import codes as C

GAME = next(g for g in available() if get(g).bot_levels and get(g).max_players >= 3)


def test_accounts_tables_codes_bots_start_and_watch(web_server):
    anna, ben, carla = lobby_player(web_server, "Anna"), lobby_player(web_server, "Ben"), lobby_player(web_server, "Carla")
    hello = anna.hello()
    assert hello["ok"] and hello["name"] == "Anna"
    assert [g["game"] for g in hello["games"]] == available()
    # a name belongs to its first secret: somebody else cannot be Anna
    assert lobby_player(web_server, "anna").hello() == {"error": "wrong_secret", "name": "Anna"}
    assert lobby_player(web_server, "Bad,name").hello() == {"error": "bad_name"}
    t = anna.create(GAME, seats=3, bots=0, variants=[], lang="en")
    assert t["ok"] and t["seat"] == 1 and t["owner"] and t["free"] == 2
    tid, invite = t["id"], int(t["invite"])
    # the list: game, language, variants, free seats and who sits there; no code of any kind
    listed = next(x for x in ben.tables()["tables"] if x["id"] == tid)
    assert listed["game"] == GAME and listed["lang"] == "en" and listed["free"] == 2
    assert [s["name"] for s in listed["seats"]] == ["Anna", "", ""]
    assert "invite" not in listed and "code" not in listed and not listed["owner"]
    # Ben says the code in German words, Carla a wrong one and then the digits
    assert ben.join(code=C.say(invite, "de"))["seat"] == 2
    assert carla.join(code=C.digits((invite + 1) % C.SPACE)) == {"error": "unknown"}
    assert carla.join(code="banana") == {"error": "bad_code"}
    assert carla.join(code=C.digits(invite))["seat"] == 3
    assert carla.leave(tid) == {"ok": True}
    assert anna.bot(tid)["seats"][2]["kind"] == "bot"
    assert carla.join(table=tid) == {"error": "no_seat"}
    assert ben.start(tid) == {"error": "not_owner"}
    assert anna.start(tid)["ok"]
    a = until_table(anna, tid, lambda x: x["state"] == "playing")
    b = ben.wait(tid, -1)
    # each player hears their own seat's code, nobody else's
    assert a["code"] != b["code"] and a["code"].split("-")[1] == "1" and b["code"].split("-")[1] == "2"
    assert "code" not in next(x for x in carla.tables()["tables"] if x["id"] == tid)
    assert C.parse(C.digits(invite)) and carla.join(code=C.digits(invite)) == {"error": "unknown"}  # it ended
    assert carla.watch(tid) == {"ok": True, "table": a["table"]}
    # the seats are real: both players sit down at the hosted table (it deals when both came)
    ca = join(a["code"], web_server, [], lang="en", close=False)
    cb = join(b["code"], web_server, [], lang="en", close=False)
    for c in (ca, cb):
        wait_until(lambda c=c: any("Amadeus" in x for x in c.out), 90, "the opening narration", c)
        c.kill()
    # the table plays on the lobby's own host service, in the server's process: no host
    # process of its own (64 MB each) besides nats-server and its history gate
    assert [x for x in _children(web_server.proc.pid)
            if "nats-server" not in x and "voice_game.online.gate" not in x] == []


def _children(pid: int) -> list[str]:
    """The command lines of a process's children."""
    from pathlib import Path

    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, ValueError, IndexError):
            continue
    return out


def _redeem(server, body):
    req = urllib.request.Request(f"{server.web}/api/redeem", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _guest_sits(web_server, browser, seats):
    """Anna opens a German table of ``seats``; Carla sits down from a browser page with the
    spoken code, as a friend would type it: (Anna, the table, its code words, the page)."""
    anna = lobby_player(web_server, "Anna")
    t = anna.create(GAME, seats=seats, bots=0, variants=[], lang="de")
    words = C.say(int(t["invite"]), "de")
    page = browser.new_page()
    page.goto(f"{web_server.web}/?lang=de")
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#code", words)
    page.fill("#name", "Carla")
    page.press("#name", "Enter")
    wait_lines(page, 0)
    return anna, t, words, page


def test_a_browser_guest_sits_down_with_the_spoken_code_and_plays_when_the_table_starts(web_server, browser):
    anna, t, words, page = _guest_sits(web_server, browser, 2)
    assert log_lines(page)[-1].startswith("Du hast einen Platz")
    seen = until_table(anna, t["id"], lambda x: x["free"] == 0)
    assert [s["name"] for s in seen["seats"]] == ["Anna", "Carla"] and seen["seats"][1]["kind"] == "guest"
    anna.start(t["id"])
    a = until_table(anna, t["id"], lambda x: x["state"] == "playing")
    ca = join(a["code"], web_server, [], lang="de", close=False)
    # the page got its seat's code from the lobby and sat down: the game speaks German to Carla
    page.wait_for_selector('main[data-state="your-turn"], main[data-state="waiting"] #log > p:nth-child(4)',
                           timeout=60_000)
    said = "\n".join(log_lines(page))
    assert "Carla" in said or "Du" in said, said
    assert state(page) in ("your-turn", "waiting")
    ca.kill()


def test_wrong_codes_from_one_browser_are_limited(web_server):
    anna = lobby_player(web_server, "Anna")
    t = anna.create(GAME, seats=2, bots=0, variants=[], lang="en")
    right = C.digits(int(t["invite"]))
    wrong = C.digits((int(t["invite"]) + 1) % C.SPACE)
    for _ in range(C.TRIES):
        assert _redeem(web_server, {"code": wrong, "name": "Eve", "lang": "en"}) == (200, {"error": "unknown"})
    # tries used up: even the right code is refused for a minute, and nobody sat down
    assert _redeem(web_server, {"code": right, "name": "Eve", "lang": "en"}) == (429, {"error": "too_many"})
    assert anna.tables()["tables"][0]["free"] == 1
    # an account's tries are its own
    assert lobby_player(web_server, "Ben").join(code=right)["seat"] == 2


def test_the_owner_removes_players_and_bots_from_a_waiting_table(web_server):
    anna, ben, carla = lobby_player(web_server, "Anna"), lobby_player(web_server, "Ben"), lobby_player(web_server, "Carla")
    t = anna.create(GAME, seats=4, bots=1, variants=[], lang="en")
    tid = t["id"]
    assert ben.join(table=tid)["seat"] == 3
    known = ben.request("table", table=tid)["version"]
    # refused, and nothing changes: not the owner, oneself, a free or unknown seat, a bad value
    assert ben.request("remove", table=tid, seat=2) == {"error": "not_owner_remove"}
    assert anna.request("remove", table=tid, seat=1) == {"error": "remove_self"}
    for bad in (4, 9, 0, "2", True, None):
        assert anna.request("remove", table=tid, seat=bad) == {"error": "no_such_seat"}, bad
    assert ben.request("table", table=tid)["version"] == known
    # the bot goes, then Ben: his waiting client learns it at once (no seat any more)
    after = anna.request("remove", table=tid, seat=2)
    assert after["ok"] and [s["kind"] for s in after["seats"]] == ["player", "free", "player", "free"]
    assert anna.request("remove", table=tid, seat=3)["ok"]
    seen = ben.request("wait", table=tid, version=known)
    assert seen["state"] == "waiting" and "seat" not in seen and "code" not in seen and "invite" not in seen
    # he cannot come back, by the table or by its code; others still can
    invite = anna.request("table", table=tid)["invite"]
    assert ben.join(table=tid) == {"error": "removed"}
    assert ben.join(code=invite) == {"error": "removed"}
    assert carla.join(code=invite)["seat"] == 2


def test_a_browser_guest_removed_by_the_owner_hears_it_and_cannot_come_back(web_server, browser):
    de = load_catalog("de")
    anna, t, words, page = _guest_sits(web_server, browser, 3)
    until_table(anna, t["id"], lambda x: x["free"] == 1)
    assert anna.request("remove", table=t["id"], seat=2)["ok"]
    removed = de.get("lobby.error.removed")
    page.wait_for_function("(text) => [...document.querySelectorAll('#log > p')].some(p => p.textContent === text)",
                           arg=removed, timeout=30_000)
    # the same name with the same code is refused; the seat stays free for somebody else
    assert _redeem(web_server, {"code": words, "name": "carla", "lang": "de"}) == (200, {"error": "removed"})
    assert anna.request("table", table=t["id"])["free"] == 2


def test_the_keeper_bars_a_name_and_lets_it_back_while_the_server_runs(web_server):
    """The hub's keeper: ``voice-game server --bar NAME`` on the running server's folder; the
    name is refused at once (with its right secret too), its waiting seat is freed, a browser
    guest of that name is refused; ``--unbar`` lets it back."""
    anna, ben = lobby_player(web_server, "Anna"), lobby_player(web_server, "Ben")
    t = anna.create(GAME, seats=3, bots=0, variants=[], lang="en")
    assert ben.join(table=t["id"])["seat"] == 2

    def keeper(*args):
        done = subprocess.run(cli("server", "--dir", str(web_server.folder), *args), capture_output=True, text=True,
                              cwd=ROOT, env=env(), timeout=60)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done.stdout

    assert "ben" in keeper("--bar", "BEN")
    assert ben.hello() == {"error": "barred"}
    assert [s["kind"] for s in anna.request("table", table=t["id"])["seats"]] == ["player", "free", "free"]
    words = C.say(int(t["invite"]), "en")
    assert _redeem(web_server, {"code": words, "name": "Ben", "lang": "en"}) == (200, {"error": "barred"})
    keeper("--unbar", "Ben")
    assert ben.hello()["ok"] and ben.join(table=t["id"])["seat"] == 2
