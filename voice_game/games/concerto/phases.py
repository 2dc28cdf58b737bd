"""The turn as data: which moves each phase allows, what a move of another phase hears
there, and the automatic steps between decisions (after boardgame.io's phases).

Turn flow: action (place / special / swap / replace / conduct) -> [conduct -> beats ->
(encore) -> give_up] -> refill (draw / take_market until 3 instruments in hand) ->
end of turn (special card if none, job market back to two different cards) -> next.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.concerto import chance
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.moves import MOVES, Move
from voice_game.games.concerto.records import market_step, special_step, step_kind
from voice_game.games.concerto.state import ACTION_FIELDS, REVEAL, Action, ConcertoState
from voice_game.games.concerto.table import end_game, running


def _advance_setup(s: ConcertoState, out: list[Event]) -> bool:
    """Ask the next player without a starting orchestra; the first turn once all have one."""
    if s.setup_done[s.current]:
        nxt = [q for q in ((s.current + k) % s.n for k in range(1, s.n + 1)) if not s.setup_done[q]]
        if not nxt:
            s.phase = "action"
            s.current = s.first_player
            s.turn = 1
            out.append(ev("turn", player=s.current, number=s.turn))
            return False
        s.current = nxt[0]
    if s.extra.get("asked") != s.current:
        s.extra["asked"] = s.current
        out.append(ev("choose_start", player=s.current))
    return False


def _advance_refill(s: ConcertoState, out: list[Event]) -> bool:
    """Refilling ends with three instruments in hand (or nothing left to take)."""
    p = s.current
    if len(s.hands[p]) < load_content().hand_instruments and (s.instr_pile or s.instr_discard or s.market):
        return False
    if not s.specials[p]:
        s.queue.append(special_step(p))
    s.queue.append(market_step())
    s.phase = "end_turn"
    return True


def _advance_end_turn(s: ConcertoState, out: list[Event]) -> bool:
    """The game ends when no piece is left; otherwise the next seat's turn."""
    if all(v is None for v in s.open_pieces.values()) and not any(s.piece_piles.values()):
        best = max(s.scores)
        end_game(s, [i for i, x in enumerate(s.scores) if x == best], "pieces_exhausted", out)
        return False
    s.current = (s.current + 1) % s.n
    s.turn += 1
    s.phase = "action"
    out.append(ev("turn", player=s.current, number=s.turn))
    return False


@dataclass(frozen=True)
class Phase:
    moves: tuple[str, ...]  # the action kinds a player may take, in the order legal_actions lists them
    busy: Callable[[ConcertoState], RuleError] | None = None  # what a move of another phase hears
    advance: Callable[[ConcertoState, list[Event]], bool] | None = None  # automatic step; True: go on


PHASES: dict[str, Phase] = {
    "setup": Phase(("start",), lambda s: RuleError("choose_start_first"), _advance_setup),
    "action": Phase(("place", "special", "swap", "replace", "conduct")),
    "conduct": Phase(("beat",), lambda s: RuleError("conducting_now", piece=running(s)["piece"])),
    "encore": Phase(("beat",), lambda s: RuleError("conducting_now", piece=running(s)["piece"])),
    "give_up": Phase(("give_up",), lambda s: RuleError("give_up_first", piece=running(s)["piece"])),
    "refill": Phase(("draw", "take_market"), lambda s: RuleError("refill_first"), _advance_refill),
    "end_turn": Phase((), None, _advance_end_turn),
    "over": Phase(()),
}


def current_player(s: ConcertoState) -> int:
    if s.phase == "over":
        return TERMINAL
    if s.queue:
        return CHANCE
    return s.current


def legal_actions(s: ConcertoState) -> list[Action]:
    if s.phase == "over":
        return []
    if s.queue:
        return [REVEAL]
    acts: list[Action] = []
    for kind in PHASES[s.phase].moves:
        acts += MOVES[kind].legal(s, s.current)
    return acts


def _off_phase(s: ConcertoState, move: Move) -> RuleError:
    busy = PHASES[s.phase].busy
    if busy is None or move.always_off_phase:
        return move.off_phase()
    return busy(s)


def step(s: ConcertoState, a: Action, out: list[Event]) -> None:
    """Check and apply one action (a chance step or a player's move)."""
    if s.phase == "over":
        raise RuleError("game_over")
    if a.kind not in ACTION_FIELDS:
        raise RuleError("unknown_action", action=a.kind)
    if a.kind == "reveal":
        if not s.queue:
            raise RuleError("nothing_to_reveal")
        chance.reveal(s, out)
        return
    if s.queue:
        raise RuleError("reveal_pending")
    move = MOVES[a.kind]
    if a.kind not in PHASES[s.phase].moves:
        raise _off_phase(s, move)
    move.apply(s, s.current, a, out)


def advance(s: ConcertoState, out: list[Event]) -> None:
    """Run the steps that need no decision: drop impossible chance steps, end the
    refill, end the turn, start the next one."""
    while s.phase != "over":
        if s.queue:
            if chance.feasible(s, s.queue[0]):
                return
            dropped = s.queue.pop(0)
            if step_kind(dropped) == "conductor" and s.maestro and s.conductor_active is None \
                    and not s.conductor_pile:
                out.append(ev("conductors_exhausted"))
            continue
        auto = PHASES[s.phase].advance
        if auto is None or not auto(s, out):
            return
