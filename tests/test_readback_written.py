"""A command read back for yes or no is read on a braille display too: it is written as the
locale writes its words (German nouns capitalized, the cards as the locale names them, a
seat's name as its player wrote it), in English in sentence case, and it still reads as the
command's own words: said or typed again, it means that command."""
from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import ast, parse

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import Grammar, load_grammar
from voice_game.core.errors import ContentError
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.paths import data_dir
from voice_game.session import InputLine, Seat, Session
from voice_game.session.loop import SEAT_SLOTS, sentence_start

LANGS = ["de", "en"]
GAMES = ["concerto", "orchestra"]
SABOTAGE = {"intent": "play_special_at", "attack": "sabotage", "position": 2, "first": "choir", "other": "woodwinds"}

#: (game, command, seat names by slot) -> the read-back's command as written, per language
EXAMPLES: list[tuple[str, dict[str, Any], dict[str, str], dict[str, str]]] = [
    ("concerto", SABOTAGE, {}, {"de": "Sabotage Spieler zwei Chor gegen Holzbläser",
                                "en": "Sabotage player two choir for woodwinds"}),
    ("concerto", SABOTAGE, {"position": "Amadeus"}, {"de": "Sabotage Amadeus Chor gegen Holzbläser",
                                                     "en": "Sabotage Amadeus choir for woodwinds"}),
    ("concerto", {"intent": "play_special_at", "attack": "headhunter", "position": 2, "first": "misc",
                  "other": "brass"}, {"position": "DeShawn"},
     {"de": "Headhunter DeShawn Sonstige gegen Blechbläser", "en": "Headhunter DeShawn miscellaneous for brass"}),
    ("concerto", {"intent": "start_orchestra", "instrument": "choir", "other": "percussion"}, {},
     {"de": "Orchester Chor Schlagwerk", "en": "Orchestra choir percussion"}),
    ("concerto", {"intent": "place_instrument", "instrument": "piano"}, {},
     {"de": "Klavier einsetzen", "en": "Place piano"}),
    ("concerto", {"intent": "conduct", "level": "green"}, {},
     {"de": "Grünes Stück dirigieren", "en": "Conduct green piece"}),
    ("concerto", {"intent": "conduct_ignore", "level": "orange"}, {},
     {"de": "Oranges Stück dirigieren ohne Dirigentenkarte", "en": "Conduct orange piece without conductor card"}),
    ("concerto", {"intent": "conduct_swap", "level": "yellow", "instrument": "piano", "other": "strings"}, {},
     {"de": "Gelbes Stück dirigieren Tausch Klavier Streicher", "en": "Conduct yellow piece swap piano strings"}),
    ("concerto", {"intent": "replace_piece", "level": "green"}, {},
     {"de": "Grünes Stück tauschen", "en": "Replace green piece"}),
    ("concerto", {"intent": "beat", "instrument": "piano", "pattern": "circle"}, {},
     {"de": "Klavier Kreis", "en": "Piano circle"}),
    ("concerto", {"intent": "beat", "instrument": "vocals", "pattern": "up-down"}, {},
     {"de": "Gesang Auf und ab", "en": "Vocals up and down"}),
    ("concerto", {"intent": "swap_with_special", "instrument": "guitar", "card": "rehearsal"}, {},
     {"de": "Gitarre und Probe tauschen", "en": "Swap guitar and Rehearsal"}),
    ("concerto", {"intent": "play_special", "card": "job-sharing"}, {},
     {"de": "Jobsharing spielen", "en": "Play Job sharing"}),
    ("concerto", {"intent": "take_market", "instrument": "vocals"}, {},
     {"de": "Gesang vom Markt", "en": "Take vocals from market"}),
    ("concerto", {"intent": "give_up", "instrument": "brass"}, {},
     {"de": "Blechbläser abgeben", "en": "Give up brass"}),
    ("concerto", {"intent": "draw_instrument"}, {}, {"de": "Karte ziehen", "en": "Draw card"}),
    ("concerto", {"intent": "orchestra_of", "position": 2}, {},
     {"de": "Orchester von Spieler zwei", "en": "Orchestra of player two"}),
    ("concerto", {"intent": "orchestra_of", "position": 2}, {"position": "Amadeus"},
     {"de": "Orchester von Amadeus", "en": "Orchestra of Amadeus"}),
    ("concerto", {"intent": "explain", "card": "headhunter"}, {},
     {"de": "Was macht Headhunter", "en": "What does Headhunter do"}),
    ("concerto", {"intent": "special_pile"}, {}, {"de": "Sonderkartenstapel", "en": "Special card pile"}),
    ("concerto", {"intent": "my_cards"}, {}, {"de": "Meine Karten", "en": "My cards"}),
    ("concerto", {"intent": "since_my_turn"}, {}, {"de": "Seit meinem Zug", "en": "Since my turn"}),
    ("concerto", {"intent": "verbosity", "vkind": "bot", "vlevel": "cue"}, {},
     {"de": "Bot-Züge nur Ton", "en": "Bot moves sound only"}),
    ("orchestra", {"intent": "take", "conductor": 2}, {},
     {"de": "Dirigent zwei nehmen", "en": "Take conductor two"}),
    ("orchestra", {"intent": "pass"}, {}, {"de": "Beenden", "en": "Pass"}),
    ("orchestra", {"intent": "place", "conductor": 1}, {}, {"de": "Dirigent eins", "en": "Conductor one"}),
    ("orchestra", {"intent": "row", "conductor": 3}, {},
     {"de": "Was liegt bei Dirigent drei", "en": "What is at conductor three"}),
    ("orchestra", {"intent": "cards_of", "seat": 2}, {},
     {"de": "Musiker von Spieler zwei", "en": "Musicians of player two"}),
    ("orchestra", {"intent": "cards_of", "seat": 2}, {"seat": "Ben"}, {"de": "Musiker von Ben", "en": "Musicians of Ben"}),
    ("orchestra", {"intent": "table"}, {}, {"de": "Tisch", "en": "Table"}),
    ("orchestra", {"intent": "previous"}, {}, {"de": "Vorherige Nachricht", "en": "Previous message"}),
]


