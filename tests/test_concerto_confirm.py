"""Concerto's moves cannot be taken back (issue 9, "rejection you can trust"): one heard by
voice with doubt (under 0.75, or not an exact phrase) is read back for yes or no and nothing
changes before the yes; heard exactly and surely, or typed, it is made at once. The words read
back parse back to the same command in both languages."""
from __future__ import annotations

import io
import json
import random

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import understand
from voice_game.core.input import InputLine
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.games.concerto import rules
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session
from voice_game.session.loop import sentence_start

from tests.concerto.helpers import cfg, play, random_action, right_beat, settle

LANGS = ["de", "en"]
START = {"de": "orchester chor schlagwerk", "en": "orchestra choir percussion"}
YES = {"de": "ja", "en": "yes"}
NO = {"de": "nein", "en": "no"}
#: the one Concerto move acted on at once even when heard with doubt: the refill's plain draw
UNCONFIRMED_MOVES = {"draw_instrument"}


def _moves(g) -> set[str]:
    """The Concerto intents that are moves (the adapter makes an action of them)."""
    adapter = get_kit("concerto").adapter
    _, by_command = g.index("concerto")
    return {dict(c)["intent"] for c in by_command if adapter.action_for(dict(c)) is not None}


@pytest.mark.parametrize("lang", LANGS)
def test_every_concerto_move_but_drawing_is_read_back_when_in_doubt(lang):
    g = load_grammar(lang)
    moves = _moves(g)
    assert "play_special_at" in moves and "beat" in moves and "give_up" in moves
    assert {i for i in moves if g.needs_confirmation(i)} == moves - UNCONFIRMED_MOVES
    other = load_grammar("en" if lang == "de" else "de")
    assert all(g.needs_confirmation(i) == other.needs_confirmation(i) for i in moves)


@pytest.mark.parametrize("lang", LANGS)
def test_every_confirmed_concerto_command_read_back_parses_back_to_itself(lang):
    """The sentence read back ("Sabotage Spieler zwei Chor gegen Holzbläser? Ja oder nein?")
    is the command's own words: said again, they mean that command and no other."""
    s, _ = _sabotage_session(lang, iter(()))
    g, c = s.g, s.c
    by_words, by_command = g.index("concerto")
    moves = _moves(g)
    seen: set[str] = set()
    for key in by_command:
        cmd = dict(key)
        if cmd["intent"] not in moves or not g.needs_confirmation(cmd["intent"]):
            continue
        said = c.get("input.confirm", command=sentence_start(s.as_said(cmd)))
        command_words = g.normalize_words(said.split("?")[0])
        assert by_words[tuple(command_words)] == {key}, (said, by_words.get(tuple(command_words)))
        seen.add(cmd["intent"])
    assert seen == moves - UNCONFIRMED_MOVES


def _walk(seed: int, maestro: bool):
    """(state, legal actions) along a random Concerto game whose beats are mostly right."""
    r = random.Random(seed)
    s = settle(rules.new_game(cfg(3, maestro), seed))
    for _ in range(600):
        if rules.is_over(s):
            return
        if rules.current_player(s) != CHANCE:
            yield s, rules.legal_actions(s)
        s = play(s, random_action(s, r))


@pytest.mark.parametrize("lang", LANGS)
def test_a_doubtful_concerto_move_asks_and_a_sure_exact_or_typed_one_acts(lang):
    """Along whole games: every legal move whose intent is marked is read back at 0.6 and as
    a typo, and acted on at 0.9 when exact and when typed (1.0) - the same action each time."""
    g = load_grammar(lang)
    adapter = get_kit("concerto").adapter
    seen: set[str] = set()
    for seed, maestro in ((1, False), (2, True), (5, True)):
        for k, (_, legal) in enumerate(_walk(seed, maestro)):
            if k % 3:
                continue
            for a in legal[:40]:
                cmd = adapter.command_for(a)
                if cmd is None or not g.needs_confirmation(cmd["intent"]):
                    continue
                text = g.render(cmd)
                doubt = understand(g, adapter, text, legal, confidence=0.6)
                assert (doubt.kind, doubt.action) == ("confirm", a), (text, doubt)
                for sure in (0.9, 1.0):
                    u = understand(g, adapter, text, legal, confidence=sure)
                    assert (u.kind, u.action) == ("act", a), (text, sure, u)
                seen.add(cmd["intent"])
    assert {"start_orchestra", "place_instrument", "swap", "conduct", "beat", "give_up",
            "take_market"} <= seen, seen


