"""The true delay between what the player played and its echo in the microphone.

The play time of a reference frame (write time + the device's reported latency) and the
capture time of a microphone block (stamped when the callback ran) are estimates; on a
sound server their error is larger than the echo canceller's own delay search covers.
:func:`gcc_phat_lag` measures the lag by generalized cross-correlation with phase
transform; :class:`DelayTracker` repeats it over the last seconds of capture every few
seconds while the game speaks and keeps the latest confident figure.

Lag ``L`` (seconds): the echo captured at (capture-clock) time ``t`` was played at
(play-clock) time ``t - L``. ``L == 0`` means the two estimates agree.
"""
from __future__ import annotations

import os
import sys
import time
from collections import deque

import numpy as np

RATE = 16000
FRAME = RATE // 100
#: the lag is searched at RATE / DECIMATE
DECIMATE = 4
#: a figure this far (seconds) from the lag in use moves it only when measured in windows
#: that do not overlap (the first and the last of the agreeing figures ``window_s`` apart)
#: and at least three times in a row: the duplex benchmark's stray figures (+1250 ms taken
#: for 4 s before the true +174 ms, +1490 ms twice where the echo came at +170, +3563 and
#: +3891 ms later) each agreed with a neighbour whose window shared most of its audio, or
#: with a repeated sentence; the true lags were 0.1-0.3 s, the first game's 1.9 s
FAR_S = 0.5


def gcc_phat_lag(cap: np.ndarray, ref: np.ndarray, min_peak: float = 4.0) -> int | None:
    """The shift ``s`` (samples, ``0 <= s <= len(ref) - len(cap)``) for which
    ``cap[i] ~ ref[i + s]``, or None when the correlation has no clear peak (its height
    under ``min_peak`` times the correlation's standard deviation)."""
    n = len(ref) - len(cap)
    if n < 0 or len(cap) == 0:
        return None
    nfft = 1 << int(np.ceil(np.log2(len(ref) + len(cap))))
    c = np.fft.rfft(cap.astype(np.float64), nfft)
    r = np.fft.rfft(ref.astype(np.float64), nfft)
    x = np.conj(c) * r
    x /= np.abs(x) + 1e-12
    cc = np.fft.irfft(x, nfft)[:n + 1]
    s = int(np.argmax(cc))
    spread = float(np.std(cc)) + 1e-12
    if cc[s] / spread < min_peak:
        return None
    return s


