"""Sound cues: the catalogue of cue ids and a deterministic synthesis per cue.

Every cue is made here from numpy arithmetic alone (no recorded samples). The
script ``scripts/make_sounds.py`` writes each cue to ``sounds/<cue_id>.wav``;
:func:`load` reads those files and falls back to synthesis when a file is
missing or unreadable, so the game never lacks a sound.

Format: 22 050 Hz, stereo, int16 (``RATE``). Noise comes from the raw PCG64
bit stream (``random_raw``), which numpy keeps stable across versions, so a cue
is the same on every run.

Spatial layout: ``pan`` is -1 (left) .. +1 (right). Conductor rows and seats are
placed by :func:`pan_for` (1 = left, ``count`` = right). Cues whose meaning is a
movement in stereo space (the beat patterns) are *spatial*: panning them only
shifts their balance. All other cues are a mono source placed with an
equal-power pan law, and :func:`render` can place them anywhere.
"""
from __future__ import annotations

import wave
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

import numpy as np

from voice_game.narration.common import pan_for as narration_pan_for

RATE = 22050
CHANNELS = 2
PEAK = 0.6  # every cue is normalised to this peak, leaving headroom for mixing

FAMILIES = ("tuba", "violin", "flute", "drum", "trumpet", "harp", "cello", "triangle")
INSTRUMENTS = ("strings", "woodwinds", "brass", "misc", "percussion", "vocals",
               "piano", "choir", "guitar")
PATTERNS = ("up-down", "left-right", "circle", "stab", "cross", "swoosh")
EVENTS = ("draw", "place", "take", "your_turn", "error", "round_end", "game_end",
          "applause", "boos", "win", "confirm", "menu_move", "menu_select")
SEATS = 5


# --------------------------------------------------------------------------
# panning


