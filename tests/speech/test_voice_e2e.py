"""The microphone path for real: a private PulseAudio server, a virtual microphone fed
by a null sink, the game started as a player would (speech output on, PocketSphinx on
the microphone), commands spoken into the microphone, and the game's own narration
looped back into the same microphone to prove it does not hear itself."""
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.synth import synthesize

pytestmark = pytest.mark.skipif(shutil.which("pulseaudio") is None or shutil.which("espeak-ng") is None,
                                reason="pulseaudio or espeak-ng not installed")
ROOT = Path(__file__).resolve().parents[2]


def events_of(path):
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def wait_for(pred, timeout):
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return True
        time.sleep(0.2)
    return False


def test_game_acts_on_spoken_commands_and_ignores_its_own_voice(tmp_path):
    from tests.support.soundserver import SoundServer

    srv = SoundServer(set_env=False)
    srv.start()
    try:
        # loop the game's loudspeaker into the microphone: it must not hear itself
        srv.pactl("set-default-sink", "micsink")
        cfg = tmp_path / "cfg"
        cfg.mkdir()
        (cfg / "settings.toml").write_text("echo = true\n")
        env = srv.env()
        env["VOICE_GAME_CONFIG_DIR"] = str(cfg)
        events = tmp_path / "e.jsonl"
        proc = subprocess.Popen(
            [sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "auto",
             "--engine", "pocketsphinx", "--mic", "pulse", "--players", "Anna,bot:Ben", "--seed", "1",
             "--events", str(events)],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            # the opening narration ("... Draw, or take a conductor.") plays into the microphone
            assert wait_for(lambda: any(e["type"] == "turn" for e in events_of(events)), 60)
            time.sleep(8)  # let the narration run out; it says "Draw, or take a conductor"
            assert not any(e["type"] == "drew" for e in events_of(events)), "the game heard itself"
            for _attempt in range(3):
                srv.play_into("micsink", synthesize("draw card", "en-us", 160, tail_silence=1.0), 16000)
                if wait_for(lambda: any(e["type"] == "revealed" for e in events_of(events)), 15):
                    break
            assert any(e["type"] == "revealed" for e in events_of(events)), "the spoken draw was not acted on"
            time.sleep(6)  # "You drew ... Which conductor?"
            for _attempt in range(3):
                srv.play_into("micsink", synthesize("conductor one", "en-us", 160, tail_silence=1.0), 16000)
                if wait_for(lambda: any(e["type"] == "placed" for e in events_of(events)), 15):
                    break
            placed = [e for e in events_of(events) if e["type"] == "placed"]
            assert placed and placed[0]["conductor"] == 1 and placed[0]["player"] == 0
        finally:
            try:
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            out, err = proc.stdout.read(), proc.stderr.read()
            print(out, err)
        assert "Traceback" not in out + err
        assert "Voice input with pocketsphinx" in out
    finally:
        srv.stop()
