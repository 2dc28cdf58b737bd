"""The grammar: the single source of every word the game understands, per language
``grammars/<lang>/common.toml`` (numbers, fillers, the always-available, menu and
tutorial commands) and one file per game, ``grammars/<lang>/<game>.toml``, found by the
game's name (a game from ``VOICE_GAME_GAMES_PATH`` brings its own, see
``voice_game.core.game``). An intent of a game file belongs to that game; intent and
slot names are unique over all files, except that a game file may add values to a
shared slot (its menu words to ``item``). Number slots and their ranges are declared
in the files (``[number_slots]``).

From it come the typed-command parser, the recognizer phrase lists and vocabularies,
the rendering of actions as words, and the spoken "what can I say" help. A file's
``[written]`` table says how the game writes its words where that is not in lower case
(German nouns: ``spieler = "Spieler"``): a command read back is written with it.
"""
from __future__ import annotations

import os
import re
import threading
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import product

from pathlib import Path
from typing import Any

from voice_game.core.errors import Command, ContentError
from voice_game.core.game import PATH_ENV, definitions
from voice_game.paths import data_dir

LANGUAGES = ("de", "en")
COMMON = "common"  # the file of every game's shared words

_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)
#: Longest input read as a command (a spoken or typed command is a few words):
#: anything longer is refused at once instead of being matched word by word.
MAX_INPUT_CHARS = 200
MAX_INPUT_WORDS = 24
#: Digit strings longer than this are words, not numbers (int() of huge ones fails).
MAX_NUMBER_DIGITS = 6


def as_number(word: str) -> int | None:
    """The number a typed word of decimal digits stands for (any script's
    digits: "3", "٣", "３"), else None. "①" or "²" are no numbers."""
    if word.isdecimal() and len(word) <= MAX_NUMBER_DIGITS:
        return int(word)
    return None


def too_long(text: str) -> bool:
    return len(text) > MAX_INPUT_CHARS or len(text.split(None, MAX_INPUT_WORDS)) > MAX_INPUT_WORDS


#: A command as a hashable key: its sorted (slot, value) pairs, "intent" among them.
FrozenCommand = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Phrase:
    words: tuple[str, ...]  # what the matcher compares: filler words dropped
    command: FrozenCommand  # sorted (key, value) pairs, "intent" among them
    spoken: str = ""  # the phrase as people say it, filler words kept (for recognizer grammars)

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def as_dict(self) -> Command:
        return dict(self.command)


#: (words -> the commands they say, command -> the phrases that say it)
Index = tuple[dict[tuple[str, ...], set[FrozenCommand]], dict[FrozenCommand, list[Phrase]]]


def freeze(command: Command) -> FrozenCommand:
    return tuple(sorted(command.items()))


