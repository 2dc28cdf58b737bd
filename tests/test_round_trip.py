"""Words and actions round-trip: at many states of seeded random games of every game,
in every language, each legal action renders to words that parse back to exactly that
action, and every phrase the grammar has for it means that action too.

A render that does not round-trip is a command the game tells the player ("you can
say: ...") and then does not understand.
"""
from __future__ import annotations

import random

import pytest

from voice_game.commands.grammar import LANGUAGES, freeze, load_grammar
from voice_game.commands.parser import understand
from voice_game.core.errors import CommandError
from voice_game.core.rules import CHANCE
from voice_game.games import available, get as get_kit

SEEDS = range(8)
MAX_STEPS = 300
PHRASES_PER_ACTION = 3  # besides the rendered words, a few of the other phrases of its command
PER_INTENT = 4  # legal actions checked per intent and state


def random_states(kit, seed: int):
    """The states of one seeded random game where a player is to move (chance steps
    resolved on the way); actions are chosen kind first, so the many combinations of
    one kind (swaps) do not crowd out the others."""
    r = random.Random(seed)
    players = ["Anna", "Ben", "Clara", "Dora"][: r.choice((2, 3, 4))]
    variants = [v for v in kit.variants if r.random() < 0.5]
    s = kit.new_game(players, variants, seed, None)
    for _ in range(MAX_STEPS):
        if kit.rules.is_over(s):
            return
        if kit.rules.current_player(s) == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = kit.rules.legal_actions(s)
        yield s, legal
        by_kind: dict[str, list] = {}
        for a in legal:
            by_kind.setdefault(str(getattr(a, "kind", "")), []).append(a)
        s, _ = kit.rules.apply(s, r.choice(by_kind[r.choice(sorted(by_kind))]))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", available())
def test_every_legal_action_renders_to_words_that_parse_back_to_it(game, lang):
    kit = get_kit(game)
    g = load_grammar(lang)
    _, by_command = g.index(kit.adapter.game)
    checked: set[str] = set()
    failures = []
    for seed in SEEDS:
        r = random.Random(seed)
        for _, legal in random_states(kit, seed):
            by_intent: dict[str, list] = {}
            for a in legal:
                cmd = kit.adapter.command_for(a)
                assert cmd is not None, f"{game}: a legal action has no command, so no words: {a}"
                by_intent.setdefault(cmd["intent"], []).append(a)
            # every intent legal now, a few of its actions (a hand has many swap combinations)
            for a in [a for acts in by_intent.values() for a in r.sample(acts, min(len(acts), PER_INTENT))]:
                cmd = kit.adapter.command_for(a)
                assert kit.adapter.action_for(cmd) == a, (cmd, a)
                phrases = by_command.get(freeze(cmd), [])
                assert phrases, f"{game}/{lang}: no phrase says {cmd}"
                texts = [g.render(cmd)] + [p.spoken for p in r.sample(phrases, min(len(phrases),
                                                                                   PHRASES_PER_ACTION))]
                for text in texts:
                    try:
                        u = understand(g, kit.adapter, text, legal)
                    except CommandError as exc:
                        failures.append((text, a, type(exc).__name__))
                        continue
                    if u.kind != "act" or u.action != a:
                        failures.append((text, a, u))
                checked.add(cmd["intent"])
    assert not failures, failures[:10]
    assert len(checked) >= 3, checked
