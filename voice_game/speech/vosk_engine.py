"""Vosk recognizer with a runtime grammar built from the phrases allowed now.

How it works
------------
* One ``vosk.Model`` per model folder is loaded once per process (loading takes
  seconds) and shared by every :class:`VoskRecognizer`.
* ``set_phrases`` builds a JSON grammar (``ensure_ascii=False``: Vosk reads
  UTF-8) from the phrases. Vosk turns it into a *bigram* model, so a result can
  be a word sequence that is not one of the phrases; we return it anyway, the
  game's matcher decides what it means.
* ``"[unk]"`` is added to the grammar when the model knows it (the official
  small German and English models do); it absorbs speech outside the grammar.
* Phrases with a word the model does not know are left out of the grammar (Vosk
  would silently drop the word and keep the rest of the phrase, which could be
  heard as another command); such words are listed in ``missing_words``.
* Grammar switching: a ``KaldiRecognizer`` cannot change its grammar while it is
  decoding (Vosk raises a fatal error), so a new recognizer is made. If the
  current utterance has no words yet the switch happens at once and the last
  ``replay_s`` seconds of audio are fed again to the new recognizer (so a word
  whose start was already heard is not cut); otherwise the switch waits for the
  end of the utterance.
* Confidence: the mean of the word confidences (``SetWords(True)``); an
  ``[unk]`` word counts as 0. With a closed grammar Vosk's word confidences
  only compare the grammar's words with each other, so random noise can come
  out as a phrase with confidence 1.0. The confidence is therefore also scaled
  by a speech-presence factor: the utterance's voiced (periodic, pitch
  80-400 Hz) duration divided by ``min_voiced_ms``, capped at 1. Noise, clicks
  and hiss have no voicing and get a confidence near 0; the text is still
  returned.
* End of speech comes from Vosk's endpointer, tuned through the model folder's
  ``conf/model.conf`` (see :func:`voice_game.speech.models.tune_endpointer`):
  the wheel has no endpointer setters.
"""
from __future__ import annotations

import json
import threading
import time
from collections import deque
from pathlib import Path
from collections.abc import Iterable

import numpy as np

from voice_game.core.errors import ContentError
from voice_game.speech.hypothesis import Audio, Hypothesis, to_pcm16

UNK = "[unk]"
SAMPLE_RATE = 16000

_models: dict[str, object] = {}
_models_lock = threading.Lock()


def _vosk():
    import vosk  # imported lazily: importing it loads the native library

    return vosk


def load_model(path: str | Path):
    """Load (once per process) and return the ``vosk.Model`` in ``path``.

    Raises ContentError when the folder is not a usable Vosk model.
    """
    from voice_game.speech import models as model_store

    p = Path(path).expanduser().resolve()
    key = str(p)
    with _models_lock:
        if key in _models:
            return _models[key]
        problem = model_store.layout_problem(p)
        if problem:
            raise ContentError(str(p), "model", problem)
        vosk = _vosk()
        vosk.SetLogLevel(-1)
        try:
            model = vosk.Model(key)
        except Exception as exc:  # vosk raises a bare Exception
            raise ContentError(str(p), "model", "load_failed") from exc
        _models[key] = model
        return model


def normalize_phrase(phrase: str) -> str:
    """Lowercase and collapse whitespace: the form the grammar and the model use."""
    return " ".join(phrase.lower().split())


