"""The start menu's "Play online": join a table by code, watch one, back to the menu."""
import json

from tests.online.conftest import Client, Host, join
from voice_game.narration.catalog import load_catalog


def test_join_and_watch_from_the_start_menu(nats_server, tmp_path, monkeypatch):
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
    host = Host(["orchestra", "--players", "Anna,Ben", "--deck", str(deck), "--lang", "en"], nats_server)
    a, b = host.seats(2)
    menu = Client(["menu", "--lang", "en"],
                  ["no", "7", "1", f"{a['code']} {nats_server.url}", "draw", "conductor one", "take conductor one",
                   "2", f"{a['table']} {nats_server.url}", "back", "8"])
    ben = join(b["code"], nats_server, ["draw", "conductor two", "take conductor two"])
    rm, out, err = menu.finish()
    assert ben.finish()[0] == 0 and host.wait() == 0
    assert rm == 0, err
    en = load_catalog("en")
    assert "7 Play online" in out
    assert en.get("online.menu.ask_join", server="nats://127.0.0.1:4222") in out
    assert "You take conductor 1" in out  # Anna's seat, played from the menu
    assert out.count("The game is over") == 2  # once as a player, once watching the table afterwards
    assert out.rstrip().endswith("Goodbye.")
