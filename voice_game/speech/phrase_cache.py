"""The phrases of one game on disk, for ``voice-game recognize --game GAME``.

Recognizing one file against every phrase of a game (Concerto German: 72,000 phrases,
98,000 spellings) used to expand the grammar, sort the spellings and build the Whisper
phrase table at every start: seconds before the first decode. The same, once made, is
kept in the user cache folder (``VOICE_GAME_CACHE_DIR`` overrides), one file per language
and game, and read back in milliseconds: the merged grammar files, the spellings, the
phrase table's lookup (words -> phrase, sorted, searched by bisection), the words and
decoys, the phrases as said (filler words included) with their letter counts and letters for
:mod:`voice_game.speech.close_match`, and the grammar's
commands by words for the matcher. Nothing is turned into Python objects per phrase
until something asks for it.

The file is made for one key: the SHA-256 of every grammar file of the language, the
game, and the source of the modules that make what it holds. A changed grammar or code
makes another key and the file is made again; a file that is damaged, cut short or of
another format is made again too (its checksum and lengths are checked), silently.
"""
from __future__ import annotations

import bisect
import hashlib
import json
import os
import re
import sys
import tempfile
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from voice_game.commands import grammar as grammar_module
from voice_game.commands.grammar import FrozenCommand, Grammar, adopt_grammar, load_grammar
from voice_game.core.game import PATH_ENV
from voice_game.speech import close_match, phrase_table
from voice_game.speech.close_match import CloseIndex
from voice_game.speech.phrase_table import _PhraseTable

MAGIC = b"voice-game phrase cache 3\n"


def cache_file(lang: str, game: str) -> Path:
    from voice_game.speech.whisper_models import cache_dir

    safe = re.sub(r"[^\w.-]", "_", f"{lang}-{game}")
    return cache_dir() / "phrases" / f"{safe}.bin"


def _grammar_files(lang: str) -> list[Path]:
    """Every file the grammar of ``lang`` may be read from. Without extra game folders
    these are the built-in grammar folder's files of the language (the games are not
    imported for it); with them, the files the discovered games name."""
    if os.environ.get(PATH_ENV, "").strip():
        return [path for _, path in grammar_module.grammar_files(lang)]
    from voice_game.paths import data_dir

    return sorted((data_dir("grammars") / lang).glob("*.toml"))


def cache_key(lang: str, game: str) -> str:
    h = hashlib.sha256(MAGIC)
    h.update(json.dumps([lang, game, os.environ.get(PATH_ENV, "")]).encode())
    games = Path(grammar_module.__file__).resolve().parent.parent / "games"
    h.update(json.dumps(sorted(p.name for p in games.iterdir() if (p / "game.py").is_file())
                        if games.is_dir() else []).encode())
    for module in (grammar_module, phrase_table, close_match, sys.modules[__name__]):
        h.update(Path(str(module.__file__)).read_bytes())
    for path in _grammar_files(lang):
        h.update(str(path.name).encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"missing")
        h.update(b"\0")
    return h.hexdigest()


class SortedLookup(Mapping[tuple[str, ...], str]):
    """words -> phrase over two parallel lists: the words joined by spaces (sorted) and
    the phrases; found by bisection, no dictionary made."""

    def __init__(self, keys: list[str], values: list[str]) -> None:
        self.keys_joined = keys
        self.values_list = values

    def __getitem__(self, words: tuple[str, ...]) -> str:
        k = " ".join(words)
        i = bisect.bisect_left(self.keys_joined, k)
        if i < len(self.keys_joined) and self.keys_joined[i] == k:
            return self.values_list[i]
        raise KeyError(words)

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        return (tuple(k.split(" ")) for k in self.keys_joined)

    def __len__(self) -> int:
        return len(self.keys_joined)

    def items(self):
        return [(tuple(k.split(" ")), v) for k, v in zip(self.keys_joined, self.values_list, strict=True)]


