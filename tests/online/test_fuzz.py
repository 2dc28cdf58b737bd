"""A property-based fuzz of the host protocol: hostile messages from a seated player (any
bytes, any JSON, deep nesting, well-formed lines from a client that lost its seat, for
another seat, or already handled) never raise, never change the table and are answered,
if at all, with one sentence to that seat alone.

In process here (``Table.receive``, the code behind the network); over a real
nats-server in ``test_fuzz_nats.py``. VOICE_GAME_FUZZ=100000 runs 10^5 messages
(default 2000).
"""
import io
import json
import os
from contextlib import redirect_stderr

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_game.games import get as get_kit
from voice_game.online import protocol as P
from voice_game.online.host import Table
from voice_game.session import Seat

COUNT = int(os.environ.get("VOICE_GAME_FUZZ", "2000"))
KEYS = ["hello", "lang", "c", "text", "seat", "alive", "bye", "conf", "src", "cid", "x", ""]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
                    st.text(max_size=40), st.sampled_from(["draw", "quit", "yes", "chat: hi", "help", "de", "en",
                                                           "voice", "key", "keyboard", "x" * 301]))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)), max_leaves=12)


def deep(n: int, kind: str) -> bytes:
    inner = "[" * n + "]" * n if kind == "list" else '{"a":' * n + "1" + "}" * n
    return ('{"c": 5, "text": "draw", "src": ' + inner + "}").encode()


hostile = st.one_of(
    st.binary(max_size=3000),  # any bytes
    json_values.map(lambda v: json.dumps(v, allow_nan=True).encode()),  # any JSON
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=6).map(lambda d: json.dumps(d).encode()),
    st.tuples(st.integers(2, 5000), st.sampled_from(["list", "dict"])).map(lambda a: deep(*a)),  # nesting
    st.builds(lambda text: json.dumps({"c": 1, "text": text, "cid": "someoneelse1"}).encode(), st.text(max_size=50)),
    # a well-formed line from the client that lost the seat, for another seat, or already handled
    st.builds(lambda text, seat: json.dumps({"c": 999, "text": text, "cid": "oldclient01"}).encode(),
              st.sampled_from(["draw", "quit", "yes", "chat: hi"]), st.integers()),
    st.builds(lambda text, seat: json.dumps({"c": 999, "text": text, "seat": seat, "cid": "ownerclient1"}).encode(),
              st.sampled_from(["draw", "quit", "chat: hi"]), st.integers().filter(lambda s: s != 2)),
    st.builds(lambda text: json.dumps({"c": 3, "text": text, "cid": "ownerclient1"}).encode(),
              st.sampled_from(["draw", "quit", "take conductor one", "chat: hi"])),
    st.builds(lambda lang: json.dumps({"hello": True, "lang": lang, "cid": "bad cid!"}).encode(), st.text(max_size=5)),
)


def _table():
    """Orchestra, Anna (seat 0) to move; Ben (seat 1) is the hostile seat. Ben's client
    ``ownerclient1`` holds his seat (it took it from ``oldclient01``) and has sent line 3."""
    kit = get_kit("orchestra")
    s = kit.new_game(["Anna", "Ben"], [], 7, None)
    t = Table(kit, s, [Seat("Anna"), Seat("Ben")], 7, "en", "abcdefghij", js=None, rate=None)
    t.receive(0, b'{"hello": true, "lang": "en", "cid": "annaclient1"}')
    t.receive(1, b'{"hello": true, "lang": "en", "cid": "oldclient01"}')
    t.receive(1, b'{"hello": true, "lang": "en", "cid": "ownerclient1"}')
    t.open(kit.rules.opening_events(t.main.state))
    while t.step():
        pass
    assert kit.rules.current_player(t.main.state) == 0
    t.last_c[1] = 3
    t.collect()
    t.outbox.clear()
    return t


def _fingerprint(t):
    data = t.snapshot()
    data["online"].pop("outbox")
    data["online"].pop("counters")
    return json.dumps(data, sort_keys=True)


TABLE = _table()
BEFORE = _fingerprint(TABLE)
SEEN = {"messages": 0}


BATCH = 10  # messages per example


@settings(max_examples=max(1, COUNT // BATCH), deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.lists(hostile, min_size=BATCH, max_size=BATCH))
def test_hostile_messages_never_crash_and_change_nothing(batch):
    t = TABLE
    t.outbox.clear()  # (a failed example leaves its messages: the next one starts clean)
    for data in batch:
        err = io.StringIO()
        with redirect_stderr(err):
            t.receive(1, data)
        SEEN["messages"] += 1
        assert "Traceback" not in err.getvalue(), err.getvalue()
        t.collect()
        for subject, _stream, msg in t.outbox:
            # at most a sentence to Ben's seat: nothing to Anna, nothing to the spectators
            assert subject == t.seat_subject(1), (data, subject, msg)
            assert msg["t"] == "say" and msg["kind"] == "error" and len(msg["text"]) < 90, (data, msg)
        assert len(t.outbox) <= 1, (data, t.outbox)
        t.outbox.clear()
    assert _fingerprint(t) == BEFORE, batch


def test_fuzz_count():
    """How many hostile messages the fuzz sent (run after it: ``-s`` prints the count)."""
    print(f"\nhostile messages handled in process: {SEEN['messages']}, crashes: 0, state changes: 0")


def test_the_fuzz_can_fail():
    """The same checks see a real change: Anna's move changes the table, and a line for
    a seat from its owner is heard."""
    t = _table()
    before = _fingerprint(t)
    t.receive(0, b'{"c": 1, "text": "draw", "cid": "annaclient1"}')
    assert _fingerprint(t) != before
    t = _table()
    t.receive(1, json.dumps({"c": 4, "text": "chat: hi", "cid": "ownerclient1"}).encode())
    t.collect()
    assert any(s == t.seat_subject(0) for s, _, _ in t.outbox)


def test_a_hello_without_a_client_id_takes_no_seat():
    """The fuzz found it (CI, 2026-12-06): ``{"hello": true}`` on Ben's seat took it from
    his client (which names its id), told his client to stop and Anna that Ben joined."""
    t = _table()
    before = _fingerprint(t)
    t.receive(1, b'{"hello": true}')
    t.collect()
    assert t.outbox == [] and _fingerprint(t) == before
    t.receive(1, json.dumps({"c": 4, "text": "chat: hi", "cid": "ownerclient1"}).encode())
    t.collect()
    assert any(s == t.seat_subject(0) for s, _, _ in t.outbox)  # his own client still plays it


def test_deep_nesting_is_refused_before_the_parser():
    """~2000 bytes of nested JSON crashed the host (RecursionError in parse_command)."""
    t = _table()
    for data in (b"[" * 2000, b'{"c": 4, "text": ' + b"[" * 1000 + b"]" * 1000 + b"}", deep(100_000, "list")):
        t.receive(1, data)
    t.collect()
    said = [m["text"] for _, _, m in t.outbox]
    assert said and all(x.startswith("Refused") for x in said)
    assert P.shallow(b'{"text": "[[[{{{"}') and not P.shallow(b'{"a": [1]}')