def _session(game: str, lang: str, second: str = "Amadeus") -> tuple[Session, io.StringIO]:
    kit = get_kit(game)
    seats = [Seat("Anna"), Seat(second, "bot")]
    buf = io.StringIO()
    s = Session(kit, kit.new_game([x.name for x in seats], [], 3, None), seats, load_grammar(lang),
                load_catalog(lang), TextOutput(buf), iter(()), seed=3)
    return s, buf


def _read_back(s: Session, command: dict, names: dict[str, str]) -> str:
    """What the session reads back for ``command`` with ``names`` said for its seats (the
    seat named ``names[slot]`` sits at the slot's number, as the session finds it)."""
    named = {command[k]: v for k, v in names.items() if k in SEAT_SLOTS}
    s._named = named  # the seats the line at hand named: as the session's scan leaves them
    return sentence_start(s.as_said(command))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,command,names,written", EXAMPLES,
                         ids=[f"{g}-{c['intent']}-{'named' if n else 'number'}" for g, c, n, _ in EXAMPLES])
def test_a_read_back_is_written_as_the_locale_writes_it(lang, game, command, names, written):
    second = next(iter(names.values()), "Amadeus")
    s, _ = _session(game, lang, second)
    assert _read_back(s, command, names) == written[lang]


# ----------------------------------------------------------------- read back by the session
@pytest.mark.parametrize("lang", LANGS)
def test_the_choices_a_typo_leaves_are_read_back_written(lang):
    """"musikr von spieler zwei" could be two players' musicians: the choices are said
    written ("1: Musiker von Spieler zwei"), a seat named by name by its name ("Musiker von Ben")."""
    s, buf = _session("orchestra", lang, "Ben")
    c = s.c
    s.handle(InputLine({"de": "musikr von spieler zwei", "en": "musicans of player two"}[lang], 0.9, "voice"), 0)
    written = {"de": "Musiker von Spieler zwei", "en": "musicians of player two"}[lang]
    assert c.get("input.choice_item", number=1, command=written) in buf.getvalue()
    s.handle(InputLine("3"), 0)  # none of them: the question is closed
    buf.seek(0)
    buf.truncate()
    s.handle(InputLine({"de": "musikr von Ben", "en": "musicans of Ben"}[lang], 0.9, "voice"), 0)
    named = {"de": "Musiker von Ben", "en": "musicians of Ben"}[lang]
    assert any(c.get("input.choice_item", number=n, command=named) in buf.getvalue() for n in range(1, 5))


