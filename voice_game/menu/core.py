"""The menu's loop: reading a key, a line or a spoken word, and acting on it."""
from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from voice_game.app import App, GameSetup, Listening
from voice_game.commands.grammar import FrozenCommand, as_number, load_grammar
from voice_game.commands.matcher import match
from voice_game.core.errors import ContentError
from voice_game.core.output import RATE_STEP, VOLUME_STEP, Stoppable
from voice_game.core.input import InputLine, PhraseListener
from voice_game.games import definitions
from voice_game.keys import Key, KeyInput, KeyReader, load_bindings
from voice_game.menu.items import BACK, EXIT, REREAD, MENU_INTENTS, NAMED_BY_INTENT, GameChoices, Item, Menu
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress, data_root

if TYPE_CHECKING:
    from voice_game.input_feed import InputFeed


class MenuCore:
    """A spoken menu's input, output and loop: keys, typed or spoken words, numbers in a pipe."""

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
        self.reader: KeyReader | None = inputs.reader if isinstance(inputs, KeyInput) else None  # a terminal
        self.bindings = inputs.bindings if isinstance(inputs, KeyInput) else load_bindings({})
        self.input_feed: InputFeed | None = None  # the input shared with the games started here
        self.voice: PhraseListener | None = None  # the program's voice, once listening (start_listening)
        self.spoken = False  # whether the last line read was heard (not typed)
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
            self.spoken = isinstance(ev, InputLine)
            if isinstance(ev, InputLine):  # spoken (the program's voice shares the menu's input)
                ev = ev.text
            if ev is not None:
                self.silence()
            return ev
        while True:
            try:
                item = next(self.inputs)
            except StopIteration:
                return None
            spoken = isinstance(item, InputLine) and item.source == "voice"
            text = item.text if isinstance(item, InputLine) else item
            if text.strip() or spoken:  # heard, not understood: the menu says so
                self.spoken = spoken
                self.silence()
                return text

    def start_listening(self, announce: bool = True) -> None:
        """The program's voice, started once (voice_game.app.App.listen) unless the menu runs
        as text: what it hears joins the menu's input, and the tutorials and games started
        here read it too."""
        if self.voice is not None or self.app.recognizer(self.listening) == "none":
            return
        from voice_game.input_feed import InputFeed

        voice = self.app.listen(self.listening, InputFeed.of(self), announce=announce)
        self.voice = voice if isinstance(voice, PhraseListener) else None

    def restart_listening(self) -> None:
        """The program's voice stopped and started again (how it listens was changed);
        nothing happens while the menu runs as text."""
        if self.voice is None:
            return
        self.app.stop_listening()
        self.voice = None
        self.start_listening(announce=False)

    def listen(self, menu: Menu | None = None, intents: tuple[str, ...] = ()) -> None:
        """Tell the recognizer what means something now: the menu's entries (by name, by
        number, as read), or the phrases of ``intents`` (a yes/no question)."""
        if self.voice is None:
            return
        if menu is not None:
            phrases = self.menu_phrases(menu)
        else:
            phrases = {form for p in self.g.phrases(None, intents) for form in (p.spoken, p.text)}
        self.voice.set_phrases(sorted(phrases))

    def menu_phrases(self, menu: Menu) -> set[str]:
        """Every phrase the menu acts on here: its entries' names and numbers, a value
        set by number, an entry's label as it is read, and the words of every menu."""
        ids = {it.id: it for it in menu.items}
        out: set[str] = set()
        for p in self.phrases:
            cmd = dict(p.command)
            intent = cmd["intent"]
            if intent == "menu_number" and not 1 <= int(cmd["choice"]) <= len(menu.items):
                continue
            if intent in ("menu_pick", "menu_set", "menu_set_name") and cmd["item"] not in ids:
                continue
            if intent == "menu_set" and ids[cmd["item"]].setter is None:
                continue
            if intent == "menu_set_name" and cmd["setting"] not in (ids[cmd["item"]].named or {}):
                continue
            out |= {p.spoken, p.text}
            if intent == "menu_pick" and ids[cmd["item"]].bounds is not None:  # "sprechtempo 150"
                lo, hi = ids[cmd["item"]].bounds or (0, 0)
                step = 25 if hi - lo > 200 else 10 if hi - lo > 20 else 1
                out |= {f"{p.text} {n}" for n in range(lo - lo % step, hi + 1, step) if n >= lo}
        for it in menu.items:
            words = tuple(self.g.normalize_words(it.label()))
            if words and self.names_entry(it, words):
                out.add(" ".join(words))
        return out

    def silence(self) -> None:
        if isinstance(self.out, Stoppable):
            try:
                self.out.stop()
            except Exception:  # noqa: BLE001 - sound trouble never stops the menu
                pass

    def read_line(self) -> str:
        """One typed line ("" at the end of input or on Escape)."""
        if self.reader is not None:
            self.reader.start_typing("")  # on a terminal: the characters typed make the line, Enter ends it
        while True:
            ev = self.next_event()
            if ev is None:
                return ""
            if not isinstance(ev, Key):
                return ev
            if ev.name == "typing_cancelled":
                return ""

    def ask_yes_no(self, key: str, **params) -> bool | None:
        """True or False; None at the end of the input or when the player leaves ("beenden",
        "quit"). "zurück" / "back" is a no: a question never holds a player who wants out."""
        self.say(self.t(key, **params))
        while True:
            self.listen(intents=("yes", "no", "back", "quit"))
            ev = self.next_event()
            if ev is None:
                return None
            if isinstance(ev, Key):
                if ev.name in ("y", "j", "enter"):
                    return True
                if ev.name in ("n", "escape", "backspace"):
                    return False
                continue
            m = match(self.g, ev, self.g.phrases(None, ["yes", "no"]))
            if m.kind in ("exact", "clear"):
                return m.command["intent"] == "yes"
            out = match(self.g, ev, self.phrases)  # the menu's own words
            if out.kind == "exact" and out.command["intent"] == "back":
                return False
            if out.kind == "exact" and (out.command["intent"] == "quit" or
                                        (out.command["intent"] == "menu_pick" and out.command.get("item") == "exit")):
                return None
            self.say(self.t("input.waiting_for_yes_no"))

    # --- the loop ------------------------------------------------------------------

    def announce(self, menu: Menu, full: bool) -> None:
        if full:
            items = [self.t("menu.numbered", number=i + 1, label=it.label()) for i, it in enumerate(menu.items)]
            self.say(self.t("menu.title_items", title=self.t(menu.title), items="; ".join(items)))
            self.say(self.t("menu.how", count=len(menu.items)))
        else:
            self.say(self.t(menu.title))
            self.speak_item(menu)

    def reread(self, menu: Menu) -> None:
        """The entries again, without the title just said ("Zurück im Hauptmenü")."""
        if self.reader is not None:
            self.speak_item(menu)
            return
        items = [self.t("menu.numbered", number=i + 1, label=it.label()) for i, it in enumerate(menu.items)]
        self.say(self.t("menu.items", items="; ".join(items)))

    def speak_item(self, menu: Menu) -> None:
        it = menu.items[menu.pos]
        self.say(self.t("menu.item", label=it.label(), number=menu.pos + 1, count=len(menu.items)),
                 "event.menu_move")

    def run_menu(self, menu: Menu) -> str | None:
        """Runs until the player goes back (BACK) or leaves everything (EXIT)."""
        self.start_listening()
        self.announce(menu, full=self.reader is None)
        while True:
            self.listen(menu)
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
            elif result == REREAD:  # back from a submenu: where the player is, then its entries
                self.reread(menu)

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
        m = match(self.g, text, self.phrases)
        if m.kind == "exact" and m.command["intent"] == "menu_set_name" \
                and m.command["setting"] in self.names_of(menu, m.command["item"]):
            self.on_setting(menu, m.command)  # "Stimme: Standard" sets it, though it is a label too
            return None
        index = self.by_label(menu, text)
        if index is not None:
            return self.choose(menu, index)
        return self.on_command(menu, text)

    def by_amount(self, menu: Menu, text: str) -> str | None | bool:
        """An entry's name and a number in digits after it ("sprechtempo 150", as Whisper
        writes a number said): that entry set to the number. False when the line is none."""
        words = text.split()
        n = as_number(words[-1]) if len(words) > 1 else None
        if n is None or n in self.g.numbers:
            return False
        m = match(self.g, " ".join(words[:-1]), self.phrases)
        if m.kind not in ("exact", "clear") or m.command["intent"] != "menu_pick":
            return False
        self.set_value(menu, m.command["item"], n)
        return None

    def set_value(self, menu: Menu, item: str, value: int | str) -> None:
        """Entry ``item`` set to a number or a named value; a value it does not take gets one
        sentence naming what it takes, and nothing changes."""
        ids = [it.id for it in menu.items]
        if item not in ids:
            self.say(self.t("menu.not_here", count=len(menu.items)), "event.error")
            return None
        it = menu.items[ids.index(item)]
        menu.pos = ids.index(item)
        if isinstance(value, str) and it.named and value in it.named:
            it.named[value]()
            self.say(it.label(), "event.menu_select")
        elif isinstance(value, int) and it.setter is not None and it.setter(value):
            self.say(it.label(), "event.menu_select")
        elif it.bounds is not None:
            self.say(self.t("menu.value_range", low=it.bounds[0], high=it.bounds[1]), "event.error")
        elif it.named:
            names = ", ".join(self.g.slots["setting"][v][0] for v in it.named)
            self.say(self.t("menu.value_names", names=names), "event.error")
        else:
            self.say(self.t("menu.bad_value", number=value), "event.error")
        return None

    @staticmethod
    def names_of(menu: Menu, item: str) -> dict:
        """The values entry ``item`` of ``menu`` takes by name (none when it is not here)."""
        return next((it.named or {} for it in menu.items if it.id == item), {})

    def on_setting(self, menu: Menu, cmd: dict) -> None:
        """An entry set to a value ("Bots 3", "Ansagen normal"), or the narration's detail
        by its own word ("kurz", "normal", "ausführlich"), from any menu."""
        intent = cmd["intent"]
        if intent == "menu_set":
            self.set_value(menu, cmd["item"], cmd["choice"])
        elif intent == "menu_set_name":
            self.set_value(menu, cmd["item"], cmd["setting"])
        else:
            detail = "default" if intent == "normal" else intent
            self.persist(detail=detail)
            self.say(self.t("menu.detail", level=self.t(f"menu.detail_name.{detail}")), "event.menu_select")

    def on_command(self, menu: Menu, text: str) -> str | None:
        """A line that is no entry's label: a menu command of the grammar."""
        amount = self.by_amount(menu, text)
        if amount is not False:
            return None
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
        elif intent in ("menu_set", "menu_set_name", "brief", "normal", "verbose"):
            self.on_setting(menu, cmd)
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
            return REREAD
        return run

    # --- menus ---------------------------------------------------------------------

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


    def persist(self, **changes) -> None:
        if self.store is not None:
            try:
                self.store.update(**changes)
            except Exception:  # noqa: BLE001 - a setting that cannot be kept is only lost
                pass


    def failure(self, exc: Exception) -> str:
        """One sentence for a failure that ended a game or tutorial: which game file is
        damaged, or that something went wrong inside; never Python's own words."""
        if isinstance(exc, ContentError):
            return self.t("app.content_error", problem=exc.source)
        return self.t("app.error_internal")

