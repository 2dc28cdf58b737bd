"""Concerto's routine narration, shorter (the second pass): refills, bots' failures and
placements, the opening and the piece after a performance; split from test_narration.py."""
from __future__ import annotations

import pytest

from tests.test_narration import cv, ov, texts
from voice_game.core.events import ev
from voice_game.games.concerto.content import load_content
from voice_game.narration.catalog import load_catalog
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.common import sentence

LANGS = ["de", "en"]


# --- shorter routine narration (second pass) ----------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_refill_again_says_only_the_count_while_the_options_are_unchanged(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = cv("refill")
    v["players"][0]["hand_count"] = 0
    first = texts(n.prompt(v))[0]
    assert c.get("instrument.choir.name") in first
    v["players"][0]["hand_count"] = 1  # drew one from the pile: the market is the same
    again = texts(n.prompt(v))
    assert again == [c.get("concerto.refill_again_brief", count=2)]
    v["players"][0]["hand_count"] = 2
    v["market"] = ["choir", "piano"]  # the market changed: the options are news again
    changed = texts(n.prompt(v))[0]
    assert c.get("instrument.piano.name") in changed


@pytest.mark.parametrize("lang", LANGS)
def test_the_next_refill_with_the_same_options_says_only_refill(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = cv("refill")
    assert c.get("instrument.choir.name") in texts(n.prompt(v))[0]
    later = cv("refill", turn=8)  # a turn later, the market as it was: each fact once
    assert texts(n.prompt(later)) == [c.get("concerto.refill_same", count=1)]
    moved = cv("refill", turn=11, market=["choir", "piano"])
    assert c.get("instrument.piano.name") in texts(n.prompt(moved))[0]
    # hot-seat: the one at the speaker may not have heard the last refill
    hot = ConcertoNarrator(c, {0, 1}, "default")
    assert c.get("instrument.choir.name") in texts(hot.prompt(cv("refill")))[0]
    assert c.get("instrument.choir.name") in texts(hot.prompt(cv("refill", turn=8)))[0]
    # verbose says the options every time
    verbose = ConcertoNarrator(c, {0}, "verbose")
    verbose.prompt(cv("refill"))
    assert c.get("instrument.choir.name") in texts(verbose.prompt(cv("refill", turn=8)))[0]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_failing_is_its_move_and_a_booed_result_with_the_lost_instrument_once(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    piece = load_content().pieces["beethoven-fur-elise"]
    x = piece.instruments[0]
    evs = [ev("turn", player=1, number=6),
           ev("performance_started", player=1, level="green", piece="beethoven-fur-elise", follow=True),
           ev("beat_wrong", player=1, instrument=x, pattern="circle", expected_instrument=x, expected_pattern="cross"),
           ev("instrument_lost", player=1, instrument=x, pattern="cross", reason="wrong_beat"),
           ev("performance_failed", player=1, level="green", piece="beethoven-fur-elise"),
           ev("turn", player=0, number=7)]
    out = [m for m in n.events(evs, cv()) if m.kind == "bot"]
    assert [m.cue for m in out] == ["event.boos"]  # the performance and its result: one message
    conducts = c.get("concerto.bot_sentence", player="Amadeus",
                     actions=c.get("concerto.bot_conduct", piece=c.get("level.green.ref")))
    name = n.ins(x)
    result = out[0].text
    assert result.startswith(conducts.rstrip(".") + ": ")
    assert c.get("concerto.bot_boos") not in result
    assert out[0].fallback.startswith(conducts + " " + c.get("concerto.bot_boos"))
    # what is lost, naming the instrument once; the wrong pair (gone with it) is news for no move
    assert c.get("pattern.circle.name") not in result and c.get("pattern.cross.name") not in result
    assert result.lower().count(name.lower()) == 1
    assert result[len(conducts) + 1:].startswith(c.get("concerto.bot_lost_brief", instrument=name))
    # the written words carry the same facts as the voice, with the boos (issue 25): no pair there either
    lost = c.get("concerto.bot_lost_brief", instrument=name)
    assert out[0].fallback == out[0].history == sentence(f"{conducts} {c.get('concerto.bot_boos')} {lost} "
                                                         + result.split(lost, 1)[1].strip())


@pytest.mark.parametrize("lang", LANGS)
def test_the_opening_leaves_the_market_to_the_first_refill_and_names_pieces_by_level(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    evs = [ev("market_revealed", instrument="choir"), ev("market_revealed", instrument="brass"),
           ev("piece_revealed", level="green", piece="beethoven-fur-elise")]
    said = " ".join(texts(n.events(evs, cv(turn=0)) + n.flush(cv(turn=0))))
    assert c.get("instrument.choir.name") not in said
    assert n.title("beethoven-fur-elise") not in said and c.get("level.green.name").lower() in said.lower()
    verbose = ConcertoNarrator(c, {0}, "verbose")
    said = " ".join(texts(verbose.events(evs, cv(turn=0)) + verbose.flush(cv(turn=0))))
    assert c.get("instrument.choir.name") in said


@pytest.mark.parametrize("lang", LANGS)
def test_brief_lets_the_family_sound_from_the_conductor_carry_a_bots_card(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "brief")
    v = ov()
    out = []
    for e in (ev("turn", player=2), ev("drew", player=2), ev("revealed", player=2, family="violin", remaining=30),
              ev("placed", player=2, family="violin", conductor=1, count=1)):
        out += n.event(e, v)
    assert len(out) == 1
    m = out[0]
    fam = c.get("orchestra.family.violin", count=1)
    assert m.cue == "family.violin" and m.pan == -1.0  # conductor 1 of 3: hard left
    assert fam not in m.text and "1" in m.text and "Clara" not in m.text
    short = c.get("orchestra.short.violin", count=1)  # as the normal level names it in a move
    assert short not in m.text
    full = c.get("orchestra.placed", player="Clara", family=short, conductor=1)
    assert m.history == full and m.fallback == full  # the fact stays whole in the history
    # the end of the pile is never left to a cue
    warn = n.event(ev("revealed", player=1, family="tuba", remaining=3), v) + \
        n.event(ev("placed", player=1, family="tuba", conductor=2, count=1), v)
    assert c.get("orchestra.remaining", count=3) in warn[-1].text


@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_placement_in_concerto_is_name_and_pair(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    evs = [ev("turn", player=1, number=6),
           ev("instrument_placed", player=1, instrument="guitar", position=2, setup=False),
           ev("pattern_drawn", player=1, instrument="guitar", pattern="circle"),
           ev("market_taken", player=1, instrument="brass"),
           ev("turn", player=0, number=7)]
    out = [m for m in n.events(evs, cv()) if m.kind == "bot"]
    pair = c.get("concerto.pair", instrument=c.get("instrument.guitar.name"), pattern=c.get("pattern.circle.name"))
    take = c.get("concerto.bot_take", instrument=c.get("instrument.brass.name"))
    assert [m.text for m in out] == [c.get("concerto.bot_sentence_place", player="Amadeus", pair=pair, actions=take,
                                           count=1)]
    assert out[0].text.startswith("Amadeus: ")


@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_starting_orchestra_says_each_pair_once_and_its_word_for_with_only_there(lang):
    """"Amadeus wählt Holzbläser mit Stich und Gesang mit Kreis." ("starts with woodwinds
    with stab" said "with" once too often)."""
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    evs = [ev("instrument_placed", player=1, instrument="woodwinds", position=1, setup=True),
           ev("instrument_placed", player=1, instrument="vocals", position=2, setup=True),
           ev("pattern_drawn", player=1, instrument="woodwinds", pattern="stab"),
           ev("pattern_drawn", player=1, instrument="vocals", pattern="circle"),
           ev("turn", player=0, number=1)]
    text = " ".join(m.text for m in n.events(evs, cv()) if m.kind == "bot")
    pairs = [c.get("concerto.pair", instrument=c.get(f"instrument.{i}.name"), pattern=c.get(f"pattern.{p}.name"))
             for i, p in (("woodwinds", "stab"), ("vocals", "circle"))]
    assert all(p in text for p in pairs), text
    word = {"de": " mit ", "en": " with "}[lang]
    assert text.count(word) == 2, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_piece_after_a_bots_performance_names_only_the_news(lang):
    c = load_catalog(lang)
    content = load_content()
    n = ConcertoNarrator(c, {0}, "default")
    piece = content.pieces["beethoven-fur-elise"]
    x = piece.instruments[0]
    new = content.pieces["schubert-ave-maria"]
    fail = [ev("turn", player=1, number=6),
            ev("performance_started", player=1, level="green", piece="beethoven-fur-elise", follow=True),
            ev("beat_wrong", player=1, instrument=x, pattern="circle", expected_instrument=x, expected_pattern="cross"),
            ev("instrument_lost", player=1, instrument=x, pattern="cross", reason="wrong_beat"),
            ev("performance_failed", player=1, level="green", piece="beethoven-fur-elise")]
    out = n.events(fail + [ev("piece_revealed", level="green", piece="schubert-ave-maria"),
                           ev("turn", player=0, number=7)], cv())
    said = texts(out)
    assert c.get("concerto.piece_revealed_same", count=new.points,
                 instruments=n.inss(new.instruments)) in said  # the level was just named

    lost = sentence(c.get("concerto.bot_lost_brief", instrument=n.ins(x)))
    # the new piece follows: the lost instrument is the whole result, after the performance's sentence
    assert any(t.lower().endswith(": " + lost.lower()) for t in said)
    # no new piece of that level: that the piece leaves is said
    out = n.events(fail + [ev("turn", player=0, number=7)], cv())
    gone = f'{lost} {c.get("concerto.bot_failed_piece_gone")}'.lower()
    assert any(t.lower().endswith(": " + gone) for t in texts(out))
    # from the second new piece on: "Neu für 4" (the first said what it is)
    again = texts(n.events(fail + [ev("piece_revealed", level="green", piece="schubert-ave-maria"),
                                   ev("turn", player=0, number=7)], cv()))
    assert c.get("concerto.piece_revealed_same_short", count=new.points, instruments=n.inss(new.instruments)) in again
