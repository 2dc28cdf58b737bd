"""The grammar of card names, from a game's content data: for each language, each
card's grammatical number (and gender where the language's articles and pronouns need
it), so that a message agrees with the name ("Streicher sind weg", "Klavier ist weg").

In a data file::

    "grammar": {
      "de": {"strings": {"number": "plural"}, "guitar": {"number": "singular", "gender": "feminine"}},
      "en": {"strings": {"number": "plural"}, "guitar": {"number": "singular"}}
    }

Every language lists every card id, and nothing else; a broken table raises
ContentError naming the place. The narrators hand the names to the messages with this
grammar (``voice_game.narration.catalog.Noun``).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from voice_game.core.errors import ContentError

NUMBERS = ("singular", "plural")
GENDERS = ("masculine", "feminine", "neuter")
_LANG = re.compile(r"[a-z]{2,3}")


@dataclass(frozen=True)
class NameGrammar:
    number: str = "singular"
    gender: str | None = None


SINGULAR = NameGrammar()


def parse_grammar(raw: Any, ids: Iterable[str], source: str, where: str = "grammar") -> dict[str, dict[str, NameGrammar]]:
    """{language: {card id: NameGrammar}} from a data file's grammar table."""
    ids = list(ids)

    def need(cond: object, at: str, problem: str) -> None:
        if not cond:
            raise ContentError(source, at, problem)

    need(isinstance(raw, dict) and raw, where, "must be an object of languages")
    out: dict[str, dict[str, NameGrammar]] = {}
    for lang, table in raw.items():
        at = f"{where}.{lang}"
        need(isinstance(lang, str) and _LANG.fullmatch(lang), at, "must be a language code such as de or en")
        need(isinstance(table, dict), at, "must be an object of card ids")
        missing = [i for i in ids if i not in table]
        need(not missing, at, f"no grammar for {', '.join(missing)}")
        unknown = sorted(set(table) - set(ids))
        need(not unknown, at, f"unknown ids {', '.join(unknown)}")
        names: dict[str, NameGrammar] = {}
        for cid in ids:
            entry = table[cid]
            here = f"{at}.{cid}"
            need(isinstance(entry, dict), here, "must be an object with a number")
            extra = sorted(set(entry) - {"number", "gender"})
            need(not extra, here, f"unknown keys {', '.join(extra)}")
            need(entry.get("number") in NUMBERS, here + ".number", "must be singular or plural")
            gender = entry.get("gender")
            need(gender is None or gender in GENDERS, here + ".gender", "must be masculine, feminine or neuter")
            names[cid] = NameGrammar(entry["number"], gender)
        out[lang] = names
    return out
