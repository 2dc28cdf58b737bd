"""Words -> actions: round trips, not allowed, not understood, ambiguity."""
import random

import pytest

from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import understand
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.commands import OrchestraCommands
from voice_game.games.orchestra.state import DRAW, OrchestraConfig, place, take

ADAPTER = OrchestraCommands()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_render_then_parse_round_trips_every_legal_action(lang):
    g = load_grammar(lang)
    for seed in range(30):
        r = random.Random(seed)
        s = rules.new_game(OrchestraConfig(["A", "B", "C", "D"]), seed)
        while not rules.is_over(s):
            legal = rules.legal_actions(s)
            for a in legal:
                cmd = ADAPTER.command_for(a)
                if cmd is None:
                    continue
                u = understand(g, ADAPTER, g.render(cmd), legal)
                assert u.action == a, (g.render(cmd), u)
            s, _ = rules.apply(s, r.choice(legal))


@pytest.mark.parametrize("lang,text,expected", [
    ("de", "ziehen", DRAW), ("de", "Karte ziehen bitte", DRAW), ("de", "äh ziehen", DRAW),
    ("en", "draw", DRAW), ("en", "please draw", DRAW),
])
def test_draw_phrases(lang, text, expected):
    g = load_grammar(lang)
    s = rules.new_game(OrchestraConfig(["A", "B"]), 1)
    u = understand(g, ADAPTER, text, rules.legal_actions(s))
    assert u.kind == "act" and u.action == expected


def placing_state():
    s = rules.new_game(OrchestraConfig(["A", "B", "C"]), 1)
    s, _ = rules.apply(s, DRAW)
    s, _ = rules.apply(s, rules.REVEAL)
    return s


@pytest.mark.parametrize("lang,text,n", [("de", "Dirigent drei", 3), ("de", "drei", 3), ("de", "3", 3),
                                          ("de", "Dirigent 2", 2), ("en", "conductor three", 3),
                                          ("en", "two", 2), ("en", "1", 1)])
def test_place_phrases_and_digits(lang, text, n):
    g = load_grammar(lang)
    s = placing_state()
    u = understand(g, ADAPTER, text, rules.legal_actions(s))
    assert u.kind == "act" and u.action == place(n)


def test_take_in_place_phase_is_not_allowed_with_reason():
    g = load_grammar("de")
    s = placing_state()
    u = understand(g, ADAPTER, "Dirigent zwei nehmen", rules.legal_actions(s))
    assert u.kind == "not_allowed" and u.action == take(2)
    with pytest.raises(Exception) as e:
        rules.apply(s, u.action)
    assert e.value.reason == "must_place_first"


@pytest.mark.parametrize("lang,text", [("de", "hallo wie geht es dir"), ("en", "what a lovely weather today"),
                                        ("de", "xyz"), ("en", "banana")])
def test_nonsense_is_not_understood(lang, text):
    g = load_grammar(lang)
    s = rules.new_game(OrchestraConfig(["A", "B"]), 1)
    assert understand(g, ADAPTER, text, rules.legal_actions(s)).kind == "unrecognized"


def test_typo_is_read_back_before_acting():
    g = load_grammar("de")
    s = rules.new_game(OrchestraConfig(["A", "B"]), 1)
    u = understand(g, ADAPTER, "zeihen", rules.legal_actions(s))
    assert u.kind in ("confirm", "act") and u.action == DRAW


def test_low_confidence_take_asks_first():
    g = load_grammar("en")
    s = rules.new_game(OrchestraConfig(["A", "B"]), 1)
    s, _ = rules.apply(s, DRAW)
    s, _ = rules.apply(s, rules.REVEAL)
    s, _ = rules.apply(s, place(1))
    legal = rules.legal_actions(s)
    assert understand(g, ADAPTER, "take conductor one", legal, confidence=0.99).kind == "act"
    u = understand(g, ADAPTER, "take conductor one", legal, confidence=0.4)
    assert u.kind == "confirm" and u.action == take(1)


def test_incomplete_take_offers_choices():
    g = load_grammar("en")
    s = rules.new_game(OrchestraConfig(["A", "B", "C"]), 1)
    for c in (1, 2):
        s, _ = rules.apply(s, DRAW)
        s, _ = rules.apply(s, rules.REVEAL)
        s, _ = rules.apply(s, place(c))
    u = understand(g, ADAPTER, "take conductor", rules.legal_actions(s))
    assert u.kind == "choices"
    assert {a for _, a in u.candidates} == {take(1), take(2)}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["orchestra", "concerto"])
def test_no_phrase_means_two_commands(lang, game):
    by_words, _ = load_grammar(lang).index(game)
    assert {w: c for w, c in by_words.items() if len(c) > 1} == {}
