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

MAX_PHRASES = 180  # the largest set a lesson listens for: 174 (a move of the Concerto guided game)
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
        if text not in phrases:
            self.unheard.append((text, self.r.current_lesson().id, len(phrases)))
        self.said += 1
        return InputLine(text, 0.95, "voice")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("course", COURSES)
def test_each_lesson_listens_for_what_it_asks_and_little_else(course, lang, tmp_path):
    ears = Ears()
    r = TutorialRunner(course, lang, [], [], progress=Progress(tmp_path / "p.json"), voice=ears)
    player = Player(r, ears, guided_turns=12)
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


class _Quiet:
    def say(self, text, interrupt=False):
        pass