def pan_for(index: int, count: int) -> float:
    """Pan position for row/seat ``index`` (1-based) out of ``count``.

    Row 1 is hard left (-1.0), row ``count`` hard right (+1.0), the others evenly
    between; a single row is centred.
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    if not 1 <= index <= count:
        raise ValueError(f"index {index} outside 1..{count}")
    return narration_pan_for(index, count)


def pan_gains(pan):
    """Equal-power (left, right) gains for ``pan`` (scalar or array) in [-1, 1]."""
    p = np.clip(np.asarray(pan, dtype=np.float64), -1.0, 1.0)
    angle = (p + 1.0) * (np.pi / 4.0)
    return np.cos(angle), np.sin(angle)


def _place(mono: np.ndarray, pan) -> np.ndarray:
    gl, gr = pan_gains(pan)
    return np.stack([mono * gl, mono * gr], axis=1)


# --------------------------------------------------------------------------
# synthesis helpers (float64 mono unless stated)


def _n(dur: float) -> int:
    return int(round(dur * RATE))


def _t(n: int) -> np.ndarray:
    return np.arange(n, dtype=np.float64) / RATE


def _midi(m: float) -> float:
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


def _seed(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))


def _noise(n: int, name: str) -> np.ndarray:
    """Uniform white noise in [-1, 1) from the (version-stable) PCG64 raw stream."""
    raw = np.random.PCG64(_seed(name)).random_raw(n)
    return (raw >> np.uint64(11)).astype(np.float64) / float(1 << 52) - 1.0


def _bandnoise(n: int, name: str, lo: float, hi: float) -> np.ndarray:
    """White noise band-limited to [lo, hi] Hz with soft edges (FFT mask)."""
    x = _noise(n, name)
    spec = np.fft.rfft(x)
    f = np.fft.rfftfreq(n, 1.0 / RATE)
    width = max(lo * 0.25, 40.0)
    mask = 1.0 / (1.0 + np.exp(-(f - lo) / width)) * 1.0 / (1.0 + np.exp((f - hi) / (hi * 0.15)))
    y = np.fft.irfft(spec * mask, n)
    peak = np.max(np.abs(y)) or 1.0
    return y / peak


def _adsr(n: int, a: float, d: float, s: float, r: float) -> np.ndarray:
    """Attack/decay/sustain/release envelope over ``n`` samples (times in s)."""
    env = np.full(n, s, dtype=np.float64)
    na, nd, nr = _n(a), _n(d), _n(r)
    na = min(na, n)
    if na:
        env[:na] = np.linspace(0.0, 1.0, na, endpoint=False)
    nd = min(nd, n - na)
    if nd:
        env[na:na + nd] = np.linspace(1.0, s, nd, endpoint=False)
    nr = min(nr, n)
    if nr:
        env[n - nr:] *= np.linspace(1.0, 0.0, nr)
    return env


def _perc(n: int, attack: float, tau: float) -> np.ndarray:
    """Percussive envelope: short linear attack, exponential decay, end at 0."""
    t = _t(n)
    env = np.exp(-t / tau)
    na = max(1, _n(attack))
    env[:na] *= np.linspace(0.0, 1.0, na, endpoint=False)
    tail = min(n, _n(0.01))
    env[n - tail:] *= np.linspace(1.0, 0.0, tail)
    return env


def _phase(freq, n: int) -> np.ndarray:
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    return 2.0 * np.pi * np.cumsum(f) / RATE


def _osc(freq, n: int, harmonics, ratios=None) -> np.ndarray:
    """Additive oscillator; harmonics above 0.45*RATE are left out (no aliasing).

    ``freq`` may be a per-sample array (glides, vibrato). ``ratios`` gives
    partial frequency ratios (default 1, 2, 3, ...), for inharmonic sounds.
    """
    ph = _phase(freq, n)
    f = np.broadcast_to(np.asarray(freq, dtype=np.float64), (n,))
    out = np.zeros(n)
    for k, amp in enumerate(harmonics, start=1):
        if amp == 0.0:
            continue
        ratio = k if ratios is None else ratios[k - 1]
        audible = (f * ratio) < 0.45 * RATE
        out += amp * np.sin(ratio * ph) * audible
    return out


def _vibrato(f0: float, n: int, rate: float = 5.5, depth: float = 0.006,
             delay: float = 0.08) -> np.ndarray:
    t = _t(n)
    ramp = np.clip((t - delay) / 0.15, 0.0, 1.0)
    return f0 * (1.0 + depth * ramp * np.sin(2 * np.pi * rate * t))


def _saw(k_max: int, tilt: float = 1.0):
    return [1.0 / k ** tilt for k in range(1, k_max + 1)]


def _formant_harmonics(f0: float, formants, k_max: int = 40):
    """Harmonic amplitudes of a glottal source shaped by vocal formants."""
    amps = []
    for k in range(1, k_max + 1):
        fk = k * f0
        g = 0.0
        for fc, bw, level in formants:
            g += level / (1.0 + ((fk - fc) / bw) ** 2)
        amps.append(g / k ** 0.6)
    return amps


VOWEL_AH = ((750, 110, 1.0), (1150, 130, 0.55), (2800, 200, 0.25))
VOWEL_OH = ((450, 90, 1.0), (800, 110, 0.45), (2830, 220, 0.12))
VOWEL_OO = ((320, 70, 1.0), (800, 120, 0.25), (2250, 200, 0.08))


def _mix(total: float, parts) -> np.ndarray:
    """Lay (start_seconds, signal) parts (mono 1-D or stereo (n, 2)) into one buffer."""
    n = _n(total)
    stereo = any(np.ndim(sig) == 2 for _, sig in parts)
    out = np.zeros((n, 2)) if stereo else np.zeros(n)
    for start, sig in parts:
        if stereo and np.ndim(sig) == 1:
            sig = np.stack([sig, sig], axis=1) * np.sqrt(0.5)
        i = _n(start)
        m = min(len(sig), n - i)
        if m > 0:
            out[i:i + m] += sig[:m]
    return out


# --------------------------------------------------------------------------
# instrument voices


def _brass(f0: float, dur: float, bright: float = 0.7) -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.03, 0.08, 0.8, 0.06)
    f = _vibrato(f0, n, rate=5.0, depth=0.003, delay=0.15)
    dark = _osc(f, n, _saw(8, 1.6))
    brightp = _osc(f, n, _saw(16, 0.7))
    return env * (dark + bright * env * brightp)


def _bowed(f0: float, dur: float, tilt: float = 1.0, name: str = "bow") -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.09, 0.05, 0.85, 0.09)
    f = _vibrato(f0, n, rate=5.8, depth=0.007)
    body = _osc(f, n, _saw(24, tilt))
    scrape = _bandnoise(n, name, 2000.0, 6000.0) * 0.04
    return env * (body + scrape)


def _pluck(f0: float, dur: float, tilt: float = 1.4, tau: float = 0.9,
           inharm: float = 0.0) -> np.ndarray:
    n = _n(dur)
    t = _t(n)
    out = np.zeros(n)
    for k in range(1, 20):
        ratio = k * np.sqrt(1.0 + inharm * k * k)
        if f0 * ratio >= 0.45 * RATE:
            break
        decay = np.exp(-t / (tau / k ** 0.7))
        out += decay * np.sin(2 * np.pi * f0 * ratio * t) / k ** tilt
    return out * _perc(n, 0.002, 10.0)


def _flute(f0: float, dur: float, name: str) -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.05, 0.05, 0.85, 0.07)
    f = _vibrato(f0, n, rate=5.0, depth=0.005)
    tone = _osc(f, n, [1.0, 0.22, 0.06])
    breath = _bandnoise(n, name, f0 * 0.8, f0 * 3.0) * 0.18
    return env * tone + _adsr(n, 0.02, 0.1, 0.5, 0.07) * breath


def _membrane(f0: float, dur: float, name: str, snare: float = 0.3) -> np.ndarray:
    n = _n(dur)
    t = _t(n)
    f = f0 * (1.0 + 1.2 * np.exp(-t / 0.025))
    body = np.sin(_phase(f, n)) * _perc(n, 0.001, 0.16)
    hit = _bandnoise(n, name, 150.0, 3500.0) * _perc(n, 0.0005, 0.03) * snare
    return body + hit


def _ting(f0: float, dur: float) -> np.ndarray:
    n = _n(dur)
    t = _t(n)
    ratios = (1.0, 2.76, 4.2, 5.4)
    amps = (1.0, 0.5, 0.35, 0.2)
    out = np.zeros(n)
    for r, a in zip(ratios, amps):
        if f0 * r < 0.45 * RATE:
            out += a * np.sin(2 * np.pi * f0 * r * t) * np.exp(-t / (1.1 / r ** 0.5))
    return out * _perc(n, 0.0005, 10.0)


def _voice(f0: float, dur: float, vowel, name: str, depth: float = 0.012) -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.08, 0.1, 0.85, 0.12)
    f = _vibrato(f0, n, rate=5.2, depth=depth, delay=0.1)
    voiced = _osc(f, n, _formant_harmonics(f0, vowel))
    breath = _bandnoise(n, name, 500.0, 3000.0) * 0.03
    return env * (voiced + breath)


def _piano(f0: float, dur: float) -> np.ndarray:
    n = _n(dur)
    t = _t(n)
    out = np.zeros(n)
    for k in range(1, 14):
        ratio = k * np.sqrt(1.0 + 0.0004 * k * k)
        if f0 * ratio >= 0.45 * RATE:
            break
        out += np.sin(2 * np.pi * f0 * ratio * t) * np.exp(-t / (1.4 / k)) / k ** 1.1
    return out * _perc(n, 0.003, 10.0)


def _organ(f0: float, dur: float) -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.03, 0.02, 1.0, 0.06)
    t = _t(n)
    reed_a = _osc(f0, n, [1.0, 0.6, 0.45, 0.3, 0.0, 0.2, 0.0, 0.15])
    reed_b = _osc(f0 * 1.004, n, [1.0, 0.6, 0.45, 0.3, 0.0, 0.2, 0.0, 0.15])
    bellows = 1.0 + 0.12 * np.sin(2 * np.pi * 3.0 * t)
    return env * bellows * (reed_a + reed_b) * 0.5


def _clarinet(f0: float, dur: float) -> np.ndarray:
    n = _n(dur)
    env = _adsr(n, 0.02, 0.03, 0.9, 0.03)
    return env * _osc(f0, n, [1.0, 0.02, 0.55, 0.02, 0.35, 0.01, 0.22, 0.0, 0.12])


def _blip(f0: float, dur: float, harmonics=(1.0, 0.3, 0.1), tau: float = 0.08) -> np.ndarray:
    n = _n(dur)
    return _osc(f0, n, list(harmonics)) * _perc(n, 0.002, tau)


def _square(f0, n: int) -> np.ndarray:
    return _osc(f0, n, [1.0 / k if k % 2 else 0.0 for k in range(1, 16)])


# --------------------------------------------------------------------------
# family cues (Tierorchester)


def _family_tuba():
    notes = ((0.0, 41, 0.32), (0.36, 48, 0.22), (0.62, 41, 0.4))  # F2 C3 F2: oom-pah-oom
    return _mix(1.1, [(s, _brass(_midi(m), d, bright=0.5)) for s, m, d in notes])


def _family_violin():
    notes = ((0.0, 69, 0.3), (0.28, 76, 0.3), (0.56, 74, 0.5))  # A4 E5 D5
    return _mix(1.1, [(s, _bowed(_midi(m), d, tilt=0.9, name=f"violin{i}"))
                      for i, (s, m, d) in enumerate(notes)])


def _family_flute():
    notes = ((0.0, 79, 0.25), (0.24, 81, 0.25), (0.48, 84, 0.5))  # G5 A5 C6
    return _mix(1.0, [(s, _flute(_midi(m), d, f"flute{i}")) for i, (s, m, d) in enumerate(notes)])


def _family_drum():
    hits = ((0.0, 70.0, 1.0), (0.22, 70.0, 0.7), (0.44, 95.0, 0.8), (0.55, 95.0, 0.6),
            (0.66, 60.0, 1.0))
    return _mix(1.1, [(s, a * _membrane(f, 0.45, f"drum{i}")) for i, (s, f, a) in enumerate(hits)])


def _family_trumpet():
    notes = ((0.0, 72, 0.13), (0.14, 76, 0.13), (0.28, 79, 0.13), (0.42, 84, 0.45))
    return _mix(0.95, [(s, _brass(_midi(m), d, bright=1.4)) for s, m, d in notes])


def _family_harp():
    notes = (60, 64, 67, 72, 76)
    return _mix(1.4, [(i * 0.09, _pluck(_midi(m), 1.0, tilt=1.8, tau=0.9)) for i, m in enumerate(notes)])


def _family_cello():
    notes = ((0.0, 48, 0.45), (0.42, 55, 0.6))  # C3 G3
    return _mix(1.1, [(s, _bowed(_midi(m), d, tilt=1.3, name=f"cello{i}"))
                      for i, (s, m, d) in enumerate(notes)])


def _family_triangle():
    return _mix(1.5, [(0.0, _ting(1760.0, 0.6)), (0.3, _ting(1760.0, 1.2))])


# --------------------------------------------------------------------------
# instrument cues (Concerto)


def _inst_strings():
    chord = (60, 64, 67)
    parts = []
    for i, m in enumerate(chord):
        for j, det in enumerate((-0.004, 0.0, 0.005)):
            parts.append((0.0, 0.33 * _bowed(_midi(m) * (1 + det), 1.0, tilt=1.0,
                                             name=f"strings{i}{j}")))
    return _mix(1.05, parts)


def _inst_woodwinds():
    parts = []
    for i in range(8):  # a clarinet trill D5/E5
        parts.append((i * 0.1, _clarinet(_midi(74 if i % 2 == 0 else 76), 0.1)))
    return _mix(0.85, parts)


def _inst_brass():
    chord = (53, 57, 60)  # F3 A3 C4 horn chord
    return _mix(1.0, [(0.02 * i, 0.5 * _brass(_midi(m), 0.9, bright=0.9)) for i, m in enumerate(chord)])


def _inst_misc():
    chord = (62, 66, 69)  # D major, accordion-like reeds
    return _mix(0.95, [(0.0, 0.4 * _organ(_midi(m), 0.9)) for m in chord])


def _inst_percussion():
    parts = []
    for i in range(10):  # a roll getting louder, closed by a timpani hit
        parts.append((i * 0.05, (0.3 + 0.05 * i) * _membrane(180.0, 0.12, f"roll{i}", snare=1.2)))
    parts.append((0.52, _membrane(55.0, 0.5, "timp", snare=0.2)))
    return _mix(1.05, parts)


def _inst_vocals():
    notes = ((0.0, 69, 0.4), (0.38, 72, 0.55))
    return _mix(1.0, [(s, _voice(_midi(m), d, VOWEL_AH, f"voc{i}")) for i, (s, m, d) in enumerate(notes)])


def _inst_piano():
    parts = [(i * 0.12, _piano(_midi(m), 0.9)) for i, m in enumerate((60, 64, 67))]
    parts += [(0.4, 0.5 * _piano(_midi(m), 0.8)) for m in (48, 60, 64, 67)]
    return _mix(1.25, parts)


def _inst_choir():
    chord = (55, 59, 62, 67)
    parts = [(0.0, 0.3 * _voice(_midi(m) * (1 + 0.003 * (i - 1.5)), 1.1, VOWEL_OH, f"choir{i}",
                                 depth=0.008)) for i, m in enumerate(chord)]
    return _mix(1.15, parts)


def _inst_guitar():
    strings = (40, 47, 52, 56, 59, 64)  # E major chord
    return _mix(1.2, [(i * 0.018, 0.4 * _pluck(_midi(m), 1.1, tilt=1.1, tau=0.7, inharm=0.0001))
                      for i, m in enumerate(strings)])


# --------------------------------------------------------------------------
# beat patterns (spatial: a shape in stereo space; pitch is "height")


def _pattern_voice(freq, pan, name: str) -> np.ndarray:
    """A soft tone following a pitch and pan trajectory, with a 6 Hz beat."""
    n = len(freq)
    t = _t(n)
    beat = 0.75 + 0.25 * np.cos(2 * np.pi * 6.0 * t)
    tone = _osc(freq, n, [1.0, 0.35, 0.15, 0.05])
    env = _adsr(n, 0.02, 0.02, 1.0, 0.04)
    return _place(tone * beat * env, pan)


def _pattern_up_down():
    n = _n(1.2)
    x = np.linspace(0.0, 1.0, n)
    height = 1.0 - np.abs(2.0 * x - 1.0)  # 0 -> 1 -> 0
    return _pattern_voice(330.0 * 2.0 ** (1.6 * height), np.zeros(n), "up-down")


def _pattern_left_right():
    n = _n(1.2)
    x = np.linspace(0.0, 1.0, n)
    pan = -np.cos(2 * np.pi * x)  # L -> R -> L
    return _pattern_voice(np.full(n, 494.0), pan, "left-right")


def _pattern_circle():
    n = _n(1.4)
    theta = np.linspace(0.0, 2 * np.pi, n)  # top, right, bottom, left, top
    return _pattern_voice(440.0 * 2.0 ** (0.8 * np.cos(theta)), np.sin(theta), "circle")


def _pattern_stab():
    n = _n(0.35)
    t = _t(n)
    click = _bandnoise(n, "stab", 1500.0, 9000.0) * _perc(n, 0.0003, 0.012)
    tone = _osc(880.0 * (1 + 0.5 * np.exp(-t / 0.01)), n, [1.0, 0.5, 0.3, 0.2]) * _perc(n, 0.0005, 0.06)
    return _place(click + 0.8 * tone, 0.0)


def _pattern_cross():
    # The X: first stroke bottom-left -> top-right (pitch up while L -> R),
    # a short break, then the other diagonal top-left -> bottom-right
    # (pitch down while L -> R). Both strokes start left, so the two
    # diagonals cross in the middle instead of retracing one line.
    n = _n(0.5)
    x = np.linspace(0.0, 1.0, n)
    pan = -1.0 + 2.0 * x
    up = _pattern_voice(300.0 * 2.0 ** (1.5 * x), pan, "cross1")
    down = _pattern_voice(300.0 * 2.0 ** (1.5 * (1.0 - x)), pan, "cross2")
    return _mix(1.15, [(0.0, up), (0.65, down)])


def _pattern_swoosh():
    # Starts top right and falls quickly down to the left, with a rush of air.
    n = _n(0.45)
    x = np.linspace(0.0, 1.0, n)
    freq = 1400.0 * 2.0 ** (-2.6 * x ** 0.7)
    pan = 1.0 - 2.0 * x ** 0.8
    tone = _pattern_voice(freq, pan, "swoosh")
    air = _bandnoise(n, "swoosh-air", 800.0, 5000.0) * _adsr(n, 0.03, 0.1, 0.6, 0.15) * 0.35
    return tone + _place(air, pan)


# --------------------------------------------------------------------------
# events


def _ev_draw():
    n = _n(0.28)
    x = np.linspace(0.0, 1.0, n)
    slide = _bandnoise(n, "draw", 1200.0, 6000.0) * np.sin(np.pi * x) ** 2
    return _mix(0.32, [(0.0, 0.6 * slide), (0.18, 0.4 * _blip(_midi(79), 0.12, tau=0.04))])


def _ev_place():
    n = _n(0.25)
    t = _t(n)
    thud = np.sin(_phase(140.0 * (1 + 0.6 * np.exp(-t / 0.01)), n)) * _perc(n, 0.001, 0.05)
    tap = _bandnoise(n, "place", 800.0, 4000.0) * _perc(n, 0.0005, 0.01)
    return thud + 0.5 * tap


def _ev_take():
    parts = []
    for i in range(4):  # cards gathered: quick riffle
        m = _n(0.05)
        parts.append((i * 0.045, 0.5 * _bandnoise(m, f"take{i}", 1500.0, 7000.0) * _perc(m, 0.001, 0.012)))
    parts.append((0.2, _blip(_midi(67), 0.2, tau=0.1)))
    parts.append((0.32, _blip(_midi(72), 0.3, tau=0.15)))
    return _mix(0.65, parts)


def _ev_your_turn():
    bell = (1.0, 0.0, 0.4, 0.0, 0.2)
    return _mix(0.9, [(0.0, _blip(_midi(76), 0.4, bell, tau=0.25)),
                      (0.18, _blip(_midi(83), 0.7, bell, tau=0.3))])


def _ev_error():
    parts = []
    for i, m in enumerate((52, 47)):
        n = _n(0.16)
        parts.append((i * 0.18, 0.5 * _square(_midi(m), n) * _adsr(n, 0.005, 0.02, 0.8, 0.03)))
    return _mix(0.36, parts)


def _ev_round_end():
    notes = (72, 67, 64, 72)
    return _mix(0.95, [(i * 0.13, _piano(_midi(m), 0.55)) for i, m in enumerate(notes)])


def _ev_game_end():
    parts = []
    for i, chord in enumerate(((55, 59, 62), (53, 57, 60, 65), (55, 60, 64, 67))):
        for m in chord:
            parts.append((i * 0.45, 0.35 * _brass(_midi(m), 0.42 if i < 2 else 0.9, bright=0.6)))
    return _mix(1.85, parts)


def _ev_applause():
    total = 2.0
    n_total = _n(total)
    starts = _noise(160, "applause-times") * 0.5 + 0.5
    levels = _noise(160, "applause-levels") * 0.3 + 0.7
    crowd = np.clip(np.linspace(0.3, 1.4, 160), 0.0, 1.0)
    parts = []
    for i in range(160):
        s = starts[i] * (total - 0.12)
        m = _n(0.06)
        lo = 600.0 + 250.0 * (i % 7)
        clap = _bandnoise(m, f"clap{i}", lo, lo * 4.0) * _perc(m, 0.0005, 0.012)
        parts.append((s, levels[i] * crowd[i % 160] * clap))
    out = _mix(total, parts)
    fade = np.ones(n_total)
    fade[-_n(0.4):] = np.linspace(1.0, 0.0, _n(0.4))
    return out * fade


def _ev_boos():
    n = _n(1.4)
    x = np.linspace(0.0, 1.0, n)
    parts = []
    for i, f0 in enumerate((130.0, 146.0, 116.0, 160.0)):
        glide = f0 * (1.0 - 0.25 * x)
        voiced = _osc(glide, n, _formant_harmonics(f0, VOWEL_OO, 30))
        env = _adsr(n, 0.15 + 0.05 * i, 0.1, 0.9, 0.3)
        parts.append((0.04 * i, 0.3 * env * voiced))
    return _mix(1.55, parts)


def _ev_win():
    parts = [(i * 0.12, 0.8 * _brass(_midi(m), 0.14, bright=1.2)) for i, m in enumerate((60, 64, 67))]
    parts += [(0.36, 0.4 * _brass(_midi(m), 0.8, bright=1.2)) for m in (60, 64, 67, 72)]
    parts += [(0.36, 0.4 * _ting(2093.0, 0.9))]
    return _mix(1.3, parts)


def _ev_confirm():
    return _mix(0.25, [(0.0, _blip(_midi(79), 0.1, tau=0.04)), (0.08, _blip(_midi(84), 0.16, tau=0.06))])


def _ev_menu_move():
    n = _n(0.05)
    return _blip(1800.0, 0.05, (1.0, 0.2), tau=0.01) + 0.3 * _bandnoise(n, "tick", 2000.0, 8000.0) * _perc(n, 0.0003, 0.004)


def _ev_menu_select():
    return _mix(0.2, [(0.0, _ev_menu_move()), (0.04, _blip(1320.0, 0.15, (1.0, 0.3), tau=0.05))])


def _ev_turn(seat: int):
    def synth():
        base = _midi(67 + 2 * (seat - 1))  # each seat a step higher: audible in mono too
        knock = (1.0, 0.0, 0.3, 0.0, 0.1)
        return _mix(0.45, [(0.0, _blip(base, 0.2, knock, tau=0.06)),
                           (0.14, _blip(base * 1.5, 0.3, knock, tau=0.09))])
    return synth


# --------------------------------------------------------------------------
# catalogue


@dataclass(frozen=True)
class CueSpec:
    cue_id: str
    synth: Callable[[], np.ndarray]
    spatial: bool = False  # the cue is a movement in stereo space (patterns)
    pan: float = 0.0  # default placement of a mono cue


def _build_catalogue() -> dict[str, CueSpec]:
    cat: dict[str, CueSpec] = {}
    fam = {"tuba": _family_tuba, "violin": _family_violin, "flute": _family_flute,
           "drum": _family_drum, "trumpet": _family_trumpet, "harp": _family_harp,
           "cello": _family_cello, "triangle": _family_triangle}
    for name in FAMILIES:
        cat[f"family.{name}"] = CueSpec(f"family.{name}", fam[name])
    inst = {"strings": _inst_strings, "woodwinds": _inst_woodwinds, "brass": _inst_brass,
            "misc": _inst_misc, "percussion": _inst_percussion, "vocals": _inst_vocals,
            "piano": _inst_piano, "choir": _inst_choir, "guitar": _inst_guitar}
    for name in INSTRUMENTS:
        cat[f"instrument.{name}"] = CueSpec(f"instrument.{name}", inst[name])
    pat = {"up-down": _pattern_up_down, "left-right": _pattern_left_right,
           "circle": _pattern_circle, "stab": _pattern_stab, "cross": _pattern_cross,
           "swoosh": _pattern_swoosh}
    for name in PATTERNS:
        cat[f"pattern.{name}"] = CueSpec(f"pattern.{name}", pat[name], spatial=True)
    ev = {"draw": _ev_draw, "place": _ev_place, "take": _ev_take, "your_turn": _ev_your_turn,
          "error": _ev_error, "round_end": _ev_round_end, "game_end": _ev_game_end,
          "applause": _ev_applause, "boos": _ev_boos, "win": _ev_win, "confirm": _ev_confirm,
          "menu_move": _ev_menu_move, "menu_select": _ev_menu_select}
    for name in EVENTS:
        cat[f"event.{name}"] = CueSpec(f"event.{name}", ev[name])
    for seat in range(1, SEATS + 1):
        cat[f"event.turn.{seat}"] = CueSpec(f"event.turn.{seat}", _ev_turn(seat),
                                            pan=pan_for(seat, SEATS))
    return cat


CATALOGUE: dict[str, CueSpec] = _build_catalogue()
CUE_IDS: tuple[str, ...] = tuple(CATALOGUE)


def family_cue(family: str) -> str:
    return f"family.{family}"


def instrument_cue(instrument: str) -> str:
    return f"instrument.{instrument}"


def pattern_cue(pattern: str) -> str:
    return f"pattern.{pattern}"


def turn_cue(seat: int) -> str:
    """Cue id for seat ``seat`` (1-based) taking its turn."""
    return f"event.turn.{seat}"


def _spec(cue_id: str) -> CueSpec:
    try:
        return CATALOGUE[cue_id]
    except KeyError:
        raise KeyError(f"unknown cue id {cue_id!r}") from None


def _to_int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x * 32767.0), -32768, 32767).astype(np.int16)


def synthesize(cue_id: str) -> np.ndarray:
    """Synthesize ``cue_id`` at its default placement: int16 array (n, 2) at RATE."""
    spec = _spec(cue_id)
    x = np.asarray(spec.synth(), dtype=np.float64)
    if x.ndim == 1:
        # Normalise the mono source, then place it: every seat is equally loud
        # (a centred cue peaks at PEAK per channel, a hard-panned one at
        # PEAK * sqrt(2) in one channel).
        x = _place(x * (PEAK * np.sqrt(2.0) / (float(np.max(np.abs(x))) or 1.0)), spec.pan)
        return _to_int16(x)
    peak = float(np.max(np.abs(x))) or 1.0
    return _to_int16(x * (PEAK / peak))


# --------------------------------------------------------------------------
# files


def sounds_dir() -> Path:
    """Where cue WAVs live: the repo's ``sounds/`` or the installed package data."""
    here = Path(__file__).resolve()
    for cand in (here.parents[2] / "sounds", here.parents[1] / "_data" / "sounds"):
        if cand.is_dir():
            return cand
    return here.parents[2] / "sounds"


