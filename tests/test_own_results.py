"""A player's own results are never muted by the per-kind verbosity: with "draw
announcements off" (and placements off) you still hear the card you drew and where it went;
another human's draws in hot-seat play obey the setting."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play(tmp_path, verbosity: str) -> str:
    cfg = tmp_path / verbosity
    cfg.mkdir()
    (cfg / "settings.toml").write_text(f'[verbosity]\ndraw = "{verbosity}"\nplace = "{verbosity}"\n')
    import os

    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(cfg))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--tts", "text", "--lang",
                        "en", "--players", "Anna,bot:Ben", "--seed", "3", "--deck", str(deck(tmp_path))],
                       input="draw\n1\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def deck(tmp_path) -> Path:
    f = tmp_path / "deck.json"
    f.write_text('{"musicians": ["tuba", "violin", "flute", "drum", "tuba", "violin"]}')
    return f


def test_own_draw_and_placement_are_heard_with_those_announcements_off(tmp_path):
    full = play(tmp_path, "full")
    off = play(tmp_path, "off")
    assert "tuba" in full.lower()
    said = [line for line in full.splitlines() if "tuba" in line.lower()]
    for line in said:  # every line about your own tuba is still there
        assert line in off, (line, off)
