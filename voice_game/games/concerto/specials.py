"""The six special cards: for each card the ways it can be played with an effect
(``targets``) and what playing it does (``play``), side by side.

Every card may also be played without parameters, without effect, but only when it has
no target at all (repertoire: when no piece is open); ``play_special`` handles that
and the checks every card shares.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.games.concerto import referee
from voice_game.games.concerto.records import market_step, piece_step
from voice_game.games.concerto.state import Action, ConcertoState, special
from voice_game.games.concerto.table import check_instrument, discard_special, orchestra_of

@dataclass(frozen=True)
class SpecialCard:
    targets: Callable[[ConcertoState, int, str], list[Action]]  # every way to play it with an effect
    play: Callable[[ConcertoState, int, Action, list[Event]], None]  # check the parameters, then act


def _played(s: ConcertoState, p: int, card: str, out: list[Event], effect: bool = True) -> None:
    discard_special(s, p, card)
    out.append(ev("special_played", player=p, card=card, effect=effect))


def _opponent(s: ConcertoState, p: int, a: Action) -> tuple[int, str, str]:
    """headhunter and sabotage: the target seat and the two instruments, checked."""
    t = a.target
    if t is None or a.instrument is None or a.other is None:
        raise RuleError("special_needs_target", card=a.card)
    if not isinstance(t, int) or not 0 <= t < s.n:
        raise RuleError("unknown_player", target=t)
    if t == p:
        raise RuleError("target_is_self")
    return t, check_instrument(a.instrument), check_instrument(a.other)


def _own_instrument(a: Action) -> str:
    """rehearsal and audition: one instrument, nothing else."""
    if a.target is not None or a.other is not None or a.instrument is None:
        raise RuleError("special_bad_params", card=a.card)
    return check_instrument(a.instrument)


# --- headhunter: exchange one of your instruments (with its pattern) for an opponent's ----

def _headhunter_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    mine = orchestra_of(s, p)
    out = []
    for t in range(s.n):
        if t == p:
            continue
        theirs = orchestra_of(s, t)
        for a in mine:
            for b in theirs:
                if a == b or (b not in mine and a not in theirs):
                    out.append(special(card, t, a, b))
    return out


def _headhunter(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    t, x, y = _opponent(s, p, a)
    mine, theirs = orchestra_of(s, p), orchestra_of(s, t)
    if x not in mine:
        raise RuleError("not_in_orchestra", instrument=x)
    if y not in theirs:
        raise RuleError("target_not_in_orchestra", instrument=y, target=t)
    if x != y:
        if y in mine:
            raise RuleError("would_duplicate", instrument=y, target=p)
        if x in theirs:
            raise RuleError("would_duplicate", instrument=x, target=t)
    i, j = mine.index(x), theirs.index(y)
    s.orchestras[p][i], s.orchestras[t][j] = s.orchestras[t][j], s.orchestras[p][i]
    _played(s, p, "headhunter", out)
    out.append(ev("instruments_exchanged", player=p, target=t, instrument=x, other=y))


# --- sabotage: swap the patterns of two instruments in an opponent's orchestra -------------

def _sabotage_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    return [special(card, t, a, b) for t in range(s.n) if t != p
            for a, b in permutations(orchestra_of(s, t), 2)]  # either order names the same swap


def _sabotage(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    t, x, y = _opponent(s, p, a)
    theirs = orchestra_of(s, t)
    for z in (x, y):
        if z not in theirs:
            raise RuleError("target_not_in_orchestra", instrument=z, target=t)
    if x == y:
        raise RuleError("same_instrument", instrument=x)
    i, j = theirs.index(x), theirs.index(y)
    o = s.orchestras[t]
    o[i][1], o[j][1] = o[j][1], o[i][1]
    _played(s, p, "sabotage", out)
    out.append(ev("patterns_swapped", player=p, target=t, instrument=x, other=y))


# --- job sharing: exchange an instrument of your orchestra for one of the job market --------

def _job_sharing_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    mine = orchestra_of(s, p)
    return [special(card, None, a, b) for a in mine for b in sorted(set(s.market)) if b != a and b not in mine]


def _job_sharing(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    if a.target is not None:
        raise RuleError("special_bad_params", card=a.card)
    if a.instrument is None or a.other is None:
        raise RuleError("special_needs_target", card=a.card)
    x, y = check_instrument(a.instrument), check_instrument(a.other)
    mine = orchestra_of(s, p)
    if x not in mine:
        raise RuleError("not_in_orchestra", instrument=x)
    if y not in s.market:
        raise RuleError("not_in_market", instrument=y)
    if x == y:
        raise RuleError("same_instrument", instrument=x)
    if y in mine:
        raise RuleError("would_duplicate", instrument=y, target=p)
    s.orchestras[p][mine.index(x)][0] = y  # the newcomer takes the seat and its beat pattern
    s.market.remove(y)
    _played(s, p, "job-sharing", out)
    out.append(ev("market_exchanged", player=p, instrument=x, other=y))
    if x in s.market:
        s.instr_discard.append(x)
        out.append(ev("market_duplicate", instrument=x))
    else:
        s.market.append(x)
    s.queue.insert(0, market_step())


# --- repertoire: every open piece goes under its pile, new ones are revealed ----------------

def _repertoire_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    return [special(card)] if any(v is not None for v in s.open_pieces.values()) else []


def _repertoire(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    if a.target is not None or a.instrument is not None or a.other is not None:
        raise RuleError("special_bad_params", card=a.card)
    if not any(v is not None for v in s.open_pieces.values()):
        _played(s, p, "repertoire", out, effect=False)  # nothing to exchange: played without effect
        return
    _played(s, p, "repertoire", out)
    for lv, pid in s.open_pieces.items():
        if pid is None:
            continue
        s.piece_piles[lv].append(pid)
        s.open_pieces[lv] = None
        out.append(ev("piece_replaced", player=p, level=lv, piece=pid))
        s.queue.append(piece_step(lv))


# --- rehearsal: hear the pattern of one of your instruments again (privately) ---------------

def _rehearsal_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    return [special(card, None, a) for a in orchestra_of(s, p)]


def _rehearsal(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = _own_instrument(a)
    if x not in orchestra_of(s, p):
        raise RuleError("not_in_orchestra", instrument=x)
    pat = referee.pattern_of(s.orchestras[p], x)
    _played(s, p, "rehearsal", out)
    out.append(ev("rehearsal", player=p, instrument=x))
    out.append(ev("pattern_recalled", to=p, player=p, instrument=x, pattern=pat))


# --- audition: take an instrument from the discard pile into your hand ----------------------

def _audition_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    return [special(card, None, a) for a in sorted(set(s.instr_discard))]


def _audition(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = _own_instrument(a)
    if x not in s.instr_discard:
        raise RuleError("not_in_discard", instrument=x)
    idx = len(s.instr_discard) - 1 - s.instr_discard[::-1].index(x)  # the most recently discarded copy
    s.instr_discard.pop(idx)
    s.hands[p].append(x)
    _played(s, p, "audition", out)
    out.append(ev("audition", player=p, instrument=x))


CARDS: dict[str, SpecialCard] = {
    "headhunter": SpecialCard(_headhunter_targets, _headhunter),
    "sabotage": SpecialCard(_sabotage_targets, _sabotage),
    "job-sharing": SpecialCard(_job_sharing_targets, _job_sharing),
    "repertoire": SpecialCard(_repertoire_targets, _repertoire),
    "rehearsal": SpecialCard(_rehearsal_targets, _rehearsal),
    "audition": SpecialCard(_audition_targets, _audition),
}
SPECIAL_CARDS = tuple(CARDS)


def special_actions(s: ConcertoState, p: int) -> list[Action]:
    """Every way to play the special cards in hand (without effect only when none has one)."""
    acts: list[Action] = []
    for card in sorted(set(s.specials[p])):
        handler = CARDS.get(card)
        targets = handler.targets(s, p, card) if handler else []
        acts += targets if targets else [special(card)]
    return acts


def play_special(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    card = a.card
    if card not in CARDS:
        raise RuleError("unknown_special", card=str(card))
    if card not in s.specials[p]:
        raise RuleError("special_not_in_hand", card=card)
    handler = CARDS[card]
    if a.target is None and a.instrument is None and a.other is None and card != "repertoire":
        if handler.targets(s, p, card):
            raise RuleError("special_has_target", card=card)
        _played(s, p, card, out, effect=False)
    else:
        handler.play(s, p, a, out)
    s.phase = "refill"
