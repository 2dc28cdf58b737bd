"""Whole games at an online table: a real nats-server, the host and one client per
seat as real processes, scripted through standard input."""
import subprocess
import sys

from tests.online.conftest import ROOT, Client, Host, env, events, join
from tests.online.scripts import play_script
from voice_game.narration.catalog import load_catalog
from voice_game.online.host import KEEP_FINISHED


def _max_ages(server, table):
    import asyncio

    import nats

    from voice_game.online import server as S

    async def go():
        nc = await nats.connect(server.url, user=S.ADMIN, password=S.admin_password(server.folder))
        js = nc.jetstream()
        out = [round((await js.stream_info(n)).config.max_age or 0)
               for n in (f"VG_{table}_pub", f"VG_{table}_0", f"VG_{table}_1", f"KV_VG_{table}")]
        await nc.close()
        return out

    return asyncio.run(go())


def test_orchestra_online_equals_the_local_game_and_spectators_hear_public_events(nats_server, tmp_path):
    per_seat, _, game_over, _ = play_script("orchestra", ["Anna", "Ben"], seed=7, lang=["de", "en"])
    ordered = play_script("orchestra", ["Anna", "Ben"], seed=7)[1]
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "7", "--lang", "en", "--events", str(ev)],
                nats_server)
    (a, b) = host.seats(2)
    assert (a["seat"], b["seat"]) == ("Anna", "Ben") and a["code"] != b["code"]
    # Anna hears German, Ben English: each seat in its own language
    ca = join(a["code"], nats_server, ["sag: viel Glück"] + per_seat[0] + ["spiel verlassen", "ja"], lang="de")
    cb = join(b["code"], nats_server, ["help", "table", "say: thanks"] + per_seat[1], lang="en")
    ra, out_a, err_a = ca.finish()
    rb, out_b, err_b = cb.finish()
    assert host.wait() == 0, host.err
    assert (ra, rb) == (0, 0), (err_a, err_b)
    assert "Traceback" not in err_a + err_b + host.err
    log = events(ev)
    assert log[-1] == game_over
    # the same lines typed at one local table give the same game
    local = tmp_path / "local.jsonl"
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "text",
                        "--seed", "7", "--players", "Anna,Ben", "--events", str(local)],
                       input="\n".join(ordered) + "\n", capture_output=True, text=True, cwd=ROOT, env=env(),
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert events(local)[-1] == game_over
    de, en = load_catalog("de"), load_catalog("en")
    # second person for the own seat, in the seat's language; the scoring at the end
    assert "Du " in out_a and "The game is over" in out_b and "Das Spiel ist aus" in out_a
    assert en.get("help.now", commands="").split("{")[0][:10] in out_b
    # table chat: to the others in their language, kept out of the game
    assert en.get("online.chat", player="Anna", text="viel Glück") in out_b
    assert de.get("online.chat", player="Ben", text="thanks") in out_a
    assert de.get("online.chat_you", text="viel Glück") in out_a
    # a spectator hears the whole table afterwards, third person only, and stops at the end
    w = Client(["watch", a["table"], "--server", nats_server.url, "--lang", "en", "--tts", "text"])
    rw, out_w, err_w = w.finish()
    assert rw == 0, err_w
    assert "The game is over" in out_w and "Anna" in out_w
    assert "Your turn" not in out_w and "You " not in out_w
    # a finished table's history stays a week for late rejoins and spectators, then goes
    assert _max_ages(nats_server, a["table"]) == [KEEP_FINISHED] * 4
    assert en.get("online.chat", player="Ben", text="thanks") in out_w


def test_orchestra_three_players_and_a_bot(nats_server, tmp_path):
    players = ["Anna", "Carla", "Ben", "Dora"]
    per_seat, _, game_over, _ = play_script("orchestra", players, seed=4, bots={1: "bot"})
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,bot:Carla,Ben,Dora", "--seed", "4", "--lang", "en",
                 "--events", str(ev)], nats_server)
    seats = host.seats(3)
    assert [s["seat"] for s in seats] == ["Anna", "Ben", "Dora"]
    clients = [join(s["code"], nats_server, per_seat[i]) for s, i in zip(seats, (0, 2, 3), strict=True)]
    assert [c.finish()[0] for c in clients] == [0, 0, 0]
    assert host.wait() == 0, host.err
    assert events(ev)[-1] == game_over


def test_concerto_online_keeps_each_hand_private(nats_server, tmp_path):
    from tests.test_concerto_cli import choose

    per_seat, _, game_over, final = play_script("concerto", ["Anna", "Ben"], seed=5, policy=choose, lang=["en", "de"])
    ev = tmp_path / "events.jsonl"
    host = Host(["concerto", "--players", "Anna,Ben", "--seed", "5", "--lang", "en", "--events", str(ev)],
                nats_server)
    a, b = host.seats(2)
    ca = join(a["code"], nats_server, ["my cards"] + per_seat[0])
    cb = join(b["code"], nats_server, per_seat[1], lang="de")
    ra, out_a, err_a = ca.finish(120)
    rb, out_b, err_b = cb.finish(120)
    assert host.wait(120) == 0, host.err
    assert (ra, rb) == (0, 0), (err_a[-2000:], err_b[-2000:])
    log = events(ev)
    assert log[-1] == game_over
    scores = log[-1]["scores"]
    assert (list(scores.values()) if isinstance(scores, dict) else scores) == list(final.scores)
    # no hand-over at an online table: each device is one seat
    en = load_catalog("en")
    assert en.get("concerto.handover", player="Anna") not in out_a
    assert "Traceback" not in err_a + err_b + host.err
