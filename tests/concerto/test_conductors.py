"""Maestro version: every conductor card's condition, checked by the referee."""
from __future__ import annotations

import pytest

from voice_game.core.errors import RuleError
from voice_game.games.concerto import rules
from voice_game.games.concerto.state import beat, conduct, give_up

from .helpers import C, arrange, open_piece, play, right_beat, set_conductor, table

ORCH = [("percussion", "circle"), ("brass", "stab"), ("strings", "up-down"), ("woodwinds", "cross"),
        ("piano", "swoosh"), ("vocals", "left-right")]
PAT = dict(ORCH)
B5 = ["strings", "woodwinds", "brass", "percussion"]  # beethoven-5, yellow, symphony, 6 points


def maestro_table(card, piece="beethoven-5", orchestra=ORCH):
    s = table(2, maestro=True)
    s = arrange(s, 0, orchestra, hand=["guitar", "choir", "misc"])
    s = open_piece(s, piece)
    return set_conductor(s, card)


def perform(s, level, sequence, follow=True, swap=None, patterns=None):
    ev = []
    a = conduct(level, follow, *(swap or (None, None)))
    s = play(s, a, ev)
    pats = patterns or PAT
    for ins in sequence:
        if s.phase not in ("conduct", "encore"):
            break  # the performance failed before the end
        p = pats[ins] if isinstance(pats, dict) else pats.pop(0)
        s = play(s, beat(ins, p), ev)
    return s, ev


def result(ev):
    got = [e for e in ev if e.type == "conductor_result"]
    return got[0]["bonus"] if got else None


def test_conductor_card_revealed_at_start_and_after_success_only():
    s = table(2, maestro=True)
    assert s.conductor_active is not None and len(s.conductor_pile) == 19
    s = arrange(s, 0, ORCH, hand=["guitar", "choir", "misc"])
    s = open_piece(s, "beethoven-5")
    s = set_conductor(s, "seorg-golti")
    # failure: the card stays active, no bonus or deduction
    s2, ev = perform(s, "yellow", ["strings", "woodwinds"], patterns=["up-down", "stab"])
    assert s2.conductor_active == "seorg-golti" and result(ev) is None and s2.scores[0] == 0
    # success: scored with the bonus, then the next card is read out
    nxt = s.conductor_pile[0]
    s3, ev = perform(s, "yellow", B5)
    assert result(ev) == 2 and s3.scores[0] == 8
    assert s3.conductor_active == nxt and "seorg-golti" in s3.conductor_done
    assert [e for e in ev if e.type == "conductor_revealed"][0]["card"] == nxt


def test_conductor_pile_used_up_means_no_conductor():
    s = maestro_table("seorg-golti")
    s.conductor_done += s.conductor_pile
    s.conductor_pile = []
    s, ev = perform(s, "yellow", B5)
    assert "conductors_exhausted" in [e.type for e in ev] and s.conductor_active is None
    s = play(s, give_up("brass"))
    # the next success has no bonus at all
    s.current = 0
    s.phase = "action"
    s = arrange(s, 0, ORCH, hand=["guitar"])
    s = open_piece(s, "beethoven-5")
    score = s.scores[0]
    s, ev = perform(s, "yellow", B5)
    assert result(ev) is None and s.scores[0] == score + 6


# --- prerequisites -------------------------------------------------------------------

