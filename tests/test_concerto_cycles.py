"""Shorter Concerto cycles (issue 10): what moved to a cue, a command or the history is still
there, and brief narration says each fact in the fewest words."""
from __future__ import annotations

import io

import pytest

from tests.test_narration import cv, texts
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.events import ev
from voice_game.games import get as get_kit
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.narration.catalog import load_catalog
from voice_game.narration.common import sentence
from voice_game.session import Seat, Session

LANGS = ["de", "en"]


def _placed(n: ConcertoNarrator, v: dict, take: str | None = None):
    evs = [ev("turn", player=1, number=6),
           ev("instrument_placed", player=1, instrument="guitar", position=3, setup=False),
           ev("pattern_drawn", player=1, instrument="guitar", pattern="circle")]
    if take:
        evs.append(ev("market_taken", player=1, instrument=take))
    return [m for m in n.events(evs + [ev("turn", player=0, number=7)], v) if m.kind == "bot"]


@pytest.mark.parametrize("lang", LANGS)
def test_brief_names_a_bot_and_leaves_its_market_card_to_the_history(lang):
    c = load_catalog(lang)
    pair = c.get("concerto.pair", instrument=c.get("instrument.guitar.name"), pattern=c.get("pattern.circle.name"))
    took = c.get("instrument.choir.name")
    brief = _placed(ConcertoNarrator(c, {0}, "brief"), cv(), take="choir")
    assert len(brief) == 1 and brief[0].cue == "event.turn.2"
    # issue 25: two bots' "Gitarre mit Kreis." are two facts: the name is said
    assert brief[0].text.rstrip(".").lower() == f"amadeus: {pair}".lower()
    assert took not in brief[0].text and brief[0].fallback is None  # written as said
    # the history keeps the card taken, and the instrument, never the pattern
    kept = brief[0].history
    assert kept.startswith("Amadeus") and took in kept and c.get("pattern.circle.name") not in kept
    # normal narration says the whole move, with the name
    normal = _placed(ConcertoNarrator(c, {0}, "default"), cv(), take="choir")
    assert normal[0].text.startswith("Amadeus") and took in normal[0].text
    assert normal[0].history == normal[0].text.replace(c.get("pattern.circle.name"), c.get("concerto.pattern_hidden"))


@pytest.mark.parametrize("lang", LANGS)
def test_brief_names_a_bot_whose_placement_has_no_pattern_yet(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "brief")
    evs = [ev("turn", player=1, number=6),
           ev("instrument_placed", player=1, instrument="guitar", position=3, setup=False),
           ev("turn", player=0, number=7)]
    out = [m for m in n.events(evs, cv()) if m.kind == "bot"]
    assert out[0].text.startswith("Amadeus")  # "Gitarre." alone would sound like a card you got


def _succeeded(n: ConcertoNarrator):
    piece = load_content().pieces["beethoven-fur-elise"]
    evs = [ev("turn", player=1, number=6),
           ev("performance_started", player=1, level="green", piece="beethoven-fur-elise", follow=True)]
    evs += [ev("beat_correct", player=1, instrument=x, pattern="circle", encore=False, step=1, left=0)
            for x in piece.instruments]
    evs += [ev("performance_succeeded", player=1, level="green", piece="beethoven-fur-elise", points=3, bonus=0,
               gained=3, score=7),
            ev("instrument_lost", player=1, instrument=piece.instruments[0], pattern="circle", reason="given_up"),
            ev("turn", player=0, number=7)]
    return [m for m in n.events(evs, cv()) if m.kind == "bot"], piece


@pytest.mark.parametrize("lang", LANGS)
def test_brief_says_a_bots_performance_its_score_and_its_give_up_in_one_message(lang):
    c = load_catalog(lang)
    out, piece = _succeeded(ConcertoNarrator(c, {0}, "brief"))
    gave = c.get(f"instrument.{piece.instruments[0]}.name")
    assert len(out) == 1 and out[0].cue == "event.applause"
    text = out[0].text
    assert text.startswith("Amadeus") and c.get("level.green.ref") in text and "7" in text and gave in text
    assert "3" not in text  # the points the piece was worth were said with the piece
    # written with the same facts as said, and the applause (issue 25)
    assert out[0].history.startswith("Amadeus") and c.get("concerto.bot_applause") in out[0].history
    assert "3" not in out[0].history


