"""Test-audio synthesis with espeak-ng: speech as 16 kHz mono int16, plus noise.

Used by the speech tests and benchmarks to feed real recognizers with real
(synthetic) speech. Nothing here is heard by a player.
"""
from __future__ import annotations

import io
import shutil
import subprocess
import wave

import numpy as np

RATE = 16000


class SynthError(RuntimeError):
    """espeak-ng is missing or failed."""


def espeak_available() -> bool:
    return shutil.which("espeak-ng") is not None


def resample(x: np.ndarray, rate: int, target: int = RATE) -> np.ndarray:
    """Band-limited (FFT) resampling of a float signal; exact enough for speech."""
    if rate == target or x.size == 0:
        return x.astype(np.float64)
    n_out = int(round(x.size * target / rate))
    spec = np.fft.rfft(x.astype(np.float64))
    n_bins = n_out // 2 + 1
    if n_bins <= spec.size:
        spec = spec[:n_bins]
    else:
        spec = np.concatenate([spec, np.zeros(n_bins - spec.size, dtype=spec.dtype)])
    return np.fft.irfft(spec, n_out) * (n_out / x.size)


def synthesize(
    text: str,
    voice: str = "en-us",
    speed: int = 175,
    pitch: int | None = None,
    rate: int = RATE,
    lead_silence: float = 0.3,
    tail_silence: float = 0.5,
    floor_db: float | None = 60.0,
    seed: int = 0,
    return_span: bool = False,
):
    """Speak ``text`` with espeak-ng; return mono int16 samples at ``rate``.

    ``voice`` is an espeak-ng voice name ("en-us", "de", "en+m3", "de+f2"),
    ``speed`` words per minute. Silence is padded before and after so that
    endpointers see a clean start and end. ``floor_db`` adds a faint white
    noise floor that many dB below the speech (a real microphone is never
    digitally silent, and PocketSphinx's noise removal misbehaves on exact
    zeros); None leaves the silence exact.

    With ``return_span`` the result is ``(samples, (first, last))``: the
    sample indices of the first and last voiced sample (measured on the speech
    before padding and noise, see :func:`voiced_span`), so that latencies can be
    counted from the true end of speech rather than from the end of espeak's
    own trailing silence.
    """
    exe = shutil.which("espeak-ng")
    if exe is None:
        raise SynthError("espeak-ng is not installed")
    cmd = [exe, "--stdout", "-v", voice, "-s", str(int(speed))]
    if pitch is not None:
        cmd += ["-p", str(int(pitch))]
    cmd.append(text)
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=30, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        raise SynthError(f"espeak-ng failed: {exc}") from exc
    with wave.open(io.BytesIO(proc.stdout)) as w:
        src_rate = w.getframerate()
        n_ch = w.getnchannels()
        raw = w.readframes(w.getnframes())
    x = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    if n_ch > 1:
        x = x.reshape(-1, n_ch).mean(axis=1)
    y = resample(x, src_rate, rate)
    first, last = voiced_span(y, rate)
    pad_a = np.zeros(int(lead_silence * rate))
    pad_b = np.zeros(int(tail_silence * rate))
    y = np.concatenate([pad_a, y, pad_b])
    if floor_db is not None:
        ps = _speech_power(y, rate)
        y = y + make_noise(y.size, "white", seed) * np.sqrt(ps / (10 ** (floor_db / 10.0)))
    out = np.clip(np.round(y), -32768, 32767).astype(np.int16)
    if return_span:
        return out, (first + pad_a.size, last + pad_a.size)
    return out


def voiced_span(x: np.ndarray, rate: int = RATE, floor_db: float = 40.0) -> tuple[int, int]:
    """(first, last) sample index of the voiced part of a clean signal.

    Voiced: 5 ms frames whose RMS is within ``floor_db`` of the loudest frame;
    inside the first and last such frame, the first/last sample above the same
    threshold. An all-silent signal gives (0, -1).
    """
    x = np.asarray(x, dtype=np.float64)
    n = max(1, int(0.005 * rate))
    k = x.size // n
    if k == 0:
        return 0, -1
    rms = np.sqrt((x[: k * n].reshape(k, n) ** 2).mean(axis=1))
    if rms.max() <= 0:
        return 0, -1
    thr = rms.max() * 10 ** (-floor_db / 20.0)
    on = np.flatnonzero(rms >= thr)
    a, b = on[0] * n, min(x.size, (on[-1] + 1) * n)
    seg = np.flatnonzero(np.abs(x[a:b]) >= thr)
    if seg.size == 0:
        return a, b - 1
    return a + int(seg[0]), a + int(seg[-1])


def _speech_power(x: np.ndarray, rate: int = RATE) -> float:
    """Mean power over the active (non-silent) 20 ms frames of ``x``."""
    x = x.astype(np.float64)
    n = max(1, int(0.02 * rate))
    frames = x[: (x.size // n) * n].reshape(-1, n) if x.size >= n else x.reshape(1, -1)
    p = (frames**2).mean(axis=1)
    if p.size == 0 or p.max() <= 0:
        return 0.0
    active = p[p > p.max() * 1e-3]  # within 30 dB of the loudest frame
    return float(active.mean())


def make_noise(n: int, kind: str = "pink", seed: int = 0) -> np.ndarray:
    """Unit-power noise: "white", "pink" (1/f) or "brown" (1/f^2)."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal(n)
    if kind == "white" or n < 4:
        y = w
    else:
        spec = np.fft.rfft(w)
        f = np.fft.rfftfreq(n)
        f[0] = f[1]
        spec = spec / (np.sqrt(f) if kind == "pink" else f)
        y = np.fft.irfft(spec, n)
    y = y - y.mean()
    return y / np.sqrt((y**2).mean())


def add_noise(
    samples: np.ndarray, snr_db: float, kind: str = "pink", seed: int = 0, rate: int = RATE
) -> np.ndarray:
    """Mix noise into int16 ``samples`` at ``snr_db`` (speech power over active frames)."""
    x = samples.astype(np.float64)
    ps = _speech_power(x, rate)
    noise = make_noise(x.size, kind, seed) * np.sqrt(ps / (10 ** (snr_db / 10.0)))
    y = x + noise
    peak = np.abs(y).max()
    if peak > 32767:
        y *= 32767 / peak
    return np.clip(np.round(y), -32768, 32767).astype(np.int16)


def to_bytes(samples: np.ndarray) -> bytes:
    return samples.astype("<i2").tobytes()


def write_wav(path, samples: np.ndarray, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(to_bytes(samples))
