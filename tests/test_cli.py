"""The game driven through a pipe, as a player with a screen reader or a script would."""
import json
import os
import subprocess
import sys
from itertools import cycle, islice
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LINES = {
    "de": ["ziehen", "eins", "zwei", "drei", "Dirigent 1 nehmen", "hilfe", "Dirigent 2 nehmen", "tisch",
           "Dirigent 3 nehmen", "beenden", "punkte", "quatsch"],
    "en": ["draw", "one", "two", "three", "take conductor 1", "help", "take conductor 2", "table",
           "take conductor 3", "pass", "scores", "nonsense"],
}


def run(args, lines, timeout=120):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_full_game_through_a_pipe(lang, tmp_path):
    events = tmp_path / "events.jsonl"
    lines = list(islice(cycle(LINES[lang]), 4000))
    p = run(["play", "orchestra", "--lang", lang, "--tts", "text", "--seed", "4",
             "--players", "Anna,Ben,bot:Carla", "--events", str(events)], lines)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    log = [json.loads(x) for x in events.read_text().splitlines()]
    last = log[-1]
    assert last["type"] == "game_over"
    assert set(last["scores"]) == {"Anna", "Ben", "Carla"}
    assert set(last["quartets"]) == {"Anna", "Ben", "Carla"}
    assert last["winners"]
    out = p.stdout
    if lang == "de":
        assert "Das Spiel ist aus" in out and ("gewinnt" in out or "Geteilter Sieg" in out)
        assert "Nicht verstanden" in out
        assert "Jetzt kannst du sagen" in out
    else:
        assert "The game is over" in out and ("wins" in out or "Shared win" in out)
        assert "Not understood" in out
        assert "You can say now" in out


def test_bots_only_game_and_variants(tmp_path):
    events = tmp_path / "e.jsonl"
    p = run(["play", "orchestra", "--tts", "text", "--seed", "9", "--players",
             "bot:A,bot-strong:B,bot:C,bot:D,bot:E", "--variant", "falsche-note,grand-maestro",
             "--events", str(events)], [])
    assert p.returncode == 0, p.stderr
    assert "Falsche Note" in p.stdout and "Grand Maestro" in p.stdout
    assert json.loads(events.read_text().splitlines()[-1])["type"] == "game_over"


def test_end_of_input_stops_cleanly_and_saves(tmp_path):
    save = tmp_path / "game.json"
    p = run(["play", "orchestra", "--tts", "text", "--seed", "2", "--players", "Anna,bot:Ben",
             "--save", str(save)], ["ziehen", "eins"])
    assert p.returncode == 0
    assert "Keine Eingabe mehr" in p.stdout
    data = json.loads(save.read_text())
    assert data["format"] == "voice_game/save"


def test_resume_continues_exactly(tmp_path):
    lines = list(islice(cycle(LINES["de"]), 3000))
    full_events = tmp_path / "full.jsonl"
    args = ["play", "orchestra", "--tts", "text", "--seed", "21", "--players", "Anna,bot:Ben,bot:Carla"]
    p = run(args + ["--events", str(full_events)], lines)
    assert p.returncode == 0
    save = tmp_path / "s.json"
    part_events = tmp_path / "part.jsonl"
    p1 = run(args + ["--save", str(save), "--events", str(part_events)], lines[:40])
    assert p1.returncode == 0
    p2 = run(["play", "--resume", str(save), "--tts", "text", "--events", str(part_events)], lines[40:])
    assert p2.returncode == 0, p2.stderr
    assert "Spielstand geladen" in p2.stdout
    full = [json.loads(x) for x in full_events.read_text().splitlines()]
    part = [json.loads(x) for x in part_events.read_text().splitlines()]
    assert part == full


@pytest.mark.parametrize("content,key", [(b'{"format": "voice_game/save", "version": 1, "game": "orch',
                                          "beschädigt"),
                                         (b"hello, I am a shopping list", "kein Spielstand"),
                                         (b'{"format": "voice_game/save", "version": 1, "game": "orchestra", '
                                          b'"seats": [], "state": {}}', "beschädigt"),
                                         (b'{"format": "voice_game/save", "version": 99}', "anderen Version")])
def test_damaged_or_foreign_save_is_reported_and_untouched(tmp_path, content, key):
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    p = run(["play", "--resume", str(f), "--tts", "text"], ["ziehen"])
    assert p.returncode == 2
    assert key in p.stdout and "Traceback" not in p.stdout + p.stderr
    assert f.read_bytes() == content


def test_save_refuses_to_overwrite_a_foreign_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("my notes")
    p = run(["play", "orchestra", "--tts", "text", "--save", str(f)], ["ziehen"])
    assert p.returncode == 2 and f.read_text() == "my notes"


def test_bad_deck_file_is_reported(tmp_path):
    d = tmp_path / "deck.json"
    d.write_text('{"musicians": ["triangle"]}')
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--players", "A,B", "--deck", str(d)], [])
    assert p.returncode == 2 and "not in play" in p.stdout
    d.write_text("{nope")
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--deck", str(d)], [])
    assert p.returncode == 2 and "deck file" in p.stdout


