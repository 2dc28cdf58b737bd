"""The echo's lag moves once measured (a sound server's buffer grown or shrunk in a pause of
the narration; the duplex benchmark's games: +95 -> +224 ms, +130 -> +193 ms): the duplex
stage follows it, and the canceller keeps the echo path it learned where it is (the echo
moved, not its estimate). Moving the path with the reference, as after the lag's first
measurement, put it 13 partitions off the echo with the filter sure of it: 0-2 dB taken
out for the rest of a game that had 30-40 dB before the pause."""
from __future__ import annotations

import numpy as np
import pytest

from tests.support.echo_room import duplex_over, echo_of, feed_capture, to_int16
from tests.support.synth import synthesize

RATE = 16000
T0 = 100.0
NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor. Which conductor? ")


@pytest.fixture(scope="module")
def narration() -> np.ndarray:
    return synthesize(NARRATION, voice="en", speed=160, floor_db=None).astype(np.float64)


@pytest.mark.parametrize("later_ms", [224, 40])
def test_a_lag_that_moves_in_a_pause_is_followed_and_the_echo_taken_out_again(narration, later_ms):
    gap = np.zeros(2 * RATE)
    played = np.concatenate([narration, gap, narration, gap])
    n1 = narration.size + gap.size
    before = echo_of(played, delay_ms=95, gain_db=0.0, seed=3)
    after = echo_of(played, delay_ms=later_ms, gain_db=0.0, seed=3)
    mic = np.concatenate([before[:n1], after[n1:]]) + np.random.default_rng(0).normal(0, 3, played.size)
    d = duplex_over(to_int16(played), T0)
    out = feed_capture(d, mic, T0)

    def taken_out(t0: float, t1: float) -> float:
        i, j = int(t0 * RATE), int(t1 * RATE)
        return float(10 * np.log10((mic[i:j] ** 2).sum() / ((out[i:j] ** 2).sum() + 1.0)))

    first = taken_out(4.0, narration.size / RATE)
    second = taken_out(n1 / RATE + 4.0, (n1 + narration.size) / RATE)
    print(f"echo 95 -> {later_ms} ms: taken out {first:.1f} dB before the pause, {second:.1f} dB from 4 s after it; "
          f"lag {d.tracker.lag_s * 1000:+.0f} ms")
    assert abs(d.tracker.lag_s * 1000 - later_ms) < 15
    assert first > 25.0
    assert second > 20.0
