"""The Concerto course: piped to its end in both languages (text mode) with the game's own
commands, every task checked against the grammar and the engine at its prepared table,
resumed from the middle, the guided game played by accepting the guide's suggestions,
and offered by the start menu."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tutorial.helpers import NEXT, WRONG, lesson_lines
from voice_game.audio.tts import SilentOutput
from voice_game.commands.grammar import freeze, load_grammar
from voice_game.commands.parser import meta_intents, understand
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.lessons import available, load_course, validate_against
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

ROOT = Path(__file__).resolve().parents[2]
COURSE = load_course("concerto")
N = len(COURSE.lessons)
GAME = COURSE.index_of("game")
END = {"de": "Tutorial beenden", "en": "end tutorial"}
YES = {"de": "ja", "en": "yes"}
# the guided game: a look at the table, the player's own starting orchestra, then
# "yes" to every suggestion of the guide until the three pieces are gone
GAME_LINES = {"de": ["tisch", "orchester klavier streicher"], "en": ["table", "orchestra piano strings"]}


def run(args, lines, data_dir, timeout=120):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(data_dir))
    return subprocess.run([sys.executable, "-m", "voice_game.cli", "tutorial", *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT, env=env)


def progress(data_dir) -> dict:
    return json.loads((Path(data_dir) / "tutorial_progress.json").read_text(encoding="utf-8"))


def course_lines(lang: str, start: int = 0) -> list[str]:
    """Every lesson's expected commands (a wrong answer first), the beat "Tuba, Kreis"
    spoken with the synonym and a comma, then the guided game."""
    lines = lesson_lines("concerto", lang, start, GAME)
    brass = load_grammar(lang).render({"intent": "beat", "instrument": "brass", "pattern": "circle"})
    lines = [{"de": "Tuba, Kreis", "en": "tuba, circle"}[lang] if x == brass else x for x in lines]
    return lines + GAME_LINES[lang] + [YES[lang]] * 80


def test_the_course_is_offered_and_valid():
    assert "concerto" in available() and COURSE.game == "concerto"
    ids = [lesson.id for lesson in COURSE.lessons]
    for needed in ("sounds", "start", "place", "refill", "swap", "replace", "specials", "conduct", "fail",
                   "game"):
        assert needed in ids
    for lang in ("de", "en"):
        assert validate_against(COURSE, load_catalog(lang), load_grammar(lang)) == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_task_is_the_games_own_command_and_legal_at_its_table(lang, tmp_path):
    g = load_grammar(lang)
    r = TutorialRunner("concerto", lang, SilentOutput(), [], progress=Progress(tmp_path / "p.json"))
    asked = set()
    for lesson in r.course.lessons:
        if not lesson.has_table:
            continue
        r.lesson = lesson
        r.session = r.table_session(lesson)
        for st in lesson.steps:
            if not st.applies(r.phase()):
                continue
            if st.kind in ("do", "other"):
                legal = r.kit.rules.legal_actions(r.session.state)
                # the game's questions too ("stücke"), as the lesson's table hears them
                u = understand(g, r.kit.adapter, g.render(st.value), legal, meta=meta_intents(r.kit.questions))
                assert u.kind == "act" and freeze(u.command) == freeze(st.value), (lesson.id, st.value, u.kind)
                action = r.kit.adapter.action_for(st.value)
                assert action is None or action in legal, (lesson.id, st.value)
                asked.add(st.value["intent"])
                r.perform(st.value)
    # the course uses every kind of move a turn can have
    assert {"start_orchestra", "place_instrument", "take_market", "draw_instrument", "swap", "replace_piece",
            "play_special_on", "conduct", "beat", "give_up"} <= asked


WORDS = {
    "de": {"start": "orchester sonstige blechbläser", "conduct": "grünes stück dirigieren",
           "wrong": "blechbläser stich", "brass": "tuba kreis", "misc": "sonstige stich", "give_up": "sonstige abgeben",
           "scores": "punkte", "boo": "Buh! Blechbläser", "failed": "Das Stück ist misslungen",
           "mine": "Du: {n} Punkte.", "not_understood": "Das habe ich nicht verstanden."},
    "en": {"start": "orchestra miscellaneous brass", "conduct": "conduct green piece",
           "wrong": "brass stab", "brass": "tuba circle", "misc": "miscellaneous stab",
           "give_up": "give up miscellaneous", "scores": "scores", "boo": "Boo! brass",
           "failed": "The piece failed", "mine": "You: {n} points.", "not_understood": "I did not understand that."},
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_wrong_beat_is_booed_and_the_real_score_follows(lang, tmp_path):
    """Lesson "conduct": the beat is the player's own; a wrong one is booed by the real
    referee, the lesson says what it cost, and "scores" tells the real score (0)."""
    w = WORDS[lang]
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({"concerto": {"lesson": "conduct"}}))
    lines = [w["start"], w["conduct"], "quatsch" if lang == "de" else "nonsense", w["wrong"], w["scores"],
             END[lang]]
    p = run(["concerto", "--lang", lang, "--tts", "text"], lines, tmp_path)
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert w["not_understood"] in out  # nonsense changes nothing
    assert w["boo"].lower() in out.lower() and w["failed"] in out
    assert w["mine"].format(n=0) in out
    assert ("Sag genau" if lang == "de" else "Say exactly") not in out  # the answer is never given away


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_right_beats_score_and_the_real_score_is_said(lang, tmp_path):
    w = WORDS[lang]
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({"concerto": {"lesson": "conduct"}}))
    lines = [w["start"], w["conduct"], w["brass"], w["misc"], w["give_up"], w["scores"], END[lang]]
    p = run(["concerto", "--lang", lang, "--tts", "text"], lines, tmp_path)
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    assert out.count("Bravo!") == 2 and "Boo" not in out and "Buh" not in out
    assert w["mine"].format(n=2) in out  # the points just won, not a fresh table's 0


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_text_gives_away_a_pattern_to_remember(lang):
    """The player's brass plays circle and miscellaneous stab (the prepared piles): no text
    of the course, nor the guided game's tips, pairs them (the old example was "tuba circle")."""
    import re

    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    pairs = {"de": [r"(tuba|blechbläser)\W+kreis", r"sonstigen?\W+stich"],
             "en": [r"(tuba|brass)\W+circle", r"miscellaneous\W+stab"]}[lang]
    for course in ("concerto", "concerto-maestro"):
        for key in load_course(course).message_keys():
            text = c.get(key, command="x", count=1).lower()
            for pair in pairs:
                assert not re.search(pair, text), (key, text)
    for key in ("tutorial.concerto.game.tip_conduct", "tutorial.practice.help", "tutorial.practice.say_like",
                "tutorial.concerto_practice.drill.intro"):
        text = c.get(key, instrument="x").lower()
        assert "zum beispiel x kreis" not in text and "for example x circle" not in text, key


