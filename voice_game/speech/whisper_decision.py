"""What the Whisper recognizer weighs, and how it decides: accept, read back, refuse.

A decode gathers :class:`Evidence` (Whisper's own transcripts, its no-speech
probability, the allowed phrase its transcript reads as, the phrases the constrained
search found with their gaps, a lone word's margin over its sound-alikes); :func:`judge`
turns it into a phrase and a confidence with a set of :class:`Thresholds`. Kept apart so
that the benchmark (``benchmarks/speech_heldout.py``) can choose the thresholds on some
speakers and measure them on others without decoding again.

A *near win* is a phrase the constrained search put first, over the gap budget but
within ``near`` times it: instead of refusing it silently, the recognizer gives it at
``near_confidence``, under the game's bar for acting at once (``commands.parser.CONFIDENT``),
so a move is read back ("Fünf? Ja oder nein?") before it is done. Only a phrase of number
words is a near win (``judge``'s ``numbers``): a move the game reads back under its bar;
a command like "table" or "yes" it would do at once whatever the confidence.

The defaults are the recognizer's own (:mod:`whisper_settings`, where each says what
measured it), chosen on held-out speakers (``benchmarks/speech_heldout.py``,
docs/BENCHMARKS.md): a lone word within 2 nats, a near win up to twice that. The
recognizer itself decides with :func:`judge` too (``WhisperRecognizer._judge``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

from voice_game.speech import whisper_settings as S


@dataclass(frozen=True)
class Thresholds:
    #: gap in nats between the best phrase and Whisper's own preference, for a one-word
    #: phrase; at or below: the phrase is what was said
    accept_gap: float = S.ACCEPT_GAP
    #: the same for a phrase of several words (the human corpus has lone words only:
    #: this one is not chosen on held-out speakers)
    phrase_gap: float = S.PHRASE_GAP
    #: more for each further word said (fillers included): natural synthetic voices put
    #: their true phrase 1 to 4.5 nats a further word below Whisper's own words ("Die
    #: Regent" for "Dirigent"), everyday sentences score 7.6 or more
    word_gap: float = S.WORD_GAP
    #: the least confidence of an accepted phrase; under 0.75 irreversible actions are
    #: read back for yes/no (voice_game.commands.parser.CONFIDENT)
    floor: float = S.FLOOR
    #: Whisper's no-speech probability above which nothing was said ...
    max_no_speech: float = S.MAX_NO_SPEECH
    #: ... unless its own transcript is sure of itself: a mean log-probability a token (the
    #: end included) above this, Whisper's own rule (``logprob_threshold``)
    no_speech_logprob: float = S.NO_SPEECH_LOGPROB
    #: a lone command word that has sound-alikes must score this many nats above the best
    #: of them, else it gets ``alike_confidence`` (read back)
    alike_gap: float = S.ALIKE_GAP
    alike_confidence: float = S.ALIKE_CONFIDENCE
    #: a phrase over the gap budget but within this many times it is a near win, given at
    #: ``near_confidence`` (a phrase of number words only); 1: none
    near: float = S.NEAR
    near_confidence: float = S.NEAR_CONFIDENCE
    #: how much of the no-speech probability comes off a phrase's confidence
    no_speech_weight: float = S.NO_SPEECH_WEIGHT


DEFAULT = Thresholds()


@dataclass
class Ranked:
    phrase: str
    logprob: float
    gap: float
    words: int = 0  # words as scored, fillers included; 0: the phrase's own
    decoy: bool = False


@dataclass
class Evidence:
    """Everything :func:`judge` needs about one utterance."""

    #: no audio, or no phrase allowed: nothing to decide
    empty: bool = False
    #: Whisper's own transcripts with their log-probabilities, best first
    hyps: list[tuple[str, float]] = field(default_factory=list)
    no_speech: float = 0.0
    #: the best transcript's mean log-probability a token is above ``no_speech_logprob``
    #: (kept as the number: see :attr:`mean_logprob`)
    mean_logprob: float = -1e9
    #: the allowed phrase Whisper's best transcript reads as, with its share (of its
    #: hypotheses' probability, the share that reads as it, from 0 to 1; the no-speech
    #: probability is not taken off: :func:`judge` does); None: no phrase
    free: tuple[str, float] | None = None
    #: the transcript is clearly no command (too many words, none of a phrase)
    unrelated: bool = False
    #: the constrained search's phrases, best first (only when ``free`` is None)
    ranked: list[Ranked] = field(default_factory=list)
    #: a lone word with sound-alikes -> how many nats it scored above the best of them
    alike: dict[str, float] = field(default_factory=dict)
    decode_ms: float = 0.0
    #: the search was not run because an earlier step already decided (the game's own
    #: decode; the benchmark asks for complete evidence)
    partial: bool = False

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Evidence:
        kw = {f.name: d[f.name] for f in fields(cls) if f.name in d}
        kw["hyps"] = [tuple(h) for h in kw.get("hyps", [])]
        kw["free"] = tuple(kw["free"]) if kw.get("free") else None
        kw["ranked"] = [Ranked(**r) for r in kw.get("ranked", [])]
        return cls(**kw)


def speechless(ev: Evidence, th: Thresholds) -> bool:
    """Whisper says nothing was said, and its transcript is not sure otherwise."""
    return ev.no_speech > th.max_no_speech and not ev.mean_logprob > th.no_speech_logprob


def share_confidence(share: float, no_speech: float, weight: float, floor: float = S.FLOOR) -> float:
    """The confidence of Whisper's own transcript read as a phrase: its ``share`` of the
    hypotheses, less ``weight`` times the no-speech probability, from ``floor`` to 1."""
    return floor + (1.0 - floor) * share * (1.0 - weight * no_speech)


def budget_of(th: Thresholds, words: int) -> float:
    """The gap a phrase of ``words`` words said (fillers included) may have."""
    return th.accept_gap if words <= 1 else th.phrase_gap + th.word_gap * (words - 1)


def judge(ev: Evidence, th: Thresholds = DEFAULT,
          numbers: frozenset[str] = frozenset()) -> tuple[str, float]:
    """The phrase heard and its confidence, or ("", 0.0): heard, no command.
    ``numbers``: the number words, of which a near win must be made."""
    if ev.empty or speechless(ev, th):
        return "", 0.0
    if ev.free is not None:
        phrase, share = ev.free
        conf = share_confidence(share, ev.no_speech, th.no_speech_weight, th.floor)
    else:
        if ev.unrelated or not ev.ranked:
            return "", 0.0
        best = ev.ranked[0]
        budget = budget_of(th, best.words or len(best.phrase.split()))
        if best.decoy:
            return "", 0.0
        if best.gap > budget:
            if best.gap > th.near * budget or not set(best.phrase.lower().split()) <= numbers:
                return "", 0.0
            phrase, conf = best.phrase, th.near_confidence
        else:
            runner = ev.ranked[1].logprob if len(ev.ranked) > 1 else -1e9
            margin = best.logprob - runner
            quality = (1.0 - best.gap / budget) * (1.0 - math.exp(-margin)) * (1.0 - ev.no_speech)
            phrase, conf = best.phrase, th.floor + (1.0 - th.floor) * quality
    conf = max(0.0, min(1.0, conf))
    margin_alike = ev.alike.get(phrase)
    if margin_alike is not None and conf > th.alike_confidence and margin_alike < th.alike_gap:
        conf = th.alike_confidence
    return phrase, conf
