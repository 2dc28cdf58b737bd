"""``voice-game sounds``: a gallery that names and plays every cue.

Line based (screen-reader and pipe friendly): each line is a command. The words
come from the grammar's always-available intents (``next_message``,
``previous``, ``repeat``, ``quit``, ``help``); a single word that belongs to
only one of those intents is enough ("weiter", "zurück", "next", "back"). A
number jumps to that sound; an empty line (Enter) plays the next one.

Every name comes from ``locales/<lang>/audio.ftl`` (``sound.<cue id>``).
"""
from __future__ import annotations

from collections.abc import Iterable

from voice_game.commands.grammar import as_number
from voice_game.core.output import (CuePlayer, MessageOutput, Output, PlayerOutput,
                                    SilenceAware, Stoppable)
from voice_game.narration.message import HIGH, LOW, Message

from . import cues
from .output import AudioOutput

INTENTS = ("next_message", "previous", "repeat", "quit", "help")


class Gallery:
    def __init__(self, output: Output, catalog, grammar, player: CuePlayer | None = None,
                 cue_ids: Iterable[str] | None = None):
        self.out = output
        self.c = catalog
        self.g = grammar
        # cues go through the output's player when it has one, else through this one
        self.player = player if player is not None else self._out_player()
        self.cue_ids: list[str] = list(cues.CUE_IDS if cue_ids is None else cue_ids)
        self.pos = -1
        self.played: list[str] = []
        self._phrases = {p.words: dict(p.command)["intent"] for p in grammar.phrases(None, INTENTS)}
        owners: dict[str, set] = {}
        for words, intent in self._phrases.items():
            for w in words:
                owners.setdefault(w, set()).add(intent)
        self._word = {w: next(iter(i)) for w, i in owners.items() if len(i) == 1}

    # ------------------------------------------------------------ output
    def _out_player(self) -> CuePlayer | None:
        return self.out.player if isinstance(self.out, PlayerOutput) else None

    def say(self, key: str, priority: str = HIGH, **params) -> None:
        text = self.c.get(key, **params)
        if isinstance(self.out, MessageOutput):
            self.out.say_message(Message(text, "info", priority))
        else:
            self.out.say(text, interrupt=priority == LOW)

    def name(self, cue_id: str) -> str:
        return self.c.get(f"sound.{cue_id}")

    def show(self, index: int) -> None:
        """Name cue ``index`` and play it (after the name, so both are heard clearly)."""
        self.pos = index
        cue_id = self.cue_ids[index]
        self.played.append(cue_id)
        if isinstance(self.out, Stoppable):
            self.out.stop()
        text = self.c.get("gallery.item", number=index + 1, count=len(self.cue_ids), name=self.name(cue_id))
        # our audio path plays the cue after the name in one sequence (the screen
        # reader's output has no cue_after)
        if isinstance(self.out, AudioOutput) and self.player is not None \
                and self.out.player is self.player:
            self.out.say_message(Message(text, "info", HIGH, cue_id), cue_after=True)
            return
        if isinstance(self.out, MessageOutput):
            self.out.say_message(Message(text, "info", HIGH))
        else:
            self.out.say(text)
        if self.player is not None:
            self.player.stop()  # the previous sound ends when the next is asked for
            if isinstance(self.out, SilenceAware) and self._out_player() is not self.player:
                self.out.wait_silent(timeout=10.0)  # the screen reader finishes the name first
            try:
                self.player.play_cue(cue_id)
            except Exception:  # noqa: BLE001 - a broken cue file never ends the gallery
                pass

    # ------------------------------------------------------------ input
    def command(self, line: str):
        """("intent", None) or ("jump", index) or None (not understood)."""
        words = tuple(self.g.normalize_words(line))
        if not line.strip():
            return ("next_message", None)
        if not words:
            return None
        if len(words) == 1 and words[0] in self.g.word_to_number:
            return ("jump", self.g.word_to_number[words[0]] - 1)
        number = as_number(words[0]) if len(words) == 1 else None
        if number is not None:
            return ("jump", number - 1)
        if words in self._phrases:
            return (self._phrases[words], None)
        if len(words) == 1 and words[0] in self._word:
            return (self._word[words[0]], None)
        return None

    def handle(self, line: str) -> bool:
        """Act on one line; False when the gallery ends."""
        cmd = self.command(line)
        n = len(self.cue_ids)
        if cmd is None:
            self.say("gallery.not_understood", count=n)
            return True
        what, arg = cmd
        if what == "quit":
            return False
        if what == "help":
            self.say("gallery.intro", count=n)
        elif what == "jump":
            if 0 <= arg < n:
                self.show(arg)
            else:
                self.say("gallery.not_understood", count=n)
        elif what == "repeat":
            self.show(max(0, self.pos))
        elif what == "next_message":
            if self.pos + 1 >= n:
                self.say("gallery.last")
            else:
                self.show(self.pos + 1)
        elif what == "previous":
            if self.pos <= 0:
                self.say("gallery.first")
                self.show(0)
            else:
                self.show(self.pos - 1)
        return True

    def run(self, lines: Iterable[str]) -> int:
        self.say("gallery.intro", count=len(self.cue_ids))
        self.show(0)
        for line in lines:
            if not self.handle(line.rstrip("\r\n")):
                break
        self.say("gallery.bye")
        if isinstance(self.out, SilenceAware):
            self.out.wait_silent(timeout=15.0)
        elif self.player is not None:
            self.player.wait_silent(timeout=5.0)
        return 0
