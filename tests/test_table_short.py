"""The table at your turn, short by ear (issue 25), in both languages: each fact once. The
status rows and "tisch" say a number once and a noun once: conductors without a colon
after each number, the empty and the taken ones together ("Dirigent 1 mit Harfe, 2 und 3
leer"; who took one is a cursor step away), all empty in three words; your musicians as "Du hast ..."; Concerto's pieces that
need the same from your orchestra together ("Grün 3, Gelb 5 und Orange 7 brauchen
Streicher"); equal scores once ("Amadeus und Clara 2", "alle 0"). No fact is dropped:
every conductor's number and cards, every piece, every player's score are still said.
Tierorchester's conductors row is the whole decision at your turn: after the cards, your
musicians of the families lying there ("Davon hast du 2 Flöten."), all a take can change."""
from __future__ import annotations

import re

import pytest

from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.games.orchestra.review import rows as orchestra_rows
from voice_game.narration.catalog import load_catalog

LANGS = ["de", "en"]


def _orchestra_view(rows: list[list[str]], owners: list[int | None], mine: dict[str, int]) -> dict:
    kit = get_kit("orchestra")
    state = kit.new_game(["Anna", "Ben", "Clara"], [], 1, None)
    v = kit.view(state, 0)
    v["rows"], v["row_owner"] = rows, owners
    v["collections"] = [mine, {"tuba": 1}, {"violin": 1}]
    return v


def _row(lang: str, v: dict, rid: str):
    n = OrchestraNarrator(load_catalog(lang), {0}, False)
    return next(r for r in orchestra_rows(n, v) if r.id == rid)


@pytest.mark.parametrize("lang", LANGS)
def test_conductors_say_each_number_once_and_the_empty_ones_together(lang):
    c = load_catalog(lang)
    v = _orchestra_view([["harp"], [], []], [None, None, None], {})
    short = _row(lang, v, "conductors").short
    assert short == {"de": "Dirigent 1 mit Harfe, 2 und 3 leer. Davon hast du keine.",
                     "en": "Conductor 1 with harp, 2 and 3 empty. You have none of those."}[lang]
    v = _orchestra_view([[], ["tuba", "tuba", "flute"], [], []], [None, None, 1, None], {})
    short = _row(lang, v, "conductors").short
    assert short == {"de": "Dirigenten 1 und 4 leer, 2 mit 2 Tuben und Flöte, 3 genommen. Davon hast du keine.",
                     "en": "Conductors 1 and 4 empty, 2 with 2 tubas and flute, 3 taken. You have none of those."}[lang]
    assert not re.search(r"\d:", short)  # no colon after a number: a pause each
    v = _orchestra_view([[], [], []], [None, None, None], {})
    row = _row(lang, v, "conductors")
    assert row.short == c.get("orchestra.review.conductors_all_empty")
    assert len(row.items) == 3  # the cursor still goes through each conductor


