"""The game as a player installs it: a wheel built from this tree, installed into a fresh
virtual environment (as `uv tool install` / `pipx install` do), run from another folder.
Its data (grammars, locales, sounds) and its bundled Whisper model must come with it."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("uv") is None, reason="uv is not installed")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("install")
    subprocess.run(["uv", "build", "--wheel", "-o", str(tmp / "dist"), str(ROOT)], check=True,
                   capture_output=True, timeout=600)
    wheel = next((tmp / "dist").glob("voice_game-*.whl"))
    subprocess.run(["uv", "venv", "--python", "3.11", str(tmp / "venv")], check=True, capture_output=True,
                   timeout=300)
    py = tmp / "venv" / "bin" / "python"
    subprocess.run(["uv", "pip", "install", "--python", str(py), str(wheel)], check=True,
                   capture_output=True, timeout=1200)
    return tmp, tmp / "venv" / "bin" / "voice-game"


def test_the_installed_game_plays_from_any_folder(installed):
    tmp, exe = installed
    p = subprocess.run([str(exe), "play", "orchestra", "--tts", "text", "--lang", "en", "--players",
                        "Anna,bot:Ben", "--seed", "1"], input="help\n", capture_output=True, text=True,
                       cwd=str(tmp), timeout=120)
    assert p.returncode == 0, p.stderr
    assert "draw" in p.stdout.lower() and not p.stderr.strip(), (p.stdout, p.stderr)


def test_the_installed_game_understands_a_real_voice(installed):
    tmp, exe = installed
    clip = ROOT / "tests" / "data" / "speech" / "de-hd02-2.flac"
    p = subprocess.run([str(exe), "recognize", "--lang", "de", str(clip)], capture_output=True, text=True,
                       cwd=str(tmp), timeout=300)
    assert p.returncode == 0, p.stderr
    row = json.loads(p.stdout.splitlines()[0])
    assert row["engine"] == "whisper" and row["command"] == {"intent": "place", "conductor": 2}, row