@pytest.mark.parametrize("card,piece,seq,bonus", [
    ("baniel-darendoim", "beethoven-5", B5, -2),
    ("baniel-darendoim", "strauss-fledermaus", ["vocals", "strings", "brass", "percussion"], 2),
    ("ruby-zehta", "beethoven-5", B5, -2),
    ("ruby-zehta", "strauss-fledermaus", ["vocals", "strings", "brass", "percussion"], 2),
    ("alaudio-cabbado", "beethoven-5", B5, -2),
    ("alaudio-cabbado", "grieg-piano-concerto", ["piano", "strings", "woodwinds", "brass", "percussion"], 2),
    ("seorg-golti", "beethoven-5", B5, 2),
    ("seorg-golti", "beethoven-fur-elise", ["piano", "strings"], -2),
    ("mitris-ditropoulos", "beethoven-5", B5, 2),
    ("mustav-gahler", "beethoven-5", B5, 2),
    ("dustavo-gudamel", "beethoven-5", B5, 2),  # Anna (1970) is older than Ben (1990)
    ("nent-kagano", "beethoven-5", B5, -2),
])
def test_prerequisites(card, piece, seq, bonus):
    s = maestro_table(card, piece)
    level = C.pieces[piece].level
    s, ev = perform(s, level, seq)
    assert result(ev) == bonus
    assert s.scores[0] == C.pieces[piece].points + bonus


def test_piano_and_orchestra_size_missing():
    small = [x for x in ORCH if x[0] != "piano"]
    for card in ("mitris-ditropoulos", "mustav-gahler"):
        s = maestro_table(card, orchestra=small)
        s, ev = perform(s, "yellow", B5)
        assert result(ev) == -2 and s.scores[0] == 4


def test_youngest_player_by_birth_year():
    s = maestro_table("nent-kagano")
    s.players[0]["birth_year"] = 2005
    s, ev = perform(s, "yellow", B5)
    assert result(ev) == 2
    s = maestro_table("dustavo-gudamel")
    s.players[0]["birth_year"] = 2005
    s, ev = perform(s, "yellow", B5)
    assert result(ev) == -2


def test_prerequisite_cannot_be_ignored():
    s = maestro_table("nent-kagano")
    with pytest.raises(RuleError) as exc:
        rules.apply(s, conduct("yellow", follow=False))
    assert exc.value.reason == "nothing_to_ignore"
    with pytest.raises(RuleError) as exc:
        rules.apply(s, conduct("yellow", True, "strings", "brass"))
    assert exc.value.reason == "swap_not_asked"


# --- performance conditions --------------------------------------------------------------

@pytest.mark.parametrize("card,seq", [
    ("kerbert-von-harajan", ["percussion", "brass", "woodwinds", "strings"]),
    ("tarturo-oscanini", ["woodwinds", "brass", "percussion", "strings"]),
    ("yimone-soung", ["percussion", "brass", "strings", "woodwinds"]),
    ("hikolaus-narnonfourt", ["woodwinds", "brass", "percussion"]),
    ("rierre-poulez", ["strings", "woodwinds", "brass"]),
    ("karlos-cleiber", ["percussion", "strings", "woodwinds", "brass"]),
    ("beonard-lernstein", ["strings", "woodwinds", "percussion", "brass"]),
    ("jarl-kohm", ["strings", "strings", "woodwinds", "brass", "percussion"]),
])
def test_sequence_cards(card, seq):
    s = maestro_table(card)
    done, ev = perform(s, "yellow", seq)
    assert result(ev) == 2 and done.scores[0] == 8
    # the plain order is wrong while the card is followed (unless it happens to agree)
    first_plain = B5[0]
    if seq[0] != first_plain:
        failed, ev = perform(s, "yellow", [first_plain])
        assert "performance_failed" in [e.type for e in ev] and failed.scores[0] == 0
    # deliberately ignored: plain order, minus two
    ignored, ev = perform(s, "yellow", B5, follow=False)
    assert result(ev) == -2 and ignored.scores[0] == 4


@pytest.mark.parametrize("card,old,new,ins", [("burt-shave", "circle", "cross", "percussion"),
                                             ("aarin-malsop", "stab", "swoosh", "brass")])
def test_replace_pattern_cards(card, old, new, ins):
    s = maestro_table(card)
    pats = dict(PAT)
    pats[ins] = new
    done, ev = perform(s, "yellow", B5, patterns=pats)
    assert result(ev) == 2 and done.scores[0] == 8
    failed, ev = perform(s, "yellow", B5)  # showing the true pattern is now wrong
    wrong = [e for e in ev if e.type == "beat_wrong"][0]
    assert wrong["instrument"] == ins and wrong["expected_pattern"] == new


