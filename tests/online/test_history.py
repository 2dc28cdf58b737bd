"""A seat's history at an online table: the client keeps the messages the host's own
history for that seat keeps (as local play's history), nothing more, nothing less."""
import json

from voice_game.narration.catalog import load_catalog
from voice_game.online.client import Speaker


class Out:
    def __init__(self):
        self.said = []

    def say(self, text, interrupt=False):
        self.said.append(text)


def _table():
    from voice_game.games import get as get_kit
    from voice_game.online.host import Table
    from voice_game.session import Seat

    kit = get_kit("orchestra")
    deck = kit.parse_deck({"musicians": ["tuba", "violin", "flute", "drum", "tuba", "violin"]})
    s = kit.new_game(["Anna", "Ben"], [], 7, deck)
    t = Table(kit, s, [Seat("Anna"), Seat("bot:Ben", "bot")], 7, "en", "abcdefghij", js=None)
    return kit, t


def _deliver(t, speaker, seat=0):
    """What the host published for the seat, said by the seat's client."""
    t.collect()
    for _subject, stream, msg in t.outbox:
        if stream.endswith(f"_{seat}") and msg["t"] == "say":
            speaker.say(json.loads(json.dumps(msg)))  # as it travels
    t.outbox.clear()


def _seated():
    """The table with seat 0's client greeted and the opening delivered, and ``line(text)``:
    seat 0 says a line, the host runs until it waits, and the client hears what it
    published (the line's number is ``line.count``)."""
    kit, t = _table()
    speaker = Speaker(Out())
    t.receive(0, json.dumps({"hello": True, "lang": "en"}).encode())
    t.open(kit.rules.opening_events(t.main.state))

    def line(text):
        line.count += 1
        t.receive(0, json.dumps({"c": line.count, "text": text}).encode())
        while t.step():
            pass
        t.held_back(kit.rules.current_player(t.main.state))
        _deliver(t, speaker)

    line.count = 0
    _deliver(t, speaker)
    return kit, t, speaker, line


def test_the_clients_history_is_the_hosts_history():
    kit, t, speaker, line = _seated()
    line("draw")
    t.receive(0, b"x" * 5000)  # refused: too big (not kept by the host's history)
    t.receive(0, b"{nonsense")  # refused: malformed
    t.receive(0, json.dumps({"c": line.count + 1, "text": "draw", "seat": 2}).encode())  # refused: another seat
    _deliver(t, speaker)
    line("chat: hello everybody")  # the chat has its own buffer
    line("conductor two")
    before = [m.text for m in speaker.history]
    line("repeat")  # the host says the last message again: a replay, not a new message
    line("previous message")
    assert [m.text for m in speaker.history] == before and speaker.out.said[-1] == before[-2]
    line("banana")  # not understood: kept, as in local play
    en = load_catalog("en")
    host = [m.text for m in t.sessions[0].history]
    client = [m.text for m in speaker.history]
    assert client == host
    said = speaker.out.said
    for key in ("online.refused.too_big", "online.refused.malformed", "online.refused.wrong_seat"):
        assert en.get(key) in said and en.get(key) not in client
    assert en.get("online.chat_you", text="hello everybody") in said
    assert not any("hello everybody" in x for x in client)
    assert client[-1] == en.get("input.not_understood")  # a refusal local play keeps, kept here too


def test_since_my_turn_at_an_online_table_starts_after_your_own_move():
    """As in local play: "since my turn" replays the others' moves, not your draw and place."""
    kit, t, speaker, line = _seated()
    line("draw")
    line("conductor one")
    assert kit.rules.current_player(t.main.state) == 0
    host = list(t.sessions[0].history)
    turns = [i for i, m in enumerate(host) if m.cue == "event.your_turn"]
    own = [m.text for m in host[turns[-2] + 1:turns[-1]] if m.kind == "result"]
    others = [m.text for m in host[turns[-2] + 1:turns[-1]] if m.kind == "bot" and m.priority != "low"]
    assert own and others
    n = len(speaker.out.said)
    line("since my turn")
    assert speaker.out.said[n:] == others
