"""A scripted tutorial player for tests and benchmarks: it reads the step the runner is at
and types what a player who follows the lesson would (the task's own command, "weiter" at
each pause, the drill's answers), so a lesson that goes on by the player's answers (a
step with ``when``) is walked as the player would walk it.

In a guided game it hands over to ``game`` (a callable getting the runner and returning
the next line, or None to stop); a game's drill is answered by ``drill`` (a callable
getting the step and the language, returning the lines)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

WRONG = {"de": "quatsch", "en": "nonsense"}


class ScriptedPlayer:
    def __init__(self, runner: Any, lang: str, wrong: bool = False,
                 game: Callable[[Any], str | None] | None = None, stop: int | None = None,
                 drill: Callable[[Any, str], list[str]] | None = None):
        """``wrong``: one wrong answer before the first task of every lesson (so each hint
        path runs); ``stop``: the input ends when this lesson (an index) begins."""
        self.r = runner
        self.lang = lang
        self.wrong = wrong
        self.game = game
        self.drill = drill
        self.stop = stop
        self.next_word = runner.g.render({"intent": "next"})
        self.wronged: set[str] = set()
        self.drills: dict[int, list[str]] = {}
        self.typed: list[str] = []  # every line given so far

    def __iter__(self):
        return self

    def __next__(self) -> str:
        line = self.answer()
        if line is None:
            raise StopIteration
        self.typed.append(line)
        return line

    def answer(self) -> str | None:
        r = self.r
        lesson, step = r.lesson, r.step
        if lesson is None or step is None:
            return None
        if self.stop is not None and r.course.index_of(lesson.id) >= self.stop:
            return None
        if step.kind == "do":
            if self.wrong and lesson.id not in self.wronged:
                self.wronged.add(lesson.id)
                return WRONG[self.lang]
            return str(r.g.render(step.value))
        if step.kind == "practice":
            if self.drill is None:
                return None
            queue = self.drills.setdefault(id(step), self.drill(step, self.lang))
            return queue.pop(0) if queue else None
        if step.kind == "play":
            return self.game(r) if self.game is not None else None
        return str(self.next_word)
