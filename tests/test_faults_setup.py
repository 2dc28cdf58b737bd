"""A game that asks questions at setup (the maestro variant asks every human's birth
year) refuses a bad deck file or an unknown variant before the first question (issue 24)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def play(args, lines):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "voice_game.cli", "play", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)


@pytest.mark.parametrize("deck,variant,said", [
    ('{"instruments": ["no-such-card"]}', "maestro", None),
    ("{nope", "maestro", "deck file"),
    (None, "maestro,no-such-variant", "no-such-variant"),
])
def test_bad_deck_or_variant_is_said_before_any_birth_year(tmp_path, deck, variant, said):
    args = ["concerto", "--lang", "en", "--tts", "text", "--seed", "5", "--players", "Anna,Ben,bot:Carla",
            "--variant", variant]
    if deck is not None:
        (tmp_path / "deck.json").write_text(deck)
        args += ["--deck", str(tmp_path / "deck.json")]
    p = play(args, ["1985", "2001"])
    assert p.returncode == 2, p.stdout + p.stderr
    assert "born" not in p.stdout, p.stdout  # no seat was asked
    assert p.stdout.strip() and len(p.stdout.strip().splitlines()) == 1, p.stdout
    if said:
        assert said in p.stdout
    assert "Traceback" not in p.stdout + p.stderr


def test_a_good_maestro_game_still_asks_the_birth_years():
    p = play(["concerto", "--lang", "en", "--tts", "text", "--seed", "5", "--players", "Anna,Ben,bot:Carla",
              "--variant", "maestro"], ["1985", "2001"])
    assert p.returncode == 0 and "Anna, in which year were you born?" in p.stdout
