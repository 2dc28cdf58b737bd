"""Views: only what one player may know."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from voice_game.core.rng import Rng
from voice_game.games.concerto import rules
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.view import view

from .helpers import C, arrange, cfg, random_action, set_conductor, table


def played(seed, n, maestro, steps):
    s = rules.new_game(cfg(n, maestro), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if rules.is_over(s):
            break
        s, _ = rules.apply(s, random_action(s, rng))
    return s


def reshuffle_hidden(s, p, rng):
    """The same table for player p, with every card p cannot see dealt differently."""
    t = s.clone()
    for name in ("instr_pile", "special_pile", "beat_pile", "conductor_pile"):
        rng.shuffle(getattr(t, name))
    for pile in t.piece_piles.values():
        rng.shuffle(pile)
    # other players' hands: swap each card with a random stack card
    for q in range(t.n):
        if q == p:
            continue
        for i in range(len(t.hands[q])):
            if t.instr_pile:
                j = rng.randrange(len(t.instr_pile))
                t.hands[q][i], t.instr_pile[j] = t.instr_pile[j], t.hands[q][i]
        for i in range(len(t.specials[q])):
            if t.special_pile:
                j = rng.randrange(len(t.special_pile))
                t.specials[q][i], t.special_pile[j] = t.special_pile[j], t.specials[q][i]
    # every pattern under every orchestra (announced once, then memory): swap with counters
    # from the face-down pile
    for orchestra in t.orchestras:
        for slot in orchestra:
            if slot[1] is not None and t.beat_pile:
                j = rng.randrange(len(t.beat_pile))
                slot[1], t.beat_pile[j] = t.beat_pile[j], slot[1]
    # the face-down conductor card
    if t.conductor_active is not None and t.conductor_pile:
        j = rng.randrange(len(t.conductor_pile))
        t.conductor_active, t.conductor_pile[j] = t.conductor_pile[j], t.conductor_active
    return t


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.booleans(), st.integers(0, 500))
def test_hidden_cards_do_not_change_the_view(seed, n, maestro, steps):
    s = played(seed, n, maestro, steps)
    rng = Rng(seed + 1)
    for p in range(n):
        t = reshuffle_hidden(s, p, rng)
        assert view(t, p) == view(s, p)
        json.dumps(view(s, p))


def test_the_view_does_change_with_visible_cards():
    """The property above can fail: what p may see shows up in p's view."""
    s = table(3)
    s = arrange(s, 1, [("strings", "circle"), ("brass", "cross")], hand=["piano"])
    t = s.clone()
    t.orchestras[1][0][0] = "piano"  # an opponent's instrument is visible
    assert view(t, 0) != view(s, 0) and view(t, 1) != view(s, 1)
    t = s.clone()
    t.orchestras[1][0][1] = "stab"  # a pattern is not, to anybody (a watcher neither)
    assert all(view(t, p) == view(s, p) for p in (0, 1, 2, None))
    u = s.clone()
    u.hands[0] = list(reversed(u.hands[0])) + ["guitar"]
    assert view(u, 0) != view(s, 0) and view(u, 2) != view(s, 2)  # count changed for others


def test_no_view_holds_a_beat_pattern():
    """A pattern is announced once and then lives in memory (docs/DESIGN.md, "Beat patterns
    by ear"): no seat's view, and no watcher's, holds one, its own or another seat's, so a
    bot, a network seat or a browser reads from its view no more than a listener heard."""
    patterns = set(load_content().patterns)
    seen = 0
    for seed in range(6):
        s = played(seed, 2 + seed % 3, bool(seed % 2), 300)
        seen += sum(1 for o in s.orchestras for _, pat in o if pat is not None)
        for p in [*range(s.n), None]:
            v = view(s, p)
            for q in range(s.n):
                orchestra = v["players"][q]["orchestra"]
                assert [slot["instrument"] for slot in orchestra] == [x for x, _ in s.orchestras[q]]
                assert all(set(slot) == {"instrument"} for slot in orchestra), orchestra
                if q != p:
                    assert v["players"][q]["hand"] is None and v["players"][q]["specials"] is None
            assert not _strings(v) & patterns, (p, _strings(v) & patterns)
            if p is not None:
                assert v["players"][p]["hand"] == sorted(s.hands[p])
    assert seen > 20  # the games placed patterns: the test could see one


def _strings(x) -> set[str]:
    """Every string anywhere in a JSON-like value (keys and values)."""
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_strings(k) | _strings(w) for k, w in x.items())) if x else set()
    if isinstance(x, (list, tuple)):
        return set().union(*(_strings(w) for w in x)) if x else set()
    return set()


def test_conductor_card_face_down_unless_configured():
    s = set_conductor(table(2, maestro=True), "mikkado-ruti")
    assert view(s, 0)["conductor"]["card"] is None and view(s, 0)["conductor"]["active"] is True
    s = set_conductor(table(2, maestro=True, conductor_visible=True), "mikkado-ruti")
    assert view(s, 1)["conductor"]["card"] == "mikkado-ruti"


def test_view_lists_public_table():
    s = table(2)
    v = view(s, 0)
    assert v["market"] == sorted(s.market)
    assert v["open_pieces"] == s.open_pieces
    assert v["instrument_pile_size"] == len(s.instr_pile)
    assert v["target"] == 30 and v["game"] == "concerto"
    assert set(v["piece_pile_sizes"]) == set(C.levels)
