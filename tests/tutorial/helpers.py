"""The lines a player would type to walk a course: recorded from the course itself, run
in-process with a scripted player (tests.support.scripted_player), so lessons that go on by
the player's answers are walked as a player would walk them."""
import tempfile
from itertools import cycle, islice
from pathlib import Path

from voice_game.audio.tts import SilentOutput
from voice_game.tutorial.lessons import load_course
from voice_game.tutorial.progress import Progress
from tests.support.scripted_player import WRONG, ScriptedPlayer

GAME_LINES = {
    "de": ["ziehen", "eins", "zwei", "Dirigent 1 nehmen", "Dirigent 2 nehmen", "beenden", "ja", "tisch"],
    "en": ["draw", "one", "two", "take conductor 1", "take conductor 2", "pass", "yes", "table"],
}
NEXT = {"de": "weiter", "en": "next"}
__all__ = ["GAME_LINES", "NEXT", "WRONG", "lesson_lines", "practice_lines"]


def lesson_lines(course: str, lang: str, start: int = 0, stop: int | None = None, wrong: bool = True) -> list[str]:
    """Lines for lessons start..stop-1: a wrong answer before the first task of every
    lesson (so each hint path runs), then the expected command, "weiter" at each pause;
    a guided game gets 1500 lines of plain moves."""
    from voice_game.tutorial.runner import TutorialRunner

    c = load_course(course)
    with tempfile.TemporaryDirectory() as tmp:
        progress = Progress(Path(tmp) / "p.json")
        if start:
            progress.set(course, lesson=c.lessons[start].id, done=False)
        r = TutorialRunner(course, lang, SilentOutput(), [], progress=progress)
        reached: list[bool] = []

        def game(_runner) -> None:
            reached.append(True)  # the recording stops here: the game's lines follow
            return None

        player = ScriptedPlayer(r, lang, wrong=wrong, game=game, stop=stop, drill=practice_lines)
        r.inputs = player
        r.run()
    lines = list(player.typed)
    if reached:
        lines += list(islice(cycle(GAME_LINES[lang]), 1500))
    return lines


def practice_lines(step, lang: str) -> list[str]:
    from voice_game.games.concerto.practice import answer_lines

    return answer_lines(step, lang)
