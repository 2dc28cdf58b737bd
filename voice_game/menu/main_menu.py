"""The start menu itself: the first-start offer and the main menu's entries."""
from __future__ import annotations

from functools import partial

from voice_game.games import available
from voice_game.menu.gallery import GalleryMenu
from voice_game.menu.games import GameMenus
from voice_game.menu.items import BACK, EXIT, Item, Menu, first_course, first_game
from voice_game.menu.online import OnlineMenus
from voice_game.menu.saves import SaveMenus
from voice_game.menu.settings_menu import SettingsMenus
from voice_game.menu.tutorials import TutorialMenus


class MenuApp(GameMenus, SaveMenus, SettingsMenus, TutorialMenus, GalleryMenu, OnlineMenus):
    """The start menu (see the package's documentation)."""

    def run(self) -> int:
        self.start_listening()
        if not self.progress.flag("tutorial_offered"):
            self.progress.set_flag("tutorial_offered")
            answer = self.ask_yes_no("menu.first_run", game=self.t(f"{first_game()}.title"))
            if answer is None:
                self.say(self.t("app.goodbye"))
                return 0
            if answer:
                self.tutorial(first_course())
        while self.run_menu(self.main_menu()) == BACK:
            # "zurück" / Escape in the main menu: there is nothing further back, and a word
            # misheard must not end the program; leaving is asked (the end of input leaves)
            if self.ask_yes_no("menu.leave_confirm") is not False:
                break
        self.say(self.t("app.goodbye"))
        return 0


    def main_menu(self) -> Menu:
        t = self.t
        games = [Item(g, partial(t, "menu.play", game=t(f"{g}.title")), self.submenu(partial(self.game_menu, g)))
                 for g in available()]
        return Menu("menu.title_main", games + [
            Item("tutorials", lambda: t("menu.tutorials"), self.submenu(self.tutorial_menu)),
            Item("sounds", lambda: t("menu.sounds"), self.sound_gallery),
            Item("settings", lambda: t("menu.settings"), self.submenu(self.settings_menu)),
            Item("resume", lambda: t("menu.resume"), self.submenu(self.resume_menu)),
            Item("online", lambda: t("online.menu.entry"), self.submenu(self.online_menu)),
            Item("exit", lambda: t("menu.exit"), lambda: EXIT),
        ])

