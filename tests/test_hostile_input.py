"""Nothing a player types or presses breaks the game (issue 11).

Typed lines of any kind (unicode digits such as "①", "٣" or "²", digit strings
far over Python's 4300-digit int limit, huge lines, control characters) and
random key presses go through the real grammar, parser and session of both
games in both languages: no exception, never the internal-error sentence, and
a line that is not understood changes nothing.
"""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from voice_game.audio.tts import TextOutput
from voice_game.commands import matcher
from voice_game.commands.grammar import MAX_INPUT_CHARS, as_number, load_grammar
from voice_game.commands.parser import understand
from voice_game.core.errors import Unrecognized
from voice_game.games import get as get_kit
from voice_game.keys import Key, KeyInput, load_bindings
from voice_game.narration.catalog import load_catalog
from voice_game.session import InputLine, Seat, Session

ODD_DIGITS = ["①", "⑳", "٣", "۵", "३", "３", "²", "³", "¹", "⁴", "𝟙", "᧚", "Ⅻ", "½", "𒐀"]
WORDS = ["dirigent", "conductor", "nehmen", "take", "ziehen", "draw", "eins", "one", "tuba",
         "kreis", "circle", "hilfe", "help", "ja", "yes", "nein", "no", "bitte", "grün", "green"]

hostile_words = st.one_of(
    st.sampled_from(ODD_DIGITS + WORDS),
    st.text(min_size=1, max_size=8),
    st.integers(0, 10 ** 6).map(str),
    st.integers(4290, 9000).map(lambda n: "7" * n),  # past int()'s digit limit
    st.builds(lambda d, w: d + w, st.sampled_from(ODD_DIGITS), st.sampled_from(WORDS)),
)
hostile_lines = st.one_of(
    st.lists(hostile_words, min_size=0, max_size=6).map(" ".join),
    st.text(max_size=60),
    st.sampled_from(["1" * 5000, "① ② ③", "dirigent ٣", "dirigent ²", "conductor ³ take",
                     "\x00\x1b[A", "\ud800" if False else "\u202e", "-" * 300, " ".join(["ziehen"] * 3000)]),
)


def test_as_number():
    assert [as_number(w) for w in ("3", "٣", "３", "003")] == [3, 3, 3, 3]
    assert [as_number(w) for w in ("①", "²", "³", "Ⅻ", "½", "1" * 5000, "", "x1")] == [None] * 8


@pytest.mark.parametrize("lang", ["de", "en"])
def test_unicode_digits_and_long_numbers_are_words_not_crashes(lang):
    g = load_grammar(lang)
    assert g.normalize_words("dirigent ٣") == ["dirigent", g.numbers[3][0]]
    for text in ("①", "dirigent ²", "1" * 5000, "conductor " + "9" * 4301):
        g.normalize_words(text)  # no exception


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_huge_line_is_refused_without_matching_word_by_word(lang, monkeypatch):
    g = load_grammar(lang)
    kit = get_kit("orchestra")
    state = kit.new_game(["Anna", "Ben"], [], 1, None)
    legal = kit.rules.legal_actions(state)
    calls = []
    real = matcher.distance
    monkeypatch.setattr(matcher, "distance", lambda *a: calls.append(1) or real(*a))
    for text in (" ".join(["ziehen"] * 100_000), "ziehen " + "x" * MAX_INPUT_CHARS, "a " * 500):
        with pytest.raises(Unrecognized):
            understand(g, kit.adapter, text, legal)
    assert calls == []  # refused before any phrase was compared
    draw = {"de": "ziehen", "en": "draw"}[lang]
    assert understand(g, kit.adapter, draw, legal).kind == "act"  # a normal line still works


def make_session(game: str, lang: str):
    kit = get_kit(game)
    seats = [Seat("Anna"), Seat("Ben")]
    state = kit.new_game([s.name for s in seats], [], 3, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()), seed=3)
    s.start(kit.rules.opening_events(state))
    return s, buf


SESSIONS = {(g, lang): make_session(g, lang) for g in ("orchestra", "concerto") for lang in ("de", "en")}


def state_json(s: Session) -> str:
    return json.dumps(s.kit.rules.state_to_json(s.state), sort_keys=True)


def feed(s: Session, buf: io.StringIO, line: InputLine) -> None:
    c = s.c
    before = state_json(s)
    buf.seek(0)
    buf.truncate()
    p = s.kit.rules.current_player(s.state)
    s.handle(line, p)  # raises if anything inside goes wrong: the test fails
    said = buf.getvalue()
    assert c.get("app.error_internal") not in said, (line.text, said)
    if c.get("input.not_understood") in said or c.get("input.not_understood_again") in said:
        assert state_json(s) == before, line.text


@pytest.mark.parametrize("game,lang", sorted(SESSIONS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(hostile_lines, min_size=1, max_size=4))
def test_typed_lines_never_break_a_game(game, lang, lines):
    s, buf = SESSIONS[(game, lang)]
    for text in lines:
        feed(s, buf, InputLine(text))
        s.pending = None  # a question left open must not make the next line an answer
        s.pending_quit = False
        s.quit = False


class ScriptedReader:
    def __init__(self, events):
        self.events = list(events)

    def next_event(self):
        return self.events.pop(0) if self.events else None

    def start_typing(self, initial=""):
        pass


KEY_NAMES = ["enter", "escape", "tab", "space", "backspace", "up", "down", "left", "right", "home", "end",
             "f1", "f2", "f4", "pageup", "pagedown", "eof", "typing_cancelled"]
keys = st.one_of(st.sampled_from(KEY_NAMES),
                 st.sampled_from(list("0123456789dtpqhrsmky?/") + ODD_DIGITS),
                 st.characters(blacklist_categories=("Cs",))).map(Key)


@pytest.mark.parametrize("game,lang", sorted(SESSIONS))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(presses=st.lists(keys, min_size=1, max_size=12))
def test_key_presses_never_break_a_game(game, lang, presses):
    s, buf = SESSIONS[(game, lang)]
    inp = KeyInput(ScriptedReader(presses), load_bindings({}))
    inp.attach(s)
    for line in inp:
        feed(s, buf, line)
        s.pending = None
        s.pending_quit = False
        s.quit = False


@pytest.mark.parametrize("game,lang", sorted(SESSIONS))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=48))
def test_raw_terminal_bytes_never_break_a_game(game, lang, raw):
    """What a terminal sends (escape sequences, broken UTF-8, control bytes), decoded as
    the terminal reader decodes it, then played."""
    from voice_game.keys import decode

    s, buf = SESSIONS[(game, lang)]
    inp = KeyInput(ScriptedReader(decode(raw.decode("utf-8", "replace"))), load_bindings({}))
    inp.attach(s)
    for line in inp:
        feed(s, buf, line)
        s.pending = None
        s.pending_quit = False
        s.quit = False
