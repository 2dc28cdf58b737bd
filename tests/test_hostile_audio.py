"""A broken ALSA setup (issue 11): PortAudio cannot start, yet the game plays in text,
says so in words, and not one of PortAudio's or ALSA's own lines reaches stderr (a
screen reader reads it). Real subprocesses of the CLI with ``ALSA_CONFIG_PATH``
pointing at garbage."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]


def run(args, lines, tmp_path, alsa: str):
    conf = tmp_path / "asound.conf"
    conf.write_text(alsa)
    env = dict(os.environ, PYTHONIOENCODING="utf-8", ALSA_CONFIG_PATH=str(conf),
               VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), VOICE_GAME_DATA_DIR=str(tmp_path / "data"))
    env.pop("PULSE_SERVER", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=180, cwd=ROOT, env=env)


BROKEN = {"garbage": "garbage {{{ ]] this is no alsa config\n",
          "missing card": "pcm.!default { type hw card 99 }\nctl.!default { type hw card 99 }\n"}


@pytest.mark.parametrize("alsa", sorted(BROKEN))
@pytest.mark.parametrize("extra", [["--tts", "text"], ["--tts", "text", "--engine", "pocketsphinx"], []])
def test_broken_alsa_plays_in_text_without_stray_lines(tmp_path, alsa, extra):
    p = run(["play", "orchestra", "--lang", "en", "--seed", "1", *extra], ["draw"], tmp_path, BROKEN[alsa])
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""  # no traceback, no "Expression ... failed", no "ALSA lib ..."
    assert "You drew" in p.stdout
    if not extra:  # speech was asked for: the fallback is said in words
        assert load_catalog("en").get("app.tts_fallback") in p.stdout


def test_quiet_stderr_hides_what_c_code_writes_to_descriptor_2():
    code = ("import os, sys\n"
            "from voice_game.audio.portaudio import quiet_stderr\n"
            "with quiet_stderr():\n"
            "    os.write(2, b\"Expression 'ret' failed in 'src/hostapi/alsa/pa_linux_alsa.c'\\n\")\n"
            "os.write(2, b'after\\n')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert p.returncode == 0 and p.stderr == "after\n"
