"""Tierorchester rules engine: pure functions over OrchestraState.

Every public function leaves its input state untouched; ``apply`` validates first and
raises RuleError with a reason code, then works on a copy and returns it with the
events it caused.
"""
from __future__ import annotations

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.scoring import score_all, winners
from voice_game.games.orchestra.state import (
    DRAW, PASS, REVEAL, VARIANTS, Action, OrchestraConfig, OrchestraState, place, take,
)

name = "orchestra"


# --- setup -------------------------------------------------------------------

def new_game(config: OrchestraConfig, seed: int, deck: list[str] | None = None) -> OrchestraState:
    content = load_content()
    n = len(config.players)
    if not 2 <= n <= 5:
        raise RuleError("player_count", count=n, min=2, max=5)
    if len(set(config.players)) != n or not all(str(x).strip() for x in config.players):
        raise RuleError("player_names")
    for v in config.variants:
        if v not in VARIANTS:
            raise RuleError("unknown_variant", variant=v)
    families = list(content.families_for(n))
    rng = Rng(seed)
    if deck is None:
        cards = [f for f in families for _ in range(content.copies)]
        rng.shuffle(cards)
    else:
        cards = list(deck)
        if not cards:
            raise RuleError("deck_empty_file")
        for c in cards:
            if c not in families:
                raise RuleError("deck_family_not_in_play", family=c, players=n)
        for f in families:
            if cards.count(f) > content.copies:
                raise RuleError("deck_too_many", family=f, max=content.copies)
    removed: list[str] = []
    if "falsche-note" in config.variants:
        k = content.false_note_removed
        if len(cards) <= k:
            raise RuleError("deck_too_short", cards=len(cards), need=k + 1)
        idx = sorted(rng.sample(range(len(cards)), k), reverse=True)
        for i in idx:
            removed.append(cards.pop(i))
    maestro: list[str] = []
    if "grand-maestro" in config.variants:
        maestro = rng.sample(sorted(content.maestro_cards), content.maestro_dealt)
    start = config.start_player % n
    return OrchestraState(
        players=list(config.players), families=families, variants=list(config.variants),
        maestro=maestro, deck=cards, removed=removed,
        rows=[[] for _ in range(n)], row_owner=[None] * n,
        collections=[{} for _ in range(n)], current=start, phase="turn", drawn=None,
        round=1, final_queue=[], rng=rng,
    )


def opening_events(state: OrchestraState) -> list[Event]:
    """What everybody learns at setup: players, families in play, variants, cards."""
    return [
        ev("game_started", game=name, players=list(state.players), families=list(state.families),
           variants=list(state.variants), maestro=list(state.maestro), removed=len(state.removed),
           deck_size=len(state.deck), conductors=state.n),
        ev("round_started", round=state.round, player=state.current),
        ev("turn", player=state.current),
    ]


# --- queries -----------------------------------------------------------------

def current_player(state: OrchestraState) -> int:
    if state.phase == "over":
        return TERMINAL
    if state.phase == "reveal":
        return CHANCE
    return state.current


def is_over(state: OrchestraState) -> bool:
    return state.phase == "over"


def _open(state: OrchestraState, i: int) -> bool:
    return state.row_owner[i] is None


def legal_actions(state: OrchestraState) -> list[Action]:
    cap = load_content().max_per_conductor
    rows = range(state.n)
    if state.phase == "turn":
        acts = []
        if state.deck and any(_open(state, i) and len(state.rows[i]) < cap for i in rows):
            acts.append(DRAW)
        acts += [take(i + 1) for i in rows if _open(state, i) and state.rows[i]]
        return acts
    if state.phase == "reveal":
        return [REVEAL]
    if state.phase == "place":
        return [place(i + 1) for i in rows if _open(state, i) and len(state.rows[i]) < cap]
    if state.phase == "final":
        return [take(i + 1) for i in rows if _open(state, i) and state.rows[i]] + [PASS]
    return []


def check(state: OrchestraState, action: Action) -> None:
    """Raise RuleError with the reason why ``action`` is not allowed now; else return."""
    ph = state.phase
    if ph == "over":
        raise RuleError("game_over")
    if action.kind not in _CHECKS:
        raise RuleError("unknown_action")
    if ph == "reveal" and action.kind != "reveal":
        raise RuleError("reveal_pending")
    if action.kind in ("place", "take"):
        c = action.conductor
        if not 1 <= c <= state.n:
            raise RuleError("no_such_conductor", conductor=c, count=state.n)
    _CHECKS[action.kind](state, action)


def _check_reveal(state: OrchestraState, action: Action) -> None:
    if state.phase != "reveal":
        raise RuleError("nothing_to_reveal")


def _check_draw(state: OrchestraState, action: Action) -> None:
    cap = load_content().max_per_conductor
    if state.phase == "place":
        raise RuleError("must_place_first", family=state.drawn)
    if state.phase == "final" or not state.deck:
        raise RuleError("deck_empty")
    if not any(_open(state, i) and len(state.rows[i]) < cap for i in range(state.n)):
        raise RuleError("all_full")


def _check_place(state: OrchestraState, action: Action) -> None:
    cap = load_content().max_per_conductor
    if state.phase == "turn":
        raise RuleError("must_draw_first")
    if state.phase == "final":
        raise RuleError("nothing_to_place")
    i = action.conductor - 1
    if not _open(state, i):
        raise RuleError("conductor_taken", conductor=action.conductor, player=state.row_owner[i])
    if len(state.rows[i]) >= cap:
        raise RuleError("conductor_full", conductor=action.conductor, max=cap)