class Grammar:
    def __init__(self, lang: str, raw: dict[str, Any], source: str) -> None:
        self.lang = lang
        self.source = source
        #: the merged files as read (the phrase cache keeps them)
        self.raw = raw
        self._validate(raw)
        self.fillers = frozenset(w for f in raw.get("fillers", [])
                                 for w in self.normalize_words(str(f), drop_fillers=False))
        self.numbers: dict[int, list[str]] = {int(k): list(v) for k, v in raw["numbers"].items()}
        self.word_to_number: dict[str, int] = {}
        for n, words in self.numbers.items():
            for w in words:
                self.word_to_number.setdefault(w, n)
        self.slots: dict[str, dict[str, list[str]]] = {k: dict(v) for k, v in raw.get("slots", {}).items()}
        #: slots whose values are numbers, with their range
        self.number_slots: dict[str, tuple[int, int]] = {
            k: (int(v[0]), int(v[1])) for k, v in raw.get("number_slots", {}).items()}
        self.intents: dict[str, dict[str, Any]] = raw["intents"]
        #: words that sound like commands but are none (the Whisper recognizer's decoys)
        self.decoys: list[str] = [str(w) for w in raw.get("recognizer", {}).get("decoys", [])]
        #: what the Whisper recognizer reads before each command (spelling of numbers)
        self.recognizer_prompt: str = str(raw.get("recognizer", {}).get("prompt", ""))
        #: a lone command word -> words that no command is and that sound so like it that
        #: the Whisper recognizer weighs them against it on the audio ("three": "tree")
        self.sound_alikes: dict[str, list[str]] = {
            str(k): [str(w) for w in v] for k, v in raw.get("recognizer", {}).get("sound_alikes", {}).items()}
        self.confusions: set[tuple[str, str]] = {(a, b) for a, b in raw.get("confusions", [])}
        self.confusions |= {(b, a) for a, b in self.confusions}
        #: the grammar's words (one, or a slot value's words) -> how they are written
        self.written: dict[str, str] = {str(k): str(v) for k, v in raw.get("written", {}).items()}
        self._expanded: dict[str, list[Phrase]] = {}
        self._index: dict[str, Index] = {}
        self._lock = threading.Lock()  # the index may be built ahead in a background thread

    # --- validation ----------------------------------------------------------
    def _validate(self, raw: dict[str, Any]) -> None:
        def need(cond: object, where: str, problem: str) -> None:
            if not cond:
                raise ContentError(self.source, where, problem)

        need(raw.get("language") == self.lang, "language", f"must be {self.lang!r}")
        need(isinstance(raw.get("numbers"), dict), "numbers", "missing table")
        need(isinstance(raw.get("intents"), dict) and raw["intents"], "intents", "missing table")
        slots = raw.get("slots", {})
        numbers = raw.get("number_slots", {})
        for name, rng in numbers.items():
            need(isinstance(rng, list) and len(rng) == 2 and all(isinstance(x, int) for x in rng)
                 and rng[0] <= rng[1], f"number_slots.{name}", "must be [lowest, highest]")
        written = raw.get("written", {})
        need(isinstance(written, dict), "written", "must be a table")
        for words, form in written.items():
            said = self.normalize_words(words, drop_fillers=False)
            need(" ".join(said) == words, f"written.{words}", "must be the words as the grammar spells them")
            need(isinstance(form, str) and self.normalize_words(form, drop_fillers=False) == said,
                 f"written.{words}", "must be written with the same words")
        for name, intent in raw["intents"].items():
            where = f"intents.{name}"
            need(isinstance(intent.get("phrases"), list) and intent["phrases"], where, "needs phrases")
            need(isinstance(intent.get("render", ""), str), where, "render must be a string")
            need(isinstance(intent.get("render_named", ""), str), where, "render_named must be a string")
            for ph in intent["phrases"] + [intent[k] for k in ("render", "render_named") if k in intent]:
                for slot in re.findall(r"\{(\w+)\}", ph):
                    need(slot in numbers or slot in slots, where, f"unknown slot {{{slot}}} in {ph!r}")

    # --- normalizing ---------------------------------------------------------
    def normalize_words(self, text: str, drop_fillers: bool = True) -> list[str]:
        """The words of ``text`` as the grammar spells them; none for input too
        long to be a command (see :data:`MAX_INPUT_CHARS`)."""
        if too_long(text):
            return []
        text = text.lower().replace("-", " ").replace("_", " ")
        text = _PUNCT.sub(" ", text)
        words = []
        for w in text.split():
            n = as_number(w)
            if n is not None and n in self.numbers:
                w = self.numbers[n][0]
            if drop_fillers and w in self.fillers:
                continue
            words.append(w)
        return words

    # --- expansion -----------------------------------------------------------
    def slot_values(self, slot: str) -> list[tuple[Any, str]]:
        """(value, words) pairs a slot can take."""
        if slot in self.number_slots:
            lo, hi = self.number_slots[slot]
            return [(n, w) for n in range(lo, hi + 1) for w in self.numbers.get(n, [])]
        return [(v, w) for v, words in self.slots[slot].items() for w in words]

    def intents_for(self, game: str | None) -> list[str]:
        return [name for name, it in self.intents.items()
                if "games" not in it or (game is not None and game in it["games"])]

    def phrases(self, game: str | None, intents: Iterable[str] | None = None) -> list[Phrase]:
        """Every concrete phrase of the given game (plus the always-available ones)."""
        key = game or ""
        if key not in self._expanded:
            out: list[Phrase] = []
            for name in self.intents_for(game):
                for template in self.intents[name]["phrases"]:
                    out += self._expand(name, template)
            self._expanded[key] = out
        if intents is None:
            return self._expanded[key]
        want = set(intents)
        return [p for p in self._expanded[key] if dict(p.command)["intent"] in want]

    def index(self, game: str | None) -> Index:
        """(words -> set of commands, command -> phrases) for quick lookups."""
        key = game or ""
        with self._lock:
            return self._build_index(key, game)

    def _build_index(self, key: str, game: str | None) -> Index:
        if key not in self._index:
            by_words: dict[tuple[str, ...], set[FrozenCommand]] = {}
            by_command: dict[FrozenCommand, list[Phrase]] = {}
            for p in self.phrases(game):
                by_words.setdefault(p.words, set()).add(p.command)
                by_command.setdefault(p.command, []).append(p)
            self._index[key] = (by_words, by_command)
        return self._index[key]

    def _expand(self, intent: str, template: str) -> list[Phrase]:
        parts = re.split(r"(\{\w+\})", template)
        # each part is normalized once (normalizing works word by word, so the words of
        # a phrase are its parts' words one after the other): a Concerto grammar has
        # tens of thousands of phrases made of a few dozen parts
        choices: list[list[tuple[str | None, Any, tuple[str, ...], tuple[str, ...], int, int]]] = []
        for part in parts:
            m = re.fullmatch(r"\{(\w+)\}", part)
            if m:
                choices.append([(m.group(1), v, *self._part(w)) for v, w in self.slot_values(m.group(1))])
            elif part.strip():
                choices.append([(None, None, *self._part(part))])
        out: list[Phrase] = []
        for combo in product(*choices):
            cmd: Command = {"intent": intent}
            words: tuple[str, ...] = ()
            said: tuple[str, ...] = ()
            chars = len(combo) - 1  # the spaces joining the parts
            count = 0
            for slot, value, kept, spoken, n_chars, n_words in combo:
                if slot:
                    cmd[slot] = value
                words += kept
                said += spoken
                chars += n_chars
                count += n_words
            if words and chars <= MAX_INPUT_CHARS and count <= MAX_INPUT_WORDS:
                out.append(Phrase(words, freeze(cmd), " ".join(said)))
        return out

    def _part(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...], int, int]:
        """A template part's words (fillers dropped, fillers kept), its length in
        characters and its count of words as :func:`too_long` counts them."""
        return (tuple(self.normalize_words(text)), tuple(self.normalize_words(text, drop_fillers=False)),
                len(text), len(text.split()))

    def vocabulary(self, game: str | None) -> list[str]:
        return sorted({w for p in self.phrases(game) for w in p.spoken.split()})

    # --- rendering -----------------------------------------------------------
    def render(self, command: Command, names: Mapping[str, str] | None = None) -> str:
        """Words that parse back to ``command`` (the first words of every slot value).

        ``names``: slot -> the words said for its value instead of a number (a seat's
        name for its seat number); an intent that can say them has ``render_named``
        ("orchestra of {position}": "orchestra of Amadeus", not "orchestra of player
        two"). The session turns the name back into the number when it is heard."""
        return self._fill(command, names, None)

    def write(self, command: Command, names: Mapping[str, str] | None = None,
              values: Mapping[str, str] | None = None) -> str:
        """:meth:`render`'s words as the game writes them, for reading (a command read back
        on a braille display: "Sabotage Spieler zwei Chor gegen Holzbläser"): a slot's
        value as ``values`` writes it (slot -> the locale's name of the value, "Holzbläser")
        where that is the value's own words, a seat's name from ``names`` as it is, every
        other word as ``[written]`` writes it (else as the grammar spells it). Read, they
        are the same words as :meth:`render`'s: they parse back to ``command``."""
        return self._fill(command, names, values or {})

    def spell(self, words: str) -> str:
        """``words`` (as the grammar spells them) as the game writes them: all of them as
        ``[written]`` writes them together ("bot züge": "Bot-Züge"), else each word as it
        writes it, and as they are where it says nothing."""
        whole = self.written.get(words)
        if whole is not None:
            return whole
        return re.sub(r"\S+", lambda m: self.written.get(m.group(0), m.group(0)), words)

    def _fill(self, command: Command, names: Mapping[str, str] | None,
              values: Mapping[str, str] | None) -> str:
        """:meth:`render` (``values`` None) or :meth:`write`."""
        intent = self.intents[command["intent"]]
        template = intent.get("render") or intent["phrases"][0]
        named = {k: v for k, v in (names or {}).items() if k in command}
        if named and "render_named" in intent:
            template = intent["render_named"]
        else:
            named = {}

        def fill(slot: str) -> str:
            if slot in named:
                return named[slot]
            value = command[slot]
            words = self.numbers[int(value)][0] if slot in self.number_slots else self.slots[slot][value][0]
            if values is None:
                return words
            form = values.get(slot)
            if form is not None and self.normalize_words(form, drop_fillers=False) == words.split():
                return form
            return self.spell(words)

        parts = re.split(r"\{(\w+)\}", template)  # the words between the slots, and the slots
        return "".join(fill(part) if i % 2 else part if values is None else self.spell(part)
                       for i, part in enumerate(parts))

    def needs_confirmation(self, intent: str) -> bool:
        return bool(self.intents.get(intent, {}).get("confirm", False))


