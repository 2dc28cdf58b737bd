"""Each tutorial piped to its end in both languages (text mode), resumed from the middle,
skipped and stepped back through, exactly as a player at a terminal or a script would."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tutorial.helpers import NEXT, WRONG, lesson_lines
from voice_game.tutorial.lessons import available, load_course

ROOT = Path(__file__).resolve().parents[2]
FINISHED = {"de": "Geschafft!", "en": "Well done!"}


def run(args, lines, data_dir, timeout=120):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "-m", "voice_game.cli", "tutorial", *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env)


def progress(data_dir) -> dict:
    return json.loads((Path(data_dir) / "tutorial_progress.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", available())
def test_tutorial_runs_to_its_end(course, lang, tmp_path):
    p = run([course, "--lang", lang, "--tts", "text"], lesson_lines(course, lang), tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    out = p.stdout
    assert FINISHED[lang] in out
    n = len(load_course(course).lessons)
    for i in range(1, n + 1):
        assert (f"Lektion {i} von {n}" if lang == "de" else f"Lesson {i} of {n}") in out
    kinds = {st.kind for lesson in load_course(course).lessons for st in lesson.steps}
    if "do" in kinds:  # a wrong answer got a hint, never a state change
        assert ("Das habe ich nicht verstanden." if lang == "de" else "I did not understand that.") in out
    if "practice" in kinds:  # one wrong pattern was booed, the rest cheered, the score spoken back
        assert out.count("Buh!" if lang == "de" else "Boo!") == 1 and "Bravo!" in out
        assert ("Insgesamt hast du dir 9 von 10" if lang == "de" else "In all you remembered 9 of 10") in out
    assert progress(tmp_path)[course] == {"lesson": None, "done": True}


def test_orchestra_tutorial_teaches_by_the_real_game(tmp_path):
    p = run(["orchestra", "--lang", "de", "--tts", "text"], lesson_lines("orchestra", "de"), tmp_path)
    out = p.stdout
    assert "\nTuba-Bär.\n" in out and "\nDirigent 1, links.\n" in out  # each sound named once
    assert "Gezogen: Tuba. Zu welchem Dirigenten?" in out  # the engine's own narration
    assert "Du nimmst Dirigent 2: Harfe." in out
    assert "Jetzt kannst du sagen: ziehen" in out  # "hilfe" ran the session's help
    assert "Das Spiel ist aus. Die Wertung." in out  # the last-card lesson ends with scoring
    assert "Ein kurzes Spiel gegen Amadeus." in out
    assert "Tipp: Tisch sagt dir" in out and "Vorschlag: „" in out


def test_wrong_answers_get_the_engines_reason_and_then_the_exact_words(tmp_path):
    c = load_course("orchestra")
    start = c.index_of("full")
    # lesson "full": help, draw, then conductor 1 (full) twice before conductor 2
    lines = ["hilfe", "ziehen", "Dirigent 1", "Dirigent 1", "Dirigent 2", "Tutorial beenden"]
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({"orchestra": {"lesson": "full"}}))
    p = run(["orchestra", "--tts", "text"], lines, tmp_path)
    out = p.stdout
    assert f"Lektion {start + 1} von" in out
    assert out.count("Dirigent 1 ist voll") == 2 or out.count("voll") >= 3
    assert "Sag genau: „dirigent zwei“." in out
    assert "Zu 2." in out  # the game's own words at the default detail
    assert progress(tmp_path)["orchestra"]["lesson"] == "full"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_resume_from_the_middle(lang, tmp_path):
    c = load_course("orchestra")
    mid = c.index_of("take")
    end_words = {"de": "Tutorial beenden", "en": "end tutorial"}[lang]
    first = lesson_lines("orchestra", lang, 0, mid) + [WRONG[lang], end_words]
    p1 = run(["orchestra", "--lang", lang, "--tts", "text"], first, tmp_path)
    assert p1.returncode == 0, p1.stderr
    assert progress(tmp_path)["orchestra"] == {"lesson": "take", "done": False}
    assert (f"mit Lektion {mid + 1} weiter" if lang == "de" else f"continue with lesson {mid + 1}") in p1.stdout

    p2 = run(["orchestra", "--lang", lang, "--tts", "text"], lesson_lines("orchestra", lang, mid), tmp_path)
    assert p2.returncode == 0, p2.stderr
    out = p2.stdout
    assert ("Willkommen zurück" if lang == "de" else "Welcome back") in out
    n = len(c.lessons)
    assert (f"Lektion {mid + 1} von {n}" if lang == "de" else f"Lesson {mid + 1} of {n}") in out
    assert (f"Lektion 1 von {n}" if lang == "de" else f"Lesson 1 of {n}") not in out
    assert FINISHED[lang] in out
    assert progress(tmp_path)["orchestra"]["done"] is True


def test_input_ending_mid_lesson_keeps_the_place(tmp_path):
    lines = lesson_lines("orchestra", "de", 0, 2) + ["ziehen"]  # lesson 3 begun, not finished
    p = run(["orchestra", "--tts", "text"], lines, tmp_path)
    assert "Keine Eingabe mehr. Beim nächsten Mal geht es mit Lektion 3 weiter." in p.stdout
    assert progress(tmp_path)["orchestra"]["lesson"] == "draw"
    p2 = run(["orchestra", "--tts", "text", "--restart"], [NEXT["de"], "Tutorial beenden"], tmp_path)
    assert "Willkommen zum Tutorial" in p2.stdout and "Lektion 2 von" in p2.stdout


def test_skip_back_repeat_and_next_do_what_they_say(tmp_path):
    lines = ["weiter",                 # lesson 1 -> 2
             "überspringen",           # lesson 2 skipped -> 3
             "wiederholen",            # the explanation again
             "zurück",                 # back to lesson 2
             "überspringen",           # -> 3
             "weiter",                 # task "ziehen": done for the player
             "Tutorial beenden"]
    p = run(["orchestra", "--tts", "text"], lines, tmp_path)
    out = p.stdout
    # lesson 3: entered, repeated ("wiederholen" says the lesson so far again), entered again
    assert out.count("Lektion 3 von") == 3 and out.count("Lektion 2 von") == 2
    assert "Übersprungen." in out and "Zurück zu Lektion 2." in out
    assert out.count("Wer dran ist, zieht einen Musiker") == 3  # said, repeated, said again
    assert "Ich mache das für dich: „ziehen“." in out and "Gezogen: Tuba." in out
    assert "Tutorial beendet. Beim nächsten Mal geht es mit Lektion 3 weiter." in out


def test_unknown_course_is_one_sentence(tmp_path):
    p = run(["chess", "--tts", "text"], [], tmp_path)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "Ein Tutorial chess gibt es nicht" in p.stdout


def test_practice_hint_next_and_other_instrument(tmp_path):
    from voice_game.commands.grammar import load_grammar
    from voice_game.games.concerto.practice import patterns_of, plan

    c = load_course("concerto-practice")
    step = c.lessons[1].steps[0]
    rounds = plan(step.value)
    second = rounds[0].piece[1]
    g = load_grammar("en")
    lines = ["next",                                  # lesson 1 -> drill
             "hello",                                 # not a beat command: how to say it
             g.render({"intent": "beat", "instrument": second, "pattern": "circle"}),  # wrong instrument
             "next",                                  # tell me the pattern
             g.render({"intent": "beat", "instrument": second, "pattern": patterns_of(rounds)[second]}),
             "end tutorial"]
    p = run(["concerto-practice", "--lang", "en", "--tts", "text"], lines, tmp_path)
    out = p.stdout
    assert "for example" in out and "Now it is" in out
    assert "Remembered: 1 of 2." in out
    assert progress(tmp_path)["concerto-practice"]["lesson"] == "drill"
