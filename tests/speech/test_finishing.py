"""An ended utterance's decode runs off the listener's worker (speech/finishing.py).

The worker also runs the echo canceller and the voice detection barge-in ducks on: while
Whisper decoded a refused utterance there (1-4 s over the narration in the duplex
benchmark), the capture queued behind it and a command said meanwhile was judged 5-7 s
late. Now the decode runs on a thread of its own, the worker goes on with the audio, and
each result comes in the order said, with the capture times of its own audio.
"""
import threading
import time

import numpy as np

from tests.support.whisper import DATA, german_recognizer, needs_base
from voice_game.speech.finishing import Finishing
from voice_game.speech.hypothesis import Hypothesis, to_pcm16
from voice_game.speech.listener import Listener
from voice_game.speech.recognize import read_audio

RATE = 16000
BLOCK = 800  # 50 ms, as the microphone listener feeds


def test_results_come_in_the_order_said_whatever_finishes_first():
    q = Finishing()
    slow = threading.Event()
    q.start(lambda: (slow.wait(5), Hypothesis("eins", 0.9))[1])
    q.done(Hypothesis("zwei", 0.9))
    q.start(lambda: None)  # an utterance that gave no result
    q.done(Hypothesis("drei", 0.9))
    time.sleep(0.05)
    assert q.busy and q.take() is None  # "zwei" is ready, "eins" is not: nothing overtakes
    slow.set()
    assert q.wait(5) and not q.busy
    assert [q.take(), q.take(), q.take()] == [Hypothesis("eins", 0.9), Hypothesis("zwei", 0.9), Hypothesis("drei", 0.9)]
    assert q.take() is None and len(q) == 0


def test_a_failed_decode_and_a_broken_callback_lose_nothing_after_them():
    q = Finishing()

    def broken() -> None:
        raise RuntimeError("callback")

    q.start(lambda: 1 / 0, broken)  # type: ignore[arg-type, return-value]
    q.done(Hypothesis("vier", 0.8))
    assert q.wait(5)
    assert q.take() == Hypothesis("vier", 0.8)


def _pcm(name: str) -> np.ndarray:
    x, rate = read_audio(DATA / name)
    return np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")


@needs_base
def test_the_worker_takes_the_audio_while_an_utterance_is_decoded_and_the_command_keeps_its_times():
    rec = german_recognizer(["eins", "zwei", "drei", "vier", "fünf"])
    assert rec.wait_ready(120)
    got: list[Hypothesis] = []
    listener = Listener(rec, on_result=got.append)
    quiet = np.zeros(int(0.6 * RATE), np.int16)
    sentence = _pcm("de-pico-das-wetter-ist-heute-schoen.flac")  # no command: decoded whole
    word = _pcm("de-hd02-2.flac")
    audio = np.concatenate([quiet, sentence, quiet, quiet, word, quiet, quiet])
    word_at = (3 * quiet.size + sentence.size) / RATE
    t0 = 5000.0
    pcm = audio.astype("<i2").tobytes()
    taken_while_decoding = 0
    listener.start_fed()
    try:
        start = time.monotonic()
        for k in range(0, len(pcm), 2 * BLOCK):
            # in real time, as the microphone hands it in
            time.sleep(max(0.0, start + k / (2 * RATE) - time.monotonic()))
            if rec.busy and listener._audio.qsize() == 0:  # noqa: SLF001
                taken_while_decoding += 1
            listener.feed(pcm[k:k + 2 * BLOCK], muted=False, captured_at=t0 + k / (2 * RATE))
        deadline = time.monotonic() + 60
        while (rec.busy or listener._audio.qsize()) and time.monotonic() < deadline:  # noqa: SLF001
            time.sleep(0.05)
        time.sleep(0.3)
    finally:
        listener.stop()
    # the worker took every block while an utterance was being decoded (it used to wait
    # for the decode): at least a few blocks of 50 ms were taken in that time
    assert taken_while_decoding >= 3, taken_while_decoding
    words = [h for h in got if h.text]
    assert [h.text for h in words] == ["zwei"], [(h.text, h.confidence) for h in got]
    assert words[0].span is not None
    at = listener._captured(words[0])  # noqa: SLF001
    assert at is not None
    # the word's own capture times (the recognizer's pre-roll before it, its end after)
    assert t0 + word_at - 0.5 <= at[0] <= t0 + word_at + 0.1, (at, t0 + word_at)
    assert t0 + word_at + word.size / RATE - 0.2 <= at[1] <= t0 + word_at + word.size / RATE + 0.6, at
