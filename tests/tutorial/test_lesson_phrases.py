"""What a lesson listens for (issue 21): the recognizer is told the phrases of what the
step asks (the task's command, the legal moves by name, the drill's answers), the
tutorial's own words and the few meta commands that always work; never the game's
hundreds of settings and look-ups (580 to 1018 phrases a lesson before). Every course
is walked in both languages by a player who follows it, and each answer must be among
the phrases the lesson listened for when it was said."""
import pytest

from tests.support.course_player import Follower
from voice_game.core.input import InputLine
from voice_game.games import definitions
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

MAX_PHRASES = 150  # the largest set a lesson listens for: 121 (a task of the Concerto course)
COURSES = [t.course for d in definitions() for t in d.tutorials]


class Ears:
    """The program's voice: keeps each set of phrases it is told."""

    def __init__(self):
        self.sets: list[list[str]] = []

    def set_phrases(self, phrases):
        self.sets.append(list(phrases))


class Player:
    """Says the follower's answer as a voice line, checking it was listened for."""

    def __init__(self, runner: TutorialRunner, ears: Ears, guided_turns: int):
        self.follower = Follower(runner)
        self.r, self.ears = runner, ears
        self.unheard: list[tuple[str, str, int]] = []  # answer, lesson, phrases listened for
        self.guided_turns = guided_turns
        self.said = 0
        self.guided_sets: list[tuple[str, list[str]]] = []  # the move said, the phrases

    def __iter__(self):
        return self

    def __next__(self) -> InputLine:
        text = self.follower.answer()
        if text is None:
            raise StopIteration
        if self.follower.in_guided_game():
            self.guided_turns -= 1
            if self.guided_turns < 0:  # enough of the game: it listens as at its start
                text = self.r.g.render({"intent": "end_tutorial"})
        phrases = self.ears.sets[-1]
        if self.follower.in_guided_game():
            self.guided_sets.append((text, phrases))
        if text not in phrases:
            self.unheard.append((text, self.r.current_lesson().id, len(phrases)))
        self.said += 1
        return InputLine(text, 0.95, "voice")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", COURSES)
def test_each_lesson_listens_for_what_it_asks_and_little_else(course, lang, tmp_path):
    ears = Ears()
    r = TutorialRunner(course, lang, [], [], progress=Progress(tmp_path / "p.json"), voice=ears)
    player = Player(r, ears, guided_turns=1000)
    r.inputs = player
    r.out = _Quiet()
    assert r.run() == 0
    sizes = [len(s) for s in ears.sets]
    print(course, lang, "phrases listened for: at most", max(sizes), "median", sorted(sizes)[len(sizes) // 2])
    assert player.said > 10 and len(sizes) >= player.said
    biggest = max(ears.sets, key=len)
    assert max(sizes) <= MAX_PHRASES, (max(sizes), biggest[:60])
    assert player.unheard == [], player.unheard
    # the control words and what always works are heard in every lesson
    controls = {r.g.render({"intent": i}) for i in ("next", "back", "repeat", "help", "stop")}
    assert all(controls <= set(s) for s in ears.sets), controls - set(min(ears.sets, key=len))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_guided_game_hears_the_suggested_move_in_its_other_words(lang, tmp_path):
    """The guide suggests drawing (not said: the usual move); "karte ziehen" ("draw a
    card") is heard as well as "ziehen", as in the lessons before."""
    ears = Ears()
    r = TutorialRunner("orchestra", lang, [], [], progress=Progress(tmp_path / "p.json"), voice=ears)
    r.progress.set("orchestra", lesson=r.course.lessons[-1].id, done=False)
    player = Player(r, ears, guided_turns=1000)
    r.inputs = player
    r.out = _Quiet()
    assert r.run() == 0
    _, by_command = r.g.index("orchestra")
    draw = {f for p in by_command[(("intent", "draw"),)] for f in (p.spoken, p.text)}
    name = r.g.render({"intent": "draw"})
    longer = {f for f in draw if name in f.split() and f != name}
    assert longer, sorted(draw)
    told = [s for said, s in player.guided_sets if said == name]
    assert told and all(longer <= set(s) for s in told), (sorted(longer), sorted(told[0]) if told else None)


class _Quiet:
    def say(self, text, interrupt=False):
        pass
