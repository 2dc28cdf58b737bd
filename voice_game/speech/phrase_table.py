"""The phrases allowed now as the Whisper recognizer searches them: by their words,
as a word trie for the token-by-token search, with their decoys, and a scored phrase."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from voice_game.speech.close_match import CloseIndex


@dataclass
class Scored:
    phrase: str
    logprob: float
    gap: float
    #: words as scored, fillers included ("sabotage und horn tauschen": 4); 0: the phrase's
    words: int = 0


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

