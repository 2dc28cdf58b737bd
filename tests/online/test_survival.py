"""A killed client takes its seat back; a killed host's table goes on from its snapshot."""
from tests.online.conftest import Host, events, join, snapshot, wait_until
from tests.online.scripts import play_script
from voice_game.narration.catalog import load_catalog


def _handled(server, table, seat):
    try:
        return int(snapshot(server, table)["online"]["last_c"].get(str(seat), 0))
    except Exception:  # noqa: BLE001 - no snapshot yet
        return 0


def test_a_killed_client_rejoins_and_hears_what_it_missed(nats_server, tmp_path):
    per_seat, _, game_over, _ = play_script("orchestra", ["Anna", "Ben"], seed=7)
    k = 5
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "7", "--lang", "en", "--events", str(ev)],
                nats_server)
    a, b = host.seats(2)
    anna = join(a["code"], nats_server, per_seat[0])
    ben = join(b["code"], nats_server, per_seat[1][:k], close=False)  # then it waits for more input
    wait_until(lambda: _handled(nats_server, a["table"], 1) == k, what="Ben's first lines")
    ben.kill()  # kill -9: no goodbye
    ben2 = join(b["code"], nats_server, per_seat[1][k:])
    ra, out_a, _ = anna.finish()
    rb, out_b, err_b = ben2.finish()
    assert host.wait() == 0, host.err
    assert (ra, rb) == (0, 0), err_b
    assert events(ev)[-1] == game_over
    en = load_catalog("en")
    lines = out_b.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(en.get("online.history_start", count=2)[:15]))
    end = lines.index(en.get("online.history_end"))
    missed = lines[start + 1:end]
    assert lines[:start] == []  # nothing before the history
    # what happened while Ben was away, in the words his seat hears; not the game from its start
    assert missed and any(x.startswith("Anna") for x in missed)
    assert not any(x.startswith("Animal Orchestra") for x in missed)
    assert "The game is over" in out_b


def test_a_restarted_host_continues_the_table_exactly(nats_server, tmp_path):
    per_seat, _, game_over, _ = play_script("orchestra", ["Anna", "Ben"], seed=11)
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "11", "--lang", "en", "--events", str(ev)],
                nats_server)
    a, b = host.seats(2)
    anna = join(a["code"], nats_server, per_seat[0])
    ben = join(b["code"], nats_server, per_seat[1])
    table = a["table"]
    wait_until(lambda: _handled(nats_server, table, 0) + _handled(nats_server, table, 1) >= 12,
               what="a dozen lines played")
    host.kill()  # kill -9 in the middle of the game
    again = Host(["--table", table, "--events", str(ev)], nats_server)
    ra, out_a, err_a = anna.finish()
    rb, out_b, err_b = ben.finish()
    assert again.wait() == 0, again.err
    assert (ra, rb) == (0, 0), (err_a, err_b)
    assert events(ev)[-1] == game_over
    # the same game without the restart: each seat heard exactly the same, nothing lost or doubled
    ev2 = tmp_path / "events2.jsonl"
    ref = Host(["orchestra", "--players", "Anna,Ben", "--seed", "11", "--lang", "en", "--events", str(ev2)],
               nats_server)
    a2, b2 = ref.seats(2)
    ref_a, ref_b = join(a2["code"], nats_server, per_seat[0]), join(b2["code"], nats_server, per_seat[1])
    _, want_a, _ = ref_a.finish()
    _, want_b, _ = ref_b.finish()
    assert ref.wait() == 0

    def game(out):  # from the first line of the game on (who joined first may differ)
        lines = out.splitlines()
        return lines[next(i for i, x in enumerate(lines) if x.startswith("Animal Orchestra")):]

    assert game(out_a) == game(want_a)
    assert game(out_b) == game(want_b)


LINES = ["draw", "one", "two", "three", "take conductor 1", "help", "take conductor 2", "table",
         "take conductor 3", "pass", "scores", "nonsense"]


def test_a_bot_holds_the_seat_of_a_player_who_left_until_they_return(nats_server, tmp_path):
    en = load_catalog("en")
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "4", "--lang", "en", "--events", str(ev),
                 "--away-bot", "30"], nats_server)
    a, b = host.seats(2)
    table = a["table"]
    anna = join(a["code"], nats_server, LINES * 10, close=False)
    ben = join(b["code"], nats_server, LINES[:2])  # then his input ends: he leaves the table
    assert ben.finish()[0] == 0
    wait_until(lambda: snapshot(nats_server, table)["online"]["standin_moves"] >= 2, what="the stand-in bot")
    ben2 = join(b["code"], nats_server, LINES * 100)
    back = en.get("online.standin_over", player="Ben")
    wait_until(lambda: back in anna.out, what="Ben back at the table")
    anna.proc.stdin.write("".join(x + "\n" for x in LINES * 200))
    anna.proc.stdin.close()
    ra, out_a, _ = anna.finish()
    rb, out_b, err_b = ben2.finish()
    assert host.wait() == 0, host.err
    assert (ra, rb) == (0, 0), err_b
    assert events(ev)[-1]["type"] == "game_over"
    standin = en.get("online.standin", player="Ben")
    assert out_a.count(standin) == 1 and out_a.index(standin) < out_a.index(back)
    assert standin in out_b  # Ben hears in his history that a bot played for him
    assert int(snapshot(nats_server, table)["online"]["last_c"]["1"]) > 2  # and then he played himself


