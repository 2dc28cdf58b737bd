"""A spoken line the recognizer heard but did not understand (an empty voice line) is
answered at once with one short sentence, and the lesson listens again; before, the
tutorial waited in silence for ever (found by the course-by-voice test, issue 21)."""
import pytest

from voice_game.core.input import InputLine
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner
from tests.support.lines import Said


class Ears:
    """The program's voice: counts how often the lesson says what it understands."""

    def __init__(self):
        self.calls = 0

    def set_phrases(self, phrases):
        self.calls += 1


@pytest.mark.parametrize("lang,nxt", [("de", "weiter"), ("en", "next")])
def test_a_spoken_line_not_understood_is_answered_and_heard_again(lang, nxt, tmp_path):
    c = load_catalog(lang)
    out, ears = Said(), Ears()
    lines = [InputLine("", 0.2, "voice"), InputLine(nxt, 0.9, "voice")]
    r = TutorialRunner("orchestra", lang, out, iter(lines), progress=Progress(tmp_path / "p.json"), voice=ears)
    r.lesson = r.course.lessons[0]
    r.session = r.table_session(r.lesson)
    r.wait()
    assert out.lines.count(c.get("tutorial.not_understood")) == 1, out.lines
    assert ears.calls == 2  # listened again after the sentence


@pytest.mark.parametrize("lang,nxt", [("de", "weiter"), ("en", "next")])
def test_an_empty_typed_line_stays_silent(lang, nxt, tmp_path):
    c = load_catalog(lang)
    out = Said()
    r = TutorialRunner("orchestra", lang, out, iter([InputLine(""), InputLine(nxt)]),
                       progress=Progress(tmp_path / "p.json"))
    r.lesson = r.course.lessons[0]
    r.session = r.table_session(r.lesson)
    r.wait()
    assert c.get("tutorial.not_understood") not in out.lines


@pytest.mark.parametrize("lang,other", [("de", "karte ziehen"), ("en", "draw card")])
def test_a_task_missed_twice_by_voice_is_told_another_way_to_say_it(lang, other, tmp_path):
    """Whisper base hears SVOX Pico's "ziehen" as "sieben" (a decoy) every time: a player
    who is not understood twice hears another way to say the task ("karte ziehen"),
    which the lesson listens for, and it does the task."""
    c = load_catalog(lang)
    out, ears = Said(), Ears()
    lines = [InputLine("", 0.0, "voice")] * 3 + [InputLine(other, 0.9, "voice")]
    r = TutorialRunner("orchestra", lang, out, iter(lines), progress=Progress(tmp_path / "p.json"), voice=ears)
    lesson = next(x for x in r.course.lessons if x.id == "draw")
    r.lesson, r.session = lesson, r.table_session(lesson)
    r.step = next(s for s in lesson.steps if s.kind == "do")
    before = r.table().state
    r.task(r.step)
    told = c.get("tutorial.say_also", command=other)
    assert out.lines.count(c.get("tutorial.not_understood")) == 3, out.lines
    assert out.lines.count(told) == 1, out.lines  # after the second miss, not the first
    assert out.lines.index(told) > out.lines.index(c.get("tutorial.not_understood")) + 1
    assert other in r.phrases_now()
    assert r.table().state is not before  # the player drew
    assert not [x for x in out.lines if x.startswith(c.get("tutorial.did_for_you", command="X").split("X")[0])]
