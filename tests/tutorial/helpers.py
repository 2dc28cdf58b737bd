"""Build the lines a player would type to walk a course, from the lesson data itself."""
from itertools import cycle, islice

from voice_game.commands.grammar import load_grammar
from voice_game.tutorial.lessons import load_course

GAME_LINES = {
    "de": ["ziehen", "eins", "zwei", "Dirigent 1 nehmen", "Dirigent 2 nehmen", "beenden", "ja", "tisch"],
    "en": ["draw", "one", "two", "take conductor 1", "take conductor 2", "pass", "yes", "table"],
}
WRONG = {"de": "quatsch", "en": "nonsense"}
NEXT = {"de": "weiter", "en": "next"}


def lesson_lines(course: str, lang: str, start: int = 0, stop: int | None = None, wrong: bool = True) -> list[str]:
    """Lines for lessons start..stop-1: a wrong answer before the first task of every
    lesson (so each hint path runs), then the expected command, "weiter" at each pause."""
    c = load_course(course)
    g = load_grammar(lang)
    out: list[str] = []
    for lesson in c.lessons[start:stop]:
        first = True
        for st in lesson.steps:
            if st.kind == "wait":
                out.append(NEXT[lang])
            elif st.kind == "do":
                if wrong and first:
                    out.append(WRONG[lang])
                first = False
                out.append(g.render(st.value))
            elif st.kind == "play":
                out += list(islice(cycle(GAME_LINES[lang]), 1500))
            elif st.kind == "practice":
                out += practice_lines(st, lang)
    return out


def practice_lines(step, lang: str) -> list[str]:
    from voice_game.games.concerto.practice import answer_lines

    return answer_lines(step, lang)