@pytest.mark.parametrize("lang", LANGS)
def test_conductors_say_what_a_take_changes_for_you(lang):
    """At your turn one answer decides it: the conductors, then your musicians of the
    families lying under the open ones (all a take can change), nothing else of yours."""
    # you: 2 flutes, a harp, a tuba; the tuba lies under no conductor, the drum only under a
    # taken one: neither is said; the harp and the flutes are, with their counts
    v = _orchestra_view([["harp", "flute"], ["flute", "trumpet"], ["drum"]], [None, None, 1],
                        {"flute": 2, "harp": 1, "tuba": 1, "drum": 3})
    short = _row(lang, v, "conductors").short
    assert short == {"de": "Dirigent 1 mit Harfe und Flöte, 2 mit Flöte und Trompete, 3 genommen. "
                           "Davon hast du Harfe und 2 Flöten.",
                     "en": "Conductor 1 with harp and flute, 2 with flute and trumpet, 3 taken. "
                           "Of those you have harp and 2 flutes."}[lang]
    # the same count of each family there: the count said once
    v["collections"][0] = {"flute": 1, "harp": 1, "trumpet": 1, "tuba": 4}
    assert _row(lang, v, "conductors").short.endswith(
        {"de": "Davon hast du je 1.", "en": "You have one of each of those."}[lang])
    v["collections"][0] = {"flute": 3, "harp": 3, "trumpet": 3}
    assert _row(lang, v, "conductors").short.endswith(
        {"de": "Davon hast du je 3.", "en": "You have 3 of each of those."}[lang])
    # nothing to take: nothing of yours to say
    v = _orchestra_view([[], [], ["drum"]], [None, None, 1], {"drum": 1})
    assert _row(lang, v, "conductors").short == {"de": "Dirigenten 1 und 2 leer, 3 genommen.",
                                                 "en": "Conductors 1 and 2 empty, 3 taken."}[lang]
    # who took a conductor: one cursor step away (and after "mehr"), you as "dir"
    v = _orchestra_view([["harp"], [], ["drum"]], [None, 0, 2], {"drum": 1})
    assert _row(lang, v, "conductors").items == {
        "de": ("1 mit Harfe", "2 genommen von dir", "3 genommen von Clara"),
        "en": ("1 with harp", "2 taken by you", "3 taken by Clara")}[lang]
    # a watcher (no seat) hears the conductors alone
    v = _orchestra_view([["harp"], [], []], [None, None, None], {"harp": 1})
    v["you"] = None
    assert _row(lang, v, "conductors").short == {"de": "Dirigent 1 mit Harfe, 2 und 3 leer.",
                                                 "en": "Conductor 1 with harp, 2 and 3 empty."}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_tierorchester_table_short_first_then_the_rest_once(lang):
    """ "tisch" says the decision first (whose turn, the conductors row, the card drawn);
    "mehr" the round and pile, who took which conductor, the others' musicians; no line
    twice; verbose narration says the whole table at once."""
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = _orchestra_view([["harp", "flute"], ["flute"], ["drum"]], [None, None, 1], {"flute": 2, "tuba": 1})
    v["drawn"] = "harp"
    short = [m.text for m in n.table_short(v) or []]
    assert short == [c.get("orchestra.table_turn_you"), _row(lang, v, "conductors").short, _row(lang, v, "drawn").short]
    assert short[1].endswith({"de": "Davon hast du 2 Flöten.", "en": "Of those you have 2 flutes."}[lang])
    rest = [m.text for m in n.table_rest(v)]
    assert rest == {"de": ["Runde 1. Noch 54 Karten im Stapel.", "Dirigent 3 genommen von Ben.", "Ben hat Tuba-Bär.",
                           "Clara hat Geigen-Katze."],
                    "en": ["Round 1. 54 cards left in the pile.", "Conductor 3 taken by Ben.", "Ben has tuba bear.",
                           "Clara has violin cat."]}[lang], rest
    assert not set(short) & set(rest)
    assert OrchestraNarrator(c, {0}, "verbose").table_short(v) is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_drawn_says_how_many_of_it_you_have(lang):
    v = _orchestra_view([["harp"], [], []], [None, None, None], {"flute": 2})
    v["drawn"] = "flute"
    assert _row(lang, v, "drawn").short == {"de": "Gezogen: Flöte. Du hast schon 2.",
                                           "en": "Drawn: flute. You already have 2."}[lang]
    v["drawn"] = "harp"
    assert _row(lang, v, "drawn").short == {"de": "Gezogen: Harfe. Du hast noch keine.",
                                           "en": "Drawn: harp. You have none yet."}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_musicians_and_scores_short(lang):
    v = _orchestra_view([[], [], []], [None, None, None], {"drum": 1, "flute": 3})
    assert _row(lang, v, "seat.1").short == {"de": "Du hast Trommel und 3 Flöten.",
                                            "en": "You have drum and 3 flutes."}[lang]
    assert _row(lang, v, "seat.2").short == {"de": "Ben hat Tuba.", "en": "Ben has tuba."}[lang]
    v["collections"] = [{}, {"tuba": 1}, {"violin": 1}]
    assert _row(lang, v, "seat.1").short == {"de": "Du hast keine Musiker.", "en": "You have no musicians."}[lang]
    # Ben and Clara one point each (a soloist), you none: the one is said once
    assert _row(lang, v, "scores").short == {"de": "Punkte: Du 0, Ben und Clara 1.",
                                            "en": "Scores: You 0, Ben and Clara 1."}[lang]
    v["collections"] = [{"drum": 1}, {"tuba": 1}, {"violin": 1}]
    assert _row(lang, v, "scores").short == {"de": "Punkte: alle 1.", "en": "Scores: all 1."}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_says_conductor_once(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, False)
    v = _orchestra_view([["harp"], [], ["drum"]], [None, 1, None], {})
    said = [m.text for m in n.table(v)]
    conductor = {"de": "Dirigent", "en": "Conductor"}[lang]
    assert sum(x.count(conductor) for x in said) == 1
    assert said[1:4] == {"de": ["Dirigent 1 mit Harfen-Eule.", "2 genommen von Ben.", "3 mit Trommel-Elefant."],
                         "en": ["Conductor 1 with harp owl.", "2 taken by Ben.", "3 with drum elephant."]}[lang]
    v = _orchestra_view([[], [], []], [None, None, None], {})
    assert c.get("orchestra.table_rows_empty") in [m.text for m in n.table(v)]
    # who took a conductor is said once, with it: no line after it that they sit out
    v = _orchestra_view([["harp"], [], ["drum"]], [None, 0, 1], {})
    said = [m.text for m in n.table(v)]
    assert said[1:4] == {"de": ["Dirigent 1 mit Harfen-Eule.", "2 genommen von dir.", "3 genommen von Ben."],
                         "en": ["Conductor 1 with harp owl.", "2 taken by you.", "3 taken by Ben."]}[lang]
    assert sum("Ben" in x for x in said) == 2  # taken by Ben, and his musicians


