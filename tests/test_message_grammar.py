"""Every message renders grammatically for the numbers 0, 1, 2 and 5, in German and English.

How it works: every message of both catalogs is rendered four times. Each time every
number parameter (``count``, every parameter a message selects on, and the parameters
named in ``NUMBERS``) is 0, 1, 2 and then 5; list parameters (``LISTS``: who is named)
get that many player names (at least one), as a list, so a verb must agree with them;
every other parameter gets a plausible word of the language (``WORDS``, else a neutral
name). Card names are the narrators' own (``Noun``: the name with the grammatical number and
gender the content data gives it), and every message is rendered twice more: once with
plural names ("Streicher", "strings") and once with singular ones ("Gitarre", "piano"),
so a verb or pronoun must agree with the name ("Streicher sind weg", "Gitarre und ihr
Schlagmuster"). The rendered text is then searched for known mistakes (``MISTAKES``): a number
and a noun that disagree ("1 Karten", "2 card"), a singular verb after a list of names
("Amadeus und Clara ist"), a plural name with a singular verb ("Streicher ist weg"), a preposition with a dative plural without its -n ("mit
Streicher und Holzbläser"), a sentence that starts in lower case ("no quartet." as a
whole message), leftover placeholders or invisible marks. A hit names the message, the
number and the text.
"""
from __future__ import annotations

import re
from functools import cache

import pytest

from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.catalog import load_catalog

COUNTS = (0, 1, 2, 5)
NAMES = ["Amadeus", "Clara", "Ben", "Dora", "Emil"]
# parameters that hold a number in every message that has them
NUMBERS = {"count", "points", "score", "max", "min", "need", "minutes", "conductors", "right", "round",
           "percent", "megabytes", "received", "number", "position", "first", "last", "volume", "conductor"}
# parameters that hold a number only in some messages (their keys contain one of the words)
NUMBERS_IN = {"target": ("game_started", "table_target")}
# parameters that name one or more players (the callers pass a list)
LISTS = {"players"}

# the words of the other parameters (card names come from `names`)
WORDS = {
    "de": {"player": "Amadeus",
           "piece": "Bolero", "pattern": "Kreis", "expected_pattern": "Kreuz", "card": "Probe",
           "cards": ["Klavier", "Chor"], "level": "grün", "conductor": "Dirigent drei",
           "name": "Tarturo Oscanini", "title": "Concerto",
           "genre": "Oper", "composer": "Ravel", "path": "/tmp/x.json", "problem": "der Datenträger ist voll",
           "lang": "Deutsch", "target": "Clara", "text": "Beginne mit dem zweiten Instrument.",
           "command": "Karte ziehen", "commands": "Tisch, Punkte", "options": "Chor oder Klavier",
           "actions": "zieht eine Karte", "pair": "Streicher mit Kreis", "pairs": "Streicher mit Kreis",
           "pile": "Instrumente"},
    "en": {"player": "Amadeus",
           "piece": "Bolero", "pattern": "circle", "expected_pattern": "cross", "card": "rehearsal",
           "cards": ["piano", "choir"], "level": "green", "conductor": "conductor three",
           "name": "Tarturo Oscanini", "title": "Concerto",
           "genre": "opera", "composer": "Ravel", "path": "/tmp/x.json", "problem": "the disk is full",
           "lang": "German", "target": "Clara", "text": "Start with the second instrument.",
           "command": "draw a card", "commands": "table, scores", "options": "choir or piano",
           "actions": "draws a card", "pair": "strings with circle", "pairs": "strings with circle",
           "pile": "instrument"},
}


@cache
def names(lang: str, plural: bool) -> dict:
    """The card names of the narrators (with their grammar): plural ones or singular ones."""
    c = load_catalog(lang)
    ins = ConcertoNarrator(c, {0}, "default").ins
    fam = OrchestraNarrator(c, {0}, "default").family
    first, other = ("strings", "woodwinds") if plural else ("guitar", "piano")
    # "expected" is also a number of bytes in another message ("0 von Chor Bytes"): a singular name
    return {"instrument": ins(first), "other": ins(other), "expected": ins("choir"),
            "instruments": [ins(first), ins(other)] if plural else [ins(first)],
            "missing": [ins(first), ins(other)] if plural else [ins(other)],
            "family": fam("tuba" if plural else "violin"),
            "families": [fam("tuba", 2), fam("violin", 2)] if plural else [fam("harp")]}


_DE_PLURAL = (r"Karten|Punkte|Punkten|Instrumente|Instrumenten|Stücke|Stücken|Minuten|Runden|Züge|Zügen|Klänge|"
              r"Klängen|Wörter|Quartette|Lektionen|Möglichkeiten|Sonderkarten|Bonuspunkte|Instrumentenkarten|"
              r"Plätze|Sekunden|Musikern|Dirigentenkarten|Stapel?karten|Solisten|Spielern|Prozente|Schlagmustern")
