"""Lesson files load, validate, and ask only for what the grammar understands and the engine allows."""
import pytest

from voice_game.audio.tts import SilentOutput
from voice_game.commands.grammar import freeze, load_grammar
from voice_game.commands.parser import meta_intents, understand
from voice_game.core.errors import ContentError, NotAllowed
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.lessons import available, load_course, validate_against
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

COURSES = available()


def test_orchestra_course_exists():
    assert "orchestra" in COURSES


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", COURSES)
def test_course_validates(course, lang):
    c = load_course(course)
    assert validate_against(c, load_catalog(lang), load_grammar(lang)) == []


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", COURSES)
def test_every_task_is_understood_and_legal_where_it_is_asked(course, lang, tmp_path):
    """Walk every lesson's prepared table: the rendered words of each expected command
    parse back to exactly that command, as a legal action or an always-available one."""
    g = load_grammar(lang)
    r = TutorialRunner(course, lang, SilentOutput(), [], progress=Progress(tmp_path / "p.json"))
    checked = 0
    for lesson in r.course.lessons:
        r.lesson = lesson
        r.session = r.table_session(lesson)
        for st in lesson.steps:
            if not st.applies(r.phase()):  # the expected answers lead past the other branch
                continue
            if st.kind == "do":
                s = r.session
                legal = r.kit.rules.legal_actions(s.state)
                # the game's questions too ("stücke", "Dirigent 2?"), as the lesson's table hears them
                u = understand(g, r.kit.adapter, g.render(st.value), legal, meta=meta_intents(r.kit.questions))
                assert u.kind == "act", (lesson.id, st.value, u.kind)
                assert freeze(u.command) == freeze(st.value), (lesson.id, u.command)
                action = r.kit.adapter.action_for(st.value)
                assert action is None or action in legal, (lesson.id, st.value)
                checked += 1
            if st.kind in ("do", "other"):
                r.perform(st.value)
            if st.kind == "practice":  # every answer of the drill is the game's own beat command
                from tests.tutorial.helpers import practice_lines

                for line in practice_lines(st, lang):
                    with pytest.raises(NotAllowed) as refused:
                        understand(g, get_kit("concerto").adapter, line, [])
                    assert refused.value.command["intent"] == "beat", line
                    checked += 1
    has_tasks = any(st.kind in ("do", "practice") for lesson in r.course.lessons for st in lesson.steps)
    assert checked > 0 or not has_tasks


@pytest.mark.parametrize("lang,words", [("de", "grünes stück dirigieren ohne dirigentenkarte"),
                                        ("en", "conduct green piece without conductor card")])
def test_the_maestro_lessons_example_command_is_understood(lang, words):
    from voice_game.commands.matcher import match

    g = load_grammar(lang)
    assert words in load_catalog(lang).get("tutorial.concerto_maestro.commands.ignore").lower()
    m = match(g, words, g.phrases("concerto"))
    assert m.kind == "exact" and m.command == {"intent": "conduct_ignore", "level": "green"}


def bad_course(tmp_path, body: str):
    p = tmp_path / "bad.toml"
    p.write_text('game = "orchestra"\ntitle = "tutorial.orchestra.title"\n' + body, encoding="utf-8")
    return p


@pytest.mark.parametrize("body,where", [
    ('[[lessons]]\nid = "a"\ntitle = "x"\n[[lessons.steps]]\ndo = {intent = "draw"}\n', "hint"),
    ('[[lessons]]\nid = "a"\ntitle = "x"\n[[lessons.steps]]\nsounds = [["family.nope", "k"]]\n', "steps"),
    ('[[lessons]]\nid = "a"\ntitle = "x"\n[[lessons.steps]]\nsay = "k"\nwait = "k"\n', "steps"),
    ('[[lessons]]\nid = "a"\ntitle = "x"\n[[lessons.steps]]\nsay = "k"\n'
     '[[lessons]]\nid = "a"\ntitle = "x"\n[[lessons.steps]]\nsay = "k"\n', "id"),
    ('lessons = []\n', "lessons"),
])
def test_bad_lesson_files_are_refused_with_the_place(tmp_path, body, where):
    with pytest.raises(ContentError) as info:
        load_course("bad", bad_course(tmp_path, body))
    assert where in info.value.where


def test_unknown_message_keys_and_intents_are_reported(tmp_path):
    p = bad_course(tmp_path, '[[lessons]]\nid = "a"\ntitle = "tutorial.nope"\n[[lessons.steps]]\n'
                             'do = {intent = "fly"}\nhint = "tutorial.nope2"\n')
    problems = validate_against(load_course("bad", p), load_catalog("de"), load_grammar("de"))
    assert "missing message tutorial.nope" in problems and "unknown intent fly" in problems


def test_an_illegal_prelude_is_a_content_error(tmp_path):
    p = bad_course(tmp_path, '[[lessons]]\nid = "a"\ntitle = "tutorial.orchestra.title"\nbots = ["B"]\n'
                             'prelude = [{intent = "place", conductor = 1}]\n'
                             '[[lessons.steps]]\nsay = "tutorial.skipped"\n')
    r = TutorialRunner("orchestra", "de", SilentOutput(), [], progress=Progress(tmp_path / "p.json"))
    r.course = load_course("bad", p)
    with pytest.raises(ContentError):
        r.table_session(r.course.lessons[0])
