"""The online menu: join or watch a table, or host one of a game."""
from __future__ import annotations

from functools import partial

from voice_game.games import available
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, Item, Menu


class OnlineMenus(MenuCore):
    def run_entries(self, title: str, entries) -> str | None:  # a lobby screen (online.lobby_menu)
        return self.run_menu(Menu(title, [Item(e.id, e.label, e.select) for e in entries]))

    def online_menu(self) -> Menu:
        from voice_game.online.command import menu_host, menu_session
        from voice_game.online.lobby_menu import LobbyScreens

        t = self.t

        def host_label(g: str) -> str:
            return t("online.menu.host", game=t(f"{g}.title"))

        return Menu("online.menu.title", [
            Item("join", lambda: t("online.menu.join"), lambda: menu_session(self, "join")),
            Item("watch", lambda: t("online.menu.watch"), lambda: menu_session(self, "watch")),
            *[Item(g, partial(host_label, g), partial(menu_host, self, g)) for g in available()],
            Item("lobby", lambda: t("lobby.menu.entry"), lambda: LobbyScreens(self).run()),
            Item("back", lambda: t("menu.back"), lambda: BACK),
        ])

