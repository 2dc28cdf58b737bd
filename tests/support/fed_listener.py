"""A listener fed a recording instead of a microphone (tests and benchmarks): the audio in
blocks with capture times from ``t0``, as the capture callback would hand it in, then the
queue worked off and the last decode and second look given time to come."""
from __future__ import annotations

import time

import numpy as np

from tests.support.voice_sink import Collected
from voice_game.speech.hypothesis import BackgroundRecognizer
from voice_game.speech.listener import Listener
from voice_game.speech.second_look import WAIT_S
from voice_game.speech.voice_events import Heard


def feed_all(listener: Listener, audio: np.ndarray, t0: float, block: int = 1600,
             settle_s: float = 0.5, tail_s: float = WAIT_S) -> None:
    """``audio`` (int16, 16 kHz) and ``tail_s`` of silence after it through the started
    ``listener`` (the game counts as speaking all along), its first sample captured at
    ``t0``; returns ``settle_s`` after the worker took the last block."""
    pcm = np.concatenate([audio, np.zeros(int(tail_s * 16000), np.int16)]).astype("<i2").tobytes()
    step = 2 * block
    rec = listener.recognizer
    paced = isinstance(rec, BackgroundRecognizer)
    for k in range(0, len(pcm), step):
        # a recognizer that finishes utterances off the worker (Whisper) is kept in step
        # with the audio, as the microphone's real time keeps it: else the worker runs
        # seconds ahead of the decodes, past what the duplex stage keeps of that time
        while listener._audio.qsize() > (0 if paced else 200) or (paced and rec.busy):  # noqa: SLF001
            time.sleep(0.002)
        listener.feed(pcm[k:k + step], muted=True, captured_at=t0 + k / 32000)
    deadline = time.monotonic() + 60
    while (listener._audio.qsize() or (paced and rec.busy)) and time.monotonic() < deadline:  # noqa: SLF001
        time.sleep(0.05)
    time.sleep(settle_s)


def heard_through(listener: Listener, events: Collected, audio: np.ndarray, t0: float, **feed) -> list[Heard]:
    """``audio`` through a fresh stream of ``listener`` (its recognizer reset, started fed,
    stopped after :func:`feed_all` with ``feed``): what it heard, from ``events`` (its sink)."""
    listener.recognizer.reset()
    listener.start_fed()
    try:
        feed_all(listener, audio, t0, **feed)
    finally:
        listener.stop()
    return events.heard()
