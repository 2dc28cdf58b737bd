"""Rooms for the speech benchmark: noise a player's room has, and its reverberation.

Everything is made here from numbers or from the shared corpus, nothing is downloaded:

``fan``     a fan or a heater: brown-tilted broadband noise with a slow swell, a blade
            tone and the mains hum (50/100 Hz).
``babble``  other people talking: six speakers of the corpus who are not the one in the
            clip (in the held-out runs: never a speaker of the fold being measured either,
            see ``babble_pool``), each a stream of their clips end to end, summed.
``music``   music in the room: a synthesized piece (chords of harmonic tones with
            decaying envelopes, a bass line, a melody, a hi-hat), seeded.
``reverb``  a room's impulse response: the direct sound, a few early reflections and an
            exponentially decaying diffuse tail whose T60 is drawn from 0.3 to 0.6 s.

``degrade(audio, condition, ...)`` applies one condition, e.g. ``"babble 15"`` or
``"reverb"`` or ``"reverb+fan 15"``; the signal-to-noise ratio is taken over the active
frames of the speech (as ``tests/support/synth.add_noise`` does).
"""
from __future__ import annotations

import numpy as np

RATE = 16000


def _speech_power(x: np.ndarray) -> float:
    """Mean power over the 20 ms frames within 30 dB of the loudest."""
    n = int(0.02 * RATE)
    x = x.astype(np.float64)
    frames = x[: (x.size // n) * n].reshape(-1, n) if x.size >= n else x.reshape(1, -1)
    p = (frames ** 2).mean(axis=1)
    if p.size == 0 or p.max() <= 0:
        return 0.0
    return float(p[p > p.max() * 1e-3].mean())


def _unit(y: np.ndarray) -> np.ndarray:
    y = y - y.mean()
    p = float(np.sqrt((y ** 2).mean()))
    return y / p if p > 0 else y


def _tilted(n: int, rng: np.random.Generator, power: float) -> np.ndarray:
    """Noise whose spectrum falls as 1/f**power (0 white, 1 pink, 2 brown)."""
    spec = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    f[0] = f[1]
    return np.fft.irfft(spec / f ** (power / 2), n)


def fan(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    t = np.arange(n) / RATE
    broad = _unit(_tilted(n, rng, 1.5))
    swell = 1 + 0.15 * np.sin(2 * np.pi * rng.uniform(0.2, 0.5) * t + rng.uniform(0, 6.3))
    blade = rng.uniform(80, 160)
    tones = 0.25 * np.sin(2 * np.pi * blade * t) + 0.2 * np.sin(2 * np.pi * 50 * t) + 0.1 * np.sin(2 * np.pi * 100 * t)
    return _unit(broad * swell + tones)


def music(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.zeros(n)
    beat = int(RATE * rng.uniform(0.4, 0.6))  # 100 to 150 beats a minute
    roots = [0, 5, 7, 3, 8, 10]  # semitones above a key
    key = 110.0 * 2 ** (rng.integers(0, 12) / 12)

    def note(freq: float, start: int, length: int, amp: float, decay: float) -> None:
        length = min(length, n - start)
        if length <= 0:
            return
        tt = np.arange(length) / RATE
        env = np.exp(-tt / decay) * np.minimum(1, tt / 0.01)
        tone = sum(np.sin(2 * np.pi * freq * h * tt) / h ** 1.3 for h in range(1, 6))
        out[start:start + length] += amp * env * tone

    for bar, start in enumerate(range(0, n, 4 * beat)):
        root = key * 2 ** (roots[(bar + int(rng.integers(0, 2))) % len(roots)] / 12)
        for k in (0, 4, 7):  # a major triad an octave up
            note(root * 2 * 2 ** (k / 12), start, 4 * beat, 0.25, 1.2)
        for b in range(4):
            note(root / 2, start + b * beat, beat, 0.5, 0.3)  # the bass on each beat
            step = int(rng.choice([0, 2, 4, 7, 9, 12]))
            note(root * 4 * 2 ** (step / 12), start + b * beat, beat // 2, 0.3, 0.15)  # the melody
            hat = rng.standard_normal(min(800, max(0, n - start - b * beat)))
            s = start + b * beat + beat // 2
            if s + hat.size <= n:
                out[s:s + hat.size] += 0.1 * hat * np.exp(-np.arange(hat.size) / 150)
    return _unit(out)


def babble(n: int, pool: list[np.ndarray], seed: int = 0, voices: int = 6) -> np.ndarray:
    """``voices`` streams of speech from ``pool`` (one array per other speaker, 16 kHz
    float), each its speaker's clips end to end from a random point, summed."""
    rng = np.random.default_rng(seed)
    if not pool:
        raise ValueError("babble needs other speakers")
    out = np.zeros(n)
    picks = rng.choice(len(pool), size=min(voices, len(pool)), replace=False)
    for k in picks:
        s = pool[int(k)]
        s = s / (np.sqrt((s ** 2).mean()) or 1)
        reps = int(np.ceil((n + s.size) / max(1, s.size))) + 1
        stream = np.tile(s, reps)
        at = int(rng.integers(0, s.size))
        out += stream[at:at + n]
    return _unit(out)


def rir(t60: float, seed: int = 0) -> np.ndarray:
    """A synthetic room impulse response: direct sound, early reflections within 20 ms,
    a diffuse tail decaying by 60 dB in ``t60`` seconds; unit energy of the direct path."""
    rng = np.random.default_rng(seed)
    n = int(RATE * t60 * 1.2)
    t = np.arange(n) / RATE
    h = np.zeros(n)
    h[0] = 1.0
    for _ in range(6):
        d = int(rng.uniform(0.002, 0.02) * RATE)
        h[d] += rng.uniform(-0.6, 0.6)
    tail = rng.standard_normal(n) * np.exp(-6.9078 * t / t60)  # 60 dB down at t60
    tail[: int(0.005 * RATE)] = 0
    # the diffuse part carries about as much energy as the direct sound (a few metres away)
    tail *= np.sqrt(1.0 / max(1e-12, (tail ** 2).sum()))
    return h + tail


def reverberate(x: np.ndarray, t60: float, seed: int = 0) -> np.ndarray:
    h = rir(t60, seed)
    m = x.size + h.size - 1
    size = 1 << int(np.ceil(np.log2(m)))
    y = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h, size), size)[: x.size + int(0.3 * RATE)]
    return y * np.sqrt(_speech_power(x) / max(1e-12, _speech_power(y)))


def add(x: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    ps = _speech_power(x)
    return x + noise[: x.size] * np.sqrt(ps / 10 ** (snr_db / 10))


def degrade(audio: np.ndarray, condition: str, seed: int = 0,
            pool: list[np.ndarray] | None = None, after_s: float = 0.6) -> np.ndarray:
    """``audio`` (float, 16 kHz) in the room ``condition``: "clean", "reverb", "fan 15",
    "babble 5", "music 15", or several joined with "+" (reverb first); the clip starts
    0.3 s in (the noise is there before the word starts) and ``after_s`` of the room
    follows it."""
    x = np.asarray(audio, dtype=np.float64)
    x = np.concatenate([np.zeros(int(0.3 * RATE)), x, np.zeros(int(after_s * RATE))])
    if condition == "clean":
        return x.astype(np.float32)
    for part in condition.split("+"):
        kind, _, snr = part.strip().partition(" ")
        if kind == "reverb":
            t60 = float(np.random.default_rng(seed).uniform(0.3, 0.6))
            x = reverberate(x, t60, seed)
            continue
        n = x.size
        if kind == "fan":
            noise = fan(n, seed)
        elif kind == "music":
            noise = music(n, seed)
        elif kind == "babble":
            noise = babble(n, pool or [], seed)
        elif kind == "pink":
            noise = _unit(_tilted(n, np.random.default_rng(seed), 1.0))
        else:
            raise ValueError(f"unknown room condition: {part}")
        x = add(x, noise, float(snr))
    peak = np.abs(x).max()
    if peak > 0.99:
        x *= 0.99 / peak
    return x.astype(np.float32)
