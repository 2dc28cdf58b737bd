"""The application layer (voice_game.app): one language rule, one speech-rate limit,
games started and resumed from one setup object by every front end."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.lines import Lines
from voice_game import settings
from voice_game.app import App, GameSetup, pick_language
from voice_game.audio.text import SilentOutput, TextOutput
from voice_game.core.output import RATE_MAX, RATE_MIN
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.online.host import SeatOutput
from voice_game.settings import Settings, Store
from voice_game.tutorial.progress import Progress

ROOT = Path(__file__).resolve().parents[1]


def test_one_language_rule(monkeypatch):
    monkeypatch.delenv("VOICE_GAME_LANG", raising=False)
    assert pick_language() == "de"
    assert pick_language(None, Settings(lang="en")) == "en"
    monkeypatch.setenv("VOICE_GAME_LANG", "de")
    assert pick_language(None, Settings(lang="en")) == "de"  # the environment before the settings file
    assert pick_language("en", Settings(lang="de")) == "en"  # what was asked for before both
    monkeypatch.setenv("VOICE_GAME_LANG", "xx")
    assert pick_language(None, Settings(lang="en")) == "de"  # an unknown language: German


@pytest.mark.parametrize("make", [TextOutput, SilentOutput, SeatOutput])
def test_every_output_keeps_a_rate_the_settings_file_reads_back(make, tmp_path):
    out = make()
    for wpm in (10_000, -5, RATE_MAX + 1, RATE_MIN - 1):
        out.set_rate(wpm)
        store = Store(Settings(), tmp_path / "settings.toml")
        assert store.update(rate=out.rate) is None
        back, problem = settings.load(tmp_path / "settings.toml")
        assert problem is None and back.rate == out.rate


def run(args, lines, env):
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("word, limit", [("faster", RATE_MAX), ("slower", RATE_MIN)])
def test_a_rate_said_to_its_limit_is_kept_for_the_next_start(tmp_path, word, limit):
    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), VOICE_GAME_DATA_DIR=str(tmp_path / "data"))
    env.pop("VOICE_GAME_LANG", None)
    game = ["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben"]
    p = run(game, [word] * 40 + ["quit", "yes"], env)
    assert p.returncode == 0, p.stderr
    assert load_catalog("en").get("settings.rate", rate=limit) in p.stdout
    p2 = run(game, ["quit", "yes"], env)
    assert p2.returncode == 0, p2.stderr
    invalid = load_catalog("en").get("audio.settings_invalid", keys="rate")
    assert invalid not in p2.stdout  # the kept rate is not rejected at the next start
    kept, problem = settings.load(tmp_path / "cfg" / "settings.toml")
    assert problem is None and kept.rate == limit


def test_the_menu_starts_and_resumes_games_through_the_application(tmp_path):
    said: list[str] = []

    class Out(TextOutput):
        def say(self, text, interrupt=False):
            said.append(text)

    c = load_catalog("en")
    progress = Progress(tmp_path / "p.json")
    progress.set_flag("tutorial_offered")
    app = App.around("en", Out())
    # main menu: 1 = Animal Orchestra; its menu: 1 = start; the game; then resume (6), its first save
    menu = MenuApp("en", app.output, Lines(["1", "1", "draw", "quit", "yes", "6", "1", "quit", "yes", "8"]),
                   progress=progress, app=app)
    menu.saves = tmp_path / "saves"
    assert menu.run() == 0
    assert (tmp_path / "saves" / "orchestra.json").exists()
    # the games spoke through the menu's own output: the game's words, then the resumed game's
    assert c.get("save.resumed") in said
    assert said.count(c.get("app.goodbye")) == 3  # two games left, then the menu


def test_a_setup_object_starts_and_a_save_resumes_exactly(tmp_path):
    out: list[str] = []

    class Out(TextOutput):
        def say(self, text, interrupt=False):
            out.append(text)

    app = App.around("en", Out())
    save = tmp_path / "g.json"
    setup = GameSetup("orchestra", "Anna,bot:Ben", seed=5, save=save)
    assert app.play(setup, Lines(["draw", "draw"])) == 0
    first = save.read_text(encoding="utf-8")
    assert app.play(GameSetup(resume=save), Lines([])) == 0
    assert save.read_text(encoding="utf-8") == first  # resuming and stopping changes nothing
    again = tmp_path / "again.json"
    assert app.play(GameSetup("orchestra", "Anna,bot:Ben", seed=5, save=again), Lines(["draw", "draw"])) == 0
    assert again.read_text(encoding="utf-8") == first  # one setup, one game
