"""Damaged saves (issue 11): real saves of both games, one field changed at a time
(wrong type, out of range, unknown ids, removed, duplicated), resumed exactly as
``--resume`` does: never a traceback, never the internal-error sentence, a refused
save is one sentence and stays unchanged. Processes killed with SIGKILL while
saving leave a save that resumes and no temporary file after the next start."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from voice_game import savecheck, savefile
from voice_game.core.errors import SaveError
from voice_game.narration.catalog import load_catalog

from tests.save_mutations import check, mutations, real_payloads, resume

ROOT = Path(__file__).resolve().parents[1]
PAYLOADS = {game: real_payloads(game) for game in ("orchestra", "concerto")}


@pytest.mark.parametrize("game", sorted(PAYLOADS))
def test_real_saves_resume(tmp_path, game):
    for payload in PAYLOADS[game]:
        f = tmp_path / "save.json"
        f.write_text(json.dumps(payload))
        code, said = resume(f)
        assert code == 0, said
        assert said.splitlines()[0] == load_catalog("en").get("save.resumed")


@pytest.mark.parametrize("game", sorted(PAYLOADS))
@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_single_field_mutations(tmp_path, game, depth):
    payload = PAYLOADS[game][depth]
    bad = []
    for what, mutated in mutations(payload, 30, seed=depth * 7 + len(game)):
        problem = check(tmp_path / "save.json", mutated)
        if problem:
            bad.append(f"{what}: {problem}")
    assert bad == []


@pytest.mark.parametrize("field,value", [
    ("perf", {"level": "green"}), ("queue", [{"k": "piece", "level": "purple"}]), ("special_pile", [3]),
    ("open_pieces", {"green": "no-such-piece", "yellow": None, "orange": None}), ("phase", "conduct"),
    ("hands", [["piano"], "choir"]), ("scores", [True, 0, 0]), ("winners", [7]), ("rng", [3, [], None]),
])
def test_known_bad_concerto_fields_are_refused_in_one_sentence(tmp_path, field, value):
    payload = json.loads(json.dumps(PAYLOADS["concerto"][1]))
    payload["state"][field] = value
    f = tmp_path / "save.json"
    raw = json.dumps(payload).encode()
    f.write_bytes(raw)
    code, said = resume(f)
    assert code == 2
    assert said.splitlines() == [load_catalog("en").get("save.damaged", path=str(f))]
    assert f.read_bytes() == raw


def test_bot_memory_and_rngs_of_the_wrong_form(tmp_path):
    for key, value in (("bot_rngs", [[1, [3, [0] * 624 + [700], None]]]), ("bot_rngs", [[0, [3, [0] * 625, None]]]),
                       ("bot_memory", [[{}, {}]]), ("bot_memory", [[1, {"seat": 1, "clock": -4, "memory": []}]]),
                       ("seed", "7"), ("seats", [{"name": "A", "kind": "human"}] * 3)):
        payload = json.loads(json.dumps(PAYLOADS["concerto"][2]))
        payload[key] = value
        with pytest.raises(SaveError):
            savecheck.load(payload)


# -- killed while saving -----------------------------------------------------------------------

def test_stale_temporary_files_are_cleaned_at_the_next_start(tmp_path):
    save = tmp_path / "game.json"
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".game.json.{dead.pid}.k2j3h4.tmp"
    stale.write_text('{"half": ')
    alive = tmp_path / f".game.json.{os.getppid()}.abcdef.tmp"  # a running writer's: kept
    alive.write_text("{")
    other = tmp_path / ".notes.txt.123.tmp"  # beside another file: not ours to judge
    other.write_text("x")
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "text",
                        "--seed", "2", "--save", str(save)], input="draw\n", capture_output=True, text=True,
                       timeout=120, cwd=ROOT, env=dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg")))
    assert p.returncode == 0, p.stderr
    assert savefile.is_save(save)
    assert not stale.exists() and alive.exists() and other.exists()


def test_kill_9_during_save_play_never_loses_the_save(tmp_path):
    """A short version of benchmarks/kill_save.py: SIGKILL at random moments."""
    rng = random.Random(3)
    save = tmp_path / "game.json"
    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), PYTHONIOENCODING="utf-8")
    lines = ("draw\none\ndraw\ntwo\ndraw\nthree\ntake conductor 1\n" * 200).encode()
    for _trial in range(4):
        args = (["play", "--resume", str(save)] if save.exists() else
                ["play", "orchestra", "--seed", "5", "--players", "Anna,bot:Ben,bot:Cara", "--save", str(save)])
        proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", *args, "--tts", "text", "--lang", "en"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                                env=env)
        proc.stdout.readline()  # started
        try:
            proc.stdin.write(lines)
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        proc.stdout.close()
        proc.stderr.close()
        proc.stdin.close()
        if save.exists():
            savecheck.load(savefile.read_save(save), save)  # complete and valid, never half
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "--resume", str(save), "--tts", "text"],
                       input="table\n", capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    assert sorted(x.name for x in tmp_path.iterdir() if x.name.endswith(".tmp")) == []
