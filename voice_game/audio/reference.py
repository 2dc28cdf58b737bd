"""What the loudspeaker plays, kept as the echo canceller's reference.

The player's backend hands every block it plays to a :class:`ReferenceTap` with the time
its first sample is heard (on a sound device: the output callback's time + the stream's
output latency). The blocks are one unbroken stream on the device's clock: their times
follow from the first one's and the sample count (a block heard more than ``gap_s`` later
than that starts a new stretch). The tap mixes it down to mono, brings it to 16 kHz
(linear interpolation carried across blocks) and keeps 10 ms frames of int16 with their
play times, so the capture side can pair each microphone frame
with what was playing when it was captured (voice_game/speech/duplex.py).
"""
from __future__ import annotations

import re
import threading
from collections import deque

import numpy as np

RATE = 16000
FRAME = RATE // 100


class ReferenceTap:
    """10 ms frames (16 kHz mono int16) of what was played, each with its play time."""

    #: a block heard this much later than the ones before imply: the device played silence between
    gap_s = 0.03
    #: a block this far off starts a new stretch (a restarted clock)
    max_gap_s = 1.0
    #: the timeline moves when the stamps' average is this far off it
    drift_s = 0.004

    def __init__(self, keep_s: float = 20.0) -> None:
        # kept until taken: the echo may come seconds after its play time (1.8 s in the
        # duplex benchmark's room, speech/echo_delay.py), and the listener's worker may run
        # seconds behind the capture while Whisper decodes on a busy machine (7 s in the
        # screen-reader test beside another benchmark; with 5 s kept its reference was
        # gone, the echo went through uncancelled and became speech to decode in turn)
        self._frames: deque[tuple[float, bytes]] = deque(maxlen=int(keep_s * 100))
        #: the last seconds of frames, also those already taken: the delay estimate's reference
        self._history: deque[tuple[float, bytes]] = deque(maxlen=int(max(keep_s, 10.0) * 100))
        self._lock = threading.Lock()
        self._src = np.zeros(0, dtype=np.float64)
        self._pos = 0.0  # source index (in self._src) of the next 16 kHz sample
        self._src_t0 = 0.0  # play time of self._src[0]
        self._out = np.zeros(0, dtype=np.float64)
        self._out_t0 = 0.0
        self._taps: np.ndarray | None = None
        self._taps_rate = 0
        self._fir_state = np.zeros(62)
        #: new stretches started (the device's own silence between two blocks)
        self.restarts = 0
        #: silences the device played between two blocks, put into the reference too
        self.gaps = 0
        #: the timeline moved to the stamps' average
        self.shifts = 0
        #: frames dropped before they were taken (the listener further behind than ``keep_s``)
        self.dropped = 0
        self._err = 0.0
        #: the sentences the player spoke, with the times they play (:meth:`said`)
        self._said: deque[tuple[float, float, str]] = deque(maxlen=200)

    def push(self, block: np.ndarray, rate: int, heard_at: float) -> None:
        """A block the player wrote (float, mono or (n, channels)), heard from ``heard_at``."""
        mono = block.mean(axis=1) if block.ndim == 2 else block
        mono = self._lowpass(np.asarray(mono, dtype=np.float64), rate)
        if self._src.size:
            err = heard_at - (self._src_t0 + self._src.size / rate)
            if abs(err) > self.max_gap_s:
                # the device's clock jumped (its stream restarted): a new stretch
                self.restarts += 1
                self._src = np.zeros(0, dtype=np.float64)
                self._out = np.zeros(0, dtype=np.float64)
                self._err = 0.0
            elif err > self.gap_s:
                # the device played silence of its own meanwhile (a late callback): so does the reference
                self.gaps += 1
                self._src = np.concatenate([self._src, np.zeros(int(round(err * rate)))])
                self._err = 0.0
            elif err < -self.gap_s:
                # played sooner than the blocks before imply (the device's buffer shrank)
                self._src_t0 += err
                self._out_t0 += err
                self.shifts += 1
                self._err = 0.0
            else:
                # the stamps jitter (a sound server reports its buffers in steps): the
                # timeline follows their average, not each one
                self._err += 0.05 * (err - self._err)
                if abs(self._err) > self.drift_s:
                    self._src_t0 += self._err
                    self._out_t0 += self._err
                    self.shifts += 1
                    self._err = 0.0
        if self._src.size == 0:
            self._src_t0, self._pos = heard_at, 0.0
        self._src = np.concatenate([self._src, mono.astype(np.float64)])
        step = rate / RATE
        n = int(max(0.0, (self._src.size - 1 - self._pos) // step))
        if n <= 0:
            return
        idx = self._pos + step * np.arange(n)
        y = np.interp(idx, np.arange(self._src.size), self._src)
        if self._out.size == 0:
            self._out_t0 = self._src_t0 + self._pos / rate
        self._out = np.concatenate([self._out, y])
        self._pos += step * n
        drop = int(self._pos) - 1
        if drop > 0:
            self._src = self._src[drop:]
            self._pos -= drop
            self._src_t0 += drop / rate
        whole = self._out.size // FRAME
        if whole == 0:
            return
        with self._lock:
            for k in range(whole):
                pcm = np.clip(np.round(self._out[k * FRAME:(k + 1) * FRAME] * 32767), -32768, 32767)
                item = (self._out_t0 + k * FRAME / RATE, pcm.astype("<i2").tobytes())
                if len(self._frames) == self._frames.maxlen:
                    self.dropped += 1
                self._frames.append(item)
                self._history.append(item)
        self._out = self._out[whole * FRAME:]
        self._out_t0 += whole * FRAME / RATE

    def _lowpass(self, x: np.ndarray, rate: int) -> np.ndarray:
        """Below 7.2 kHz before the interpolation to 16 kHz (streaming FIR, state carried),
        as the sound server's resampler does to the capture: aliases in the reference are
        echo the canceller's linear filter cannot match."""
        if rate <= RATE:
            return x
        if self._taps is None or self._taps_rate != rate:
            n = np.arange(63) - 31
            h = np.sinc(2 * 7200 / rate * n) * np.hamming(63)
            self._taps, self._taps_rate = h / h.sum(), rate
            self._fir_state = np.zeros(62)
        y = np.convolve(np.concatenate([self._fir_state, x]), self._taps, mode="valid")
        self._fir_state = np.concatenate([self._fir_state, x])[-62:]
        return y

    def said(self, text: str, start: float, end: float) -> None:
        """The player speaks ``text`` from ``start`` to ``end`` (play times, as the blocks'):
        what its echo says, so the listener can tell the game's own words from a person's."""
        with self._lock:
            self._said.append((start, end, text))

    def words_between(self, t0: float, t1: float) -> list[str]:
        """The words (lower case) the player spoke between the play times ``t0`` and ``t1``:
        each word's time estimated from its place in its sentence (characters spread evenly
        over the sentence's duration: a TTS voice's pace is even enough for a window of a
        second)."""
        with self._lock:
            said = [s for s in self._said if s[0] <= t1 and s[1] >= t0]
        out = []
        for start, end, text in said:
            words = [(m.start(), m.end(), m.group().lower()) for m in re.finditer(r"\w+", text)]
            if not words:
                continue
            span = max(1, len(text))
            for a, b, word in words:
                at = start + (end - start) * (a + b) / 2 / span
                if t0 <= at <= t1:
                    out.append(word)
        return out

    def take_until(self, t: float) -> list[tuple[float, bytes]]:
        """The frames heard before ``t``, oldest first (taken out of the tap)."""
        out = []
        with self._lock:
            while self._frames and self._frames[0][0] <= t:
                out.append(self._frames.popleft())
        return out

    def recent(self, t0: float, t1: float) -> list[tuple[float, bytes]]:
        """The frames (taken or not) whose play times fall in ``[t0, t1)``, oldest first."""
        with self._lock:
            return [f for f in self._history if t0 <= f[0] < t1]
