"""Concerto rules engine: pure functions over ConcertoState.

``apply`` works on a copy of the state and raises RuleError (reason code + params)
for anything the rules do not allow; the given state is never touched. Every draw
from a hidden pile is an explicit chance step: while one is pending,
``current_player`` is CHANCE and the only legal action is ``reveal``.

Turn flow: action (place / special / swap / replace / conduct) -> [conduct -> beats ->
(encore) -> give_up] -> refill (draw / take_market until 3 instruments in hand) ->
end of turn (special card if none, job market back to two different cards) -> next.
"""
from __future__ import annotations

from itertools import combinations, permutations

from voice_game.core.errors import RuleError
from voice_game.core.events import Event, ev
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.concerto import referee
from voice_game.games.concerto.content import PERFORMANCE_KINDS, load_content
from voice_game.games.concerto.state import (
    ACTION_FIELDS, DRAW, REVEAL, Action, ConcertoConfig, ConcertoState, beat, conduct, give_up, place,
    replace, special, start, swap, take_market,
)

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

SPECIAL_CARDS = ("headhunter", "sabotage", "job-sharing", "repertoire", "rehearsal", "audition")


# --- setup -------------------------------------------------------------------

def _config(config) -> ConcertoConfig:
    if isinstance(config, ConcertoConfig):
        return config
    if isinstance(config, dict):
        try:
            return ConcertoConfig.from_json(config)
        except (KeyError, TypeError, ValueError):
            raise RuleError("player_names") from None
    raise RuleError("player_names")


def _check_deck(deck, pile: str, box: list[str]) -> list[str]:
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RuleError("deck_not_a_list", pile=pile)
    cards = list(deck)
    avail: dict = {}
    for c in box:
        avail[c] = avail.get(c, 0) + 1
    used: dict = {}
    for c in cards:
        if c not in avail:
            raise RuleError("deck_unknown_card", pile=pile, card=c)
        used[c] = used.get(c, 0) + 1
        if used[c] > avail[c]:
            raise RuleError("deck_too_many", pile=pile, card=c, max=avail[c])
    return cards


def new_game(config, seed: int, deck: dict | None = None) -> ConcertoState:
    """A new game at its first chance step (the setup deals are chance steps).

    ``deck`` may fix the order (top first) of any pile: {"instruments": [...],
    "specials": [...], "beats": [...], "conductors": [...], "pieces": {"green": [...],
    "yellow": [...], "orange": [...]}}; piles not given are shuffled with ``seed``.
    """
    content = load_content()
    cfg = _config(config)
    n = len(cfg.players)
    if not 2 <= n <= 4:
        raise RuleError("player_count", count=n, min=2, max=4)
    players = []
    for i, p in enumerate(cfg.players):
        if not isinstance(p, dict) or not str(p.get("name", "")).strip():
            raise RuleError("player_names")
        by = p.get("birth_year")
        if not isinstance(by, int) or isinstance(by, bool) or not 1900 <= by <= 2100:
            raise RuleError("birth_year", player=i)
        players.append({"name": str(p["name"]).strip(), "birth_year": by})
    if len({p["name"] for p in players}) != n:
        raise RuleError("player_names")
    if not 0 <= cfg.first_player < n:
        raise RuleError("first_player", first_player=cfg.first_player)
    deck = dict(deck or {})
    for k in deck:
        if k not in ("instruments", "specials", "beats", "conductors", "pieces"):
            raise RuleError("deck_unknown_pile", pile=k)
    rng = Rng(seed)

    def pile(key: str, box: list[str]) -> list[str]:
        if key in deck and deck[key] is not None:
            return _check_deck(deck[key], key, box)
        cards = list(box)
        rng.shuffle(cards)
        return cards

    instr = pile("instruments", content.instrument_deck())
    specials = pile("specials", content.special_deck())
    beats = pile("beats", content.pattern_deck())
    conductors = pile("conductors", sorted(content.conductors)) if cfg.maestro else []
    given_pieces = deck.get("pieces") or {}
    if not isinstance(given_pieces, dict):
        raise RuleError("deck_not_a_list", pile="pieces")
    for lv in given_pieces:
        if lv not in content.levels:
            raise RuleError("deck_unknown_pile", pile=f"pieces.{lv}")
    piece_piles = {}
    for lv in content.levels:
        box = sorted(content.pieces_of(lv))
        if lv in given_pieces:
            piece_piles[lv] = _check_deck(given_pieces[lv], f"pieces.{lv}", box)
        else:
            cards = list(box)
            rng.shuffle(cards)
            piece_piles[lv] = cards
    queue = [{"k": "market"}]
    queue += [{"k": "piece", "level": lv} for lv in content.levels]
    if cfg.maestro:
        queue.append({"k": "conductor"})
    for k in range(n):
        seat = (cfg.first_player + k) % n
        queue += [{"k": "instrument", "seat": seat} for _ in range(content.start_dealt)]
        queue.append({"k": "special", "seat": seat})
    state = ConcertoState(
        players=players, maestro=cfg.maestro, conductor_visible=cfg.conductor_visible,
        target=content.target(n, cfg.maestro), first_player=cfg.first_player,
        instr_pile=instr, special_pile=specials, beat_pile=beats, piece_piles=piece_piles,
        conductor_pile=conductors, instr_discard=[], special_discard=[], beat_discard=[],
        removed_pieces=[], conductor_done=[], conductor_active=None,
        open_pieces={lv: None for lv in content.levels}, market=[],
        hands=[[] for _ in range(n)], specials=[[] for _ in range(n)], orchestras=[[] for _ in range(n)],
        scores=[0] * n, collections=[[] for _ in range(n)], setup_done=[False] * n,
        phase="setup", current=cfg.first_player, turn=0, queue=queue, perf=None, winners=[],
        end_reason=None, rng=rng,
    )
    if deck.get("instruments") is not None:
        # a given instrument pile must let every player choose a starting orchestra
        # (a hand of one kind only still plays: its owner starts with that one)
        try:
            hands = resolve_chance(state)[0].hands if instr else None
        except (IndexError, RuleError):
            hands = None
        if hands is None or not all(hands):
            raise RuleError("deck_too_few_instruments")
    return state