def _check_take(state: OrchestraState, action: Action) -> None:
    if state.phase == "place":
        raise RuleError("must_place_first", family=state.drawn)
    i = action.conductor - 1
    if not _open(state, i):
        raise RuleError("conductor_taken", conductor=action.conductor, player=state.row_owner[i])
    if not state.rows[i]:
        raise RuleError("conductor_empty", conductor=action.conductor)


def _check_pass(state: OrchestraState, action: Action) -> None:
    if state.phase == "place":  # the drawn card comes first, whatever else is wrong
        raise RuleError("must_place_first", family=state.drawn)
    if state.phase != "final":
        raise RuleError("pass_only_at_end")


_CHECKS = {"draw": _check_draw, "reveal": _check_reveal, "place": _check_place, "take": _check_take,
           "pass": _check_pass}


def apply(state: OrchestraState, action: Action) -> tuple[OrchestraState, list[Event]]:
    check(state, action)
    s = state.clone()
    events = step(s, action)
    return s, events


# --- transitions (mutate a state the caller owns) ---------------------------

def _next_active(s: OrchestraState, after: int) -> int | None:
    for k in range(1, s.n + 1):
        p = (after + k) % s.n
        if p not in s.row_owner:
            return p
    return None


def _next_turn(s: OrchestraState, after: int) -> int:
    """The next seat to move while some conductor is still free this round."""
    p = _next_active(s, after)
    assert p is not None  # called only while a row is left
    return p


def step(s: OrchestraState, a: Action) -> list[Event]:
    """Apply a checked action in place. Only for callers that own ``s`` (apply, search)."""
    p = s.current
    s.history_len += 1
    out: list[Event] = []
    kind = a.kind
    if kind == "draw":
        s.phase = "reveal"
        out.append(ev("drew", player=p))
    elif kind == "reveal":
        s.drawn = s.deck.pop(0)
        s.phase = "place"
        out.append(ev("revealed", player=p, family=s.drawn, remaining=len(s.deck)))
    elif kind == "place":
        i = a.conductor - 1
        assert s.drawn is not None  # placing is legal only with a drawn card
        s.rows[i].append(s.drawn)
        out.append(ev("placed", player=p, family=s.drawn, conductor=a.conductor, count=len(s.rows[i])))
        s.drawn = None
        if not s.deck:
            s.last_card_by = p
            s.phase = "final"
            q = [(p + k) % s.n for k in range(1, s.n + 1)]
            s.final_queue = [x for x in q if x not in s.row_owner]
            out.append(ev("last_card", player=p, order=list(s.final_queue)))
            out += _advance_final(s)
        else:
            s.phase = "turn"
            s.current = _next_turn(s, p)
            out.append(ev("turn", player=s.current))
    elif kind == "take":
        i = a.conductor - 1
        got = s.rows[i]
        s.rows[i] = []
        s.row_owner[i] = p
        coll = s.collections[p]
        for f in got:
            coll[f] = coll.get(f, 0) + 1
        out.append(ev("took", player=p, conductor=a.conductor, families=got, final=s.phase == "final"))
        if s.phase == "final":
            s.final_queue.pop(0)
            out += _advance_final(s)
        elif all(o is not None for o in s.row_owner):
            out.append(ev("round_ended", round=s.round, next_player=p))
            s.round += 1
            s.rows = [[] for _ in range(s.n)]
            s.row_owner = [None] * s.n
            s.current = p
            out.append(ev("round_started", round=s.round, player=p))
            out.append(ev("turn", player=p))
        else:
            s.current = _next_turn(s, p)
            out.append(ev("turn", player=s.current))
    elif kind == "pass":
        out.append(ev("passed", player=p))
        s.final_queue.pop(0)
        out += _advance_final(s)
    return out


def _advance_final(s: OrchestraState) -> list[Event]:
    if s.final_queue:
        s.current = s.final_queue[0]
        return [ev("final_choice", player=s.current)]
    s.phase = "over"
    return [_game_over_event(s)]


# --- the end -----------------------------------------------------------------

def outcome(state: OrchestraState) -> dict:
    content = load_content()
    scores = score_all(state.collections, state.maestro, content)
    win = winners(scores)
    return {
        "scores": [sc.total for sc in scores],
        "quartets": [sc.quartets for sc in scores],
        "families": [sc.families for sc in scores],
        "bonuses": [sc.bonuses for sc in scores],
        "winners": win,
    }


def _game_over_event(s: OrchestraState) -> Event:
    o = outcome(s)
    names = s.players
    return ev(
        "game_over",
        scores={names[i]: o["scores"][i] for i in range(s.n)},
        quartets={names[i]: o["quartets"][i] for i in range(s.n)},
        winners=[names[i] for i in o["winners"]],
        details=[{"player": i, "families": o["families"][i], "bonuses": o["bonuses"][i],
                  "total": o["scores"][i], "quartets": o["quartets"][i]} for i in range(s.n)],
        leftover=[list(r) for r in s.rows],
    )


# --- serialization -----------------------------------------------------------

def state_to_json(state: OrchestraState) -> dict:
    return state.to_json()


def state_from_json(data: dict) -> OrchestraState:
    return OrchestraState.from_json(data)
