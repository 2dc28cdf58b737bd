"""A linear acoustic echo canceller in numpy that keeps the person's voice in double talk.

WebRTC's AEC3 takes the echo out well, but while the game talks and a person talks at
once (double talk) its suppressor takes the person's word out with the echo
(docs/DUPLEX.md). This canceller only subtracts an estimate of the echo: what it cannot
remove stays as a quiet residual, and the person's voice passes untouched. Whisper
tolerates such a residual far better than a chopped word.

The filter (after J.-M. Valin, "On adjusting the learning rate in frequency domain echo
cancellation with double-talk", IEEE TASLP 2007, the approach of speexdsp's MDF):

* a partitioned-block frequency-domain adaptive filter: 10 ms blocks of 160 samples,
  FFT of 320, ``tail_ms`` of echo in partitions of 10 ms, placed ``pre_ms`` before the
  delay hint (:meth:`LinearCanceller.set_delay_ms`: the echo of a reference frame reaches
  the microphone about that much after the frame is handed in);
* a learning rate per frequency bin: the estimated residual echo over the error's power
  (the residual estimated as the filter's "leakage" times its echo estimate). While a
  person speaks the error is large, the rate small: the filter is not dragged off by the
  voice. Until the filter has learned enough the rate is a fixed fraction;
* two filters: a background one adapts on every frame; the foreground one (whose output
  is returned) takes its weights only when it cancels better, and the background one
  goes back to the foreground's when it diverged (double talk it adapted on anyway).

A gentle residual suppressor (``suppress_floor_db``, 6 dB; 0 turns it off): per bin, the
estimated residual echo (leakage x the echo estimate) taken out of the output, never more
than ``suppress_floor_db``; it makes the output one block (10 ms, :attr:`latency`) late.
Inside a person's word the filter's output is often a little louder than the capture (the
word and the echo partly cancel each other there): only an output ``bypass_db`` (3 dB)
louder than the capture counts as the filter adding sound, where the capture passes
(docs/DUPLEX.md: passing it on any louder frame let the whole echo through inside words).
"""
from __future__ import annotations

from collections import deque

import numpy as np

RATE = 16000
N = 160  # block, 10 ms
L = 2 * N  # FFT
K = L // 2 + 1  # bins

SLACK = 3  # reference frames the delay may wander ...
SLACK_FRAMES = 30  # ... for this many captured frames before it is re-aligned
MAX_SLACK = 20  # or this far at once (a sound server hands the reference in bursts of 50 ms)
MIN_LEAK = 0.005
SPEC_AVERAGE = N / RATE  # the spectra's smoothing
BETA0 = 2.0 * N / RATE  # the leakage's update rate
BETA_MAX = 0.5 * N / RATE
VAR1_SMOOTH, VAR2_SMOOTH = 0.36, 0.7225
VAR1_UPDATE, VAR2_UPDATE, VAR_BACKTRACK = 0.5, 0.25, 4.0
#: after the lag's first measurement, the re-alignment within this many frames moves the
#: learned path (:meth:`LinearCanceller.set_delay_ms`; in the tests it came 21 to 60 frames
#: after the move: the reference's offset wavers around ``SLACK`` while it builds up)
PATH_MOVE_FRAMES = 200
#: captured frames both filters learn before their outputs are compared (the search)
SEARCH_EVIDENCE = 60
#: the filters placed later while searching (speech/duplex.py's ``SEARCH_MS``: 100 and 200 ms
#: later for a 200 ms search; one at 200 ms alone missed the duplex benchmark's echo at +145 ms:
#: at the end of this filter's span and before the later one's)
SEARCH_STEPS = 2
#: captured frames kept, with the reference each was cleaned against, to clean them again
#: with what the filter learned since (:meth:`LinearCanceller.recleaned`: 8 s)
HISTORY_FRAMES = 800
#: frames cleaned again with one reference shift (:meth:`LinearCanceller.recleaned`: 0.5 s)
RECLEAN_BLOCK = 50
#: the echo path no longer fits when the filter's output kept this much of the capture
#: (dB taken out, at most) ...
MISFIT_DB = 3.0
#: ... over this many frames of the reference sounding in a row: its weights' uncertainty
#: goes back to a fresh filter's (:meth:`LinearCanceller._check_fit`), once the path had fit
#: (this much taken out over as many frames)
MISFIT_FRAMES = 100
FIT_DB = 10.0
#: a remembered echo path is trusted once it took this much out of the capture ...
TRUST_DB = 10.0
#: ... over this many frames of the reference sounding
TRUST_FRAMES = 20


