"""Keyboard and voice side by side: one queue of input lines for the session.

``InputHub`` merges typed lines (a reader thread) and recognized speech. ``VoiceControl``
owns a recognizer: the session tells it which phrases mean something now (the grammar
is switched between utterances), audio arrives from the microphone listener or, in
tests, from synthesized speech fed in real time, and every final hypothesis becomes an
input line with its confidence (an empty text is "heard, not understood").
"""
from __future__ import annotations

import queue
import threading

from voice_game.session import InputLine

_END = object()


class InputHub:
    def __init__(self):
        self._q: queue.Queue = queue.Queue()

    def put(self, text: str, confidence: float = 1.0, source: str = "keyboard") -> None:
        self._q.put(InputLine(text, confidence, source))

    def close(self) -> None:
        self._q.put(_END)

    def start_keyboard(self, stream) -> threading.Thread:
        def run():
            try:
                for line in stream:
                    self.put(line.rstrip("\n"))
            except (OSError, ValueError):
                pass
            self.close()

        t = threading.Thread(target=run, name="keyboard", daemon=True)
        t.start()
        return t

    def __iter__(self):
        while True:
            item = self._q.get()
            if item is _END:
                return
            yield item


class VoiceControl:
    def __init__(self, recognizer, hub: InputHub, engine: str = ""):
        self.rec = recognizer
        self.hub = hub
        self.engine = engine
        self._phrases: list[str] | None = None
        self._lock = threading.Lock()

    def set_phrases(self, phrases: list[str]) -> None:
        """The session's listen hook: switch the grammar when what is allowed changed."""
        with self._lock:
            if phrases != self._phrases:
                self._phrases = list(phrases)
                self.rec.set_phrases(self._phrases)

    def feed(self, pcm16: bytes) -> None:
        """Audio from the microphone (16 kHz mono int16), in any chunk size."""
        with self._lock:
            hyp = self.rec.accept_audio(pcm16)
        if hyp is not None:
            self.deliver(hyp)

    def end_of_stream(self) -> None:
        with self._lock:
            hyp = self.rec.finish()
        if hyp is not None:
            self.deliver(hyp)

    def deliver(self, hyp) -> None:
        self.hub.put(hyp.text, float(hyp.confidence), "voice")
