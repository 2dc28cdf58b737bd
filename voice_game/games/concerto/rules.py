"""Concerto rules engine: pure functions over ConcertoState.

``apply`` works on a copy of the state and raises RuleError (reason code + params)
for anything the rules do not allow; the given state is never touched. Every draw
from a hidden pile is an explicit chance step: while one is pending,
``current_player`` is CHANCE and the only legal action is ``reveal``.

The engine's parts: ``phases`` (which moves each phase allows, the automatic flow),
``moves`` (legality and effect of each move), ``specials`` (one handler per special
card), ``performance`` (conducting, beats, encore, giving up), ``chance`` (the chance
steps), ``config`` (a new game's checks and deals), ``records`` (typed performance
and chance-step records) and ``table`` (what they share).
"""
from __future__ import annotations

from typing import Any

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE
from voice_game.games.concerto import config as setup
from voice_game.games.concerto import phases
from voice_game.games.concerto import view as concerto_view
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.specials import SPECIAL_CARDS
from voice_game.games.concerto.state import REVEAL, Action, ConcertoState

__all__ = [
    "EVENTS", "REASONS", "SPECIAL_CARDS", "apply", "current_player", "is_over", "legal_actions", "name", "new_game",
    "opening_events", "outcome", "resolve_chance", "state_from_json", "state_to_json", "view",
]

name = "concerto"

# Every reason code RuleError may carry, with the params it sends (for the locale texts).
REASONS = {
    # configuration and deck files
    "player_count": "count, min, max",
    "player_names": "",
    "birth_year": "player",
    "first_player": "first_player",
    "deck_unknown_pile": "pile",
    "deck_unknown_card": "pile, card",
    "deck_too_many": "pile, card, max",
    "deck_not_a_list": "pile",
    "deck_too_few_instruments": "",
    # flow
    "game_over": "",
    "reveal_pending": "",
    "nothing_to_reveal": "",
    "unknown_action": "action",
    "choose_start_first": "",
    "refill_first": "",
    "conducting_now": "piece",
    "give_up_first": "piece",
    "not_setup": "",
    "not_refilling": "",
    "not_conducting": "",
    "nothing_to_give_up": "",
    # ids
    "unknown_instrument": "instrument",
    "unknown_pattern": "pattern",
    "unknown_level": "level",
    "unknown_special": "card",
    "unknown_player": "target",
    # setup
    "start_count": "count",
    "start_duplicate": "instrument",
    # hand and orchestra
    "not_in_hand": "instrument",
    "already_in_orchestra": "instrument",
    "not_in_orchestra": "instrument",
    # special cards
    "special_not_in_hand": "card",
    "special_needs_target": "card",
    "special_has_target": "card",  # played without effect although it could act
    "special_bad_params": "card",
    "target_is_self": "",
    "target_not_in_orchestra": "instrument, target",
    "would_duplicate": "instrument, target",
    "same_instrument": "instrument",
    "not_in_market": "instrument",
    "not_in_discard": "instrument",
    # swapping hand cards
    "swap_count": "count, max",
    "swap_not_in_hand": "card",
    # pieces
    "no_open_piece": "level",
    "piece_pile_empty": "level",
    "missing_instruments": "piece, missing",
    # conductor cards
    "no_conductor": "",
    "nothing_to_ignore": "",
    "swap_pair_needed": "",
    "swap_not_asked": "",
    "swap_not_in_piece": "instrument",
    # conducting
    "not_in_encore": "instrument",
    "not_in_piece": "instrument, piece",
    # refill
    "instrument_pile_empty": "",
}

# Every event type with its fields ("player" is always a seat index; to=seat marks a
# private event, everything else is public).
EVENTS = {
    "game_started": ("game", "players", "maestro", "target", "first_player"),
    "market_revealed": ("instrument",),
    "market_duplicate": ("instrument",),  # discarded because the market already shows it
    "piece_revealed": ("level", "piece"),
    "conductor_revealed": ("card",),  # read out once; face down afterwards
    "conductors_exhausted": (),
    "card_drawn": ("player", "kind"),  # public: kind is instrument or special
    "card_received": ("player", "kind", "card"),  # private, to=player
    "pile_reshuffled": ("pile", "size"),  # pile: instruments, specials or beats
    "choose_start": ("player",),
    "turn": ("player", "number"),
    "instrument_placed": ("player", "instrument", "position", "setup"),
    "pattern_drawn": ("player", "instrument", "pattern"),  # public, also heard by the owner, once
    "market_taken": ("player", "instrument"),
    "cards_discarded": ("player", "instruments", "specials"),
    "piece_replaced": ("player", "level", "piece"),
    "special_played": ("player", "card", "effect"),
    "instruments_exchanged": ("player", "target", "instrument", "other"),  # headhunter
    "patterns_swapped": ("player", "target", "instrument", "other"),  # sabotage
    "market_exchanged": ("player", "instrument", "other"),  # job sharing: gave instrument, got other
    "rehearsal": ("player", "instrument"),
    "pattern_recalled": ("player", "instrument", "pattern"),  # private, to=player
    "audition": ("player", "instrument"),
    "performance_started": ("player", "level", "piece", "follow"),
    "own_patterns_swapped": ("player", "instrument", "other"),  # Rimon Sattle
    "beat_correct": ("player", "instrument", "pattern", "encore", "step", "left"),
    "beat_wrong": ("player", "instrument", "pattern", "expected_instrument", "expected_pattern", "encore", "step"),
    "encore_started": ("player", "count"),  # Mikkado Ruti
    "instrument_lost": ("player", "instrument", "pattern", "reason"),  # wrong_beat, encore, given_up
    "performance_failed": ("player", "level", "piece"),
    "conductor_result": ("player", "card", "fulfilled", "bonus"),
    "performance_succeeded": ("player", "level", "piece", "points", "bonus", "gained", "score"),
    # the same shape as Tierorchester's: scores {name: points}, winners [names]; details by seat
    "game_over": ("scores", "winners", "reason", "details"),  # reason: target or pieces_exhausted
}


