"""Concerto rules, one test per rule sentence of the seed (and our decisions)."""
from __future__ import annotations

import pytest

from voice_game.core.errors import RuleError
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.concerto import rules
from voice_game.games.concerto.rules import REASONS
from voice_game.games.concerto.state import (
    DRAW, REVEAL, Action, beat, conduct, give_up, place, replace, special, start, swap, take_market,
)

from .helpers import C, arrange, cfg, census, full_deck, open_piece, play, settle, table

BOX = C.instrument_deck()


def types(events):
    return [e.type for e in events]


def stacked(n=2, front=(), beats=(), specials=(), pieces=None, maestro=False, conductors=None, **kw):
    deck = {"instruments": full_deck(list(front), BOX)}
    if beats:
        deck["beats"] = full_deck(list(beats), C.pattern_deck())
    if specials:
        deck["specials"] = full_deck(list(specials), C.special_deck())
    if pieces:
        deck["pieces"] = {lv: full_deck(p, sorted(C.pieces_of(lv))) for lv, p in pieces.items()}
    if conductors:
        deck["conductors"] = full_deck(list(conductors), sorted(C.conductors))
    return rules.new_game(cfg(n, maestro, **kw), 7, deck=deck)


def expect(reason, state, action):
    before = state.to_json()
    with pytest.raises(RuleError) as exc:
        rules.apply(state, action)
    assert exc.value.reason == reason
    assert exc.value.reason in REASONS
    assert state.to_json() == before  # a rejected action leaves the state untouched
    return exc.value


# --- preparation ---------------------------------------------------------------

def test_setup_is_chance_then_job_market_of_two_different():
    s = stacked(front=["brass", "brass", "brass", "piano"])
    assert rules.current_player(s) == CHANCE
    assert rules.legal_actions(s) == [REVEAL]
    ev = []
    s = settle(s, ev)
    assert sorted(s.market) == ["brass", "piano"]
    assert s.instr_discard == ["brass", "brass"]
    assert types(ev).count("market_duplicate") == 2
    assert all(s.open_pieces[lv] for lv in C.levels)


def test_deal_five_and_a_special_then_start_orchestra_of_two():
    front = ["brass", "piano", "strings", "strings", "choir", "vocals", "guitar",
             "misc", "misc", "woodwinds", "percussion", "brass"]
    s = stacked(front=front, beats=["circle", "cross", "stab", "swoosh"], specials=["sabotage", "audition"])
    ev = []
    s = settle(s, ev)
    assert sorted(s.hands[0]) == sorted(["strings", "strings", "choir", "vocals", "guitar"])
    assert s.specials == [["sabotage"], ["audition"]]
    # the card identities are private to their receiver
    recv = [e for e in ev if e.type == "card_received"]
    assert all(e.to == e["player"] for e in recv)
    assert s.phase == "setup" and s.current == 0 and types(ev)[-1] == "choose_start"
    # two different instruments, from the hand
    expect("start_count", s, start("strings"))
    expect("start_duplicate", s, start("strings", "strings"))
    expect("not_in_hand", s, start("strings", "brass"))
    expect("not_setup", table(), start("strings", "brass"))
    ev = []
    s = play(s, start("vocals", "strings"), ev)
    assert s.orchestras[0] == [["vocals", "circle"], ["strings", "cross"]]
    assert sorted(s.hands[0]) == ["choir", "guitar", "strings"]
    drawn = [e for e in ev if e.type == "pattern_drawn"]
    assert [(e["instrument"], e["pattern"]) for e in drawn] == [("vocals", "circle"), ("strings", "cross")]
    assert all(e.to is None for e in drawn)  # announced once to everybody
    assert s.current == 1 and s.phase == "setup"
    s = play(s, start("misc", "brass"), ev)
    assert s.phase == "action" and s.current == 0 and s.turn == 1
    assert len(s.hands[1]) == 3 and len(s.specials[1]) == 1


