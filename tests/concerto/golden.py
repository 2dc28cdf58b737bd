"""Golden games for Concerto's engine: many seeded games, each reduced to one digest.

Every game records, step by step, the legal actions, the chosen action, the events
(type, fields, receiver, in order), the reason codes and parameters of a few illegal
probes, the views of every seat now and then and the full state JSON (with the random
generator) now and then and at the end. The digests of the engine as it was before the
rewrite of issue 13 are stored in ``golden_digests.json``; ``test_golden.py`` replays
the games and compares.

Record again (only when a rule change is intended):
    uv run python -m tests.concerto.golden

The bot games follow the bots too: when a bot is meant to play differently, record again
and check that only the "bots" digests changed (the random games and the deck errors pin
the engine). Recorded again for issue 10, when the normal and strong bots learned to know
what they remember: every bot game changed, no random game and no deck error did.
Recorded again for issue 25, when views stopped holding any beat pattern (the opponents'
and the shown beats of a performance): every random game changed (they record views), no
bot game and no deck error did; the random games replayed with the old view matched the
old digests (the engine unchanged).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from voice_game.core.errors import RuleError
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE
from voice_game.games.concerto import bots, referee, rules
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.state import ACTION_FIELDS, REVEAL, Action, beat

DIGESTS = Path(__file__).with_name("golden_digests.json")
VARIANTS = {
    "standard": {"maestro": False},
    "maestro": {"maestro": True},
    "conductor-visible": {"maestro": True, "conductor_visible": True},
}
PLAYERS = (2, 3, 4)
SEEDS = 300  # bot games per variant and player count
RANDOM_SEEDS = 50  # random games (with illegal probes, views and states) per variant and player count
MAX_STEPS = 2500
LEVELS = (["easy", "normal", "strong", "random"], ["strong", "normal", "easy", "strong"])
NAMES = ["Anna", "Ben", "Cleo", "Dana"]
YEARS = [1970, 1990, 1985, 2001]
C = load_content()


def config(variant: str, n: int, seed: int) -> dict:
    return {"players": [{"name": NAMES[i], "birth_year": YEARS[i]} for i in range(n)],
            "first_player": seed % n, **VARIANTS[variant]}


def _right_beat(s) -> Action:
    p, perf = s.current, s.perf
    if s.phase == "encore":
        x = perf["encore"][0]
        return beat(x, referee.pattern_of(s.orchestras[p], x))
    card = referee.conductor_card(C, perf["card"])
    x = perf["sequence"][perf["step"]]
    return beat(x, referee.expected_pattern(referee.pattern_of(s.orchestras[p], x), card, perf["follow"]))


def _choose(s, legal: list[Action], rng: Rng, right_p: float) -> Action:
    if s.phase in ("conduct", "encore") and rng.random() < right_p:
        return _right_beat(s)
    by_kind: dict = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    kinds = sorted(by_kind)
    kind = "conduct" if "conduct" in by_kind and rng.random() < 0.7 else kinds[rng.randrange(len(kinds))]
    opts = by_kind[kind]
    return opts[rng.randrange(len(opts))]


def _junk(rng: Rng, n: int, legal: list[Action]) -> object:
    """An action that is often illegal: random fields, or a legal one bent a little."""
    ins = sorted(C.instruments) + ["kazoo"]
    specials = sorted(C.specials)
    r = rng.random()
    if r < 0.03:
        return "draw"  # not an Action at all
    if r < 0.45 and legal:
        a = legal[rng.randrange(len(legal))]
        field = rng.choice(["instrument", "other", "pattern", "level", "card", "target", "cards", "follow", "kind"])
        value = {
            "instrument": rng.choice(ins + [None]), "other": rng.choice(ins + [None]),
            "pattern": rng.choice(sorted(C.patterns) + ["zigzag", None]),
            "level": rng.choice(list(C.levels) + ["blue", None]),
            "card": rng.choice(specials + ["joker", None]), "target": rng.choice([None, -1, 0, 1, n - 1, 7]),
            "cards": tuple(sorted(rng.sample(ins + specials, rng.randrange(6)))), "follow": rng.random() < 0.5,
            "kind": rng.choice(sorted(ACTION_FIELDS) + ["dance"]),
        }[field]
        kw = {f: getattr(a, f) for f in ("kind", "instrument", "other", "pattern", "level", "card", "target",
                                         "cards", "follow")}
        kw[field] = value
        return Action(**kw)
    return Action(
        rng.choice(sorted(ACTION_FIELDS) + ["dance"]),
        instrument=rng.choice(ins + [None]),
        other=rng.choice(ins + [None]),
        pattern=rng.choice(sorted(C.patterns) + ["zigzag", None]),
        level=rng.choice(list(C.levels) + ["blue", None]),
        card=rng.choice(specials + ["joker", None]),
        target=rng.choice([None, -1, 0, 1, n - 1, 7]),
        cards=tuple(sorted(rng.sample(ins + specials, rng.randrange(6)))),
        follow=rng.random() < 0.8,
    )


class _Digest:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def add(self, tag: str, obj: object) -> None:
        self.h.update(tag.encode())
        self.h.update(json.dumps(obj, separators=(",", ":"), default=repr).encode())

    def hexdigest(self) -> str:
        return self.h.hexdigest()[:16]


def _probe(d: _Digest, s, rng: Rng, legal: list[Action]) -> None:
    """A few illegal actions: their reason codes and parameters (or the events of a legal one)."""
    for _ in range(3):
        a = _junk(rng, s.n, legal)
        try:
            _, evs = rules.apply(s, a)  # type: ignore[arg-type]
            d.add("ok", [e.to_json() for e in evs])
        except RuleError as exc:
            d.add("err", [exc.reason, exc.params])


def random_game(variant: str, n: int, seed: int) -> str:
    d = _Digest()
    s = rules.new_game(config(variant, n, seed), seed)
    d.add("open", [e.to_json() for e in rules.opening_events(s)])
    rng = Rng(seed * 7919 + n)
    right_p = 0.6 + 0.4 * rng.random()
    steps = 0
    while not rules.is_over(s) and steps < MAX_STEPS:
        legal = rules.legal_actions(s)
        d.add("legal", [a.to_json() for a in legal])
        d.add("cp", rules.current_player(s))
        if rng.random() < 0.15:
            _probe(d, s, rng, legal)
        if steps % 25 == 0:
            d.add("views", [rules.view(s, p) for p in [None, *range(n)]])
            d.add("state", rules.state_to_json(s))
        if steps == 200:
            s = rules.state_from_json(json.loads(json.dumps(rules.state_to_json(s))))
        a = REVEAL if rules.current_player(s) == CHANCE else _choose(s, legal, rng, right_p)
        d.add("act", a.to_json())
        s, evs = rules.apply(s, a)
        d.add("ev", [e.to_json() for e in evs])
        steps += 1
    d.add("final", rules.state_to_json(s))
    d.add("outcome", [rules.outcome(s), rules.is_over(s), rules.current_player(s)])
    return d.hexdigest()


def bot_game(variant: str, n: int, seed: int) -> str:
    d = _Digest()
    levels = LEVELS[seed % 2][:n]
    state = rules.new_game(config(variant, n, seed), seed)
    players = [bots.make_bot(i, lv) for i, lv in enumerate(levels)]
    rng = Rng(seed ^ 0x5EED)
    for e in rules.opening_events(state):
        for b in players:
            b.observe(e)
    while not rules.is_over(state) and state.turn <= 400:
        cp = rules.current_player(state)
        legal = rules.legal_actions(state)
        d.add("legal", [a.to_json() for a in legal])
        try:
            action = REVEAL if cp == CHANCE else players[cp].choose(rules.view(state, cp), legal, rng)
        except TypeError as exc:  # a bot that fails (a bug of the bot, not of the engine) ends the game here
            d.add("bot_failed", [cp, str(exc)])
            break
        d.add("act", action.to_json())
        state, events = rules.apply(state, action)
        d.add("ev", [e.to_json() for e in events])
        for e in events:
            for b in players:
                b.observe(e)
    d.add("final", rules.state_to_json(state))
    return d.hexdigest()


def deck_errors() -> str:
    """new_game's reason codes for bad configurations and stacked decks."""
    d = _Digest()
    good = config("maestro", 3, 0)
    cases: list = [
        ("x", None), ({"players": []}, None), ({"players": [{"name": "A", "birth_year": 1980}] * 2}, None),
        ({"players": [{"name": "A", "birth_year": 1980}, {"name": "B"}]}, None),
        ({"players": [{"name": "A", "birth_year": 1980}, {"name": " ", "birth_year": 1980}]}, None),
        ({"players": [{"name": "A", "birth_year": 1800}, {"name": "B", "birth_year": 1980}]}, None),
        ({"players": [{"name": "A", "birth_year": True}, {"name": "B", "birth_year": 1980}]}, None),
        ({**good, "first_player": 5}, None), ({**good, "players": good["players"] * 2}, None),
        (good, {"jokers": []}), (good, {"instruments": "violin"}), (good, {"instruments": ["kazoo"]}),
        (good, {"beats": [sorted(C.patterns)[0]] * 40}), (good, {"pieces": []}), (good, {"pieces": {"blue": []}}),
        (good, {"pieces": {"green": ["nope"]}}), (good, {"instruments": []}),
        (good, {"instruments": [sorted(C.instruments)[0]] * 2}), (good, {"specials": None, "conductors": []}),
        (good, {"instruments": sorted(C.instrument_deck())}),
    ]
    for cfg, deck in cases:
        try:
            s = rules.new_game(cfg, 1, deck)
            d.add("ok", rules.state_to_json(s))
        except RuleError as exc:
            d.add("err", [exc.reason, exc.params])
    return d.hexdigest()


def record() -> dict:
    out: dict = {"deck_errors": deck_errors(), "random": {}, "bots": {}}
    for variant in VARIANTS:
        for n in PLAYERS:
            key = f"{variant}/{n}"
            out["random"][key] = [random_game(variant, n, seed) for seed in range(RANDOM_SEEDS)]
            out["bots"][key] = [bot_game(variant, n, seed) for seed in range(SEEDS)]
            print(key, file=sys.stderr, flush=True)
    return out


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(record(), indent=0) + "\n", encoding="utf-8")
