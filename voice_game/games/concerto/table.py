"""What the moves share: looking at the table and the few changes several moves make
(an instrument into or out of an orchestra, a special card played, the end of the game)."""
from __future__ import annotations

from typing import cast

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.games.concerto import referee
from voice_game.games.concerto.content import Conductor, load_content
from voice_game.games.concerto.records import Performance, pattern_step
from voice_game.games.concerto.state import ConcertoState


def orchestra_of(s: ConcertoState, seat: int) -> list[str]:
    """The instruments of a seat's orchestra, left to right."""
    return [slot[0] for slot in s.orchestras[seat]]


def active_card(s: ConcertoState) -> Conductor | None:
    return referee.conductor_card(load_content(), s.conductor_active)


def running(s: ConcertoState) -> Performance:
    """The running performance (only asked for in the phases that have one)."""
    return cast(Performance, s.perf)


def check_instrument(x: object) -> str:
    if x not in load_content().instruments:
        raise RuleError("unknown_instrument", instrument=str(x))
    return x


def check_level(lv: object) -> str:
    if lv not in load_content().levels:
        raise RuleError("unknown_level", level=str(lv))
    return lv


def open_piece(s: ConcertoState, level: object) -> str:
    """The open piece of a level (the level checked first)."""
    lv = check_level(level)
    pid = s.open_pieces[lv]
    if pid is None:
        raise RuleError("no_open_piece", level=lv)
    return str(pid)


def put_in_orchestra(s: ConcertoState, p: int, x: str, out: list[Event], setup: bool = False) -> None:
    s.hands[p].remove(x)
    s.orchestras[p].append([x, None])
    out.append(ev("instrument_placed", player=p, instrument=x, position=len(s.orchestras[p]), setup=setup))
    s.queue.append(pattern_step(p, x))


def lose_instrument(s: ConcertoState, p: int, x: str, reason: str, out: list[Event]) -> None:
    o = s.orchestras[p]
    i = [slot[0] for slot in o].index(x)
    ins, pat = o.pop(i)  # the gap closes; the order of the rest never changes
    s.instr_discard.append(ins)
    if pat is not None:
        s.beat_discard.append(pat)
    out.append(ev("instrument_lost", player=p, instrument=ins, pattern=pat, reason=reason))


def discard_special(s: ConcertoState, p: int, card: str) -> None:
    s.specials[p].remove(card)
    s.special_discard.append(card)


def end_game(s: ConcertoState, winners: list[int], reason: str, out: list[Event]) -> None:
    s.phase = "over"
    s.winners = list(winners)
    s.end_reason = reason
    s.queue = []
    names = [p["name"] for p in s.players]
    out.append(ev("game_over", scores={names[i]: s.scores[i] for i in range(s.n)},
                  winners=[names[i] for i in winners], reason=reason,
                  details=[{"player": i, "total": s.scores[i], "winner": i in winners} for i in range(s.n)]))
