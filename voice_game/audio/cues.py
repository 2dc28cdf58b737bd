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
from functools import lru_cache, cache
from pathlib import Path

import numpy as np

from voice_game.core.game import Cue, definitions
from voice_game.narration.common import pan_for as narration_pan_for

RATE = 22050
CHANNELS = 2
PEAK = 0.6  # every cue is normalised to this peak, leaving headroom for mixing

EVENTS = ("draw", "place", "take", "your_turn", "error", "round_end", "game_end",
          "applause", "boos", "win", "confirm", "menu_move", "menu_select", "voice_on")


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
    for r, a in zip(ratios, amps, strict=True):
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
    # 1.2 s: it answers every right beat and carries a bot's success before its words
    total = 1.2
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
    fade[-_n(0.3):] = np.linspace(1.0, 0.0, _n(0.3))
    return out * fade


def _ev_boos():
    n = _n(0.95)  # short: a wrong beat's words follow it
    x = np.linspace(0.0, 1.0, n)
    parts = []
    for i, f0 in enumerate((130.0, 146.0, 116.0, 160.0)):
        glide = f0 * (1.0 - 0.25 * x)
        voiced = _osc(glide, n, _formant_harmonics(f0, VOWEL_OO, 30))
        env = _adsr(n, 0.12 + 0.04 * i, 0.08, 0.9, 0.25)
        parts.append((0.04 * i, 0.3 * env * voiced))
    return _mix(1.1, parts)


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


def _ev_voice_on():
    """The microphone opens while the game plays its own sound: cards shuffled (0.7 s of
    overlapping broadband noise bursts), then two rising notes. The echo canceller learns
    the room on it before the first sentence: a shuffle excites every band at once, speech
    only slowly (the synthetic room, the echo 80 ms late: of a fresh game's first second of
    narration 4-6 dB taken out without it, all of it after it; sparser bursts, 29 ms apart
    and 15 ms long, left 23-26 dB; docs/DUPLEX.md)."""
    total = 0.7
    parts = []
    bursts = 24
    for i in range(bursts):
        m = _n(0.08)
        swell = np.sin(np.pi * (i + 0.5) / bursts) ** 0.5  # the riffle swells and settles
        parts.append((i * total / bursts, 0.5 * swell * _bandnoise(m, f"voice_on{i}", 250.0, 7500.0) * _perc(m, 0.001, 0.04)))
    parts.append((0.72, 0.35 * _blip(_midi(72), 0.14, tau=0.05)))
    parts.append((0.82, 0.35 * _blip(_midi(79), 0.2, tau=0.08)))
    return _mix(1.05, parts)


def _ev_turn(seat: int):
    def synth():
        base = _midi(67 + 2 * (seat - 1))  # each seat a step higher: audible in mono too
        knock = (1.0, 0.0, 0.3, 0.0, 0.1)
        return _mix(0.45, [(0.0, _blip(base, 0.2, knock, tau=0.06)),
                           (0.14, _blip(base * 1.5, 0.3, knock, tau=0.09))])
    return synth


# --------------------------------------------------------------------------
# catalogue


# A cue design: id, synthesis, spatial or mono, default placement. The games declare
# their own cues (their cards' sounds) in their definitions; the table's cues are here.
CueSpec = Cue


def _table_cues(seats: int) -> list[CueSpec]:
    ev = {"draw": _ev_draw, "place": _ev_place, "take": _ev_take, "your_turn": _ev_your_turn,
          "error": _ev_error, "round_end": _ev_round_end, "game_end": _ev_game_end,
          "applause": _ev_applause, "boos": _ev_boos, "win": _ev_win, "confirm": _ev_confirm,
          "menu_move": _ev_menu_move, "menu_select": _ev_menu_select, "voice_on": _ev_voice_on}
    out = [CueSpec(f"event.{name}", ev[name]) for name in EVENTS]
    out += [_turn_spec(seat, seats) for seat in range(1, seats + 1)]
    return out


def _turn_spec(seat: int, seats: int) -> CueSpec:
    """Seat ``seat`` (1-based) taking its turn, placed left to right over ``seats`` seats."""
    return CueSpec(turn_cue(seat), _ev_turn(seat), pan=pan_for(seat, max(seat, seats)))


@lru_cache(maxsize=1)
def _catalogue() -> dict[str, CueSpec]:
    """Every game's cues (in menu order), then the table's: events and one turn cue
    per seat of the largest table any game allows."""
    games = definitions()
    cat: dict[str, CueSpec] = {}
    seats = max((d.max_players for d in games), default=1)
    for design in [c for d in games for c in d.cues()] + _table_cues(seats):
        if design.cue_id in cat:
            raise ValueError(f"cue id {design.cue_id!r} declared twice")
        cat[design.cue_id] = design
    return cat


# declared for type checkers; built on first use by the module's __getattr__
CATALOGUE: dict[str, CueSpec]
CUE_IDS: tuple[str, ...]


def __getattr__(name: str) -> object:
    # built on first use: the catalogue needs the games' definitions
    if name == "CATALOGUE":
        return _catalogue()
    if name == "CUE_IDS":
        return tuple(_catalogue())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def turn_cue(seat: int) -> str:
    """Cue id for seat ``seat`` (1-based) taking its turn."""
    return f"event.turn.{seat}"


_TURN_PREFIX = "event.turn."


def spec(cue_id: str) -> CueSpec:
    """The design of ``cue_id``; KeyError for an unknown id."""
    try:
        return _catalogue()[cue_id]
    except KeyError:
        pass
    seat = cue_id[len(_TURN_PREFIX):] if cue_id.startswith(_TURN_PREFIX) else ""
    if seat.isascii() and seat.isdigit() and 0 < int(seat) < 1000:  # any seat has a turn sound
        return _turn_spec(int(seat), int(seat))
    raise KeyError(f"unknown cue id {cue_id!r}")


def _to_int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x * 32767.0), -32768, 32767).astype(np.int16)


def synthesize(cue_id: str) -> np.ndarray:
    """Synthesize ``cue_id`` at its default placement: int16 array (n, 2) at RATE."""
    design = spec(cue_id)
    x = np.asarray(design.synth(), dtype=np.float64)
    if x.ndim == 1:
        # Normalise the mono source, then place it: every seat is equally loud
        # (a centred cue peaks at PEAK per channel, a hard-panned one at
        # PEAK * sqrt(2) in one channel).
        x = _place(x * (PEAK * np.sqrt(2.0) / (float(np.max(np.abs(x))) or 1.0)), design.pan)
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
    spec(cue_id)
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


@cache
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
    design = spec(cue_id)
    x = data.astype(np.float64)
    pan = float(np.clip(pan, -1.0, 1.0))
    if design.spatial:
        out = x * np.array([min(1.0, 1.0 - pan), min(1.0, 1.0 + pan)])
    else:
        gl, gr = pan_gains(design.pan)
        mono = x[:, 0] * gl + x[:, 1] * gr  # exact inverse of the equal-power placement
        out = _place(mono, pan)
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)
