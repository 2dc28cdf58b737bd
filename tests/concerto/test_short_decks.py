"""A deck file with a short instrument pile is refused in one sentence or plays to
the end: never a player without a legal command, never a crash (issue 11)."""
import random

import pytest

from voice_game.core.errors import RuleError
from voice_game.games.concerto import rules
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.state import ConcertoConfig


@pytest.mark.parametrize("seed", range(40))
def test_short_instrument_piles_are_refused_or_playable(seed):
    r = random.Random(seed)
    n = r.choice([2, 3, 4])
    pile = r.sample(load_content().instrument_deck(), r.randint(0, 20))
    cfg = ConcertoConfig([{"name": f"P{i}", "birth_year": 1990} for i in range(n)])
    try:
        s = rules.new_game(cfg, seed, {"instruments": pile})
    except RuleError as err:
        assert err.reason == "deck_too_few_instruments"
        return
    for _ in range(3000):
        if rules.is_over(s):
            break
        legal = rules.legal_actions(s)
        assert legal, (s.phase, pile)
        s, _ = rules.apply(s, r.choice(legal))  # a legal action is never refused


def test_every_given_pile_refused_when_a_player_would_start_with_nothing():
    cfg = ConcertoConfig([{"name": "A", "birth_year": 1990}, {"name": "B", "birth_year": 1990}])
    for pile in ([], ["piano"], ["piano", "choir", "guitar"]):
        with pytest.raises(RuleError) as err:
            rules.new_game(cfg, 1, {"instruments": pile})
        assert err.value.reason == "deck_too_few_instruments"