def _sabotage_session(lang: str, lines):
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Amadeus", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, kit.parse_deck({"specials": ["sabotage"] * 4}))
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), lines, seed=3)
    return s, buf


#: the Sabotage on Amadeus's two instruments as it is read back (written, for a braille display)
SABOTAGE_WRITTEN = {"de": "Sabotage Spieler zwei {a} gegen {b}", "en": "Sabotage player two {a} for {b}"}


def _sabotage_words(s) -> tuple[str, tuple[str, str]]:
    """Sabotage against Amadeus's first two instruments, in the grammar's words."""
    a, b = [x for x, _ in s.state.orchestras[1]][:2]
    cmd = {"intent": "play_special_at", "attack": "sabotage", "position": 2, "first": a, "other": b}
    return s.g.render(cmd), (a, b)


def _sabotage_read_back(lang: str, pair: tuple[str, str]) -> str:
    """"Sabotage Spieler zwei Chor gegen Holzbläser? Ja oder nein?": the instruments as the
    locale names them."""
    c = load_catalog(lang)
    a, b = (c.get(f"instrument.{x}.name") for x in pair)
    return c.get("input.confirm", command=SABOTAGE_WRITTEN[lang].format(a=a, b=b))


def _state(s) -> str:
    return json.dumps(s.kit.rules.state_to_json(s.state), sort_keys=True)


def _play_sabotage(lang: str, heard):
    """Plays a Sabotage session: the start line, then the lines ``heard(words)`` gives for
    the words of a Sabotage on Amadeus. ``holder`` keeps the words, the pair swapped, the
    state and Amadeus's orchestra before those lines, and after each of them (state,
    pending question, all said so far) in ``marks``. Returns (session, buffer, holder)."""
    holder: dict = {"marks": []}

    def lines():
        yield START[lang]
        s = holder["s"]
        holder["words"], holder["pair"] = _sabotage_words(s)
        holder["before"] = _state(s)
        holder["orchestra"] = dict(s.state.orchestras[1])
        for heard_line in heard(holder["words"]):
            yield heard_line
            holder["marks"].append((_state(s), s.pending, buf.getvalue()))

    s, buf = _sabotage_session(lang, lines())
    holder["s"] = s
    s.start(s.kit.rules.opening_events(s.state))
    s.run()
    return s, buf, holder


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_sabotage_heard_at_0_6_is_read_back_and_nothing_changes_before_yes(lang, answer):
    c = load_catalog(lang)
    s, buf, holder = _play_sabotage(lang, lambda words: [
        InputLine(words, 0.6, "voice"), InputLine((YES if answer == "yes" else NO)[lang], 0.95, "voice")])
    asked_state, pending, said_then = holder["marks"][0]
    assert asked_state == holder["before"]  # read back: nothing played yet
    assert pending is not None and pending[0]["attack"] == "sabotage"
    assert _sabotage_read_back(lang, holder["pair"]) in said_then
    a, b = holder["pair"]
    after, before = dict(s.state.orchestras[1]), holder["orchestra"]
    if answer == "yes":  # played: Amadeus's two patterns swapped
        assert "sabotage" in s.state.special_discard
        assert (after[a], after[b]) == (before[b], before[a])
    else:
        assert c.get("input.cancelled") in buf.getvalue()
        assert _state(s) == holder["before"] and "sabotage" not in s.state.special_discard


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("line", ["voice 0.9", "typed"])
def test_sabotage_heard_surely_or_typed_is_played_at_once(lang, line):
    s, buf, holder = _play_sabotage(lang, lambda words: [
        InputLine(words, 0.9, "voice") if line.startswith("voice") else words])
    assert holder["marks"][0][1] is None  # nothing pending after the line
    assert _sabotage_read_back(lang, holder["pair"]) not in buf.getvalue()
    assert "Ja oder nein" not in buf.getvalue() and "Yes or no" not in buf.getvalue()
    a, b = holder["pair"]
    after, before = dict(s.state.orchestras[1]), holder["orchestra"]
    assert "sabotage" in s.state.special_discard and (after[a], after[b]) == (before[b], before[a])