def _read(path: Path) -> dict[str, Any]:
    try:
        raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(str(path), "/", f"cannot read: {exc}") from exc
    return raw


def _add_game(merged: dict[str, Any], raw: dict[str, Any], game: str, lang: str, source: str) -> None:
    """One game's file into the merged grammar: its intents scoped to the game."""
    def need(cond: object, where: str, problem: str) -> None:
        if not cond:
            raise ContentError(source, where, problem)

    need(raw.get("language") == lang, "language", f"must be {lang!r}")
    need(set(raw) <= {"language", "intents", "slots", "number_slots", "written"}, "/",
         "a game file holds only language, intents, slots, number_slots and written")
    need(isinstance(raw.get("written", {}), dict), "written", "must be a table")
    for words, form in raw.get("written", {}).items():
        old = merged["written"].get(words)
        need(old is None or old == form, f"written.{words}", "written otherwise in another grammar file")
        merged["written"][words] = form
    for name, rng in raw.get("number_slots", {}).items():
        old = merged["number_slots"].get(name)
        need(old is None or old == rng, f"number_slots.{name}", "declared with another range elsewhere")
        merged["number_slots"][name] = rng
    for name, values in raw.get("slots", {}).items():
        need(isinstance(values, dict), f"slots.{name}", "must be a table")
        into = merged["slots"].setdefault(name, {})
        for value, words in values.items():
            need(value not in into, f"slots.{name}.{value}", "defined in another grammar file too")
            into[value] = words
    for name, intent in raw.get("intents", {}).items():
        where = f"intents.{name}"
        need(isinstance(intent, dict), where, "must be a table")
        need(name not in merged["intents"], where,
             f"defined in another grammar file too: name it {game}_{name}")
        need(intent.get("games", [game]) == [game], f"{where}.games", f"a game file's intents are {game}'s")
        merged["intents"][name] = {**intent, "games": [game]}


