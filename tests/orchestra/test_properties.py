"""Property tests: thousands of random legal games per run."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from voice_game.core.errors import RuleError
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.state import Action, OrchestraConfig, OrchestraState

ALL = [Action("draw"), Action("pass")] + [Action(k, c) for k in ("place", "take") for c in range(0, 7)]


def independent_score(coll: dict) -> int:
    """Scoring written again from the rule book, without the game's code."""
    total = 0
    for n in coll.values():
        total += {1: 1, 4: 5}.get(n, 0)
    return total


def play_random(seed: int, players: int, variants: tuple, check_every: bool):
    r = random.Random(seed)
    s = rules.new_game(OrchestraConfig([f"P{i}" for i in range(players)], variants), seed)
    total = len(s.deck) + len(s.removed)
    rounds_seen = 1
    takes_this_round = set()
    steps = 0
    while not rules.is_over(s):
        legal = rules.legal_actions(s)
        assert legal, "a player without a legal action"
        if check_every and r.random() < 0.3:
            bad = r.choice(ALL)
            if bad not in legal:
                before = s.to_json()
                try:
                    rules.apply(s, bad)
                    raise AssertionError(f"illegal {bad} accepted")
                except RuleError:
                    pass
                assert s.to_json() == before
        a = r.choice(legal)
        p = s.current
        s, events = rules.apply(s, a)
        steps += 1
        for e in events:
            if e.type == "took" and not e["final"]:
                assert p not in takes_this_round
                takes_this_round.add(p)
            if e.type == "round_started":
                rounds_seen += 1
                assert takes_this_round == set(range(players))  # every player took once
                takes_this_round = set()
                assert e["player"] == p  # the last taker starts
        # conservation: every card is somewhere exactly once
        in_play = len(s.deck) + len(s.removed) + sum(len(r_) for r_ in s.rows) \
            + sum(sum(c.values()) for c in s.collections) + (1 if s.drawn else 0)
        assert in_play == total
        assert all(len(r_) <= 4 for r_ in s.rows)
        if s.phase == "final":
            assert not s.deck
    assert not s.deck
    out = rules.outcome(s)
    if not s.maestro:
        assert out["scores"] == [independent_score(c) for c in s.collections]
    best = max(out["scores"])
    assert all(out["scores"][w] == best for w in out["winners"])
    assert events[-1].type == "game_over"
    again = OrchestraState.from_json(s.to_json())
    assert again.to_json() == s.to_json()
    return steps


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5),
       variants=st.sampled_from([(), ("falsche-note",), ("grand-maestro",), ("falsche-note", "grand-maestro")]))
def test_random_games_keep_the_rules(seed, players, variants):
    play_random(seed, players, variants, check_every=False)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5))
def test_illegal_actions_change_nothing(seed, players):
    play_random(seed, players, (), check_every=True)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 200))
def test_serialization_midgame_continues_identically(seed, cut):
    r = random.Random(seed)
    s = rules.new_game(OrchestraConfig(["A", "B", "C"], ("falsche-note",)), seed)
    i = 0
    while not rules.is_over(s) and i < cut:
        s, _ = rules.apply(s, r.choice(rules.legal_actions(s)))
        i += 1
    copy = OrchestraState.from_json(s.to_json())
    r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
    while not rules.is_over(s):
        a = r1.choice(rules.legal_actions(s))
        b = r2.choice(rules.legal_actions(copy))
        assert a == b
        s, e1 = rules.apply(s, a)
        copy, e2 = rules.apply(copy, b)
        assert [e.to_json() for e in e1] == [e.to_json() for e in e2]
