"""Pure numpy mixing helpers (voice_game.audio.mixer)."""
from __future__ import annotations

import numpy as np
import pytest

from voice_game.audio import mixer


def sine(freq, dur, rate, amp=0.5):
    return (amp * np.sin(2 * np.pi * freq * np.arange(int(dur * rate)) / rate)).astype(np.float32)


@pytest.mark.parametrize("src,dst", [(22050, 44100), (44100, 16000), (16000, 48000), (22050, 22050)])
def test_resample_keeps_pitch_and_level(src, dst):
    x = sine(1000.0, 0.5, src)
    y = mixer.resample(x, src, dst)
    assert len(y) == round(len(x) * dst / src)
    ref = sine(1000.0, len(y) / dst + 1, dst)[:len(y)]
    mid = slice(len(y) // 10, -len(y) // 10)
    assert np.abs(y[mid] - ref[mid]).max() < 1e-3


def test_resample_downsampling_removes_what_cannot_be_represented():
    x = sine(7000.0, 0.3, 44100)  # above the 4 kHz Nyquist of 8 kHz
    y = mixer.resample(x, 44100, 8000)
    assert mixer.rms(y) < 0.01 * mixer.rms(x)


def test_frames_converts_any_input():
    mono16 = (sine(440, 0.1, 22050) * 32767).astype(np.int16)
    f = mixer.frames(mono16, 22050, 44100)
    assert f.dtype == np.float32 and f.shape == (4410, 2)
    assert np.array_equal(f[:, 0], f[:, 1])
    assert 0.45 < np.abs(f).max() < 0.55


def test_pan_mono_equal_power():
    x = sine(440, 0.1, 44100)
    for pan, side in ((-1.0, 0), (1.0, 1)):
        st = mixer.pan_mono(x, pan)
        e = (st.astype(np.float64) ** 2).sum(axis=0)
        assert e[1 - side] < 1e-9 * e[side]
    c = mixer.pan_mono(x, 0.0)
    assert np.allclose(c[:, 0], c[:, 1])
    assert np.isclose((c.astype(np.float64) ** 2).sum(), (x.astype(np.float64) ** 2).sum(), rtol=1e-4)


def test_cues_are_ducked_under_speech_and_recover():
    rate = 44100
    cue = mixer.to_stereo(sine(2000.0, 1.5, rate, 0.3))
    speech = mixer.to_stereo(sine(300.0, 0.5, rate, 0.3))
    out = mixer.mix(speech=[(int(0.5 * rate), speech)], cues=[(0, cue)], rate=rate, duck_db=-12.0)

    def cue_level(a, b):  # energy at 2 kHz in [a, b) seconds (the cue alone)
        seg = out[int(a * rate):int(b * rate), 0].astype(np.float64)
        spec = np.abs(np.fft.rfft(seg * np.hanning(len(seg))))
        k = int(round(2000.0 * len(seg) / rate))
        return spec[k - 3:k + 4].max()

    before, during, after = cue_level(0.1, 0.4), cue_level(0.6, 0.9), cue_level(1.15, 1.45)
    assert 20 * np.log10(during / before) == pytest.approx(-12.0, abs=1.0)
    assert after == pytest.approx(before, rel=0.02)


def test_gains_and_limiter():
    rate = 44100
    a = mixer.to_stereo(sine(440.0, 0.2, rate, 0.9))
    quiet = mixer.mix(speech=[(0, a)], rate=rate, speech_gain=0.5)
    assert np.abs(quiet).max() == pytest.approx(0.45, abs=0.01)
    loud = mixer.mix(speech=[(0, a)], cues=[(0, a)], rate=rate, duck_db=0.0)
    assert np.abs(loud).max() <= 0.98  # summed to 1.8, limited, never clipped
    assert mixer.db_to_gain(-6.0) == pytest.approx(0.501, abs=0.001)
    assert mixer.gain_to_db(mixer.db_to_gain(-20.0)) == pytest.approx(-20.0)


def test_fade_out_ends_in_silence():
    x = np.ones((100, 2), dtype=np.float32)
    y = mixer.fade(x, 10)
    assert y[0, 0] == 1.0 and y[9, 0] == 0.0 and not y[10:].any()
    z = mixer.fade(x, 10, out=False)
    assert z[0, 0] == 0.0 and z[50, 0] == 1.0