def test_a_restarted_concerto_host_keeps_its_bot_and_the_secrets(nats_server, tmp_path):
    from tests.test_concerto_cli import choose

    players = ["Anna", "Ben", "Carla"]
    per_seat, _, game_over, _ = play_script("concerto", players, seed=3, policy=choose, bots={2: "bot"})
    ev = tmp_path / "events.jsonl"
    args = ["concerto", "--players", "Anna,Ben,bot:Carla", "--seed", "3", "--lang", "en", "--events", str(ev)]
    host = Host(args, nats_server)
    a, b = host.seats(2)
    anna, ben = join(a["code"], nats_server, per_seat[0]), join(b["code"], nats_server, per_seat[1])
    table = a["table"]
    half = (len(per_seat[0]) + len(per_seat[1])) // 2
    wait_until(lambda: _handled(nats_server, table, 0) + _handled(nats_server, table, 1) >= half,
               what="half of the game")
    host.kill()
    again = Host(["--table", table, "--events", str(ev)], nats_server)
    ra, _, err_a = anna.finish(120)
    rb, _, err_b = ben.finish(120)
    assert again.wait(120) == 0, again.err
    assert (ra, rb) == (0, 0), (err_a[-500:], err_b[-500:])
    assert events(ev)[-1] == game_over  # the bot remembered what it had heard before the restart


def test_a_rejoin_never_replays_a_secret_said_once(nats_server, tmp_path):
    """Concerto: a player's own beat pattern is said once; the history after a rejoin says
    what the local history keeps instead (where it went, never the pattern)."""
    import asyncio
    import json

    import nats

    from tests.test_concerto_cli import choose
    from voice_game.online import protocol as P
    from voice_game.online import server as S

    per_seat, _, game_over, _ = play_script("concerto", ["Anna", "Ben"], seed=5, policy=choose)
    host = Host(["concerto", "--players", "Anna,Ben", "--seed", "5", "--lang", "en"], nats_server)
    a, b = host.seats(2)
    table = a["table"]
    anna = join(a["code"], nats_server, per_seat[0])
    ben = join(b["code"], nats_server, per_seat[1][:1], close=False)  # he chooses his orchestra, then drops
    wait_until(lambda: _handled(nats_server, table, 1) == 1, what="Ben's orchestra")
    ben.kill()
    ben2 = join(b["code"], nats_server, per_seat[1][1:])
    assert anna.finish(120)[0] == 0
    rb, out_b, err_b = ben2.finish(120)
    assert rb == 0 and host.wait(120) == 0, err_b
    en = load_catalog("en")
    lines = out_b.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(en.get("online.history_start", count=2)[:15]))
    missed = lines[start + 1:lines.index(en.get("online.history_end"))]

    async def stream():
        nc = await nats.connect(nats_server.url, user=S.ADMIN, password=S.admin_password(nats_server.folder))
        js = nc.jetstream()
        out, n = [], 1
        while True:
            try:
                out.append(json.loads((await js.get_msg(P.seat_stream(table, 1), seq=n, direct=True)).data))
            except Exception:  # noqa: BLE001 - the end of the stream
                break
            n += 1
        await nc.close()
        return out

    secrets = [m for m in asyncio.run(stream()) if m.get("t") == "say" and "history" in m]
    assert secrets, "Ben's own patterns were said to him"
    for m in secrets:
        assert m["text"] not in missed  # never replayed
    # his own patterns from the orchestra he chose just before he dropped were in what he missed
    assert any(m["history"] and m["history"] in missed for m in secrets)


def test_the_table_goes_on_when_the_server_restarts(nats_server, tmp_path):
    per_seat, _, game_over, _ = play_script("orchestra", ["Anna", "Ben"], seed=7)
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "7", "--lang", "en", "--events", str(ev)],
                nats_server)
    a, b = host.seats(2)
    anna, ben = join(a["code"], nats_server, per_seat[0]), join(b["code"], nats_server, per_seat[1])
    table = a["table"]
    wait_until(lambda: _handled(nats_server, table, 0) + _handled(nats_server, table, 1) >= 10, what="ten lines")
    nats_server.stop()  # everybody loses the server for a moment; JetStream keeps its files
    nats_server.start()
    ra, out_a, err_a = anna.finish(90)
    rb, out_b, err_b = ben.finish(90)
    assert host.wait(90) == 0, host.err[-2000:]
    assert (ra, rb) == (0, 0), (err_a[-500:], err_b[-500:])
    assert events(ev)[-1] == game_over
    assert "The game is over" in out_a and "The game is over" in out_b
