"""Damaged settings files (issue 11): every damaged file is kept (numbered, never one
over another), deep nesting is no crash, and the menu says so too."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game import settings as st
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    return tmp_path / "cfg"


def test_each_broken_file_is_kept_under_its_own_name(cfg):
    path = cfg / "settings.toml"
    contents = [b"rate = [[[\n", b"\xff\xfe not utf-8", b"lang = \n"]
    for content in contents:
        path.write_bytes(content)
        s, problem = st.load()
        assert problem is not None and problem.kind == "broken" and s == st.Settings()
        assert not path.exists()
    kept = [cfg / "settings.toml.broken", cfg / "settings.toml.broken-2", cfg / "settings.toml.broken-3"]
    assert [p.read_bytes() for p in kept] == contents
    assert problem.backup == kept[-1]
    assert str(kept[-1]) in problem.message(load_catalog("en"))


@pytest.mark.parametrize("content", ["rate = " + "[" * 50000 + "]" * 50000,
                                     "x = " + "{a = " * 20000 + "1" + "}" * 20000,
                                     "verbosity = [1, 2]\nrate = {a = 1}\nlang = [[]]\n"])
def test_deep_nesting_and_odd_types(cfg, content):
    path = cfg / "settings.toml"
    path.write_text(content, encoding="utf-8")
    s, problem = st.load()  # no RecursionError, no TypeError
    assert s.rate == st.Settings().rate
    assert problem is not None
    if problem.kind == "broken":
        assert (cfg / "settings.toml.broken").read_text(encoding="utf-8") == content


def test_a_reader_that_cannot_tell_the_player_leaves_the_file(cfg):
    path = cfg / "settings.toml"
    path.write_bytes(b"rate = [[[\n")
    from voice_game.keys import settings_keys

    assert settings_keys() == {}
    assert path.read_bytes() == b"rate = [[[\n" and not (cfg / "settings.toml.broken").exists()


def test_a_folder_as_settings_file_is_no_crash(cfg):
    (cfg / "settings.toml").mkdir()
    s, problem = st.load()
    assert problem.kind == "broken" and (cfg / "settings.toml").is_dir()


def test_the_menu_announces_a_broken_settings_file(cfg, tmp_path):
    (cfg / "settings.toml").write_bytes(b"tts = 'text'\nrate = [[[\n")
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
               VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "menu", "--tts", "text", "--lang", "en"],
                       input="no\n7\n", capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    message = load_catalog("en").get("audio.settings_broken", path=cfg / "settings.toml",
                                     backup=cfg / "settings.toml.broken")
    assert p.stdout.splitlines()[0] == message
    assert p.stdout.count("settings.toml.broken") == 1
    assert (cfg / "settings.toml.broken").read_bytes() == b"tts = 'text'\nrate = [[[\n"
