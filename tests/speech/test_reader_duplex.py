"""Full duplex beside a screen reader, for real: a private PulseAudio whose loudspeaker
(``speakers``) echoes into the virtual microphone (a loopback into ``micsink``, as a room
does), a private Speech Dispatcher speaking into that loudspeaker, and the game started
with ``--tts screenreader --duplex full``. The screen reader is another process, so the
game's reference is the sound server's playback monitor (voice_game/audio/monitor.py):
the microphone stays open while the reader speaks, the canceller takes most of its echo
out (the duplex stage's own figures, VOICE_GAME_DEBUG_DUPLEX), and that echo never
becomes a command, a read-back or a "not understood"."""
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.speechd import speech_dispatcher
from tests.speech.test_voice_e2e import HANG_S, Lines, end_game, events_of, wait_for
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    any(shutil.which(p) is None for p in ("pulseaudio", "parec", "speech-dispatcher", "espeak-ng")),
    reason="pulseaudio, parec, speech-dispatcher or espeak-ng not installed")
LEVELS = re.compile(r"capture (-?[\d.]+) dB, after the canceller (-?[\d.]+) dB")


def _canceller_present() -> bool:
    from voice_game.speech.echo import make_canceller

    return make_canceller("webrtc")[0] is not None


def test_the_screen_readers_echo_is_cancelled_by_the_monitor_and_never_a_command(tmp_path):
    if not _canceller_present():
        pytest.skip("no echo canceller library (uv sync --extra duplex)")
    from tests.support.soundserver import SoundServer

    en = load_catalog("en")
    srv = SoundServer(set_env=False)
    srv.start()
    try:
        # the room: what the loudspeaker plays reaches the microphone 20 ms later
        srv.pactl("load-module", "module-loopback", "source=speakers.monitor", "sink=micsink", "latency_msec=20")
        mic = srv.record("virtmic")
        assert mic.wait_started()
        env = srv.env()
        with speech_dispatcher(env) as sock:
            cfg = tmp_path / "cfg"
            cfg.mkdir()
            (cfg / "settings.toml").write_text("echo = true\n")
            env.update(VOICE_GAME_CONFIG_DIR=str(cfg), SPEECHD_ADDRESS=f"unix_socket:{sock}",
                       VOICE_GAME_DEBUG_DUPLEX="1")
            out, err = _play_into_the_room(tmp_path, env, mic, en)
    finally:
        srv.stop()
    assert "Traceback" not in out + err
    # the canceller's own figures while the reader spoke: the echo came in loud and went out quieter
    levels = [(float(a), float(b)) for a, b in LEVELS.findall(err)]
    loud = [(a, b) for a, b in levels if a > 50]
    assert len(loud) >= 3, levels
    removed = sorted(a - b for a, b in loud)
    assert removed[len(removed) // 2] >= 10, f"echo removed (dB) in the loud stretches: {removed}"


def _play_into_the_room(tmp_path, env, mic, en) -> tuple[str, str]:
    """The game beside the reader, asked for the rules again and again for half a minute."""
    events = tmp_path / "e.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "screenreader",
         "--engine", "whisper", "--mic", "pulse", "--duplex", "full", "--players", "Anna,bot:Ben",
         "--seed", "1", "--events", str(events)],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    lines = Lines(proc.stdout)
    try:
        def voice(kind):
            return [e for e in events_of(events) if e["type"] == kind]

        assert wait_for(lambda: voice("voice.duplex"), HANG_S), lines.lines
        mode = voice("voice.duplex")[0]
        assert mode["mode"] == "full" and mode["reference"] == "monitor", mode
        assert mic.wait_sound(HANG_S), "the screen reader never reached the microphone"
        # the reader reads the table again and again: half a minute of its voice in the room
        end = time.monotonic() + 30
        while time.monotonic() < end:
            proc.stdin.write("rules\n")
            proc.stdin.flush()
            time.sleep(6)
        heard = voice("voice.heard")
        assert [h for h in heard if h["decision"] not in ("ignored", "echo")] == [], heard
        assert en.get("input.not_understood") not in lines.lines
    except BaseException:
        end_game(proc, mic, lines, events)
        raise
    return end_game(proc, mic, lines, events)
