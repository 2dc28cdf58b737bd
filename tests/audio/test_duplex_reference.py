"""The duplex meeting point (voice_game/speech/duplex.py): the real player renders German
TTS (espeak-ng) to a render backend with the reference tap attached; the microphone's
capture (the echo of what came out: 40 ms late, soft clipped, T60 0.3 s) is stamped with
the wall-clock time of its samples. Paired by those times, AEC3 removes the echo; with
the null canceller nothing is removed."""
import numpy as np
import pytest

from tests.support.echo_room import echo_of, to_int16
from tests.support.synth import espeak_available, synthesize
from tests.support.tapped_player import tapped_player
from voice_game.audio.mixer import resample
from voice_game.audio.reference import ReferenceTap
from voice_game.speech.duplex import Duplex
from voice_game.speech.echo import NullCanceller, erle_db, make_canceller

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")


@pytest.fixture(scope="module")
def played():
    """(tap, what came out at 16 kHz, the time its first sample was heard)."""
    with tapped_player() as (player, backend, tap):
        tts = synthesize("Du spielst gegen zwei Bots. Welchen Dirigenten wählst du?", voice="de", floor_db=None)
        item = player.speak_audio(tts, 16000)
        item.wait(timeout=30)
        player.wait_silent(timeout=5)
    out = backend.output().mean(axis=1)
    assert backend.t0 is not None
    return tap, resample(out, 44100, 16000) * 32767, backend.t0


def _run(canceller, played_data) -> float:
    tap, out, t0 = played_data
    echo = echo_of(to_int16(out), delay_ms=40, gain_db=-6)
    mic = to_int16(echo).tobytes()
    duplex = Duplex(canceller, tap)
    clean = []
    chunk = 800 * 2  # 50 ms blocks, as the listener captures
    for i in range(0, len(mic) - chunk + 1, chunk):
        clean.append(duplex.process(mic[i:i + chunk], t0 + i / 2 / 16000))
    after = np.frombuffer(b"".join(clean), dtype="<i2")
    assert duplex.played_frames > 0.9 * duplex.captured_frames
    return erle_db(echo, after)


def test_aec3_paired_by_play_and_capture_times_removes_the_echo(played):
    canceller, why = make_canceller("webrtc")
    assert canceller is not None, why
    assert _run(canceller, played) > 20.0


def test_the_null_canceller_removes_nothing(played):
    # a fresh tap's frames are taken by the first run: replay into a new one
    tap, out, t0 = played
    fresh = ReferenceTap(keep_s=30)
    fresh.push(np.asarray(out) / 32767, 16000, t0)
    assert _run(NullCanceller(), (fresh, out, t0)) < 1.0
