"""A loudspeaker's echo in a room, made from numbers (for the echo-canceller tests and
benchmarks): the played signal delayed, soft-clipped as a small loudspeaker does,
reverberated (benchmarks/rooms.py's synthetic room, T60 given) and scaled."""
from __future__ import annotations

import numpy as np

RATE = 16000


def _rir(t60: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = int(RATE * t60 * 1.2)
    t = np.arange(n) / RATE
    h = np.zeros(n)
    h[0] = 1.0
    for _ in range(6):
        h[int(rng.uniform(0.002, 0.02) * RATE)] += rng.uniform(-0.6, 0.6)
    tail = rng.standard_normal(n) * np.exp(-6.9078 * t / t60)
    tail[: int(0.005 * RATE)] = 0
    return h + tail / np.sqrt(max(1e-12, float((tail ** 2).sum())))


def echo_of(played: np.ndarray, delay_ms: float = 40.0, t60: float = 0.3, gain_db: float = -6.0,
            seed: int = 0) -> np.ndarray:
    """What the microphone hears of ``played`` (int16, 16 kHz): same length, float64."""
    x = played.astype(np.float64) / 32768.0
    x = np.tanh(1.5 * x) / np.tanh(1.5)  # a small loudspeaker's soft clipping
    d = int(delay_ms * RATE / 1000)
    x = np.concatenate([np.zeros(d), x])[: played.size]
    h = _rir(t60, seed)
    size = 1 << int(np.ceil(np.log2(x.size + h.size)))
    y = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h, size), size)[: x.size]
    y *= np.sqrt((x ** 2).mean() / max(1e-12, (y ** 2).mean()))
    return y * 32768.0 * 10 ** (gain_db / 20)


def level_db(x: np.ndarray) -> float:
    """Mean power of the voiced 20 ms frames (within 30 dB of the loudest), in dB."""
    n = int(0.02 * RATE)
    f = x[: x.size // n * n].astype(np.float64).reshape(-1, n)
    p = (f ** 2).mean(axis=1)
    return float(10 * np.log10(p[p > p.max() * 1e-3].mean() + 1e-12))


def to_int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def duplex_over(played: np.ndarray, t0: float, said: str | None = None):
    """The duplex stage (the linear canceller) with ``played`` (int16, 16 kHz) pushed as its
    reference from ``t0`` and, with ``said``, marked as saying that sentence."""
    from voice_game.audio.reference import ReferenceTap
    from voice_game.speech.duplex import Duplex
    from voice_game.speech.linear_echo import LinearCanceller

    tap = ReferenceTap(keep_s=60)
    tap.push(played.astype(np.float64) / 32767.0, RATE, t0)
    if said is not None:
        tap.said(said, t0, t0 + played.size / RATE)
    return Duplex(LinearCanceller(), tap)


def feed_capture(duplex, mic: np.ndarray, t0: float, upto_s: float = 1e9) -> np.ndarray:
    """``mic`` (16 kHz, int16 or float in its scale) up to ``upto_s`` handed to ``duplex`` in
    20 ms blocks captured from ``t0`` on; what the stage gave out (float, int16 scale)."""
    pcm = to_int16(mic[:int(upto_s * RATE)]).astype("<i2").tobytes()
    out = bytearray()
    for k in range(0, len(pcm), 640):
        out += duplex.process(pcm[k:k + 640], t0 + k / (2 * RATE))
    return np.frombuffer(bytes(out), "<i2").astype(np.float64)
