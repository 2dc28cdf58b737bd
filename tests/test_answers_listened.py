"""A recognizer listens for "ja"/"nein" ("yes"/"no") only while a yes/no question is open
(``commands.parser.listened_intents``): what the echo canceller leaves of the game's own
voice came out as "ja" and "nein" up to 0.99 sure, and a person's "drei" damaged by the
echo as "ja", each answered aloud "nothing to confirm" over the narration. Typed, an
answer with no question open still says there is nothing to confirm."""
import io

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import ANSWER_INTENTS, READY_INTENT, listened_intents, meta_intents
from voice_game.core.input import InputLine
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.online.seat import RemoteSeat
from voice_game.session import Seat, Session
from tests.test_number_bar import table

YES = {"de": "ja", "en": "yes"}
NO = {"de": "nein", "en": "no"}
TAKE = {"de": "nimm dirigent 1", "en": "take conductor 1"}


def test_the_answers_are_listened_for_only_while_asked():
    metas = meta_intents()
    assert metas >= ANSWER_INTENTS
    assert listened_intents(metas, True, handing_over=True) == metas
    assert listened_intents(metas, False) == metas - ANSWER_INTENTS - {READY_INTENT}
    assert READY_INTENT in listened_intents(metas, False, handing_over=True)
    assert "stop" in listened_intents(metas, False) and "repeat" in listened_intents(metas, False)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_sessions_phrases_hold_yes_and_no_only_while_a_question_waits(lang, tmp_path):
    s, _ = table(lang, tmp_path)
    now = set(s.phrases_now())
    assert YES[lang] not in now and NO[lang] not in now
    assert {"de": "wiederholen", "en": "repeat"}[lang] in now  # the other meta commands stay
    s.handle(InputLine({"de": "drei", "en": "three"}[lang], 0.5, "voice"), 0)  # unsure: read back
    assert s.dialogue.pending is not None
    asked = set(s.phrases_now())
    assert YES[lang] in asked and NO[lang] in asked
    s.handle(InputLine(NO[lang], 0.99, "voice"), 0)
    assert s.dialogue.pending is None and YES[lang] not in set(s.phrases_now())
    s.handle(InputLine({"de": "spiel verlassen", "en": "quit"}[lang]), 0)  # "really quit?"
    assert s.dialogue.asking_yes_no and YES[lang] in set(s.phrases_now())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_typed_yes_with_nothing_to_confirm_still_says_so(lang):
    kit = get_kit("orchestra")
    out = io.StringIO()
    s = Session(kit, kit.new_game(["Anna", "Ben"], [], 1, None), [Seat("Anna"), Seat("Ben", "bot")],
                load_grammar(lang), load_catalog(lang), TextOutput(out), iter(()))
    before = s.state
    s.handle(InputLine(YES[lang]), 0)
    assert load_catalog(lang).get("input.nothing_to_confirm") in out.getvalue()
    assert s.state == before


def test_an_online_seat_listens_for_answers_only_while_the_host_asks():
    class Speaker:
        history = None

        def say_local(self, m):
            pass

        def stop(self):
            pass

    seat = RemoteSeat(load_grammar("en"), load_catalog("en"), Speaker())
    seat.set_game("orchestra")
    seat.update({"commands": [{"intent": "place", "conductor": 1}]})
    assert "yes" not in seat.phrases_now() and "conductor one" in seat.phrases_now()
    seat.update({"commands": [], "pending": True})
    assert "yes" in seat.phrases_now() and "no" in seat.phrases_now()


def test_ready_is_listened_for_only_while_a_hand_over_waits():
    """Hot-seat (Concerto, two humans at one loudspeaker): "ready" is in the recognizer's
    phrases while the hand-over waits for it and gone once the player has taken over, as it
    is at a table without a hand-over (a screen reader's echo came out as "go" 0.91, a
    "ready" answered "nothing to confirm" over the narration)."""
    kit = get_kit("concerto")
    g, c = load_grammar("en"), load_catalog("en")
    heard: list[set[str]] = []
    s = Session(kit, kit.new_game(["Anna", "Ben"], [], 1, None), [Seat("Anna"), Seat("Ben")], g, c,
                TextOutput(io.StringIO()), iter([InputLine("ready")]))
    assert s.handover
    s.listen_hook = lambda phrases: heard.append(set(phrases))
    assert s.run() == 0  # input ends at the first turn after the hand-over
    assert len(heard) == 2, heard
    assert "ready" in heard[0] and "go" in heard[0]  # the hand-over
    assert "ready" not in heard[1] and "go" not in heard[1] and "repeat" in heard[1]  # the turn
    assert not s.dialogue.handing_over
    solo = Session(get_kit("orchestra"), get_kit("orchestra").new_game(["Anna", "Ben"], [], 1, None),
                   [Seat("Anna"), Seat("Ben", "bot")], g, c, TextOutput(io.StringIO()), iter(()))
    assert "go" not in solo.phrases_now() and "ready" not in solo.phrases_now()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_speech_benchmarks_listen_for_what_a_session_listens_for(lang, tmp_path):
    """The held-out and room benchmarks decode against the phrases of a place state; they
    listened for the answers too after the game had stopped, and counted a "ja" heard in a
    babble for an "acht" as a non-command acted on."""
    import importlib
    import sys
    from pathlib import Path

    saved = list(sys.path)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        sb = importlib.import_module("speech_bench")
    finally:
        sys.path[:] = saved  # the benchmarks' folder shadows no test module
    _, phrases = sb.state_sets(lang)["place"]
    bench = {form for p in phrases if dict(p.command)["intent"] != "place" for form in (p.spoken, p.text)}
    s, _ = table(lang, tmp_path)
    assert YES[lang] not in bench and NO[lang] not in bench
    named = ("anna", "ben", "carla")  # a seat's number said as its name: the benchmark has no names
    assert bench == {p for p in s.phrases_now(moves=False) if not set(p.split()) & set(named)}
