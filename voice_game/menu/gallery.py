"""The sound gallery inside the menu, fed from the menu's keys or lines."""
from __future__ import annotations

from voice_game.core.output import PlayerOutput
from voice_game.keys import Key
from voice_game.menu.core import MenuCore
from voice_game.menu.items import REREAD


class GalleryMenu(MenuCore):
    def sound_gallery(self) -> str | None:
        """``voice-game sounds`` inside the menu, fed from the same input (keys or lines)."""
        try:
            from voice_game.audio.gallery import Gallery
        except ImportError:
            self.say(self.t("menu.sounds_missing"))
            return None
        player = (self.out.player if isinstance(self.out, PlayerOutput) else None) or self.audio
        Gallery(self.out, self.c, self.g, player).run(self.gallery_lines())
        self.say(self.t("menu.back_in", title=self.t("menu.main")))
        return REREAD

    GALLERY_KEYS = {"down": "next_message", "right": "next_message", ".": "next_message", "space": "next_message",
                    "up": "previous", "left": "previous", ",": "previous", "r": "repeat", "escape": "quit",
                    "backspace": "quit", "f1": "help", "?": "help"}

    def gallery_lines(self):
        """Keys become the gallery's command words; lines pass as they are."""
        while True:
            self.listen(intents=tuple(self.GALLERY_KEYS.values()))
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

