"""The start menu: ``voice-game`` with no arguments (or ``voice-game menu``).

Play Tierorchester, play Concerto (humans, bots, bot level, variants), tutorials,
the sound gallery, settings, resume a saved game. Every menu is read aloud and
navigable three ways:

- keys (a terminal): Up/Down move, Home/End first/last, Enter or Space chooses,
  Left/Right change a value, a letter jumps to the next entry starting with it, a
  digit chooses that entry, Escape or Backspace goes back, F1 says the keys, ``/``
  types a menu word;
- words, typed or spoken (``grammars/*``, intents ``menu_pick``, ``menu_number``,
  ``menu_set``, ``back``, ``next``): "Tierorchester", "2", "Bots 3", "zurück", "go";
  an entry's label as it is read, value and all ("2 Bots", "Sprache: Deutsch"), is the
  same as its number (the grammar names the entry within it);
- numbers in a pipe: the menu is printed numbered, one entry per line.

Games started here save to ``<data dir>/saves/<game>.json`` so "resume" finds them.
"""
from __future__ import annotations

import argparse
import sys
import traceback
from dataclasses import dataclass, field
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Literal, TypedDict

from voice_game import savecheck, savefile
from voice_game.app import BOT_NAMES, App, GameSetup, Listening, add_listening_options, add_output_options, bot_names
from voice_game.commands.grammar import LANGUAGES, FrozenCommand, load_grammar
from voice_game.commands.matcher import match
from voice_game.core.errors import ContentError
from voice_game.audio.speech import DEFAULT_VOICES
from voice_game.audio.voices import voices as installed_voices
from voice_game.core.output import RATE_STEP, VOLUME_STEP, Stoppable
from voice_game.games import available, definitions
from voice_game.games import get as get_kit
from voice_game.keys import Key, describe, input_source, load_bindings
from voice_game.narration.catalog import load_catalog
from voice_game.settings import DETAILS, LEVELS, VERBOSITY_KINDS
from voice_game.tutorial.command import run as run_tutorial
from voice_game.core.checks import MAX_NAME
from voice_game.tutorial.progress import Progress, data_root

__all__ = ["BOT_NAMES", "MenuApp", "bot_names", "main"]
EXIT, BACK = "exit", "back"
#: The intents the menu acts on: it listens for these only, so a word of another context
#: ("go" is "ready" at a game's hand-over) never competes with a menu word.
MENU_INTENTS = ("menu_pick", "menu_number", "menu_set", "back", "next", "help", "repeat", "quit",
                "slower", "faster", "louder", "quieter")
#: Entries that an intent of their own names: "zurück" is the entry "Zurück", "exit" the entry "Exit".
NAMED_BY_INTENT = {"back": "back", "exit": "quit"}


def first_course() -> str:
    """The course offered at the first start: the first game's first tutorial."""
    return next(t.course for d in definitions() for t in d.tutorials)


class GameChoices(TypedDict):
    """What the player set up for one game in its menu."""

    humans: int
    bots: int
    level: int  # an index into the game's bot levels
    variants: set[str]
    names: list[str]  # the humans' names typed in the menu, in seat order (the rest: defaults)


#: The numbers of a game's menu that Left/Right and "Bots 3" change.
Count = Literal["humans", "bots", "level"]


@dataclass
class Item:
    id: str  # a value of the grammar's {item} slot when it can be named, else any id
    label: Callable[[], str]
    select: Callable[[], str | None] | None = None  # returns EXIT / BACK / None
    adjust: Callable[[int], None] | None = None  # Left/Right on a value
    setter: Callable[[int], bool] | None = None  # "Bots 3"


@dataclass
class Menu:
    title: str  # message key
    items: list[Item] = field(default_factory=list)
    pos: int = 0


