"""The game's own words heard back are no command: over the narration, a hypothesis whose
every word the game itself said while the person spoke (the player's sentences with their
play times, ``ReferenceTap.said``; digits and the grammar's number words are one word) is
decided ``echo`` and nothing acts. In the duplex benchmark what the canceller left of the
resumed game's "Runde 1." was heard as "eins" (0.93) and placed a musician the person had
not asked for; the hint "... dirigent eins" was heard as "eins" 0.99 the run before.

Real audio, real Whisper, the listener's own streaming path (duplex stage with the null
canceller, so the game's voice reaches the recognizer as a canceller's residual does):
espeak-ng's German "eins." is delivered without the play marks and decided ``echo`` with
them; a real person's "zwei" (Heidelberg Digits, tests/data/speech) over the game's
"Runde 1." is delivered, and so is a quick answer 0.6 s after the game's "Sag zwei."; the
same "eins" said by the game five seconds away is not the person's word. A person saying
the very word the game says at that moment is taken for its echo (they say it again)."""
from pathlib import Path

import numpy as np
import pytest

from tests.support.fed_listener import heard_through
from tests.support.synth import synthesize
from tests.support.voice_sink import Collected
from tests.support.whisper import orchestra_recognizer
from voice_game.audio.reference import ReferenceTap
from voice_game.speech.duplex import Duplex
from voice_game.speech.echo import NullCanceller
from voice_game.speech.listener import Listener
from voice_game.speech.recognize import read_audio, to_16k_int16
from voice_game.speech.voice_events import Heard
from voice_game.speech.voice_input import configure, number_words

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
T0 = 100.0  # the capture and play clock of these runs (seconds)


def test_the_words_of_a_sentence_are_placed_in_its_play_time():
    tap = ReferenceTap()
    tap.said("Runde 1. Noch 53 Karten im Stapel.", 10.0, 13.0)
    first = tap.words_between(10.0, 11.0)
    assert "runde" in first and "1" in first and "stapel" not in first
    assert "stapel" in tap.words_between(12.0, 13.0)
    assert tap.words_between(13.5, 20.0) == [] and tap.words_between(0.0, 9.9) == []


def test_a_word_whose_ending_the_echo_lost_is_still_the_games():
    from voice_game.speech.listener import sounds_like

    assert sounds_like("save", "saved") and sounds_like("ziehe", "ziehen") and sounds_like("eins", "eins")
    assert not sounds_like("go", "good")  # too short to tell
    assert not sounds_like("drei", "dreizehn") and not sounds_like("zwei", "drei")


def test_the_grammar_gives_the_number_words():
    assert "eins" in number_words("de")[1] and "one" in number_words("en")[1]


def test_without_a_duplex_stage_nothing_is_the_games_own():
    assert not Listener(None).said_by_the_game("eins")


@pytest.fixture(scope="module")
def rec():
    return orchestra_recognizer("de")


def heard(rec, audio: np.ndarray, said: list[tuple[str, float, float]]) -> list[Heard]:
    """``audio`` through the listener over the narration; the game said ``said`` (text,
    start, end in seconds from the audio's first sample)."""
    tap = ReferenceTap()
    for text, a, b in said:
        tap.said(text, T0 + a, T0 + b)
    events = Collected()
    listener = configure(Listener(rec, duplex=Duplex(NullCanceller(), tap), events=events, muted=lambda: True), "de")
    return heard_through(listener, events, audio, T0, block=800, tail_s=1.5)


def test_the_games_own_number_heard_back_is_echo_and_a_persons_is_a_command(rec):
    own = synthesize("eins.", voice="de", speed=175, floor_db=None)
    end = own.size / 16000
    bare = heard(rec, own, [])
    print("the game's 'eins', no play marks:", bare)
    assert bare and bare[0].text == "eins" and bare[0].decision == "delivered", bare
    marked = heard(rec, own, [("Runde 1.", 0.0, end)])
    print("the game's 'eins' while it said 'Runde 1.':", marked)
    assert marked and marked[0].text == "eins" and marked[0].decision == "echo", marked
    far = heard(rec, own, [("Runde 1.", end + 5.0, end + 6.0)])
    print("the game said 'Runde 1.' five seconds later:", far)
    assert far and far[0].decision == "delivered", far

    x, rate = read_audio(DATA / "de-hd02-2.flac")
    person = to_16k_int16(x, rate)
    pad = np.zeros(4800, np.int16)
    audio = np.concatenate([pad, person])
    other = heard(rec, audio, [("Runde 1. Noch 53 Karten im Stapel.", 0.0, audio.size / 16000)])
    print("a person's 'zwei' while the game said 'Runde 1 ...':", other)
    assert other and other[0].text == "zwei" and other[0].decision == "delivered", other
    # a quick answer: the game's "Sag zwei." ends 0.6 s before the person says it
    answer = np.concatenate([np.zeros(int(1.4 * 16000), np.int16), person])
    quick = heard(rec, answer, [("Sag zwei.", 0.0, 0.8)])
    print("a person's 'zwei' 0.6 s after the game said 'Sag zwei.':", quick)
    assert quick and quick[0].text == "zwei" and quick[0].decision == "delivered", quick
    # the same word while the game says it: taken for its echo (the person says it again)
    along = heard(rec, answer, [("Sag zwei.", 1.0, 1.4 + person.size / 16000)])
    print("a person's 'zwei' while the game said 'Sag zwei.':", along)
    assert along and along[0].decision == "echo", along
