"""Diagnosis: the utterances the streaming recognizer finished, kept as files to hear again.

With ``VOICE_GAME_DEBUG_UTTERANCES=<folder>`` every utterance Whisper finishes in a stream
is written there as a 16 kHz WAV (what the recognizer heard: after the echo canceller and
the noise suppressor) with a JSON beside it: what it made of it (text, confidence, the one
over the game's voice), the utterance's span in the stream, the monotonic time it was
finished (the clock of ``--events``) and the phrases allowed then. A duplex benchmark run then leaves the very
utterances it lost over the narration (``voice.heard`` ignored, empty) to be decoded again
offline (``benchmarks/replay_utterances.py``). Unset (the default), nothing is written; a
folder that cannot be written stops the keeping without a word (diagnosis only).
"""
from __future__ import annotations

import json
import os
import threading
import time
import wave
from collections.abc import Iterable
from pathlib import Path

from voice_game.speech.hypothesis import Hypothesis

ENV = "VOICE_GAME_DEBUG_UTTERANCES"


class UtteranceKeep:
    """Writes each finished utterance to :attr:`folder` (None: keeps nothing)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._n = 0
        self._lock = threading.Lock()

    @classmethod
    def from_env(cls) -> UtteranceKeep:
        where = os.environ.get(ENV, "")
        return cls(Path(where) if where else None)

    def keep(self, speech: list[bytes], hyp: Hypothesis, phrases: Iterable[str] = ()) -> None:
        """``speech``: the utterance's 16 kHz int16 frames; ``hyp``: what was made of it;
        ``phrases``: those it was allowed to be."""
        if self.folder is None:
            return
        with self._lock:
            self._n += 1
            n = self._n
        stem = self.folder / f"u{os.getpid()}-{n:04d}"
        info = {"text": hyp.text, "confidence": hyp.confidence, "over_voice": hyp.over_voice,
                "span": list(hyp.span) if hyp.span is not None else None, "at": time.monotonic(),
                "phrases": sorted(set(phrases))}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with wave.open(str(stem.with_suffix(".wav")), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(16000)
                w.writeframes(b"".join(speech))
            stem.with_suffix(".json").write_text(json.dumps(info) + "\n")
        except OSError:
            self.folder = None