def test_lucky_when_the_mentioned_instrument_is_absent():
    carnival = ["piano", "strings", "woodwinds", "percussion"]  # no brass
    s = maestro_table("beonard-lernstein", "saint-saens-carnival")
    s, ev = perform(s, "yellow", carnival)
    assert result(ev) == 2 and s.scores[0] == 7


def test_mikkado_ruti_encore():
    s = maestro_table("mikkado-ruti")
    s1, ev = perform(s, "yellow", B5)
    assert s1.phase == "encore" and "encore_started" in [e.type for e in ev]
    assert sorted(a.instrument for a in rules.legal_actions(s1) if a.pattern == "circle") == ["piano", "vocals"]
    with pytest.raises(RuleError) as exc:
        rules.apply(s1, beat("strings", "up-down"))
    assert exc.value.reason == "not_in_encore"
    # any order
    ev = []
    s2 = play(s1, beat("vocals", "left-right"), ev)
    s2 = play(s2, beat("piano", "swoosh"), ev)
    assert result(ev) == 2 and s2.scores[0] == 8 and s2.phase == "give_up"
    # a wrong encore beat: that instrument is lost, the piece counts, minus two
    ev = []
    s3 = play(s1, beat("piano", "circle"), ev)
    assert [e.type for e in ev][:3] == ["beat_wrong", "instrument_lost", "conductor_result"]
    assert result(ev) == -2 and s3.scores[0] == 4 and "piano" not in [x for x, _ in s3.orchestras[0]]
    assert s3.collections[0] == ["beethoven-5"]


def test_mikkado_ruti_without_other_instruments():
    orch = [x for x in ORCH if x[0] in B5]
    s = maestro_table("mikkado-ruti", orchestra=orch)
    s, ev = perform(s, "yellow", B5)
    assert result(ev) == 2 and s.phase == "give_up"


def test_rimon_sattle_swaps_own_patterns_before():
    s = maestro_table("rimon-sattle")
    legal = [a for a in rules.legal_actions(s) if a.kind == "conduct"]
    assert ("strings", "brass") in {(a.instrument, a.other) for a in legal}
    for bad, reason in ((conduct("yellow"), "swap_pair_needed"),
                        (conduct("yellow", True, "strings", "piano"), "swap_not_in_piece"),
                        (conduct("yellow", True, "strings", "strings"), "same_instrument")):
        with pytest.raises(RuleError) as exc:
            rules.apply(s, bad)
        assert exc.value.reason == reason
    swapped = dict(PAT, strings="stab", brass="up-down")
    done, ev = perform(s, "yellow", B5, swap=("strings", "brass"), patterns=swapped)
    assert result(ev) == 2 and done.scores[0] == 8
    sw = [e for e in ev if e.type == "own_patterns_swapped"][0]
    assert "pattern" not in sw.data
    failed, ev = perform(s, "yellow", B5, swap=("strings", "brass"))  # the old patterns are wrong now
    assert "performance_failed" in [e.type for e in ev]
    ignored, ev = perform(s, "yellow", B5, follow=False)
    assert result(ev) == -2


def test_every_card_is_checkable():
    """Each of the 20 cards produces a bonus or deduction in a real performance."""
    seen = {}
    for cid in C.conductors:
        s = maestro_table(cid)
        follow = True
        swap = ("strings", "brass") if cid == "rimon-sattle" else None
        s = play(s, conduct("yellow", follow, *(swap or (None, None))))
        ev = []
        while s.phase in ("conduct", "encore"):
            s = play(s, right_beat(s), ev)
        seen[cid] = result(ev)
    assert set(seen) == set(C.conductors)
    assert all(v in (2, -2) for v in seen.values())
