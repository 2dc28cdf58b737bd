"""Noise suppression before the recognizer (``voice_game.speech.denoise``): a real speaker's
word in a noisy room, the noise turned down and the word kept; and off, quietly, when the
optional library is missing."""
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.support.synth import add_noise, voiced_span
from voice_game.speech.denoise import FRAME_BYTES, WebRtcDenoiser, denoise, make_denoiser
from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000
needs_livekit = pytest.mark.skipif(make_denoiser("webrtc")[0] is None, reason="livekit (extra 'duplex') missing")


def _db(x: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(np.asarray(x, dtype=np.float64) ** 2) + 1e-12))


def test_off_unknown_and_missing_library_give_none_with_a_reason(monkeypatch):
    assert make_denoiser("off") == (None, "off")
    assert make_denoiser("none") == (None, "off")
    made, why = make_denoiser("spectral-magic")
    assert made is None and "unknown" in why
    # the optional extra not installed: no denoiser, the reason named, nothing raised
    monkeypatch.setitem(sys.modules, "livekit", None)
    made, why = make_denoiser("webrtc")
    assert made is None and "livekit" in why, why
    made, why = make_denoiser("room")  # suppression only in a noisy room: the same library
    assert made is None and "livekit" in why, why


@needs_livekit
def test_part_frames_wait_for_the_next_call():
    den = WebRtcDenoiser()
    assert den.process(bytes(FRAME_BYTES - 2)) == b""
    assert len(den.process(bytes(FRAME_BYTES + 4))) == 2 * FRAME_BYTES


@needs_livekit
def test_fan_noise_is_turned_down_and_the_word_kept():
    """Heidelberg speaker 02's "drei" with brown (fan-like) noise at 5 dB SNR: after
    suppression the noise alone is at least 12 dB lower, the word within 6 dB of itself."""
    x, rate = read_audio(DATA / "de-hd02-3.flac")
    a = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")
    first, last = voiced_span(a, RATE, floor_db=30)
    word = a[first:last + 1]
    lead = np.zeros(RATE, np.int16)
    noisy = add_noise(np.concatenate([lead, word, lead]), 5, "brown", seed=3).astype(np.float32) / 32768
    out = denoise(WebRtcDenoiser(), noisy)
    assert out.size == noisy.size
    noise_only = slice(int(0.5 * RATE), RATE)  # after the suppressor has heard half a second of the room
    speech = slice(RATE, RATE + word.size)
    drop = _db(noisy[noise_only]) - _db(out[noise_only])
    kept = _db(word.astype(np.float32) / 32768) - _db(out[speech])
    print(f"noise down {drop:.1f} dB, the word {kept:+.1f} dB under the clean word")
    assert drop >= 12, drop
    assert abs(kept) <= 6, kept
