"""The table as rows and items, for reviewing it by ear (a review cursor, status keys,
the summary at your turn): what a sighted player takes in at a glance.

A game lays its table out as :class:`Row` s (Concerto: your hand, the market, the
pieces, each orchestra; Tierorchester: the conductors, the card drawn, each player's
musicians), each with its items as they are said and a short form of the whole row.
The session moves a cursor over them one item per key press or "next", says a row's
short form for a status key or command, and at a player's turn says what changed since
their own move. The rows are built from a seat's view, so they never hold what that
seat may not know; a game declares them with ``GameDefinition.review``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Row:
    """One row of the table as the review cursor reads it."""

    id: str  # stable over a game: "market", "pieces", "conductors", "seat.2"
    title: str  # its name as said ("Markt", "Amadeus")
    items: tuple[str, ...]  # each item as said on its own ("Chor", "Dirigent 2: Fuchs und Katze")
    short: str  # the whole row in one short sentence ("Markt: Chor und Klavier.")
    # its items are places (conductor 1, 2, 3; the green, yellow and orange piece): the
    # summary names the places that changed; else (a market, a hand) it says the row anew
    places: bool = False
    # the summary at your turn says its changes (the others' orchestras, the market);
    # False for what you know anyway (your own hand) or what changes each turn anyway
    watch: bool = True


#: A game's table for one seat: (the game's narrator, that seat's view) -> its rows, in
#: the order the review cursor goes through them.
Review = Callable[[Any, Mapping[str, Any]], Sequence[Row]]


def grouped(pairs: Sequence[tuple[str, Any]]) -> list[tuple[list[str], Any]]:
    """Names that share a value, together, in the order each value first comes: [("du", 6),
    ("Amadeus", 2), ("Clara", 2)] -> [(["du"], 6), (["Amadeus", "Clara"], 2)], so a short
    row says each value once ("du 6, Amadeus und Clara 2")."""
    out: list[tuple[list[str], Any]] = []
    for name, value in pairs:
        for names, v in out:
            if v == value:
                names.append(name)
                break
        else:
            out.append(([name], value))
    return out


def changes(before: Sequence[Row], after: Sequence[Row]) -> list[tuple[Row, tuple[str, ...]]]:
    """What changed from ``before`` to ``after`` in the watched rows: each such row with
    the items to say, the places that changed in a row of places, else all its items; a
    row that is new is said whole, one that went is left out."""
    old = {r.id: r for r in before}
    out: list[tuple[Row, tuple[str, ...]]] = []
    for row in after:
        if not row.watch:
            continue
        was = old.get(row.id)
        if was is None:
            out.append((row, row.items))
        elif row.places and len(was.items) == len(row.items):
            changed = tuple(item for item, prior in zip(row.items, was.items, strict=True) if item != prior)
            if changed:
                out.append((row, changed))
        elif sorted(was.items) != sorted(row.items):
            out.append((row, row.items))
    return out