def shift_partitions(a: np.ndarray, delta: int, fill: float = 0.0) -> np.ndarray:
    """``a`` (partitions first, the newest first) moved ``delta`` partitions older (negative:
    newer); what moves out is lost, what comes in is ``fill``."""
    moved = np.roll(a, delta, axis=0)
    if delta > 0:
        moved[:delta] = fill
    elif delta < 0:
        moved[delta:] = fill
    return moved


class LinearCanceller:
    """Partitioned-block frequency-domain adaptive filter, double-talk-robust (module doc)."""

    name = "linear"
    suppresses_noise = False

    def __init__(self, tail_ms: int = 200, pre_ms: int = 40, suppress_floor_db: float = 6.0,
                 kalman: bool = True, p0: float = 0.5, a: float = 0.9995, gate_db: float = 20.0,
                 gate_margin_db: float = 8.0, gate_open_s: float = 0.3, bypass_db: float = 3.0,
                 startup_s: float = 0.3) -> None:
        self._args = {"tail_ms": tail_ms, "pre_ms": pre_ms, "suppress_floor_db": suppress_floor_db,
                      "kalman": kalman, "p0": p0, "a": a, "gate_db": gate_db, "gate_margin_db": gate_margin_db,
                      "gate_open_s": gate_open_s, "bypass_db": bypass_db, "startup_s": startup_s}
        #: while the delay is not measured: filters placed later (:meth:`set_delay_ms`), the
        #: output of the one that cancels best used; the search is over once the delay is
        #: known, and then for good
        self._later: list[LinearCanceller] = []
        self._searched = False
        self._best = 0  # 0: this filter; k: self._later[k - 1]
        self._left = np.zeros(1 + SEARCH_STEPS)  # each one's output power, smoothed
        self._searched_frames = 0
        #: the later filter's path was taken over when the search ended
        self.adopted = False
        #: the filter's output must be this much louder than the capture before the capture
        #: passes instead (:meth:`process`)
        self.bypass = 10 ** (bypass_db / 10)
        self.gate = 10 ** (-gate_db / 20) if gate_db > 0 else 1.0
        self.gate_margin = 10 ** (gate_margin_db / 10)
        self.gate_open_frames = int(gate_open_s * 100)
        self._open = 0
        self._resid: deque[float] = deque([0.0] * 8, maxlen=8)
        #: frames with the reference sounding before the residual estimate is trusted
        self.startup_frames = int(startup_s * 100)
        self._far_frames = 0
        #: frames the residual gate lowered (the echo's residual alone)
        self.gated = 0
        self.kalman = kalman
        self._p0 = p0
        self.a = a
        self.pre_frames = pre_ms // 10
        self.parts = max(1, tail_ms // 10)
        self._ref_env: deque[float] = deque(maxlen=self.parts + 2)
        self.suppress_floor = 10 ** (-suppress_floor_db / 20) if suppress_floor_db > 0 else 1.0
        p = self.parts
        # what was handed in: the history's span, the filter's and 1 s of slack
        self._ref: deque[np.ndarray] = deque(maxlen=HISTORY_FRAMES + self.parts + 100)
        #: the last captured frames and the reference frame each was cleaned against (its
        #: number, and how many re-alignments there had been: :meth:`recleaned`)
        self._history: deque[tuple[np.ndarray, int | None, int]] = deque(maxlen=HISTORY_FRAMES)
        #: the re-alignments so far (reference frames each moved the reading by)
        self._moves: list[int] = []
        self.reclean_note = ""
        self._played_n = 0  # reference frames handed in so far
        self._read: int | None = None
        self._off_frames = 0  # the index of the next reference frame to use
        self._delay_frames = self.pre_frames  # the reference frames kept back from the newest
        self._x_last = np.zeros(N)
        self._X = np.zeros((p, K), np.complex128)  # newest partition first
        self._W = np.zeros((p, K), np.complex128)  # background (adapting)
        self._F = np.zeros((p, K), np.complex128)  # foreground (output)
        self._P = np.full((self.parts, K), p0)  # the weights' uncertainty (Kalman)
        self._psi = np.zeros(K)  # the error's expected power (Kalman)
        self._power = np.zeros(K)  # the reference's power per bin, summed over the partitions, smoothed
        self._Eh = np.zeros(K)
        self._Yh = np.zeros(K)
        self._Pey = 1.0
        self._Pyy = 1.0
        self.leak = 0.25
        self._adapted = False
        self._sum_adapt = 0.0
        self._davg1 = self._davg2 = self._dvar1 = self._dvar2 = 0.0
        self._just_updated = False
        self._window = np.sin(np.pi * (np.arange(L) + 0.5) / L)  # sqrt-Hann, for the suppressor
        self._ola = np.zeros(N)
        self._prev_e = np.zeros(N)
        #: times the reference was re-aligned to the delay (the two clocks slipped)
        self.slips = 0
        #: the background filter's weights copied to the foreground / reset from it
        self.updates = 0
        self.resets = 0
        #: frames passed as captured because the filter's output was louder
        self.bypassed = 0
        #: how late the output comes (samples): the residual suppressor's overlap-add is one block late
        self.latency = N if self.suppress_floor < 1.0 else 0
        #: started from a remembered echo path (:meth:`warm`); the capture's and the output's
        #: energy while the reference sounds in the cautious start: the path is trusted (the
        #: cautious start skipped) once it took ``TRUST_DB`` out over ``TRUST_FRAMES``
        self.warmed = False
        self._start_d = self._start_e = 0.0
        self._trusted = False
        #: frames for which a re-alignment still moves the learned path with the reference
        #: (:meth:`set_delay_ms`)
        self._path_moves = 0
        #: the capture's and the output's energy over the last frames of the reference
        #: sounding (:meth:`_check_fit`), and the times the path was found not to fit
        self._fit: deque[tuple[float, float]] = deque(maxlen=MISFIT_FRAMES)
        self._fit_sums = [0.0, 0.0]  # the deque's sums, kept as it moves
        self._fitted = False
        self.relearned = 0

    # -- the protocol ------------------------------------------------------------------

    def played(self, frame: bytes) -> None:
        self._ref.append(np.frombuffer(frame, "<i2").astype(np.float64))
        self._played_n += 1
        for later in self._later:
            later.played(frame)

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None:
        """The echo of a reference frame starts about ``ms`` after it is handed in; with
        ``search_ms`` (the delay is not measured yet) it may start up to that much later:
        ``SEARCH_STEPS`` more filters, placed evenly up to that much later (their spans
        overlap: an echo at a span's far end leaves its reverberation outside), learn beside
        this one, and the output is that of the one that cancels best (3 dB better than the
        one in use over the last half second). When the search ends the best one's state is
        taken over: the reference it reads goes on unbroken, and the delay the duplex stage
        measured then moves the reference by about what its placement differed
        (speech/duplex.py). ``path_moves``: the lag the reference is handed with just moved
        and the echo did not (the lag's first measurement): the re-alignment that follows
        (within ``PATH_MOVE_FRAMES``) moves the learned path with the reference. Every other
        re-alignment leaves the path where it is: the reference is handed by its play
        times, so a jump of it is the echo's own (a lag measured anew once known: the
        chain's latency changed) or a burst or gap of the sound server's that time sets
        right; moving the path then put it off the echo with the filter sure of it (the
        duplex benchmark: 0-2 dB taken out for the rest of a game after a pause, where
        30-40 dB were before)."""
        self._delay_frames = max(0, int(ms) // 10 - self.pre_frames)
        if search_ms > 0 and not self._searched:
            if not self._later:
                self._later = [LinearCanceller(**self._args) for _ in range(SEARCH_STEPS)]  # type: ignore[arg-type]
            for k, later in enumerate(self._later, 1):
                later.set_delay_ms(int(ms) + int(search_ms) * k // SEARCH_STEPS)
        elif search_ms <= 0 and self._later:
            self._end_search()
        if path_moves:  # after the search's end (its state is taken over); the re-alignment
            # comes once the reference handed in stalled or hurried by the lag's move and was
            # then off for SLACK_FRAMES in a row (a move over MAX_SLACK: at once)
            self._path_moves = PATH_MOVE_FRAMES

    def _end_search(self) -> None:
        later, self._later = self._later, []
        self._searched = True
        if self._best == 0:
            return
        delay = self._delay_frames
        # its learned path, reference position, history and statistics; its own search
        # state is empty (no later filters, the best its own) but for the search being over
        self.__dict__.update(later[self._best - 1].__dict__)
        self._delay_frames = delay
        self._searched = True
        self.adopted = True

    def probe(self) -> None:
        self.captured(bytes(2 * N))

    def learned(self) -> np.ndarray | None:
        """The echo path learned so far (the foreground filter's weights), or None before
        the filter has learned (or when it was never better than nothing)."""
        if not self._adapted or (self.updates == 0 and not self.warmed):
            return None
        return self._F.copy()

    def recleaned(self, frames: int) -> bytes | None:
        """The last ``frames`` captured frames (at most ``HISTORY_FRAMES``) cleaned again
        with the echo path the filter knows now (the foreground's weights, the reference
        where the delay puts it now): what the filter had not yet learned when they were
        captured (the first seconds, before the delay was measured) taken out afterwards.
        The subtraction and the residual gate (the leakage as estimated now), no suppressor;
        a frame the path would make louder passes as captured. None before the filter has
        learned anything."""
        if self._later and self._best > 0:
            return self._later[self._best - 1].recleaned(frames)
        if self.learned() is None or not self._history:
            return None
        kept = list(self._history)[-frames:]
        d = np.stack([h[0] for h in kept])
        e = d.copy()
        resid = np.zeros(len(kept))
        rows = np.array([i for i, h in enumerate(kept) if h[1] is not None], dtype=int)
        if not len(rows):  # all came before anything was played: nothing to take out
            return np.clip(np.round(e), -32768, 32767).astype("<i2").tobytes()
        k = np.array([kept[i][1] for i in rows], dtype=int)
        m = np.array([kept[i][2] for i in rows], dtype=int)
        # a re-alignment since a frame was cleaned moved the reference against it when the
        # lag was measured anew (it was misplaced for that frame too) but not when the
        # reference was short of frames later (a gap the device played), and the reading
        # wanders up to ``SLACK`` frames unaligned (the filter learns it in): each half second
        # takes the shift that leaves least among those the re-alignments since allow, each
        # give or take ``SLACK`` (chosen on every 4th frame, then applied to all)
        # (the first ``j`` re-alignments apply to a frame cleaned after ``a`` of them: it moves
        # by ``cum[max(a, j)] - cum[a]``)
        cum = np.concatenate([[0], np.cumsum(self._moves, dtype=int)])
        shift = np.stack([cum[np.maximum(m, j)] - cum[m] for j in range(len(cum))])  # [j, row]
        lo = int((k + shift.min(axis=0)).min()) - SLACK - self.parts
        hi = int((k + shift.max(axis=0)).max()) + SLACK
        refs = np.stack([self._frame(j) for j in range(lo - 1, hi + 1)])
        R = np.fft.rfft(np.concatenate([refs[:-1], refs[1:]], axis=1), axis=1)  # R[i]: frames lo-1+i, lo+i
        taps = np.arange(self.parts)

        def echo(kk: np.ndarray) -> np.ndarray:
            Y = np.einsum("pk,npk->nk", self._F, R[kk[:, None] - taps[None, :] - lo])
            return np.fft.irfft(Y, L, axis=1)[:, N:]

        chose: list[int] = []
        for b in range(0, len(rows), RECLEAN_BLOCK):
            at = rows[b:b + RECLEAN_BLOCK]
            kb = k[b:b + RECLEAN_BLOCK]
            some = slice(0, len(at), 4)
            moved = {tuple(shift[j, b:b + RECLEAN_BLOCK] + extra)  # each distinct shift once
                     for j in range(int(m[b:b + RECLEAN_BLOCK].min()), len(cum)) for extra in range(-SLACK, SLACK + 1)}
            best: tuple[float, np.ndarray] | None = None
            for by in sorted(moved):
                kk = kb + np.array(by, dtype=int)
                left = float(((d[at][some] - echo(kk[some])) ** 2).sum())
                if best is None or left < best[0]:
                    best = (left, kk)
            assert best is not None
            y = echo(best[1])
            chose.append(int((best[1] - kb)[0]))
            e[at] = d[at] - y
            resid[at] = self.leak * (y * y).sum(axis=1)
        #: diagnosis: the re-alignments, and the shift each block took
        self.reclean_note = f"re-alignments {self._moves}, shifts by block {chose}"
        sff = (e * e).sum(axis=1)
        louder = sff > self.bypass * (d * d).sum(axis=1)
        e[louder] = d[louder]
        return np.clip(np.round(self._gated_again(e, sff, resid)), -32768, 32767).astype("<i2").tobytes()

    def _gated_again(self, e: np.ndarray, sff: np.ndarray, resid: np.ndarray) -> np.ndarray:
        """The residual gate of :meth:`_gate` over frames cleaned again (the leakage as
        estimated now): a frame within ``gate_margin_db`` of the residual estimated over the
        last 80 ms is lowered by ``gate_db``; a louder one opens the gate for ``gate_open_s``."""
        if self.gate >= 1.0:
            return e
        left = 0
        for i in range(len(e)):
            r = float(resid[max(0, i - 7):i + 1].max())
            if sff[i] > self.gate_margin * r + N * 100.0:
                left = self.gate_open_frames
            if left > 0:
                left -= 1
            elif r > N * 100.0:
                e[i] *= self.gate
        return e

    def warm(self, weights: np.ndarray) -> bool:
        """Start from a remembered echo path (speech/echo_memory.py), now or again (the lag
        measured anew): both filters take its weights; the weights' uncertainty stays that
        of a fresh filter, so a path that no longer fits (another room, the volume changed)
        is learned anew as fast as from nothing. The cautious start is skipped only once the
        path has proved itself on this room's echo (``TRUST_DB``). The leakage is set to a
        fresh filter's (and at trust to what the path left), but the estimator's first update
        overrides either (its running sums start at 1.0 against real magnitudes of 1e8 and
        more; not mended while the memory is off by default). False (nothing changed) when
        the weights are of another shape."""
        if weights.shape != self._F.shape or not np.all(np.isfinite(weights)):
            return False
        self._F = np.asarray(weights, np.complex128).copy()
        self._W = self._F.copy()
        self._set_leak(0.25)
        self._adapted = True
        self.warmed = True
        self._start_d = self._start_e = 0.0
        self._trusted = False
        self._read = None  # the reference is read from where the delay puts it now: the path is not moved
        self._history.clear()  # cleaned against another path and position
        return True

    def captured(self, frame: bytes) -> bytes:
        d = np.frombuffer(frame, "<i2").astype(np.float64)
        x = self._next_reference()
        self._history.append((d, None if self._read is None else self._read - 1, len(self._moves)))
        e = self.process(x, d)
        if self._later:
            e = self._better([e] + [np.frombuffer(f.captured(frame), "<i2").astype(np.float64) for f in self._later])
        return np.clip(np.round(e), -32768, 32767).astype("<i2").tobytes()

    def _better(self, outputs: list[np.ndarray]) -> np.ndarray:
        """While searching: the output of the filter that left least over the last half
        second (another one must leave 3 dB less than the one in use to take over)."""
        power = np.array([float(o @ o) for o in outputs])
        self._left = 0.96 * self._left + 0.04 * power
        self._searched_frames += 1
        if self._searched_frames >= SEARCH_EVIDENCE:  # before: all still learning, nothing to compare
            k = int(np.argmin(self._left))
            if self._left[k] * 2.0 < self._left[self._best]:
                self._best = k
        return outputs[self._best]

    # -- the filter ---------------------------------------------------------------------

    def _next_reference(self) -> np.ndarray:
        """The reference frame whose echo starts in the capture now (``pre_ms`` early):
        the one handed in ``delay`` frames ago; silence when none is due yet. The reference
        advances one frame per captured frame: a reference handed in in uneven steps (0, 5,
        1 ... frames per capture: the sound server's bursts) moves nothing; only a difference
        of more than ``SLACK`` frames lasting ``SLACK_FRAMES`` (the duplex stage's lag moved),
        or of ``MAX_SLACK`` at once, re-aligns it (the learned path moves with it)."""
        ideal = self._played_n - self._delay_frames - 1
        if self._read is None:
            if self._played_n == 0:
                return np.zeros(N)  # nothing played yet
            self._read = ideal
        off = abs(ideal - self._read)
        self._off_frames = self._off_frames + 1 if off > SLACK else 0
        if off > MAX_SLACK or self._off_frames > SLACK_FRAMES:
            self.slips += 1
            self._realign(ideal - self._read, ideal)
            self._read = ideal
            self._off_frames = 0
        self._path_moves = max(0, self._path_moves - 1)
        k, self._read = self._read, self._read + 1
        return self._frame(k)

    def _frame(self, k: int) -> np.ndarray:
        """Reference frame number ``k`` (silence when not kept or not yet handed in)."""
        first = self._played_n - len(self._ref)
        if first <= k < self._played_n:
            return self._ref[k - first]
        return np.zeros(N)

    def _realign(self, delta: int, new: int) -> None:
        """The reference moves ``delta`` frames against the capture: the reference's history
        is read anew up to frame ``new`` (the one used next), and after the lag's first
        measurement (:meth:`set_delay_ms`'s ``path_moves``) the learned echo path moves
        with it, by ``delta`` partitions, so nothing is learned again; otherwise the path
        stays (the echo moved with the reference: after the duplex benchmark's lag grew
        from +95 to +224 ms in a pause, a moved path left 0-2 dB taken out for the rest of
        the game, where 30-40 dB had been)."""
        if self._path_moves:
            self._path_moves = 0
            for a in (self._W, self._F, self._P):
                a[:] = shift_partitions(a, delta, self._p0 if a is self._P else 0.0)
        self._moves.append(delta)  # the frames kept before may belong ``delta`` further (recleaned)
        for p in range(self.parts):
            self._X[p] = np.fft.rfft(np.concatenate([self._frame(new - p - 2), self._frame(new - p - 1)]))
        self._x_last = self._frame(new - 1)

    def process(self, x: np.ndarray, d: np.ndarray) -> np.ndarray:
        """One block: reference ``x`` (aligned, N samples), capture ``d`` -> the capture
        with the echo estimate subtracted (float, int16 scale)."""
        X0 = np.fft.rfft(np.concatenate([self._x_last, x]))
        self._x_last = x
        self._X = np.roll(self._X, 1, axis=0)
        self._X[0] = X0
        X = self._X

        y_f = np.fft.irfft((self._F * X).sum(axis=0), L)[N:]
        y_b = np.fft.irfft((self._W * X).sum(axis=0), L)[N:]
        e_f = d - y_f
        e_b = d - y_b

        # energies of the block
        sxx = float(x @ x)
        sff = float(e_f @ e_f)
        see = float(e_b @ e_b)
        dbf = float((e_f - e_b) @ (e_f - e_b))
        self._two_filters(sff, see, dbf, X)
        if self._just_updated:
            y_f = y_b
            e_f = e_b
            sff = see

        # spectra of the output: error, echo estimate; the reference's power
        E_f = np.fft.rfft(np.concatenate([np.zeros(N), e_f]))
        Y_f = np.fft.rfft(np.concatenate([np.zeros(N), y_f]))
        Rf = E_f.real ** 2 + E_f.imag ** 2
        Yf = Y_f.real ** 2 + Y_f.imag ** 2
        syy = float(y_f @ y_f)
        xp = (X.real ** 2 + X.imag ** 2).sum(axis=0)
        self._power = 0.65 * self._power + 0.35 * xp if self._power.any() else xp

        self._update_leak(Rf, Yf, syy, sff)
        mu = self._rate(Rf, Yf, sxx, sff, syy)

        # a filter never adds sound: where its output is louder than the capture (it moved
        # on a person's word with no echo there, and plays the narration back inverted
        # after it) the capture passes as it is
        sdd = float(d @ d)
        if sff > self.bypass * sdd:
            e_f, sff = d, sdd
            self.bypassed += 1
        if self.warmed and not self._trusted and sxx > N * 1000.0:
            self._start_d += sdd
            self._start_e += sff
        if self.kalman and sxx > N * 1000.0:
            self._check_fit(sdd, sff)

        # the background filter's gradient, constrained to N taps per partition
        E_b = np.fft.rfft(np.concatenate([np.zeros(N), e_b]))
        if self.kalman:
            self._kalman_step(X, E_b)
            out = self._suppress(e_f, Yf) if self.suppress_floor < 1.0 else e_f
            return self._gate(out, sff, syy)
        delta = 1e2 * L * self.parts + 1e-6 * float(self._power.mean())
        step = mu / (self._power + delta)
        G = step * E_b * np.conj(X) * self._proportions()[:, None]
        g = np.fft.irfft(G, L, axis=1)
        g[:, N:] = 0.0
        self._W += np.fft.rfft(g, axis=1)
        if self.suppress_floor < 1.0:
            return self._suppress(e_f, Yf)
        return e_f

    def _check_fit(self, sdd: float, sff: float) -> None:
        """The echo moved within the filter's span (the sound server's latency changed in a
        pause, a stretch of the reference slipped): the path learned no longer fits, and a
        filter sure of its weights (their uncertainty shrinks as it learns, and grows again
        over about 10 s) took 0-2 dB out for 6 to 14 s after a move of 60 to 100 ms, 30 s
        in a game of the duplex benchmark. When the output kept all but ``MISFIT_DB`` of the
        capture over ``MISFIT_FRAMES`` frames of the reference sounding, the weights'
        uncertainty goes back to a fresh filter's: the path is learned anew in about a
        second, as from nothing. A person speaking as long over the narration can cause the
        same (the foreground keeps its weights until the relearned ones cancel better). Only
        a path that fit once (``FIT_DB`` over as many frames) can stop fitting: a fresh
        filter still learning (the first second of a game) is left to learn."""
        sums = self._fit_sums
        if len(self._fit) == MISFIT_FRAMES:
            old_d, old_e = self._fit[0]
            sums[0] -= old_d
            sums[1] -= old_e
        self._fit.append((sdd, sff))
        sums[0] += sdd
        sums[1] += sff
        if len(self._fit) < MISFIT_FRAMES:
            return
        d, e = sums
        if d > 10 ** (FIT_DB / 10) * e:
            self._fitted = True
        elif self._fitted and d < 10 ** (MISFIT_DB / 10) * e:
            self._P[:] = self._p0
            self._fit.clear()
            self._fit_sums = [0.0, 0.0]
            self._fitted = False
            self.relearned += 1

    def _gate(self, out: np.ndarray, sff: float, syy: float) -> np.ndarray:
        """A frame the residual echo explains (its power within ``gate_margin_db`` of the
        residual estimated from the echo estimate and the leakage, over the last 80 ms) is
        lowered by ``gate_db``; a louder one is the near end (a person) and opens the gate
        for ``gate_open_s``: the word is never touched, the residual alone never reaches the
        voice detector at full level."""
        self._ref_env.append(float(self._x_last @ self._x_last))
        if float(self._x_last @ self._x_last) > N * 1000.0:
            self._far_frames += 1
        resid = self.leak * syy
        if (self.warmed and not self._trusted and self._far_frames >= TRUST_FRAMES
                and self._start_d > 10 ** (TRUST_DB / 10) * self._start_e):
            self._trusted = True  # the remembered path cancels this room's echo (leakage: see warm)
            self._set_leak(min(0.1, self._start_e / self._start_d))
        if self._far_frames < self.startup_frames and not self._trusted:
            # not yet learned: the echo may be as loud as what was played in the last
            # partitions' time (a loopback plays it back at full level)
            resid = max(resid, max(self._ref_env))
        self._resid.append(resid)
        if self.gate >= 1.0:
            return out
        if sff > self.gate_margin * max(self._resid) + N * 100.0:
            self._open = self.gate_open_frames
        if self._open > 0:
            self._open -= 1
            return out
        if max(self._resid) <= N * 100.0:
            return out  # no echo to speak of: nothing to gate
        self.gated += 1
        return out * self.gate

    def _kalman_step(self, X: np.ndarray, E: np.ndarray) -> None:
        """The background filter's update as a (diagonal) frequency-domain Kalman filter:
        each partition's and bin's step is its weights' uncertainty over the error's
        expected power (the echo it cannot yet explain plus the near end's), so it learns
        fast while unsure and hardly moves while a person speaks."""
        xp = X.real ** 2 + X.imag ** 2
        ep = E.real ** 2 + E.imag ** 2
        self._psi = 0.5 * self._psi + 0.5 * ep
        den = (xp * self._P).sum(axis=0) + 2.0 * self._psi + 1e2 * L
        mu = self._P / den
        g = np.fft.irfft(mu * np.conj(X) * E, L, axis=1)
        g[:, N:] = 0.0
        self._W += np.fft.rfft(g, axis=1)
        self._P = (1.0 - 0.5 * mu * xp) * self._P
        a2 = self.a ** 2
        self._P = a2 * self._P + (1.0 - a2) * (self._W.real ** 2 + self._W.imag ** 2)

    def _proportions(self) -> np.ndarray:
        """Each partition's share of the step, by its weights' energy (proportionate
        adaptation, as speexdsp's: an echo path whose energy lies in a few partitions, the
        direct sound, is learned faster); uniform for an empty filter."""
        a = np.sqrt((self._W.real ** 2 + self._W.imag ** 2).sum(axis=1) + 1.0)
        a += 0.1 * a.max()
        return self.parts * a / a.sum()

    def _two_filters(self, sff: float, see: float, dbf: float, X: np.ndarray) -> None:
        """Copy the background filter to the foreground when it cancels better; reset it to
        the foreground when it diverged (speexdsp's rules)."""
        self._just_updated = False
        diff = sff - see
        self._davg1 = 0.6 * self._davg1 + 0.4 * diff
        self._davg2 = 0.85 * self._davg2 + 0.15 * diff
        self._dvar1 = VAR1_SMOOTH * self._dvar1 + 0.16 * sff * dbf
        self._dvar2 = VAR2_SMOOTH * self._dvar2 + 0.0225 * sff * dbf
        if (diff * abs(diff) > sff * dbf or self._davg1 * abs(self._davg1) > VAR1_UPDATE * self._dvar1
                or self._davg2 * abs(self._davg2) > VAR2_UPDATE * self._dvar2):
            self._F = self._W.copy()
            self._davg1 = self._davg2 = self._dvar1 = self._dvar2 = 0.0
            self.updates += 1
            self._just_updated = True
        elif (-diff * abs(diff) > VAR_BACKTRACK * sff * dbf
              or -self._davg1 * abs(self._davg1) > VAR_BACKTRACK * self._dvar1
              or -self._davg2 * abs(self._davg2) > VAR_BACKTRACK * self._dvar2):
            self._W = self._F.copy()
            self._davg1 = self._davg2 = self._dvar1 = self._dvar2 = 0.0
            self.resets += 1

    def _set_leak(self, leak: float) -> None:
        self.leak = float(min(1.0, max(MIN_LEAK, leak)))
        self._Pyy = 1.0
        self._Pey = self.leak

    def _update_leak(self, Rf: np.ndarray, Yf: np.ndarray, syy: float, see: float) -> None:
        """The filter's leakage: how much of the echo estimate's power is left in the error
        (the regression of the error's spectral changes on the estimate's)."""
        eh = Rf - self._Eh
        yh = Yf - self._Yh
        pey = float(eh @ yh)
        pyy = float(np.sqrt(yh @ yh))
        self._Eh = (1 - SPEC_AVERAGE) * self._Eh + SPEC_AVERAGE * Rf
        self._Yh = (1 - SPEC_AVERAGE) * self._Yh + SPEC_AVERAGE * Yf
        if pyy <= 0.0:
            return
        pey /= pyy
        alpha = min(BETA0 * syy, BETA_MAX * see) / (see + 1e-9)
        self._Pey = (1 - alpha) * self._Pey + alpha * pey
        self._Pyy = max(1.0, (1 - alpha) * self._Pyy + alpha * pyy)
        self._Pey = min(max(self._Pey, MIN_LEAK * self._Pyy), self._Pyy)
        self.leak = self._Pey / self._Pyy

    def _rate(self, Rf: np.ndarray, Yf: np.ndarray, sxx: float, see: float, syy: float) -> np.ndarray:
        """The learning rate per bin: the residual echo's power over the error's (Valin)."""
        if not self._adapted:
            rate = 0.0
            if sxx > N * 1000.0:
                rate = 0.25 * min(sxx, see) / (see + 1e-9)
            self._sum_adapt += rate
            if self._sum_adapt > self.parts and self.leak * syy > 0.03 * syy:
                self._adapted = True
            return np.full(K, rate)
        rer = min(0.5, (1e-4 * sxx + 3.0 * self.leak * syy) / (see + 1e-9))
        e = Rf + 1.0
        r = np.minimum(self.leak * Yf, 0.5 * e)
        r = 0.7 * r + 0.3 * rer * e
        return r / e

    def _suppress(self, e: np.ndarray, Yf: np.ndarray) -> np.ndarray:
        """A gentle residual suppressor (overlap-add, 10 ms late): per bin the gain that
        takes the estimated residual echo (leakage x echo estimate) out, never under the floor."""
        frame = np.concatenate([self._prev_e, e]) * self._window
        self._prev_e = e
        S = np.fft.rfft(frame)
        ps = S.real ** 2 + S.imag ** 2 + 1.0
        resid = 2.0 * self.leak * Yf
        gain = np.maximum(self.suppress_floor, 1.0 - resid / ps)
        out = np.fft.irfft(S * gain, L) * self._window
        y = self._ola + out[:N]
        self._ola = out[N:].copy()
        return y


class LinearRawCanceller(LinearCanceller):
    """The linear canceller without its residual gate (its suppressor kept)."""

    name = "linear-raw"

    def __init__(self) -> None:
        super().__init__(gate_db=0.0)


class LinearSuppressedCanceller(LinearCanceller):
    """The linear canceller with a stronger residual suppressor (never below -10 dB; the
    default's is -6 dB)."""

    name = "linear-rs"

    def __init__(self) -> None:
        super().__init__(suppress_floor_db=10.0)