def opening_events(state: ConcertoState) -> list[Event]:
    """What everybody learns before the first chance step."""
    return [ev("game_started", game=name, players=[p["name"] for p in state.players], maestro=state.maestro,
               target=state.target, first_player=state.first_player)]


# --- queries -------------------------------------------------------------------

def current_player(state: ConcertoState) -> int:
    if state.phase == "over":
        return TERMINAL
    if state.queue:
        return CHANCE
    return state.current


def is_over(state: ConcertoState) -> bool:
    return state.phase == "over"


def outcome(state: ConcertoState) -> dict:
    return {"winners": list(state.winners), "scores": list(state.scores), "reason": state.end_reason}


def _orch(s: ConcertoState, seat: int) -> list[str]:
    return [slot[0] for slot in s.orchestras[seat]]


def _card(s: ConcertoState):
    return referee.conductor_card(load_content(), s.conductor_active)


def _special_targets(s: ConcertoState, p: int, card: str) -> list[Action]:
    """Every way to play ``card`` with an effect."""
    mine = _orch(s, p)
    out = []
    if card == "headhunter":
        for t in range(s.n):
            if t == p:
                continue
            theirs = _orch(s, t)
            for a in mine:
                for b in theirs:
                    if a == b or (b not in mine and a not in theirs):
                        out.append(special(card, t, a, b))
    elif card == "sabotage":
        for t in range(s.n):
            if t == p:
                continue
            for a, b in permutations(_orch(s, t), 2):  # either order names the same swap
                out.append(special(card, t, a, b))
    elif card == "job-sharing":
        for a in mine:
            for b in sorted(set(s.market)):
                if b != a and b not in mine:
                    out.append(special(card, None, a, b))
    elif card == "repertoire":
        if any(v is not None for v in s.open_pieces.values()):
            out.append(special(card))
    elif card == "rehearsal":
        out += [special(card, None, a) for a in mine]
    elif card == "audition":
        out += [special(card, None, a) for a in sorted(set(s.instr_discard))]
    return out


