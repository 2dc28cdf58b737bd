"""Barge-in over a screen reader: the player's voice while another process speaks.

The screen reader's voice cannot be ducked from here (it is another program's sound); a
command heard while it speaks cancels it (SSIP ``CANCEL``), as ``stop`` does, and the
command acts. The game's own cues duck as with its own voice. Every event is passed on to
the next sink (the event log), with :class:`NarrationCut` when the reader was cut.
"""
from __future__ import annotations

from voice_game.audio.screenreader import SpeechDispatcherOutput

from .listener import VoiceEventSink
from .voice_events import Heard, NarrationCut, NarrationDucked, NarrationRestored, SpeechStarted, VoiceEvent


class ReaderBargeIn:
    def __init__(self, output: SpeechDispatcherOutput, then: VoiceEventSink | None = None) -> None:
        self.output = output
        self.then = then

    def put(self, event: VoiceEvent) -> None:
        self._pass(event)
        player = self.output.player
        if isinstance(event, SpeechStarted):
            if player is not None and not player.is_silent() and not player.ducked:
                player.duck(True)
                self._pass(NarrationDucked())
        elif isinstance(event, Heard):
            if event.decision == "delivered" and not self.output.is_silent():
                self.output.stop()
                self._pass(NarrationCut(text=event.text))
            if player is not None and player.ducked:
                player.duck(False)
                self._pass(NarrationRestored())

    def _pass(self, event: VoiceEvent) -> None:
        if self.then is not None:
            self.then.put(event)
