"""Invitation codes a person can say: three words, or six digits.

A code is a number from 0 to 999 999. Said as words it is three words of the list in
``grammars/online/codes_<lang>.toml`` (100 words each; word n of both lists is the same
digit pair, so a code said in English can be typed in German and back); said as digits
it is six digits. It is short on purpose: the server keeps it safe, not its length.

- **Expiry**: a code lives ``TTL`` seconds (and ends when its table starts or closes).
- **Tries**: a client (an account, or a browser's address) has ``TRIES`` wrong tries in
  ``WINDOW`` seconds, then every try is refused until the window passed; all clients
  together have ``GLOBAL_TRIES`` wrong tries per window (someone with many addresses).

A stranger guessing at the global limit (from many addresses) finds one of ``k`` open
codes with a probability of at most GLOBAL_TRIES * (TTL / WINDOW) * k / 10**6 over a
code's life: 0.003 with ten tables waiting at once, 0.06 at the cap of ``MAX_OPEN``
open codes (``exposure()``; the tests check the figures). From one address it is six
times less.
"""
from __future__ import annotations

import functools
import secrets
import time
import tomllib
from dataclasses import dataclass, field

SPACE = 1_000_000  # three words of 100, or six digits
TTL = 10 * 60.0
WINDOW = 60.0
TRIES = 5
GLOBAL_TRIES = 30
MAX_OPEN = 200


@functools.cache
def words(lang: str) -> tuple[str, ...]:
    from voice_game.paths import data_dir

    data = tomllib.loads((data_dir("grammars") / "online" / f"codes_{lang}.toml").read_text(encoding="utf-8"))
    ws = tuple(str(w) for w in data["words"])
    if len(ws) != 100 or len({w.lower() for w in ws}) != 100:
        raise ValueError(f"codes_{lang}.toml must hold 100 different words")
    return ws


def say(code: int, lang: str) -> str:
    """The code as three words of the language."""
    ws = words(lang)
    return " ".join(ws[(code // 100 ** i) % 100] for i in (2, 1, 0))


def digits(code: int) -> str:
    return f"{code:06d}"


def _fold(word: str) -> str:
    return word.strip().lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def parse(text: str, languages: tuple[str, ...] = ("de", "en")) -> set[int]:
    """Every code the words (or digits) may mean: six digits, or three words of one list
    (case, commas, dashes and extra spaces do not matter). Empty when it is no code."""
    cleaned = text.replace(",", " ").replace("-", " ").replace(".", " ")
    tokens = cleaned.split()
    joined = "".join(tokens)
    if joined.isascii() and joined.isdigit():
        return {int(joined)} if len(joined) == 6 else set()
    if len(tokens) != 3:
        return set()
    found = set()
    for lang in languages:
        index = {_fold(w): i for i, w in enumerate(words(lang))}
        got = [index.get(_fold(t)) for t in tokens]
        if all(g is not None for g in got):
            found.add(got[0] * 10_000 + got[1] * 100 + got[2])  # type: ignore[operator]
    return found


def exposure(tries: int = GLOBAL_TRIES, window: float = WINDOW, ttl: float = TTL, open_codes: int = MAX_OPEN) -> float:
    """The chance that a stranger at the global limit hits any open code during one code's life."""
    return tries * (ttl / window) * open_codes / SPACE


@dataclass
class _Invite:
    target: str
    expires: float


@dataclass
class Invites:
    """Open codes -> what they open (a table's id), with expiry and limits on tries."""

    ttl: float = TTL
    window: float = WINDOW
    tries: int = TRIES
    global_tries: int = GLOBAL_TRIES
    max_open: int = MAX_OPEN
    open: dict[int, _Invite] = field(default_factory=dict)
    wrong: dict[str, list[float]] = field(default_factory=dict)  # client -> times of its wrong tries
    wrong_all: list[float] = field(default_factory=list)

    def now(self) -> float:
        return time.monotonic()

    def _prune(self, now: float) -> None:
        for c in [c for c, inv in self.open.items() if inv.expires <= now]:
            del self.open[c]
        cut = now - self.window
        self.wrong_all = [t for t in self.wrong_all if t > cut]
        for who in list(self.wrong):
            self.wrong[who] = [t for t in self.wrong[who] if t > cut]
            if not self.wrong[who]:
                del self.wrong[who]

    def issue(self, target: str) -> int | None:
        """A new code for ``target`` (its old one ends); None when too many codes are open."""
        now = self.now()
        self._prune(now)
        self.revoke(target)
        if len(self.open) >= self.max_open:
            return None
        while True:
            code = secrets.randbelow(SPACE)
            if code not in self.open:
                self.open[code] = _Invite(target, now + self.ttl)
                return code

    def revoke(self, target: str) -> None:
        for c in [c for c, inv in self.open.items() if inv.target == target]:
            del self.open[c]

    def code_of(self, target: str) -> int | None:
        self._prune(self.now())
        return next((c for c, inv in self.open.items() if inv.target == target), None)

    def redeem(self, text: str, who: str) -> tuple[str | None, str]:
        """(target, "ok"), or (None, why): "too_many" (tries used up: nothing is looked at),
        "bad_code" (no code at all, not counted), "unknown" (no open code, counted)."""
        now = self.now()
        self._prune(now)
        if len(self.wrong.get(who, [])) >= self.tries or len(self.wrong_all) >= self.global_tries:
            return None, "too_many"
        candidates = parse(text[:200])
        if not candidates:
            return None, "bad_code"
        for c in sorted(candidates):
            inv = self.open.get(c)
            if inv is not None:
                return inv.target, "ok"
        self.wrong.setdefault(who, []).append(now)
        self.wrong_all.append(now)
        return None, "unknown"
