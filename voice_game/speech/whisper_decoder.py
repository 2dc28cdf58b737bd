"""A loaded CTranslate2 Whisper model with what the constrained search needs: the
encoder over a short window, the free and the constrained decode, the token-by-token
search over a phrase trie, and the batched forced scoring of phrases."""
from __future__ import annotations

import importlib
import importlib.util
import math
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from voice_game.speech.phrase_table import Scored, _Beam, _WordTrie
from voice_game.speech.whisper_settings import (
    RATE,
    WINDOW_S,
    THREADS,
    BEAM,
    PRUNE,
    TINY_BYTES,
    NO_REPEAT,
)


def _logsumexp(xs: Iterable[float]) -> float:
    xs = [x for x in xs if x > -1e30]
    if not xs:
        return -1e30
    m = max(xs)
    return m + math.log(sum(math.exp(x - m) for x in xs))


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


def log_mel(fe: Any, audio: np.ndarray, window_s: float = WINDOW_S) -> np.ndarray:
    """Whisper's log-mel of ``audio`` cut or padded with silence to ``window_s`` seconds, the
    very numbers of ``fe`` (faster-whisper's ``FeatureExtractor``) over the padded window
    (tests/speech/test_whisper_features.py): the spectrum is computed only for the 10 ms
    frames whose 25 ms window reaches the audio; every later frame hears zeros alone, and
    gets the value such a frame has. A word in the 8 s window is mostly silence: the whole
    window cost 6 to 27 ms of CPU a decode, a 0.5 s word's frames 1 ms."""
    n = int(window_s * RATE)
    frames = int(window_s * 100)
    k = min(n, len(audio))
    # frame j is centred on sample 160 j with a window of n_fft 400: it reaches the
    # audio while 160 j - 200 < k; a part that ends 400 samples after the last such
    # frame's centre gives those frames exactly as the whole window does
    # (at least a second of frames: with a handful of columns numpy's FFT and matrix
    # product take other paths, and a sample of audio came out 1e-7 apart)
    heard = min(frames + 1, max(100, (k + fe.n_fft // 2) // fe.hop_length + 2))
    part = heard * fe.hop_length + 2 * fe.n_fft
    if part >= n:
        a = np.zeros(n, np.float32)
        a[:k] = audio[:k]
        return fe(a)[:, :frames]
    a = np.zeros(part, np.float32)
    a[:k] = audio[:k]
    window = np.hanning(fe.n_fft + 1)[:-1].astype("float32")
    stft = fe.stft(np.pad(a, (0, fe.hop_length)), fe.n_fft, fe.hop_length, window=window,
                   return_complex=True).astype("complex64")
    mel = fe.mel_filters @ (np.abs(stft[..., :heard]) ** 2)
    quiet = np.log10(np.clip(np.zeros(1, np.float32), a_min=1e-10, a_max=None))[0]
    log_spec = np.full((mel.shape[0], frames + 1), quiet, dtype=np.float32)
    log_spec[:, :heard] = np.log10(np.clip(mel, a_min=1e-10, a_max=None))
    log_spec = np.maximum(log_spec, log_spec.max() - 8.0)
    return ((log_spec + 4.0) / 4.0)[:, :frames]


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
        feats = log_mel(self.fe, audio, window_s)
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
            out.append(self._forced(rows[: len(q) + 1], q))
        return out

    def _forced(self, rows: np.ndarray, q: tuple[int, ...]) -> tuple[float, float]:
        """(log-probability, gap) of ``q`` and its end from the decoder's logits at each
        of its positions and the one after (float32, a row a position). The log-softmax
        is taken only where it is read, the exponentials in float32 and their sums in
        float64: the whole matrix in float64 cost about 10 ms a row of a Concerto phrase
        (a third of the forced call of 9 to 11 rows); the maxima are exact either way,
        the sums differ in the seventh digit."""
        m = rows.max(axis=1)
        lse = m.astype(np.float64) + np.log(np.exp(rows - m[:, None]).sum(axis=1, dtype=np.float64))
        tops = np.maximum(rows[:, : self.n_text].max(axis=1), rows[:, self.eot]).astype(np.float64) - lse
        n = len(q)
        said = rows[np.arange(n), list(q)].astype(np.float64) - lse[:n]
        logprob = float(said.sum())
        gap = float((tops[:n] - said).sum())
        end = _logsumexp([float(rows[n, t]) - float(lse[n]) for t in (self.eot, *self.end_tokens)])
        return logprob + end, gap + max(0.0, float(tops[n]) - end)

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

