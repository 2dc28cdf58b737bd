"""A player who follows a course's lessons, for the tests that walk a course by voice or
check what each lesson listens for: the task's own command, "weiter" ("next") at each
pause, the drill's answers, and in the guided game the guide's suggestion ("ja" when a
question is open)."""
from __future__ import annotations

import threading

from voice_game.tutorial.runner import TutorialRunner, _GuidedInputs


class Follower:
    def __init__(self, runner: TutorialRunner):
        self.r = runner
        self.next_word = runner.g.render({"intent": "next"})
        self.yes = runner.g.render({"intent": "yes"})
        self.drills: dict[int, list[str]] = {}

    def answer(self) -> str | None:
        """What the player says now (None: nothing more to say)."""
        r = self.r
        st, s = r.step, r.session
        if st is None:
            return self.next_word
        if st.kind == "do":
            return r.g.render(st.value)
        if st.kind == "practice":
            from voice_game.games.concerto.practice import answer_lines

            queue = self.drills.setdefault(id(st), answer_lines(st, r.lang, wrong_first=False))
            return queue.pop(0) if queue else None
        if st.kind == "play" and s is not None:
            if s.question_open:
                return self.yes
            feed = s.inputs
            if isinstance(feed, _GuidedInputs) and feed.suggestion:
                return feed.suggestion
            legal = s.legal_commands()
            return r.g.render(legal[0]) if legal else self.yes
        return self.next_word

    def in_guided_game(self) -> bool:
        st = self.r.step
        return st is not None and st.kind == "play"


def close_after(hub, seconds: float) -> threading.Event:
    """Bounds a hang of a course by voice: unless the returned event is set within
    ``seconds``, the input ends (``hub.close()``)."""
    done = threading.Event()

    def guard() -> None:
        if not done.wait(seconds):
            hub.close()

    threading.Thread(target=guard, daemon=True).start()
    return done
