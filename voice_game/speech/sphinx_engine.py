"""PocketSphinx recognizer: the embedded default that needs no model download.

The ``pocketsphinx`` wheel ships an en-us acoustic model and the CMU
dictionary. The recognizer decodes against a JSGF grammar made from the phrases
given to :meth:`SphinxRecognizer.set_phrases` (one public rule of
alternatives) with a dictionary holding only the words needed: English words
from the shipped CMU dictionary, German words (and English words the CMU
dictionary lacks) from espeak-ng phonemes mapped onto the same phone set
(:mod:`voice_game.speech.g2p`).

A grammar forces every sound onto some phrase, so each utterance is decoded a
second time, in parallel, by a free phone loop over the same acoustic model.
The phone loop is the best the acoustic model can explain the audio without
any constraint; an utterance that really is one of the phrases scores close to
it, anything else far below. The per-frame score difference (in natural log
units) is mapped onto a confidence in [0, 1]; results below
``reject_threshold`` are returned with empty text.

Streaming: a WebRTC-style frame VAD (:class:`pocketsphinx.Vad`) finds the
start of speech (with a short pre-roll) and feeds the decoder while audio
arrives, without the look-ahead delay of :class:`pocketsphinx.Endpointer`.
The utterance ends after ``end_silence`` seconds without speech, or already
after ``early_silence`` seconds when the best partial hypothesis is a whole
phrase that no longer phrase extends ("draw" ends early, "conductor two" waits:
"conductor two take" may follow). That keeps end-of-speech-to-command short.
"""
from __future__ import annotations

import functools
import math
from collections import deque
import os
import tempfile
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any

from .g2p import CMU_PHONES, G2P, get_g2p
from .hypothesis import Audio, Hypothesis, to_pcm16

ENGINE = "pocketsphinx"
_PHONE_WORD_PREFIX = "phn_"


class SphinxUnavailable(RuntimeError):
    """The pocketsphinx package (or its model) is not usable here."""


def _model_paths(model_dir: str | os.PathLike | None = None) -> tuple[str, str]:
    try:
        import pocketsphinx
    except ImportError as exc:  # pragma: no cover - dependency of the project
        raise SphinxUnavailable(f"pocketsphinx is not installed: {exc}") from exc
    base = Path(model_dir) if model_dir else Path(pocketsphinx.get_model_path("en-us"))
    hmm = base / "en-us"
    dic = base / "cmudict-en-us.dict"
    if not (hmm / "mdef").exists() or not dic.exists():
        raise SphinxUnavailable(f"no en-us acoustic model under {base}")
    return str(hmm), str(dic)


_cmu_cache: dict[str, dict[str, list[str]]] = {}
_cmu_lock = threading.Lock()


