"""What the canceller leaves of the game's own echo is no person: Whisper heard its residual
as "go", "yeah", "one", "four" with nobody speaking (benchmarks/barge_in_offline.py), and
once, beside the screen reader, "go" at 0.84 was delivered. A person's word over the echo
keeps its own level, so the canceller takes little out of the loudest part of what it
leaves (2-9 dB in the benchmark); of an echo alone it takes 12 dB or more
(``Duplex.taken_out_db``, ``Listener.echo_alone``, ``ECHO_ONLY_DB``).

Real parts: the synthetic room (tests/support/echo_room.py), espeak-ng's narration, a real
person's "three" (Speech Commands, tests/data/speech), the linear canceller."""
from pathlib import Path

import numpy as np
import pytest

from tests.support.echo_room import duplex_over, echo_of, feed_capture, level_db
from tests.support.synth import synthesize
from tests.support.voice_sink import Collected
from voice_game.speech.duplex import Duplex
from voice_game.speech.hypothesis import Hypothesis
from voice_game.speech.listener import ECHO_ONLY_BELOW, ECHO_ONLY_DB, Listener
from voice_game.speech.recognize import read_audio, to_16k_int16

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000
T0 = 100.0
NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor. Which conductor?")
AT_S = 4.5  # the person speaks once the canceller has learned the echo


@pytest.fixture(scope="module")
def room():
    played = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    echo = echo_of(played, delay_ms=80, gain_db=0.0, seed=80)
    x, rate = read_audio(DATA / "en-sc-three.wav")
    return played, echo, to_16k_int16(x, rate).astype(np.float64)


def cleaned(played: np.ndarray, mic: np.ndarray, upto_s: float = 1e9) -> Duplex:
    """The capture cleaned up to ``upto_s`` (the duplex stage keeps its last 8 s)."""
    d = duplex_over(played, T0)
    feed_capture(d, mic, T0, upto_s)
    return d


@pytest.mark.parametrize("under_db", [0.0, 6.0])
def test_a_persons_word_over_the_learned_echo_is_not_echo_alone_and_the_echo_around_it_is(room, under_db):
    played, echo, word = room
    at = int(AT_S * RATE)
    person = np.zeros(played.size)
    person[at:at + word.size] = word * 10 ** ((level_db(echo[at - RATE:at]) - under_db - level_db(word)) / 20)
    d = cleaned(played, echo + person, upto_s=8.0)
    assert d.tracker.locked
    listener = Listener(recognizer=None, duplex=d)
    # the word's span as the voice detection gives it: from 0.2 s before to its end
    spoken = (T0 + AT_S - 0.2, T0 + AT_S + word.size / RATE)
    taken = d.taken_out_db(*spoken)
    alone = [d.taken_out_db(T0 + s, T0 + s + 0.8) for s in (3.2, 6.0, 7.0)]
    print(f"person {under_db} dB under the echo: {taken:.1f} dB taken out; echo alone: {alone}")
    assert taken is not None and taken < ECHO_ONLY_DB - 2.0
    assert not listener.echo_alone(spoken)
    assert all(a is not None and a >= ECHO_ONLY_DB for a in alone), alone
    assert all(listener.echo_alone((T0 + s, T0 + s + 0.8)) for s in (3.2, 6.0, 7.0))


def test_nothing_is_echo_alone_where_the_game_was_silent(room):
    played, echo, word = room
    tail = np.zeros(2 * RATE)  # two seconds after the narration: the person speaks in silence
    tail[RATE // 2:RATE // 2 + word.size] = word
    d = cleaned(np.concatenate([played, np.zeros(tail.size)]), np.concatenate([echo, tail]))
    quiet_from = T0 + played.size / RATE + 0.9  # past the echo's tail and the gate's hold
    assert d.taken_out_db(quiet_from, quiet_from + 0.5) is None


@pytest.mark.parametrize("text, confidence, decision", [
    ("go", 0.84, "echo"),  # the CI's false trigger beside the screen reader
    ("yeah", 0.90, "echo"),
    ("one", ECHO_ONLY_BELOW, "delivered"),  # Whisper this sure: a word, not the residual
])
def test_over_the_learned_echo_alone_a_guess_is_its_echo_and_a_sure_word_is_not(room, text, confidence, decision):
    played, echo, _ = room
    d = cleaned(played, echo, upto_s=8.0)
    sink = Collected()
    listener = Listener(recognizer=None, duplex=d, events=sink)
    # the voice detection's span, over the narration, where nobody spoke
    listener._spoke_from, listener._spoke_to = T0 + 6.0, T0 + 6.8
    listener._speech_during_narration = True
    listener._deliver(Hypothesis(text, confidence))
    assert [h.decision for h in sink.heard()] == [decision]
    assert listener.results.qsize() == (decision == "delivered")


@pytest.mark.parametrize("under_db", [0.0, 6.0])
def test_a_word_after_the_narration_in_the_same_utterance_as_its_residual_is_a_person(room, under_db):
    """The duplex benchmark: the game's short question ("Flute.") and a person's "three"
    in one utterance, the word after the game fell silent (past the gate's hold); the
    frames the game could echo in held only the residual (17 and 27 dB taken out of their
    loudest third), and the person's word, heard at 0.95, was taken for the echo. What the
    canceller left loudest is looked for in the whole utterance: where the game was silent
    nothing was taken out, and there the person spoke."""
    played, echo, word = room
    end_s = np.nonzero(np.abs(played) > 100)[0][-1] / RATE  # the game's last sound
    at = int((end_s + 0.7) * RATE)  # the word begins past the echo's tail and the gate's hold
    person = np.zeros(at + word.size + RATE // 2)
    person[at:at + word.size] = word * 10 ** ((level_db(echo[-3 * RATE:]) - under_db - level_db(word)) / 20)
    mic = np.zeros(person.size)
    mic[:echo.size] += echo[:mic.size]
    d = cleaned(np.concatenate([played, np.zeros(person.size - played.size)]), mic + person)
    listener = Listener(recognizer=None, duplex=d)
    utterance = (T0 + end_s - 0.4, T0 + at / RATE + word.size / RATE)  # the residual's last words, then the word
    taken = d.taken_out_db(*utterance)
    print(f"person {under_db} dB under the echo, after it: {taken} dB taken out")
    assert taken is not None and taken < ECHO_ONLY_DB - 2.0
    assert not listener.echo_alone(utterance)
    residual = (T0 + end_s - 1.2, T0 + end_s + 0.3)  # the same residual without the word
    assert listener.echo_alone(residual)
