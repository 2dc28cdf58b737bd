"""Number keys in Concerto never complete a move with parameters the player did not
choose (issue 10): no made-up beat while conducting, no Headhunter against seat n with
instruments picked for the player, no starting orchestra; what a digit does choose
beyond its number is read back first."""
from __future__ import annotations

import io

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.keys import Key, KeyInput, load_bindings
from voice_game.narration.catalog import load_catalog
from voice_game.session import InputLine, Seat, Session

LANGS = ["de", "en"]


class Reader:
    def __init__(self):
        self.events: list = []

    def next_event(self):
        return self.events.pop(0) if self.events else None

    def start_typing(self, initial=""):
        pass


def concerto(lang, seed=3):
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    out = io.StringIO()
    inp = KeyInput(Reader(), load_bindings({}))
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(out), inp, seed=seed)
    inp.attach(s)
    s.start(kit.rules.opening_events(state))
    return s, inp, out


def advance(s):
    kit = s.kit
    while kit.rules.current_player(s.state) != 0 and not kit.rules.is_over(s.state):
        p = kit.rules.current_player(s.state)
        if p in s.bots:
            s.commit(s.bots[p].choose(kit.view(s.state, p), kit.rules.legal_actions(s.state)))
        else:
            s.commit(None)


def press(s, inp, out, key):
    """A key press as the session sees it: the line it gives, handled; what was said."""
    out.seek(0)
    out.truncate()
    before = s.state
    inp.reader.events = [Key(key)]
    line = next(inp, None)
    if line is not None:
        s.handle(line, 0)
    return line, out.getvalue(), s.state is not before


@pytest.mark.parametrize("lang", LANGS)
def test_a_digit_never_picks_a_starting_orchestra(lang):
    s, inp, out = concerto(lang)
    advance(s)
    assert s.kit.view(s.state, 0)["phase"] == "setup"
    for key in "123":
        line, said, changed = press(s, inp, out, key)
        assert not changed and line is None
        assert s.c.get("keys.number_not_enough", number=int(key), example="").split(":")[0] in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_digit_never_makes_up_a_beat_while_conducting(lang):
    s, inp, out = concerto(lang)
    kit = s.kit
    for _ in range(200):  # play on (the bot's choice for the human too) until the human conducts
        advance(s)
        if kit.rules.is_over(s.state):
            pytest.skip("no performance in this game")
        v = kit.view(s.state, 0)
        if v["phase"] == "conduct":
            break
        legal = kit.rules.legal_actions(s.state)
        conduct = [a for a in legal if a.kind == "conduct"]
        s.commit(conduct[0] if conduct else kit.make_bot("bot", 7).choose(v, legal))
    else:
        pytest.skip("no performance reached")
    for key in "12345":
        line, said, changed = press(s, inp, out, key)
        assert not changed and line is None, (key, said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_digit_never_plays_an_attack_with_instruments_it_did_not_name(lang):
    s, inp, out = concerto(lang)
    attacks = [{"intent": "play_special_at", "attack": "headhunter", "position": 2, "first": "piano", "other": "choir"},
               {"intent": "play_special_at", "attack": "headhunter", "position": 2, "first": "brass", "other": "choir"}]
    s.legal_commands = lambda: attacks  # two ways to use Headhunter on seat 2
    inp.reader.events = [Key("2")]
    assert next(inp, None) is None
    assert s.c.get("keys.number_not_enough", number=2, example="").split(":")[0] in out.getvalue()
    s.legal_commands = lambda: attacks[:1]  # the only one: the number may take it, read back first
    inp.reader.events = [Key("2")]
    line = next(inp)
    assert line.source == "key" and line.confidence < 1.0


@pytest.mark.parametrize("lang", LANGS)
def test_a_key_that_chose_more_than_its_number_is_read_back_before_it_happens(lang):
    s, inp, out = concerto(lang)
    advance(s)
    legal = s.legal_commands()
    start = next(c for c in legal if c["intent"] == "start_orchestra")
    before = s.state
    s.handle(InputLine(s.g.render(start), 0.5, "key"), 0)
    assert s.state is before and s.asking_yes_no  # asked, not done
    s.handle(InputLine(s.g.render({"intent": "yes"})), 0)
    assert s.state is not before
