"""The second look: what the microphone heard while the echo canceller had not yet learned
the room, cleaned again once it has, and searched for a person's words.

Until the echo's lag is measured (1.2-1.75 s into a resumed game's opening in the duplex
benchmark) and the canceller has learned the path, the game's own voice reaches the voice
detection nearly whole: a person's word said then sinks in it, or is cut into an utterance
with the echo that decodes as nothing or as a doubtful guess. The duplex stage keeps its
last seconds of capture (:meth:`Duplex.recleaned`); the listener asks for two kinds of
span (:class:`Look`): the start of the narration, once the lag is measured and the
canceller has had ``SETTLE_S`` to learn, and any utterance ignored over the narration.
What comes back is searched by a voice detector of its own (:func:`utterances`), and
each utterance that no delivered command covers is decoded and judged as over the
narration (listener's ``Heard`` with ``again``)."""
from __future__ import annotations

from dataclasses import dataclass

from .vad import Endpointer, SileroVad, Vad, frames_of

RATE = 16000
#: a look is tried until this long after its span ended (capture time) ...
WAIT_S = 5.0
#: ... this often (30-70 ms of arithmetic for 8 s kept; the decode only when the look is better)
EVERY_S = 0.5
#: the start of the narration is looked at again this long after the lag was measured: the
#: canceller learns the path slowly while a person speaks over the echo (a word 6 dB under
#: it, the clocks 250 ms apart: what the look leaves of the echo under the word 5 dB under
#: the word 1 s after the lag, 8 dB 2 s after, 13 dB 4 s after; "two", "three", "stop"
#: right 2 of 6 at 2 s, 4 of 6 at 4 s, none wrong; docs/DUPLEX.md) ...
SETTLE_S = 4.0
#: ... up to this long after it
OPENING_S = 1.0
#: utterances decoded in one look at most (each is a decode on the listener's thread)
MOST = 3


@dataclass(frozen=True)
class Look:
    """A span of capture times to look at again, not before ``not_before``."""

    t0: float
    t1: float
    not_before: float

    def merged(self, other: Look | None) -> Look:
        if other is None:
            return self
        return Look(min(self.t0, other.t0), max(self.t1, other.t1), max(self.not_before, other.not_before))


class Utterances:
    """A voice detector of its own for cleaned-again audio (the listener's follows the live
    capture)."""

    def __init__(self) -> None:
        self._ep: Endpointer | None = None

    def find(self, pcm: bytes, t0: float) -> list[tuple[float, float, bytes]]:
        """The utterances in ``pcm`` (its first sample captured at ``t0``): (start, end,
        audio with its pre-roll)."""
        if self._ep is None:
            self._ep = Endpointer(SileroVad())
        ep = self._ep
        ep.reset()
        frames, _ = frames_of(pcm, ep.frame_bytes)
        out: list[tuple[float, float, bytes]] = []
        start = 0.0
        for i, frame in enumerate(frames):
            d = ep.push(frame)
            if d is Vad.START:
                start = t0 + i * ep.frame_s
            elif d is Vad.END:
                voiced = ep.voiced
                audio = b"".join(ep.take())
                if voiced >= 3:
                    out.append((start, t0 + (i + 1) * ep.frame_s, audio))
        if ep.in_speech and ep.voiced >= 3:
            out.append((start, t0 + len(frames) * ep.frame_s, b"".join(ep.take())))
        return out


def overlaps(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] < b[1] and b[0] < a[1]