def test_deck_file_drives_the_game(tmp_path):
    d = tmp_path / "deck.json"
    d.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
    events = tmp_path / "e.jsonl"
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--players", "Anna,Ben", "--deck", str(d),
             "--events", str(events)],
            ["draw", "conductor one", "draw", "conductor two", "take conductor one", "take conductor two"])
    assert p.returncode == 0, p.stderr
    log = [json.loads(x) for x in events.read_text().splitlines()]
    assert [e["family"] for e in log if e["type"] == "revealed"] == ["tuba", "violin"]
    assert log[-1]["scores"] == {"Anna": 1, "Ben": 1}
    assert "Last card!" in p.stdout  # the last-card line (one short sentence since issue 10)


def test_per_kind_verbosity_by_voice_words(tmp_path):
    args = ["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben"]
    before = run(args, ["draw", "one", "draw", "two"])
    assert "Ben takes" in before.stdout
    p = run(args, ["bot moves off", "draw", "one", "draw", "two"])
    assert p.returncode == 0, p.stderr
    assert "Other players' moves: off." in p.stdout
    assert "Ben takes" not in p.stdout and "Ben draws." not in p.stdout
    kept = run(args, ["draw", "one", "draw", "two"])  # the setting is kept in the settings file
    assert "Ben takes" not in kept.stdout


@pytest.mark.parametrize("extra,expected", [
    (["--engine", "vosk"], "No Vosk speech model is installed for en"),
    (["--engine", "auto", "--model", "/nonexistent/model"], "holds no usable Vosk speech model"),
])
def test_missing_speech_model_is_one_sentence_and_the_keyboard_goes_on(extra, expected, monkeypatch):
    # a microphone is there (a private PulseAudio's virtual one): without one, that is the
    # one sentence and no model is looked for (tests/test_hostile_audio.py)
    from tests.support import soundserver

    if soundserver.available():
        pytest.skip(soundserver.available())
    with soundserver.SoundServer():  # sets PULSE_SERVER for the game while it runs
        p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "1", "--players",
                 "Anna,bot:Ben", *extra], ["draw"])
    assert p.returncode == 0, p.stderr
    assert expected in p.stdout and "Traceback" not in p.stdout + p.stderr
    assert "You drew" in p.stdout


# ----------------------------------------------------------------------------- the command line itself (issue 24)

def cli(args, env=None):
    e = dict(os.environ, PYTHONIOENCODING="utf-8", **(env or {}))
    e.pop("VOICE_GAME_LANG", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=e, stdin=subprocess.DEVNULL)


def dispatched_commands():
    """Every command ``voice_game.cli._main`` dispatches, read from its source."""
    import ast
    import inspect

    from voice_game import cli as cli_module

    tree = ast.parse(inspect.getsource(cli_module._main))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "command":
            for comp in node.comparators:
                for c in ast.walk(comp):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str):
                        found.add(c.value)
    return found


@pytest.mark.parametrize("lang,heading", [("de", "Befehle:"), ("en", "Commands:")])
def test_help_lists_every_command_in_the_players_language(lang, heading):
    from voice_game.cli import COMMANDS

    assert dispatched_commands() <= set(COMMANDS)
    assert {"play", "recognize", "models", "menu", "tutorial", "sounds", "server", "host", "join",
            "watch"} <= set(COMMANDS)
    p = cli(["--help", "--lang", lang])
    assert p.returncode == 0 and not p.stderr, p.stderr
    lines = p.stdout.splitlines()
    assert heading in lines
    listed = [ln.split()[0] for ln in lines if ln.startswith("  ")]
    assert listed == list(COMMANDS)
    assert all(len(ln.split()) > 2 for ln in lines if ln.startswith("  "))  # one line of words each


def test_help_language_comes_from_the_settings():
    from voice_game.settings import Store

    assert "Befehle:" in cli(["--help"]).stdout  # German without settings
    Store.open()[0].update(lang="en")  # the test's own settings folder (conftest)
    p = cli(["--help"])
    assert p.returncode == 0 and "Commands:" in p.stdout, p.stdout


@pytest.mark.parametrize("command", ["play", "recognize", "models", "menu", "tutorial", "sounds", "server", "host",
                                     "join", "watch"])
def test_every_command_has_a_help_that_exits_0(command):
    p = cli([command, "--help", "--lang", "en"])
    assert p.returncode == 0, (p.stdout, p.stderr)
    assert p.stdout.strip() and "Traceback" not in p.stdout + p.stderr


def test_models_help_speaks_the_language_asked_for():
    en = cli(["models", "--help", "--lang", "en"])
    de = cli(["models", "--lang", "de", "--help"])
    assert en.returncode == de.returncode == 0
    assert en.stdout.startswith("Usage: voice-game models") and de.stdout.startswith("Aufruf: voice-game models")


def test_play_help_names_every_game_and_variant_from_the_definitions():
    from voice_game.games import available, get

    for lang in ("de", "en"):
        p = cli(["play", "--help", "--lang", lang])
        assert p.returncode == 0
        for name in available():
            line = next(ln for ln in p.stdout.splitlines() if ln.strip().startswith(f"{name}:"))
            assert all(v in line for v in get(name).variants), line
    assert "Whisper or Vosk model folder" in " ".join(p.stdout.split())


@pytest.mark.parametrize("lang,words", [("en", "There is no command bogus"), ("de", "Den Befehl bogus gibt es nicht")])
def test_an_unknown_command_names_them_all(lang, words):
    from voice_game.cli import COMMANDS

    p = cli(["bogus", "--lang", lang])
    assert p.returncode == 2 and words in p.stdout and "Traceback" not in p.stderr
    assert all(c in p.stdout for c in COMMANDS) and len(p.stdout.strip().splitlines()) == 1
