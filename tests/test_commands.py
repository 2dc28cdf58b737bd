"""Words -> actions: round trips, not allowed, not understood, ambiguity."""
import random

import pytest

from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import META_INTENTS, engine_refusal, understand
from voice_game.core.errors import Ambiguous, CommandError, NotAllowed, Unrecognized
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
    with pytest.raises(NotAllowed) as refused:
        understand(g, ADAPTER, "Dirigent zwei nehmen", rules.legal_actions(s), why_not=engine_refusal(rules, s))
    assert refused.value.action == take(2) and refused.value.command == {"intent": "take", "conductor": 2}
    assert refused.value.reason == "must_place_first"
    assert refused.value.error.reason == "must_place_first"
    with pytest.raises(NotAllowed) as unasked:  # without a way to ask the engine: no reason
        understand(g, ADAPTER, "Dirigent zwei nehmen", rules.legal_actions(s))
    assert unasked.value.action == take(2) and unasked.value.error is None


@pytest.mark.parametrize("lang,text", [("de", "hallo wie geht es dir"), ("en", "what a lovely weather today"),
                                        ("de", "xyz"), ("en", "banana")])
def test_nonsense_is_not_understood(lang, text):
    g = load_grammar(lang)
    s = rules.new_game(OrchestraConfig(["A", "B"]), 1)
    with pytest.raises(Unrecognized) as e:
        understand(g, ADAPTER, text, rules.legal_actions(s))
    assert e.value.text == text


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
    with pytest.raises(Ambiguous) as e:
        understand(g, ADAPTER, "take conductor", rules.legal_actions(s))
    assert {a for _, a in e.value.candidates} == {take(1), take(2)}
    assert all(c == ADAPTER.command_for(a) for c, a in e.value.candidates)


def test_every_outcome_of_understanding_is_a_command_error_or_an_understanding():
    """parse_san's contract: an Understanding comes back only for a legal action or a meta
    command; everything else raises a CommandError."""
    g = load_grammar("en")
    s = placing_state()
    legal = rules.legal_actions(s)
    for text in ("conductor two", "help", "take conductor two", "banana", "take conductor", ""):
        try:
            u = understand(g, ADAPTER, text, legal)
        except CommandError:
            continue
        assert u.action in legal or (u.action is None and u.command["intent"] in META_INTENTS), text


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["orchestra", "concerto"])
def test_no_phrase_means_two_commands(lang, game):
    by_words, _ = load_grammar(lang).index(game)
    assert {w: c for w, c in by_words.items() if len(c) > 1} == {}


def concerto_state_with(pred, seed=5):
    """A Concerto state, reached by seeded random play, where some legal action satisfies ``pred``."""
    from voice_game.core.rules import CHANCE
    from voice_game.games import get as get_kit

    kit = get_kit("concerto")
    r = random.Random(seed)
    s = kit.new_game(["A", "B", "C"], [], seed, None)
    for _ in range(2000):
        if kit.rules.current_player(s) == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = kit.rules.legal_actions(s)
        if any(pred(a) for a in legal):
            return kit, s, legal
        s, _ = kit.rules.apply(s, r.choice(legal))
    raise AssertionError("no such state")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_swap_named_in_another_order_is_the_same_legal_swap(lang):
    """Words are constraints on the legal actions: "swap b a" means the legal swap of a and b."""
    kit, s, legal = concerto_state_with(lambda a: a.kind == "swap" and len(set(a.cards)) == 2
                                        and not set(a.cards) & {"headhunter", "sabotage", "job-sharing",
                                                                "repertoire", "rehearsal", "audition"})
    a = next(a for a in legal if a.kind == "swap" and len(set(a.cards)) == 2 and kit.adapter.command_for(a)
             and kit.adapter.command_for(a)["intent"] == "swap_pair")
    g = load_grammar(lang)
    cmd = kit.adapter.command_for(a)
    turned = dict(cmd, instrument=cmd["other"], other=cmd["instrument"])
    u = understand(g, kit.adapter, g.render(turned), legal)
    assert u.kind == "act" and u.action == a and u.command == cmd


def test_concerto_not_allowed_carries_the_engine_reason():
    kit, s, legal = concerto_state_with(lambda a: a.kind == "place")
    g = load_grammar("en")
    with pytest.raises(NotAllowed) as refused:
        understand(g, kit.adapter, "draw", legal, why_not=engine_refusal(kit.rules, s))
    assert refused.value.action is not None and refused.value.reason
    with pytest.raises(type(refused.value.error)) as direct:
        kit.rules.apply(s, refused.value.action)
    assert direct.value.reason == refused.value.reason


