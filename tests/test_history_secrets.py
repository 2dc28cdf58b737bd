"""Secrets in the history (issue 25): whole seeded games, solo and hot-seat, of both games
in both languages, bots and humans who play as a bot would and ask what players ask
("meine karten", "mehr", "tisch", "stücke", "seit meinem zug", "vorherige nachricht",
"hilfe"). After every line a human says, what each human may replay from the history
("vorherige nachricht", "seit meinem zug") holds no other seat's private text and never a
beat pattern (Concerto's memory rule: announced once, to everybody, when it is drawn); what
the history keeps instead says whose pattern it was and for which instrument."""
from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

PATTERNS = ("up-down", "left-right", "circle", "stab", "cross", "swoosh")
SOLO = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
HOT_SEAT = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Ben"), Seat("Clara", "bot")]
# what the humans ask, in turn, before one move in three
QUESTIONS = ("my_cards", "more", "table", "more", "since_my_turn", "previous", "previous", "help", "pieces")
MAX_LINES = 4000


class Game:
    """One whole game through the session, its humans driven by bots' choices."""

    def __init__(self, game: str, lang: str, seats: list[Seat], seed: int):
        self.kit = kit = get_kit(game)
        self.g, self.c = load_grammar(lang), load_catalog(lang)
        self.buf = io.StringIO()
        self.seats = seats
        self.humans = [i for i, x in enumerate(seats) if x.kind != "bot"]
        self.brains = {h: kit.make_bot("bot", 1000 * seed + h) for h in self.humans}
        for h, b in self.brains.items():
            if hasattr(b, "seat"):
                b.seat = h
        self.events: list = []
        self.private: dict[int, set[str]] = {h: set() for h in self.humans}  # said to one seat alone
        self.checks = 0
        self.told = 0  # the beat patterns announced whose kept words were found
        names = sorted((self.c.get(f"pattern.{p}.name") for p in PATTERNS), key=len, reverse=True)
        self.pattern_re = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b", re.IGNORECASE)
        state = kit.new_game([x.name for x in seats], [], seed, None)
        s = self.s = Session(kit, state, seats, self.g, self.c, TextOutput(self.buf), iter(()), seed=seed)
        self._wrap()
        s.inputs = self._lines()
        s.start(kit.rules.opening_events(state))
        s.run()
        self.check()

    def _wrap(self) -> None:
        s = self.s
        log, private, feed = s.log_events, s.say_private, s.feed_bots

        def log_events(events):
            self.events.extend(events)
            log(events)

        def say_private(msgs):
            seat = s.ready_seat if s.handover else None
            for m in msgs:
                if seat is not None and m.text:
                    self.private[seat].add(m.text)
            private(msgs)

        def feed_bots(events):
            feed(events)
            events = list(events)
            for h, b in self.brains.items():
                if hasattr(b, "observe"):
                    for e in events:
                        if e.visible_to(h):
                            b.observe(e)
        s.log_events, s.say_private, s.feed_bots = log_events, say_private, feed_bots  # type: ignore[method-assign]

    def _lines(self) -> Iterator[str]:
        s, kit = self.s, self.kit
        asked = 0
        for n in range(MAX_LINES):
            self.check()
            if kit.rules.is_over(s.state):
                return
            p = kit.rules.current_player(s.state)
            assert p != CHANCE and p in self.humans
            if s.handover and s.ready_seat != p:
                yield self.g.render({"intent": "ready"})
                continue
            if n % 3 == 0 and kit.name in self.g.intents[QUESTIONS[asked % len(QUESTIONS)]].get("games", [kit.name]):
                intent = QUESTIONS[asked % len(QUESTIONS)]
                asked += 1
                yield self.g.render({"intent": intent})
                continue
            legal = kit.rules.legal_actions(s.state)
            action = self.brains[p].choose(kit.view(s.state, p), legal)
            cmd = kit.adapter.command_for(action)
            if cmd is None:
                cmd = next(c for c in (kit.adapter.command_for(a) for a in legal) if c is not None)
            yield self.g.render(cmd)
        raise AssertionError("the game did not end")

    def check(self) -> None:
        """What each human may replay now: no other seat's private text, no beat pattern."""
        self.checks += 1
        entries = self.s.history.entries
        for e in entries:  # replies to one seat's question in hot-seat are that seat's own
            if e.owner is not None and e.message.text:
                self.private.setdefault(e.owner, set()).add(e.message.text)
        shared = {e.message.text for e in entries if e.owner is None}
        for h in self.humans:
            seen = self.s.history.seen(h)
            others = set().union(*(t for o, t in self.private.items() if o != h)) - shared - self.private.get(h, set())
            for e in seen:
                m = e.message
                assert m.text not in others, (h, m.text)
                for text in (m.text, m.fallback or ""):
                    assert not self.pattern_re.search(text), (h, e.buffer, text)
        # each pattern announced: the history keeps whose it was and for which instrument
        kept = [e.message.text for e in entries]
        drawn = [e for e in self.events if e.type == "pattern_drawn"]
        for e in drawn[self.told:]:
            ins = self.c.get(f"instrument.{e.data['instrument']}.name")
            player = e.data["player"]
            mine = self.c.get("concerto.pattern_secret_you", instrument=ins)
            if not any(ins in t and (self.seats[player].name in t or t == mine and len(self.humans) == 1)
                       for t in kept[-60:]):
                break  # not said yet (another player's move is said at the human's turn)
            self.told += 1


def play(game: str, lang: str, seats: list[Seat], seed: int) -> Game:
    return Game(game, lang, seats, seed)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("seats", [SOLO, HOT_SEAT], ids=["solo", "hot-seat"])
@pytest.mark.parametrize("game", ["concerto", "orchestra"])
def test_no_history_holds_a_secret(game, seats, lang):
    g = play(game, lang, seats, seed=5)
    assert g.kit.rules.is_over(g.s.state), "played to the end"
    assert g.checks > 20
    if game != "concerto":
        return
    drawn = [e for e in g.events if e.type == "pattern_drawn"]
    assert len(drawn) > 10  # patterns were announced, and none of them is in any replay (check)
    assert g.pattern_re.search(g.buf.getvalue()), "the patterns were said once"
    # each one kept as whose pattern for which instrument (checked as the game went on)
    assert g.told >= len(drawn) - 2, (g.told, len(drawn))