_DE_SINGULAR = (r"Karte|Punkt|Instrument|Minute|Runde|Zug|Klang|Wort|Quartett|Lektion|Möglichkeit|Sonderkarte|"
                r"Bonuspunkt|Instrumentenkarte|Sekunde|Dirigentenkarte|Solist")
_EN_NOUNS = (r"card|point|instrument|piece|minute|round|turn|sound|word|quartet|lesson|possibilit(?:y|ie)|"
             r"special card|bonus point|instrument card|second|player|musician|conductor|soloist|beat pattern|"
             r"pattern|bot|seat|megabyte|option|step")
_DE_VERBS = (r"ist|hat|bekommt|wählt|gewinnt|nimmt|legt|spielt|zieht|tauscht|setzt|dirigiert|muss|darf|kann|"
             r"bleibt|liegt|sitzt|fehlt|scheidet|gibt")
_EN_VERBS = r"is|has|gets|wins|takes|chooses|places|plays|draws|swaps|conducts|must|stays|was|sits|passes"
_NAME = "|".join(NAMES[1:])
_DE_PLURAL_NAMES = "Streicher|Holzbläser|Blechbläser|Sonstige"
_DE_SINGULAR_NAMES = "Klavier|Gitarre|Chor|Schlagwerk|Gesang"

MISTAKES = {
    "de": [
        ("1 and a plural noun", re.compile(rf"(?<![\d.,])\b1 (?:{_DE_PLURAL})\b")),
        ("a number other than 1 and a singular noun", re.compile(rf"(?<![\d.,])\b(?:0|[2-9]|\d\d+) (?:{_DE_SINGULAR})\b")),
        ("a singular verb after a list of names", re.compile(rf"\b(?:und) (?:{_NAME}),? (?:{_DE_VERBS})\b")),
        ("a list of names after a singular verb", re.compile(rf"\b(?:{_DE_VERBS}) (?:{NAMES[0]}),? (?:[A-Z]\w+,? )*und ")),
        ("a dative plural without -n", re.compile(
            r"\b(?:mit|von|aus|bei|nach|seit)(?: (?:den|allen|deinen|seinen|ihren|zwei|drei|vier))?"
            r" (?:Streicher|Holzbläser|Blechbläser)(?: und (?:Streicher|Holzbläser|Blechbläser))?(?![\w-])")),
        ("1 and a plural verb", re.compile(r"(?<![\d.,])\b1 \w+ (?:gehen|sind|liegen|wurden|fehlen|haben|bekommen)\b")),
        ("a number other than 1 and a singular verb",
         re.compile(r"(?<![\d.,])\b(?:0|[2-9]|\d\d+) \w+ (?:geht|ist|liegt|wurde|fehlt|kommt)\b")),
        ("another word than Schlagmuster for a beat pattern", re.compile(r"Taktfigur|Schlagfigur|Taktmuster")),
        ("kein with a plural noun", re.compile(r"\bkein (?:Holzbläser|Blechbläser|Streicher|Sonstige)\b")),
        ("ohne with a nominative weak noun", re.compile(r"\bohne (?:Dirigent|Solist)\b(?!en)")),
        ("a plural name with a singular verb", re.compile(
            rf"\b(?:{_DE_PLURAL_NAMES}) (?:ist|liegt|spielt|schlägt|gehört|fehlt|kommt|hat|geht|bleibt)\b")),
        ("a singular verb before a plural name", re.compile(
            rf"\b(?:ist|liegt|fehlt)(?: \w+){{0,2}} (?:{_DE_PLURAL_NAMES})\b")),
        ("a singular name with a plural verb", re.compile(
            rf"(?<!und )(?<!, )\b(?:{_DE_SINGULAR_NAMES}) (?:sind|liegen|spielen|schlagen|gehören|fehlen|kommen)\b")),
        ("a pronoun that does not agree with the name", re.compile(
            rf"\b(?:{_DE_PLURAL_NAMES}|Gitarre) und sein\b|\b(?:Klavier|Chor|Schlagwerk|Gesang) und ihr\b")),
        ("an article of the wrong gender", re.compile(
            r"\b(?:der|den) (?:Geigen-Katze|Harfen-Eule|Triangel-Maus)\b|"
            r"\bdie (?:Tuba-Bär|Flöten-Frosch|Trommel-Elefant|Trompeten-Fuchs|Cello-Hase)\b")),
    ],
    "en": [
        ("1 and a plural noun", re.compile(rf"(?<![\d.,])\b1 (?:{_EN_NOUNS})s\b")),
        ("a number other than 1 and a singular noun",
         re.compile(rf"(?<![\d.,])\b(?:0|[2-9]|\d\d+) (?:{_EN_NOUNS})\b(?!s| card| point| pattern)")),
        ("a singular verb after a list of names", re.compile(rf"\band (?:{_NAME}),? (?:{_EN_VERBS})\b")),
        ("1 and a plural verb", re.compile(r"(?<![\d.,])\b1 \w+ (?:are|were|do|have)\b")),
        ("a number other than 1 and a singular verb",
         re.compile(r"(?<![\d.,])\b(?:0|[2-9]|\d\d+) \w+s (?:is|was|does|has)\b")),
        ("a plural name with a singular verb", re.compile(
            r"\b(?:strings|woodwinds|vocals) (?:is|plays|beats|does|has|goes)\b")),
        ("a singular name with a plural verb", re.compile(
            r"(?<!and )(?<!, )\b(?:piano|guitar|choir|percussion|brass) (?:are|play|beat|do|go|were)\b")),
        ("a pronoun that does not agree with the name", re.compile(
            r"\b(?:strings|woodwinds|vocals) and its\b|\b(?:piano|guitar|choir) and their\b")),
        ("an s-possessive of a plural name", re.compile(r"\b(?:strings|woodwinds|vocals)'s\b")),
    ],
}
COMMON = [
    ("a placeholder left over", re.compile(r"\{ ?\$|\{\w+\}|\$\w")),
    ("an invisible mark", re.compile("[\u2066-\u2069\u200e\u200f\u061c]")),
    ("a doubled word", re.compile(r"\b(?!(?:der|die|das|that|had)\b)(\w{3,}) \1\b", re.IGNORECASE)),
    ("a space before punctuation", re.compile(r"\w \.(?!\.)|\w ,")),
]
# a message that is a sentence (it ends with . ! or ?) and begins with its own words (not
# a parameter, which the narrator may put in any case) begins with a capital letter
_LOWER_SENTENCE = re.compile(r"^[a-zäöüß][^.!?]*[.!?]$")


