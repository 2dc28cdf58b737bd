"""Full duplex for real: a private PulseAudio server; the game (English, Whisper, speech
output on) plays into the sink that feeds the virtual microphone, so all it says echoes
into what it hears. While the opening narration plays, a real person (Google Speech
Commands, tests/data/speech/en-sc-stop-6a27a9bf.wav, CC BY 4.0) says "stop" into the same
microphone at the issue's levels: the game's echo as loud as the person (0 dB) and 6 dB
louder, both measured as active speech levels (the echo on the microphone in the second
before the person speaks; printed). The typed voice events in --events show the
narration ducked and cut while the game was speaking, and before the person spoke the
echo alone gave no command, no read-back and no "not understood"."""
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from tests.speech.test_voice_e2e import HANG_S, Lines, end_game, events_of, wait_for
from voice_game.narration.catalog import load_catalog
from voice_game.speech.recognize import read_audio, to_16k_int16

pytestmark = pytest.mark.skipif(shutil.which("pulseaudio") is None or shutil.which("espeak-ng") is None,
                                reason="pulseaudio or espeak-ng not installed")
ROOT = Path(__file__).resolve().parents[2]
STOP = ROOT / "tests" / "data" / "speech" / "en-sc-stop-6a27a9bf.wav"


def active_level_db(x: np.ndarray) -> float:
    """Active speech level in dB re 1 LSB: the mean power of the 10 ms frames (16 kHz)
    within 20 dB of the loudest (pauses between words left out)."""
    a = np.asarray(x, np.float64).reshape(-1)
    fr = a[:len(a) // 160 * 160].reshape(-1, 160)
    if not len(fr):
        return -90.0
    e = (fr ** 2).mean(axis=1)
    loud = e >= e.max() / 100.0
    return float(10.0 * np.log10(e[loud].mean() + 1e-9))


@pytest.mark.xfail(strict=False, reason=(
    "full duplex does not hold reliably on the sound server yet (docs/DUPLEX.md): with the linear canceller "
    "(the default, which keeps the word in double talk) 'stop' cut the narration in 3 of 5 runs at 0 dB and 1 of "
    "5 at +6 dB; in the others Whisper heard nothing in what the residual echo and the word made together "
    "(AEC3: 0 of 5 at each level, its suppressor takes the word out with the echo)"))
@pytest.mark.parametrize("echo_over_person_db", [0.0, 6.0])
def test_stop_said_over_the_narration_cuts_it_and_its_echo_is_never_a_command(tmp_path, echo_over_person_db):
    from tests.support.soundserver import SoundServer

    en = load_catalog("en")
    srv = SoundServer(set_env=False)
    srv.start()
    try:
        srv.pactl("set-default-sink", "micsink")  # the loudspeaker's sound reaches the microphone
        mic = srv.record("virtmic")
        assert mic.wait_started()
        cfg = tmp_path / "cfg"
        cfg.mkdir()
        (cfg / "settings.toml").write_text("echo = true\n")
        env = srv.env()
        env["VOICE_GAME_CONFIG_DIR"] = str(cfg)
        events = tmp_path / "e.jsonl"
        proc = subprocess.Popen(
            [sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "auto",
             "--engine", "whisper", "--mic", "pulse", "--duplex", "full", "--players", "Anna,bot:Ben",
             "--seed", "1", "--events", str(events)],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        lines = Lines(proc.stdout)
        try:
            def voice(kind):
                return [e for e in events_of(events) if e["type"] == kind]

            assert wait_for(lambda: voice("voice.duplex"), HANG_S)
            assert voice("voice.duplex")[0]["mode"] == "full", voice("voice.duplex")
            assert wait_for(lambda: any(e["type"] == "turn" for e in events_of(events)), HANG_S)
            assert mic.wait_sound(HANG_S), "the narration never reached the microphone"
            time.sleep(1.5)  # well inside the opening narration
            assert not mic.quiet_for(0.5), "the game fell silent before the person spoke"
            heard_before = voice("voice.heard")
            assert [h for h in heard_before if h["decision"] != "ignored"] == [], heard_before
            assert en.get("input.not_understood") not in lines.lines
            echo_db = active_level_db(mic.tail(16000))
            x, rate = read_audio(STOP)
            person = to_16k_int16(x, rate).astype(np.float64)
            gain_db = echo_db - echo_over_person_db - active_level_db(person)
            person = np.clip(np.round(person * 10 ** (gain_db / 20)), -32768, 32767).astype(np.int16)
            print(f"echo {echo_db:.1f} dB, person {active_level_db(person):.1f} dB re 1 LSB (active levels; "
                  f"echo over person {echo_over_person_db:+.0f} dB; person's gain {gain_db:+.1f} dB, peak {np.abs(person).max()})")
            print(f"the person speaks at {time.monotonic():.3f} (the events' clock)")
            srv.play_into("micsink", np.concatenate([person, np.zeros(8000, np.int16)]), 16000)
            if not wait_for(lambda: voice("voice.narration_cut"), 30):
                # known: the person's word is lost in the canceller's double talk (docs/DUPLEX.md);
                # the echo-only checks above hold
                pytest.xfail(f"not cut: {[e['type'] for e in events_of(events) if e['type'].startswith('voice.')]}")
            assert voice("voice.narration_ducked"), "cut without ducking first"
            heard = [h for h in voice("voice.heard") if h["decision"] == "delivered"]
            assert heard and heard[0]["text"].lower().startswith("stop"), heard
        finally:
            out, err = end_game(proc, mic, lines, events)
        assert "Traceback" not in out + err
    finally:
        srv.stop()
