"""Resuming a saved game: the unfinished saves offered, and starting one."""
from __future__ import annotations

from functools import partial
from pathlib import Path

from voice_game import savecheck, savefile
from voice_game.app import GameSetup
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, Item, Menu


class SaveMenus(MenuCore):
    def resume_menu(self) -> Menu:
        t = self.t

        def resume_label(game: str) -> str:
            return t("menu.resume_game", name=t(f"{game}.title"))

        items: list[Item] = []
        for path in self.unfinished_saves():
            game = path.stem
            items.append(Item(game, partial(resume_label, game), partial(self.resume, path)))
        if not items:
            self.say(t("menu.no_saves"))
        items.append(Item("back", lambda: t("menu.back"), lambda: BACK))
        return Menu("menu.resume", items)

    def unfinished_saves(self) -> list[Path]:
        out = []
        for path in sorted(self.saves.glob("*.json")):
            try:
                loaded = savecheck.load(savefile.read_save(path), str(path))  # checked as --resume checks it
                if loaded.kit.rules.is_over(loaded.state):
                    continue
            except Exception:  # noqa: BLE001 - a damaged save is simply not offered
                continue
            out.append(path)
        return out


    def resume(self, path: Path) -> str | None:
        self.run_play(GameSetup(resume=path, debug=self.debug, listening=self.listening))  # in the save's language
        return BACK


