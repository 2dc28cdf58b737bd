"""A voice event sink that keeps every event it is given (tests and benchmarks): the end of
the listener's one-way event flow, where the session would be."""
from __future__ import annotations

from voice_game.speech.voice_events import Heard, VoiceEvent


class Collected:
    def __init__(self) -> None:
        self.got: list[VoiceEvent] = []

    def put(self, event: VoiceEvent) -> None:
        self.got.append(event)

    def heard(self) -> list[Heard]:
        return [e for e in self.got if isinstance(e, Heard)]

    def types(self) -> list[str]:
        return [e.type for e in self.got]
