"""Single keys: decoding, bindings, keys -> the same command words, and a real game
driven key by key through a pseudo-terminal."""
import io
import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.keys import DEFAULT_KEYS, Key, KeyInput, decode, describe, load_bindings
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

ROOT = Path(__file__).resolve().parents[1]


def test_decode_terminal_sequences():
    keys = [k.name for k in decode("\x1b[A\x1b[B\x1bOP\x1b[11~\x1b[5~\x1b[6~d,<>\r\x7f \x1b\x1b[2~ä")]
    assert keys == ["up", "down", "f1", "f1", "pageup", "pagedown", "d", ",", "<", ">", "enter", "backspace",
                    "space", "escape", "insert", "ä"]


def test_bindings_follow_conventions_and_can_be_changed():
    b = load_bindings({})
    assert b["f1"] == "help" and b["escape"] == "escape" and b["t"] == "whose_turn" and b["s"] == "scores"
    assert b[","] == "previous" and b["."] == "next_message" and b["<"] == "oldest" and b[">"] == "newest"
    assert b["2"] == "pick:2" and b["r"] == "repeat" and b["-"] == "slower" and b["+"] == "faster"
    assert not any(k in ("capslock", "insert") for k in DEFAULT_KEYS)
    changed = load_bindings({"x": "draw", "d": "", "insert": "draw", "capslock": "help", "z": "fly"})
    assert changed["x"] == "draw" and "d" not in changed
    assert "insert" not in changed and "capslock" not in changed and "z" not in changed


def test_settings_keys_table_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.toml").write_text('[keys]\nw = "whose_turn"\nt = ""\n', encoding="utf-8")
    b = load_bindings()
    assert b["w"] == "whose_turn" and "t" not in b


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_key_action_is_described(lang):
    lines = describe(load_bindings({}), load_catalog(lang))
    assert len(lines) >= 25
    assert not any("keys.action" in x or x.endswith(": ") for x in lines)


class ScriptedReader:
    """The terminal's part, replaced in-process by a list of keys (the real terminal
    reader runs in the pseudo-terminal tests below)."""

    def __init__(self, events):
        self.events = list(events)
        self.typing = []

    def next_event(self):
        return self.events.pop(0) if self.events else None

    def start_typing(self, initial=""):
        self.typing.append(initial)


def session_for(deck, keys):
    kit = get_kit("orchestra")
    state = kit.new_game(["Anna", "Ben"], [], 1, kit.parse_deck({"musicians": deck}))
    inp = KeyInput(ScriptedReader(keys), load_bindings({}))
    s = Session(kit, state, [Seat("Anna"), Seat("Ben", "bot")], load_grammar("de"), load_catalog("de"),
                TextOutput(io.StringIO()), inp)
    inp.attach(s)
    return s, inp


def test_keys_become_the_grammars_words():
    from voice_game.session import InputLine

    s, inp = session_for(["tuba", "violin", "flute"], [Key("d"), Key("t"), Key("1"), Key("p"), Key("f1")])
    line = next(inp)
    assert (line.text, line.source, line.confidence) == ("ziehen", "key", 1.0)
    assert next(inp).text == "wer ist dran"
    line = next(inp)  # "1" had nothing to take (empty rows) and was answered at once; then "p"
    assert line.text == "beenden" and line.confidence < 0.75  # pass cannot be undone: read back first
    assert next(inp).text == "hilfe"
    s.handle(InputLine("ziehen"), 0)
    while s.kit.rules.current_player(s.state) == -1:
        s.commit(None)
    inp.reader.events = [Key("1")]
    assert next(inp).text == "dirigent eins"  # a drawn musician: the number places it


def test_a_number_in_the_turn_phase_takes_and_is_read_back():
    s, inp = session_for(["tuba", "violin", "flute"], [Key("2")])
    kit = s.kit
    for a in ("draw", "reveal", "place1", "draw", "reveal", "place2"):
        from voice_game.games.orchestra.state import Action

        act = Action("place", int(a[-1])) if a.startswith("place") else Action(a)
        s.state, _ = kit.rules.apply(s.state, act)
    assert kit.rules.current_player(s.state) == 0
    line = next(inp)
    assert line.text == "dirigent zwei nehmen" and line.confidence < 0.75


def test_escape_answers_an_open_question_and_enter_starts_typing():
    s, inp = session_for(["tuba"], [Key("escape"), Key("enter"), Key("x"), "tisch"])
    assert next(inp).text == "hilfe"
    assert next(inp).text == "tisch"  # Enter and "x" started typing; the typed line comes through
    assert inp.reader.typing == ["", "x"]
    s.pending_quit = True
    inp.reader.events = [Key("escape")]
    assert next(inp).text == "nein"


