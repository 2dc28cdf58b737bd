"""The strong bot beats the heuristic one (a small deterministic sample here; the
200-game figure comes from benchmarks/orchestra_bots.py)."""
from voice_game.core.rules import CHANCE
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.bots import HeuristicBot, RandomBot, SearchBot
from voice_game.games.orchestra.state import OrchestraConfig
from voice_game.games.orchestra.view import view


def match(make_a, make_b, games, players=2):
    wins = 0.0
    for g in range(games):
        seat_a = g % players
        bots = [make_b(g * 10 + i) for i in range(players)]
        bots[seat_a] = make_a(g)
        s = rules.new_game(OrchestraConfig([f"P{i}" for i in range(players)]), 500 + g)
        while not rules.is_over(s):
            p = rules.current_player(s)
            if p == CHANCE:
                s, _ = rules.apply(s, rules.REVEAL)
                continue
            s, _ = rules.apply(s, bots[p].choose(view(s, p), rules.legal_actions(s)))
        w = rules.outcome(s)["winners"]
        if seat_a in w:
            wins += 1 / len(w)
    return wins / games


def test_heuristic_beats_random():
    assert match(lambda s: HeuristicBot(s), lambda s: RandomBot(s), 40) >= 0.6


def test_search_beats_heuristic():
    # fixed simulation count (generous time cap) so the result does not depend on machine load
    rate = match(lambda s: SearchBot(s, time_budget=30, max_simulations=60), lambda s: HeuristicBot(s), 10)
    assert rate >= 0.7, rate


def test_levels_are_ordered_easy_below_heuristic():
    from voice_game.games.orchestra.bots import EasyBot

    assert match(lambda s: HeuristicBot(s), lambda s: EasyBot(s), 40) >= 0.55