class MenuApp:
    def __init__(self, lang: str, output, inputs, tts: str = "text", audio=None, store=None, progress=None,
                 debug: bool = False, app: App | None = None, listening: Listening | None = None):
        """``app``: the application the menu runs in (voice_game.app.App); without one,
        an application around ``output`` (tests). ``listening``: speech input for the games
        started here (local and online), as ``play --engine`` gives it."""
        self.app = app if app is not None else App.around(lang, output, store, tts)
        self.lang = lang
        self.out = self.app.output
        self.tts = tts
        self.audio = audio
        self.store = self.app.store
        self.debug = debug
        self.listening = listening if listening is not None else Listening()
        self.inputs = iter(inputs)
        self.after_game = ""  # how the last game ended (App.after_game)
        self.reader = getattr(inputs, "reader", None)  # keys.KeyInput on a terminal
        self.bindings = getattr(inputs, "bindings", None) or load_bindings({})
        self.progress = progress if progress is not None else Progress()
        self.saves = data_root() / "saves"
        self.set_lang(lang)
        saved = list(self.store.settings.names) if self.store is not None else []  # typed at an earlier start
        self.setup: dict[str, GameChoices] = {d.name: {"humans": d.default_seats.humans, "bots": d.default_seats.bots, "level": 0,
                               "variants": set(), "names": list(saved)} for d in definitions()}

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.c = load_catalog(lang)
        self.g = load_grammar(lang)
        self.phrases = self.g.phrases("menu", MENU_INTENTS)
        self.commands: dict[tuple[str, ...], set[FrozenCommand]] = {}  # a menu phrase's words -> its commands
        for p in self.phrases:
            self.commands.setdefault(p.words, set()).add(p.command)

    # --- output ------------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return self.c.get(key, **params)

    def say(self, text: str, cue: str | None = None) -> None:
        if self.audio is not None and cue:
            try:
                self.audio.play_cue(cue)
            except Exception:  # noqa: BLE001 - sound trouble never stops the menu
                pass
        self.out.say(text)

    # --- input -------------------------------------------------------------------
    def next_event(self):
        """A Key, a line (str), or None at the end of input. Any key or line silences the
        menu's speech at once, as in the game: the player has heard enough."""
        if self.reader is not None:
            ev = self.reader.next_event()
            if ev is not None:
                self.silence()
            return ev
        while True:
            try:
                item = next(self.inputs)
            except StopIteration:
                return None
            text = getattr(item, "text", item)
            if text.strip():
                self.silence()
                return text

    def silence(self) -> None:
        if isinstance(self.out, Stoppable):
            try:
                self.out.stop()
            except Exception:  # noqa: BLE001 - sound trouble never stops the menu
                pass

    def read_line(self) -> str:
        """One typed line ("" at the end of input or on Escape)."""
        start = getattr(self.reader, "start_typing", None)
        if start is not None:
            start("")  # on a terminal: the characters typed make the line, Enter ends it
        while True:
            ev = self.next_event()
            if ev is None:
                return ""
            if not isinstance(ev, Key):
                return ev
            if ev.name == "typing_cancelled":
                return ""

    def ask_yes_no(self, key: str, **params) -> bool | None:
        self.say(self.t(key, **params))
        while True:
            ev = self.next_event()
            if ev is None:
                return None
            if isinstance(ev, Key):
                if ev.name in ("y", "j", "enter"):
                    return True
                if ev.name in ("n", "escape"):
                    return False
                continue
            m = match(self.g, ev, self.g.phrases(None, ["yes", "no"]))
            if m.kind in ("exact", "clear"):
                return m.command["intent"] == "yes"
            self.say(self.t("input.waiting_for_yes_no"))

    # --- the loop ------------------------------------------------------------------
    def run(self) -> int:
        if not self.progress.flag("tutorial_offered"):
            self.progress.set_flag("tutorial_offered")
            answer = self.ask_yes_no("menu.first_run")
            if answer is None:
                return 0
            if answer:
                self.tutorial(first_course())
        result = self.run_menu(self.main_menu())
        self.say(self.t("app.goodbye"))
        return 0 if result in (EXIT, BACK, None) else 0

    def announce(self, menu: Menu, full: bool) -> None:
        if full:
            items = [self.t("menu.numbered", number=i + 1, label=it.label()) for i, it in enumerate(menu.items)]
            self.say(self.t("menu.title_items", title=self.t(menu.title), items="; ".join(items)))
            self.say(self.t("menu.how", count=len(menu.items)))
        else:
            self.say(self.t(menu.title))
            self.speak_item(menu)

    def speak_item(self, menu: Menu) -> None:
        it = menu.items[menu.pos]
        self.say(self.t("menu.item", label=it.label(), number=menu.pos + 1, count=len(menu.items)),
                 "event.menu_move")

    def run_menu(self, menu: Menu) -> str | None:
        """Runs until the player goes back (BACK) or leaves everything (EXIT)."""
        self.announce(menu, full=self.reader is None)
        while True:
            ev = self.next_event()
            if ev is None:
                return EXIT
            if isinstance(ev, Key):
                result = self.on_key(menu, ev)
            else:
                result = self.on_line(menu, ev)
            if result in (EXIT, BACK):
                return result
            if result == "again":
                self.announce(menu, full=self.reader is None)

    def choose(self, menu: Menu, index: int) -> str | None:
        menu.pos = index
        it = menu.items[index]
        if it.select is None and it.adjust is not None:
            it.adjust(1)
            self.say(it.label(), "event.menu_select")
            return None
        if it.select is None:
            return None
        if self.audio is not None:
            try:
                self.audio.play_cue("event.menu_select")
            except Exception:  # noqa: BLE001 - sound trouble never stops the menu
                pass
        return it.select()

    def on_key(self, menu: Menu, k: Key) -> str | None:
        n = len(menu.items)
        name = k.name
        if name == "typing_cancelled":
            self.say(self.t("input.cancelled"))
        elif name in ("down", "tab"):
            menu.pos = (menu.pos + 1) % n
            self.speak_item(menu)
        elif name in ("up", "shift-tab"):
            menu.pos = (menu.pos - 1) % n
            self.speak_item(menu)
        elif name == "home":
            menu.pos = 0
            self.speak_item(menu)
        elif name == "end":
            menu.pos = n - 1
            self.speak_item(menu)
        elif name in ("enter", "space"):
            return self.choose(menu, menu.pos)
        elif name in ("left", "right"):
            it = menu.items[menu.pos]
            if it.adjust is not None:
                it.adjust(1 if name == "right" else -1)
                self.say(it.label(), "event.menu_move")
            elif name == "left":
                return BACK
            else:
                return self.choose(menu, menu.pos)
        elif name in ("escape", "backspace"):
            return BACK
        elif name == "f1" or name == "?":
            self.say(self.t("menu.keys_help"))
            self.speak_item(menu)
        elif name == "/":
            if self.reader is not None:  # keys come from a reader only (next_event)
                self.reader.start_typing()
        else:
            return self.on_char(menu, k)
        return None

    def on_char(self, menu: Menu, k: Key) -> str | None:
        """A digit chooses that entry; a letter jumps to the next entry starting with it."""
        n = len(menu.items)
        if k.char and k.char.isdecimal() and k.char.isascii() and k.char != "0":
            i = int(k.char) - 1
            if i < n:
                return self.choose(menu, i)
        elif k.char and k.char.isalpha():
            ch = k.char.lower()
            for step in range(1, n + 1):
                j = (menu.pos + step) % n
                if menu.items[j].label().lower().startswith(ch):
                    menu.pos = j
                    self.speak_item(menu)
                    break
        return None

    def by_label(self, menu: Menu, text: str) -> int | None:
        """The entry whose label, as the menu reads it now, is what was said ("Sprache:
        Deutsch", "2 Bots", "Name: Anna"), provided the grammar names that entry within it
        (the words the game understands are the grammar's; a value shown beside them is
        only echoed): the same as saying the entry's number."""
        words = tuple(self.g.normalize_words(text))
        if not words:
            return None
        for i, it in enumerate(menu.items):
            if tuple(self.g.normalize_words(it.label())) == words and self.names_entry(it, words):
                return i
        return None

    def names_entry(self, it: Item, words: tuple[str, ...]) -> bool:
        """Whether some run of ``words`` is a menu phrase that names entry ``it``."""
        for a in range(len(words)):
            for b in range(a + 1, len(words) + 1):
                for cmd in map(dict, self.commands.get(words[a:b], ())):
                    if (cmd["intent"] == "menu_pick" and cmd["item"] == it.id) \
                            or NAMED_BY_INTENT.get(it.id) == cmd["intent"]:
                        return True
        return False

    def on_line(self, menu: Menu, text: str) -> str | None:
        index = self.by_label(menu, text)
        if index is not None:
            return self.choose(menu, index)
        return self.on_command(menu, text)

    def on_command(self, menu: Menu, text: str) -> str | None:
        """A line that is no entry's label: a menu command of the grammar."""
        m = match(self.g, text, self.phrases)
        if m.kind not in ("exact", "clear"):
            self.say(self.t("menu.not_understood", count=len(menu.items)), "event.error")
            return None
        cmd = m.command
        intent = cmd["intent"]
        ids = [it.id for it in menu.items]
        if intent == "menu_number":
            if 1 <= cmd["choice"] <= len(menu.items):
                return self.choose(menu, cmd["choice"] - 1)
            self.say(self.t("menu.no_such_number", number=cmd["choice"], count=len(menu.items)), "event.error")
        elif intent == "menu_pick":
            if cmd["item"] in ids:
                return self.choose(menu, ids.index(cmd["item"]))
            self.say(self.t("menu.not_here", count=len(menu.items)), "event.error")
        elif intent == "menu_set":
            if cmd["item"] in ids:
                it = menu.items[ids.index(cmd["item"])]
                menu.pos = ids.index(cmd["item"])
                if it.setter is not None and it.setter(cmd["choice"]):
                    self.say(it.label(), "event.menu_select")
                else:
                    self.say(self.t("menu.bad_value", number=cmd["choice"]), "event.error")
            else:
                self.say(self.t("menu.not_here", count=len(menu.items)), "event.error")
        elif intent == "back":
            return BACK
        elif intent == "next":
            menu.pos = (menu.pos + 1) % len(menu.items)
            self.speak_item(menu)
        elif intent in ("help", "repeat"):
            return "again"
        elif intent == "quit":
            return EXIT
        elif intent in ("slower", "faster"):
            self.out.set_rate(self.out.rate + (RATE_STEP if intent == "faster" else -RATE_STEP))
            self.say(self.t("settings.rate", rate=self.out.rate))
            self.persist(rate=self.out.rate)
        elif intent in ("louder", "quieter"):
            self.out.set_volume(self.out.volume + (VOLUME_STEP if intent == "louder" else -VOLUME_STEP))
            self.say(self.t("settings.volume", volume=self.out.volume))
            self.persist(speech_volume=self.out.volume)
        else:
            self.say(self.t("menu.not_understood", count=len(menu.items)), "event.error")
        return None

    def submenu(self, make: Callable[[], Menu]) -> Callable[[], str | None]:
        def run() -> str | None:
            result = self.run_menu(make())
            if result == EXIT:
                return EXIT
            self.say(self.t("menu.back_in", title=self.t("menu.main")))
            return None
        return run

    # --- menus ---------------------------------------------------------------------
    def main_menu(self) -> Menu:
        t = self.t
        games = [Item(g, partial(t, f"menu.play_{g}"), self.submenu(partial(self.game_menu, g)))
                 for g in available()]
        return Menu("menu.title_main", games + [
            Item("tutorials", lambda: t("menu.tutorials"), self.submenu(self.tutorial_menu)),
            Item("sounds", lambda: t("menu.sounds"), self.sound_gallery),
            Item("settings", lambda: t("menu.settings"), self.submenu(self.settings_menu)),
            Item("resume", lambda: t("menu.resume"), self.submenu(self.resume_menu)),
            Item("online", lambda: t("online.menu.entry"), self.submenu(self.online_menu)),
            Item("exit", lambda: t("menu.exit"), lambda: EXIT),
        ])

    def online_menu(self) -> Menu:
        from voice_game.online.command import menu_host, menu_session

        t = self.t

        def host_label(g: str) -> str:
            return t("online.menu.host", game=t(f"menu.game_name.{g}"))

        return Menu("online.menu.title", [
            Item("join", lambda: t("online.menu.join"), lambda: menu_session(self, "join")),
            Item("watch", lambda: t("online.menu.watch"), lambda: menu_session(self, "watch")),
            *[Item(g, partial(host_label, g), partial(menu_host, self, g)) for g in available()],
            Item("back", lambda: t("menu.back"), lambda: BACK),
        ])

    def game_menu(self, game: str) -> Menu:
        kit = get_kit(game)
        cfg = self.setup[game]
        levels = list(kit.bot_levels)
        lo, hi = kit.min_players, kit.max_players
        t = self.t

        def variant_label(v: str) -> str:
            name = t(f"menu.variant_name.{v}")
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
        return Menu(f"menu.title_{game}", items)

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
        names = [x.strip() for x in self.read_line().split(",") if x.strip()][:most]
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
                answer = self.ask_yes_no("menu.replace_save", name=self.t(f"menu.game_name.{game}"))
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

    def run_play(self, setup: GameSetup) -> None:
        """A game through the application layer, in the menu's language and output; back
        to the menu afterwards, whatever happened. With speech the game's keyboard is read
        in a thread beside the voice: it gets a share of the menu's input that ends with
        the game (voice_game.input_feed), so the keys after it are the menu's again."""
        app = self.app
        lease = None
        try:
            app = self.app.in_language(self.lang)
            inputs = self.inputs
            if app.recognizer(setup.listening) != "none":
                from voice_game.input_feed import InputFeed
                from voice_game.keys import KeyInput

                lease = InputFeed.of(self).lease()
                inputs = KeyInput(lease, self.bindings) if self.reader is not None else lease.lines()
            app.play(setup, inputs=inputs)
        except Exception as exc:  # noqa: BLE001 - back to the menu, never a traceback
            if self.debug:
                traceback.print_exc()
            self.say(self.failure(exc))
        finally:
            if lease is not None:
                lease.close()
        self.after_game = app.after_game

    def tutorial_menu(self) -> Menu:
        t = self.t
        items: list[Item] = []
        for course, item_id in ((tut.course, tut.menu_id) for d in definitions() for tut in d.tutorials):
            items.append(Item(item_id, partial(self.tutorial_label, course), partial(self.tutorial, course)))
        items.append(Item("back", lambda: t("menu.back"), lambda: BACK))
        return Menu("menu.tutorials", items)

    def tutorial_label(self, course: str) -> str:
        state = self.progress.get(course)
        name = self.t(f"menu.course.{course}")
        if state.get("done"):
            return self.t("menu.course_done", name=name)
        if state.get("lesson"):
            return self.t("menu.course_started", name=name)
        return name

    def tutorial(self, course: str) -> str | None:
        try:
            run_tutorial(course, self.lang, self.out, self.inputs, audio=self.audio, debug=self.debug)
        except Exception as exc:  # noqa: BLE001 - back to the menu, never a traceback
            if self.debug:
                traceback.print_exc()
            self.say(self.failure(exc))
        self.progress = type(self.progress)(self.progress.path)  # the runner wrote its own copy
        return None

    def sound_gallery(self) -> str | None:
        """``voice-game sounds`` inside the menu, fed from the same input (keys or lines)."""
        try:
            from voice_game.audio.gallery import Gallery
        except ImportError:
            self.say(self.t("menu.sounds_missing"))
            return None
        player = getattr(self.out, "player", None) or self.audio
        Gallery(self.out, self.c, self.g, player).run(self.gallery_lines())
        self.say(self.t("menu.back_in", title=self.t("menu.main")))
        return None

    GALLERY_KEYS = {"down": "next_message", "right": "next_message", ".": "next_message", "space": "next_message",
                    "up": "previous", "left": "previous", ",": "previous", "r": "repeat", "escape": "quit",
                    "backspace": "quit", "f1": "help", "?": "help"}

    def gallery_lines(self):
        """Keys become the gallery's command words; lines pass as they are."""
        while True:
            ev = self.next_event()
            if ev is None:
                return
            if isinstance(ev, Key):
                if ev.name == "enter":
                    yield ""
                elif ev.char and ev.char.isdecimal() and ev.char.isascii():
                    yield ev.char
                elif ev.name in self.GALLERY_KEYS:
                    yield self.g.render({"intent": self.GALLERY_KEYS[ev.name]})
            else:
                yield ev

    def settings_menu(self) -> Menu:
        t = self.t

        def lang_adjust(delta: int):
            i = (LANGUAGES.index(self.lang) + delta) % len(LANGUAGES)
            self.set_lang(LANGUAGES[i])
            self.persist(lang=self.lang)

        def rate_adjust(delta: int):
            self.out.set_rate(self.out.rate + RATE_STEP * delta)
            self.persist(rate=self.out.rate)

        def rate_set(n: int) -> bool:
            return False

        def detail_now() -> str:
            d = self.store.settings.detail if self.store is not None else "default"
            return d if d in DETAILS else "default"

        def detail_adjust(delta: int):  # the narration's detail: brief, normal, verbose
            self.persist(detail=DETAILS[(DETAILS.index(detail_now()) + delta) % len(DETAILS)])

        def keys_list():
            for line in describe(self.bindings, self.c):
                self.say(line)
            return None

        return Menu("menu.settings", [
            Item("language", lambda: t("menu.language", name=t(f"menu.language_name.{self.lang}")), None,
                 lang_adjust),
            Item("rate", lambda: t("menu.rate", rate=self.out.rate), None, rate_adjust, rate_set),
            Item("detail", lambda: t("menu.detail", level=t(f"menu.detail_name.{detail_now()}")), None,
                 detail_adjust),
            Item("verbosity", lambda: t("menu.verbosity"), self.verbosity_submenu),
            *self.sound_items(),
            Item("keys", lambda: t("menu.keys"), keys_list),
            Item("back", lambda: t("menu.back"), lambda: BACK),
        ])

    def verbosity_menu(self) -> Menu:
        """Each kind of message spoken, as a sound only, or off (as "bot moves: sound only"
        says it in a game); kept in the settings file."""
        t = self.t

        def level_now(kind: str) -> str:
            return self.store.settings.level(kind) if self.store is not None else "full"

        def item(kind: str) -> Item:
            def adjust(delta: int) -> None:
                level = LEVELS[(LEVELS.index(level_now(kind)) + delta) % len(LEVELS)]
                self.persist(verbosity={kind: level})

            return Item(kind, lambda: t("menu.verbosity_kind", what=t(f"audio.kind.{kind}"),
                                        level=t(f"audio.level.{level_now(kind)}")), None, adjust)

        return Menu("menu.verbosity", [item(k) for k in VERBOSITY_KINDS] + [
            Item("back", lambda: t("menu.back"), lambda: BACK)])

    def verbosity_submenu(self) -> str | None:
        if self.run_menu(self.verbosity_menu()) == EXIT:
            return EXIT
        self.say(self.t("menu.back_in_settings"))
        return None

    def sound_items(self) -> list[Item]:
        """The settings of what is heard: the voice's and the cues' volumes, and the voice."""
        t = self.t
        voices = installed_voices

        def volume_adjust(delta: int):  # the voice's loudness
            self.out.set_volume(max(VOLUME_STEP, self.out.volume + VOLUME_STEP * delta))  # never silent
            self.persist(speech_volume=self.out.volume)

        def cue_volume_now() -> int:
            if hasattr(self.out, "cue_volume"):
                return int(self.out.cue_volume)
            return self.store.settings.cue_volume if self.store is not None else 80

        def cue_volume_adjust(delta: int):  # the sound cues' loudness
            level = max(0, min(100, cue_volume_now() + VOLUME_STEP * delta))
            setter = getattr(self.out, "set_cue_volume", None)
            if setter is not None:
                setter(level)
            self.persist(cue_volume=level)

        def voice_now() -> str:
            return self.store.settings.voice if self.store is not None else ""

        def voice_label() -> str:
            name = voice_now()
            if not name:
                return t("menu.voice", name=t("menu.voice_default"))
            family = "pico" if name.startswith("pico") else "mbrola" if name.startswith("mb-") else "espeak"
            variant = name[5:] if family == "pico" else name[3:] if family == "mbrola" else name
            return t("menu.voice", name=t("menu.voice_name", family=family, variant=variant).strip())

        def voice_adjust(delta: int):  # the speaking voice: the language's default, or one installed
            default = DEFAULT_VOICES.get(self.lang, self.lang)
            choices = [""] + [v for v in voices(self.lang) if v and v != default]
            now = voice_now()
            i = choices.index(now) if now in choices else 0
            chosen = choices[(i + delta) % len(choices)]
            setter = getattr(self.out, "set_voice", None)
            if setter is not None:
                setter(chosen or DEFAULT_VOICES.get(self.lang, self.lang))
            self.persist(voice=chosen)

        return [
            Item("volume", lambda: t("menu.volume", volume=self.out.volume), None, volume_adjust),
            Item("cue_volume", lambda: t("menu.cue_volume", volume=cue_volume_now()), None, cue_volume_adjust),
            Item("voice", voice_label, None, voice_adjust),
        ]

    def persist(self, **changes) -> None:
        if self.store is not None:
            try:
                self.store.update(**changes)
            except Exception:  # noqa: BLE001 - a setting that cannot be kept is only lost
                pass

    def resume_menu(self) -> Menu:
        t = self.t

        def resume_label(game: str) -> str:
            return t("menu.resume_game", name=t(f"menu.game_name.{game}"))

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

    def failure(self, exc: Exception) -> str:
        """One sentence for a failure that ended a game or tutorial: which game file is
        damaged, or that something went wrong inside; never Python's own words."""
        if isinstance(exc, ContentError):
            return self.t("app.content_error", problem=exc.source)
        return self.t("app.error_internal")

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

    def resume(self, path: Path) -> str | None:
        self.run_play(GameSetup(resume=path, debug=self.debug, listening=self.listening))  # in the save's language
        return BACK


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game menu", description="The start menu.")
    add_output_options(ap)
    add_listening_options(ap, "speech recognizer for the games")
    ap.add_argument("--debug", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv or [])
    app = App.open(args.lang, args.tts)
    if app.fell_back:
        app.tts = "text"  # the games started here are text too
    inputs = input_source(output=app.output, lang=app.lang)
    try:
        return MenuApp(app.lang, app.output, inputs, tts=app.tts, debug=args.debug, app=app,
                       listening=Listening.from_args(args)).run()
    except ContentError as err:
        print(f"voice-game: {err}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    finally:
        close = getattr(getattr(inputs, "reader", None), "close", None)
        if close:
            close()
