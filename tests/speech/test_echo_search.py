"""Until the lag between the play and capture clocks is measured, the linear canceller
searches for the echo further on (``Duplex``'s ``SEARCH_MS``): a second filter placed that
much later learns beside it, the better output is used, and when the lag is known the
later filter's path is taken over if it was the better one.

In the duplex benchmark's room the echo came 140-220 ms after its estimated play time,
past the 160 ms the canceller's own span covers: until the lag tracker had two agreeing
measurements (about 1.5 s of narration) nothing was cancelled, and a command said 1.5 s
into a resumed game's opening sank in the echo (offline, benchmarks/barge_in_offline.py
``--clock-ms 150 --at 1.5``: 0 of 9 at both echo levels). A single longer filter found it
but lost words with the clocks in step (6 -> 2 of 9: a longer filter converges slower),
so the search is a second filter and the in-step case keeps its own. Here the game's
English TTS echoes in the synthetic room (40 ms, T60 0.3 s) and the capture clock runs
170 ms behind the play clock (or in step); the duplex stage's own path (reference tap
with play times, lag tracker) hands both to the canceller (its residual gate off: the
filter itself is measured)."""
import numpy as np
import pytest

from tests.support.echo_room import echo_of, to_int16
from tests.support.synth import espeak_available, synthesize
from voice_game.audio.reference import ReferenceTap
from voice_game.speech import duplex as duplex_mod
from voice_game.speech.duplex import Duplex
from voice_game.speech.linear_echo import LinearCanceller

from tests.speech.test_linear_echo import TEXT

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
T0 = 500.0
CLOCK_S = 0.17  # the capture clock behind the play clock's estimate


@pytest.fixture(scope="module")
def room():
    played = synthesize(TEXT, voice="en", speed=160, floor_db=None)
    return played, echo_of(played, delay_ms=40, t60=0.3, gain_db=-6)


def run(played: np.ndarray, echo: np.ndarray, clock_s: float = CLOCK_S) -> tuple[np.ndarray, Duplex, LinearCanceller]:
    """The echo through the duplex stage, the capture clock ``clock_s`` behind: its output,
    the stage and the canceller."""
    tap = ReferenceTap(keep_s=60)
    tap.push(played.astype(np.float64) / 32767.0, 16000, T0)
    canceller = LinearCanceller(gate_db=0.0)
    duplex = Duplex(canceller, tap)
    pcm = to_int16(echo).astype("<i2").tobytes()
    out = []
    for k in range(0, len(pcm), 1600):
        out.append(duplex.process(pcm[k:k + 1600], T0 + clock_s + k / 32000))
    return np.frombuffer(b"".join(out), "<i2").astype(np.float64), duplex, canceller


def removed_db(echo: np.ndarray, out: np.ndarray, a_s: float, b_s: float) -> float:
    a, b = int(a_s * 16000), int(b_s * 16000)
    e, o = echo[a:b], out[a:b]
    return float(10 * np.log10((e @ e) / (o @ o + 1e-9)))


def test_before_the_lag_is_measured_the_canceller_searches_for_the_echo(room, monkeypatch):
    played, echo = room
    out, duplex, canceller = run(played, echo)
    early = removed_db(echo, out, 0.8, 1.4)
    late = removed_db(echo, out, 4.0, 7.0)
    lag = duplex.tracker.lag_s
    monkeypatch.setattr(duplex_mod, "SEARCH_MS", 0)
    out0, _, _ = run(played, echo)
    early0 = removed_db(echo, out0, 0.8, 1.4)
    print(f"lag measured {lag * 1000:+.0f} ms; echo removed 0.8-1.4 s: {early:.1f} dB searching, "
          f"{early0:.1f} dB not; 4-7 s: {late:.1f} dB; the later filter taken over: {canceller.adopted}")
    assert abs(lag - (CLOCK_S + 0.04)) < 0.02
    assert early > early0 + 6.0 and early > 8.0
    assert canceller.adopted
    assert late > 15.0


def test_with_the_clocks_in_step_the_search_changes_nothing(room, monkeypatch):
    played, echo = room
    out, _, canceller = run(played, echo, clock_s=0.0)
    monkeypatch.setattr(duplex_mod, "SEARCH_MS", 0)
    out0, _, _ = run(played, echo, clock_s=0.0)
    got = [round(removed_db(echo, o, a, b), 1) for o in (out, out0) for a, b in ((0.5, 1.5), (1.5, 3.0), (3.0, 6.0))]
    print(f"echo removed 0.5-1.5 / 1.5-3 / 3-6 s: searching {got[:3]} dB, not {got[3:]} dB")
    assert not canceller.adopted
    assert np.array_equal(out, out0)
