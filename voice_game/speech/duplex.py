"""Full duplex: the microphone stays open while the game speaks; the echo of what the
player plays is taken out of the capture before voice activity and recognition.

:class:`Duplex` owns both clocks' meeting point: the player's :class:`ReferenceTap` holds
what was played with play times; each captured 10 ms frame comes with its capture time;
the frames played up to that time go to the canceller as the far end first, then the
capture is cleaned. What is left between the two (the room, the converters) is small and
AEC3 estimates it; ``delay_ms`` is the hint given to it.

    duplex = Duplex(canceller, player_tap)
    clean = duplex.process(pcm16, captured_at)   # any length; returns whole 10 ms frames
"""
from __future__ import annotations

from voice_game.audio.reference import FRAME, RATE, ReferenceTap

from .echo import EchoCanceller

FRAME_BYTES = FRAME * 2


class Duplex:
    def __init__(self, canceller: EchoCanceller, tap: ReferenceTap, lead_ms: int = 150) -> None:
        self.canceller = canceller
        self.tap = tap
        #: the reference goes in this much ahead of the capture it may echo in: a play time
        #: estimated late (a sound server's buffers) must never put the echo before its reference
        self.lead_ms = lead_ms
        self.delay_ms = lead_ms
        self._rest = b""
        self._rest_t = 0.0
        #: reference frames handed to the canceller, captured frames cleaned
        self.played_frames = 0
        self.captured_frames = 0

    def process(self, pcm: bytes, captured_at: float) -> bytes:
        """``pcm`` (16 kHz mono int16) whose first sample was captured at ``captured_at``
        (perf_counter seconds) -> the echo-free audio of its whole 10 ms frames (a part
        frame waits for the next call)."""
        if not self._rest:
            self._rest_t = captured_at
        data = self._rest + pcm
        out = []
        n = len(data) // FRAME_BYTES
        for k in range(n):
            t = self._rest_t + k * FRAME / RATE + self.lead_ms / 1000
            for _, ref in self.tap.take_until(t):
                self.canceller.played(ref)
                self.played_frames += 1
            self.canceller.set_delay_ms(self.delay_ms)
            out.append(self.canceller.captured(data[k * FRAME_BYTES:(k + 1) * FRAME_BYTES]))
            self.captured_frames += 1
        self._rest = data[n * FRAME_BYTES:]
        self._rest_t += n * FRAME / RATE
        return b"".join(out)
