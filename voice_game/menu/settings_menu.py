"""The settings menu: language, speech rate, detail, each kind of message, volumes, voice, keys."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from voice_game.audio.speech import DEFAULT_VOICES
from voice_game.audio.voices import voices as installed_voices
from voice_game.commands.grammar import LANGUAGES
from voice_game.core.output import RATE_DEFAULT, RATE_MAX, RATE_MIN, RATE_STEP, VOLUME_STEP, CueLevel, VoiceChoosing
from voice_game.keys import describe
from voice_game.menu.core import MenuCore
from voice_game.menu.items import BACK, EXIT, Item, Menu
from voice_game.settings import DETAILS, DUPLEX, LEVELS, VERBOSITY_KINDS, Settings


class SettingsMenus(MenuCore):
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
            if not RATE_MIN <= n <= RATE_MAX:
                return False
            self.out.set_rate(n)
            self.persist(rate=self.out.rate)
            return True

        def lang_set(lang: str):
            return lambda: lang_adjust(LANGUAGES.index(lang) - LANGUAGES.index(self.lang))

        def detail_set(detail: str):
            return lambda: self.persist(detail=detail)

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
                 lang_adjust, named={lang: lang_set(lang) for lang in LANGUAGES}),
            Item("rate", lambda: t("menu.rate", rate=self.out.rate), None, rate_adjust, rate_set,
                 (RATE_MIN, RATE_MAX), {"default": lambda: None if rate_set(RATE_DEFAULT) else None}),
            Item("detail", lambda: t("menu.detail", level=t(f"menu.detail_name.{detail_now()}")), None,
                 detail_adjust, named={d: detail_set(d) for d in DETAILS}),
            Item("verbosity", lambda: t("menu.verbosity"), self.verbosity_submenu),
            *self.sound_items(),
            self.listening_item(),
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

        def volume_adjust(delta: int):  # the voice's loudness
            self.out.set_volume(max(VOLUME_STEP, self.out.volume + VOLUME_STEP * delta))  # never silent
            self.persist(speech_volume=self.out.volume)

        def volume_set(n: int) -> bool:
            if not VOLUME_STEP <= n <= 100:  # never silent
                return False
            self.out.set_volume(n)
            self.persist(speech_volume=self.out.volume)
            return True

        def cue_volume_now() -> int:
            if isinstance(self.out, CueLevel):
                return int(self.out.cue_volume)
            return self.store.settings.cue_volume if self.store is not None else 80

        def cue_volume_set_now(level: int) -> None:
            if isinstance(self.out, CueLevel):
                self.out.set_cue_volume(level)
            self.persist(cue_volume=level)

        def cue_volume_adjust(delta: int):  # the sound cues' loudness
            cue_volume_set_now(max(0, min(100, cue_volume_now() + VOLUME_STEP * delta)))

        def cue_volume_set(n: int) -> bool:
            if not 0 <= n <= 100:
                return False
            cue_volume_set_now(n)
            return True

        return [
            Item("volume", lambda: t("menu.volume", volume=self.out.volume), None, volume_adjust, volume_set,
                 (VOLUME_STEP, 100)),
            Item("cue_volume", lambda: t("menu.cue_volume", volume=cue_volume_now()), None, cue_volume_adjust,
                 cue_volume_set, (0, 100)),
            self.voice_item(),
        ]


    def listening_item(self) -> Item:
        """How the microphone listens while the game speaks (``duplex``): always with the echo
        canceller, always with headphones, or in turns; the program's voice starts anew with it."""
        t = self.t

        def mode_now() -> str:
            if self.listening.duplex in DUPLEX:
                return self.listening.duplex
            mode = self.store.settings.duplex if self.store is not None else Settings.duplex
            return mode if mode in DUPLEX else Settings.duplex

        def use(mode: str) -> None:
            if mode == mode_now():
                return
            self.listening = replace(self.listening, duplex=mode)  # the games started here too
            self.persist(duplex=mode)
            self.restart_listening()

        def adjust(delta: int) -> None:
            use(DUPLEX[(DUPLEX.index(mode_now()) + delta) % len(DUPLEX)])

        return Item("listening", lambda: t("menu.listening", mode=t(f"menu.listening_name.{mode_now()}")), None,
                    adjust, named={mode: partial(use, mode) for mode in DUPLEX})

    def voice_item(self) -> Item:
        """The speaking voice: cycled, or chosen by its family's name ("Stimme Pico")."""
        t = self.t
        voices = installed_voices

        def voice_now() -> str:
            return self.store.settings.voice if self.store is not None else ""

        def voice_label() -> str:
            name = voice_now()
            if not name:
                return t("menu.voice", name=t("menu.voice_default"))
            family = "pico" if name.startswith("pico") else "mbrola" if name.startswith("mb-") else "espeak"
            variant = name[5:] if family == "pico" else name[3:] if family == "mbrola" else name
            return t("menu.voice", name=t("menu.voice_name", family=family, variant=variant).strip())

        def voice_choices() -> list[str]:  # the language's default, and the voices installed
            default = DEFAULT_VOICES.get(self.lang, self.lang)
            return [""] + [v for v in voices(self.lang) if v and v != default]

        def voice_use(chosen: str) -> None:
            if isinstance(self.out, VoiceChoosing):
                self.out.set_voice(chosen or DEFAULT_VOICES.get(self.lang, self.lang))
            self.persist(voice=chosen)

        def voice_adjust(delta: int):  # the speaking voice, cycled
            choices = voice_choices()
            now = voice_now()
            i = choices.index(now) if now in choices else 0
            voice_use(choices[(i + delta) % len(choices)])

        def family(name: str) -> str:
            return "pico" if name.startswith("pico") else "mbrola" if name.startswith("mb-") else "espeak"

        def voice_named() -> dict[str, Callable[[], None]]:  # "stimme pico": the first of that family
            named: dict[str, Callable[[], None]] = {"default": lambda: voice_use("")}
            for v in reversed(voice_choices()[1:]):
                named[family(v)] = partial(voice_use, v)
            return named

        return Item("voice", voice_label, None, voice_adjust, named=voice_named())
