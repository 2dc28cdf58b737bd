"""Chance steps: for each kind, whether it can still happen and what revealing it does.

A step that can no longer happen (the market is full, a pile is empty) is dropped by
the flow (``phases.advance``) without a draw.
"""
from __future__ import annotations

from collections.abc import Callable

from voice_game.core.events import Event, ev
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.records import (
    ChanceKind, ChanceStep, ConductorStep, InstrumentStep, MarketStep, PatternStep, PieceStep, SpecialStep,
    market_step, step_kind,
)
from voice_game.games.concerto.state import ConcertoState


def _draw_from(s: ConcertoState, pile: str, discard: str, label: str, out: list[Event]) -> str:
    """The top card of a pile; an empty pile is first refilled from its shuffled discards."""
    stack: list[str] = getattr(s, pile)
    if not stack:
        used = getattr(s, discard)
        stack = list(used)
        s.rng.shuffle(stack)
        setattr(s, pile, stack)
        setattr(s, discard, [])
        out.append(ev("pile_reshuffled", pile=label, size=len(stack)))
    return stack.pop(0)


# --- whether a step can still happen -------------------------------------------------

def _market_feasible(s: ConcertoState, step: MarketStep) -> bool:
    if len(s.market) >= load_content().market_size:
        return False
    return any(x not in s.market for x in s.instr_pile + s.instr_discard)


def _piece_feasible(s: ConcertoState, step: PieceStep) -> bool:
    return s.open_pieces[step["level"]] is None and bool(s.piece_piles[step["level"]])


def _conductor_feasible(s: ConcertoState, step: ConductorStep) -> bool:
    return s.maestro and s.conductor_active is None and bool(s.conductor_pile)


def _instrument_feasible(s: ConcertoState, step: InstrumentStep) -> bool:
    return bool(s.instr_pile or s.instr_discard)


def _special_feasible(s: ConcertoState, step: SpecialStep) -> bool:
    return bool(s.special_pile or s.special_discard)


def _pattern_feasible(s: ConcertoState, step: PatternStep) -> bool:
    return bool(s.beat_pile or s.beat_discard)


# --- revealing it ----------------------------------------------------------------------

def _reveal_market(s: ConcertoState, step: MarketStep, out: list[Event]) -> None:
    x = _draw_from(s, "instr_pile", "instr_discard", "instruments", out)
    if x in s.market:
        s.instr_discard.append(x)
        out.append(ev("market_duplicate", instrument=x))
    else:
        s.market.append(x)
        out.append(ev("market_revealed", instrument=x))
    s.queue.insert(0, market_step())  # dropped by the flow once the market is full


def _reveal_piece(s: ConcertoState, step: PieceStep, out: list[Event]) -> None:
    lv = step["level"]
    pid = s.piece_piles[lv].pop(0)
    s.open_pieces[lv] = pid
    out.append(ev("piece_revealed", level=lv, piece=pid))


def _reveal_conductor(s: ConcertoState, step: ConductorStep, out: list[Event]) -> None:
    cid = s.conductor_pile.pop(0)
    s.conductor_active = cid
    out.append(ev("conductor_revealed", card=cid))


def _reveal_instrument(s: ConcertoState, step: InstrumentStep, out: list[Event]) -> None:
    seat = step["seat"]
    x = _draw_from(s, "instr_pile", "instr_discard", "instruments", out)
    s.hands[seat].append(x)
    out.append(ev("card_drawn", player=seat, kind="instrument"))
    out.append(ev("card_received", to=seat, player=seat, kind="instrument", card=x))


def _reveal_special(s: ConcertoState, step: SpecialStep, out: list[Event]) -> None:
    seat = step["seat"]
    x = _draw_from(s, "special_pile", "special_discard", "specials", out)
    s.specials[seat].append(x)
    out.append(ev("card_drawn", player=seat, kind="special"))
    out.append(ev("card_received", to=seat, player=seat, kind="special", card=x))


def _reveal_pattern(s: ConcertoState, step: PatternStep, out: list[Event]) -> None:
    seat, x = step["seat"], step["instrument"]
    pat = _draw_from(s, "beat_pile", "beat_discard", "beats", out)
    for slot in s.orchestras[seat]:
        if slot[0] == x and slot[1] is None:
            slot[1] = pat
            break
    # announced once, to everybody (DESIGN 1.3); the owner never sees it again
    out.append(ev("pattern_drawn", player=seat, instrument=x, pattern=pat))


# kind -> (can it still happen, reveal it); the step's own TypedDict is what each one gets
STEPS: dict[ChanceKind, tuple[Callable[..., bool], Callable[..., None]]] = {
    "market": (_market_feasible, _reveal_market),
    "piece": (_piece_feasible, _reveal_piece),
    "conductor": (_conductor_feasible, _reveal_conductor),
    "instrument": (_instrument_feasible, _reveal_instrument),
    "special": (_special_feasible, _reveal_special),
    "pattern": (_pattern_feasible, _reveal_pattern),
}


def feasible(s: ConcertoState, step: ChanceStep) -> bool:
    handlers = STEPS.get(step_kind(step))
    return handlers is not None and handlers[0](s, step)


def reveal(s: ConcertoState, out: list[Event]) -> None:
    """Reveal the first pending step."""
    step = s.queue.pop(0)
    handlers = STEPS.get(step_kind(step))
    if handlers is not None:
        handlers[1](s, step, out)