class DelayTracker:
    """Measures the lag between the reference's play times and the capture's times from
    the last ``window_s`` of capture, every ``every_s`` seconds of capture; ``lag_s`` is the
    last confident measurement (0.0 before the first)."""

    #: ``max_lag_s``: the search reaches this far either way. 1 s was too little: in the duplex
    #: benchmark's simulated room the echo came 1.8-2.2 s after its play time in some games
    #: (the first of each run: the tracker never locked, the canceller removed nothing, and
    #: the person's words sank in the echo). Opening the capture anew did not shorten it: the
    #: delay lies before the capture (the room's chain, or an output buffered deeper than it
    #: reports)
    def __init__(self, window_s: float = 1.0, max_lag_s: float = 4.0, every_s: float = 1.0,
                 settle_s: float = 0.3, agree_s: float = 0.015, hysteresis_s: float = 0.05) -> None:
        self.window_s = window_s
        self.max_lag_s = max_lag_s
        self.every_s = every_s
        #: capture newer than this is not yet used: its reference may not be written yet
        self.settle_s = settle_s
        #: two measurements in a row this close agree (a stray peak does not)
        self.agree_s = agree_s
        #: a new figure this close to the one in use is not applied: each change disturbs AEC3
        #: for seconds, and AEC3 finds a small delay itself (the reference goes in ahead)
        self.hysteresis_s = hysteresis_s
        self.lag_s = 0.0
        #: two measurements have agreed (the lag in use is known, not assumed)
        self.locked = False
        #: the last figure two measurements agreed on (``lag_s`` stays put within the hysteresis)
        self.agreed_s: float | None = None
        #: the lag an earlier start measured (:meth:`assume`), until the first lock
        self.prior_s: float | None = None
        self._streak = 0  # measurements in a row that agree with each other
        self._streak_from = 0.0  # the capture time of the first of them
        self.measured: list[float] = []
        self._cap: deque[tuple[float, bytes]] = deque(maxlen=int((window_s + settle_s + 1.0) * 100))
        self._since = 0.0
        self._restarts = 0  # the reference's restarts when last measured
        self._agree_with: float | None = None  # the last figure on the present clock
        self._off_prior: float | None = None  # the last figure far from an unconfirmed prior
        #: the last figure was off the lag in use: measured again soon (a lag that moved in a
        #: pause is followed in about 1.5 s instead of 2.5, while the canceller misses the echo)
        self._doubt = False
        self.debugging = bool(os.environ.get("VOICE_GAME_DEBUG_DUPLEX"))

    def assume(self, lag_s: float) -> None:
        """Start from the lag an earlier start measured (speech/echo_memory.py). One
        measurement within the hysteresis confirms it; a figure far from it needs three in a
        row, not two: overlapping windows can find the same stray peak twice (the duplex
        benchmark: +1490 ms twice where the echo came at +170 ms); two near each other and near
        a fresh start's estimate leave it (:meth:`_left_prior`)."""
        self.lag_s = lag_s
        self.prior_s = lag_s

    def captured(self, frame: bytes, at: float, tap) -> None:
        """A 10 ms capture frame taken at ``at``; ``tap`` (a ReferenceTap) gives the reference."""
        self._cap.append((at, frame))
        self._since += FRAME / RATE
        # until two figures agree, and while the last one doubts the lag in use: often
        if self._since >= (self.every_s if self.locked and not self._doubt else 0.25):
            self._since = 0.0
            self._measure(tap)

    def _measure(self, tap) -> None:
        frames = [f for f in self._cap if f[0] <= self._cap[-1][0] - self.settle_s]
        frames = frames[-int(self.window_s * 100):]
        if len(frames) < int(self.window_s * 80):
            return
        c0 = frames[0][0]
        cap = np.frombuffer(b"".join(f for _, f in frames), dtype="<i2").astype(np.float64)
        if np.sqrt(np.mean(cap * cap)) < 100:  # silence: nothing to align on
            return
        r0 = c0 - self.max_lag_s
        n_ref = len(cap) + int(2 * self.max_lag_s * RATE)
        ref = np.zeros(n_ref)
        got = 0
        for t, f in tap.recent(r0, r0 + n_ref / RATE):
            i = int(round((t - r0) * RATE))
            a = np.frombuffer(f, dtype="<i2")
            j = min(n_ref, i + len(a))
            if j > i >= 0:
                ref[i:j] = a[:j - i]
                got += 1
        if got < len(frames) // 2:
            return
        # at a quarter of the rate (pairs of means: 4 kHz, 0.25 ms steps, well inside
        # ``agree_s``): the 4 s search costs what the 1 s one did at 16 kHz
        d = DECIMATE
        s = gcc_phat_lag(cap[: len(cap) // d * d].reshape(-1, d).mean(axis=1),
                         ref[: len(ref) // d * d].reshape(-1, d).mean(axis=1))
        if s is None:
            self.debug("no clear echo lag")
            return
        lag = self.max_lag_s - s * d / RATE
        if tap.restarts != self._restarts:
            # the device's clock jumped (its stream restarted): figures from before are of
            # another clock, and this one may span the jump; agreement starts anew
            self._restarts = tap.restarts
            self._agree_with = None
            self.measured.append(lag)
            self.debug(f"measured echo lag {lag * 1000:+.0f} ms across a restart of the output: not used")
            return
        # a new figure is used once two measurements in a row agree (a stray peak is not)
        agreed = self._agree_with is not None and abs(lag - self._agree_with) <= self.agree_s
        now = self._cap[-1][0]
        self._streak = self._streak + 1 if agreed else 1
        if not agreed:
            self._streak_from = now
        self._agree_with = lag
        self.measured.append(lag)
        need = 2
        if self.prior_s is not None and not self.locked:
            need = 1 if abs(lag - self.prior_s) <= self.hysteresis_s else 3
            if need == 3 and self._left_prior(lag):
                need = 2  # from here as a fresh start
        # (a remembered lag not yet confirmed is left by its own rule: three in a row)
        far = abs(lag - self.lag_s) > FAR_S and (self.prior_s is None or self.locked)
        if self._streak >= need and (not far or self._streak >= 3 and now - self._streak_from >= self.window_s):
            self.locked = True
            self.prior_s = None
            self.agreed_s = lag
            if abs(lag - self.lag_s) > self.hysteresis_s:
                self.lag_s = lag
        self._doubt = self.locked and abs(lag - self.lag_s) > self.hysteresis_s
        self.debug(f"measured echo lag {lag * 1000:+.0f} ms vs the estimated 0 (in use {self.lag_s * 1000:+.0f} ms)")

    def _left_prior(self, lag: float) -> bool:
        """A remembered lag not yet confirmed, and ``lag`` far from it: True when this and
        the figure before are within the hysteresis of each other and both near the fresh
        start's estimate (0, where the canceller's delay search looks): this start's clocks
        sit elsewhere, the prior is dropped and the tracker goes on as a fresh start (the
        duplex benchmark's first game remembered +1946 ms, the next measured +167, +132,
        +142 ms: the prior kept the canceller off the echo for 5 s, where a fresh start's
        search covers it at once). A pair far from both (a stray peak) is left to the rule
        of three in a row."""
        off, self._off_prior = self._off_prior, lag
        if self.prior_s is None or off is None:
            return False
        if abs(lag - off) > self.hysteresis_s or max(abs(lag), abs(off)) > FAR_S:
            return False
        self.debug(f"remembered lag {self.prior_s * 1000:+.0f} ms left: measured {off * 1000:+.0f} and "
                   f"{lag * 1000:+.0f} ms, a fresh start from here")
        self.prior_s = None
        self.lag_s = 0.0
        return True

    def debug(self, line: str) -> None:
        """With VOICE_GAME_DEBUG_DUPLEX set: one line on stderr (diagnosis only)."""
        if self.debugging:
            print(f"duplex {time.monotonic():.3f}: {line}", file=sys.stderr, flush=True)
