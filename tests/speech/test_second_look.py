"""The second look: speech the listener ignored over the game's voice is cleaned again once
the canceller has learned the echo, and decoded again.

In the duplex benchmark's resumed games the echo's lag is measured 1.2-1.75 s into the
narration; until then nothing is cancelled, the voice detection starts on the echo and runs
on into the person's word, and the whole came out as "" or as "zwei" 0.5-0.6 (ignored: under
0.7 over the narration). The linear canceller keeps its last 4 s of capture with the
reference frame each was cleaned against (moved with every re-alignment, handed over when
the search for the lag ends), so what it learned later is subtracted from them afterwards
(``LinearCanceller.recleaned``); the duplex stage gives that only when it leaves clearly less
than the first cleaning did (``Duplex.recleaned``), and the listener decodes it and judges it
as over the narration (``Heard.again``).

Real parts: the synthetic room (tests/support/echo_room.py), espeak-ng's narration, a real
person's "three" (Speech Commands, tests/data/speech), real Whisper."""
from pathlib import Path

import numpy as np
import pytest

from tests.support import echo_room
from tests.support.echo_room import echo_of, level_db, to_int16
from tests.support.fed_listener import heard_through
from tests.support.synth import synthesize
from tests.support.voice_sink import Collected
from tests.support.whisper import orchestra_recognizer
from voice_game.audio.reference import ReferenceTap
from voice_game.speech.duplex import Duplex
from voice_game.speech.echo import NullCanceller
from voice_game.speech.linear_echo import N, LinearCanceller
from voice_game.speech.listener import Listener
from voice_game.speech.recognize import read_audio, to_16k_int16
from voice_game.speech.voice_events import Heard
from voice_game.speech.voice_input import configure

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000
T0 = 100.0
NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor.")


def db(x: np.ndarray) -> float:
    x = np.asarray(x, np.float64)
    return float(10 * np.log10((x * x).mean() + 1e-9))


def noise(seconds: float, seed: int = 0) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(int(seconds * RATE)) * 3000).astype(np.int16)


def run(c: LinearCanceller, played: np.ndarray, mic: np.ndarray, delay_ms) -> np.ndarray:
    """Frame by frame; ``delay_ms(j)``: the hint (and the search) for frame ``j``; a hint
    that changes is the lag's first measurement (the learned path moves with it)."""
    out = []
    before = None
    for j, i in enumerate(range(0, played.size - N + 1, N)):
        hint = delay_ms(j)
        c.set_delay_ms(*hint, path_moves=before is not None and hint[0] != before)  # as the duplex stage
        before = hint[0]
        c.played(played[i:i + N].tobytes())
        out.append(np.frombuffer(c.captured(mic[i:i + N].astype("<i2").tobytes()), "<i2"))
    return np.concatenate(out)