@pytest.mark.parametrize("lang", LANGS)
def test_brief_says_the_instrument_a_bot_lost_and_the_history_the_wrong_pair(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "brief")
    x = load_content().pieces["beethoven-fur-elise"].instruments[0]
    evs = [ev("turn", player=1, number=6),
           ev("performance_started", player=1, level="green", piece="beethoven-fur-elise", follow=True),
           ev("beat_wrong", player=1, instrument=x, pattern="circle", expected_instrument=x, expected_pattern="cross"),
           ev("instrument_lost", player=1, instrument=x, pattern="cross", reason="wrong_beat"),
           ev("performance_failed", player=1, level="green", piece="beethoven-fur-elise"),
           ev("piece_revealed", level="green", piece="schubert-ave-maria"),
           ev("turn", player=0, number=7)]
    out = n.events(evs, cv())
    bot = [m for m in out if m.kind == "bot"]
    assert len(bot) == 1 and bot[0].cue == "event.boos"
    name = c.get(f"instrument.{x}.name")
    assert bot[0].text.lower().endswith(c.get("concerto.bot_lost_brief", instrument=name).lower())
    assert bot[0].text.startswith("Amadeus")
    # issue 25: the written words carry the voice's facts, no pattern
    for kept in (bot[0].text, bot[0].history, bot[0].fallback):
        assert c.get("pattern.cross.name") not in kept and c.get("pattern.circle.name") not in kept


@pytest.mark.parametrize("lang", LANGS)
def test_brief_refill_with_known_options_is_silent_but_not_for_a_soundless_output(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "brief")
    first = n.prompt(cv("refill"))
    assert c.get("instrument.choir.name") in first[0].text
    later = n.prompt(cv("refill", turn=8))  # a turn later, the market as it was
    assert len(later) == 1 and later[0].text == "" and later[0].fallback == c.get("concerto.refill_same", count=1)
    assert later[0].for_history() is None  # nothing to replay
    two = cv("refill", turn=11)
    two["players"][0]["hand_count"] = 1  # after swapping two cards: the count is news
    assert texts(n.prompt(two)) == [c.get("concerto.refill_same_brief", count=2)]
    # normal narration keeps "Auffüllen."
    normal = ConcertoNarrator(c, {0}, "default")
    normal.prompt(cv("refill"))
    assert texts(normal.prompt(cv("refill", turn=8))) == [c.get("concerto.refill_same", count=1)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_refill_says_what_it_is_the_first_time_then_its_options(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    opts = n.or_list([c.get("concerto.draw_option"), c.get("instrument.choir.name"), c.get("instrument.brass.name")])
    assert texts(n.prompt(cv("refill"))) == [sentence(c.get("concerto.refill", count=1, options=opts))]
    moved = cv("refill", turn=8, market=["brass", "choir"])
    opts = n.or_list([c.get("instrument.brass.name"), c.get("instrument.choir.name")])  # "ziehen" was said once
    assert texts(n.prompt(moved)) == [sentence(c.get("concerto.refill_brief", count=1, options=opts))]


def _opening(lang: str, detail: str = "default"):
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 1, None)
    buf = io.StringIO()
    words = {"de": "stücke", "en": "pieces"}[lang]
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter([words]), seed=1,
                verbose=detail)
    s.start(kit.rules.opening_events(state))
    s.run()
    return s, buf.getvalue().splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_the_opening_counts_the_orange_pieces_instruments_and_pieces_names_them(lang):
    s, lines = _opening(lang)
    c = s.c
    content = load_content()
    orange = content.pieces[s.state.open_pieces["orange"]]
    names = ConcertoNarrator(c, {0}, "default").inss(orange.instruments)
    prompt = next(i for i, x in enumerate(lines) if x.startswith(c.get("concerto.choose_start_you")))
    opening = " ".join(lines[:prompt])
    assert names not in opening  # five or six instruments, far from a starting orchestra of two
    counted = c.get("concerto.piece_count_next", level=c.get("level.orange.name"), points=orange.points,
                    count=len(orange.instruments))
    assert sentence(counted) in opening
    for lv in ("green", "yellow"):  # the pieces a starting orchestra aims at: with their instruments
        piece = content.pieces[s.state.open_pieces[lv]]
        assert ConcertoNarrator(c, {0}, "default").inss(piece.instruments) in opening
    # "Stücke" names every open piece with its instruments in order
    asked = " ".join(lines[prompt + 1:])
    assert names in asked
    # issue 25: the special card of the deal comes with the hand, as in hot-seat ("Deine Sonderkarte")
    special = c.get(f"special.{s.state.specials[0][0]}.name")
    assert c.get("concerto.received_special", card=special) in opening