def _starts_with_words(msg) -> bool:
    node = getattr(msg, "node", None)
    if node is None:  # a TOML message
        texts = msg.values() if isinstance(msg, dict) else [msg]
        return all(isinstance(t, str) and not t.startswith("{") for t in texts)
    elements = node.value.elements
    return bool(elements) and type(elements[0]).__name__ == "TextElement"


def params_for(lang: str, key: str, fields: set[str], selectors: set[str], n: int, plural: bool = True) -> dict:
    words = {**WORDS[lang], **names(lang, plural)}
    out: dict = {}
    for f in fields:
        if f in NUMBERS or f in selectors or any(w in key for w in NUMBERS_IN.get(f, ())):
            out[f] = n
        elif f in LISTS:
            out[f] = NAMES[:max(n, 1)]
        elif f in words:
            out[f] = words[f]
        else:
            out[f] = "Anna"
    return out


def render_all(lang: str):
    c = load_catalog(lang)
    for key in sorted(c.keys()):
        fields = c.fields(key)
        msg = c.messages[key]
        selectors = c.selectors(key)
        for plural in (True, False):
            for n in COUNTS:
                yield key, n, c.get(key, **params_for(lang, key, fields, selectors, n, plural)), _starts_with_words(msg)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_message_renders_grammatically_for_0_1_2_and_5(lang):
    problems = []
    for key, n, text, own_start in render_all(lang):
        for what, pattern in MISTAKES[lang] + COMMON:
            if pattern.search(text):
                problems.append(f"{key} ({n}): {what}: {text!r}")
        if own_start and _LOWER_SENTENCE.match(text):
            problems.append(f"{key} ({n}): a sentence that starts in lower case: {text!r}")
    assert problems == []


@pytest.mark.parametrize("lang,text", [
    ("de", "Noch 1 Karten"), ("de", "Solist: 1 Punkte"), ("de", "Amadeus und Clara ist dran."),
    ("de", "mit Streicher und Holzbläser"), ("de", "kein Holzbläser"), ("de", "ohne Dirigent beenden"),
    ("de", "Noch 5 Karte im Stapel."), ("en", "1 cards in hand"), ("en", "Amadeus and Clara is next."),
    ("en", "2 point"), ("de", "1 Musiker wurden genommen"), ("de", "5 Spieler geht nicht"),
    ("en", "1 players do not work"), ("de", "Concerto: Taktfiguren üben"),
    ("de", "Streicher ist weg."), ("de", "Für Bolero fehlt deinem Orchester Holzbläser."),
    ("de", "Jetzt ist Blechbläser dran."), ("de", "Klavier sind weg."), ("de", "Sag Gitarre und sein Schlagmuster"),
    ("de", "Zuerst muss der Geigen-Katze zu einem Dirigenten."), ("en", "strings is gone."),
    ("en", "Your woodwinds plays circle."), ("en", "piano are gone."), ("en", "Now it is strings's turn."),
    ("en", "Say vocals and its beat pattern"),
])
def test_the_checks_catch_the_known_mistakes(lang, text):
    assert any(p.search(text) for _, p in MISTAKES[lang] + COMMON), text


