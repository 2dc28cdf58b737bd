"""``difflib.get_close_matches`` over tens of thousands of phrases, with the same result.

The Whisper recognizer falls back to the allowed phrases that read most like a word the
constrained decode pieced together. ``difflib`` computes a ``SequenceMatcher`` for every
phrase whose length allows a match: against every phrase of a Concerto game (72,000)
that is several seconds. :class:`CloseIndex` keeps each phrase's length and letter
counts, so the upper bound difflib itself uses (``quick_ratio``: the letters both have
in common) comes for all phrases at once from numpy; the phrases are then tried best
bound first, with difflib's own checks, and the search stops where no bound reaches
the n-th best ratio found. The result is the very list ``get_close_matches`` returns
(ties included: it orders by ratio, then by the phrase).
"""
from __future__ import annotations

import heapq
from collections.abc import Sequence
from difflib import SequenceMatcher

import numpy as np

#: bounds this close to the cutoff (or to the n-th best) are checked by difflib itself
_EPS = 1e-9
_CHUNK = 4096  # keys counted at once by letter_counts


class CloseIndex:
    """The phrases of :func:`close_matches`, with their lengths and letter counts."""

    def __init__(self, keys: Sequence[str], alphabet: str | None = None,
                 counts: np.ndarray | None = None) -> None:
        self.keys = keys
        if alphabet is None or counts is None:
            alphabet, counts = letter_counts(keys)
        self.alphabet = alphabet
        self.column = {c: i for i, c in enumerate(alphabet)}
        self.counts = counts  # (phrases, letters), uint8 or wider
        self.lengths = counts.sum(axis=1, dtype=np.int64)

    def close_matches(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """``difflib.get_close_matches(word, keys, n, cutoff)``."""
        if not n > 0:
            raise ValueError(f"n must be > 0: {n!r}")
        if not 0.0 <= cutoff <= 1.0:
            raise ValueError(f"cutoff must be in [0.0, 1.0]: {cutoff!r}")
        if len(self.keys) == 0:
            return []
        mine = np.zeros(len(self.alphabet), np.int64)
        for c in word:
            i = self.column.get(c)
            if i is not None:
                mine[i] += 1
        top = np.iinfo(self.counts.dtype).max  # no key has more of a letter than this
        common = np.minimum(self.counts, np.minimum(mine, top).astype(self.counts.dtype)).sum(
            axis=1, dtype=np.int64)
        total = self.lengths + len(word)
        with np.errstate(divide="ignore", invalid="ignore"):
            bound = np.where(total > 0, 2.0 * common / np.maximum(total, 1), 1.0)
        order = np.flatnonzero(bound >= cutoff - _EPS)
        order = order[np.argsort(-bound[order], kind="stable")]
        s = SequenceMatcher()
        s.set_seq2(word)
        found: list[tuple[float, str]] = []
        for i in order.tolist():
            if len(found) >= n and bound[i] < min(found)[0] - _EPS:
                break  # no phrase further on can beat the n-th best
            x = self.keys[i]
            s.set_seq1(x)
            if s.real_quick_ratio() >= cutoff and s.quick_ratio() >= cutoff and s.ratio() >= cutoff:
                found.append((s.ratio(), x))
                if len(found) > n:
                    found = heapq.nlargest(n, found)
        return [x for _, x in heapq.nlargest(n, found)]


def letter_counts(keys: Sequence[str]) -> tuple[str, np.ndarray]:
    """The letters of ``keys`` and how often each key has each of them (one row a key)."""
    longest = max((len(k) for k in keys), default=0)
    if longest == 0 or any("\x00" in k for k in keys):
        alphabet = "".join(sorted({c for k in keys for c in k}))
        column = {c: i for i, c in enumerate(alphabet)}
        counts = np.zeros((len(keys), len(alphabet)), np.int64)
        for row, k in enumerate(keys):
            for c in k:
                counts[row, column[c]] += 1
    else:
        alphabet = "".join(sorted(set("".join(keys))))
        points = np.array([ord(c) for c in alphabet], np.uint32)
        counts = np.zeros((len(keys), len(points)), np.int32)
        for at in range(0, len(keys), _CHUNK):  # a chunk at a time: little memory
            part = keys[at:at + _CHUNK]
            # one row of code points a key, NUL-padded
            codes = np.array(part, dtype=f"<U{longest}").view(np.uint32).reshape(len(part), longest)
            rows, cols = np.nonzero(codes)
            col = np.searchsorted(points, codes[rows, cols])
            counts[at:at + len(part)] = np.bincount(rows * len(points) + col, minlength=len(part) * len(points)
                                                    ).reshape(len(part), len(points))
    small = np.uint8 if counts.size == 0 or counts.max() < 256 else np.int32
    return alphabet, counts.astype(small)