def test_no_opponent_fails_on_purpose():
    """Every opponent move the lessons script is an ordinary one; a performance (and so a
    wrong beat) is only ever the player's own or a real bot's."""
    for course in available():
        for lesson in load_course(course).lessons:
            for st in lesson.steps:
                if st.kind == "other":
                    assert st.value["intent"] not in ("conduct", "beat", "conduct_ignore"), (course, lesson.id)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_course_runs_to_its_end(lang, tmp_path):
    p = run(["concerto", "--lang", lang, "--tts", "text"], course_lines(lang), tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Traceback" not in out + p.stderr
    for i in range(1, N + 1):
        assert (f"Lektion {i} von {N}" if lang == "de" else f"Lesson {i} of {N}") in out
    de = lang == "de"
    # sounds are introduced by name
    assert ("\nBlechbläser.\n" if de else "\nBrass.\n") in out
    assert ("\nKreis: im Kreis.\n" if de else "\nCircle: in a circle.\n") in out
    # the engine's own narration at the prepared tables
    # (the verb agrees with the instrument's number: "Sonstige" is plural)
    assert ("Merk dir: Sonstige schlagen Stich.\nBlechbläser: Kreis." if de
            else "Remember: your miscellaneous plays stab.\nBrass: circle.") in out
    assert ("Nur für dich: Sonstige schlagen Stich." if de else "Only for you: your miscellaneous plays stab.") in out
    assert "Bravo!" in out
    # lesson "fail": the player's own wrong beat, booed by the referee
    assert ("Buh! Blechbläser, Stich ist falsch" if de else "Boo! brass, stab is wrong").lower() in out.lower()
    assert ("Du nimmst Gitarre vom Ablagestapel." if de else "You take guitar from the discard pile."
            ).lower() in out.lower()
    # a wrong answer got a hint, never a state change
    assert ("Das habe ich nicht verstanden." if de else "I did not understand that.") in out
    # the guided game: suggestions, "yes" carries them out, and the game ends by itself
    game = out[out.index(f"Lektion {GAME + 1} von" if de else f"Lesson {GAME + 1} of"):]
    assert ("Vorschlag: „" if de else 'Suggestion: "') in game
    assert ("Du setzt Klavier auf Platz 1." if de else "You put piano in place 1.") in game
    assert ("Das Spiel ist aus" if de else "The game is over") in game
    assert ("Gut gespielt!" if de else "Well played!") in game
    assert ("Geschafft!" if de else "Well done!") in out
    assert progress(tmp_path)["concerto"] == {"lesson": None, "done": True}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_resume_from_the_middle(lang, tmp_path):
    mid = COURSE.index_of("conduct")
    first = lesson_lines("concerto", lang, 0, mid) + [WRONG[lang], END[lang]]
    p1 = run(["concerto", "--lang", lang, "--tts", "text"], first, tmp_path)
    assert p1.returncode == 0, p1.stderr
    assert progress(tmp_path)["concerto"] == {"lesson": "conduct", "done": False}
    assert (f"mit Lektion {mid + 1} weiter" if lang == "de" else f"continue with lesson {mid + 1}") in p1.stdout

    p2 = run(["concerto", "--lang", lang, "--tts", "text"], course_lines(lang, mid), tmp_path)
    assert p2.returncode == 0, p2.stderr
    out = p2.stdout
    assert ("Willkommen zurück" if lang == "de" else "Welcome back") in out
    assert (f"Lektion {mid + 1} von {N}" if lang == "de" else f"Lesson {mid + 1} of {N}") in out
    assert (f"Lektion 1 von {N}" if lang == "de" else f"Lesson 1 of {N}") not in out
    assert ("Geschafft!" if lang == "de" else "Well done!") in out
    assert progress(tmp_path)["concerto"]["done"] is True


def test_skipping_the_guided_game_finishes_the_course(tmp_path):
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({"concerto": {"lesson": "game"}}))
    p = run(["concerto", "--lang", "en", "--tts", "text"], ["orchestra piano strings", "skip"], tmp_path)
    out = p.stdout
    assert "You put piano in place 1." in out
    assert "The practice game is over." in out and "Well done!" in out
    assert progress(tmp_path)["concerto"]["done"] is True


def test_the_start_menu_offers_the_concerto_course(tmp_path):
    data = tmp_path / "data"
    Progress(data / "tutorial_progress.json").set_flag("tutorial_offered")
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(data), VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    lines = ["Tutorials", "Concerto", NEXT["de"], "Tutorial beenden", "zurück", "8"]
    p = subprocess.run([sys.executable, "-m", "voice_game.cli"], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    out = p.stdout
    assert "Traceback" not in out + p.stderr
    assert "Tutorial Concerto" in out
    assert f"Willkommen zum Tutorial Concerto: {N} kurze Lektionen." in out
    assert f"Lektion 2 von {N}" in out
    assert json.loads((data / "tutorial_progress.json").read_text())["concerto"]["lesson"] == "sounds"
