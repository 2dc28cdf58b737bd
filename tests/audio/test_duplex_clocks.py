"""The two clocks of full duplex: what the player plays and what the microphone captures
are stamped so that the echo of a frame is found at (nearly) the time the reference says.

The unit tests pin the pieces (PortAudio's DAC/ADC times with their fallbacks; the
reference tap following its device's own silences; the residual-echo gate). The sound
server test is the one that matters: on a private PulseAudio the player's output is looped
into the virtual microphone; the echo-delay tracker locks on the lag between the
reference's play times and the capture's times, and it is under 300 ms. With the stamps
of before (a blocking write's return + latency, the capture callback's time) it was
-780..+250 ms from run to run (docs/DUPLEX.md), and hopped under load."""
from __future__ import annotations

import time

import numpy as np
import pytest

from tests.support import soundserver
from voice_game.audio.player import play_time
from voice_game.audio.reference import ReferenceTap
from voice_game.speech.duplex import ResidualGate
from voice_game.speech.listener import capture_time


def test_play_and_capture_times_come_from_portaudio_and_fall_back_without_them():
    # the stream clock is PortAudio's own; only its difference to "now" is used
    assert play_time(10.0, 0.1, dac_time=5000.25, stream_now=5000.0) == pytest.approx(10.25)
    assert play_time(10.0, 0.1, dac_time=0.0, stream_now=5000.0) == pytest.approx(10.1)
    assert play_time(10.0, 0.1, dac_time=5009.0, stream_now=5000.0) == pytest.approx(10.1)  # absurd
    assert capture_time(10.0, 0.05, adc_time=4999.8, stream_now=5000.0) == pytest.approx(9.8)
    assert capture_time(10.0, 0.05, adc_time=0.0, stream_now=0.0) == pytest.approx(9.95)


def _frames(tap: ReferenceTap) -> list[tuple[float, np.ndarray]]:
    return [(t, np.frombuffer(f, "<i2")) for t, f in tap.take_until(1e9)]


def test_the_reference_keeps_the_silence_the_device_played_and_ignores_jitter():
    """Blocks of 10 ms at 16 kHz: one heard 100 ms later than the ones before imply (the
    device played 100 ms of its own silence): the reference has those 100 ms of silence,
    so what follows keeps its true time. Stamps jittering by 3 ms move nothing."""
    tap = ReferenceTap(keep_s=10)
    rng = np.random.default_rng(1)
    t = 50.0
    for k in range(50):
        tap.push(np.full(160, 0.25), 16000, t + k * 0.01 + rng.uniform(-0.003, 0.003))
    tap.push(np.full(160, 0.5), 16000, t + 0.6)  # the next block is due at t + 0.5
    for k in range(1, 20):
        tap.push(np.full(160, 0.5), 16000, t + 0.6 + k * 0.01)
    frames = _frames(tap)
    loud = [ft for ft, f in frames if f.mean() > 0.4 * 32767]
    silent = [ft for ft, f in frames if abs(f.mean()) < 100]
    assert tap.gaps == 1 and tap.restarts == 0
    assert abs(loud[0] - (t + 0.6)) < 0.006, loud[0] - t
    assert 8 <= len(silent) <= 11, len(silent)  # the 100 ms the device played silence


def test_the_gate_silences_residual_echo_only_while_the_game_sounds():
    gate = ResidualGate(floor_db=40.0, hold_s=0.5, open_s=0.3)
    quiet = (np.full(160, 30)).astype("<i2").tobytes()  # 29.5 dB re 1 LSB: residual echo
    loud = (np.full(160, 3000)).astype("<i2").tobytes()  # 69.5 dB: a person
    gate.sounding_until = 10.5
    assert gate.process(quiet, 10.0) == bytes(320)
    assert gate.process(loud, 10.1) == loud
    assert gate.process(quiet, 10.2) == quiet  # a word's soft end stays (open for 0.3 s)
    assert gate.process(quiet, 10.45) == bytes(320)
    assert gate.process(quiet, 10.6) == quiet  # the game fell silent: nothing gated


class _NoRecognizer:
    """Listens to nothing: the test reads the duplex stage, not words."""

    sample_rate = 16000

    def accept_audio(self, pcm):
        return None

    def reset(self):
        pass

    def finish(self):
        return None


@pytest.mark.skipif(soundserver.available() is not None, reason=f"no PulseAudio: {soundserver.available()}")
def test_on_a_sound_server_the_echo_comes_when_the_reference_says():
    from voice_game.audio.player import Player, SoundDeviceBackend
    from voice_game.speech.duplex import Duplex
    from voice_game.speech.echo import NullCanceller
    from voice_game.speech.listener import Listener

    srv = soundserver.SoundServer(speakers_rate=44100)
    srv.start()
    listener = None
    player = None
    try:
        srv.pactl("set-default-sink", "micsink")  # the loudspeaker's sound reaches the microphone
        srv.use_for_sounddevice()
        player = Player(backend=SoundDeviceBackend(device="pulse", rate=44100), preload=False)
        player.start()
        assert player.device_ok, player.device_error
        tap = ReferenceTap()
        player.reference = tap
        duplex = Duplex(NullCanceller(), tap)
        listener = Listener(_NoRecognizer(), device="pulse", duplex=duplex)
        assert listener.start(), listener.status_detail
        rng = np.random.default_rng(7)
        tracker = duplex.tracker
        deadline = time.monotonic() + 40  # a loaded machine: the streams may take seconds to run
        # the steady state: a lock on a wrong lag in the first second (the output stream still
        # starting) is corrected within 2 s, so the figures after it count
        while (not tracker.locked or len(tracker.measured) < 9) and time.monotonic() < deadline:
            if player.is_silent():  # noise bursts, as broadband as speech's consonants
                for _ in range(4):
                    burst = (rng.standard_normal(int(0.35 * 22050)) * 0.15 * 32767).astype(np.int16)
                    player.speak_audio(burst, 22050)
                    player.speak_audio(np.zeros(int(0.3 * 22050), np.int16), 22050)
            time.sleep(0.2)
        lags = [round(x * 1000) for x in tracker.measured]
        print("measured echo lags (ms):", lags, "in use", round(tracker.lag_s * 1000), "reference gaps",
              tap.gaps, "restarts", tap.restarts)
        assert tracker.locked, lags  # two figures in a row agreed
        assert abs(tracker.lag_s) < 0.3, lags
        last = sorted(tracker.measured[-4:])
        assert last[-1] - last[0] < 0.03, lags  # constant within the run
        assert abs(tracker.lag_s - (last[1] + last[2]) / 2) <= tracker.hysteresis_s + 0.015, lags  # and in use
    finally:
        if listener is not None:
            listener.stop()
        if player is not None:
            player.close()
        srv.stop()
