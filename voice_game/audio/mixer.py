"""Pure numpy mixing: format conversion, resampling, panning, gain and ducking.

Everything works on float32 arrays of shape (n, 2) in [-1, 1] ("frames"); the
helpers accept int16 or mono input and convert. No I/O, no threads: the player
(voice_game.audio.player) calls these block by block, tests call them offline.
"""
from __future__ import annotations

import numpy as np

from .cues import pan_gains

__all__ = [
    "to_float", "to_int16", "to_stereo", "frames", "resample", "pan_mono", "balance",
    "db_to_gain", "gain_to_db", "Ducker", "OutputDuck", "mix", "limit", "rms", "fade",
]


def to_float(x: np.ndarray) -> np.ndarray:
    """int16 / int32 / float audio -> float32 in [-1, 1]."""
    x = np.asarray(x)
    if x.dtype == np.int16:
        return x.astype(np.float32) / 32768.0
    if x.dtype == np.int32:
        return (x.astype(np.float64) / 2147483648.0).astype(np.float32)
    if x.dtype == np.uint8:
        return (x.astype(np.float32) - 128.0) / 128.0
    return x.astype(np.float32, copy=False)


def to_int16(x: np.ndarray) -> np.ndarray:
    """float audio -> int16 with clipping."""
    return np.clip(np.round(np.asarray(x, dtype=np.float64) * 32767.0), -32768, 32767).astype(np.int16)


def to_stereo(x: np.ndarray) -> np.ndarray:
    """(n,) or (n, 1) -> (n, 2) by duplication; (n, 2) unchanged; (n, k>2) -> first two."""
    x = np.asarray(x)
    if x.ndim == 1:
        x = x[:, None]
    if x.shape[1] == 1:
        return np.repeat(x, 2, axis=1)
    return x[:, :2]


def frames(x: np.ndarray, rate: int, out_rate: int) -> np.ndarray:
    """Any buffer (int or float, mono or stereo, any rate) -> float32 (n, 2) at out_rate."""
    y = to_stereo(to_float(x))
    if rate != out_rate:
        y = resample(y, rate, out_rate)
    return np.ascontiguousarray(y, dtype=np.float32)


