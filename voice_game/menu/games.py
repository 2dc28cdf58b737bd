"""A game's menu: humans, bots, bot level, names and variants, and starting the game."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from voice_game.app import GameSetup, bot_names
from voice_game.core.checks import MAX_NAME
from voice_game import savefile
from voice_game.games import available
from voice_game.games import get as get_kit
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, EXIT, Count, Item, Menu


class GameMenus(MenuCore):
    def game_menu(self, game: str) -> Menu:
        kit = get_kit(game)
        cfg = self.setup[game]
        levels = list(kit.bot_levels)
        lo, hi = kit.min_players, kit.max_players
        t = self.t

        def variant_label(v: str) -> str:
            name = t(f"{game}.variant_name.{v}")
            return t("menu.variant", name=name, state=t("menu.on") if v in cfg["variants"] else t("menu.off"))

        def toggle(v: str) -> Callable[[int], None]:
            def f(_delta: int = 1) -> None:
                cfg["variants"] ^= {v}
            return f

        def clamp(key: Count, lo_: int, hi_: int) -> Callable[[int], None]:
            def f(delta: int) -> None:
                cfg[key] = max(lo_, min(hi_, cfg[key] + delta))
            return f

        def setter(key: Count, lo_: int, hi_: int) -> Callable[[int], bool]:
            def f(n: int) -> bool:
                if lo_ <= n <= hi_:
                    cfg[key] = n
                    return True
                return False
            return f

        def level_adjust(delta: int) -> None:
            if levels:
                cfg["level"] = (cfg["level"] + delta) % len(levels)

        def level_label() -> str:
            if not levels:
                return t("menu.level_none")
            return t("menu.level", level=t(f"menu.level_name.{levels[cfg['level']]}"))

        items = [
            Item("start", lambda: t("menu.start"), lambda: self.start_game(game, kit, lo, hi)),
            Item("humans", lambda: t("menu.humans", count=cfg["humans"]), None, clamp("humans", 1, hi),
                 setter("humans", 1, hi)),
        ]
        if levels:
            items += [
                Item("bots", lambda: t("menu.bots", count=cfg["bots"]), None, clamp("bots", 0, hi - 1),
                     setter("bots", 0, hi - 1)),
                Item("level", level_label, None, level_adjust,
                     lambda n: 1 <= n <= len(levels) and setter("level", 0, len(levels) - 1)(n - 1)),
            ]
        items.append(Item("names", partial(self.names_label, game), partial(self.ask_names, game, hi)))
        for v in kit.variants:
            items.append(Item(v, partial(variant_label, v), None, toggle(v)))
        items.append(Item("back", lambda: t("menu.back"), lambda: BACK))
        return Menu(f"{game}.title", items)

    def human_names(self, game: str) -> list[str]:
        """The humans' names in seat order: the ones typed here, else "Du" for one human
        (the narration speaks to them) and "Spieler 1", "Spieler 2" ... in hot-seat play."""
        cfg = self.setup[game]
        n = cfg["humans"]
        base = self.t("setup.default_player")
        default = [self.t("setup.default_you")] if n == 1 else [f"{base} {i + 1}" for i in range(n)]
        typed = cfg["names"]
        return [typed[i] if i < len(typed) else default[i] for i in range(n)]

    def names_label(self, game: str) -> str:
        return self.t("menu.names", count=self.setup[game]["humans"], names=", ".join(self.human_names(game)))

    def ask_names(self, game: str, most: int) -> str | None:
        """The humans' names, typed in one line separated by commas; a bad one keeps them all."""
        cfg = self.setup[game]
        self.say(self.t("menu.names_ask", count=cfg["humans"]))
        names = self.heard_names(most)
        if not names:
            self.say(self.t("menu.names_kept"))
            return None
        seen: set[str] = set()
        for name in names:
            if len(name) > MAX_NAME or ":" in name or not name.isprintable() or name.casefold() in seen:
                self.say(self.t("menu.names_bad", name=name[:MAX_NAME], max=MAX_NAME), "event.error")
                return None
            seen.add(name.casefold())
        for choices in self.setup.values():  # the same people at the table, whatever they play
            choices["names"] = list(names)
        self.persist(names=list(names))  # and at the next start
        self.say(self.names_label(game), "event.menu_select")
        return None

    def heard_names(self, most: int) -> list[str]:
        """Names typed (separated by commas) or spoken ("Anna und Ben", the grammar's
        ``name_and`` words joining them); spoken ones are read back and kept only on a yes,
        a no asks once more. None kept: an empty list."""
        for _ in range(2):
            line = self.read_line()
            spoken = self.spoken
            if spoken:
                joiners = {w for words in self.g.slots["name_and"].values() for w in words}
                line = " ".join("," if w.casefold().strip(".,!?") in joiners else w for w in line.split())
                line = line.replace(".", "").replace("!", "").replace("?", "")
            names = [x.strip() for x in line.split(",") if x.strip()][:most]
            if not names or not spoken:
                return names
            answer = self.ask_yes_no("menu.names_confirm", names=", ".join(names), count=len(names))
            if answer:
                return names
            if answer is None:
                return []
            self.say(self.t("menu.names_again"))
        return []

    def start_game(self, game: str, kit, lo: int, hi: int) -> str | None:
        cfg = self.setup[game]
        bots = cfg["bots"] if kit.bot_levels else 0
        total = cfg["humans"] + bots
        if not lo <= total <= hi:
            self.say(self.t("menu.bad_count", count=total, min=lo, max=hi), "event.error")
            return None
        humans = self.human_names(game)
        taken = {x.casefold() for x in humans}  # a bot never gets a human's name
        names = [x for x in bot_names(bots + len(humans)) if x.casefold() not in taken][:bots]
        seats = humans + [f"{kit.bot_levels[cfg['level']]}:{name}" for name in names]
        path = self.saves / f"{game}.json"
        save: Path | None = path  # None: this game is not saved
        try:
            self.saves.mkdir(parents=True, exist_ok=True)
            usable = self.saves.is_dir()
        except OSError:
            usable = False
        if not usable:  # a file where the folder should be: play on, unsaved, and say so
            self.say(self.t("menu.saves_unusable", path=str(self.saves)))
            save = None
        elif path.exists() or path.is_symlink():
            if not self.finished_save(path):
                # an unfinished (or unreadable) game is only discarded when the player says so
                answer = self.ask_yes_no("menu.replace_save", name=self.t(f"{game}.title"))
                if not answer:
                    self.say(self.t("menu.kept_save"))
                    return None
            try:
                path.unlink()
            except OSError:  # a folder of that name, say: left alone, this game unsaved
                self.say(self.t("menu.saves_unusable", path=str(self.saves)))
                save = None
        self.run_play(GameSetup(game, ",".join(seats), sorted(cfg["variants"]), save=save, debug=self.debug,
                                listening=self.listening))
        # "no" to another game: back to the menu; "quit" (or no more input) leaves it too
        return EXIT if self.after_game in ("quit", "end") else BACK

    @staticmethod
    def finished_save(path: Path) -> bool:
        """True for a save of a game that is over (nothing is lost by replacing it)."""
        try:
            data = savefile.read_save(path)
            if data.get("game") not in available():
                return False
            kit = get_kit(data["game"])
            return bool(kit.rules.is_over(kit.rules.state_from_json(data["state"])))
        except Exception:  # noqa: BLE001 - anything unreadable counts as worth keeping
            return False
