"""One test per rule sentence of the Tierorchester rule book (seed 000) and DESIGN 1.1."""
import pytest

from voice_game.core.errors import RuleError
from voice_game.core.rules import CHANCE, TERMINAL
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.state import DRAW, PASS, REVEAL, place, take
from tests.orchestra.helpers import do, new


def test_families_and_conductors_by_player_count():
    # "Legen Sie zunächst je nach Spieleranzahl bestimmte Kartengruppen in die Schachtel zurück"
    for n, fams in [(2, 5), (3, 6), (4, 7), (5, 8)]:
        s = new(n)
        assert len(s.families) == fams
        assert len(s.deck) == 9 * fams
        assert len(s.rows) == n  # "so viele Dirigent-Karten, wie es Spieler gibt"
        assert sorted(set(s.deck)) == sorted(load_content().families[:fams])


def test_player_count_limits():
    with pytest.raises(RuleError) as e:
        rules.new_game(__import__("voice_game.games.orchestra.state", fromlist=["x"]).OrchestraConfig(["a"]), 1)
    assert e.value.reason == "player_count"


def test_draw_reveals_top_card_then_place_is_the_same_player():
    # "Der Spieler deckt die oberste Karte vom Stapel auf und legt sie offen unter den Dirigenten seiner Wahl."
    s = new(3, deck=["tuba", "violin", "flute"])
    s2, ev = rules.apply(s, DRAW)
    assert rules.current_player(s2) == CHANCE and rules.legal_actions(s2) == [REVEAL]
    s3, ev = rules.apply(s2, REVEAL)
    assert ev[0].type == "revealed" and ev[0]["family"] == "tuba"
    assert s3.current == 0 and s3.phase == "place"
    s4, ev = rules.apply(s3, place(2))
    assert s4.rows[1] == ["tuba"]
    assert ev[-1].type == "turn" and ev[-1]["player"] == 1  # "Anschließend ist sein linker Nachbar an der Reihe"


def test_never_more_than_four_under_a_conductor():
    s = new(2, deck=["tuba"] * 6)
    for _ in range(4):
        s, _ = do(s, DRAW, place(1))
    s, _ = do(s, DRAW)
    with pytest.raises(RuleError) as e:
        rules.apply(s, place(1))
    assert e.value.reason == "conductor_full"
    assert place(1) not in rules.legal_actions(s)


def test_cannot_take_right_after_drawing():
    # "Man kann also niemals einen Dirigenten mitnehmen, unmittelbar nachdem man eine Karte gezogen hat."
    s = new(2, deck=["tuba", "violin", "flute"])
    s, _ = do(s, DRAW, place(1))
    s, _ = do(s, DRAW)  # Ben drew
    with pytest.raises(RuleError) as e:
        rules.apply(s, take(1))
    assert e.value.reason == "must_place_first"


def test_take_gets_all_musicians_and_sits_out():
    s = new(3, deck=["tuba", "tuba", "violin", "flute", "flute"])
    s, _ = do(s, DRAW, place(1), DRAW, place(1), DRAW, place(2))
    s, ev = do(s, take(1))  # Anna
    assert s.collections[0] == {"tuba": 2}
    assert s.row_owner[0] == 0
    # the next player is Ben; Anna is skipped until the round ends
    s, _ = do(s, DRAW, place(2))  # Ben
    assert s.current == 2
    s, _ = do(s, take(2))  # Carla takes
    assert s.current == 1  # only Ben is left, Anna sits out


def test_cannot_take_empty_conductor():
    s = new(2, deck=["tuba", "violin"])
    s, _ = do(s, DRAW, place(1))
    with pytest.raises(RuleError) as e:
        rules.apply(s, take(2))
    assert e.value.reason == "conductor_empty"


def test_may_take_with_fewer_than_four():
    s = new(2, deck=["tuba", "violin", "flute"])
    s, _ = do(s, DRAW, place(1))
    s, ev = do(s, take(1))
    assert s.collections[1] == {"tuba": 1}


def test_round_ends_when_all_took_and_last_taker_starts():
    s = new(3, deck=["tuba", "violin", "flute", "drum", "harp"])
    s, _ = do(s, DRAW, place(1), DRAW, place(2), DRAW, place(3))
    s, _ = do(s, take(3))  # Anna
    s, _ = do(s, take(1))  # Ben
    s, ev = do(s, take(2))  # Carla takes last
    types = [e.type for e in ev]
    assert "round_ended" in types and "round_started" in types
    assert s.round == 2 and s.current == 2  # "Der Spieler, der ... als Letzter ... beginnt"
    assert s.rows == [[], [], []] and s.row_owner == [None, None, None]


