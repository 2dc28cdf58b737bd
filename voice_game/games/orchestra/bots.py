"""Tierorchester bots. They receive a player's view and the legal actions, never the state.

- ``HeuristicBot`` ("bot"): quick greedy play from a hand-written value of collections.
- ``EasyBot`` ("bot-easy"): the heuristic with one move in three at random (beginners).
- ``SearchBot`` ("bot-strong"): determinized Monte Carlo search. It samples hidden
  draw piles consistent with the view, allocates simulations to its candidate moves
  with UCB1, plays each simulation out with the heuristic policy, and picks the move
  with the best mean result (win share, plus a little score margin).
- ``RandomBot``: uniform over legal actions (tests and baselines).
"""
from __future__ import annotations

import math
import time

from voice_game.core.rng import Rng
from voice_game.core.think import ThinkClock
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.scoring import family_points
from voice_game.games.orchestra.state import Action
from voice_game.games.orchestra.view import determinize

# How promising a family group of n musicians is while the game is still running:
# a soloist is safe, three are close to a quartet, two are a liability.
_POTENTIAL = {0: 0.0, 1: 1.0, 2: 0.2, 3: 1.6, 4: 5.0}
DRAW_VALUE = 0.6  # what a draw is worth compared with taking a row now
PLACE_MINE = 0.4  # weight of my own gain when placing (others choose first)
MIN_THINK = 0.02  # below this much time left a search bot plays the heuristic move


def _group_value(n: int, maestro: list[str], late: bool) -> float:
    if late or maestro:
        # near the end (or with Grand Maestro rules) count real points
        return float(family_points(n, maestro, load_content())) if n else 0.0
    return _POTENTIAL.get(n, -1.0 - 0.5 * (n - 5))


def gain(coll: dict, cards: list[str], maestro: list[str], late: bool) -> float:
    """How much adding ``cards`` to ``coll`` improves its value."""
    delta = 0.0
    add: dict[str, int] = {}
    for c in cards:
        add[c] = add.get(c, 0) + 1
    for f, k in add.items():
        n = coll.get(f, 0)
        delta += _group_value(n + k, maestro, late) - _group_value(n, maestro, late)
    return delta


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class HeuristicBot:
    level = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, view: dict, legal: list[Action]) -> Action:
        return heuristic_choice(view["turn_of"], view, legal, self.rng)


def heuristic_choice(me: int, v, legal: list[Action], rng: Rng) -> Action:
    """Greedy policy; ``v`` is a view dict or an OrchestraState (search rollouts)."""
    if isinstance(v, dict):
        rows, owner, colls, drawn = v["rows"], v["row_owner"], v["collections"], v["drawn"]
        maestro, deck_size, phase = v["maestro"], v["deck_size"], v["phase"]
    else:
        rows, owner, colls, drawn = v.rows, v.row_owner, v.collections, v.drawn
        maestro, deck_size, phase = v.maestro, len(v.deck), v.phase
    if len(legal) == 1:
        return legal[0]
    n = len(rows)
    late = deck_size < 2 * n or phase == "final"
    mine = colls[me]
    others = [p for p in range(n) if p != me and p not in owner]
    best, best_val = None, -1e9
    for a in legal:
        if a.kind == "take":
            val = gain(mine, rows[a.conductor - 1], maestro, late)
        elif a.kind == "draw":
            val = DRAW_VALUE if not late else 0.1
        elif a.kind == "pass":
            val = 0.0
        elif a.kind == "place":
            # the next players choose before me: what matters most is what the row offers them
            i = a.conductor - 1
            after = rows[i] + [drawn]
            mine_val = gain(mine, after, maestro, late)
            opp_val = max((gain(colls[o], after, maestro, late) for o in others), default=0.0)
            val = PLACE_MINE * mine_val - opp_val
        else:
            val = 0.0
        val += rng.random() * 1e-3  # deterministic tie-break from the bot's own seed
        if val > best_val:
            best, best_val = a, val
    assert best is not None  # legal is never empty here
    return best


class EasyBot(HeuristicBot):
    """For beginners and the tutorial: the heuristic, but one move in three at random."""

    level = "easy"

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if self.rng.random() < 1 / 3:
            return self.rng.choice(legal)
        return super().choose(view, legal)


class SearchBot:
    level = "strong"

    def __init__(self, seed: int = 0, time_budget: float = 0.35, max_simulations: int = 400,
                 clock: ThinkClock | None = None):
        self.rng = Rng(seed)
        self.time_budget = time_budget
        self.max_simulations = max_simulations
        # the table's shared clock (the session sets it), or None: only our own budget. With
        # a clock a decision takes at most half of what is left, and with almost nothing
        # left the heuristic move
        self.clock = clock

    def choose(self, view: dict, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view["turn_of"]
        k = len(legal)
        budget, least = self.time_budget, 2 * k  # without a clock: at least two simulations a move
        if self.clock is not None:
            budget = min(budget, self.clock.left() / 2)
            if budget < MIN_THINK:
                return heuristic_choice(me, view, legal, self.rng)
            least = 0  # with a clock the time is the limit
        visits = [0] * k
        totals = [0.0] * k
        deadline = time.perf_counter() + budget
        sims = 0
        while sims < self.max_simulations and (sims < least or time.perf_counter() < deadline):
            if sims < k:
                i = sims
            else:
                logn = math.log(sims)
                i = max(range(k), key=lambda j: totals[j] / visits[j] + 0.7 * math.sqrt(logn / visits[j]))
            state = determinize(view, self.rng)
            totals[i] += self._simulate(state, legal[i], me)
            visits[i] += 1
            sims += 1
        if sims < k:  # the time ran out before every move was tried once
            return heuristic_choice(me, view, legal, self.rng)
        return legal[max(range(k), key=lambda j: (totals[j] / visits[j], visits[j]))]

    def _simulate(self, s, first: Action, me: int) -> float:
        rng = self.rng
        rules.step(s, first)
        while s.phase != "over":
            if s.phase == "reveal":
                rules.step(s, rules.REVEAL)
                continue
            legal = rules.legal_actions(s)
            if rng.random() < 0.1:
                a = rng.choice(legal)
            else:
                a = heuristic_choice(s.current, s, legal, rng)
            rules.step(s, a)
        out = rules.outcome(s)
        scores = out["scores"]
        win = 1.0 / len(out["winners"]) if me in out["winners"] else 0.0
        best_other = max(sc for i, sc in enumerate(scores) if i != me)
        return win + 0.02 * (scores[me] - best_other)


BOT_LEVELS = {"bot": HeuristicBot, "bot-easy": EasyBot, "bot-strong": SearchBot, "bot-random": RandomBot}


def make_bot(level: str, seed: int):
    return BOT_LEVELS[level](seed=seed)
