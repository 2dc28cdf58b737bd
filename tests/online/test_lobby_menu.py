"""The lobby from the start menu, by the entries' spoken names: a name, the table list,
opening a table as set up in its game menu, the invitation code a friend says, who sits
there, start, the seat played from the menu, and back. A real server, real hosts, the
real menu as a process fed line by line as a player would speak them."""
import re

import pytest

from tests.online.browser import web_server_fixture  # noqa: F401 - the fixture
from tests.online.conftest import STEP_TIMEOUT, Client, join, wait_until
from tests.online.lobby_support import lobby_player as _player, until_table as _until
from voice_game.narration.catalog import load_catalog
from voice_game.online import codes as C
from voice_game.online.lobby_client import load_account


@pytest.fixture
def menu_config(web_server, tmp_path, monkeypatch):
    """The menu's config folder (text output) and the hub's addresses, in the environment."""
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_SERVER", web_server.url)
    monkeypatch.setenv("VOICE_GAME_LOBBY", web_server.web)


def test_the_lobby_by_voice_words_from_the_start_menu(web_server, menu_config):
    en = load_catalog("en")
    ben, dora = _player(web_server, "Ben"), _player(web_server, "Dora")
    dora_table = dora.create("orchestra", seats=2, bots=0, variants=[], lang="de")
    menu = Client(["menu", "--lang", "en"],
                  ["no", "Animal Orchestra", "humans 2", "bots 1", "back", "online", "lobby", "Anna",
                   "open tables", "back", "open a table"], close=False)
    said = en.get("lobby.menu.invite_is", words="", digits="").split(":")[0]
    wait_until(lambda: any(x.startswith(said) for x in menu.out), STEP_TIMEOUT, "the invitation code", menu)
    out = "\n".join(menu.out)
    assert en.get("lobby.menu.welcome", name="Anna") in out
    # the table list: Dora's table, its game, language, free seats and who sits there
    assert f"Table {dora_table['id']}: Animal Orchestra, waiting, German, variants: none. One seat free: Dora, " \
           "free seat." in out
    # the account stays in the config folder: name and secret
    acc = load_account()
    assert acc is not None and acc.name == "Anna" and len(acc.secret) >= 16
    # Ben says the words he heard
    line = next(x for x in menu.out if x.startswith(said))
    words = re.search(r": (\w+ \w+ \w+)\.", line).group(1)
    code = next(iter(C.parse(words)))
    assert C.digits(code) == "".join(re.search(r"digits: ([\d ]+)\.", line).group(1).split())
    tid = ben.join(code=words)["id"]
    menu.proc.stdin.write("who sits here\nstart\n")
    menu.proc.stdin.flush()
    b = _until(ben, tid, lambda x: x["state"] == "playing")
    cb = join(b["code"], web_server, [], close=False)
    started = "Round 1."
    wait_until(lambda: any(x.startswith(started) for x in menu.out), STEP_TIMEOUT, "the game at Anna's seat", menu, cb)
    # Anna leaves the table, then the lobby, then the menu
    menu.proc.stdin.write("quit\nyes\nback\nback\nclose menu\n")
    menu.proc.stdin.close()
    rm, out, err = menu.finish()
    cb.kill()
    assert rm == 0, menu.said()
    assert "Table 2: Animal Orchestra, waiting, English, variants: none. No seat free: Anna, Amadeus, Ben." in out
    assert en.get("lobby.menu.waiting", players="Anna, Amadeus, Ben") in out
    assert en.get("lobby.menu.back_in") in out  # after the game, the lobby again
    assert "Traceback" not in err
    assert out.rstrip().endswith("Goodbye.")


def test_the_owner_removes_a_player_by_voice_and_he_cannot_sit_down_again(web_server, menu_config):
    """PlayPalace and Playroom let a table's owner send someone away: here from the waiting
    table's menu, by its spoken names; the one removed hears it and cannot come back."""
    de = load_catalog("de")
    ben = _player(web_server, "Ben")
    menu = Client(["menu", "--lang", "de"],
                  ["nein", "Tierorchester", "menschen 3", "bots 0", "zurück", "online", "lobby", "Anna",
                   "tisch eröffnen"], close=False)
    said = de.get("lobby.menu.invite_is", words="", digits="").split(":")[0]
    wait_until(lambda: any(x.startswith(said) for x in menu.out), STEP_TIMEOUT, "the invitation code", menu)
    line = next(x for x in menu.out if x.startswith(said))
    words = re.search(r": (\w+ \w+ \w+)\.", line).group(1)
    tid = ben.join(code=words)["id"]
    assert ben.request("remove", table=tid, seat=1) == {"error": "not_owner_remove"}  # only the owner
    menu.proc.stdin.write("spieler entfernen\n1\n")
    menu.proc.stdin.flush()
    gone = de.get("lobby.menu.removed_one", name="Ben")
    wait_until(lambda: gone in menu.out, STEP_TIMEOUT, "Ben removed", menu)
    seen = ben.request("table", table=tid)
    assert "seat" not in seen and [s["name"] for s in seen["seats"] if s["kind"] != "free"] == ["Anna"]
    assert ben.join(code=words) == {"error": "removed"}
    assert ben.request("join", table=tid) == {"error": "removed"}
    menu.proc.stdin.write("tisch verlassen\nzurück\nzurück\nmenü schließen\n")
    menu.proc.stdin.close()
    rc, out, err = menu.finish()
    assert rc == 0, menu.said()
    assert de.get("lobby.menu.remove_title") in out
    assert "Traceback" not in err