@pytest.mark.parametrize("how", ["learned later", "re-aligned", "search handed over"])
def test_frames_captured_before_the_filter_learned_are_cleaned_by_what_it_knows_now(how):
    played = noise(3.5)
    echo = to_int16(echo_of(played, delay_ms=250 if how == "search handed over" else 100, gain_db=0.0))
    if how == "learned later":
        hints = lambda j: (100, 0)  # noqa: E731
    elif how == "re-aligned":  # the lag measured 100 ms later than the first hint: the path moves
        hints = lambda j: (0 if j < 150 else 100, 0)  # noqa: E731
    else:  # searching 200 ms further until 1.5 s; the lag then known
        hints = lambda j: (0, 200) if j < 150 else (250, 0)  # noqa: E731
    c = LinearCanceller(gate_db=0.0, suppress_floor_db=0.0)  # the subtraction alone
    first = run(c, played, echo, hints)
    again = np.frombuffer(c.recleaned(len(first) // N), "<i2")
    assert again.size == first.size
    if how == "re-aligned":
        assert c.slips >= 1
    if how == "search handed over":
        assert c.adopted
    head = slice(0, int(0.5 * RATE))  # the filter was still learning
    print(how, f"echo {db(echo[head]):.1f}, first cleaning {db(first[head]):.1f}, again {db(again[head]):.1f} dB")
    assert db(first[head]) > db(echo[head]) - 6.0
    assert db(again[head]) < db(echo[head]) - 20.0
    tail = slice(first.size - RATE // 2, first.size)  # learned: both the same
    assert abs(db(again[tail]) - db(first[tail])) < 3.0


def test_nothing_is_kept_before_anything_was_learned_nor_by_a_canceller_without_frames():
    assert LinearCanceller().recleaned(100) is None
    tap = ReferenceTap()
    assert Duplex(NullCanceller(), tap).recleaned(T0, T0 + 1.0) is None


@pytest.fixture(scope="module")
def opening():
    """espeak-ng's narration in the room, a real person's "three" 1.5 s in, 6 dB under the
    echo; the capture clock 0.25 s behind the play times (as far as the duplex benchmark's
    sound server put it; nothing is cancelled until the lag is measured)."""
    played = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    echo = echo_of(played, delay_ms=80, gain_db=0.0, seed=80)
    x, rate = read_audio(DATA / "en-sc-three.wav")
    word = to_16k_int16(x, rate).astype(np.float64)
    at = int(1.5 * RATE)
    person = np.zeros(played.size)
    person[at:at + word.size] = word * 10 ** ((level_db(echo[at - RATE:at]) - 6.0 - level_db(word)) / 20)
    return played, echo, person, at, word.size


def duplex_over(played: np.ndarray) -> Duplex:
    return echo_room.duplex_over(played, T0, said=NARRATION)


CLOCK_S = 0.25


def test_the_duplex_stage_looks_again_only_where_the_first_cleaning_was_worse(opening):
    played, echo, person, at, n = opening
    d = duplex_over(played)
    echo_room.feed_capture(d, echo + person, T0 + CLOCK_S, upto_s=4.5)
    assert d.tracker.locked
    assert d.locked_at is not None
    start = T0 + CLOCK_S + at / RATE
    got = d.recleaned(start - 0.3, start + n / RATE)
    assert got is not None
    t, word = got
    assert abs(t - (start - 0.3)) < 0.011 and len(word) >= 2 * int((n / RATE + 0.29) * RATE)
    # 1.5 s later the first cleaning had learned the echo: no better look
    assert d.recleaned(start + 1.8, start + 2.6) is None
    # nothing kept of that time
    assert d.recleaned(T0 - 5.0, T0 - 1.0) is None


@pytest.fixture(scope="module")
def rec():
    return orchestra_recognizer("en")


def heard_of(rec, played: np.ndarray, audio: np.ndarray, second_look: bool = True) -> list[Heard]:
    """``audio`` (the capture) through the listener's own path over the narration ``played``."""
    events = Collected()
    listener = configure(Listener(rec, duplex=duplex_over(played), events=events, muted=lambda: True,
                                  second_look=second_look), "en")
    return heard_through(listener, events, audio, T0 + CLOCK_S, block=320)


def test_a_word_said_before_the_echo_was_learned_is_heard_on_the_second_look(rec, opening):
    played, echo, person, at, n = opening
    heard = heard_of(rec, played, to_int16(echo + person))
    print("heard:", heard)
    delivered = [h for h in heard if h.decision == "delivered"]
    assert [(h.text, h.again) for h in delivered] == [("three", True)], heard
    assert any(h.decision == "ignored" and not h.again for h in heard), heard  # the first look


def test_the_games_voice_alone_gives_no_second_look_command(rec, opening):
    played, echo, _, _, _ = opening
    heard = heard_of(rec, played, to_int16(echo))
    print("heard:", heard)
    assert not [h for h in heard if h.decision not in ("ignored", "echo")], heard


def test_a_command_said_again_after_the_second_look_gave_it_is_acted_on_once(rec, opening):
    """The person heard nothing happen and says it again; the second look gives the first
    one meanwhile: the repeat is ``repeated``, not a second move."""
    played, echo, person, at, n = opening
    again = person.copy()
    later = int(6.5 * RATE)
    again[later:later + n] = person[at:at + n]
    heard = heard_of(rec, played, to_int16(echo + again))
    print("heard:", heard)
    said = [(h.text, h.decision, h.again) for h in heard if h.decision in ("delivered", "repeated")]
    assert said == [("three", "delivered", True), ("three", "repeated", False)], heard


def test_off_by_default_and_then_the_word_said_before_the_echo_was_learned_is_lost(rec, opening):
    """The control: without the second look (the default: docs/DUPLEX.md) the same "three"
    gives nothing."""
    played, echo, person, _, _ = opening
    assert not Listener(rec).second_look
    heard = heard_of(rec, played, to_int16(echo + person), second_look=False)
    print("heard:", heard)
    assert not [h for h in heard if h.decision == "delivered" or h.again], heard