def _conduct_actions(s: ConcertoState, p: int) -> list[Action]:
    content = load_content()
    card = _card(s)
    mine = set(_orch(s, p))
    out = []
    for lv, pid in s.open_pieces.items():
        if pid is None:
            continue
        piece = content.pieces[pid]
        if not set(piece.instruments) <= mine:
            continue
        if card is not None and card.kind == "swap_own_patterns":
            out += [conduct(lv, True, a, b) for a, b in permutations(piece.instruments, 2)]  # either order
        else:
            out.append(conduct(lv))
        if card is not None and card.kind in PERFORMANCE_KINDS:
            out.append(conduct(lv, follow=False))
    return out


def _swap_actions(s: ConcertoState, p: int) -> list[Action]:
    cards = sorted(s.hands[p] + s.specials[p])
    seen = set()
    out = []
    for k in range(1, min(4, len(cards)) + 1):
        for combo in combinations(cards, k):
            if combo not in seen:
                seen.add(combo)
                out.append(swap(*combo))
    return out


def legal_actions(state: ConcertoState) -> list[Action]:
    s = state
    if s.phase == "over":
        return []
    if s.queue:
        return [REVEAL]
    p = s.current
    content = load_content()
    if s.phase == "setup":
        distinct = sorted(set(s.hands[p]))
        if len(distinct) >= content.start_orchestra:
            return [start(*c) for c in permutations(distinct, content.start_orchestra)]
        return [start(*distinct)]
    if s.phase == "action":
        mine = _orch(s, p)
        acts = [place(x) for x in sorted(set(s.hands[p])) if x not in mine]
        for card in sorted(set(s.specials[p])):
            targets = _special_targets(s, p, card)
            acts += targets if targets else [special(card)]
        acts += _swap_actions(s, p)
        acts += [replace(lv) for lv, pid in s.open_pieces.items() if pid is not None and s.piece_piles[lv]]
        acts += _conduct_actions(s, p)
        return acts
    if s.phase == "conduct":
        return [beat(x, pat) for x in _orch(s, p) for pat in content.patterns]
    if s.phase == "encore":
        return [beat(x, pat) for x in s.perf["encore"] for pat in content.patterns]
    if s.phase == "give_up":
        piece = content.pieces[s.perf["piece"]]
        return [give_up(x) for x in piece.instruments if x in _orch(s, p)]
    if s.phase == "refill":
        acts = [DRAW] if (s.instr_pile or s.instr_discard) else []
        return acts + [take_market(x) for x in sorted(set(s.market))]
    return []


# --- apply -----------------------------------------------------------------------

def apply(state: ConcertoState, action: Action) -> tuple[ConcertoState, list[Event]]:
    if not isinstance(action, Action):
        raise RuleError("unknown_action", action=str(action))
    s = state.clone()  # every check below runs on the copy: a RuleError drops it
    out: list[Event] = []
    _step(s, action, out)
    _advance(s, out)
    s.history_len += 1
    return s, out


def resolve_chance(state: ConcertoState) -> tuple[ConcertoState, list[Event]]:
    """Apply chance steps until a player (or nobody) is to act."""
    events: list[Event] = []
    while current_player(state) == CHANCE:
        state, evs = apply(state, REVEAL)
        events += evs
    return state, events


def _phase_error(s: ConcertoState) -> RuleError:
    if s.phase == "setup":
        return RuleError("choose_start_first")
    if s.phase == "refill":
        return RuleError("refill_first")
    if s.phase in ("conduct", "encore"):
        return RuleError("conducting_now", piece=s.perf["piece"])
    if s.phase == "give_up":
        return RuleError("give_up_first", piece=s.perf["piece"])
    return RuleError("unknown_action", action="")


def _check_instrument(x) -> str:
    if x not in load_content().instruments:
        raise RuleError("unknown_instrument", instrument=str(x))
    return x


