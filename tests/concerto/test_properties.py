"""Property tests: many random legal games (wrong beats included)."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_game.core.errors import RuleError
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.concerto import rules
from voice_game.games.concerto.state import ACTION_FIELDS, Action, action_from_json, state_from_json, state_to_json
from voice_game.games.concerto.view import view

from .helpers import C, census, cfg, random_action

MAX_STEPS = 3000
FULL = {
    "instruments": Counter(C.instrument_deck()),
    "specials": Counter(C.special_deck()),
    "beats": Counter(C.pattern_deck()),
    "pieces": Counter(list(C.pieces)),
    "conductors": Counter(list(C.conductors)),
}

game_args = st.tuples(st.integers(0, 2**31 - 1), st.integers(2, 4), st.booleans(), st.floats(0.3, 1.0))


def check_invariants(s):
    c = census(s)
    assert c["instruments"] == FULL["instruments"]
    assert c["specials"] == FULL["specials"]
    assert c["beats"] == FULL["beats"]
    # an instrument without its counter only while that counter is being revealed
    assert c["pending_beats"] == sum(1 for q in s.queue if q["k"] == "pattern")
    assert c["pieces"] == FULL["pieces"]
    if s.maestro:
        assert c["conductors"] == FULL["conductors"]
    for o in s.orchestras:
        ins = [x for x, _ in o]
        assert len(ins) == len(set(ins)) <= 9
    assert len(s.market) <= 2 and len(set(s.market)) == len(s.market)
    for i, sc in enumerate(s.scores):
        assert sc >= 0
        if sc >= s.target:
            assert rules.is_over(s) and i in s.winners
    for h in s.specials:
        assert len(h) <= 1
    if rules.current_player(s) >= 0:
        assert not s.queue and rules.legal_actions(s)


def run(seed, n, maestro, right_p, every=1):
    s = rules.new_game(cfg(n, maestro), seed)
    rng = Rng(seed)
    steps = 0
    while not rules.is_over(s) and steps < MAX_STEPS:
        a = random_action(s, rng, right_p)
        s, events = rules.apply(s, a)
        for e in events:
            assert e.to is None or 0 <= e.to < n
            assert tuple(e.data) == rules.EVENTS[e.type], e
            json.dumps(e.to_json())
        steps += 1
        if steps % every == 0:
            check_invariants(s)
    return s, steps


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_args)
def test_random_games_conserve_cards_and_end(args):
    seed, n, maestro, right_p = args
    s, steps = run(seed, n, maestro, right_p)
    check_invariants(s)
    if right_p >= 0.8:
        assert rules.is_over(s), f"no end after {steps} steps"
    if rules.is_over(s):
        assert rules.current_player(s) == TERMINAL
        out = rules.outcome(s)
        assert out["winners"] and out["reason"] in ("target", "pieces_exhausted")
        if out["reason"] == "target":
            assert max(s.scores) >= s.target


def random_junk(rng, n):
    kind = rng.choice(sorted(ACTION_FIELDS) + ["dance"])
    ins = list(C.instruments) + ["kazoo"]
    return Action(
        kind,
        instrument=rng.choice(ins + [None]),
        other=rng.choice(ins + [None]),
        pattern=rng.choice(list(C.patterns) + ["zigzag", None]),
        level=rng.choice(list(C.levels) + ["blue", None]),
        card=rng.choice(list(C.specials) + ["joker", None]),
        target=rng.choice([None, -1, 0, 1, n - 1, 7]),
        cards=tuple(sorted(rng.sample(ins + list(C.specials), rng.randrange(6)))),
        follow=rng.random() < 0.8,
    )


def canonical(a):
    return Action.from_json(a.to_json())


@settings(max_examples=6, deadline=None)
@given(game_args)
def test_apply_accepts_exactly_the_legal_actions(args):
    seed, n, maestro, right_p = args
    s = rules.new_game(cfg(n, maestro), seed)
    rng = Rng(seed + 1)
    for _ in range(300):
        if rules.is_over(s):
            break
        legal = set(rules.legal_actions(s))
        for _ in range(4):
            a = random_junk(rng, n)
            before = s.to_json()
            if canonical(a) in legal:
                rules.apply(s, a)
            else:
                with pytest.raises(RuleError) as exc:
                    rules.apply(s, a)
                assert exc.value.reason in rules.REASONS
            assert s.to_json() == before
        for a in rng.sample(sorted(legal, key=repr), min(3, len(legal))):
            rules.apply(s, a)  # every legal action is accepted
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        s, _ = rules.apply(s, random_action(s, rng, right_p))


@settings(max_examples=8, deadline=None)
@given(game_args, st.integers(0, 600))
def test_json_round_trip_after_random_play(args, stop):
    seed, n, maestro, right_p = args
    s = rules.new_game(cfg(n, maestro), seed)
    rng = Rng(seed)
    for _ in range(stop):
        if rules.is_over(s):
            break
        s, _ = rules.apply(s, random_action(s, rng, right_p))
    data = json.loads(json.dumps(state_to_json(s)))
    t = state_from_json(data)
    assert state_to_json(t) == state_to_json(s)
    assert rules.legal_actions(t) == rules.legal_actions(s)
    # both continue identically, chance steps included (the rng travels with the state)
    r1, r2 = Rng(seed + 9), Rng(seed + 9)
    for _ in range(60):
        if rules.is_over(s):
            break
        a = random_action(s, r1, right_p)
        assert random_action(t, r2, right_p) == a
        s, e1 = rules.apply(s, a)
        t, e2 = rules.apply(t, action_from_json(json.loads(json.dumps(a.to_json()))))
        assert [e.to_json() for e in e1] == [e.to_json() for e in e2]
    assert state_to_json(t) == state_to_json(s)


def test_state_from_json_rejects_damage():
    s = rules.new_game(cfg(2), 3)
    s, _ = rules.resolve_chance(s)
    data = state_to_json(s)
    for mutate in (lambda d: d.pop("hands"), lambda d: d.__setitem__("phase", "dancing"),
                   lambda d: d["instr_pile"].extend(["guitar"] * 5), lambda d: d.__setitem__("current", 9)):
        bad = json.loads(json.dumps(data))
        mutate(bad)
        with pytest.raises(ValueError):
            state_from_json(bad)


def test_current_player_is_chance_exactly_while_revealing():
    s = rules.new_game(cfg(3, True), 11)
    rng = Rng(4)
    for _ in range(500):
        if rules.is_over(s):
            break
        cp = rules.current_player(s)
        assert (cp == CHANCE) == bool(s.queue)
        if cp == CHANCE:
            assert [a.kind for a in rules.legal_actions(s)] == ["reveal"]
            assert view(s, 0)["current"] == CHANCE
        s, _ = rules.apply(s, random_action(s, rng))
