"""Tierorchester's sound cues: one motif per animal musician family."""
from __future__ import annotations


from voice_game.audio.cues import (
    _bowed,
    _brass,
    _flute,
    _membrane,
    _midi,
    _mix,
    _pluck,
    _ting,
)
from voice_game.core.game import Cue


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


FAMILIES = ("tuba", "violin", "flute", "drum", "trumpet", "harp", "cello", "triangle")


def cues() -> list[Cue]:
    return [Cue(f"family.{name}", globals()[f"_family_{name}"]) for name in FAMILIES]