def _step(s: ConcertoState, a: Action, out: list[Event]) -> None:
    if s.phase == "over":
        raise RuleError("game_over")
    if a.kind not in ACTION_FIELDS:
        raise RuleError("unknown_action", action=a.kind)
    if a.kind == "reveal":
        if not s.queue:
            raise RuleError("nothing_to_reveal")
        _reveal(s, out)
        return
    if s.queue:
        raise RuleError("reveal_pending")
    p = s.current
    if a.kind == "start":
        if s.phase != "setup":
            raise RuleError("not_setup")
        _start(s, p, a, out)
        return
    if a.kind in ("place", "special", "swap", "replace", "conduct"):
        if s.phase != "action":
            raise _phase_error(s)
        {"place": _place, "special": _special, "swap": _swap, "replace": _replace, "conduct": _conduct}[a.kind](
            s, p, a, out)
        return
    if a.kind == "beat":
        if s.phase not in ("conduct", "encore"):
            raise _phase_error(s) if s.phase in ("setup", "refill", "give_up") else RuleError("not_conducting")
        _beat(s, p, a, out)
        return
    if a.kind == "give_up":
        if s.phase != "give_up":
            raise _phase_error(s) if s.phase in ("setup", "refill", "conduct", "encore") else RuleError(
                "nothing_to_give_up")
        _give_up(s, p, a, out)
        return
    if a.kind in ("draw", "take_market"):
        if s.phase != "refill":
            raise _phase_error(s) if s.phase in ("setup", "conduct", "encore", "give_up") else RuleError(
                "not_refilling")
        if a.kind == "draw":
            if not (s.instr_pile or s.instr_discard):
                raise RuleError("instrument_pile_empty")
            s.queue.append({"k": "instrument", "seat": p})
        else:
            x = _check_instrument(a.instrument)
            if x not in s.market:
                raise RuleError("not_in_market", instrument=x)
            s.market.remove(x)
            s.hands[p].append(x)
            out.append(ev("market_taken", player=p, instrument=x))
        return
    raise RuleError("unknown_action", action=a.kind)


# --- setup and the five actions --------------------------------------------------

def _put_in_orchestra(s: ConcertoState, p: int, x: str, out: list[Event], setup: bool = False) -> None:
    s.hands[p].remove(x)
    s.orchestras[p].append([x, None])
    out.append(ev("instrument_placed", player=p, instrument=x, position=len(s.orchestras[p]), setup=setup))
    s.queue.append({"k": "pattern", "seat": p, "instrument": x})