class CachedTable(_PhraseTable):
    """A :class:`~voice_game.speech.phrase_table._PhraseTable` read from the cache:
    the lookups the decode needs at once, the rest (the phrases as said, for the
    token-by-token search) made from the spellings when first asked."""

    def __init__(self, store: PhraseStore) -> None:
        h = store.header
        lookup = SortedLookup(store.lines("table_keys"), store.lines("table_values"))
        self.by_words = lookup  # type: ignore[assignment]  # a Mapping: what the decode asks of it
        self.words = frozenset(h["vocab"])
        self.decoys = frozenset(h["extra_decoys"])
        self.decoy_words = {tuple(w): d for w, d in h["decoy_words"]}
        self.max_tokens = int(h["max_tokens"])
        self.longest = int(h["longest"])
        self.suppress = None
        self.no_repeat = None
        self._extendable = None
        self._trie = None
        self._said: list[tuple[tuple[str, ...], str]] | None = None
        self._store = store
        self._close = None

    @property
    def said(self) -> list[tuple[tuple[str, ...], str]]:  # type: ignore[override]
        if self._said is None:
            h = self._store.header
            self._said = _PhraseTable.build(self._store.forms(), h["decoys"], frozenset(h["fillers"])).said
        return self._said

    def close_matches(self, said: str, n: int, cutoff: float) -> list[tuple[str, str]]:
        if self._close is None:
            # the phrases and decoys as said (fillers included), as _PhraseTable keeps them
            keys = self._store.lines("close_keys")
            values = dict(zip(keys, self._store.lines("close_values"), strict=True))
            self._close = (CloseIndex(keys, self._store.header["alphabet"], self._store.counts(),
                                      self._store.codes()), values)
        index, values = self._close
        return [(k, values[k]) for k in index.close_matches(said, n, cutoff)]


class PhraseStore:
    """One game's phrases, read from the cache file (or just made)."""

    def __init__(self, header: dict[str, Any], blobs: dict[str, bytes | memoryview]) -> None:
        self.header = header
        self.blobs = blobs
        self.grammar = Grammar(header["lang"], header["grammar"], header["source"])
        self._lines: dict[str, list[str]] = {}
        #: the table itself when the store was just made from it
        self.built: _PhraseTable | None = None

    def lines(self, name: str) -> list[str]:
        if name not in self._lines:
            text = str(self.blobs[name], "utf-8")
            self._lines[name] = text.split("\n") if text else []
        return self._lines[name]

    def forms(self) -> list[str]:
        """Every spelling of a phrase of the game (as said and without filler words), sorted."""
        return self.lines("forms")

    def counts(self) -> np.ndarray:
        h = self.header
        rows = len(self.lines("close_keys"))
        return np.frombuffer(self.blobs["counts"], dtype=h["counts_dtype"]).reshape(rows, len(h["alphabet"]))

    def codes(self) -> np.ndarray:
        """The letters of the phrases as said, as :meth:`CloseIndex.letters` made them."""
        h = self.header
        return np.frombuffer(self.blobs["codes"], dtype=h["codes_dtype"]).reshape(h["codes_shape"])

    def commands_of(self, words: tuple[str, ...]) -> set[FrozenCommand]:
        """The commands a phrase of these words (filler words dropped) says."""
        keys = self.lines("index_keys")
        k = " ".join(words)
        i = bisect.bisect_left(keys, k)
        if i < len(keys) and keys[i] == k:
            return {tuple((str(a), b) for a, b in c) for c in json.loads(self.lines("index_values")[i])}
        return set()

    def table_for(self, decoys: list[str], fillers: frozenset[str]) -> _PhraseTable | None:
        """The phrase table for a recognizer with these decoys and fillers (None when
        it was made for others)."""
        h = self.header
        if list(h["decoys"]) != list(decoys) or frozenset(h["fillers"]) != fillers:
            return None
        return self.built if self.built is not None else CachedTable(self)


def read(lang: str, game: str) -> PhraseStore | None:
    """The cached phrases of ``game`` when the file is there, whole and of this key."""
    try:
        data = cache_file(lang, game).read_bytes()
        key = cache_key(lang, game)
        return _parse(data, key)
    except Exception:  # noqa: BLE001 - any damage: the file is made again
        return None


