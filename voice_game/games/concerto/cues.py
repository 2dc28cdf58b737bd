"""Concerto's sound cues: one sound per instrument group and one movement in
stereo space per beat pattern."""
from __future__ import annotations

import numpy as np

from voice_game.audio.cues import (
    VOWEL_AH,
    VOWEL_OH,
    _adsr,
    _bandnoise,
    _bowed,
    _brass,
    _clarinet,
    _membrane,
    _midi,
    _mix,
    _n,
    _organ,
    _osc,
    _perc,
    _piano,
    _place,
    _pluck,
    _t,
    _voice,
)
from voice_game.core.game import Cue

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


INSTRUMENTS = ("strings", "woodwinds", "brass", "misc", "percussion", "vocals",
               "piano", "choir", "guitar")
PATTERNS = ("up-down", "left-right", "circle", "stab", "cross", "swoosh")


def cues() -> list[Cue]:
    out = [Cue(f"instrument.{name}", globals()[f"_inst_{name}"]) for name in INSTRUMENTS]
    out += [Cue(f"pattern.{name}", globals()[f"_pattern_{name.replace('-', '_')}"], spatial=True)
            for name in PATTERNS]
    return out
