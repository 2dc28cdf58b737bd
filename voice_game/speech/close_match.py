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

For a long text the letter bound is weak ("das wetter ist heute schön" shares its letters
with most of 72,000 phrases: 120,000 ratios, 13 s), so the phrases it leaves are bounded
again by their longest common subsequence with the text, which no ratio can exceed
(difflib's matching blocks are a common subsequence): computed for all of them at once,
the text's letters as the bits of machine words (Hyyrö's bit-parallel algorithm).
"""
from __future__ import annotations

import heapq
from collections.abc import Sequence
from difflib import SequenceMatcher

import numpy as np

#: bounds this close to the cutoff (or to the n-th best) are checked by difflib itself
_EPS = 1e-9
_CHUNK = 4096  # keys counted at once by letter_counts
_LCS_FROM = 64  # phrases left by the letter bound from which the subsequence bound is computed


class CloseIndex:
    """The phrases of :func:`close_matches`, with their lengths and letter counts."""

    def __init__(self, keys: Sequence[str], alphabet: str | None = None,
                 counts: np.ndarray | None = None, codes: np.ndarray | None = None) -> None:
        """``alphabet`` and ``counts`` as :func:`letter_counts` gives them, ``codes`` as
        :meth:`letters` (kept from an earlier index of the same keys), else made here."""
        self.keys = keys
        if alphabet is None or counts is None:
            alphabet, counts = letter_counts(keys)
            codes = None
        self.alphabet = alphabet
        self.column = {c: i for i, c in enumerate(alphabet)}
        self.counts = counts  # (phrases, letters), uint8 or wider
        self.lengths = counts.sum(axis=1, dtype=np.int64)
        self._codes: np.ndarray | None = codes  # see _letters

    def letters(self) -> np.ndarray:
        """The keys' letters as :meth:`_letters` makes them (an empty array when the
        subsequence bound cannot be used), to be kept with the keys."""
        self._letters()
        assert self._codes is not None
        return self._codes

    def _letters(self) -> np.ndarray | None:
        """Each key as the columns of its letters plus one (0 after its end), one row a
        key, made when first needed; None when a key holds a NUL or a letter the
        alphabet lacks (the subsequence bound is then not used)."""
        if self._codes is None:
            longest = max((len(k) for k in self.keys), default=0)
            if longest == 0 or any("\x00" in k for k in self.keys):
                self._codes = np.zeros((0, 0), np.uint8)
            else:
                points = np.array([ord(c) for c in self.alphabet], np.int64)
                lut = np.full(max(int(points.max(initial=0)), 0) + 1, -1, np.int32)
                lut[0] = 0
                lut[points] = np.arange(1, len(points) + 1)
                small = np.uint8 if len(points) < 255 else np.uint16
                codes = np.zeros((len(self.keys), longest), small)
                for at in range(0, len(self.keys), _CHUNK):  # a chunk at a time: little memory
                    part = self.keys[at:at + _CHUNK]
                    flat = np.frombuffer("".join(k.ljust(longest, "\x00") for k in part)
                                         .encode("utf-32-le"), np.uint32)
                    cols = lut[np.minimum(flat, len(lut) - 1)]
                    if (cols < 0).any() or (flat >= len(lut)).any():
                        codes = np.zeros((0, 0), small)  # a letter outside the alphabet
                        break
                    codes[at:at + len(part)] = cols.reshape(len(part), longest)
                self._codes = codes
        return self._codes if self._codes.size else None

    def _common_subsequence(self, word: str, rows: np.ndarray) -> np.ndarray | None:
        """For each key of ``rows``, the length of its longest common subsequence with
        ``word``; None when not computable (see :meth:`_letters`)."""
        codes = self._letters()
        if codes is None:
            return None
        lanes = max(1, -(-len(word) // 64))  # machine words for the letters of word
        match = np.zeros((len(self.alphabet) + 1, lanes), np.uint64)  # column + 1 -> positions
        for i, c in enumerate(word):
            j = self.column.get(c)
            if j is not None:
                match[j + 1, i // 64] |= np.uint64(1 << (i % 64))
        sub = codes[rows]
        v = np.full((lanes, len(rows)), np.uint64(2**64 - 1))
        for j in range(sub.shape[1]):
            m = match[sub[:, j]].T
            u = v & m
            keep = v & ~u
            if lanes == 1:
                v = (v + u) | keep
                continue
            carry = np.zeros(len(rows), np.uint64)
            for lane in range(lanes):  # v + u, the carry from one machine word to the next
                total = v[lane] + u[lane]
                out = total + carry
                carry = ((total < v[lane]) | (out < total)).astype(np.uint64)
                v[lane] = out
            v |= keep
        ones = np.zeros(len(rows), np.int64)
        for lane in range(lanes):
            bits = min(64, len(word) - 64 * lane)
            low = ~v[lane] & np.uint64((1 << bits) - 1)
            ones += np.unpackbits(low.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1, dtype=np.int64)
        return ones

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
        if len(order) > _LCS_FROM:
            lcs = self._common_subsequence(word, order)
            if lcs is not None:
                t = total[order]
                bound[order] = np.where(t > 0, np.minimum(bound[order], 2.0 * lcs / np.maximum(t, 1)),
                                        bound[order])
                order = order[bound[order] >= cutoff - _EPS]
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
