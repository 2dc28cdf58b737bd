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


def test_an_echo_seconds_late_is_measured_and_cancelled():
    """The echo comes 1.8 s after its play time (as in some games of the duplex benchmark's
    simulated room): the tracker finds the lag (its search reaches 4 s) and the duplex stage
    then cancels the echo. The game counts as speaking until its echo is over, not only until
    it stops playing: what is heard in the echo's tail is over the narration."""
    from voice_game.audio.reference import ReferenceTap
    from voice_game.speech.duplex import Duplex
    from voice_game.speech.linear_echo import LinearCanceller

    rng = np.random.default_rng(5)
    sig = (rng.standard_normal(16000 * 14) * 3000).clip(-32000, 32000)
    late = 1.8
    tap = ReferenceTap()
    duplex = Duplex(LinearCanceller(), tap)
    echo = np.concatenate([np.zeros(int(late * 16000)), sig * 0.5])[: sig.size]
    cap = echo.astype("<i2").tobytes()
    outs = []
    for k in range(0, sig.size // 320):
        # the player hands its block in as it plays it; the capture of that moment holds what was played 1.8 s before
        tap.push(sig[k * 320:(k + 1) * 320] / 32767, 16000, 100.0 + k * 0.02)
        outs.append(duplex.process(cap[k * 640:(k + 1) * 640], 100.0 + k * 0.02))
    assert abs(duplex.tracker.lag_s - late) < 0.02, duplex.tracker.measured
    out = np.frombuffer(b"".join(outs[-150:]), "<i2").astype(np.float64)
    tail = echo[-out.size:]
    erle = 10 * np.log10((tail ** 2).mean() / ((out ** 2).mean() + 1e-9))
    assert erle > 15, erle  # the last 3 s: cancelled
    # the game falls silent: its echo goes on for 1.8 s, and so does "the game speaks"
    t_end = 100.0 + sig.size / 16000
    tail_cap = (np.concatenate([sig[-int(late * 16000):] * 0.5, np.zeros(16000)])).astype("<i2").tobytes()
    echoing = []
    for k in range(len(tail_cap) // 640):
        tap.push(np.zeros(320), 16000, t_end + k * 0.02)
        duplex.process(tail_cap[k * 640:(k + 1) * 640], t_end + k * 0.02)
        echoing.append(duplex.echoing)
    assert all(echoing[: int(late / 0.02)]) and not any(echoing[-10:]), echoing
