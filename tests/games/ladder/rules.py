"""Ladder's rules: climb the pile with a higher card, or fold and draw.

Cards are ranks 1..9, two of each. Every player starts with three cards (hidden from
the others). On your turn you climb (lay a card higher than the top of the pile) or
fold (draw the top card of the deck, if any). When everybody else folded after a
climb the pile is cleared. The first to lay their last card wins; when the deck is
empty and nobody climbed for two rounds, the fewest cards win.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.core.rng import Rng
from voice_game.core.rules import TERMINAL

RANKS = tuple(range(1, 10))
COPIES = 2
HAND = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 4
REASONS = ("player_count", "unknown_variant", "bad_deck", "game_over", "not_in_hand", "too_low",
           "unknown_action")
EVENTS = ("started", "climbed", "folded", "drew", "cleared", "game_over")


@dataclass(frozen=True)
class Action:
    kind: str  # "climb" or "fold"
    rank: int = 0


@dataclass
class State:
    players: list[str]
    hands: list[list[int]]
    deck: list[int]
    top: int = 0
    current: int = 0
    quiet: int = 0  # folds since the last climb
    winners: list[int] = field(default_factory=list)
    over: bool = False


def new_game(players: list[str], variants: list[str], seed: int, deck: list[int] | None = None) -> State:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError("player_count", count=n, min=MIN_PLAYERS, max=MAX_PLAYERS)
    for v in variants:
        raise RuleError("unknown_variant", variant=v)
    box = [r for r in RANKS for _ in range(COPIES)]
    if deck is None:
        cards = list(box)
        Rng(seed).shuffle(cards)
    else:
        cards = list(deck)
        if sorted(cards) != sorted(box):
            raise RuleError("bad_deck")
    hands = [sorted(cards[i * HAND:(i + 1) * HAND]) for i in range(n)]
    return State(list(players), hands, cards[n * HAND:])


def current_player(s: State) -> int:
    return TERMINAL if s.over else s.current


def legal_actions(s: State) -> list[Action]:
    if s.over:
        return []
    climbs = [Action("climb", r) for r in sorted(set(s.hands[s.current])) if r > s.top]
    return climbs + [Action("fold")]


def _copy(s: State) -> State:
    return state_from_json(state_to_json(s))


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    if s.over:
        raise RuleError("game_over")
    if a not in legal_actions(s):
        if a.kind == "climb" and a.rank not in s.hands[s.current]:
            raise RuleError("not_in_hand", rank=a.rank)
        if a.kind == "climb":
            raise RuleError("too_low", rank=a.rank, top=s.top)
        raise RuleError("unknown_action")
    s = _copy(s)
    p, n = s.current, len(s.players)
    events: list[Event] = []
    if a.kind == "climb":
        s.hands[p].remove(a.rank)
        s.top, s.quiet = a.rank, 0
        events.append(ev("climbed", player=p, rank=a.rank, left=len(s.hands[p])))
        if not s.hands[p]:
            return _end(s, [p], events)
    else:
        s.quiet += 1
        drew = bool(s.deck)
        events.append(ev("folded", player=p, drew=drew))
        if drew:
            card = s.deck.pop(0)
            s.hands[p] = sorted(s.hands[p] + [card])
            events.append(ev("drew", to=p, player=p, rank=card))
        if s.quiet == n - 1 and s.top:
            s.top = 0
            events.append(ev("cleared"))
        if not s.deck and s.quiet >= 2 * n:
            fewest = min(len(h) for h in s.hands)
            return _end(s, [i for i in range(n) if len(s.hands[i]) == fewest], events)
    s.current = (p + 1) % n
    return s, events


def _end(s: State, winners: list[int], events: list[Event]) -> tuple[State, list[Event]]:
    s.over, s.winners = True, winners
    events.append(ev("game_over", winners=winners, cards=[len(h) for h in s.hands]))
    return s, events


def is_over(s: State) -> bool:
    return s.over


def opening_events(s: State) -> list[Event]:
    return [ev("started", players=len(s.players))]


def view(s: State, player: int | None) -> dict[str, Any]:
    return {"you": player, "players": list(s.players), "top": s.top, "deck": len(s.deck),
            "hand": list(s.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in s.hands], "current": s.current, "over": s.over,
            "winners": list(s.winners)}


def view_scores(v: dict[str, Any]) -> dict[str, Any]:
    return {"cards": list(v["hand_sizes"])}


def state_to_json(s: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(asdict(s)))
    return data


def state_from_json(d: dict[str, Any]) -> State:
    return State(list(d["players"]), [list(h) for h in d["hands"]], list(d["deck"]), int(d["top"]),
                 int(d["current"]), int(d["quiet"]), list(d["winners"]), bool(d["over"]))


def resample_hidden(d: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    """The JSON state ``d`` with what ``seat`` may not know dealt anew: the other hands and
    the deck (their sizes stay)."""
    others = [i for i in range(len(d["hands"])) if i != seat]
    pool = list(d["deck"]) + [c for i in others for c in d["hands"][i]]
    rng.shuffle(pool)
    out = dict(d, hands=[list(h) for h in d["hands"]])
    for i in others:
        k = len(d["hands"][i])
        out["hands"][i], pool = sorted(pool[:k]), pool[k:]
    out["deck"] = pool
    return out