def cmu_lookup(words, dict_path: str) -> dict[str, list[str]]:
    """Pronunciations (all variants) of ``words`` from a CMU-format dictionary.

    Only the requested words are kept in memory; the file is scanned once per
    batch of words not seen before.
    """
    with _cmu_lock:
        cache = _cmu_cache.setdefault(dict_path, {})
        todo = {w for w in words if w not in cache}
        if todo:
            found: dict[str, list[str]] = {w: [] for w in todo}
            with open(dict_path, encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    head, _, phones = line.partition(" ")
                    base = head.split("(", 1)[0]
                    if base in found:
                        phones = phones.split("#", 1)[0].strip()
                        if phones:
                            found[base].append(phones)
            cache.update(found)
        return {w: list(cache[w]) for w in words if cache.get(w)}


def _normalize_phrase(phrase: str) -> str:
    text = unicodedata.normalize("NFC", phrase).lower()
    return " ".join(text.replace(",", " ").replace(".", " ").split())


def _variants(phones: list[str]) -> list[str]:
    """espeak-derived pronunciation plus common German reductions.

    Word-final "-en" said as a syllabic n ("ziehen" -> T S IY N) and an r
    after a consonant that the English models do not hear as R ("drei").
    """
    out = [" ".join(phones)]
    if len(phones) > 2 and phones[-2:] == ["AH", "N"]:
        out.append(" ".join(phones[:-2] + ["N"]))
    no_r = [p for i, p in enumerate(phones)
            if not (p == "R" and i > 0 and phones[i - 1] not in _VOWELS)]
    if no_r != phones and no_r:
        out.append(" ".join(no_r))
    return list(dict.fromkeys(out))


_VOWELS = frozenset(["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"])


class SphinxRecognizer:
    """Grammar-constrained PocketSphinx recognizer with out-of-grammar rejection.

    language          "en" or "de": which pronunciation source is used for words
    reject_threshold  results with a lower confidence come back with empty text
    reject_threshold_multi
                      the same for results of two words or more: speech outside the
                      grammar is mostly longer than one word and lands on the longer
                      phrases, whose per-frame gap is also less noisy
    conf_mid, conf_scale
                      the logistic mapping of the per-frame log-likelihood gap
                      (grammar minus phone loop) onto a confidence
    noise_floor       RMS (16-bit steps, about -55 dBFS at 60) of a fixed white noise
                      added under the audio the decoders get: on near-silent input the
                      model (trained with noise removal) swallowed the first word into
                      silence; the benchmark's clean condition scored below 20 dB SNR
    vad_mode          WebRTC VAD aggressiveness 0..3
    end_silence       seconds without speech that end an utterance
    early_silence     seconds without speech that end it when the partial result is
                      a complete phrase that no other phrase extends
    prefix_silence    ... when it is a complete phrase that a longer one extends
    max_utterance     seconds after which an utterance is ended anyway
    """

    sample_rate = 16000
    engine = ENGINE

    open_vocabulary = False  # a closed grammar: words are checked against the model

    def __init__(
        self,
        language: str = "en",
        phrases: list[str] | None = None,
        model_dir: str | os.PathLike | None = None,
        reject_threshold: float = 0.65,
        reject_threshold_multi: float = 0.88,
        conf_mid: float = -11.5,
        conf_scale: float = 1.5,
        vad_mode: int = 2,
        end_silence: float = 0.36,
        early_silence: float = 0.09,
        prefix_silence: float = 0.21,
        max_utterance: float = 8.0,
        g2p: G2P | None = None,
        beam: str | None = None,
        bg_beam: float = 1e-30,
        bg_wbeam: float = 1e-20,
        bg_maxhmmpf: int = 2000,
        noise_floor: float = 60.0,
        **decoder_kw,
    ):
        import pocketsphinx as ps

        self._ps = ps
        self.language = language.split("-")[0].split("_")[0].lower()
        self.reject_threshold = reject_threshold
        self.reject_threshold_multi = reject_threshold_multi
        self.conf_mid = conf_mid
        self.conf_scale = conf_scale
        self._hmm, self._cmudict = _model_paths(model_dir)
        self._g2p = g2p or get_g2p("de" if self.language == "de" else "en-us")
        self.missing_words: list[str] = []
        self.phrases: list[str] = []
        self._lock = threading.RLock()

        # A tiny seed dictionary: the decoder needs one at start-up; every real
        # word is added later with add_word.
        self._tmp = tempfile.TemporaryDirectory(prefix="vg-sphinx-")
        seed = Path(self._tmp.name) / "seed.dict"
        seed.write_text("a AH\n", encoding="utf-8")
        kw: dict[str, Any] = dict(hmm=self._hmm, dict=str(seed), lm=None, loglevel="FATAL")
        if beam:
            kw["beam"] = beam
        kw.update(decoder_kw)
        self._dec = ps.Decoder(**kw)
        # no lattice bestpath pass for the phone loop: over a free phone loop
        # its lattice is huge and hyp() would take seconds
        bg_kw = dict(kw)
        bg_kw.update(bestpath=False, beam=bg_beam, pbeam=bg_beam, wbeam=bg_wbeam,
                     maxhmmpf=bg_maxhmmpf)
        self._bg = ps.Decoder(**bg_kw)
        self._known: set[str] = {"a"}
        self._bg_known: set[str] = set()
        self._setup_phone_loop()
        self._grammar_n = 0
        self._active_grammar: str | None = None
        self._pending_grammar: str | None = None
        self._new_segmenter = functools.partial(
            _Segmenter, ps, vad_mode=vad_mode, rate=self.sample_rate, end_s=end_silence,
            early_s=early_silence, prefix_s=prefix_silence, max_s=max_utterance)
        self._ep = self._new_segmenter()
        self._complete: set[str] = set()
        self._phrase_set: set[str] = set()
        self._buf = b""
        self._in_utt = False
        self._utt_decode_s = 0.0
        self._floor = _noise_floor(noise_floor)
        self._floor_pos = 0
        if phrases:
            self.set_phrases(phrases)

    # ------------------------------------------------------------------ setup
    def _setup_phone_loop(self) -> None:
        phones = sorted(CMU_PHONES)
        for p in phones:
            self._bg.add_word(_PHONE_WORD_PREFIX + p.lower(), p, False)
        self._bg.add_word(_PHONE_WORD_PREFIX + "x", "AH", True)
        alts = " | ".join(_PHONE_WORD_PREFIX + p.lower() for p in phones)
        jsgf = f"#JSGF V1.0;\ngrammar loop;\npublic <loop> = ( {alts} )+ ;\n"
        self._bg.add_jsgf_string("loop", jsgf)
        self._bg.activate_search("loop")

    def _pronunciations(self, words: list[str]) -> dict[str, list[str]]:
        prons: dict[str, list[str]] = {}
        need_g2p = list(words)
        if self.language == "en":
            cmu = cmu_lookup(words, self._cmudict)
            prons.update(cmu)
            need_g2p = [w for w in words if w not in cmu]
        if need_g2p:
            for w, ph in self._g2p.lookup_many(need_g2p).items():
                prons[w] = _variants(ph)
        return prons

    def set_phrases(self, phrases: list[str]) -> None:
        """Compile a grammar from ``phrases``; active from the next utterance."""
        norm = []
        for p in phrases:
            n = _normalize_phrase(p)
            if n and n not in norm:
                norm.append(n)
        words = sorted({w for p in norm for w in p.split()})
        with self._lock:
            new = [w for w in words if w not in self._known]
            prons = self._pronunciations(new) if new else {}
            entries = []
            for w in new:
                for i, ph in enumerate(prons.get(w, [])):
                    entries.append((w, w if i == 0 else f"{w}({i + 1})", ph))
            for k, (w, name, ph) in enumerate(entries):
                try:
                    # update only once, with the last word of the batch
                    self._dec.add_word(name, ph, k == len(entries) - 1)
                except RuntimeError:
                    continue
                self._known.add(w)
            missing = [w for w in words if w not in self._known]
            self.missing_words = sorted(set(self.missing_words) | set(missing))
            usable = [p for p in norm if all(w in self._known for w in p.split())]
            self.phrases = usable
            prefixes = {" ".join(p.split()[:k]) for p in usable for k in range(1, len(p.split()))}
            self._complete = {p for p in usable if p not in prefixes}
            self._phrase_set = set(usable)
            if not usable:
                self._pending_grammar = None
                if not self._in_utt:
                    self._active_grammar = None
                return
            self._grammar_n += 1
            name = f"cmd{self._grammar_n}"
            body = " | ".join(usable)
            jsgf = f"#JSGF V1.0;\ngrammar {name};\npublic <cmd> = {body} ;\n"
            self._dec.add_jsgf_string(name, jsgf)
            old = self._pending_grammar
            self._pending_grammar = name
            if old and old != self._active_grammar:
                self._drop_search(old)
            if not self._in_utt:
                self._switch_grammar()

    def _drop_search(self, name: str) -> None:
        try:
            self._dec.remove_search(name)
        except (KeyError, RuntimeError):
            pass

    def _switch_grammar(self) -> None:
        if self._pending_grammar and self._pending_grammar != self._active_grammar:
            old = self._active_grammar
            self._dec.activate_search(self._pending_grammar)
            self._active_grammar = self._pending_grammar
            if old:
                self._drop_search(old)
        self._pending_grammar = None

    # --------------------------------------------------------------- decoding
    def _start(self) -> None:
        self._switch_grammar()
        self._dec.start_utt()
        self._bg.start_utt()
        self._in_utt = True
        self._floor_pos = 0
        self._utt_decode_s = 0.0
        self._utt_frames = 0

    def _feed(self, pcm: bytes, full_utt: bool = False) -> None:
        t0 = time.perf_counter()
        if self._floor is not None:
            pcm = self._add_floor(pcm)
        self._dec.process_raw(pcm, False, full_utt)
        self._bg.process_raw(pcm, False, full_utt)
        self._utt_decode_s += time.perf_counter() - t0

    def _add_floor(self, pcm: bytes) -> bytes:
        import numpy as np

        x = np.frombuffer(pcm, dtype="<i2").astype(np.int32)
        fl = self._floor
        idx = (self._floor_pos + np.arange(x.size)) % fl.size
        self._floor_pos = int((self._floor_pos + x.size) % fl.size)
        return np.clip(x + fl[idx], -32768, 32767).astype("<i2").tobytes()

    def _end(self) -> Hypothesis:
        t0 = time.perf_counter()
        self._dec.end_utt()
        self._bg.end_utt()
        self._in_utt = False
        hyp = self._result()
        hyp.decode_ms = (self._utt_decode_s + time.perf_counter() - t0) * 1000.0
        self._switch_grammar()
        return hyp

    def _result(self) -> Hypothesis:
        h = self._dec.hyp() if self._active_grammar else None
        text = h.hypstr.strip() if h is not None else ""
        self.last_gap = None
        if not text or text not in self.phrases:
            # the grammar search never reached the end of a phrase
            return Hypothesis("", 0.0, [], ENGINE)
        word_gaps = self._word_gaps()
        if not word_gaps:
            return Hypothesis("", 0.0, [], ENGINE)
        # whole-utterance gap (silences and fillers included: speech outside
        # the grammar is pushed into them and costs there) per speech frame
        g = self._path_score(self._dec)
        b = self._path_score(self._bg)
        if g is None or b is None:
            return Hypothesis("", 0.0, [], ENGINE)
        speech = sum(n for _, _, n in word_gaps)
        gap = (g - b) / speech
        self.last_gap = gap
        words = [(w.split("(", 1)[0], self._logistic(d / n)) for w, d, n in word_gaps]
        conf = self._logistic(gap)
        if conf < self.threshold_for(text):
            return Hypothesis("", conf, [], ENGINE)
        return Hypothesis(text, conf, words, ENGINE)

    def threshold_for(self, text: str) -> float:
        """The confidence a result with this text needs."""
        return self.reject_threshold if len(text.split()) <= 1 else self.reject_threshold_multi

    def _logistic(self, gap: float) -> float:
        x = (gap - self.conf_mid) / self.conf_scale
        x = max(-60.0, min(60.0, x))
        return 1.0 / (1.0 + math.exp(-x))

    def _word_gaps(self) -> list[tuple[str, float, int]]:
        """Per recognised word: (word, grammar minus phone-loop acoustic
        log-likelihood over the word's frames, number of frames)."""
        loop = []
        for seg in self._bg.seg():
            if seg.ascore <= 0.0:
                return []
            loop.append((seg.start_frame, seg.end_frame, math.log(seg.ascore)))
        out = []
        for seg in self._dec.seg():
            if seg.word.startswith(("<", "[", "+")):
                continue
            if seg.ascore <= 0.0:
                return []
            s, e = seg.start_frame, seg.end_frame
            g = math.log(seg.ascore)  # ascore comes exp()'d from the binding
            b = 0.0
            for ls, le, sc in loop:
                overlap = min(e, le) - max(s, ls) + 1
                if overlap > 0:
                    b += sc * overlap / (le - ls + 1)
            out.append((seg.word, g - b, max(1, e - s + 1)))
        return out

    @staticmethod
    def _path_score(dec) -> float | None:
        """Acoustic log-likelihood (natural log) of the decoder's best path."""
        total = 0.0
        any_seg = False
        for seg in dec.seg():
            any_seg = True
            if seg.ascore <= 0.0:
                return None
            total += math.log(seg.ascore)  # ascore comes exp()'d from the binding
        return total if any_seg else None

    # ------------------------------------------------------------- Recognizer
    def accept_audio(self, pcm16: Audio) -> Hypothesis | None:
        data = self._buf + to_pcm16(pcm16)
        ep = self._ep
        fb = ep.frame_bytes
        result = None
        with self._lock:
            i = 0
            while i + fb <= len(data):
                frame = data[i : i + fb]
                i += fb
                start = ep.push(frame)
                if start is not None:
                    if not self._active_grammar and not self._pending_grammar:
                        ep.stop()
                        continue
                    self._start()
                    self._feed(start)
                    continue
                if not ep.in_speech:
                    continue
                if self._in_utt:
                    self._feed(frame)
                if ep.should_end(self._complete_now):
                    too_short = ep.speech_frames < ep.min_speech
                    ep.stop()
                    if self._in_utt and too_short:  # a click or the VAD settling: no utterance
                        self._abort()
                    elif self._in_utt:
                        hyp = self._end()
                        if result is None or (not result.text and hyp.text):
                            result = hyp
            self._buf = data[i:]
        return result

    def _complete_now(self) -> int:
        """2: the best partial hypothesis is a phrase that no longer phrase extends;
        1: it is a phrase that a longer one extends; 0: not a phrase."""
        if not self._in_utt:
            return 0
        h = self._dec.hyp()
        text = h.hypstr.strip() if h is not None else ""
        return 2 if text in self._complete else 1 if text in self._phrase_set else 0

    def finish(self) -> Hypothesis | None:
        with self._lock:
            self._buf = b""
            hyp = None
            if self._in_utt and self._ep.speech_frames < self._ep.min_speech:
                self._abort()
            elif self._in_utt:
                hyp = self._end()
            self._ep = self._new_segmenter()
            return hyp

    def _abort(self) -> None:
        try:
            self._dec.end_utt()
            self._bg.end_utt()
        except RuntimeError:
            pass
        self._in_utt = False
        self._switch_grammar()

    def reset(self) -> None:
        with self._lock:
            if self._in_utt:
                self._abort()
            self._buf = b""
            self._ep = self._new_segmenter()

    def decode(self, audio: Audio, rate: int = 16000) -> Hypothesis:
        pcm = to_pcm16(audio, rate, self.sample_rate)
        with self._lock:
            if self._in_utt:
                self.reset()
            if not self._active_grammar and not self._pending_grammar:
                return Hypothesis("", 0.0, [], ENGINE)
            self._start()
            # the whole utterance at once: full_utt normalises the cepstral
            # mean over the utterance itself
            self._feed(pcm, full_utt=True)
            return self._end()

    def close(self) -> None:
        self._tmp.cleanup()


def _noise_floor(rms: float):
    """A fixed (seeded) white noise of ``rms`` 16-bit steps, cycled under the audio."""
    if rms <= 0:
        return None
    import numpy as np

    rng = np.random.default_rng(20261129)
    return np.round(rng.normal(0.0, rms, 16000 * 3)).astype(np.int32)


class _Segmenter:
    """Start and end of speech from a frame VAD, fed one 30 ms frame at a time.

    Start: 3 of the last 5 frames are speech; the pre-roll (0.3 s before) is fed
    too. End: ``end_s`` of non-speech (one isolated speech frame inside the
    silence does not count as speech), or ``early_s`` of it when the caller says
    the utterance is complete (2), ``prefix_s`` when it is complete but could go on
    (1), or ``max_s`` of utterance. Utterances with fewer
    than ``min_speech`` speech frames (clicks, the VAD settling) are dropped.
    """

    min_speech = 5

    def __init__(self, ps, vad_mode: int, rate: int, end_s: float, early_s: float, prefix_s: float,
                 max_s: float):
        self._vad = ps.Vad(vad_mode, rate, 0.03)
        self.frame_bytes = self._vad.frame_bytes
        f = self._vad.frame_length
        self._end_n = max(1, round(end_s / f))
        self._early_n = max(1, round(early_s / f))
        self._prefix_n = max(self._early_n, round(prefix_s / f))
        self._max_n = max(1, round(max_s / f))
        self._pre: deque[bytes] = deque(maxlen=max(5, round(0.3 / f)))
        self._flags: deque[bool] = deque(maxlen=5)
        self.in_speech = False
        self._n = 0
        self._silence = 0
        self._last_speech = False
        self.speech_frames = 0

    def push(self, frame: bytes) -> bytes | None:
        """Returns the audio to start an utterance with when speech starts here."""
        sp = self._vad.is_speech(frame)
        if self.in_speech:
            self._n += 1
            self.speech_frames += sp
            if sp and self._last_speech:
                self._silence = 0
            else:
                self._silence += 1
            self._last_speech = sp
            return None
        self._pre.append(frame)
        self._flags.append(sp)
        if sum(self._flags) >= 3:
            self.in_speech = True
            self._n = len(self._pre)
            self._silence = 0
            self._last_speech = sp
            self.speech_frames = sum(self._flags)
            audio = b"".join(self._pre)
            self._pre.clear()
            self._flags.clear()
            return audio
        return None

    def should_end(self, complete) -> bool:
        if not self.in_speech:
            return False
        if self._silence >= self._end_n or self._n >= self._max_n:
            return True
        if self._silence < self._early_n:
            return False
        done = complete()
        return done == 2 or (done == 1 and self._silence >= self._prefix_n)

    def stop(self) -> None:
        self.in_speech = False
        self._n = self._silence = self.speech_frames = 0