@pytest.mark.parametrize("lang", LANGS)
def test_the_special_card_of_the_deal_is_said_with_the_hand(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    deal = [ev("card_received", player=0, kind="instrument", card=x, to=0) for x in ("guitar", "choir", "piano")]
    deal.append(ev("card_received", player=0, kind="special", card="audition", to=0))
    said = " ".join(texts(n.events(deal, cv(turn=0)) + n.flush(cv(turn=0))))
    # issue 25: "Deine Sonderkarte: Vorspiel." with the hand, never later beside "Du bist dran"
    assert c.get("concerto.received_special", card=c.get("special.audition.name")) in said
    assert c.get("instrument.choir.name") in said
    first = texts(n.events([ev("turn", player=0, number=1)], cv(turn=1)))
    assert not first or c.get("special.audition.name") not in first[0]
    # verbose says the whole hand at once
    verbose = ConcertoNarrator(c, {0}, "verbose")
    assert c.get("special.audition.name") in " ".join(texts(verbose.events(deal, cv(turn=0)) + verbose.flush(cv(turn=0))))


def test_the_applause_and_the_boos_are_short_they_answer_every_beat():
    """The applause follows every right beat and carries a bot's success before its words; the
    boos come before a wrong beat's words: a second or so, not two."""
    from voice_game.audio import cues

    for cue_id, most in (("event.applause", 1.25), ("event.boos", 1.15)):
        x = cues.synthesize(cue_id)
        assert 0.6 <= len(x) / cues.RATE <= most, cue_id
        data, rate = cues.read_wav(cues.cue_path(cue_id))  # the file the game plays is the short one
        assert len(data) / rate <= most, cue_id


# --- a bot conducts, third pass: each fact once, rule reminders left to verbose ---------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_give_up_is_part_of_its_success_and_the_history_keeps_the_whole_move(lang):
    c = load_catalog(lang)
    for detail, key in (("default", "bot_after_given_up_clause"), ("brief", "bot_after_given_up_clause_brief")):
        out, piece = _succeeded(ConcertoNarrator(c, {0}, detail))
        gave = c.get(f"instrument.{piece.instruments[0]}.name")
        text = out[0].text
        assert text.endswith(", " + c.get(f"concerto.{key}", instrument=gave) + "."), text
        assert text.count(gave) == 1 and "7" in text  # the new score, once
        # written with the same facts as said (issue 25): the give-up once
        assert out[0].history.count(gave) == 1


def _refill_view(turn: int, market: list[str], need: int = 1) -> dict:
    v = cv("refill", turn=turn, market=market)
    v["players"][0]["hand_count"] = 3 - need
    return v


@pytest.mark.parametrize("lang", LANGS)
def test_brief_refill_says_draw_once_then_the_market_and_no_count_while_nothing_changed(lang):
    c = load_catalog(lang)
    draw = c.get("concerto.draw_option")
    n = ConcertoNarrator(c, {0}, "brief")
    assert draw.lower() in texts(n.prompt(_refill_view(5, ["choir", "brass"])))[0].lower()  # the first time
    later = texts(n.prompt(_refill_view(8, ["piano", "brass"], need=3)))[0]
    market = n.or_list([c.get("instrument.piano.name"), c.get("instrument.brass.name")])
    assert later == sentence(c.get("concerto.refill_brief", count=3, options=market))
    assert draw.lower() not in later.lower()  # drawing lasts while the pile does; its end is announced
    # one card drawn, the market as it was: "3 Karten" was said, the card came with its cue
    again = n.prompt(_refill_view(8, ["piano", "brass"], need=2))
    assert len(again) == 1 and again[0].text == "" and again[0].fallback == c.get("concerto.refill_again_brief", count=2)
    # normal narration in solo says "ziehen" once too (issue 25), and the count
    normal = ConcertoNarrator(c, {0}, "default")
    normal.prompt(_refill_view(5, ["choir", "brass"]))
    assert draw.lower() not in texts(normal.prompt(_refill_view(8, ["piano", "brass"], need=3)))[0].lower()
    assert texts(normal.prompt(_refill_view(8, ["piano", "brass"], need=2))) == [
        c.get("concerto.refill_again_brief", count=2)]


@pytest.mark.parametrize("lang", LANGS)
def test_your_rehearsal_is_the_pattern_once_and_the_history_says_only_that_you_rehearsed(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    evs = [ev("special_played", player=0, card="rehearsal", effect=True),
           ev("rehearsal", player=0, instrument="guitar"),
           ev("pattern_recalled", to=0, player=0, instrument="guitar", pattern="circle")]
    out = n.events(evs, cv())
    said = [m for m in out if m.text]
    pattern = c.get("pattern.circle.name")
    assert len(said) == 1 and pattern in said[0].text and said[0].cue == "pattern.circle"
    kept = said[0].for_history()
    assert kept is not None and pattern not in kept.text
    assert kept.text == c.get("concerto.rehearsal_by_you", instrument=c.get("instrument.guitar.name"))
    verbose = ConcertoNarrator(c, {0}, "verbose")
    vsaid = texts(verbose.events(evs, cv()))
    assert c.get("concerto.rehearsal_by_you", instrument=c.get("instrument.guitar.name")) in vsaid


@pytest.mark.parametrize("lang", LANGS)
def test_brief_says_a_bots_card_by_its_effect_and_keeps_the_rules_to_verbose(lang):
    c = load_catalog(lang)
    cases = (("headhunter", ev("instruments_exchanged", player=1, target=2, instrument="guitar", other="choir")),
             ("job-sharing", ev("market_exchanged", player=1, instrument="guitar", other="choir")),
             ("audition", ev("audition", player=1, instrument="guitar")))
    v = cv()
    v["players"].append({"name": "Clara", "hand_count": 3, "orchestra": []})
    for card, effect in cases:
        evs = [ev("turn", player=1, number=6), ev("special_played", player=1, card=card, effect=True), effect,
               ev("turn", player=0, number=7)]
        brief = [m for m in ConcertoNarrator(c, {0}, "brief").events(evs, v) if m.kind == "bot"]
        normal = [m for m in ConcertoNarrator(c, {0}, "default").events(evs, v) if m.kind == "bot"]
        assert len(brief) == 1 and brief[0].text.startswith("Amadeus")
        assert c.get(f"special.{card}.name") not in brief[0].text  # only this card does that
        assert c.get("instrument.guitar.name") in brief[0].text
        assert c.get(f"special.{card}.name") in normal[0].text
        assert len(brief[0].text) < len(normal[0].text)


@pytest.mark.parametrize("lang", LANGS)
def test_brief_says_your_new_special_card_and_your_audition_in_fewer_words_and_a_bots_loss_too(lang):
    c = load_catalog(lang)
    card = c.get("special.headhunter.name")
    got = [ev("card_received", player=0, kind="special", card="headhunter", to=0)]
    brief, normal = ConcertoNarrator(c, {0}, "brief"), ConcertoNarrator(c, {0}, "default")
    for n in (brief, normal):
        n.started = True
    assert texts(brief.events(got, cv())) == [c.get("concerto.received_special_brief", card=card)]
    assert texts(normal.events(got, cv())) == [c.get("concerto.received_special", card=card)]
    took = [ev("special_played", player=0, card="audition", effect=True), ev("audition", player=0, instrument="guitar")]
    guitar = c.get("instrument.guitar.name")
    assert texts(brief.events(took, cv())) == [sentence(c.get("concerto.audition_by_you_brief", instrument=guitar))]
    assert texts(normal.events(took, cv())) == [c.get("concerto.audition_by_you", instrument=guitar)]