# ----------------------------------------------------------------- every read-back
@cache
def _locale_nouns(lang: str) -> frozenset[str]:
    """The words the locale writes with a capital inside a sentence (after another word of
    the same text) and never in lower case: German nouns ("spieler", "stück", "chor"), in
    lower case. Words it writes both ways ("links" and "Links rechts") are not counted."""
    capital: set[str] = set()
    lower: set[str] = set()

    def texts(node: object):
        if isinstance(node, ast.TextElement):
            yield node.value
        elif isinstance(node, ast.BaseNode):
            for value in vars(node).values():
                for child in value if isinstance(value, list) else [value]:
                    yield from texts(child)

    for path in sorted((data_dir("locales") / lang).glob("*.ftl")):
        for entry in parse(Path(path).read_text(encoding="utf-8")).body:
            if not isinstance(entry, (ast.Message, ast.Term)):
                continue
            for text in texts(entry):
                before = ""
                for token in re.findall(r"[^\W\d_]+|\d+|[^\w\s]", text):
                    if token.islower():
                        lower.add(token)
                    elif token[0].isupper() and token[1:].islower() and before.isalpha():
                        capital.add(token.lower())
                    before = token
    return frozenset(capital - lower)


def _commands(g: Grammar, game: str) -> list[dict]:
    _, by_command = g.index(game)
    return [dict(k) for k in sorted(by_command, key=str)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_read_back_reads_as_its_command_and_capitalizes_the_locales_nouns(lang, game):
    """Every command the game can read back (each move, each question, each meta command), by
    number and by a seat's name: its written words are the grammar's words (it parses back to
    itself, the parser heeding no case), every noun the locale knows is capitalized, and the
    cards are named as the locale names them (Concerto's instruments, special cards, patterns)."""
    s, _ = _session(game, lang)
    g, c = s.g, s.c
    by_words, _ = g.index(game)
    nouns = _locale_nouns(lang)
    if lang == "de":
        assert {"spieler", "stück", "chor", "holzbläser", "dirigent", "karten", "musiker"} <= nouns, sorted(nouns)
    checked = capitalized = 0
    for cmd in _commands(g, game):
        seats = {k: "Amadeus" for k in cmd if k in SEAT_SLOTS and cmd[k] == 2}
        for names in ({}, seats) if seats else ({},):
            written = _read_back(s, cmd, names)
            said = g.render(cmd, names)
            assert g.normalize_words(written) == g.normalize_words(sentence_start(said)), (written, said)
            if not names:
                assert tuple(sorted(cmd.items())) in by_words[tuple(g.normalize_words(written))], written
            else:
                heard = g.normalize_words(s.seat_names_as_numbers(written))
                assert tuple(sorted(cmd.items())) in by_words[tuple(heard)], written
            for word in re.findall(r"[^\W\d_]+", written):
                if word.lower() in nouns:
                    assert word[0].isupper(), (word, written)
                    capitalized += 1
            for slot, key in s.kit.value_names.items():
                if slot in cmd:
                    name = c.get(key.format(cmd[slot]))
                    assert name in written or sentence_start(name) in written, (slot, name, written)
            checked += 1
    assert checked > 0 and (capitalized > 0 or lang != "de"), (checked, capitalized)
    assert bool(s.kit.value_names) == (game == "concerto")


def _grammar_with(written: dict) -> Grammar:
    g = load_grammar("de")
    return Grammar("de", {**g.raw, "written": written}, "test")


def test_a_written_form_must_be_the_same_words():
    assert _grammar_with({"spieler": "Spieler"}).write({"intent": "orchestra_of", "position": 1}).startswith(
        "orchester von Spieler")
    for bad in ({"spieler": "Spielerin"}, {"Spieler": "Spieler"}, {"spieler": 3}):
        with pytest.raises(ContentError):
            _grammar_with(bad)