def test_start_with_only_one_kind_of_instrument():
    s = settle(stacked(front=["brass", "piano"] + ["strings"] * 5))
    assert rules.legal_actions(s) == [start("strings")]
    s = play(s, start("strings"))
    assert [x for x, _ in s.orchestras[0]] == ["strings"] and len(s.hands[0]) == 4


def test_first_player_config():
    s = table(3, first_player=2)
    assert s.current == 2 and s.phase == "action"


def test_config_errors():
    for bad, reason in (({"players": [{"name": "A", "birth_year": 1990}]}, "player_count"),
                        ({"players": [{"name": "A", "birth_year": 1990}, {"name": "A", "birth_year": 1991}]},
                         "player_names"),
                        ({"players": [{"name": "A", "birth_year": 1990}, {"name": "B"}]}, "birth_year"),
                        ({**cfg(2), "first_player": 5}, "first_player")):
        with pytest.raises(RuleError) as exc:
            rules.new_game(bad, 1)
        assert exc.value.reason == reason


def test_deck_override_errors():
    with pytest.raises(RuleError) as exc:
        rules.new_game(cfg(), 1, deck={"instruments": ["guitar"] * 4})
    assert exc.value.reason == "deck_too_many" and exc.value.params["max"] == 3
    with pytest.raises(RuleError) as exc:
        rules.new_game(cfg(), 1, deck={"beats": ["zigzag"]})
    assert exc.value.reason == "deck_unknown_card"
    with pytest.raises(RuleError) as exc:
        rules.new_game(cfg(), 1, deck={"jokers": []})
    assert exc.value.reason == "deck_unknown_pile"


def test_deck_override_orders_every_pile():
    pieces = {"green": ["cohen-hallelujah"], "yellow": ["beethoven-5"], "orange": ["ravel-bolero"]}
    s = settle(stacked(front=["guitar", "choir"], pieces=pieces, maestro=True, conductors=["ruby-zehta"]))
    assert s.open_pieces == {"green": "cohen-hallelujah", "yellow": "beethoven-5", "orange": "ravel-bolero"}
    assert s.conductor_active == "ruby-zehta"
    assert sorted(s.market) == ["choir", "guitar"]


# --- one action per turn, refill ---------------------------------------------------

def test_place_appends_right_and_draws_a_pattern():
    s = table()
    s = arrange(s, 0, [("strings", "circle"), ("brass", "cross")], hand=["piano", "choir", "strings"])
    expect("already_in_orchestra", s, place("strings"))
    expect("not_in_hand", s, place("guitar"))
    expect("unknown_instrument", s, place("kazoo"))
    ev = []
    s2, evs = rules.apply(s, place("piano"))
    assert rules.current_player(s2) == CHANCE  # the counter is revealed as a chance step
    s2 = settle(s2, ev)
    assert [x for x, _ in s2.orchestras[0]] == ["strings", "brass", "piano"]
    assert s2.orchestras[0][2][1] is not None
    assert "pattern_drawn" in types(ev)
    # one action only: now the refill
    assert s2.phase == "refill" and s2.current == 0
    expect("refill_first", s2, place("choir"))
    expect("not_conducting", s, beat("strings", "circle"))


def test_refill_from_stack_or_market_then_next_player():
    s = table()
    s = arrange(s, 0, [("strings", "circle")], hand=["piano", "choir", "brass"])
    s.market = ["guitar", "vocals"] if "guitar" not in s.market else s.market
    s = play(s, place("piano"))
    acts = rules.legal_actions(s)
    assert DRAW in acts and all(a.kind in ("draw", "take_market") for a in acts)
    m = s.market[0]
    ev = []
    s = play(s, take_market(m), ev)
    assert ev[0].type == "market_taken" and ev[0].to is None
    # three instruments in hand: the turn ends, the market is refilled, next player
    assert len(s.hands[0]) == 3 and len(s.market) == 2 and len(set(s.market)) == 2
    assert s.current == 1 and s.phase == "action"
    assert types(ev)[-1] == "turn"