def voiced_ms(pcm16: bytes, rate: int = SAMPLE_RATE, threshold: float = 0.2,
              floor: float = 0.003, min_run: int = 4) -> float:
    """Milliseconds of voiced (periodic, 70-400 Hz pitch) audio in ``pcm16``.

    A YIN-style test per 30 ms frame (10 ms hop, on audio averaged down to
    8 kHz): the cumulative-mean-normalized difference function must dip below
    ``threshold`` at some lag in the pitch range, and the frame's RMS must be
    above ``floor`` (full scale = 1). Only runs of at least ``min_run``
    voiced frames count. Noise without pitch scores 0.
    """
    x = np.frombuffer(pcm16, dtype="<i2").astype(np.float32) / 32768.0
    if rate == 16000:
        x = x[: len(x) // 2 * 2].reshape(-1, 2).mean(axis=1)
        sr = 8000
    else:
        sr = rate
    win = int(0.030 * sr)
    hop = int(0.010 * sr)
    min_lag = sr // 400
    max_lag = sr // 70
    n = (len(x) - win - max_lag) // hop
    if n <= 0:
        return 0.0
    idx = np.arange(win + max_lag)[None, :] + hop * np.arange(n)[:, None]
    frames = x[idx]
    frames = frames - frames.mean(axis=1, keepdims=True)
    head = frames[:, :win]
    rms = np.sqrt((head ** 2).mean(axis=1))
    lags = np.arange(1, max_lag + 1)
    diff = np.stack([((head - frames[:, t:t + win]) ** 2).sum(axis=1) for t in lags], axis=1)
    cum_mean = np.cumsum(diff, axis=1) / lags[None, :]
    norm = diff / np.maximum(cum_mean, 1e-12)
    best = norm[:, min_lag - 1:].min(axis=1)
    voiced = (best < threshold) & (rms > floor)
    # count only runs of at least min_run frames: vowels last, clicks do not
    padded = np.concatenate(([0], voiced.astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    runs = edges[1::2] - edges[0::2]
    frames = int(runs[runs >= min_run].sum())
    return frames * hop / sr * 1000.0


class VoskRecognizer:
    """A :class:`voice_game.speech.hypothesis.Recognizer` on top of Vosk.

    ``model`` is a model folder (str/Path) or an already loaded ``vosk.Model``.
    ``vocabulary`` (optional): every word the game may ever ask for; checked
    against the model at once, unknown ones go to ``missing_words``.
    """

    engine = "vosk"

    open_vocabulary = False  # a closed grammar: words are checked against the model

    def __init__(self, model, phrases: Iterable[str] | None = None, *,
                 vocabulary: Iterable[str] | None = None,
                 sample_rate: int = SAMPLE_RATE,
                 min_voiced_ms: float = 100.0,
                 replay_s: float = 2.0,
                 max_utterance_s: float = 30.0,
                 chunk_s: float = 0.1):
        if isinstance(model, (str, Path)):
            self.model_path: Path | None = Path(model)
            self._model = load_model(model)
        else:
            self.model_path = None
            self._model = model
        self.sample_rate = sample_rate
        self.min_voiced_ms = float(min_voiced_ms)
        self.replay_s = float(replay_s)
        self.max_utterance_s = float(max_utterance_s)
        self._chunk_bytes = max(2, int(chunk_s * sample_rate) * 2)
        self._known: dict[str, bool] = {}
        self.missing_words: list[str] = []
        self.has_unk = self.knows(UNK)
        self.phrases: list[str] = []
        self.grammar: str | None = None      # JSON of the active grammar
        self._pending: str | None = None      # grammar waiting for the next utterance
        self._has_pending = False
        self._rec = None
        self._buf: deque[bytes] = deque()     # audio of the current utterance
        self._buf_bytes = 0
        self._fed = False
        self._decode_s = 0.0
        self._results: deque[Hypothesis] = deque()
        #: voiced milliseconds of the last hypothesis (for tuning and tests)
        self.last_voiced_ms = 0.0
        if vocabulary is not None:
            self.check_vocabulary(vocabulary)
        if phrases is not None:
            self.set_phrases(list(phrases))

    # -- vocabulary -----------------------------------------------------------

    def knows(self, word: str) -> bool:
        """True when the model's vocabulary has ``word``."""
        hit = self._known.get(word)
        if hit is None:
            hit = self._model.vosk_model_find_word(word) >= 0
            self._known[word] = hit
        return hit

    def check_vocabulary(self, words: Iterable[str]) -> list[str]:
        """Check words (or phrases) against the model; returns the unknown ones
        (in order, once each) and adds them to ``missing_words``."""
        missing: list[str] = []
        for item in words:
            for word in normalize_phrase(item).split():
                if not self.knows(word) and word not in missing:
                    missing.append(word)
        for word in missing:
            if word not in self.missing_words:
                self.missing_words.append(word)
        return missing

    # -- grammar --------------------------------------------------------------

    def set_phrases(self, phrases: list[str]) -> None:
        seen: set[str] = set()
        usable: list[str] = []
        for phrase in phrases:
            norm = normalize_phrase(phrase)
            if not norm or norm in seen:
                continue
            seen.add(norm)
            if self.check_vocabulary([norm]):
                continue  # a word the model cannot hear: leave the phrase out
            usable.append(norm)
        self.phrases = usable
        if usable:
            items = usable + ([UNK] if self.has_unk else [])
            grammar = json.dumps(items, ensure_ascii=False)
        elif self.has_unk:
            grammar = json.dumps([UNK])
        else:
            grammar = None  # nothing can be recognized: audio is ignored
        if grammar == self.grammar:
            self._pending = None  # back to the active phrases: nothing to switch
            self._has_pending = False
            return
        self._pending = grammar
        self._has_pending = True
        if not self._fed or self._rec is None:
            self._apply_pending(replay=False)

    def _new_recognizer(self, grammar: str | None):
        if grammar is None:
            return None
        rec = _vosk().KaldiRecognizer(self._model, float(self.sample_rate), grammar)
        rec.SetWords(True)
        return rec

    def _apply_pending(self, replay: bool) -> None:
        if not self._has_pending:
            return
        self.grammar = self._pending
        self._has_pending = False
        self._pending = None
        self._rec = self._new_recognizer(self.grammar)
        if replay and self._rec is not None and self._buf:
            keep = int(self.replay_s * self.sample_rate) * 2
            audio = b"".join(self._buf)[-keep:]
            self._clear_buffer()
            self._fed = False
            self._feed(audio)
        else:
            self._clear_buffer()
            self._fed = False

    def _words_heard(self) -> bool:
        if self._rec is None or not self._fed:
            return False
        try:
            partial = json.loads(self._rec.PartialResult()).get("partial", "")
        except ValueError:
            return True
        return bool(partial.strip())

    # -- streaming ------------------------------------------------------------

    def accept_audio(self, pcm16: Audio) -> Hypothesis | None:
        data = pcm16 if isinstance(pcm16, (bytes, bytearray, memoryview)) else \
            to_pcm16(pcm16, self.sample_rate, self.sample_rate)
        data = bytes(data)
        if self._has_pending and not self._words_heard():
            self._apply_pending(replay=True)
        if self._results:
            self._feed(data)
            return self._results.popleft()
        self._feed(data)
        return self._results.popleft() if self._results else None

    def _feed(self, data: bytes) -> None:
        if self._rec is None:
            return
        step = self._chunk_bytes
        for start in range(0, len(data), step):
            piece = data[start:start + step]
            if len(piece) % 2:
                piece = piece[:-1]
            if not piece:
                continue
            self._remember(piece)
            self._fed = True
            t0 = time.perf_counter()
            end = self._rec.AcceptWaveform(piece)
            self._decode_s += time.perf_counter() - t0
            if end:
                t0 = time.perf_counter()
                raw = self._rec.Result()
                self._decode_s += time.perf_counter() - t0
                hyp = self._hypothesis(raw, b"".join(self._buf), self._decode_s)
                self._end_utterance()
                if not hyp.empty:
                    self._results.append(hyp)

    def _remember(self, piece: bytes) -> None:
        self._buf.append(piece)
        self._buf_bytes += len(piece)
        limit = int(self.max_utterance_s * self.sample_rate) * 2
        while self._buf_bytes > limit and len(self._buf) > 1:
            self._buf_bytes -= len(self._buf.popleft())

    def _clear_buffer(self) -> None:
        self._buf.clear()
        self._buf_bytes = 0
        self._decode_s = 0.0

    def _end_utterance(self) -> None:
        self._clear_buffer()
        self._fed = False
        if self._has_pending:
            self._apply_pending(replay=False)

    def finish(self) -> Hypothesis | None:
        if self._results:
            return self._results.popleft()
        if self._rec is None or not self._fed:
            self._end_utterance()
            return None
        t0 = time.perf_counter()
        raw = self._rec.FinalResult()
        self._decode_s += time.perf_counter() - t0
        hyp = self._hypothesis(raw, b"".join(self._buf), self._decode_s)
        self._end_utterance()
        return hyp

    def reset(self) -> None:
        self._results.clear()
        if self._has_pending:
            self._apply_pending(replay=False)
        else:
            self._rec = self._new_recognizer(self.grammar)
            self._clear_buffer()
            self._fed = False

    # -- whole utterances -----------------------------------------------------

    def decode(self, audio: Audio, rate: int = SAMPLE_RATE) -> Hypothesis:
        """Decode one whole utterance with the current phrases (the streaming
        state is left alone; a pending phrase set is used if there is one)."""
        pcm = to_pcm16(audio, rate, self.sample_rate)
        grammar = self._pending if self._has_pending else self.grammar
        t0 = time.perf_counter()
        rec = self._new_recognizer(grammar)
        if rec is None:
            return Hypothesis("", 0.0, [], self.engine, 0.0)
        rec.AcceptWaveform(pcm)
        raw = rec.FinalResult()
        return self._hypothesis(raw, pcm, time.perf_counter() - t0)

    # -- results --------------------------------------------------------------

    def _hypothesis(self, raw: str, pcm: bytes, seconds: float) -> Hypothesis:
        try:
            res = json.loads(raw)
        except ValueError:
            res = {}
        words = [(str(w.get("word", "")), float(w.get("conf", 0.0)))
                 for w in res.get("result", []) if w.get("word")]
        if not words and res.get("text"):
            # no word details (should not happen with SetWords): equal weights
            words = [(w, 1.0) for w in res["text"].split()]
        if all(w == UNK for w, _ in words):
            self.last_voiced_ms = 0.0
            return Hypothesis("", 0.0, words, self.engine, seconds * 1000.0)
        text = " ".join(w for w, _ in words)
        mean = sum(0.0 if w == UNK else c for w, c in words) / len(words)
        self.last_voiced_ms = voiced_ms(pcm, self.sample_rate)
        if self.min_voiced_ms > 0:
            mean *= min(1.0, self.last_voiced_ms / self.min_voiced_ms)
        return Hypothesis(text, float(mean), words, self.engine, seconds * 1000.0)
