"""Message catalogs: every word a player hears, from ``locales/<lang>/`` (shared files and
one per game, ``<game>.ftl``), plus the locale files a game from ``VOICE_GAME_GAMES_PATH``
brings in its own folder (``locales/<lang>/`` there).

Messages are `Fluent <https://projectfluent.org/>`_ (``*.ftl``, rendered by
``fluent.runtime`` without bidi isolation marks, so nothing invisible reaches the voice):
plurals select on the CLDR categories of the language (``[one]``, ``*[other]``, exact
numbers like ``[0]``), lists come as a list parameter.

Message keys: the code names a message with a dotted key (``concerto.turn``); its Fluent
identifier is the key with every ``.`` turned into ``-`` (``concerto-turn``,
``pattern.up-down.name`` is ``pattern-up-down-name``); a part of the key that is not a
word (``keys.name.,``, ``keys.name.-``) is written as ``_`` plus the hex code of each
character (``keys-name-_2c``, ``keys-name-_2d``); see `fluent_id`. Two keys that meet
in one identifier are an error.

Parameters: ``Catalog.get(key, **params)``. Numbers print as Python prints them (no
digit grouping) and select plural forms; a list or tuple of strings prints as
"a, b and c" (the language's ``list.and``) and ``COUNT($name)`` is its length, for
agreement (``{ COUNT($players) -> [one] ist *[other] sind }``). A missing parameter
prints as nothing (a missing selector counts as 0).

Names with a grammar: a `Noun` (a card's name with the grammatical number and gender
its content data gives it in this language) prints as its text; ``NUMBER_OF($name)`` is
``singular`` or ``plural`` and ``GENDER_OF($name)`` ``masculine``, ``feminine`` or
``neuter``, for agreement (``{ $instrument } { NUMBER_OF($instrument) -> [plural] sind
*[singular] ist } weg``). A list of names is plural when it has more than one, a plain
string singular, a number plural unless it is 1; a name without a gender selects the
default variant.

The older TOML format (``*.toml``: strings with ``{name}`` fields, or ``zero``/``one``/
``other`` plural tables chosen by ``count``) is still read beside the ``.ftl`` files, into
the same catalog. A key defined twice (in any files of one language) is an error.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import string
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, resolver
from fluent.runtime.types import FluentInt, FluentNone, FluentType
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from voice_game.core.errors import ContentError
from voice_game.core.game import PATH_ENV, definitions
from voice_game.atomic import write_atomic
from voice_game.paths import cache_dir, data_dir

PLURAL_FORMS = ("zero", "one", "other")
LIST_AND = "list.and"

# fluent.runtime refuses a placeable longer than 2500 characters (a guard against hostile
# translations); our own texts (a rules text, a long list) may be longer.
resolver.MAX_PART_LENGTH = 1_000_000

_WORD = re.compile(r"[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*")


def fluent_id(key: str) -> str:
    """The Fluent identifier of a dotted message key (see the module's doc)."""
    parts: list[str] = []
    word = ""
    for ch in key:
        if ch == "." and word:
            parts.append(word)
            word = ""
        else:
            word += ch
    parts.append(word)
    return "-".join(p if _WORD.fullmatch(p) else "".join(f"_{ord(ch):x}" for ch in p) for p in parts)


# --- parameter types ------------------------------------------------------------------

def _int(value: int) -> FluentInt:
    """An integer that prints without digit grouping (as Python prints it) and selects
    plural forms. (The bundle turns every int into a FluentInt, keeping these options.)"""
    return FluentInt(value, useGrouping=False)


class _Float(FluentType):
    """A float prints as Python prints it (not a plural selector)."""

    def __init__(self, value: float):
        self.value = value

    def format(self, locale) -> str:
        return str(self.value)


class _List(FluentType):
    """A list parameter: printed "a, b and c" with the language's word for "and"."""

    def __init__(self, items: list[str], word: str):
        self.items, self.word = items, word

    def format(self, locale) -> str:
        return join(self.items, self.word)


def join(items: Iterable[str], word: str) -> str:
    """'a, b <word> c'; empty items are left out."""
    items = [i for i in items if i]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


class Noun(str):
    """A name with its grammar: prints as its text, and ``NUMBER_OF`` / ``GENDER_OF`` in a
    message select on its number (``singular``, ``plural``) and gender (German articles
    and pronouns: ``masculine``, ``feminine``, ``neuter``; None where the language has none)."""

    number: str
    gender: str | None

    def __new__(cls, text: str, number: str = "singular", gender: str | None = None) -> Noun:
        self = super().__new__(cls, text)
        self.number, self.gender = number, gender
        return self


def number_of(value: Any) -> str:
    """The grammatical number of a parameter (see the module's doc)."""
    if isinstance(value, _List):
        items = [i for i in value.items if i]
        return number_of(items[0]) if len(items) == 1 else "plural" if items else "singular"
    if isinstance(value, Noun):
        return value.number
    if isinstance(value, (int, FluentInt)) and not isinstance(value, bool):
        return "singular" if int(getattr(value, "value", value)) == 1 else "plural"
    return "singular"


def _gender_of(value: Any) -> Any:
    if isinstance(value, _List):
        items = [i for i in value.items if i]
        value = items[0] if len(items) == 1 else None
    if isinstance(value, Noun) and value.gender:
        return value.gender
    return FluentNone("GENDER_OF()")


def _count(value: Any) -> FluentType:
    """``COUNT($list)``: how many items a list parameter has (a number, for selectors);
    a plain string is one item (a name the caller joined itself), an empty one none."""
    if isinstance(value, _List):
        return _int(len([i for i in value.items if i]))
    if isinstance(value, int):
        return _int(value)
    if isinstance(value, str):
        return _int(1 if value else 0)
    return FluentNone("COUNT()")


# --- Fluent messages ------------------------------------------------------------------

class _Refs(Visitor):
    """The variables, selector variables and referenced entries of one pattern."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.selectors: set[str] = set()
        self.messages: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: ftl.SelectExpression) -> None:
        sel: Any = node.selector
        if isinstance(sel, ftl.FunctionReference) and sel.id.name == "NUMBER" and sel.arguments.positional:
            sel = sel.arguments.positional[0]
        if isinstance(sel, ftl.VariableReference):  # a number (COUNT($list) counts a list)
            self.selectors.add(sel.id.name)
        self.generic_visit(node)

    def visit_MessageReference(self, node: ftl.MessageReference) -> None:
        self.messages.add(node.id.name)

    def visit_TermReference(self, node: ftl.TermReference) -> None:
        # a term's variables are its own arguments, not the caller's parameters
        if node.arguments:
            self.generic_visit(node.arguments)


@dataclass
class FluentMessage:
    """One message of a language's Fluent bundle."""

    bundle: FluentBundle
    id: str
    source: str
    node: ftl.Message
    _refs: _Refs | None = field(default=None, repr=False)

    def refs(self) -> _Refs:
        if self._refs is None:
            self._refs = _Refs()
            self._refs.visit(self.node.value)
        return self._refs


@dataclass
class _FluentFiles:
    bundle: FluentBundle
    ids: dict[str, str] = field(default_factory=dict)   # id -> source, messages and terms


#: bump when what is cached changes shape (the parser's version is in the key too)
_PARSED_VERSION = 1


@cache
def _parser_version() -> str:
    from importlib.metadata import version

    try:
        return version("fluent.syntax")
    except Exception:  # noqa: BLE001 - no metadata: no cache
        return ""


def _parse(text: str) -> ftl.Resource:
    """A Fluent file parsed, from the user's cache folder when this very text was parsed
    before: parsing the catalogs is the larger part of a start (about 0.2 s a language on a
    quiet machine, a second under load), loading the parsed file a sixth of it. The key is
    the text's SHA-256 with the parser's version; a damaged, unreadable or unwritable
    cache is no error: the text is parsed, as without one."""
    parser_version = _parser_version()
    if not parser_version:
        return FluentParser().parse(text)
    key = hashlib.sha256(f"{_PARSED_VERSION} {parser_version}\n{text}".encode()).hexdigest()
    path = cache_dir() / "fluent" / f"{key}.pickle"
    try:
        resource = pickle.loads(path.read_bytes())  # noqa: S301 - the player's own cache, keyed by content
        if isinstance(resource, ftl.Resource):
            return resource
    except Exception:  # noqa: BLE001 - missing or damaged: parse again
        pass
    resource = FluentParser().parse(text)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, pickle.dumps(resource, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - a read-only or full disk only costs the next start time
        pass
    return resource


def _read_ftl(path: Path, files: _FluentFiles, out: dict) -> None:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(str(path), "/", f"cannot read: {exc}") from exc
    resource = _parse(text)
    for entry in resource.body:
        if isinstance(entry, ftl.Junk):
            line = text.count("\n", 0, entry.span.start if entry.span else 0) + 1
            note = (entry.annotations[0].message if entry.annotations else None) or "syntax error"
            raise ContentError(str(path), f"line {line}", note)
        if not isinstance(entry, (ftl.Message, ftl.Term)):
            continue
        name = entry.id.name if isinstance(entry, ftl.Message) else "-" + entry.id.name
        if name in files.ids or name in out:
            raise ContentError(str(path), name, "defined twice")
        files.ids[name] = str(path)
        if isinstance(entry, ftl.Message):
            if entry.value is None:
                raise ContentError(str(path), name, "a message needs a value")
            out[name] = FluentMessage(files.bundle, name, str(path), entry)
    files.bundle.add_resource(resource)


# --- TOML messages (the older format) -------------------------------------------------

def _flatten(table: dict, prefix: str, out: dict, source: str) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict) and not (set(v) - {"_by"}) <= set(PLURAL_FORMS):
            _flatten(v, key + ".", out, source)
        else:
            name = fluent_id(key)
            if name in out:
                raise ContentError(source, key, "defined twice")
            if isinstance(v, dict):
                if "other" not in v:
                    raise ContentError(source, key, "a plural message needs an 'other' form")
            elif not isinstance(v, str):
                raise ContentError(source, key, "must be a string or a plural table")
            out[name] = v


class _Formatter(string.Formatter):
    def get_value(self, key, args, kwargs):
        if isinstance(key, str):
            return kwargs.get(key, "")
        return super().get_value(key, args, kwargs)


def _toml_fields(msg: Any) -> set[str]:
    texts = msg.values() if isinstance(msg, dict) else [msg]
    return {f for t in texts if isinstance(t, str) for _, f, _, _ in string.Formatter().parse(t) if f}


# --- the catalog ----------------------------------------------------------------------

class Catalog:
    """Every message of one language; ``messages`` maps Fluent identifiers to messages."""

    def __init__(self, lang: str, messages: dict):
        self.lang = lang
        self.messages = messages

    def has(self, key: str) -> bool:
        return fluent_id(key) in self.messages

    def get(self, key: str, **params) -> str:
        msg = self.messages.get(fluent_id(key))
        if msg is None:
            # A missing message must never silence the game: say the key's last part.
            return key.rsplit(".", 1)[-1].replace("_", " ")
        if isinstance(msg, FluentMessage):
            return self._fluent(msg, params)
        if isinstance(msg, dict):
            n = params.get(msg.get("_by", "count"), 0)
            try:
                n = int(n)
            except (TypeError, ValueError):
                n = 0
            form = "zero" if n == 0 and "zero" in msg else ("one" if n == 1 and "one" in msg else "other")
            msg = msg[form]
        return _Formatter().format(msg, **params)

    def fields(self, key: str) -> set[str]:
        """The parameters a message uses (with the ones of the messages it refers to)."""
        msg = self.messages[fluent_id(key)]
        if not isinstance(msg, FluentMessage):
            return _toml_fields(msg)
        return self._variables(msg)

    def selectors(self, key: str) -> set[str]:
        """The number parameters a message chooses its words by (plural forms); not the
        lists it counts (``COUNT($players)``)."""
        msg = self.messages[fluent_id(key)]
        if isinstance(msg, FluentMessage):
            return self._params(msg)[1]
        return {msg.get("_by", "count")} if isinstance(msg, dict) else set()

    def _variables(self, msg: FluentMessage) -> set[str]:
        return self._params(msg)[0]

    def _params(self, msg: FluentMessage) -> tuple[set[str], set[str]]:
        """(variables, selector variables) of a message and the messages it refers to."""
        if not msg.refs().messages:
            return msg.refs().variables, msg.refs().selectors
        seen: set[str] = set()
        variables: set[str] = set()
        selectors: set[str] = set()
        todo = [msg.id]
        while todo:
            name = todo.pop()
            m = self.messages.get(name)
            if name in seen or not isinstance(m, FluentMessage):
                continue
            seen.add(name)
            refs = m.refs()
            variables |= refs.variables
            selectors |= refs.selectors
            todo += refs.messages
        return variables, selectors

    def keys(self) -> set[str]:
        """Every message's Fluent identifier."""
        return set(self.messages)

    # --- rendering ------------------------------------------------------------------
    def _and(self) -> str:
        msg = self.messages.get(fluent_id(LIST_AND))
        if msg is None:
            return "and"
        if isinstance(msg, FluentMessage):
            return self._fluent(msg, {})
        return str(msg.get("other", "and") if isinstance(msg, dict) else msg)

    def _fluent(self, msg: FluentMessage, params: Mapping[str, Any]) -> str:
        args = {name: self._arg(v) for name, v in params.items()}
        variables, selectors = self._params(msg)
        for name in selectors:
            args.setdefault(name, _int(0))
        for name in variables:
            args.setdefault(name, "")
        pattern = msg.bundle.get_message(msg.id).value
        if pattern is None:
            return ""
        text, _errors = msg.bundle.format_pattern(pattern, args)
        return str(text)

    def _arg(self, value: Any) -> Any:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return _int(value)
        if isinstance(value, float):
            return _Float(value)
        if isinstance(value, (list, tuple)):
            return _List([v if isinstance(v, Noun) else str(v) for v in value], self._and())
        if isinstance(value, Noun):
            return value  # a str, printed as is; NUMBER_OF and GENDER_OF read its grammar
        return str(value)


def load_catalog(lang: str) -> Catalog:
    """Every message of ``lang``: the shared files and every discovered game's."""
    return _load_catalog(lang, os.environ.get(PATH_ENV, ""))


@cache
def _load_catalog(lang: str, games_path: str) -> Catalog:
    folder = data_dir("locales") / lang
    if not folder.is_dir():
        raise ContentError(str(folder), "/", f"no messages for language {lang!r}")
    return read_catalog(lang, [folder] + [d.content_dir / "locales" / lang for d in definitions()
                                          if d.content_dir is not None])


def read_catalog(lang: str, folders: list[Path]) -> Catalog:
    """The messages of the ``*.toml`` and ``*.ftl`` files in ``folders``, in one catalog."""
    messages: dict = {}
    functions: dict[str, Any] = {"COUNT": _count, "NUMBER_OF": number_of, "GENDER_OF": _gender_of}
    files = _FluentFiles(FluentBundle([lang], functions=functions, use_isolating=False))
    for where in folders:
        for path in sorted(where.glob("*.toml")):
            try:
                raw = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError) as exc:
                raise ContentError(str(path), "/", f"cannot read: {exc}") from exc
            _flatten(raw, "", messages, str(path))
    for where in folders:
        for path in sorted(where.glob("*.ftl")):
            _read_ftl(path, files, messages)
    return Catalog(lang, messages)
