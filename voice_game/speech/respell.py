"""A phrase written the way a decode wrote its words: the decoded words aligned to the
phrase words by how alike they read, capitals, commas, digits and compounds taken over."""
from __future__ import annotations

import difflib

from voice_game.speech.whisper_settings import SKIP, JOIN


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