@pytest.mark.parametrize("lang", LANGS)
def test_a_yes_heard_with_doubt_asks_again_in_the_same_written_words(lang):
    """A yes at 0.4 is no answer: the Sabotage is read back again, written as the first
    time; the sure yes then plays it."""
    s, buf, holder = _play_sabotage(lang, lambda words: [
        InputLine(words, 0.6, "voice"), InputLine(YES[lang], 0.4, "voice"), InputLine(YES[lang], 0.95, "voice")])
    asked = _sabotage_read_back(lang, holder["pair"])
    first, again = holder["marks"][0][2], holder["marks"][1][2]
    assert asked in first and again.count(asked) == 2
    assert holder["marks"][1][0] == holder["before"] and "sabotage" in s.state.special_discard


@pytest.mark.parametrize("lang", LANGS)
def test_a_beat_heard_with_doubt_is_read_back_inside_the_performance_which_waits(lang):
    """A performance has no clock: a beat heard at 0.6 is read back ("Klavier Kreis? Ja oder
    nein?", as the locale names them), the piece waits at the same step until the yes, and a
    beat heard surely is played at once."""
    from tests.support.concerto_deck import DECK

    c = load_catalog(lang)
    g = load_grammar(lang)
    kit = get_kit("concerto")
    holder: dict = {}
    said: list[str] = []
    written: list[str] = []  # the beats as read back: "Klavier Kreis", "Piano circle"

    def right_words(s) -> str:
        cmd = kit.adapter.command_for(right_beat(s.state))
        instrument, pattern = c.get(f"instrument.{cmd['instrument']}.name"), c.get(f"pattern.{cmd['pattern']}.name")
        written.append(sentence_start(f"{instrument} {pattern}"))
        return g.render(cmd)

    def lines():
        s = holder["s"]
        for _ in range(2):  # both seats choose piano and strings
            yield g.render({"intent": "start_orchestra", "instrument": "piano", "other": "strings"})
        yield g.render({"intent": "conduct", "level": "green"})
        assert s.state.phase == "conduct" and s.state.perf["step"] == 0
        words = right_words(s)
        said.append(words)
        yield InputLine(words, 0.6, "voice")
        holder["asked"] = (s.pending is not None, s.state.perf["step"], buf.getvalue())
        yield InputLine(YES[lang], 0.95, "voice")
        holder["after_yes"] = s.state.perf["step"]
        words = right_words(s)
        said.append(words)
        yield InputLine(words, 0.9, "voice")
        holder["after_sure"] = (s.pending, s.state.phase)

    buf = io.StringIO()
    s = Session(kit, kit.new_game(["Anna", "Ben"], [], 2, kit.parse_deck(DECK)), [Seat("Anna"), Seat("Ben")], g,
                c, TextOutput(buf), lines(), seed=2)
    s.handover = False  # one player at the keyboard for both seats
    holder["s"] = s
    s.start(kit.rules.opening_events(s.state))
    s.run()
    pending, step, text = holder["asked"]
    assert pending and step == 0  # read back, the piece still at its first beat
    assert c.get("input.confirm", command=written[0]) in text
    assert holder["after_yes"] == 1
    assert holder["after_sure"][0] is None and holder["after_sure"][1] != "conduct"  # the last beat: done
    assert c.get("input.confirm", command=written[1]) not in buf.getvalue()