def resample(x: np.ndarray, rate: int, out_rate: int) -> np.ndarray:
    """Band-limited resampling of a finite buffer from ``rate`` to ``out_rate``.

    FFT method (like scipy.signal.resample) on a zero-padded copy so that the
    end does not wrap into the start. Works for mono (n,) or multi-channel
    (n, c) float input; output length is round(n * out_rate / rate).
    """
    if rate <= 0 or out_rate <= 0:
        raise ValueError("sample rates must be positive")
    x = np.asarray(x, dtype=np.float64)
    if rate == out_rate or len(x) == 0:
        return x.astype(np.float32)
    n = len(x)
    n_out = int(round(n * out_rate / rate))
    pad = int(max(64, 0.02 * rate))  # 20 ms of silence on both ends against wrap-around
    padded_n = n + 2 * pad
    # choose an FFT length whose resampled length is an integer multiple-friendly size
    xp = np.zeros((padded_n,) + x.shape[1:])
    xp[pad:pad + n] = x
    spec = np.fft.rfft(xp, axis=0)
    m_out = int(round(padded_n * out_rate / rate))
    keep = min(spec.shape[0], m_out // 2 + 1)
    out_spec = np.zeros((m_out // 2 + 1,) + x.shape[1:], dtype=complex)
    out_spec[:keep] = spec[:keep]
    if out_rate < rate and m_out % 2 == 0:
        out_spec[-1] *= 0.5  # the new Nyquist bin is shared by +/- frequencies
    y = np.fft.irfft(out_spec, m_out, axis=0) * (m_out / padded_n)
    start = int(round(pad * out_rate / rate))
    return y[start:start + n_out].astype(np.float32)


def pan_mono(mono: np.ndarray, pan: float) -> np.ndarray:
    """Place a mono signal at ``pan`` (-1 left .. +1 right), equal-power law."""
    gl, gr = pan_gains(pan)
    m = np.asarray(mono, dtype=np.float32)
    return np.stack([m * np.float32(gl), m * np.float32(gr)], axis=1)


def balance(stereo: np.ndarray, pan: float) -> np.ndarray:
    """Shift a stereo signal's balance toward ``pan`` (keeps the near side at unity)."""
    pan = float(np.clip(pan, -1.0, 1.0))
    g = np.array([min(1.0, 1.0 - pan), min(1.0, 1.0 + pan)], dtype=np.float32)
    return np.asarray(stereo, dtype=np.float32) * g


def db_to_gain(db: float) -> float:
    return float(10.0 ** (db / 20.0))


def gain_to_db(g: float) -> float:
    return float(20.0 * np.log10(max(g, 1e-12)))


def rms(x: np.ndarray, axis=None) -> np.ndarray | float:
    x = np.asarray(x, dtype=np.float64)
    if x.size == 0:
        return 0.0
    return np.sqrt(np.mean(x * x, axis=axis))


def fade(x: np.ndarray, n_fade: int, out: bool = True) -> np.ndarray:
    """Linear fade over the first (in) or last (out) ``n_fade`` frames; frames after
    a fade-out are zero. Returns a new array."""
    y = np.array(x, dtype=np.float32, copy=True)
    n = len(y)
    k = min(n_fade, n)
    if k <= 0:
        return y
    ramp = np.linspace(1.0, 0.0, k, dtype=np.float32) if out else np.linspace(0.0, 1.0, k, dtype=np.float32)
    if y.ndim == 2:
        ramp = ramp[:, None]
    if out:
        y[:k] *= ramp
        y[k:] = 0.0
    else:
        y[:k] *= ramp
    return y


class Ducker:
    """Streaming gain for cues while speech is audible.

    ``process(cue_block, speech_active)`` ramps the cue gain toward ``duck`` when
    speech is active and back toward 1 when not; the ramp is linear within each
    block (attack ``attack_ms``, release ``release_ms``), so there are no clicks.
    """

    def __init__(self, rate: int, duck_db: float = -12.0, attack_ms: float = 15.0,
                 release_ms: float = 120.0):
        self.rate = rate
        self.duck = db_to_gain(duck_db)
        self.attack = 1.0 / max(1.0, attack_ms * rate / 1000.0)  # gain change per frame
        self.release = 1.0 / max(1.0, release_ms * rate / 1000.0)
        self.gain = 1.0

    def gains(self, n: int, speech_active: bool) -> np.ndarray:
        target = self.duck if speech_active else 1.0
        step = (self.attack if target < self.gain else self.release) * (1.0 - self.duck)
        g = self.gain + np.sign(target - self.gain) * step * np.arange(1, n + 1)
        g = np.maximum(g, target) if target < self.gain else np.minimum(g, target)
        self.gain = float(g[-1]) if n else self.gain
        return g.astype(np.float32)

    def process(self, cue_block: np.ndarray, speech_active: bool) -> np.ndarray:
        return cue_block * self.gains(len(cue_block), speech_active)[:, None]


class OutputDuck:
    """Barge-in: the whole output lowered by ``depth_db`` while a player speaks over it.

    Applied where the blocks leave for the device (the output callback), not where the
    player renders them: a block rendered before the player spoke but not yet handed to
    the device is lowered too. :meth:`set` may be called from any thread; :meth:`apply`
    ramps linearly over ``ramp_ms`` (no click) from the gain it had to the new one."""

    def __init__(self, rate: int, depth_db: float = -15.0, ramp_ms: float = 5.0) -> None:
        self.depth_db = depth_db
        self.gain_ducked = db_to_gain(depth_db)
        self.step = 1.0 / max(1.0, ramp_ms * rate / 1000.0)  # gain change per frame
        self.target = 1.0
        self.gain = 1.0

    @property
    def on(self) -> bool:
        return self.target < 1.0

    def set(self, on: bool) -> None:
        self.target = self.gain_ducked if on else 1.0

    def apply(self, block: np.ndarray) -> np.ndarray:
        """``block`` (n, channels) float at the device's rate, with the duck's gain."""
        target, n = self.target, len(block)
        if target == self.gain:
            return block if target == 1.0 else block * np.float32(target)
        sign = 1.0 if target > self.gain else -1.0
        g = self.gain + sign * self.step * (1.0 - self.gain_ducked) * np.arange(1, n + 1)
        g = np.minimum(g, target) if sign > 0 else np.maximum(g, target)
        self.gain = float(g[-1]) if n else self.gain
        return block * g.astype(np.float32)[:, None] if block.ndim == 2 else block * g.astype(np.float32)


def limit(x: np.ndarray, ceiling: float = 0.98) -> np.ndarray:
    """Keep the mix inside [-ceiling, ceiling]: a soft knee above 0.8 * ceiling."""
    x = np.asarray(x, dtype=np.float32)
    knee = 0.8 * ceiling
    a = np.abs(x)
    over = a > knee
    if not np.any(over):
        return x
    y = x.copy()
    span = ceiling - knee
    y[over] = np.sign(x[over]) * (knee + span * np.tanh((a[over] - knee) / span))
    return y


def mix(speech=(), cues=(), rate: int = 44100, speech_gain: float = 1.0, cue_gain: float = 1.0,
        duck_db: float = -12.0, speech_threshold: float = 0.01, block: int = 441) -> np.ndarray:
    """Offline mix of placed buffers -> float32 (n, 2).

    ``speech`` and ``cues`` are iterables of (start_frame, frames) with frames as
    float32 (n, 2) at ``rate`` (use :func:`frames` to convert). Cues are ducked
    by ``duck_db`` wherever the speech block's RMS exceeds ``speech_threshold``,
    using the same :class:`Ducker` the live player uses.
    """
    speech = [(int(s), to_stereo(to_float(b))) for s, b in speech]
    cues = [(int(s), to_stereo(to_float(b))) for s, b in cues]
    end = max([s + len(b) for s, b in speech + cues] or [0])
    sp = np.zeros((end, 2), dtype=np.float32)
    cu = np.zeros((end, 2), dtype=np.float32)
    for s, b in speech:
        sp[s:s + len(b)] += b
    for s, b in cues:
        cu[s:s + len(b)] += b
    ducker = Ducker(rate, duck_db)
    out = np.empty((end, 2), dtype=np.float32)
    for i in range(0, end, block):
        sb = sp[i:i + block]
        active = bool(rms(sb) > speech_threshold)
        out[i:i + block] = sb * speech_gain + ducker.process(cu[i:i + block], active) * cue_gain
    return limit(out)