def _concerto_view(have: list[str], seed: int = 2) -> dict:
    kit = get_kit("concerto")
    state = kit.new_game(["Anna", "Ben", "Clara"], [], seed, None)
    while kit.rules.current_player(state) == CHANCE:
        state, _ = kit.resolve_chance(state)
    v = kit.view(state, 0)
    v["players"][0]["orchestra"] = [{"instrument": x} for x in have]
    return v


@pytest.mark.parametrize("lang", LANGS)
def test_pieces_that_need_the_same_are_said_together(lang):
    from voice_game.games.concerto.review import rows

    c = load_catalog(lang)
    content = load_content()
    v = _concerto_view([])
    pieces = {lv: content.pieces[pid] for lv, pid in v["open_pieces"].items() if pid}
    assert len(pieces) == 3
    # your orchestra holds every instrument of every piece but strings: each needs strings
    everything = sorted({x for p in pieces.values() for x in p.instruments} - {"strings"})
    v = _concerto_view(everything)
    need = [lv for lv, p in pieces.items() if "strings" in p.instruments]
    short = next(r for r in rows(ConcertoNarrator(c, {0}, "default"), v) if r.id == "pieces").short
    strings = c.get("instrument.strings.name")
    assert short.count(strings) == 1, short  # said once for all the pieces that need it
    for lv, p in pieces.items():  # each piece named once, with its points
        ref = c.get("concerto.review.piece_ref", level=c.get(f"level.{lv}.ref"), count=p.points)
        assert short.lower().count(ref.lower()) == 1
    if len(need) > 1:
        assert {"de": " brauchen ", "en": " need "}[lang] in short


@pytest.mark.parametrize("lang", LANGS)
def test_concerto_scores_once(lang):
    from voice_game.games.concerto.review import rows

    c = load_catalog(lang)
    v = _concerto_view([])
    n = ConcertoNarrator(c, {0}, "default")
    scores = next(r for r in rows(n, v) if r.id == "scores")
    assert scores.short == {"de": "Punkte bis 25: alle 0.", "en": "Scores to 25: all 0."}[lang], scores.short
    assert len(scores.items) == 3
    v["players"][1]["score"] = 4
    short = [m.text for m in n.table_short(v) or []]
    # the short table: the scores without the target ("mehr" says it)
    assert short[-1] == {"de": "Punkte: du und Clara 0, Ben 4.", "en": "Scores: you and Clara 0, Ben 4."}[lang]
