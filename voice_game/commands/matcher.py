"""Understanding: match what was heard or typed against the phrases allowed now.

Like Lichess's voice moves, the game (not the recognizer) decides what a command was:
a weighted edit distance over words, where a similar-sounding or similarly spelled
word is a cheap substitution and a known recognizer confusion (zwei/drei) cheaper still.
The result is one of: exact, clear (act), close (read back and confirm), choices
(several close candidates, offer them numbered) or reject.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal

from voice_game.commands.grammar import FrozenCommand, Grammar, Phrase
from voice_game.core.errors import Command

CLEAR = 0.2  # normalized distance at or under which a unique match is acted on at once
CLOSE = 0.4  # at or under: read back and ask
MARGIN = 0.12  # the best must beat the runner-up (a different command) by this much


@dataclass
class Match:
    kind: Literal["exact", "clear", "close", "choices", "reject"]
    command: Command = field(default_factory=dict)  # empty for choices and reject
    distance: float = 1.0
    candidates: list[Command] = field(default_factory=list)


@lru_cache(maxsize=20000)
def _word_sub_cost(a: str, b: str) -> float:
    if a == b:
        return 0.0
    ratio = SequenceMatcher(None, a, b).ratio()
    return min(1.0, 1.6 * (1.0 - ratio))


def distance(heard: tuple[str, ...], phrase: tuple[str, ...],
             confusions: frozenset[tuple[str, str]] = frozenset()) -> float:
    """Weighted word edit distance, normalized by the longer length."""
    n, m = len(heard), len(phrase)
    if n == 0 or m == 0:
        return 1.0
    prev = [float(j) for j in range(m + 1)]
    for i in range(1, n + 1):
        cur = [float(i)] + [0.0] * m
        for j in range(1, m + 1):
            a, b = heard[i - 1], phrase[j - 1]
            sub = 0.35 if (a, b) in confusions else _word_sub_cost(a, b)
            cur[j] = min(prev[j] + 1.0, cur[j - 1] + 1.0, prev[j - 1] + sub)
        prev = cur
    return prev[m] / max(n, m)


def match(grammar: Grammar, text: str, phrases: list[Phrase]) -> Match:
    words = tuple(grammar.normalize_words(text))
    if not words:
        return Match("reject")
    exact = {p.command for p in phrases if p.words == words}
    if len(exact) == 1:
        return Match("exact", dict(next(iter(exact))), 0.0)
    if len(exact) > 1:
        return Match("choices", {}, 0.0, [dict(c) for c in sorted(exact, key=str)])
    best: dict[FrozenCommand, float] = {}
    conf = frozenset(grammar.confusions)
    for p in phrases:
        d = distance(words, p.words, conf)
        if d < best.get(p.command, 9.0):
            best[p.command] = d
    if not best:
        return Match("reject")
    ranked = sorted(best.items(), key=lambda kv: (kv[1], str(kv[0])))
    top_cmd, top_d = ranked[0]
    runner = ranked[1][1] if len(ranked) > 1 else 9.0
    if top_d > CLOSE:
        return Match("reject", {}, top_d)
    if runner - top_d < MARGIN:
        close = [dict(c) for c, d in ranked if d <= CLOSE and d - top_d < MARGIN][:4]
        if len(close) > 1:
            return Match("choices", {}, top_d, close)
    if top_d <= CLEAR:
        return Match("clear", dict(top_cmd), top_d)
    return Match("close", dict(top_cmd), top_d)