def _start(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    content = load_content()
    cards = list(a.cards)
    for x in cards:
        _check_instrument(x)
    distinct = set(s.hands[p])
    need = min(content.start_orchestra, len(distinct))
    if len(cards) != need:
        raise RuleError("start_count", count=need)
    if len(set(cards)) != len(cards):
        raise RuleError("start_duplicate", instrument=cards[0])
    for x in cards:
        if x not in s.hands[p]:
            raise RuleError("not_in_hand", instrument=x)
    for x in cards:
        _put_in_orchestra(s, p, x, out, setup=True)
    s.setup_done[p] = True  # _advance asks the next player once the patterns are announced


def _place(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    x = _check_instrument(a.instrument)
    if x not in s.hands[p]:
        raise RuleError("not_in_hand", instrument=x)
    if x in _orch(s, p):
        raise RuleError("already_in_orchestra", instrument=x)
    _put_in_orchestra(s, p, x, out)
    s.phase = "refill"


def _swap(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    cards = list(a.cards)
    if not 1 <= len(cards) <= 4:
        raise RuleError("swap_count", count=len(cards), max=4)
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


def _replace(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    lv = a.level
    if lv not in load_content().levels:
        raise RuleError("unknown_level", level=str(lv))
    pid = s.open_pieces[lv]
    if pid is None:
        raise RuleError("no_open_piece", level=lv)
    if not s.piece_piles[lv]:
        raise RuleError("piece_pile_empty", level=lv)
    s.piece_piles[lv].append(pid)
    s.open_pieces[lv] = None
    out.append(ev("piece_replaced", player=p, level=lv, piece=pid))
    s.queue.append({"k": "piece", "level": lv})
    s.phase = "refill"


def _special(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    card = a.card
    if card not in SPECIAL_CARDS:
        raise RuleError("unknown_special", card=str(card))
    if card not in s.specials[p]:
        raise RuleError("special_not_in_hand", card=card)
    no_params = a.target is None and a.instrument is None and a.other is None
    if no_params and card != "repertoire":
        if _special_targets(s, p, card):
            raise RuleError("special_has_target", card=card)
        _discard_special(s, p, card)
        out.append(ev("special_played", player=p, card=card, effect=False))
        s.phase = "refill"
        return
    mine = _orch(s, p)
    if card in ("headhunter", "sabotage"):
        t = a.target
        if t is None or a.instrument is None or a.other is None:
            raise RuleError("special_needs_target", card=card)
        if not isinstance(t, int) or not 0 <= t < s.n:
            raise RuleError("unknown_player", target=t)
        if t == p:
            raise RuleError("target_is_self")
        x, y = _check_instrument(a.instrument), _check_instrument(a.other)
        theirs = _orch(s, t)
        if card == "headhunter":
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
            _discard_special(s, p, card)
            out.append(ev("special_played", player=p, card=card, effect=True))
            out.append(ev("instruments_exchanged", player=p, target=t, instrument=x, other=y))
        else:
            for z in (x, y):
                if z not in theirs:
                    raise RuleError("target_not_in_orchestra", instrument=z, target=t)
            if x == y:
                raise RuleError("same_instrument", instrument=x)
            i, j = theirs.index(x), theirs.index(y)
            o = s.orchestras[t]
            o[i][1], o[j][1] = o[j][1], o[i][1]
            _discard_special(s, p, card)
            out.append(ev("special_played", player=p, card=card, effect=True))
            out.append(ev("patterns_swapped", player=p, target=t, instrument=x, other=y))
    elif card == "job-sharing":
        if a.target is not None or a.instrument is None or a.other is None:
            raise RuleError("special_bad_params", card=card) if a.target is not None else RuleError(
                "special_needs_target", card=card)
        x, y = _check_instrument(a.instrument), _check_instrument(a.other)
        if x not in mine:
            raise RuleError("not_in_orchestra", instrument=x)
        if y not in s.market:
            raise RuleError("not_in_market", instrument=y)
        if x == y:
            raise RuleError("same_instrument", instrument=x)
        if y in mine:
            raise RuleError("would_duplicate", instrument=y, target=p)
        i = mine.index(x)
        s.orchestras[p][i][0] = y  # the newcomer takes the seat and its beat pattern
        s.market.remove(y)
        _discard_special(s, p, card)
        out.append(ev("special_played", player=p, card=card, effect=True))
        out.append(ev("market_exchanged", player=p, instrument=x, other=y))
        if x in s.market:
            s.instr_discard.append(x)
            out.append(ev("market_duplicate", instrument=x))
        else:
            s.market.append(x)
        s.queue.insert(0, {"k": "market"})
    elif card == "repertoire":
        if a.target is not None or a.instrument is not None or a.other is not None:
            raise RuleError("special_bad_params", card=card)
        if not any(v is not None for v in s.open_pieces.values()):
            # nothing to exchange: the card is played without effect
            _discard_special(s, p, card)
            out.append(ev("special_played", player=p, card=card, effect=False))
            s.phase = "refill"
            return
        _discard_special(s, p, card)
        out.append(ev("special_played", player=p, card=card, effect=True))
        for lv, pid in s.open_pieces.items():
            if pid is None:
                continue
            s.piece_piles[lv].append(pid)
            s.open_pieces[lv] = None
            out.append(ev("piece_replaced", player=p, level=lv, piece=pid))
            s.queue.append({"k": "piece", "level": lv})
    elif card in ("rehearsal", "audition"):
        if a.target is not None or a.other is not None or a.instrument is None:
            raise RuleError("special_bad_params", card=card)
        x = _check_instrument(a.instrument)
        if card == "rehearsal":
            if x not in mine:
                raise RuleError("not_in_orchestra", instrument=x)
            pat = referee.pattern_of(s.orchestras[p], x)
            _discard_special(s, p, card)
            out.append(ev("special_played", player=p, card=card, effect=True))
            out.append(ev("rehearsal", player=p, instrument=x))
            out.append(ev("pattern_recalled", to=p, player=p, instrument=x, pattern=pat))
        else:
            if x not in s.instr_discard:
                raise RuleError("not_in_discard", instrument=x)
            # take the most recently discarded copy
            idx = len(s.instr_discard) - 1 - s.instr_discard[::-1].index(x)
            s.instr_discard.pop(idx)
            s.hands[p].append(x)
            _discard_special(s, p, card)
            out.append(ev("special_played", player=p, card=card, effect=True))
            out.append(ev("audition", player=p, instrument=x))
    s.phase = "refill"


def _discard_special(s: ConcertoState, p: int, card: str) -> None:
    s.specials[p].remove(card)
    s.special_discard.append(card)


def _conduct(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    content = load_content()
    lv = a.level
    if lv not in content.levels:
        raise RuleError("unknown_level", level=str(lv))
    pid = s.open_pieces[lv]
    if pid is None:
        raise RuleError("no_open_piece", level=lv)
    piece = content.pieces[pid]
    mine = _orch(s, p)
    missing = [x for x in piece.instruments if x not in mine]
    if missing:
        raise RuleError("missing_instruments", piece=pid, missing=missing)
    card = _card(s)
    follow = bool(a.follow)
    if not follow:
        if card is None:
            raise RuleError("no_conductor")
        if card.kind not in PERFORMANCE_KINDS:
            raise RuleError("nothing_to_ignore")
    swap_pair = None
    if referee.needs_swap(card, follow):
        if a.instrument is None or a.other is None:
            raise RuleError("swap_pair_needed")
        x, y = _check_instrument(a.instrument), _check_instrument(a.other)
        for z in (x, y):
            if z not in piece.instruments:
                raise RuleError("swap_not_in_piece", instrument=z)
        if x == y:
            raise RuleError("same_instrument", instrument=x)
        swap_pair = [x, y]
    elif a.instrument is not None or a.other is not None:
        raise RuleError("swap_not_asked")
    prereq = None
    if card is not None and card.is_prerequisite:
        prereq = referee.prerequisite_met(card, piece, s.orchestras[p], s.players, p)
    out.append(ev("performance_started", player=p, level=lv, piece=pid, follow=follow))
    if swap_pair:
        o = s.orchestras[p]
        i, j = mine.index(swap_pair[0]), mine.index(swap_pair[1])
        o[i][1], o[j][1] = o[j][1], o[i][1]
        out.append(ev("own_patterns_swapped", player=p, instrument=swap_pair[0], other=swap_pair[1]))
    seq = referee.expected_sequence(piece, s.orchestras[p], card, follow)
    s.perf = {"level": lv, "piece": pid, "sequence": seq, "step": 0, "follow": follow, "prereq": prereq,
              "card": s.conductor_active, "encore": None, "encore_failed": False, "beats": []}
    s.phase = "conduct"


def _lose(s: ConcertoState, p: int, x: str, reason: str, out: list[Event]) -> None:
    o = s.orchestras[p]
    i = [slot[0] for slot in o].index(x)
    ins, pat = o.pop(i)  # the gap closes; the order of the rest never changes
    s.instr_discard.append(ins)
    if pat is not None:
        s.beat_discard.append(pat)
    out.append(ev("instrument_lost", player=p, instrument=ins, pattern=pat, reason=reason))


def _beat(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    content = load_content()
    x = _check_instrument(a.instrument)
    if a.pattern not in content.patterns:
        raise RuleError("unknown_pattern", pattern=str(a.pattern))
    pat = a.pattern
    mine = _orch(s, p)
    if x not in mine:
        raise RuleError("not_in_orchestra", instrument=x)
    perf = s.perf
    card = referee.conductor_card(content, perf["card"])
    if s.phase == "encore":
        if x not in perf["encore"]:
            raise RuleError("not_in_encore", instrument=x)
        true = referee.pattern_of(s.orchestras[p], x)
        perf["beats"].append([x, pat])
        if pat == true:
            perf["encore"].remove(x)
            out.append(ev("beat_correct", player=p, instrument=x, pattern=pat, encore=True,
                          step=len(perf["beats"]), left=len(perf["encore"])))
            if not perf["encore"]:
                _succeed(s, p, out)
        else:
            out.append(ev("beat_wrong", player=p, instrument=x, pattern=pat, expected_instrument=x,
                          expected_pattern=true, encore=True, step=len(perf["beats"])))
            perf["encore_failed"] = True
            _lose(s, p, x, "encore", out)
            _succeed(s, p, out)
        return
    step = perf["step"]
    want = perf["sequence"][step]
    want_pat = referee.expected_pattern(referee.pattern_of(s.orchestras[p], want), card, perf["follow"])
    perf["beats"].append([x, pat])
    if x == want and pat == want_pat:
        perf["step"] = step + 1
        left = len(perf["sequence"]) - perf["step"]
        out.append(ev("beat_correct", player=p, instrument=x, pattern=pat, encore=False, step=step + 1,
                      left=left))
        if left == 0:
            piece = content.pieces[perf["piece"]]
            if referee.has_encore(card, perf["follow"], piece, s.orchestras[p]):
                perf["encore"] = referee.encore_instruments(piece, s.orchestras[p])
                s.phase = "encore"
                out.append(ev("encore_started", player=p, count=len(perf["encore"])))
            else:
                _succeed(s, p, out)
        return
    out.append(ev("beat_wrong", player=p, instrument=x, pattern=pat, expected_instrument=want,
                  expected_pattern=want_pat, encore=False, step=step + 1))
    lv, pid = perf["level"], perf["piece"]
    _lose(s, p, want, "wrong_beat", out)
    s.open_pieces[lv] = None
    s.removed_pieces.append(pid)
    out.append(ev("performance_failed", player=p, level=lv, piece=pid))
    s.queue.append({"k": "piece", "level": lv})
    s.perf = None
    s.phase = "refill"


def _succeed(s: ConcertoState, p: int, out: list[Event]) -> None:
    content = load_content()
    perf = s.perf
    piece = content.pieces[perf["piece"]]
    bonus = 0
    card_id = perf["card"]
    if card_id is not None:
        card = content.conductors[card_id]
        if card.is_prerequisite:
            fulfilled = bool(perf["prereq"])
        else:
            fulfilled = perf["follow"] and not perf["encore_failed"]
        bonus = content.conductor_bonus if fulfilled else -content.conductor_bonus
        out.append(ev("conductor_result", player=p, card=card_id, fulfilled=fulfilled, bonus=bonus))
    gained = max(0, piece.points + bonus)
    s.scores[p] += gained
    s.collections[p].append(piece.id)
    s.open_pieces[piece.level] = None
    out.append(ev("performance_succeeded", player=p, level=piece.level, piece=piece.id, points=piece.points,
                  bonus=bonus, gained=gained, score=s.scores[p]))
    if s.scores[p] >= s.target:
        _end(s, [p], "target", out)
        return
    s.queue.append({"k": "piece", "level": piece.level})
    if card_id is not None:
        s.conductor_done.append(card_id)
        s.conductor_active = None
        s.queue.append({"k": "conductor"})
    s.phase = "give_up"


def _give_up(s: ConcertoState, p: int, a: Action, out: list[Event]) -> None:
    content = load_content()
    x = _check_instrument(a.instrument)
    piece = content.pieces[s.perf["piece"]]
    if x not in piece.instruments:
        raise RuleError("not_in_piece", instrument=x, piece=piece.id)
    if x not in _orch(s, p):
        raise RuleError("not_in_orchestra", instrument=x)
    _lose(s, p, x, "given_up", out)
    s.perf = None
    s.phase = "refill"


def _end(s: ConcertoState, winners: list[int], reason: str, out: list[Event]) -> None:
    s.phase = "over"
    s.winners = list(winners)
    s.end_reason = reason
    s.queue = []
    names = [p["name"] for p in s.players]
    out.append(ev("game_over", scores={names[i]: s.scores[i] for i in range(s.n)},
                  winners=[names[i] for i in winners], reason=reason,
                  details=[{"player": i, "total": s.scores[i], "winner": i in winners} for i in range(s.n)]))


# --- chance steps ----------------------------------------------------------------

def _feasible(s: ConcertoState, item: dict) -> bool:
    k = item["k"]
    if k == "market":
        if len(s.market) >= load_content().market_size:
            return False
        return any(x not in s.market for x in s.instr_pile + s.instr_discard)
    if k == "piece":
        return s.open_pieces[item["level"]] is None and bool(s.piece_piles[item["level"]])
    if k == "conductor":
        return s.maestro and s.conductor_active is None and bool(s.conductor_pile)
    if k == "instrument":
        return bool(s.instr_pile or s.instr_discard)
    if k == "special":
        return bool(s.special_pile or s.special_discard)
    if k == "pattern":
        return bool(s.beat_pile or s.beat_discard)
    return False


def _draw_from(s: ConcertoState, pile: str, discard: str, label: str, out: list[Event]) -> str:
    stack = getattr(s, pile)
    if not stack:
        used = getattr(s, discard)
        stack = list(used)
        s.rng.shuffle(stack)
        setattr(s, pile, stack)
        setattr(s, discard, [])
        out.append(ev("pile_reshuffled", pile=label, size=len(stack)))
    return stack.pop(0)


def _reveal(s: ConcertoState, out: list[Event]) -> None:
    item = s.queue.pop(0)
    k = item["k"]
    if k == "market":
        x = _draw_from(s, "instr_pile", "instr_discard", "instruments", out)
        if x in s.market:
            s.instr_discard.append(x)
            out.append(ev("market_duplicate", instrument=x))
        else:
            s.market.append(x)
            out.append(ev("market_revealed", instrument=x))
        s.queue.insert(0, {"k": "market"})  # dropped by _advance once the market is full
    elif k == "piece":
        lv = item["level"]
        pid = s.piece_piles[lv].pop(0)
        s.open_pieces[lv] = pid
        out.append(ev("piece_revealed", level=lv, piece=pid))
    elif k == "conductor":
        cid = s.conductor_pile.pop(0)
        s.conductor_active = cid
        out.append(ev("conductor_revealed", card=cid))
    elif k == "instrument":
        seat = item["seat"]
        x = _draw_from(s, "instr_pile", "instr_discard", "instruments", out)
        s.hands[seat].append(x)
        out.append(ev("card_drawn", player=seat, kind="instrument"))
        out.append(ev("card_received", to=seat, player=seat, kind="instrument", card=x))
    elif k == "special":
        seat = item["seat"]
        x = _draw_from(s, "special_pile", "special_discard", "specials", out)
        s.specials[seat].append(x)
        out.append(ev("card_drawn", player=seat, kind="special"))
        out.append(ev("card_received", to=seat, player=seat, kind="special", card=x))
    elif k == "pattern":
        seat, x = item["seat"], item["instrument"]
        pat = _draw_from(s, "beat_pile", "beat_discard", "beats", out)
        for slot in s.orchestras[seat]:
            if slot[0] == x and slot[1] is None:
                slot[1] = pat
                break
        # announced once, to everybody (DESIGN 1.3); the owner never sees it again
        out.append(ev("pattern_drawn", player=seat, instrument=x, pattern=pat))


# --- automatic progress ------------------------------------------------------------

def _advance(s: ConcertoState, out: list[Event]) -> None:
    """Run the steps that need no decision: drop impossible chance steps, end the
    refill, end the turn, start the next one."""
    content = load_content()
    while s.phase != "over":
        if s.queue:
            if _feasible(s, s.queue[0]):
                return
            item = s.queue.pop(0)
            if item["k"] == "conductor" and s.maestro and s.conductor_active is None and not s.conductor_pile:
                out.append(ev("conductors_exhausted"))
            continue
        if s.phase == "setup":
            if s.setup_done[s.current]:
                nxt = [q for q in ((s.current + k) % s.n for k in range(1, s.n + 1)) if not s.setup_done[q]]
                if not nxt:
                    s.phase = "action"
                    s.current = s.first_player
                    s.turn = 1
                    out.append(ev("turn", player=s.current, number=s.turn))
                    return
                s.current = nxt[0]
            if s.extra.get("asked") != s.current:
                s.extra["asked"] = s.current
                out.append(ev("choose_start", player=s.current))
            return
        if s.phase == "refill":
            p = s.current
            if len(s.hands[p]) < content.hand_instruments and (s.instr_pile or s.instr_discard or s.market):
                return
            if not s.specials[p]:
                s.queue.append({"k": "special", "seat": p})
            s.queue.append({"k": "market"})
            s.phase = "end_turn"
            continue
        if s.phase == "end_turn":
            if all(v is None for v in s.open_pieces.values()) and not any(s.piece_piles.values()):
                best = max(s.scores)
                _end(s, [i for i, x in enumerate(s.scores) if x == best], "pieces_exhausted", out)
                return
            s.current = (s.current + 1) % s.n
            s.turn += 1
            s.phase = "action"
            out.append(ev("turn", player=s.current, number=s.turn))
            return
        return


# --- views and serialization (re-exported for the Rules protocol) ------------------

def view(state: ConcertoState, player: int | None) -> dict:
    from voice_game.games.concerto.view import view as _view

    return _view(state, player)


def state_to_json(state: ConcertoState) -> dict:
    return state.to_json()


def state_from_json(data: dict) -> ConcertoState:
    return ConcertoState.from_json(data)