def test_market_not_refilled_while_taking():
    s = table()
    s = arrange(s, 0, [("strings", "circle")], hand=["piano"])
    s = play(s, place("piano"))
    a, b = s.market
    s = play(s, take_market(a))
    assert s.market == [b]  # not refilled in the middle of the refill
    s = play(s, take_market(b))
    assert s.market == []
    expect("not_in_market", s, take_market(a) if a not in s.market else take_market("kazoo"))
    s = play(s, DRAW)
    assert len(s.market) == 2 and s.current == 1


def to_discard(s, ins):
    for pile in [s.instr_pile, s.market] + s.hands[1:]:
        if ins in pile:
            pile.remove(ins)
            s.instr_discard.append(ins)
            return
    raise AssertionError(ins)


def test_draw_a_special_card_when_none_left():
    s = table()
    s = arrange(s, 0, [("strings", "circle")], hand=["piano", "brass", "choir"], specials=["audition"])
    to_discard(s, "guitar")
    s = play(s, special("audition", None, "guitar"))
    assert "guitar" in s.hands[0] and len(s.hands[0]) == 4
    assert len(s.specials[0]) == 1  # drawn at the end of the turn
    assert s.current == 1


def test_reshuffle_discards_when_stack_runs_out():
    s = table()
    s = arrange(s, 0, [("strings", "circle")], hand=["piano"])
    s.instr_discard += s.instr_pile
    s.instr_pile = []
    s = play(s, place("piano"))
    ev = []
    s = play(s, DRAW, ev)
    shuffles = [e for e in ev if e.type == "pile_reshuffled"]
    assert shuffles and shuffles[0]["pile"] == "instruments"
    assert len(s.instr_pile) > 30 and len(s.hands[0]) == 1 and s.phase == "refill"


def test_pieces_are_not_reshuffled_and_pile_end():
    s = table()
    s.removed_pieces += s.piece_piles["green"]
    s.piece_piles["green"] = []
    expect("piece_pile_empty", s, replace("green"))


def test_swap_one_to_four_hand_cards():
    s = table()
    s = arrange(s, 0, [("strings", "circle")], hand=["piano", "brass", "choir"], specials=["sabotage"])
    expect("swap_count", s, Action("swap", cards=()))
    expect("swap_count", s, Action("swap", cards=("piano", "brass", "choir", "sabotage", "piano")))
    expect("swap_not_in_hand", s, swap("guitar"))
    ev = []
    s = play(s, swap("piano", "brass", "choir", "sabotage"), ev)
    assert ev[0].type == "cards_discarded" and ev[0]["specials"] == ["sabotage"]
    assert "sabotage" in s.special_discard and "piano" in s.instr_discard
    assert s.phase == "refill" and s.hands[0] == [] and s.specials[0] == []
    while s.current == 0:
        s = play(s, DRAW)
    assert len(s.hands[0]) == 3 and len(s.specials[0]) == 1


def test_replace_an_open_piece():
    s = table()
    old = s.open_pieces["yellow"]
    nxt = s.piece_piles["yellow"][0]
    ev = []
    s = play(s, replace("yellow"), ev)
    assert s.open_pieces["yellow"] == nxt and s.piece_piles["yellow"][-1] == old
    assert types(ev)[:2] == ["piece_replaced", "piece_revealed"]
    expect("unknown_level", s, replace("purple"))


# --- conducting --------------------------------------------------------------------

def conducting_table(piece="beethoven-5", orchestra=None, n=2, maestro=False):
    s = table(n, maestro)
    orch = orchestra or [("percussion", "circle"), ("brass", "stab"), ("strings", "up-down"),
                         ("woodwinds", "cross"), ("piano", "swoosh")]
    s = arrange(s, 0, orch, hand=["guitar", "choir", "vocals"])
    return open_piece(s, piece)