def cue_path(cue_id: str, directory: Path | None = None) -> Path:
    _spec(cue_id)
    return (directory or sounds_dir()) / f"{cue_id}.wav"


def write_wav(path: Path, data: np.ndarray, rate: int = RATE) -> None:
    """Write int16 (n, channels) ``data``; the bytes depend on the data only."""
    data = np.ascontiguousarray(data, dtype="<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(data.shape[1] if data.ndim == 2 else 1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    """Read a 16-bit PCM WAV: (int16 array (n, channels), rate)."""
    with wave.open(str(path), "rb") as w:
        if w.getsampwidth() != 2:
            raise ValueError(f"{path}: only 16-bit PCM is supported")
        ch, rate = w.getnchannels(), w.getframerate()
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.int16)
    return data.reshape(-1, ch), rate


@lru_cache(maxsize=None)
def _load_cached(cue_id: str, directory: str | None) -> np.ndarray:
    path = cue_path(cue_id, Path(directory) if directory else None)
    try:
        data, rate = read_wav(path)
        if rate == RATE and data.shape[1] == CHANNELS and len(data):
            data.setflags(write=False)
            return data
    except (OSError, EOFError, ValueError, wave.Error):
        pass  # missing or damaged file: synthesize instead
    data = synthesize(cue_id)
    data.setflags(write=False)
    return data


def load(cue_id: str, directory: Path | None = None) -> np.ndarray:
    """The cue at its default placement (int16 (n, 2) at RATE), file first."""
    return _load_cached(cue_id, str(directory) if directory else None)


def render(cue_id: str, pan: float | None = None, directory: Path | None = None) -> np.ndarray:
    """The cue as int16 (n, 2) at RATE, optionally placed at ``pan``.

    A mono cue is moved to ``pan`` with the equal-power law; a spatial cue (a
    beat pattern) keeps its movement and gets a balance shift toward ``pan``.
    """
    data = load(cue_id, directory)
    if pan is None:
        return data.copy()
    spec = _spec(cue_id)
    x = data.astype(np.float64)
    pan = float(np.clip(pan, -1.0, 1.0))
    if spec.spatial:
        out = x * np.array([min(1.0, 1.0 - pan), min(1.0, 1.0 + pan)])
    else:
        gl, gr = pan_gains(spec.pan)
        mono = x[:, 0] * gl + x[:, 1] * gr  # exact inverse of the equal-power placement
        out = _place(mono, pan)
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)
