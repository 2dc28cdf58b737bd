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


def test_open_a_table_from_the_start_menu(nats_server, tmp_path, monkeypatch):
    from tests.online.conftest import wait_until

    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_SERVER", nats_server.url)
    en = load_catalog("en")
    # the Animal Orchestra menu: two humans, one bot; then Play online, open an orchestra table
    menu = Client(["menu", "--lang", "en"], ["no", "Animal Orchestra", "humans 2", "bots 1", "back", "7", "3"],
                  close=False)
    prefix = en.get("online.menu.code", player="Player 2", code="")
    wait_until(lambda: any(x.startswith(prefix) for x in menu.out), what="the code for the second player")
    code = next(x for x in menu.out if x.startswith(prefix))[len(prefix):].strip()
    other = join(code, nats_server, [], close=False)
    started = "Round 1. Player 1 starts."
    wait_until(lambda: any(x.startswith(started) for x in other.out), what="the game starting for Player 2")
    other.kill()
    # the host's own seat: it looks at its cards, leaves the table, goes back and exits
    menu.proc.stdin.write("my cards\nquit\nyes\nback\n8\n")
    menu.proc.stdin.close()
    rm, out, err = menu.finish()
    assert rm == 0, err
    assert en.get("online.menu.hosted", table=code.split("-")[0], server=nats_server.url) in out
    assert "Round 1." in out and en.get("online.left_table") in out, out
    assert out.rstrip().endswith("Goodbye.")


def _menu_env(tmp_path, monkeypatch, port):
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_SERVER", f"nats://127.0.0.1:{port}")
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(tmp_path / "server"))


def test_the_menu_starts_a_server_for_its_table(tmp_path, monkeypatch):
    """No server runs: "Play online", open a table, "yes" starts nats-server on this
    computer with the folder the host writes its users into; a friend joins with the
    code; the server ends with the game."""
    import types

    from tests.online.conftest import PROCS, free_port, wait_until
    from voice_game.online import server as S
    from voice_game.online.command import answers

    if S.nats_server_binary() is None:
        import pytest

        pytest.skip("nats-server is not installed")
    port = free_port()
    _menu_env(tmp_path, monkeypatch, port)
    url = f"nats://127.0.0.1:{port}"
    assert not answers(url)
    en = load_catalog("en")
    menu = Client(["menu", "--lang", "en"], ["no", "Animal Orchestra", "humans 2", "bots 1", "back", "7", "3", "yes"],
                  close=False)
    try:
        prefix = en.get("online.menu.code", player="Player 2", code="")
        wait_until(lambda: any(x.startswith(prefix) for x in menu.out), what="the code for the second player")
        assert answers(url) and (tmp_path / "server" / "auth.conf").exists()
        code = next(x for x in menu.out if x.startswith(prefix))[len(prefix):].strip()
        other = join(code, types.SimpleNamespace(url=url), [], close=False)
        wait_until(lambda: any(x.startswith("Round 1. Player 1 starts.") for x in other.out), what="Player 2 playing")
        other.kill()
        menu.proc.stdin.write("my cards\nquit\nyes\nback\n8\n")
        menu.proc.stdin.close()
        rm, out, err = menu.finish()
        assert rm == 0, err
        assert en.get("online.menu.start_server", server=url) in out
        assert en.get("online.menu.server_started", server=url) in out
        assert en.get("online.menu.hosted", table=code.split("-")[0], server=url) in out
        assert out.rstrip().endswith("Goodbye.") and "Traceback" not in err
        wait_until(lambda: not answers(url), 15, "the server ending with the game")
    finally:
        for p in PROCS:
            if p.poll() is None:
                p.kill()
        PROCS.clear()


def test_without_nats_server_the_menu_says_so_in_one_sentence(tmp_path, monkeypatch):
    from tests.online.conftest import free_port

    port = free_port()
    _menu_env(tmp_path, monkeypatch, port)
    monkeypatch.setenv("VOICE_GAME_NATS_SERVER", str(tmp_path / "no-such-program"))
    menu = Client(["menu", "--lang", "de"], ["nein", "7", "3", "zurück", "8"])
    rm, out, err = menu.finish()
    assert rm == 0, err
    de = load_catalog("de")
    assert de.get("online.menu.no_nats_server") in out
    assert de.get("online.menu.start_server", server=f"nats://127.0.0.1:{port}") not in out  # nothing offered
    assert "Traceback" not in err and not (tmp_path / "server").exists()