def test_conduct_needs_every_instrument():
    s = conducting_table(orchestra=[("strings", "circle"), ("brass", "stab")])
    e = expect("missing_instruments", s, conduct("yellow"))
    assert e.params["missing"] == ["woodwinds", "percussion"]
    expect("unknown_level", s, conduct("blue"))


def test_conduct_in_piece_order_not_orchestra_order_and_succeed():
    s = conducting_table()
    ev = []
    s = play(s, conduct("yellow"), ev)
    assert s.phase == "conduct" and ev[0].type == "performance_started"
    # beethoven-5: strings, woodwinds, brass, percussion
    for ins, pat in [("strings", "up-down"), ("woodwinds", "cross"), ("brass", "stab")]:
        s = play(s, beat(ins, pat), ev)
        assert ev[-1].type == "beat_correct"
    nxt = s.piece_piles["yellow"][0]
    s = play(s, beat("percussion", "circle"), ev)
    assert "performance_succeeded" in types(ev)
    assert s.scores[0] == 6 and s.collections[0] == ["beethoven-5"]
    # a new piece is taken before the player gives up an instrument of the piece
    assert s.open_pieces["yellow"] == nxt and s.phase == "give_up"
    assert sorted(a.instrument for a in rules.legal_actions(s)) == ["brass", "percussion", "strings", "woodwinds"]
    expect("not_in_piece", s, give_up("piano"))
    expect("give_up_first", s, DRAW)
    s = play(s, give_up("brass"), ev)
    assert [x for x, _ in s.orchestras[0]] == ["percussion", "strings", "woodwinds", "piano"]  # gap closed
    lost = [e for e in ev if e.type == "instrument_lost"][-1]
    assert (lost["instrument"], lost["pattern"], lost["reason"]) == ("brass", "stab", "given_up")
    assert "brass" in s.instr_discard and "stab" in s.beat_discard


def test_wrong_pattern_fails_loses_that_instrument_and_removes_piece():
    s = conducting_table()
    s = play(s, conduct("yellow"))
    s = play(s, beat("strings", "up-down"))
    ev = []
    nxt = s.piece_piles["yellow"][0]
    s = play(s, beat("woodwinds", "circle"), ev)
    assert types(ev)[:3] == ["beat_wrong", "instrument_lost", "performance_failed"]
    assert ev[0]["expected_pattern"] == "cross"
    assert "beethoven-5" in s.removed_pieces and s.scores[0] == 0
    assert [x for x, _ in s.orchestras[0]] == ["percussion", "brass", "strings", "piano"]
    assert s.open_pieces["yellow"] == nxt
    assert s.phase == "action" and s.current == 1  # hand full: no refill, next player


def test_wrong_instrument_order_is_a_wrong_beat():
    s = conducting_table()
    s = play(s, conduct("yellow"))
    ev = []
    s = play(s, beat("brass", "stab"), ev)  # right pattern, but strings come first
    assert ev[0].type == "beat_wrong" and ev[0]["expected_instrument"] == "strings"
    assert "strings" not in [x for x, _ in s.orchestras[0]]
    expect("not_conducting", s, beat("brass", "stab"))


def test_beat_errors_leave_state():
    s = play(conducting_table(), conduct("yellow"))
    expect("not_in_orchestra", s, beat("guitar", "circle"))
    expect("unknown_pattern", s, beat("strings", "zigzag"))
    expect("conducting_now", s, place("guitar"))
    expect("no_conductor", conducting_table(), conduct("yellow", follow=False))


@pytest.mark.parametrize("n,target", [(2, 30), (3, 25), (4, 20)])
def test_reaching_the_target_ends_the_game(n, target):
    s = conducting_table(n=n)
    s.scores[0] = target - 6
    s = play(s, conduct("yellow"))
    for ins, pat in [("strings", "up-down"), ("woodwinds", "cross"), ("brass", "stab"), ("percussion", "circle")]:
        s = play(s, beat(ins, pat))
    assert rules.is_over(s) and rules.current_player(s) == TERMINAL
    assert rules.outcome(s) == {"winners": [0], "scores": s.scores, "reason": "target"}
    assert rules.legal_actions(s) == []
    expect("game_over", s, DRAW)


