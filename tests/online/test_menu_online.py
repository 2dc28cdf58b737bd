"""The start menu's "Play online": join a table by code, watch one, back to the menu."""
import json

from tests.online.conftest import STEP_TIMEOUT, Client, Host, join
from voice_game.narration.catalog import load_catalog
from voice_game.online.command import OPEN_LIMIT

OPEN_WAIT = OPEN_LIMIT + STEP_TIMEOUT  # the menu's own limit, and time for the menu to start


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
    assert "7: Play online" in out
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
    # the menu waits for its table up to OPEN_LIMIT on a busy machine, saying so meanwhile
    wait_until(lambda: any(x.startswith(prefix) for x in menu.out), OPEN_WAIT, "the code for the second player", menu)
    assert en.get("online.menu.opening", server=nats_server.url) in menu.out
    code = next(x for x in menu.out if x.startswith(prefix))[len(prefix):].strip()
    other = join(code, nats_server, [], close=False)
    started = "Round 1. Player 1 starts."
    wait_until(lambda: any(x.startswith(started) for x in other.out), STEP_TIMEOUT, "the game starting for Player 2",
               other, menu)
    other.kill()
    # the host's own seat: it looks at its cards, leaves the table, goes back and exits
    menu.proc.stdin.write("my cards\nquit\nyes\nback\n8\n")
    menu.proc.stdin.close()
    rm, out, err = menu.finish()
    assert rm == 0, menu.said()
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
        wait_until(lambda: any(x.startswith(prefix) for x in menu.out), OPEN_WAIT, "the code for the second player",
                   menu)
        assert answers(url) and (tmp_path / "server" / "auth.conf").exists()
        code = next(x for x in menu.out if x.startswith(prefix))[len(prefix):].strip()
        other = join(code, types.SimpleNamespace(url=url), [], close=False)
        wait_until(lambda: any(x.startswith("Round 1. Player 1 starts.") for x in other.out), STEP_TIMEOUT,
                   "Player 2 playing", other, menu)
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


def _fake_host(tmp_path, body: str) -> list[str]:
    script = tmp_path / "fake_host.py"
    script.write_text("import sys, time, json\n" + body, encoding="utf-8")
    import sys

    return [sys.executable, str(script)]


def test_a_slow_table_is_announced_while_it_opens(tmp_path):
    """A host that needs a while (a busy computer): the player hears that the table still
    opens, every few seconds, and then gets the codes."""
    from voice_game.online.command import _HostProcess

    host = _HostProcess(_fake_host(tmp_path, (
        "time.sleep(2.5)\n"
        "for i in (1, 2):\n"
        "    print(json.dumps({'seat': f'P{i}', 'code': f'c{i}', 'table': 't'}), flush=True)\n"
        "print('x' * 200000, file=sys.stderr, flush=True)\n"  # more than a pipe holds: read while it runs
        "time.sleep(30)\n")))
    told = []
    try:
        seats = host.seat_lines(2, lambda: told.append(1), limit=60, patience=1.0)
        assert [s["seat"] for s in seats] == ["P1", "P2"]
        assert 2 <= len(told) <= 3
    finally:
        host.proc.kill()
        host.proc.wait(10)


def test_a_table_that_does_not_open_is_one_sentence(tmp_path):
    """The host ends with its one sentence: the player hears that sentence; a traceback
    is never read out; a host that never answers is stopped after the limit."""
    from voice_game.online.command import _HostProcess

    host = _HostProcess(_fake_host(tmp_path, "print('The server is gone.', file=sys.stderr)\nsys.exit(2)\n"))
    assert host.seat_lines(1, lambda: None, limit=60) is None and host.ended
    assert host.problem() == "The server is gone."
    host = _HostProcess(_fake_host(tmp_path, "raise RuntimeError('boom')\n"))
    assert host.seat_lines(1, lambda: None, limit=60) is None and host.problem() is None
    host = _HostProcess(_fake_host(tmp_path, "time.sleep(60)\n"))
    try:
        assert host.seat_lines(1, lambda: None, limit=1.0, patience=0.3) is None and not host.ended
        assert host.proc.poll() is None  # still running: menu_host stops it
    finally:
        host.proc.kill()
        host.proc.wait(10)


def test_the_menu_says_why_its_table_did_not_open(nats_server, tmp_path, monkeypatch):
    """The host cannot open the table (no server folder with the admin's secret): the menu
    says it opens the table, then the host's one sentence, and the menu goes on."""
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_SERVER", nats_server.url)
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(tmp_path / "nothing-here"))
    menu = Client(["menu", "--lang", "en"], ["no", "7", "3", "back", "8"])
    rm, out, err = menu.finish(OPEN_WAIT)
    assert rm == 0, menu.said()
    en = load_catalog("en")
    assert en.get("online.menu.opening", server=nats_server.url) in out, menu.said()
    assert en.get("online.no_server_dir", folder=tmp_path / "nothing-here") in out, menu.said()
    assert "Traceback" not in err and out.rstrip().endswith("Goodbye."), menu.said()