# --- setup -------------------------------------------------------------------

def new_game(config: object, seed: int, deck: dict[str, Any] | None = None) -> ConcertoState:
    """A new game at its first chance step (the setup deals are chance steps).

    ``deck`` may fix the order (top first) of any pile: {"instruments": [...],
    "specials": [...], "beats": [...], "conductors": [...], "pieces": {"green": [...],
    "yellow": [...], "orange": [...]}}; piles not given are shuffled with ``seed``.
    """
    content = load_content()
    cfg = setup.read_config(config)
    players = setup.check_players(cfg)
    n = len(players)
    deck = dict(deck or {})
    setup.check_deck_keys(deck)
    rng = Rng(seed)
    instr = setup.pile(deck, "instruments", content.instrument_deck(), rng)
    specials = setup.pile(deck, "specials", content.special_deck(), rng)
    beats = setup.pile(deck, "beats", content.pattern_deck(), rng)
    conductors = setup.pile(deck, "conductors", sorted(content.conductors), rng) if cfg.maestro else []
    piece_piles = setup.piece_piles(deck, content, rng)
    state = ConcertoState(
        players=players, maestro=cfg.maestro, conductor_visible=cfg.conductor_visible,
        target=content.target(n, cfg.maestro), first_player=cfg.first_player,
        instr_pile=instr, special_pile=specials, beat_pile=beats, piece_piles=piece_piles,
        conductor_pile=conductors, instr_discard=[], special_discard=[], beat_discard=[],
        removed_pieces=[], conductor_done=[], conductor_active=None,
        open_pieces={lv: None for lv in content.levels}, market=[],
        hands=[[] for _ in range(n)], specials=[[] for _ in range(n)], orchestras=[[] for _ in range(n)],
        scores=[0] * n, collections=[[] for _ in range(n)], setup_done=[False] * n,
        phase="setup", current=cfg.first_player, turn=0, queue=setup.setup_steps(cfg, content), perf=None,
        winners=[], end_reason=None, rng=rng,
    )
    if deck.get("instruments") is not None:
        _check_hands_dealt(state, bool(instr))
    return state


def _check_hands_dealt(state: ConcertoState, any_instruments: bool) -> None:
    """A given instrument pile must let every player choose a starting orchestra (a hand
    of one kind only still plays: its owner starts with that one)."""
    try:
        hands = resolve_chance(state)[0].hands if any_instruments else None
    except (IndexError, RuleError):
        hands = None
    if hands is None or not all(hands):
        raise RuleError("deck_too_few_instruments")


def opening_events(state: ConcertoState) -> list[Event]:
    """What everybody learns before the first chance step."""
    return [ev("game_started", game=name, players=[p["name"] for p in state.players], maestro=state.maestro,
               target=state.target, first_player=state.first_player)]


# --- queries -------------------------------------------------------------------

def current_player(state: ConcertoState) -> int:
    return phases.current_player(state)


def is_over(state: ConcertoState) -> bool:
    return state.phase == "over"


def outcome(state: ConcertoState) -> dict[str, Any]:
    return {"winners": list(state.winners), "scores": list(state.scores), "reason": state.end_reason}


def legal_actions(state: ConcertoState) -> list[Action]:
    return phases.legal_actions(state)


# --- apply -----------------------------------------------------------------------

def apply(state: ConcertoState, action: Action) -> tuple[ConcertoState, list[Event]]:
    if not isinstance(action, Action):
        raise RuleError("unknown_action", action=str(action))
    s = state.clone()  # every check runs on the copy: a RuleError drops it
    out: list[Event] = []
    phases.step(s, action, out)
    phases.advance(s, out)
    s.history_len += 1
    return s, out


def resolve_chance(state: ConcertoState) -> tuple[ConcertoState, list[Event]]:
    """Apply chance steps until a player (or nobody) is to act."""
    events: list[Event] = []
    while current_player(state) == CHANCE:
        state, evs = apply(state, REVEAL)
        events += evs
    return state, events


# --- views and serialization (re-exported for the Rules protocol) ------------------

def view(state: ConcertoState, player: int | None) -> dict[str, Any]:
    return concerto_view.view(state, player)


def state_to_json(state: ConcertoState) -> dict[str, Any]:
    return state.to_json()


def state_from_json(data: dict[str, Any]) -> ConcertoState:
    return ConcertoState.from_json(data)