@pytest.mark.parametrize("n,target", [(2, 40), (3, 32), (4, 26)])
def test_maestro_targets(n, target):
    assert table(n, maestro=True).target == target


def test_game_ends_when_pieces_run_out():
    s = table()
    for lv in C.levels:
        s.removed_pieces += s.piece_piles[lv] + [s.open_pieces[lv]]
        s.piece_piles[lv] = []
        s.open_pieces[lv] = None
    s.scores = [3, 5]
    s = arrange(s, 0, [("strings", "circle")], hand=["piano", "brass", "choir"])
    s = play(s, place("piano"))
    s = play(s, DRAW)
    assert rules.is_over(s) and s.winners == [1] and s.end_reason == "pieces_exhausted"


# --- special cards --------------------------------------------------------------------

def specials_table(card):
    s = table(3)
    s = arrange(s, 0, [("strings", "circle"), ("brass", "cross")], hand=["piano", "choir", "vocals"],
                specials=[card])
    s = arrange(s, 1, [("woodwinds", "stab"), ("guitar", "swoosh"), ("strings", "up-down")], hand=["misc"])
    return s


def test_headhunter():
    s = specials_table("headhunter")
    expect("target_is_self", s, special("headhunter", 0, "strings", "brass"))
    expect("unknown_player", s, special("headhunter", 5, "strings", "guitar"))
    expect("not_in_orchestra", s, special("headhunter", 1, "piano", "guitar"))
    expect("target_not_in_orchestra", s, special("headhunter", 1, "brass", "piano"))
    expect("would_duplicate", s, special("headhunter", 1, "brass", "strings"))  # I would hold strings twice
    expect("would_duplicate", s, special("headhunter", 1, "strings", "guitar"))  # they would
    expect("special_needs_target", s, special("headhunter", 1, "brass"))
    expect("special_has_target", s, special("headhunter"))
    ev = []
    s2 = play(s, special("headhunter", 1, "brass", "guitar"), ev)
    assert s2.orchestras[0] == [["strings", "circle"], ["guitar", "swoosh"]]  # with its pattern, same seat
    assert s2.orchestras[1] == [["woodwinds", "stab"], ["brass", "cross"], ["strings", "up-down"]]
    assert "instruments_exchanged" in types(ev) and "headhunter" in s2.special_discard
    # the same instrument on both sides swaps the patterns
    s3 = play(s, special("headhunter", 1, "strings", "strings"))
    assert s3.orchestras[0][0] == ["strings", "up-down"] and s3.orchestras[1][2] == ["strings", "circle"]


def test_sabotage_everyone_hears_which_two():
    s = specials_table("sabotage")
    expect("same_instrument", s, special("sabotage", 1, "guitar", "guitar"))
    expect("target_not_in_orchestra", s, special("sabotage", 1, "guitar", "brass"))
    ev = []
    s = play(s, special("sabotage", 1, "woodwinds", "strings"), ev)
    assert s.orchestras[1] == [["woodwinds", "up-down"], ["guitar", "swoosh"], ["strings", "stab"]]
    e = [e for e in ev if e.type == "patterns_swapped"][0]
    assert e.to is None and "pattern" not in e.data and (e["instrument"], e["other"]) == ("woodwinds", "strings")