def test_last_active_player_may_draw_several_times():
    s = new(2, deck=["tuba", "violin", "flute", "drum", "trumpet"])
    s, _ = do(s, DRAW, place(1))
    s, _ = do(s, take(1))  # Ben takes, Anna alone
    assert s.current == 0
    s, _ = do(s, DRAW, place(2))
    assert s.current == 0  # Anna again
    s, _ = do(s, DRAW, place(2))
    assert s.current == 0
    s, ev = do(s, take(2))
    assert s.collections[0] == {"violin": 1, "flute": 1}


def test_must_take_when_all_open_conductors_are_full():
    s = new(2, deck=["tuba"] * 9 + ["violin"])
    s, _ = do(s, DRAW, place(1), DRAW, place(1), DRAW, place(1), DRAW, place(1))
    s, _ = do(s, DRAW, place(2), DRAW, place(2), DRAW, place(2), DRAW, place(2))
    with pytest.raises(RuleError) as e:
        rules.apply(s, DRAW)
    assert e.value.reason == "all_full"
    assert DRAW not in rules.legal_actions(s)


def test_last_card_everyone_in_round_chooses_once_drawer_last():
    # "Wenn ein Spieler die allerletzte Musiker-Karte zieht ... B oder C ... Der Spieler, der die letzte Karte
    # gezogen hat, beendet somit als Letzter sein Spiel."
    s = new(3, deck=["tuba", "violin", "flute"])
    s, _ = do(s, DRAW, place(1), DRAW, place(2))
    s, ev = do(s, DRAW, place(3))  # Carla draws the very last card
    assert s.phase == "final"
    assert s.final_queue == [0, 1, 2]
    assert set(rules.legal_actions(s)) == {take(1), take(2), take(3), PASS}
    with pytest.raises(RuleError) as e:
        rules.apply(s, DRAW)
    assert e.value.reason == "deck_empty"
    s, _ = do(s, take(2))  # Anna
    s, _ = do(s, PASS)  # Ben ends without conductor
    assert s.current == 2
    s, ev = do(s, take(1))
    assert rules.is_over(s) and rules.current_player(s) == TERMINAL
    over = ev[-1]
    assert over.type == "game_over"
    assert over["leftover"] == [[], [], ["flute"]]  # "einige nicht zugewiesene Musiker ... bleiben liegen"
    assert over["scores"] == {"Anna": 1, "Ben": 0, "Carla": 1}


def test_last_card_only_players_still_in_the_round_choose():
    s = new(3, deck=["tuba", "violin", "flute", "drum"])
    s, _ = do(s, DRAW, place(1))
    s, _ = do(s, take(1))  # Ben takes and sits out
    s, _ = do(s, DRAW, place(2), DRAW, place(3))  # Carla, Anna
    s, _ = do(s, DRAW, place(2))  # Carla draws the last card
    assert s.phase == "final" and s.final_queue == [0, 2]


def test_pass_only_at_the_end():
    s = new(2)
    with pytest.raises(RuleError) as e:
        rules.apply(s, PASS)
    assert e.value.reason == "pass_only_at_end"


def test_place_before_draw_is_refused():
    s = new(2)
    with pytest.raises(RuleError) as e:
        rules.apply(s, place(1))
    assert e.value.reason == "must_draw_first"


def test_no_such_conductor():
    s = new(2)
    s, _ = do(s, DRAW)
    with pytest.raises(RuleError) as e:
        rules.apply(s, place(5))
    assert e.value.reason == "no_such_conductor"


def test_rejected_action_leaves_state_untouched():
    s = new(2, seed=3)
    before = s.to_json()
    for a in [PASS, place(1), take(1), REVEAL, take(9)]:
        with pytest.raises(RuleError):
            rules.apply(s, a)
        assert s.to_json() == before


def test_falsche_note_removes_five_unseen():
    s = new(2, variants=["falsche-note"], seed=5)
    assert len(s.removed) == 5 and len(s.deck) == 45 - 5


def test_deck_file_rules():
    with pytest.raises(RuleError) as e:
        new(2, deck=["triangle"])  # not in play with 2 players
    assert e.value.reason == "deck_family_not_in_play"
    with pytest.raises(RuleError) as e:
        new(2, deck=["tuba"] * 10)
    assert e.value.reason == "deck_too_many"
    with pytest.raises(RuleError) as e:
        new(2, deck=[])
    assert e.value.reason == "deck_empty_file"


def test_short_deck_ends_by_the_last_card_rule():
    s = new(2, deck=["tuba"])
    s, ev = do(s, DRAW, place(1))
    assert s.phase == "final" and s.final_queue == [1, 0]


def test_grand_maestro_deals_two_public_cards():
    s = new(3, variants=["grand-maestro"], seed=9)
    assert len(s.maestro) == 2 and len(set(s.maestro)) == 2
    ev = rules.opening_events(s)
    assert ev[0]["maestro"] == s.maestro
