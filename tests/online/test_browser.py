"""The browser seat: a friend joins with any browser, nothing installed.

A real ``voice-game server --web-port`` (nats-server with its WebSocket listener, the page),
a real host, a terminal seat (``voice-game join``) and a headless Chromium playing the
other seat through the page as a screen-reader user would: reading the ``role="log"``
region, typing into the field labelled "Command" / "Befehl", pressing single keys, and
waiting on ``<main data-state>``."""
import hashlib
import subprocess
import sys

from tests.online.browser import DATA, WEB, axe_problems, log_lines, state, wait_lines
from tests.online.browser import browser_fixture, web_server_fixture  # noqa: F401 - the fixtures
from tests.online.conftest import ROOT, Host, env, events, join
from tests.online.scripts import play_script

# the vendored scripts, pinned: nats.ws 1.30.3 (esm/nats.js) and axe-core 4.14.1 (axe.min.js), from npm
NATS_WS_SHA256 = "63e1c504c6977ff5cb20cae68f9e5c801b020b73573d9cdd618a3262e27d102d"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
TURN = 60_000  # ms a seat may wait for its turn (the host, the other seat, a busy machine)


def _sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_vendored_scripts_are_the_pinned_ones():
    assert _sha256(WEB / "vendor" / "nats.ws.js") == NATS_WS_SHA256
    assert _sha256(DATA / "axe.min.js") == AXE_SHA256


def _your_turn_or_over(page) -> str:
    page.wait_for_selector('main[data-state="your-turn"], main[data-state="over"]', timeout=TURN)
    return state(page)


def test_a_browser_seat_plays_a_whole_game_against_a_terminal_seat(web_server, browser, tmp_path):
    per_seat, ordered, game_over, _ = play_script("orchestra", ["Anna", "Ben"], seed=7)
    ev = tmp_path / "events.jsonl"
    host = Host(["orchestra", "--players", "Anna,Ben", "--seed", "7", "--lang", "en", "--events", str(ev),
                 "--server-dir", str(web_server.folder)], web_server)
    a, b = host.seats(2)
    ben = join(b["code"], web_server, ["table"] + per_seat[1], lang="en")
    page = browser.new_page()
    page.goto(f"{web_server.web}/?code={a['code']}&lang=en")
    assert _your_turn_or_over(page) == "your-turn"
    assert a["code"] not in page.url  # the code left the address bar: it is the seat's key
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("label[for=command]") == "Command"
    # a single key, as in the terminal: T asks whose turn it is (the host answers, then asks again)
    before = len(log_lines(page))
    page.focus("#keys")
    page.keyboard.press("t")
    page.wait_for_selector('main[data-sent="1"]', timeout=TURN)  # the key's words went to the host
    wait_lines(page, before)
    assert page.input_value("#keys") == ""  # a key acts, it is not typed
    problems = axe_problems(page)
    assert problems == [], problems
    for line in per_seat[0]:
        assert _your_turn_or_over(page) == "your-turn", log_lines(page)[-10:]
        page.fill("#command", line)
        page.press("#command", "Enter")  # sent: "waiting" until the host asks again
    page.wait_for_selector('main[data-state="over"]', timeout=TURN)
    rb, out_b, err_b = ben.finish()
    assert host.wait() == 0, host.err
    assert rb == 0, err_b
    assert events(ev)[-1] == game_over
    said = log_lines(page)
    assert all("\n" not in x for x in said)  # one element per line
    assert "It is Anna's turn." in said or any("Your turn" in x for x in said), said[:20]
    assert any("The game is over" in x for x in said), said[-10:]
    assert "Traceback" not in host.err + err_b
    # the same lines typed at one local table give the same game
    local = tmp_path / "local.jsonl"
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "text",
                        "--seed", "7", "--players", "Anna,Ben", "--events", str(local)],
                       input="\n".join(ordered) + "\n", capture_output=True, text=True, cwd=ROOT, env=env(),
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert events(local)[-1] == game_over


def test_the_page_in_german_asks_for_name_and_code_and_passes_axe(web_server, browser):
    page = browser.new_page()
    page.goto(f"{web_server.web}/?lang=de")
    page.wait_for_selector("#join:not([hidden])")
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("label[for=command]") == "Befehl"
    assert page.get_attribute("main", "data-state") == "waiting"
    assert page.evaluate("document.activeElement.id") == "code"
    problems = axe_problems(page)
    assert problems == [], problems
    # a code that opens nothing: one sentence, the form stays
    page.fill("#name", "Carla")
    page.fill("#code", "Apfel Birne Zelt")
    page.press("#code", "Enter")
    wait_lines(page, 0)
    assert log_lines(page)[-1].startswith("Kein offener Tisch")
    assert page.is_visible("#join")
