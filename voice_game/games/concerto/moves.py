"""Every move of a player: which actions are legal now and what applying one does, side
by side, one entry per action kind in ``MOVES``. Which moves a phase allows is the
phase table in ``phases``; the special cards and the performance have their own modules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, permutations

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.games.concerto import performance, specials
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.records import instrument_step, piece_step
from voice_game.games.concerto.state import DRAW, Action, ConcertoState, place, replace, start, swap, take_market
from voice_game.games.concerto.table import check_instrument, check_level, open_piece, orchestra_of, put_in_orchestra

MAX_SWAP = 4  # hand cards discarded at most by one swap


@dataclass(frozen=True)
class Move:
    legal: Callable[[ConcertoState, int], list[Action]]  # the legal actions of this kind for the seat
    apply: Callable[[ConcertoState, int, Action, list[Event]], None]  # check the action, then change the state
    # the error when tried outside its phases while that phase has nothing more urgent to say
    off_phase: Callable[[], RuleError]
    always_off_phase: bool = False  # off_phase even when the phase has its own message


# --- start: choose the starting orchestra (setup) ----------------------------------------

def _start_actions(s: ConcertoState, p: int) -> list[Action]:
    size = load_content().start_orchestra
    distinct = sorted(set(s.hands[p]))
    if len(distinct) >= size:
        return [start(*c) for c in permutations(distinct, size)]
    return [start(*distinct)]


def _start(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    cards = list(a.cards)
    for x in cards:
        check_instrument(x)
    need = min(load_content().start_orchestra, len(set(s.hands[p])))
    if len(cards) != need:
        raise RuleError("start_count", count=need)
    if len(set(cards)) != len(cards):
        raise RuleError("start_duplicate", instrument=cards[0])
    for x in cards:
        if x not in s.hands[p]:
            raise RuleError("not_in_hand", instrument=x)
    for x in cards:
        put_in_orchestra(s, p, x, out, setup=True)
    s.setup_done[p] = True  # the flow asks the next player once the patterns are announced


# --- place: an instrument from the hand into the orchestra --------------------------------

def _place_actions(s: ConcertoState, p: int) -> list[Action]:
    mine = orchestra_of(s, p)
    return [place(x) for x in sorted(set(s.hands[p])) if x not in mine]


def _place(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = check_instrument(a.instrument)
    if x not in s.hands[p]:
        raise RuleError("not_in_hand", instrument=x)
    if x in orchestra_of(s, p):
        raise RuleError("already_in_orchestra", instrument=x)
    put_in_orchestra(s, p, x, out)
    s.phase = "refill"


# --- swap: discard 1 to 4 hand cards (instruments and the special card) --------------------

def _swap_actions(s: ConcertoState, p: int) -> list[Action]:
    cards = sorted(s.hands[p] + s.specials[p])
    seen = set()
    out = []
    for k in range(1, min(MAX_SWAP, len(cards)) + 1):
        for combo in combinations(cards, k):
            if combo not in seen:
                seen.add(combo)
                out.append(swap(*combo))
    return out


def _swap(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    cards = list(a.cards)
    if not 1 <= len(cards) <= MAX_SWAP:
        raise RuleError("swap_count", count=len(cards), max=MAX_SWAP)
    hand = list(s.hands[p])
    specs = list(s.specials[p])
    instruments, specials_out = [], []
    for c in cards:
        if c in hand:
            hand.remove(c)
            instruments.append(c)
        elif c in specs:
            specs.remove(c)
            specials_out.append(c)
        else:
            raise RuleError("swap_not_in_hand", card=str(c))
    s.hands[p] = hand
    s.specials[p] = specs
    s.instr_discard += instruments
    s.special_discard += specials_out
    out.append(ev("cards_discarded", player=p, instruments=instruments, specials=specials_out))
    s.phase = "refill"


# --- replace: an open piece under its pile, the next one revealed ---------------------------

def _replace_actions(s: ConcertoState, p: int) -> list[Action]:
    return [replace(lv) for lv, pid in s.open_pieces.items() if pid is not None and s.piece_piles[lv]]


def _replace(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    lv = check_level(a.level)
    pid = open_piece(s, lv)
    if not s.piece_piles[lv]:
        raise RuleError("piece_pile_empty", level=lv)
    s.piece_piles[lv].append(pid)
    s.open_pieces[lv] = None
    out.append(ev("piece_replaced", player=p, level=lv, piece=pid))
    s.queue.append(piece_step(lv))
    s.phase = "refill"


# --- refill: draw from the instrument pile or take from the job market ---------------------

def _draw_actions(s: ConcertoState, p: int) -> list[Action]:
    return [DRAW] if (s.instr_pile or s.instr_discard) else []


def _draw(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    if not (s.instr_pile or s.instr_discard):
        raise RuleError("instrument_pile_empty")
    s.queue.append(instrument_step(p))


def _take_market_actions(s: ConcertoState, p: int) -> list[Action]:
    return [take_market(x) for x in sorted(set(s.market))]


def _take_market(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = check_instrument(a.instrument)
    if x not in s.market:
        raise RuleError("not_in_market", instrument=x)
    s.market.remove(x)
    s.hands[p].append(x)
    out.append(ev("market_taken", player=p, instrument=x))


def _in_turn() -> RuleError:
    return RuleError("unknown_action", action="")


MOVES: dict[str, Move] = {
    "start": Move(_start_actions, _start, lambda: RuleError("not_setup"), always_off_phase=True),
    "place": Move(_place_actions, _place, _in_turn),
    "special": Move(specials.special_actions, specials.play_special, _in_turn),
    "swap": Move(_swap_actions, _swap, _in_turn),
    "replace": Move(_replace_actions, _replace, _in_turn),
    "conduct": Move(performance.conduct_actions, performance.start_performance, _in_turn),
    "beat": Move(performance.beat_actions, performance.show_beat, lambda: RuleError("not_conducting")),
    "give_up": Move(performance.give_up_actions, performance.give_up_instrument,
                    lambda: RuleError("nothing_to_give_up")),
    "draw": Move(_draw_actions, _draw, lambda: RuleError("not_refilling")),
    "take_market": Move(_take_market_actions, _take_market, lambda: RuleError("not_refilling")),
}