def _parse(data: bytes, key: str) -> PhraseStore | None:
    if not data.startswith(MAGIC):
        return None
    end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC):end])
    if header.get("key") != key:
        return None
    body = memoryview(data)[end + 1:]
    sizes = header["sizes"]
    if sum(n for _, n in sizes) != len(body) or zlib.crc32(body) != header["crc32"]:
        return None
    blobs: dict[str, bytes | memoryview] = {}
    at = 0
    for name, n in sizes:
        blobs[name] = body[at:at + n]
        at += n
    return PhraseStore(header, blobs)


def build(grammar: Grammar, game: str, decoys: list[str], fillers: frozenset[str]) -> PhraseStore:
    """The store of ``game`` made from the grammar (and the recognizer's decoys and fillers)."""
    phrases = grammar.phrases(game)
    forms = sorted({form for p in phrases for form in (p.spoken, p.text)})
    table = _PhraseTable.build(forms, decoys, fillers)
    pairs = sorted((" ".join(w), p) for w, p in table.by_words.items())
    table_keys = [k for k, _ in pairs]
    index, _ = grammar.index(game)
    entries = sorted((" ".join(w), sorted(cmds, key=repr)) for w, cmds in index.items())
    close: dict[str, str] = {}  # the phrases and decoys as said, as _PhraseTable.close_matches has them
    for raw, p in table.said:
        close.setdefault(" ".join(raw), p)
    close_keys = list(close)
    alphabet, counts = close_match.letter_counts(close_keys)
    # the subsequence bound's letter table (0.1 to 0.2 s to make at a run's first long text)
    codes = CloseIndex(close_keys, alphabet, counts).letters()
    blobs: dict[str, bytes | memoryview] = {
        "forms": "\n".join(forms).encode("utf-8"),
        "table_keys": "\n".join(table_keys).encode("utf-8"),
        "table_values": "\n".join(p for _, p in pairs).encode("utf-8"),
        "index_keys": "\n".join(k for k, _ in entries).encode("utf-8"),
        "index_values": "\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":"))
                                  for _, c in entries).encode("utf-8"),
        "close_keys": "\n".join(close_keys).encode("utf-8"),
        "close_values": "\n".join(close.values()).encode("utf-8"),
        "counts": np.ascontiguousarray(counts).tobytes(),
        "codes": np.ascontiguousarray(codes).tobytes(),
    }
    header = {
        "lang": grammar.lang, "game": game, "source": grammar.source, "grammar": grammar.raw,
        "decoys": list(decoys), "fillers": sorted(fillers), "vocab": sorted(table.words),
        "extra_decoys": sorted(table.decoys), "decoy_words": [[list(w), d] for w, d in table.decoy_words.items()],
        "max_tokens": table.max_tokens, "longest": table.longest,
        "alphabet": alphabet, "counts_dtype": counts.dtype.str,
        "codes_dtype": codes.dtype.str, "codes_shape": list(codes.shape),
    }
    store = PhraseStore(header, blobs)
    store.grammar = grammar
    store.built = table
    store._lines.update(forms=forms)
    return store


def write(store: PhraseStore, key: str) -> None:
    """The store into its cache file (atomically); a read-only cache is no error."""
    h = store.header
    crc = 0
    for blob in store.blobs.values():
        crc = zlib.crc32(blob, crc)
    header = dict(h, key=key, sizes=[[name, len(b)] for name, b in store.blobs.items()], crc32=crc)
    try:
        line = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except (TypeError, ValueError):
        return  # a grammar value JSON cannot hold: no cache
    path = cache_file(h["lang"], h["game"])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".phrases.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + line + b"\n")
                for blob in store.blobs.values():
                    f.write(blob)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def open_store(lang: str, game: str) -> PhraseStore | None:
    """The cached store of ``game``, its grammar adopted by :func:`load_grammar`; None
    when there is none (or it is damaged or out of date)."""
    store = read(lang, game)
    if store is not None:
        adopt_grammar(store.grammar)
    return store


def make_store(lang: str, game: str, decoys: list[str], fillers: frozenset[str]) -> PhraseStore:
    """The store of ``game`` made from the grammar files and written to the cache."""
    key = cache_key(lang, game)
    store = build(load_grammar(lang), game, decoys, fillers)
    write(store, key)
    return store