# --- the grammar of card names, from the content data ---------------------------------

def _languages() -> set[str]:
    from voice_game.paths import data_dir

    return {p.name for p in data_dir("locales").iterdir() if p.is_dir()}


def test_every_language_has_the_grammar_of_every_card_name():
    from voice_game.games.concerto.content import load_content as concerto
    from voice_game.games.orchestra.cards import load_content as orchestra

    for content, ids in ((concerto(), concerto().instruments), (orchestra(), orchestra().families)):
        assert set(content.grammar) == _languages()
        for lang in content.grammar:
            assert set(content.grammar[lang]) == set(ids)
    assert orchestra().name_grammar("de", "violin").gender == "feminine"
    assert concerto().name_grammar("de", "strings").number == "plural"
    assert concerto().name_grammar("de", "guitar").gender == "feminine"


@pytest.mark.parametrize("change,where", [
    (lambda g: g["de"].pop("strings"), "grammar.de"),
    (lambda g: g["de"].__setitem__("tuba", {"number": "singular"}), "grammar.de"),
    (lambda g: g["de"]["piano"].__setitem__("number", "dual"), "grammar.de.piano.number"),
    (lambda g: g["de"]["piano"].__setitem__("gender", "f"), "grammar.de.piano.gender"),
    (lambda g: g["en"]["piano"].__setitem__("case", "dative"), "grammar.en.piano"),
    (lambda g: g.__setitem__("Deutsch", {}), "grammar.Deutsch"),
    (lambda g: g.clear(), "grammar"),
])
def test_a_broken_grammar_table_is_refused_at_load_naming_the_place(change, where):
    import copy
    import json

    from voice_game.core.errors import ContentError
    from voice_game.games.concerto.content import DATA_DIR, parse_base

    raw = json.loads((DATA_DIR / "instruments.json").read_text(encoding="utf-8"))
    broken = copy.deepcopy(raw)
    change(broken["grammar"])
    with pytest.raises(ContentError) as exc:
        parse_base(broken)
    assert exc.value.where == where
    parse_base(raw)  # the shipped table is fine


def test_the_orchestra_data_refuses_a_broken_grammar_table():
    import json

    from voice_game.core.errors import ContentError
    from voice_game.games.orchestra.cards import DATA, parse_content

    raw = json.loads(DATA.read_text(encoding="utf-8"))
    del raw["grammar"]["en"]["harp"]
    with pytest.raises(ContentError) as exc:
        parse_content(raw)
    assert exc.value.where == "grammar.en" and "harp" in exc.value.problem


@pytest.mark.parametrize("lang,plural,singular", [
    ("de", "Streicher sind weg.", "Klavier ist weg."), ("en", "strings are gone.", "piano is gone."),
])
def test_verbs_agree_with_the_instruments_number(lang, plural, singular):
    from voice_game.core.errors import RuleError

    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    assert c.get("concerto.bot_failed_lost_short", instrument=n.ins("strings")) == plural
    assert c.get("concerto.bot_failed_lost_short", instrument=n.ins("piano")) == singular
    said = n.reason(RuleError("not_in_market", instrument="woodwinds"), {"players": ["Anna", "Amadeus"]}).text
    assert said == {"de": "Holzbläser liegen nicht auf dem Arbeitsmarkt.",
                    "en": "Woodwinds are not in the job market."}[lang]
    missing = n.reason(RuleError("missing_instruments", piece="bolero", missing=["guitar"]),
                       {"players": ["Anna", "Amadeus"]}).text
    assert {"de": "fehlt deinem Orchester Gitarre", "en": "lacks guitar"}[lang] in missing
    both = n.reason(RuleError("missing_instruments", piece="bolero", missing=["guitar", "piano"]),
                    {"players": ["Anna", "Amadeus"]}).text
    assert lang == "en" or "fehlen deinem Orchester Gitarre und Klavier" in both


def test_german_articles_follow_the_familys_gender():
    from voice_game.core.errors import RuleError

    n = OrchestraNarrator(load_catalog("de"), {0}, "default")
    v = {"players": ["Anna", "Amadeus", "Clara"]}
    assert n.reason(RuleError("must_place_first", family="violin"), v).text == \
        "Zuerst muss die Geigen-Katze zu einem Dirigenten."
    assert n.reason(RuleError("must_place_first", family="tuba"), v).text == \
        "Zuerst muss der Tuba-Bär zu einem Dirigenten."