def _two_seat_session(lang: str):
    """A Tierorchester session of Anna and Ben (seed 4) that says its text into a buffer:
    (session, buffer, catalog)."""
    import io

    from voice_game.audio.tts import TextOutput
    from voice_game.games import get as get_kit
    from voice_game.narration.catalog import load_catalog
    from voice_game.session import Seat, Session

    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben")]
    state = kit.new_game([x.name for x in seats], [], 4, None)
    buf = io.StringIO()
    c = load_catalog(lang)
    return Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(()), seed=4), buf, c


def test_yes_to_a_meta_command_heard_not_quite_clearly_carries_it_out():
    """"tabel" is read back as "table?"; "yes" then describes the table (it once tried the chance step)."""
    from voice_game.session import InputLine

    s, buf, c = _two_seat_session("en")
    s.handle(InputLine("tabel"), 0)
    assert "Table? Yes or no?" in buf.getvalue()  # read back as a sentence of its own
    buf.seek(0)
    buf.truncate()
    s.handle(InputLine("yes"), 0)
    said = buf.getvalue()
    assert "All conductors empty." in said and c.get("reason.nothing_to_reveal") not in said


@pytest.mark.parametrize("text", ["ohne Dirigenten beenden", "ohne Dirigent beenden", "Spiel beenden ohne Dirigenten"])
def test_german_pass_is_understood_with_the_right_case_and_the_old_one(text):
    from voice_game.commands.matcher import match

    g = load_grammar("de")
    m = match(g, " ".join(g.normalize_words(text)), g.phrases("orchestra"))
    assert m.kind == "exact" and m.command == {"intent": "pass"}

def test_expanded_phrases_read_as_their_joined_words():
    """Every phrase of every game and language is exactly what normalizing its whole
    text gives (the expansion normalizes each template part once)."""
    import re
    from itertools import product

    from voice_game.commands.grammar import LANGUAGES, MAX_INPUT_CHARS, freeze, load_grammar

    for lang in LANGUAGES:
        g = load_grammar(lang)
        for game in ("orchestra", "concerto", None):
            want = []
            for name in g.intents_for(game):
                for template in g.intents[name]["phrases"]:
                    choices = []
                    for part in re.split(r"(\{\w+\})", template):
                        slot = re.fullmatch(r"\{(\w+)\}", part)
                        if slot:
                            choices.append([(slot.group(1), v, w) for v, w in g.slot_values(slot.group(1))])
                        elif part.strip():
                            choices.append([(None, None, part)])
                    for combo in product(*choices):
                        text = " ".join(said for _, _, said in combo)
                        words = tuple(g.normalize_words(text))
                        if words:
                            cmd = {"intent": name, **{s: v for s, v, _ in combo if s}}
                            want.append((words, freeze(cmd), " ".join(g.normalize_words(text, drop_fillers=False))))
            got = [(p.words, p.command, p.spoken) for p in g.phrases(game)]
            assert got == want, (lang, game)
            assert all(len(p.text) <= MAX_INPUT_CHARS for p in g.phrases(game))


def final_choice_state():
    """A Tierorchester state of the final choice, where ending without a conductor is legal."""
    for seed in range(50):
        r = random.Random(seed)
        s = rules.new_game(OrchestraConfig(["A", "B", "C"]), seed)
        while not rules.is_over(s):
            if s.phase == "final":
                return s
            s, _ = rules.apply(s, r.choice(rules.legal_actions(s)))
    raise AssertionError("no final choice reached")


@pytest.mark.parametrize("game", ["orchestra", "concerto", "tutorial", "menu", None])
def test_german_ende_alone_is_the_orchestra_pass_and_nothing_else(game):
    """"Ende" means what English "end" means (issue 24: it quit the program, while "end"
    passed the turn): the Tierorchester pass, and nothing in any other context; quitting
    takes its own words ("spiel verlassen", "aufhören", ...)."""
    by_words, _ = load_grammar("de").index(game)
    assert by_words.get(("ende",), set()) == ({(("intent", "pass"),)} if game == "orchestra" else set())


@pytest.mark.parametrize("text", ["Ende", "ende", "Ende bitte"])
def test_german_ende_ends_without_a_conductor_when_that_is_legal(text):
    g = load_grammar("de")
    s = final_choice_state()
    assert rules.legal_actions(s)  # ending without a conductor is among them
    u = understand(g, ADAPTER, text, rules.legal_actions(s), confidence=0.5)
    assert u.command == {"intent": "pass"}
    u = understand(g, ADAPTER, "Ende ohne Dirigenten", rules.legal_actions(s))
    assert u.command == {"intent": "pass"}


def test_german_ende_in_a_game_never_asks_to_quit():
    from voice_game.session import InputLine

    s, buf, c = _two_seat_session("de")
    s.handle(InputLine("Ende"), 0)
    assert c.get("input.confirm_quit") not in buf.getvalue() and not s.dialogue.pending_quit and not s.quit
    s.handle(InputLine("aufhören"), 0)  # a quit word asks first
    assert c.get("input.confirm_quit") in buf.getvalue() and s.dialogue.pending_quit and not s.quit