# ----------------------------------------------------------------------------- pseudo-terminal

class Pty:
    def __init__(self, args, env):
        self.master, slave = os.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", *args], stdin=slave, stdout=slave,
                                     stderr=subprocess.PIPE, cwd=ROOT, env=env, close_fds=True)
        os.close(slave)
        self.out = ""

    def send(self, data: str) -> None:
        os.write(self.master, data.encode("utf-8"))

    def expect(self, text: str, count: int = 1, timeout: float = 30) -> str:
        end = time.time() + timeout
        while self.out.count(text) < count:
            left = end - time.time()
            if left <= 0:
                raise AssertionError(f"{text!r} not seen; output so far:\n{self.out[-2000:]}")
            r, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if r:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk and self.proc.poll() is not None:
                    raise AssertionError(f"{text!r} not seen; ended:\n{self.out[-2000:]}")
                self.out += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.out

    def close(self) -> int:
        try:
            rc = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()  # only the process this test started
            rc = self.proc.wait()
        finally:
            os.close(self.master)
        return rc


def env_for(tmp_path):
    return dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
                VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), TERM="xterm")


def test_a_game_played_by_single_keys_in_a_terminal(tmp_path):
    events = tmp_path / "ev.jsonl"
    t = Pty(["play", "orchestra", "--tts", "text", "--players", "Anna,bot:Ben", "--seed", "3",
             "--events", str(events), "--deck", str(_deck(tmp_path))], env_for(tmp_path))
    try:
        t.expect("Dein Zug")
        t.send("d")
        t.expect("Gezogen: Tuba")
        t.send("1")
        t.expect("Zu 1.")  # your own move in the fewest words
        t.expect("Dein Zug", 2)
        t.send("t")
        t.expect("Du bist dran.")
        t.send(",")  # previous message: the one before "Du bist dran."
        t.send("\x1b[11~")  # F1 (xterm sequence)
        t.expect("Jetzt kannst du sagen")
        t.send("\r")  # start typing a full command
        t.send("tisch\r")
        t.expect("Dirigent 1 genommen, 2 leer.")  # the short table: the bot took the tuba bear
        t.send("d")
        t.expect("Geige.")  # the hint "Zu welchem Dirigenten?" was said the first time
        t.send("2")
        t.expect("Zu 2.")
        t.expect("Dein Zug", 3)  # the last one in the round goes on
        t.send("2")  # take conductor 2: asked first
        t.expect("Dirigent zwei nehmen? Ja oder nein?")
        t.send("y")
        t.expect("Du nimmst Dirigent 2: Geige.")
        t.send("q")
        t.expect("Spiel wirklich verlassen?")
        t.send("y")
        t.expect("Auf Wiedersehen.")
    finally:
        rc = t.close()
    assert rc == 0
    log = [json.loads(x) for x in events.read_text().splitlines()]
    mine = [(e["type"], e.get("conductor")) for e in log if e.get("player") == 0]
    assert ("drew", None) in mine and ("placed", 1) in mine and ("placed", 2) in mine and ("took", 2) in mine


def _deck(tmp_path):
    p = tmp_path / "deck.json"
    p.write_text(json.dumps({"musicians": ["tuba", "violin", "flute", "drum", "trumpet"] * 3}))
    return p


def test_start_menu_by_keys_in_a_terminal(tmp_path):
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    t = Pty([], env_for(tmp_path))  # no arguments: the start menu
    try:
        t.expect("Ja oder nein.")
        t.send("n")
        t.expect("Tierorchester spielen, 1 von 8")
        t.send("\x1b[B")  # down
        t.expect("Concerto spielen, 2 von 8")
        t.send("t")  # first-letter jump
        t.expect("Tutorials, 3 von 8")
        t.send("\x1b[F")  # End
        t.expect("Beenden, 8 von 8")
        t.send("\x1b[H\r")  # Home, Enter: the Tierorchester menu
        t.expect("Spiel starten, 1 von")
        t.send("\x1b[B\x1b[C")  # down to the humans, right: one more
        t.expect("2 Menschen")
        t.send("\x1b")  # Escape: back
        t.expect("Zurück im Hauptmenü")
        t.send("/einstellungen\r")  # typing a menu word
        t.expect("Sprache: Deutsch, 1 von 10")
        t.send("\x1b")
        t.expect("Zurück im Hauptmenü", 2)
        t.send("8")
        t.expect("Auf Wiedersehen.")
    finally:
        rc = t.close()
    assert rc == 0
