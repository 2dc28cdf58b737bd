"""Whisper's log-mel computed only where the audio is (``whisper_decoder.log_mel``) must be
faster-whisper's own over the whole padded window, to the bit: the encoder then hears the
very same input and no decision changes. Real recordings (tests/data/speech), cut and
padded as the stream cuts them."""
from pathlib import Path

import numpy as np
import pytest

from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_decoder import _faster_whisper_module, log_mel

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000


def _whole_window(fe, audio: np.ndarray, window_s: float) -> np.ndarray:
    """faster-whisper's log-mel of the audio padded with zeros to the window (the old way)."""
    n = int(window_s * RATE)
    a = np.zeros(n, np.float32)
    a[: min(n, len(audio))] = audio[:n]
    return fe(a)[:, : int(window_s * 100)]


@pytest.fixture(scope="module")
def fe():
    return _faster_whisper_module("feature_extractor").FeatureExtractor(feature_size=80)


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir() if p.suffix in (".wav", ".flac")))
def test_the_log_mel_of_the_audio_alone_is_the_whole_windows(fe, name):
    x, rate = read_audio(DATA / name)
    audio = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2").astype(np.float32) / 32768
    rng = np.random.default_rng(len(audio))
    # the whole recording, a cut one, nearly nothing, and one that fills most of the window
    long = np.concatenate([audio, rng.normal(0, 0.01, 7 * RATE).astype(np.float32)])
    for clip in (audio, audio[: len(audio) // 2], audio[:100], audio[:1], long[: 7 * RATE + 555]):
        for window in (8.0, 4.0):
            want = _whole_window(fe, clip, window)
            got = log_mel(fe, clip, window)
            assert got.shape == want.shape
            # the same numbers, to the float32 rounding of this CPU's FFT (equal bit for bit
            # on one machine, 1.2e-7 apart on another, 2026-12-07)
            assert np.allclose(got, want, rtol=0.0, atol=1e-5), (name, len(clip), window, float(np.abs(got - want).max()))
