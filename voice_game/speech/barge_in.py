"""Barge-in: the player's voice over the game's narration (full duplex).

A stage after the listener: it receives the listener's typed events and acts on the
audio output, then passes every event (its own too) on to the next sink (the event log).

* :class:`SpeechMaybe` or :class:`SpeechStarted` while the game speaks: the narration ducks
  at once (the player's output, where its blocks leave for the device); a
  :class:`SpeechDismissed` (the maybe was no speech) restores it;
* :class:`Heard` ``delivered`` (a command; the session acts on it): the narration stops;
* :class:`Heard` ``ignored`` / ``not_understood``, or no result within ``restore_s`` of the
  end of speech: the narration comes back to full level and goes on.
"""
from __future__ import annotations

import threading
import time

from voice_game.audio.output import AudioOutput

from .listener import VoiceEventSink
from .voice_events import (Heard, NarrationCut, NarrationDucked, NarrationRestored, SpeechDismissed, SpeechEnded,
                           SpeechMaybe, SpeechStarted, VoiceEvent)


class BargeIn:
    def __init__(self, output: AudioOutput, then: VoiceEventSink | None = None, restore_s: float = 2.0) -> None:
        self.output = output
        self.then = then
        self.restore_s = restore_s
        self._lock = threading.Lock()
        self._ended_at: float | None = None
        self._timer: threading.Timer | None = None
        #: the duck was made on a SpeechMaybe that no SpeechStarted confirmed yet
        self._tentative = False

    def put(self, event: VoiceEvent) -> None:
        self._pass(event)
        player = self.output.player
        with self._lock:
            if isinstance(event, SpeechMaybe | SpeechStarted):
                self._ended_at = None
                maybe = isinstance(event, SpeechMaybe)
                if not self.output.is_silent() and not player.ducked:
                    player.duck(True)
                    self._tentative = maybe
                    self._pass(NarrationDucked(depth_db=player.output_duck.depth_db, tentative=maybe))
                elif not maybe:
                    self._tentative = False
            elif isinstance(event, SpeechDismissed):
                if self._tentative and player.ducked:
                    player.duck(False)
                    self._pass(NarrationRestored())
                self._tentative = False
            elif isinstance(event, SpeechEnded):
                self._ended_at = time.monotonic()
                self._arm_restore()
            elif isinstance(event, Heard):
                self._ended_at = None
                if event.decision == "delivered" and (player.ducked or not self.output.is_silent()):
                    self.output.stop()
                    player.duck(False)
                    self._pass(NarrationCut(text=event.text))
                elif player.ducked:
                    player.duck(False)
                    self._pass(NarrationRestored())

    def _arm_restore(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = threading.Timer(self.restore_s, self._restore_if_nothing_heard)
        self._timer.daemon = True
        self._timer.start()

    def _restore_if_nothing_heard(self) -> None:
        with self._lock:
            if self._ended_at is not None and self.output.player.ducked:
                self._ended_at = None
                self.output.player.duck(False)
                self._pass(NarrationRestored())

    def _pass(self, event: VoiceEvent) -> None:
        if self.then is not None:
            self.then.put(event)
