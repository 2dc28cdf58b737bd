"""Settings: TOML round trip, atomic writes, broken files kept and answered with one message."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game import settings as st
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_missing_file_gives_defaults_silently(private_config):
    s, problem = st.load()
    assert problem is None and s == st.Settings()
    assert st.settings_path() == private_config / "settings.toml"
    assert not private_config.exists()  # reading never creates anything


def test_round_trip_keeps_every_value_and_unknown_keys(private_config):
    s = st.Settings(lang="en", tts="screenreader", rate=450, voice="en-us", speech_volume=70, cue_volume=35,
                    detailed=False, echo=True, recognizer="vosk", microphone="2", output_device="pulse")
    s.verbosity["bot"] = "cue"
    s.verbosity["score"] = "off"
    s.extra["future_option"] = {"a": 1}
    path = st.save(s)
    loaded, problem = st.load(path)
    assert problem is None
    assert loaded == s
    assert loaded.level("bot") == "cue" and loaded.level("score") == "off" and loaded.level("turn") == "full"
    assert loaded.level("result") == "full"  # results cannot be silenced
    assert [p.name for p in private_config.iterdir()] == ["settings.toml"]  # no temp files left


def test_store_update_persists_at_once(private_config):
    store, problem = st.Store.open()
    assert problem is None
    assert store.update(rate=300, verbosity={"draw": "cue"}) is None
    again, _ = st.load()
    assert again.rate == 300 and again.verbosity["draw"] == "cue" and again.verbosity["turn"] == "full"
    mem = st.Store(persist=False)
    mem.update(rate=400)
    assert mem.settings.rate == 400 and st.load()[0].rate == 300


@pytest.mark.parametrize("content", [b"rate = [[[\n", b"\xff\xfe not utf-8", b"rate = 200\nrate = 300\n"])
def test_broken_file_is_kept_and_defaults_apply(private_config, content):
    private_config.mkdir(parents=True)
    path = private_config / "settings.toml"
    path.write_bytes(content)
    s, problem = st.load()
    assert s == st.Settings()
    assert problem.kind == "broken"
    assert not path.exists()
    assert problem.backup == path.with_name("settings.toml.broken")
    assert problem.backup.read_bytes() == content  # nothing silently lost
    for lang in ("de", "en"):
        text = problem.message(load_catalog(lang))
        assert str(path) in text and str(problem.backup) in text
    # the next save writes a fresh file and leaves the damaged copy alone
    st.save(st.Settings(rate=250))
    assert st.load()[0].rate == 250 and problem.backup.read_bytes() == content


def test_invalid_values_fall_back_one_by_one(private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.toml").write_text(
        'rate = "fast"\nspeech_volume = 150\ncue_volume = 40\ntts = "braille"\ndetailed = "yes"\n'
        '[verbosity]\nbot = "loud"\ndraw = "off"\nfuture_kind = "x"\n', encoding="utf-8")
    s, problem = st.load()
    assert problem.kind == "invalid"
    assert set(problem.keys) == {"rate", "speech_volume", "tts", "detailed", "verbosity.bot"}
    assert s.rate == st.RATE_DEFAULT and s.speech_volume == 100 and s.tts == "auto" and s.detailed is True
    assert s.cue_volume == 40 and s.verbosity["draw"] == "off" and s.verbosity["bot"] == "full"
    assert "rate" in problem.message(load_catalog("en"))


def test_unwritable_folder_is_reported_not_raised(private_config):
    private_config.parent.mkdir(parents=True, exist_ok=True)
    private_config.write_text("a file where the folder should be")
    store = st.Store()
    err = store.update(rate=220)
    assert isinstance(err, OSError) and store.settings.rate == 220


def run_cli(args, lines, cfg):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


def test_game_with_broken_settings_says_so_once_and_plays(private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.toml").write_text("lang = \n", encoding="utf-8")
    p = run_cli(["play", "orchestra", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben"],
                ["ziehen", "eins"], private_config)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    first = p.stdout.splitlines()[0]
    assert "settings.toml" in first and "Standardeinstellungen" in first
    assert p.stdout.count("settings.toml.broken") == 1
    assert (private_config / "settings.toml.broken").exists()
    assert "Tierorchester" in p.stdout  # the game went on


def test_settings_give_the_defaults_and_changes_by_voice_persist(private_config):
    st.save(st.Settings(lang="en", detailed=False))
    p = run_cli(["play", "orchestra", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben"],
                ["faster", "faster", "louder", "quieter", "verbose"], private_config)
    assert p.returncode == 0, p.stderr
    assert "Animal Orchestra" in p.stdout or "Speech rate" in p.stdout  # English from the settings
    assert "Speech rate 225." in p.stdout
    s, problem = st.load()
    assert problem is None
    assert s.rate == 225 and s.speech_volume == 90 and s.detail == "verbose" and s.lang == "en"
    # the command line still wins over the settings
    p = run_cli(["play", "orchestra", "--lang", "de", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben"],
                ["schneller"], private_config)
    assert "Sprechtempo 250." in p.stdout
    assert st.load()[0].rate == 250
