"""The player through a REAL PulseAudio server with virtual devices.

A private server (tests.support.soundserver) gets a null sink "speakers";
the player writes to it through sounddevice -> ALSA "pulse" plugin, and parec
records "speakers.monitor": what would have come out of the loudspeakers.
"""
from __future__ import annotations

import time

import numpy as np
import pytest

from tests.support import soundserver
from voice_game.audio.player import Player, SoundDeviceBackend

REASON = soundserver.available()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"no PulseAudio: {REASON}")

RATE = 44100
FLOOR = 300.0  # int16 RMS; a 0.4-amplitude tone is ~9000, a silent sink is 0


def tone(freq, dur, rate=22050, amp=0.4):
    t = np.arange(int(dur * rate)) / rate
    x = amp * np.sin(2 * np.pi * freq * t)
    r = int(0.005 * rate)
    x[:r] *= np.linspace(0, 1, r)
    x[-r:] *= np.linspace(1, 0, r)
    return (x * 32767).astype(np.int16)


def rms(x):
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2))) if len(x) else 0.0


def dominant(x, rate=RATE):
    mono = x.astype(np.float64).sum(axis=1) if x.ndim == 2 else x.astype(np.float64)
    spec = np.abs(np.fft.rfft(mono * np.hanning(len(mono))))
    return np.fft.rfftfreq(len(mono), 1.0 / rate)[np.argmax(spec)]


@pytest.fixture(scope="module")
def server():
    srv = soundserver.SoundServer(speakers_rate=RATE)
    srv.start()
    srv.use_for_sounddevice()
    yield srv
    srv.stop()


@pytest.fixture
def player(server):
    p = Player(backend=SoundDeviceBackend(device="pulse", rate=RATE),
               preload=["event.turn.1", "event.turn.5", "family.harp"])
    p.start()
    assert p.device_ok, p.device_error
    yield p
    p.close()


def test_server_has_the_virtual_devices(server):
    sinks = server.pactl("list", "short", "sinks").stdout
    sources = server.pactl("list", "short", "sources").stdout
    assert "speakers" in sinks and "micsink" in sinks
    assert "virtmic" in sources and "speakers.monitor" in sources


def test_sound_goes_out_and_silence_when_nothing_plays(server, player):
    rec = server.record("speakers.monitor")
    assert rec.wait_started()
    time.sleep(0.4)
    idle_end = rec.count
    item = player.speak_audio(tone(660, 0.6), 22050, kind="result")
    assert item.wait(3.0) == "done"
    assert player.wait_silent(timeout=2.0)
    speech_end = rec.count
    player.play_cue("family.harp")
    assert player.wait_silent(timeout=3.0)
    cue_end = rec.count
    time.sleep(0.4)
    audio = rec.stop()
    idle, speech, cue, after = (audio[:idle_end], audio[idle_end:speech_end],
                                audio[speech_end:cue_end], audio[cue_end:])
    assert len(idle) > 0.3 * RATE and len(after) > 0.3 * RATE
    assert rms(idle) < 5.0, "the sink was not silent before anything played"
    assert rms(speech) > FLOOR and abs(dominant(speech) - 660) < 5
    assert rms(cue) > FLOOR
    assert rms(after) < 5.0, "sound went on after the player reported silence"


def test_seats_are_panned_on_the_real_sink(server, player):
    rec = server.record("speakers.monitor")
    assert rec.wait_started()
    player.play_cue("event.turn.1")
    assert player.wait_silent(timeout=2.0)
    mid = rec.count
    player.play_cue("event.turn.5")
    assert player.wait_silent(timeout=2.0)
    time.sleep(0.1)
    audio = rec.stop().astype(np.float64)
    e1 = (audio[:mid] ** 2).sum(axis=0)
    e5 = (audio[mid:] ** 2).sum(axis=0)
    assert e1[0] > 50 * e1[1], e1
    assert e5[1] > 50 * e5[0], e5


def test_virtual_microphone_hears_what_is_played_into_micsink(server):
    rec = server.record("virtmic")
    assert rec.wait_started()
    server.play_into("micsink", tone(500, 0.4, rate=16000), 16000)
    # pacat returns once the sink played the tone; the recorder may get it later
    assert rec.wait_sound(30.0, floor=FLOOR) and rec.wait_quiet(0.1, 30.0, floor=FLOOR)
    audio = rec.stop()
    assert rec.rate == 16000 and audio.shape[1] == 1
    assert rms(audio) > FLOOR and abs(dominant(audio, 16000) - 500) < 5


def test_device_loss_is_reported_and_recovered():
    srv = soundserver.SoundServer(speakers_rate=RATE)
    srv.start()
    try:
        srv.use_for_sounddevice()
        errors, restored = [], []
        p = Player(backend=SoundDeviceBackend(device="pulse", rate=RATE), preload=False,
                   retry_s=0.2, on_device_error=errors.append,
                   on_device_restored=lambda: restored.append(1))
        with p:
            assert p.device_ok
            item = p.speak_audio(tone(440, 1.0), 22050, kind="result")
            time.sleep(0.2)
            srv.kill()  # the sound server vanishes mid-sentence
            assert item.wait(3.0) == "done"  # the game goes on; no exception reached us
            deadline = time.time() + 3
            while not errors and time.time() < deadline:
                time.sleep(0.02)
            assert errors and not p.device_ok
            srv.restart()
            rec = srv.record("speakers.monitor")
            assert rec.wait_started()
            deadline = time.time() + 3
            while not restored and time.time() < deadline:
                time.sleep(0.02)
            assert restored and p.device_ok
            p.speak_audio(tone(550, 0.4), 22050).wait(3.0)
            p.wait_silent(timeout=2.0)
            audio = rec.stop()
            assert rms(audio) > FLOOR and abs(dominant(audio) - 550) < 5
    finally:
        srv.stop()
