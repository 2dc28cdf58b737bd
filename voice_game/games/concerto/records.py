"""Typed records of Concerto's state: the running performance and the pending chance steps.

They are TypedDicts, so a saved game keeps its JSON shape (plain objects with these
keys, in this order) and loads without conversion.
"""
from __future__ import annotations

from typing import Literal, TypedDict


class Performance(TypedDict):
    """The performance of the current player (``ConcertoState.perf``)."""

    level: str
    piece: str
    sequence: list[str]  # the instruments to conduct, in order (conductor card applied)
    step: int  # how many of them were conducted right
    follow: bool  # False: the performance conductor card is deliberately ignored
    prereq: bool | None  # a prerequisite card: met or not; otherwise None
    card: str | None  # the conductor card active when the performance began
    encore: list[str] | None  # Mikkado Ruti: the instruments still to conduct in the encore
    encore_failed: bool
    beats: list[list[str]]  # every beat shown: [instrument, pattern]


def performance(level: str, piece: str, sequence: list[str], follow: bool, prereq: bool | None,
                card: str | None) -> Performance:
    return {"level": level, "piece": piece, "sequence": sequence, "step": 0, "follow": follow, "prereq": prereq,
            "card": card, "encore": None, "encore_failed": False, "beats": []}


# --- chance steps (``ConcertoState.queue``), each {"k": kind, ...} -------------------

class MarketStep(TypedDict):
    k: Literal["market"]  # the next instrument of the job market (repeats until it is full)


class PieceStep(TypedDict):
    k: Literal["piece"]  # the next piece of a level
    level: str


class ConductorStep(TypedDict):
    k: Literal["conductor"]  # the next conductor card (maestro)


class InstrumentStep(TypedDict):
    k: Literal["instrument"]  # an instrument card for a seat's hand
    seat: int


class SpecialStep(TypedDict):
    k: Literal["special"]  # a special card for a seat's hand
    seat: int


class PatternStep(TypedDict):
    k: Literal["pattern"]  # the beat pattern counter of a newly placed instrument
    seat: int
    instrument: str


ChanceStep = MarketStep | PieceStep | ConductorStep | InstrumentStep | SpecialStep | PatternStep
ChanceKind = Literal["market", "piece", "conductor", "instrument", "special", "pattern"]


def market_step() -> MarketStep:
    return {"k": "market"}


def piece_step(level: str) -> PieceStep:
    return {"k": "piece", "level": level}


def conductor_step() -> ConductorStep:
    return {"k": "conductor"}


def instrument_step(seat: int) -> InstrumentStep:
    return {"k": "instrument", "seat": seat}


def special_step(seat: int) -> SpecialStep:
    return {"k": "special", "seat": seat}


def pattern_step(seat: int, instrument: str) -> PatternStep:
    return {"k": "pattern", "seat": seat, "instrument": instrument}


def step_kind(step: ChanceStep) -> ChanceKind:
    return step["k"]
