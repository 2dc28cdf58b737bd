"""One meaning per word across the languages (issue 24): German "ende" quit the program
while English "end" passed the turn. In every context (each game, the tutorials, the
start menu, outside all of them) a word or phrase the German and the English grammar
share, the same or as the same word in the other spelling ("ende"/"end",
"stopp"/"stop", "passen"/"pass", "starten"/"start"), means the same command in both."""
from __future__ import annotations

import re
from functools import cache

import pytest

from voice_game.commands.grammar import load_grammar

CONTEXTS = ["orchestra", "concerto", "tutorial", "menu", None]


def cognate(word: str) -> str:
    """A word as both languages could write it: no umlauts, no German ending -e/-en/-n
    (words over three letters), no doubled letters."""
    w = word.lower()
    for umlaut, plain in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ß", "ss")):
        w = w.replace(umlaut, plain)
    if len(w) > 3:
        w = re.sub(r"(en|e|n)$", "", w)
    return re.sub(r"(.)\1", r"\1", w)


@cache
def meanings(lang: str, context: str | None) -> dict[str, tuple[set, set]]:
    """cognate form of a phrase -> (the phrases, every command they mean) in one context."""
    by_words, _ = load_grammar(lang).index(context)
    out: dict[str, tuple[set, set]] = {}
    for words, commands in by_words.items():
        phrases, meant = out.setdefault(" ".join(cognate(w) for w in words), (set(), set()))
        phrases.add(" ".join(words))
        meant.update(commands)
    return out


def clashes(context: str | None) -> list[str]:
    de, en = meanings("de", context), meanings("en", context)
    return [f"{sorted(de[k][0])} means {sorted(de[k][1])}, {sorted(en[k][0])} means {sorted(en[k][1])}"
            for k in sorted(set(de) & set(en)) if de[k][1] != en[k][1]]


def test_the_cognate_form():
    assert cognate("ende") == cognate("end") and cognate("stopp") == cognate("stop")
    assert cognate("passen") == cognate("pass") and cognate("starten") == cognate("start")
    assert cognate("harfe") != cognate("hare") and cognate("nein") != cognate("nine")


@pytest.mark.parametrize("context", CONTEXTS)
def test_no_word_means_two_things_across_the_languages(context):
    assert clashes(context) == []
    assert meanings("de", context).keys() & meanings("en", context).keys()  # the check compares something


def test_ende_and_end_both_pass_in_the_animal_orchestra_and_quit_nowhere():
    for lang, word in (("de", "ende"), ("en", "end")):
        for context in CONTEXTS:
            by_words, _ = load_grammar(lang).index(context)
            meant = by_words.get((word,), set())
            assert meant == ({(("intent", "pass"),)} if context == "orchestra" else set()), (lang, context, meant)
