"""Hidden information: views, determinization, and that bots never get the state."""
import random

from voice_game.core.rules import CHANCE
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.bots import HeuristicBot, SearchBot
from voice_game.games.orchestra.state import OrchestraConfig
from voice_game.games.orchestra.view import determinize, view
from voice_game.core.rng import Rng


def advance(s, n, seed=0):
    r = random.Random(seed)
    for _ in range(n):
        if rules.is_over(s):
            break
        s, _ = rules.apply(s, r.choice(rules.legal_actions(s)))
    return s


def test_states_differing_only_in_hidden_cards_give_the_same_view():
    s = rules.new_game(OrchestraConfig(["A", "B", "C"], ("falsche-note",)), 7)
    s = advance(s, 25)
    other = s.clone()
    other.deck = list(reversed(other.deck))
    # swap a removed card with a deck card of another family: still hidden
    for i, c in enumerate(other.removed):
        j = next((k for k, d in enumerate(other.deck) if d != c), None)
        if j is not None:
            other.removed[i], other.deck[j] = other.deck[j], other.removed[i]
            break
    assert other.deck != s.deck or other.removed != s.removed
    for p in range(3):
        assert view(s, p) == view(other, p)


def test_view_does_not_contain_deck_order():
    s = rules.new_game(OrchestraConfig(["A", "B"]), 3)
    v = view(s, 0)
    assert "deck" not in v and "removed" not in v and "rng" not in v
    assert v["deck_size"] == len(s.deck)


def test_determinization_is_consistent_with_the_view():
    s = advance(rules.new_game(OrchestraConfig(["A", "B", "C"], ("falsche-note",)), 11), 30)
    v = view(s, 1)
    d = determinize(v, Rng(5))
    assert view(d, 1) == v
    assert len(d.deck) == len(s.deck) and len(d.removed) == len(s.removed)


class Spy:
    def __init__(self, bot):
        self.bot = bot
        self.rng = bot.rng
        self.calls = 0

    def choose(self, v, legal):
        assert isinstance(v, dict), "bots get a view, never the state"
        assert "deck" not in v and "removed" not in v
        self.calls += 1
        return self.bot.choose(v, legal)


def test_bots_only_ever_receive_views():
    spies = [Spy(HeuristicBot(1)), Spy(SearchBot(2, time_budget=5, max_simulations=20))]
    s = rules.new_game(OrchestraConfig(["A", "B"]), 4)
    while not rules.is_over(s):
        p = rules.current_player(s)
        if p == CHANCE:
            s, _ = rules.apply(s, rules.REVEAL)
            continue
        s, _ = rules.apply(s, spies[p].choose(view(s, p), rules.legal_actions(s)))
    assert all(sp.calls > 5 for sp in spies)
