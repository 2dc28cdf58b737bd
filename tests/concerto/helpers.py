"""Shared helpers for the Concerto tests: configs, stacked decks, table setups and a
random player that sometimes knows the right beat (it reads the full state; only
tests may do that)."""
from __future__ import annotations

from collections import Counter

from voice_game.core.rules import CHANCE
from voice_game.games.concerto import referee, rules
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.state import beat

C = load_content()
NAMES = ["Anna", "Ben", "Cleo", "Dana"]
YEARS = [1970, 1990, 1985, 2001]


def cfg(n: int = 2, maestro: bool = False, **kw) -> dict:
    return {"players": [{"name": NAMES[i], "birth_year": YEARS[i]} for i in range(n)], "maestro": maestro, **kw}


def full_deck(front: list[str], box: list[str]) -> list[str]:
    """``front`` on top, then the rest of the box in box order."""
    rest = Counter(box)
    rest.subtract(front)
    assert all(v >= 0 for v in rest.values()), "front uses more cards than the box holds"
    out = list(front)
    for x in box:
        if rest[x] > 0:
            rest[x] -= 1
            out.append(x)
    return out


def settle(state, events=None):
    state, evs = rules.resolve_chance(state)
    if events is not None:
        events += evs
    return state


def play(state, action, events=None):
    state, evs = rules.apply(state, action)
    if events is not None:
        events += evs
    return settle(state, events)


def table(n: int = 2, maestro: bool = False, seed: int = 0, **kw):
    """A game right after setup: every player chose the first legal start orchestra."""
    s = settle(rules.new_game(cfg(n, maestro, **kw), seed))
    while s.phase == "setup":
        s = play(s, rules.legal_actions(s)[0])
    return s


def arrange(s, seat: int, orchestra: list[tuple[str, str]], hand=None, specials=None):
    """Put exact cards on the table for a unit test (moves cards between the seat and
    the piles so that card counts stay right)."""
    s = s.clone()
    for ins, pat in s.orchestras[seat]:
        s.instr_pile.append(ins)
        s.beat_pile.append(pat)
    s.orchestras[seat] = []
    s.instr_pile += s.hands[seat]
    s.hands[seat] = []
    s.special_pile += s.specials[seat]
    s.specials[seat] = []
    for ins, pat in orchestra:
        _take(s.instr_pile, ins, s)
        s.beat_pile.remove(pat)
        s.orchestras[seat].append([ins, pat])
    for ins in hand or []:
        _take(s.instr_pile, ins, s)
        s.hands[seat].append(ins)
    for sp in specials or []:
        if sp in s.special_pile:
            s.special_pile.remove(sp)
        else:
            s.special_discard.remove(sp)
        s.specials[seat].append(sp)
    return s


def _take(pile, ins, s):
    if ins in pile:
        pile.remove(ins)
    elif ins in s.instr_discard:
        s.instr_discard.remove(ins)
    elif ins in s.market:
        s.market.remove(ins)
    else:
        for h in s.hands:
            if ins in h:
                h.remove(ins)
                return
        raise AssertionError(f"no {ins} left to arrange")


def open_piece(s, piece_id: str):
    """Make ``piece_id`` the open piece of its level (swapping it with the pile)."""
    s = s.clone()
    lv = C.pieces[piece_id].level
    old = s.open_pieces[lv]
    if old == piece_id:
        return s
    if piece_id in s.piece_piles[lv]:
        s.piece_piles[lv].remove(piece_id)
    elif piece_id in s.removed_pieces:
        s.removed_pieces.remove(piece_id)
    else:
        for coll in s.collections:
            if piece_id in coll:
                coll.remove(piece_id)
    if old is not None:
        s.piece_piles[lv].insert(0, old)
    s.open_pieces[lv] = piece_id
    return s


def set_conductor(s, card_id: str | None):
    s = s.clone()
    if s.conductor_active is not None:
        s.conductor_pile.insert(0, s.conductor_active)
    if card_id is not None and card_id in s.conductor_pile:
        s.conductor_pile.remove(card_id)
    s.conductor_active = card_id
    return s


def right_beat(s):
    """The beat the referee expects now (test-only: reads the hidden state)."""
    p = s.current
    perf = s.perf
    card = referee.conductor_card(C, perf["card"])
    if s.phase == "encore":
        x = perf["encore"][0]
        return beat(x, referee.pattern_of(s.orchestras[p], x))
    x = perf["sequence"][perf["step"]]
    return beat(x, referee.expected_pattern(referee.pattern_of(s.orchestras[p], x), card, perf["follow"]))


def random_action(s, rng, right_p: float = 0.85):
    """A random legal action, chosen kind first (so the many swap combinations do not
    crowd out the rest); beats are right with probability ``right_p``."""
    acts = rules.legal_actions(s)
    if rules.current_player(s) == CHANCE:
        return acts[0]
    if s.phase in ("conduct", "encore") and rng.random() < right_p:
        return right_beat(s)
    by_kind: dict = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    kinds = sorted(by_kind)
    if "conduct" in by_kind and rng.random() < 0.7:
        kind = "conduct"
    else:
        kind = kinds[rng.randrange(len(kinds))]
    opts = by_kind[kind]
    return opts[rng.randrange(len(opts))]


def census(s) -> dict:
    """Every card and counter, wherever it is."""
    instr = Counter(s.instr_pile) + Counter(s.instr_discard) + Counter(s.market)
    for h in s.hands:
        instr += Counter(h)
    for o in s.orchestras:
        instr += Counter(slot[0] for slot in o)
    specials = Counter(s.special_pile) + Counter(s.special_discard)
    for h in s.specials:
        specials += Counter(h)
    beats = Counter(s.beat_pile) + Counter(s.beat_discard)
    pending = 0
    for o in s.orchestras:
        for slot in o:
            if slot[1] is None:
                pending += 1
            else:
                beats[slot[1]] += 1
    pieces = Counter()
    for pile in s.piece_piles.values():
        pieces += Counter(pile)
    pieces += Counter(p for p in s.open_pieces.values() if p is not None)
    pieces += Counter(s.removed_pieces)
    for coll in s.collections:
        pieces += Counter(coll)
    conductors = Counter(s.conductor_pile) + Counter(s.conductor_done)
    if s.conductor_active:
        conductors[s.conductor_active] += 1
    return {"instruments": instr, "specials": specials, "beats": beats, "pending_beats": pending,
            "pieces": pieces, "conductors": conductors}