def grammar_files(lang: str) -> list[tuple[str | None, Path]]:
    """(game or None for the shared file, path) of every grammar file of ``lang``."""
    base = data_dir("grammars")
    files: list[tuple[str | None, Path]] = [(None, base / lang / f"{COMMON}.toml")]
    for d in definitions():
        root = d.content_dir / "grammars" if d.content_dir is not None else base
        files.append((d.name, root / lang / f"{d.name}.toml"))
    return files


def load_grammar(lang: str) -> Grammar:
    """The grammar of ``lang``: the shared file and every discovered game's."""
    key = (lang, os.environ.get(PATH_ENV, ""))
    g = _adopted.get(key)
    return g if g is not None else _load_grammar(*key)


#: grammars made from the phrase cache (voice_game.speech.phrase_cache) instead of the
#: files: the same files, read before; load_grammar returns them
_adopted: dict[tuple[str, str], Grammar] = {}


def adopt_grammar(grammar: Grammar) -> None:
    """``grammar`` (made from the very files :func:`load_grammar` would read) is the one
    it returns from now on."""
    _adopted[(grammar.lang, os.environ.get(PATH_ENV, ""))] = grammar


@cache
def _load_grammar(lang: str, games_path: str) -> Grammar:
    if lang not in LANGUAGES:
        raise ContentError("grammars", "language", f"unknown language {lang!r}")
    files = grammar_files(lang)
    common = files[0][1]
    merged = _read(common)
    merged.setdefault("intents", {})
    merged.setdefault("slots", {})
    merged.setdefault("number_slots", {})
    merged.setdefault("written", {})
    for game, path in files[1:]:
        assert game is not None
        _add_game(merged, _read(path), game, lang, str(path))
    return Grammar(lang, merged, str(common))
