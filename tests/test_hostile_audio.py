"""A broken sound setup (issues 11 and 24): the game never aborts and never lets a native
line reach the terminal; it says one sentence and goes on in text and with the keyboard.
Real subprocesses of the CLI: ``ALSA_CONFIG_PATH`` pointing at garbage, at a card that is
not there and at a file that does not exist (PortAudio's ALSA host then fails an assertion
and aborts the process: exit 134, nothing said, before the probe in a child process); a
PulseAudio that is not there; PortAudio missing; a microphone that is not there, and a
quick end while the recognizer still loads, against a private PulseAudio with a real
virtual microphone (tests/support/soundserver.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import soundserver
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]
GAME = {"de": ("ziehen", "Gezogen"), "en": ("draw", "You drew")}


def game(args, lines, tmp_path, **env_changes):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"),
               VOICE_GAME_DATA_DIR=str(tmp_path / "data"))
    for key, value in env_changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)


def run(args, lines, tmp_path, alsa: str):
    conf = tmp_path / "asound.conf"
    conf.write_text(alsa)
    return game(args, lines, tmp_path, ALSA_CONFIG_PATH=str(conf), PULSE_SERVER=None)


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
        assert load_catalog("en").get("audio.no_sound") in p.stdout


def opening(stdout: str) -> list[str]:
    """What the game says before the first line of the game itself."""
    lines = stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if "Amadeus" in line)
    return lines[:first]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("extra", [[], ["--tts", "text", "--engine", "auto"]])
def test_alsa_config_that_does_not_exist_is_one_sentence_not_an_abort(tmp_path, lang, extra):
    word, drew = GAME[lang]
    p = game(["play", "orchestra", "--lang", lang, "--seed", "1", *extra], [word], tmp_path,
             ALSA_CONFIG_PATH=str(tmp_path / "no such folder" / "asound.conf"), PULSE_SERVER=None)
    assert p.returncode == 0, (p.returncode, p.stderr)  # was 134 (SIGABRT in PortAudio), nothing said
    assert p.stderr == ""
    key = "speech.no_sound" if extra else "audio.no_sound"  # text asked for: only the listening is lost
    assert opening(p.stdout) == [load_catalog(lang).get(key)]
    assert drew in p.stdout


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("server", ["unix:/nonexistent/pulse/native", "tcp:127.0.0.1:1"])
def test_no_pulseaudio_is_one_sentence(tmp_path, lang, server):
    word, drew = GAME[lang]
    p = game(["play", "orchestra", "--lang", lang, "--seed", "1"], [word], tmp_path, PULSE_SERVER=server)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    # one sentence: not "no speech output" and then "no microphone" (and no recognizer loaded for it)
    assert opening(p.stdout) == [load_catalog(lang).get("audio.no_sound")]
    assert drew in p.stdout


def test_portaudio_missing_is_one_sentence(tmp_path):
    """A stand-in for a machine without libportaudio2 (a system library that cannot be
    removed here): a sounddevice module that fails to import as the real one does then."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "sounddevice.py").write_text("raise OSError('PortAudio library not found')\n")
    p = game(["play", "orchestra", "--lang", "en", "--seed", "1"], ["draw"], tmp_path,
             PYTHONPATH=str(shadow), PULSE_SERVER=None)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert opening(p.stdout) == [load_catalog("en").get("audio.no_sound")]
    assert "You drew" in p.stdout


@pytest.fixture(scope="module")
def pulse():
    why = soundserver.available()
    if why:
        pytest.skip(why)
    with soundserver.SoundServer() as srv:
        env = srv.env()
        yield {key: env[key] for key in ("PULSE_SERVER", "PULSE_CLIENTCONFIG")}


NATIVE = ("terminate called", "gdb", "ptrace", "Aborted", "Fatal", "Traceback", "#0 ")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_microphone_that_is_not_there_is_one_sentence(pulse, tmp_path, lang):
    word, drew = GAME[lang]
    p = game(["play", "orchestra", "--lang", lang, "--seed", "1", "--tts", "text", "--engine", "auto",
              "--mic", "no such microphone"], [word], tmp_path, **pulse)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    said = load_catalog(lang).get("speech.mic_not_found", name="no such microphone")
    assert opening(p.stdout) == [said]
    assert drew in p.stdout and not any(n in p.stdout for n in NATIVE)


def test_a_quick_end_while_the_recognizer_loads_prints_nothing_native(pulse, tmp_path):
    """The game ends before Whisper finished loading in its thread: without the quiet end
    (voice_game.cli._end_quietly) the C libraries' teardown met that thread in about half
    of the runs: 'terminate called without an active exception' and a gdb backtrace."""
    for _ in range(3):
        p = game(["play", "orchestra", "--lang", "en", "--seed", "1", "--tts", "text", "--engine", "auto"],
                 ["draw"], tmp_path, **pulse)
        assert p.returncode == 0, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
        assert not any(n in p.stdout + p.stderr for n in NATIVE), (p.stdout[-2000:], p.stderr[-2000:])
        assert "You drew" in p.stdout


def test_quiet_stderr_hides_what_c_code_writes_to_descriptor_2():
    code = ("import os, sys\n"
            "from voice_game.audio.portaudio import quiet_stderr\n"
            "with quiet_stderr():\n"
            "    os.write(2, b\"Expression 'ret' failed in 'src/hostapi/alsa/pa_linux_alsa.c'\\n\")\n"
            "os.write(2, b'after\\n')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert p.returncode == 0 and p.stderr == "after\n"


def test_the_probe_keeps_a_crashing_portaudio_out_of_the_process(tmp_path):
    code = ("from voice_game.audio import portaudio\n"
            "print(portaudio.load() is None, portaudio.input_problem(None), portaudio.problem())\n")
    env = dict(os.environ, ALSA_CONFIG_PATH=str(tmp_path / "missing.conf"))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                       env=env)
    assert p.returncode == 0, p.returncode
    assert p.stdout.startswith("True no_sound PortAudio crashed") and p.stderr == ""
