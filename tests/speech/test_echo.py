"""The echo canceller on its own (voice_game/speech/echo.py): the game's German TTS
(espeak-ng) played, its echo in a room (40 ms, soft clipping, T60 0.3 s) at the
microphone. WebRTC AEC3 takes most of it out; the null canceller takes nothing, so the
threshold fails for it."""
import numpy as np
import pytest

from tests.support.echo_room import echo_of, to_int16
from tests.support.synth import espeak_available, synthesize
from voice_game.speech.echo import NullCanceller, cancel, erle_db, make_canceller

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
TEXT = "Willkommen bei Tierorchester. Du spielst gegen zwei Bots. Welchen Dirigenten wählst du?"


@pytest.fixture(scope="module")
def room():
    played = synthesize(TEXT, voice="de", speed=160, floor_db=None)
    return played, echo_of(played, delay_ms=40, t60=0.3, gain_db=-6)


def test_webrtc_aec3_removes_the_echo_of_german_tts(room):
    played, echo = room
    canceller, why = make_canceller("webrtc")
    assert canceller is not None, why
    after = cancel(canceller, played, to_int16(echo), delay_ms=40)
    assert erle_db(echo, after) > 25.0


def test_the_null_canceller_fails_that_threshold(room):
    played, echo = room
    after = cancel(NullCanceller(), played, to_int16(echo))
    assert erle_db(echo, after) < 1.0
    assert np.array_equal(after, to_int16(echo)[: after.size])


def test_an_unknown_or_missing_canceller_is_a_reason_not_an_exception():
    canceller, why = make_canceller("no-such-canceller")
    assert canceller is None and why


def test_the_echo_lag_is_measured_from_the_signals_not_the_time_stamps():
    """A reference whose play times are 0.3 s late against the capture's: the tracker finds
    -0.3 s (within a frame) once two measurements agree; silence gives no figure."""
    from voice_game.audio.reference import ReferenceTap
    from voice_game.speech.echo_delay import DelayTracker

    rng = np.random.default_rng(3)
    sig = (rng.standard_normal(16000 * 6) * 3000).clip(-32000, 32000)
    tap = ReferenceTap(keep_s=10)
    tap.push(sig / 32767, 16000, 100.3)  # stamped 0.3 s later than it is heard
    quiet = DelayTracker()
    for k in range(300):
        quiet.captured(bytes(320), 100.0 + k / 100, tap)
    assert quiet.measured == [] and quiet.lag_s == 0.0
    tracker = DelayTracker()
    echo = (sig * 0.5).astype("<i2").tobytes()
    for k in range(500):
        tracker.captured(echo[k * 320:(k + 1) * 320], 100.0 + k / 100, tap)
    assert abs(tracker.lag_s + 0.3) < 0.01, tracker.measured
