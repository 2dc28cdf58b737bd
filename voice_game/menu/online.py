"""The online menu: join or watch a table, or host one of a game."""
from __future__ import annotations

from functools import partial

from voice_game.games import available
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, Item, Menu


class OnlineMenus(MenuCore):
    def online_menu(self) -> Menu:
        from voice_game.online.command import menu_host, menu_session

        t = self.t

        def host_label(g: str) -> str:
            return t("online.menu.host", game=t(f"{g}.title"))

        return Menu("online.menu.title", [
            Item("join", lambda: t("online.menu.join"), lambda: menu_session(self, "join")),
            Item("watch", lambda: t("online.menu.watch"), lambda: menu_session(self, "watch")),
            *[Item(g, partial(host_label, g), partial(menu_host, self, g)) for g in available()],
            Item("back", lambda: t("menu.back"), lambda: BACK),
        ])

