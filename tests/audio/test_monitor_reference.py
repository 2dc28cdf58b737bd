"""The sound server's playback monitor as the echo canceller's reference (a screen reader's
speech has no other): on a private PulseAudio, what is played into the default loudspeaker
comes out of :class:`MonitorReference` as 10 ms frames in the reference tap, one unbroken
stream on the sample count (no invented gaps), with the sound where it was played; a
source that does not exist is a clean ``False`` with nothing left running."""
from __future__ import annotations

import shutil
import time

import numpy as np
import pytest

from tests.support import soundserver
from voice_game.audio.monitor import MonitorReference
from voice_game.audio.reference import ReferenceTap

pytestmark = pytest.mark.skipif(shutil.which("parec") is None or soundserver.available() is not None,
                                reason="parec (pulseaudio-utils) or pulseaudio not installed")


def test_what_the_loudspeaker_plays_reaches_the_reference_unbroken():
    srv = soundserver.SoundServer(speakers_rate=44100)  # set_env: parec in this process talks to it
    srv.start()
    monitor = None
    try:
        tap = ReferenceTap(keep_s=10.0)
        monitor = MonitorReference(tap)
        assert monitor.start(), "the monitor of the default sink delivered nothing"
        time.sleep(0.5)
        rng = np.random.default_rng(3)
        burst = (rng.standard_normal(int(0.5 * 44100)) * 0.3 * 32767).astype(np.int16)
        played_at = time.perf_counter()
        srv.play_into("speakers", np.stack([burst, burst], axis=1), 44100)
        time.sleep(1.0)
        frames = tap.take_until(1e9)
        assert len(frames) > 100, len(frames)
        assert tap.gaps == 0 and tap.restarts == 0, (tap.gaps, tap.restarts)
        times = np.array([t for t, _ in frames])
        steps = np.diff(times)
        off = steps[np.abs(steps - 0.01) > 0.001]
        # the sample count, bar a few small moves of the timeline to the earliest arrival
        assert off.size <= max(3, steps.size // 50) and np.all(np.abs(off - 0.01) < 0.02), off
        levels = np.array([np.abs(np.frombuffer(f, "<i2")).mean() for _, f in frames])
        loud = times[levels > 2000]
        assert loud.size >= 30, "the burst is in the reference"
        # it was played within a second of when the test asked for it (pacat's start included)
        assert played_at - 0.1 < loud[0] < played_at + 1.0, loud[0] - played_at
        assert loud[-1] - loud[0] == pytest.approx(0.5, abs=0.1)
    finally:
        if monitor is not None:
            monitor.close()
        srv.stop()


def test_no_such_monitor_is_false_and_leaves_nothing_running():
    srv = soundserver.SoundServer()
    srv.start()
    try:
        monitor = MonitorReference(ReferenceTap(), source="no_such_sink.monitor")
        assert monitor.start() is False
        assert monitor._proc is None and monitor._thread is None
    finally:
        srv.stop()