def test_job_sharing():
    s = specials_table("job-sharing")
    s.instr_pile += s.market
    s.market = []
    s.instr_pile.remove("percussion")
    s.instr_pile.remove("brass")
    s.market = ["percussion", "brass"]
    expect("would_duplicate", s, special("job-sharing", None, "strings", "brass"))
    expect("same_instrument", s, special("job-sharing", None, "brass", "brass"))
    expect("not_in_market", s, special("job-sharing", None, "strings", "guitar"))
    expect("not_in_orchestra", s, special("job-sharing", None, "guitar", "percussion"))
    ev = []
    s2 = play(s, special("job-sharing", None, "strings", "percussion"), ev)
    assert s2.orchestras[0][0] == ["percussion", "circle"]  # the newcomer keeps the seat and pattern
    assert "strings" in s2.market and len(set(s2.market)) == 2
    # giving the market a duplicate sends it to the discard pile and refills
    s3 = specials_table("job-sharing")
    s3.instr_pile += s3.market
    s3.market = []
    for x in ("percussion", "brass"):
        s3.instr_pile.remove(x)
        s3.market.append(x)
    ev = []
    s3 = play(s3, special("job-sharing", None, "brass", "percussion"), ev)
    dup = [e for e in ev if e.type == "market_duplicate"]
    assert dup and dup[0]["instrument"] == "brass" and "brass" in s3.instr_discard
    assert len(s3.market) == 2 and len(set(s3.market)) == 2
    assert s3.orchestras[0] == [["strings", "circle"], ["percussion", "cross"]]


def test_repertoire_replaces_all_three():
    s = specials_table("repertoire")
    old = dict(s.open_pieces)
    nxt = {lv: s.piece_piles[lv][0] for lv in C.levels}
    expect("special_bad_params", s, special("repertoire", 1))
    s = play(s, special("repertoire"))
    assert s.open_pieces == nxt
    assert all(s.piece_piles[lv][-1] == old[lv] for lv in C.levels)


def test_rehearsal_private_pattern():
    s = specials_table("rehearsal")
    expect("not_in_orchestra", s, special("rehearsal", None, "guitar"))
    ev = []
    s = play(s, special("rehearsal", None, "brass"), ev)
    priv = [e for e in ev if e.type == "pattern_recalled"]
    assert len(priv) == 1 and priv[0].to == 0 and priv[0]["pattern"] == "cross"
    pub = [e for e in ev if e.type == "rehearsal"][0]
    assert pub.to is None and "pattern" not in pub.data


def test_audition_from_discard():
    s = specials_table("audition")
    expect("not_in_discard", s, special("audition", None, "guitar"))
    s.instr_pile.remove("percussion")
    s.instr_discard.append("percussion")
    s = play(s, special("audition", None, "percussion"))
    assert "percussion" in s.hands[0] and "percussion" not in s.instr_discard


def test_special_without_possible_effect():
    s = specials_table("audition")
    s.instr_pile += s.instr_discard
    s.instr_discard = []
    assert special("audition") in rules.legal_actions(s)
    ev = []
    s = play(s, special("audition"), ev)
    assert ev[0].type == "special_played" and ev[0]["effect"] is False
    assert "audition" in s.special_discard
    t = specials_table("sabotage")
    expect("special_not_in_hand", t, special("audition"))
    expect("unknown_special", table(), special("joker"))


def test_card_census_after_setup():
    c = census(table(4, maestro=True))
    assert sum(c["instruments"].values()) == 72 and sum(c["specials"].values()) == 24
    assert sum(c["beats"].values()) == 48 and sum(c["pieces"].values()) == 48
    assert sum(c["conductors"].values()) == 20


def test_unknown_action_and_reveal_rules():
    s = table()
    expect("unknown_action", s, Action("dance"))
    expect("nothing_to_reveal", s, REVEAL)
    s2, _ = rules.apply(s, replace("green"))
    expect("reveal_pending", s2, DRAW)
    with pytest.raises(RuleError):
        rules.apply(s, "draw")


def test_reasons_list_every_code_raised():
    import re
    from pathlib import Path

    engine = ("rules", "phases", "moves", "specials", "performance", "chance", "config", "table")
    src = "".join((Path(rules.__file__).parent / f"{m}.py").read_text(encoding="utf-8") for m in engine)
    used = set(re.findall(r'RuleError\(\s*"([a-z_]+)"', src))
    assert used == set(REASONS)
