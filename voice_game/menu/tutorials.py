"""The tutorials menu: every game's courses, and running one on the menu's input."""
from __future__ import annotations

import traceback
from functools import partial

from voice_game.games import definitions
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, Item, Menu
from voice_game.tutorial.command import run as run_tutorial


class TutorialMenus(MenuCore):
    def tutorial_menu(self) -> Menu:
        t = self.t
        items: list[Item] = []
        for course, item_id in ((tut.course, tut.menu_id) for d in definitions() for tut in d.tutorials):
            items.append(Item(item_id, partial(self.tutorial_label, course), partial(self.tutorial, course)))
        items.append(Item("back", lambda: t("menu.back"), lambda: BACK))
        return Menu("menu.tutorials", items)

    def tutorial_label(self, course: str) -> str:
        state = self.progress.get(course)
        name = self.t(f"tutorial.course.{course}")
        if state.get("done"):
            return self.t("menu.course_done", name=name)
        if state.get("lesson"):
            return self.t("menu.course_started", name=name)
        return name

    def tutorial(self, course: str) -> str | None:
        try:
            run_tutorial(course, self.lang, self.out, self.inputs, audio=self.audio, debug=self.debug,
                         voice=self.voice)
        except Exception as exc:  # noqa: BLE001 - back to the menu, never a traceback
            if self.debug:
                traceback.print_exc()
            self.say(self.failure(exc))
        self.progress = type(self.progress)(self.progress.path)  # the runner wrote its own copy
        return None

