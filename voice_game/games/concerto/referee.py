"""The referee: what a performance must look like and whether a conductor card's
condition is fulfilled. Pure functions over content and plain data.

Conductor card conditions (``content.CONDITION_KINDS``):

Prerequisites (checked for the piece actually conducted; met: +2, not met: -2 on success)
- genre {genres}: the piece's genre is one of them
- level {levels}: the piece's level is one of them
- requires_instrument_in_orchestra {instrument}: the conductor's orchestra holds it
- min_orchestra {count}: the orchestra holds at least count instruments
- youngest_conducts / oldest_conducts: the conductor has the latest / earliest birth year
  (ties: all tied players qualify)
- piece_uses_any {instruments}: the piece uses at least one of them
- min_piece_instruments {count}: the piece has at least count instruments

Performance conditions (change the expected sequence; following them correctly: +2,
deliberately ignoring them with ``follow=False``: -2; a wrong beat in the changed
sequence is a wrong beat like any other)
- order {order}: reverse (last to first), rotate (start on the second instrument, the
  first one comes last), orchestra (in the order the instruments sit in the orchestra)
- skip_first / skip_last: the first / last instrument of the piece stays silent
- instrument_first / instrument_last {instrument}: that instrument is conducted first /
  last, the others keep their order (not in the piece: nothing changes, bonus anyway)
- repeat_instrument {instrument}: that instrument is conducted twice in a row
- replace_pattern {pattern, with}: wherever ``pattern`` is due, show ``with`` instead
- encore_all: after the piece, conduct every other instrument of the orchestra in any
  order; a wrong encore beat loses that instrument and the bonus (the piece still counts)
- swap_own_patterns: before the performance the conductor swaps the patterns of two
  instruments of the piece in their own orchestra (not heard again)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from voice_game.games.concerto.content import PERFORMANCE_KINDS, Conductor, Content, Piece


def orchestra_instruments(orchestra: list[list[Any]]) -> list[str]:
    return [cast(str, slot[0]) for slot in orchestra]


def pattern_of(orchestra: list[list[Any]], instrument: str) -> str | None:
    for ins, pat in orchestra:
        if ins == instrument:
            return cast("str | None", pat)
    return None


def expected_sequence(piece: Piece, orchestra: list[list[Any]], card: Conductor | None, follow: bool) -> list[str]:
    """The instruments to conduct, in order (before any encore)."""
    seq = list(piece.instruments)
    if card is None or not follow or card.kind not in PERFORMANCE_KINDS:
        return seq
    change = _SEQUENCE_CHANGES.get(card.kind)
    return seq if change is None else change(seq, card.condition, orchestra)


def _reordered(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    if cond["order"] == "reverse":
        return seq[::-1]
    if cond["order"] == "rotate":
        return seq[1:] + seq[:1]
    if cond["order"] == "orchestra":
        pos = {x: i for i, x in enumerate(orchestra_instruments(orchestra))}
        return sorted(seq, key=lambda x: pos.get(x, len(pos)))
    return seq


def _skip_first(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    return seq[1:] if len(seq) > 1 else seq


def _skip_last(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    return seq[:-1] if len(seq) > 1 else seq


def _instrument_first(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    x = cond["instrument"]
    return [x] + [y for y in seq if y != x] if x in seq else seq


def _instrument_last(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    x = cond["instrument"]
    return [y for y in seq if y != x] + [x] if x in seq else seq


def _repeat_instrument(seq: list[str], cond: dict[str, Any], orchestra: list[list[Any]]) -> list[str]:
    if cond["instrument"] not in seq:
        return seq
    i = seq.index(cond["instrument"])
    return seq[: i + 1] + [seq[i]] + seq[i + 1:]


# performance condition kind -> how it changes the sequence (the others leave it alone)
_SEQUENCE_CHANGES: dict[str, Callable[[list[str], dict[str, Any], list[list[Any]]], list[str]]] = {
    "order": _reordered,
    "skip_first": _skip_first,
    "skip_last": _skip_last,
    "instrument_first": _instrument_first,
    "instrument_last": _instrument_last,
    "repeat_instrument": _repeat_instrument,
}


def expected_pattern(true_pattern: str | None, card: Conductor | None, follow: bool) -> str | None:
    """The pattern the referee wants to see for an instrument whose counter shows
    ``true_pattern``."""
    if card is not None and follow and card.kind == "replace_pattern" and true_pattern == card.condition["pattern"]:
        return cast(str, card.condition["with"])
    return true_pattern


def encore_instruments(piece: Piece, orchestra: list[list[Any]]) -> list[str]:
    """Mikkado Ruti: every instrument of the orchestra that the piece did not use."""
    return [x for x in orchestra_instruments(orchestra) if x not in piece.instruments]


def is_youngest(players: list[dict[str, Any]], seat: int) -> bool:
    years = [p["birth_year"] for p in players]
    return bool(years[seat] == max(years))


def is_oldest(players: list[dict[str, Any]], seat: int) -> bool:
    years = [p["birth_year"] for p in players]
    return bool(years[seat] == min(years))


def prerequisite_met(card: Conductor, piece: Piece, orchestra: list[list[Any]], players: list[dict[str, Any]], seat: int) -> bool:
    """Whether a prerequisite card is fulfilled when ``seat`` conducts ``piece``."""
    cond = card.condition
    kind = card.kind
    if kind == "genre":
        return bool(piece.genre in cond["genres"])
    if kind == "level":
        return bool(piece.level in cond["levels"])
    if kind == "requires_instrument_in_orchestra":
        return bool(cond["instrument"] in orchestra_instruments(orchestra))
    if kind == "min_orchestra":
        return bool(len(orchestra) >= cond["count"])
    if kind == "youngest_conducts":
        return is_youngest(players, seat)
    if kind == "oldest_conducts":
        return is_oldest(players, seat)
    if kind == "piece_uses_any":
        return any(x in piece.instruments for x in cond["instruments"])
    if kind == "min_piece_instruments":
        return bool(len(piece.instruments) >= cond["count"])
    raise ValueError(f"not a prerequisite: {kind}")


def needs_swap(card: Conductor | None, follow: bool) -> bool:
    return card is not None and follow and card.kind == "swap_own_patterns"


def has_encore(card: Conductor | None, follow: bool, piece: Piece, orchestra: list[list[Any]]) -> bool:
    return card is not None and follow and card.kind == "encore_all" and bool(encore_instruments(piece, orchestra))


def conductor_card(content: Content, card_id: str | None) -> Conductor | None:
    return None if card_id is None else content.conductors[card_id]
