"""What the host sends a seat depends only on what that seat may know (no server needed)."""
import json

from tests.concerto.test_view import reshuffle_hidden
from voice_game.games import get as get_kit
from voice_game.online.host import Table
from voice_game.session import Seat


def table_for(state, lang="en"):
    kit = get_kit("concerto")
    t = Table(kit, state, [Seat("Anna"), Seat("Ben")], 5, lang, "abcdefghij", js=None)
    t.joined = {0, 1}
    return t


def heard(t, seat, lines):
    for i, line in enumerate(lines, 1):
        t.receive(seat, json.dumps({"c": 1000 + i, "text": line}).encode())
    t.collect()
    return [m["text"] for subject, _, m in t.outbox if subject.endswith(f"seat.{seat}") and m["t"] == "say"]


def test_other_seats_hidden_cards_never_change_what_a_seat_hears():
    from voice_game.core.rng import Rng

    kit = get_kit("concerto")
    s = kit.new_game(["Anna", "Ben"], [], 5, None)
    for _ in range(50):  # deal: the chance steps up to the first decision
        if kit.rules.current_player(s) >= 0:
            break
        s, _ = kit.resolve_chance(s)
    other = reshuffle_hidden(s, 0, Rng(9))  # Ben's hand and the piles dealt differently
    assert other.hands[1] != s.hands[1]
    a, b = table_for(s), table_for(other)
    for t in (a, b):
        t.open(kit.rules.opening_events(t.main.state))
    lines = ["my cards", "table", "help", "scores"]
    assert heard(a, 0, lines) == heard(b, 0, lines)
    # the check can fail: Ben's own answers do differ, his hand is his
    assert heard(a, 1, ["my cards"]) != heard(b, 1, ["my cards"])


def test_a_seat_cannot_act_out_of_turn():
    kit = get_kit("concerto")
    s = kit.new_game(["Anna", "Ben"], [], 5, None)
    t = table_for(s)
    t.open(kit.rules.opening_events(s))
    while t.step():
        pass
    before = kit.rules.state_to_json(t.main.state)
    cur = kit.rules.current_player(t.main.state)
    other = 1 - cur
    from voice_game.commands.grammar import load_grammar

    g = load_grammar("en")
    for a in kit.rules.legal_actions(t.main.state)[:5]:
        cmd = kit.adapter.command_for(a)
        if cmd is not None:
            said = heard(t, other, [g.render(cmd)])
            assert "It is not your turn" in said[-1]
    assert kit.rules.state_to_json(t.main.state) == before


def test_help_out_of_turn_says_what_the_seat_can_do_while_waiting():
    kit = get_kit("orchestra")
    s = kit.new_game(["Anna", "Ben"], [], 2, None)
    t = Table(kit, s, [Seat("Anna"), Seat("Ben")], 2, "en", "abcdefghij", js=None)
    t.joined = {0, 1}
    t.open(kit.rules.opening_events(s))
    while t.step():
        pass
    assert kit.rules.current_player(t.main.state) == 0
    ben = heard(t, 1, ["help"])
    anna = heard(t, 0, ["help"])
    assert "It is not your turn. Anna is playing now." in ben
    assert any(x.startswith("Until it is your turn you can say: table, my cards") for x in ben)
    assert not any("draw" in x for x in ben)  # Anna's moves are not offered to Ben
    assert any("draw" in x for x in anna)
