"""Every course practises the tools that make the game bearable by ear (issue 25): the
history ("vorherige nachricht", "seit meinem zug"), the detail (ausführlich, kurz, normal),
"regeln" and "stopp", the keys, and the game's own questions: Tierorchester's "Dirigent 2?"
and "Musiker von X", Concerto's "Stücke", "Orchester von X", "was macht X" and
"Ablagestapel". Each is a step of its own that asks the player to say it, and the lesson
takes it spoken, typed (a move typed as a question, a seat by its name) or keyed; each
answer is the game's own. Only what the grammar has is asked for."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.test_keys import ScriptedReader
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.input import InputLine
from voice_game.keys import Key, KeyInput, load_bindings
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.lessons import load_course
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

COMMON = ("previous", "since_my_turn", "verbose", "brief", "normal", "rules", "stop")
OWN = {"orchestra": ("row", "cards_of"), "concerto": ("pieces", "orchestra_of", "explain", "discard_pile")}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", ["orchestra", "concerto"])
def test_each_tool_is_a_step_of_its_own_and_a_command_of_the_grammar(course, lang):
    g = load_grammar(lang)
    lesson = next(x for x in load_course(course).lessons if x.id == "tools")
    asked = [st.value["intent"] for st in lesson.steps if st.kind == "do"]
    assert sorted(asked) == sorted(OWN[course] + COMMON)  # each once
    assert all(i in g.intents for i in asked)
    c = load_catalog(lang)
    said = " ".join(c.get(k) for st in lesson.steps if st.kind == "say" for k in st.value)
    assert re.search(r"\bK\b", said) and re.search(r"\bV\b", said)  # the keys are told


def run_tools(course: str, lang: str, events: list, tmp_path: Path) -> str:
    """The course's tools lesson, its input from the keyboard: keys, typed lines, and lines
    the voice heard, in the order given."""
    progress = Progress(tmp_path / "p.json")
    progress.set(course, lesson="tools", done=False)
    buf = io.StringIO()
    inp = KeyInput(ScriptedReader(events), load_bindings({}))
    r = TutorialRunner(course, lang, TextOutput(buf), inp, progress=progress, keys=inp)
    r.run()
    return buf.getvalue()


def voice(text: str) -> InputLine:
    return InputLine(text, 0.9, "voice")


KEYS_AND_WORDS = {  # history, detail and rules by key; stop and since my turn by voice
    "de": [Key(","), voice("seit meinem zug"), Key("v"), Key("v"), Key("v"), Key("g"), voice("stopp"), "weiter"],
    "en": [Key(","), voice("since my turn"), Key("v"), Key("v"), Key("v"), Key("g"), voice("stop"), "next"],
}
TYPED_AND_SPOKEN = {  # the game's own questions: typed as a question, a seat by name, spoken
    "de": {"orchestra": ["Dirigent 1?", voice("musiker von amadeus")],
           "concerto": ["Stücke", voice("orchester von amadeus"), "was macht Headhunter", voice("ablagestapel")]},
    "en": {"orchestra": ["conductor 1?", voice("musicians of amadeus")],
           "concerto": ["pieces", voice("orchestra of amadeus"), "what does Headhunter do", voice("discard pile")]},
}
WORDS = {  # the words a step answered with something else would hear
    "de": ("üben wir etwas anderes", "Das habe ich nicht verstanden", "Ich mache das für dich"),
    "en": ("we practise something else", "I did not understand", "I do it for you"),
}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", ["orchestra", "concerto"])
def test_the_tools_are_taken_spoken_typed_or_keyed(course, lang, tmp_path):
    c = load_catalog(lang)
    out = run_tools(course, lang, TYPED_AND_SPOKEN[lang][course] + KEYS_AND_WORDS[lang], tmp_path)
    wrong = [w for w in WORDS[lang] if w.lower() in out.lower()]
    assert not wrong, out
    lesson = next(x for x in load_course(course).lessons if x.id == "tools")
    assert c.get(lesson.steps[-1].value) in out  # every step done: the lesson's last words came
    for key in ("settings.verbose", "settings.brief", "settings.normal", "tutorial.tools.stop_done"):
        assert c.get(key) in out, key
    assert c.get(f"{course}.rules").split(".")[0] in out  # "regeln" answered with the game's rules
    if course == "orchestra":  # "Dirigent 1?" says what lies there, never places a card
        assert {"de": "Dirigent 1 mit Harfen-Eule und Trompeten-Fuchs.",
                "en": "Conductor 1 with harp owl and trumpet fox."}[lang] in out
        assert {"de": "Amadeus hat Trommel-Elefant und Geigen-Katze.",
                "en": "Amadeus has drum elephant and violin cat."}[lang] in out
    else:
        assert c.get("concerto.table_discard", cards=c.get("instrument.guitar.name")) in out
        assert c.get("special.headhunter.text") in out
        assert c.get("concerto.table_orchestra", orchestra="§").split("§")[0] in out
