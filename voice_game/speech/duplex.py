"""Full duplex: the microphone stays open while the game speaks; the echo of what the
player plays is taken out of the capture before voice activity and recognition.

:class:`Duplex` owns both clocks' meeting point: the player's :class:`ReferenceTap` holds
what was played with play times; each captured 10 ms frame comes with its capture time;
the frames played up to that time go to the canceller as the far end first, then the
capture is cleaned. What is left between the two (the room, the converters) is small and
AEC3 estimates it; ``delay_ms`` is the hint given to it.

    duplex = Duplex(canceller, player_tap, memory=EchoMemory(canceller.name, mic))
    clean = duplex.process(pcm16, captured_at)   # any length; returns whole 10 ms frames
    duplex.remember()                             # at the end: the echo path kept for the next start

With a ``memory`` (speech/echo_memory.py) the canceller and the lag tracker start from the
echo path the last start learned in this room, and what is learned is kept every
``REMEMBER_FRAMES`` of capture and at :meth:`Duplex.remember`.
"""
from __future__ import annotations

import threading
from collections import deque

import numpy as np

from voice_game.audio.reference import FRAME, RATE, ReferenceTap

from .echo import EchoCanceller
from .echo_delay import DelayTracker
from .echo_memory import EchoMemory, EchoPath
from .linear_echo import LinearCanceller

FRAME_BYTES = FRAME * 2
#: until the lag is measured the echo may come this much later than the lead puts it (the
#: duplex benchmark's room: 140-220 ms after its estimated play time; the canceller's own
#: span covers 160 ms): the linear canceller searches that far (speech/linear_echo.py)
SEARCH_MS = 200
#: the echo path learned is kept this often (captured frames: 30 s), so a game that ends
#: without stopping its voice (killed, the power cut) keeps most of it
REMEMBER_FRAMES = 3000
#: captured frames whose first cleaning is kept for a second look (:meth:`Duplex.recleaned`;
#: the linear canceller keeps as many)
HISTORY_FRAMES = 800
#: a second look is worth a decode when it leaves this much less than the first cleaning
#: (dB; a word as loud as an echo left whole loses 3 dB when the echo goes)
SECOND_LOOK_DB = 2.5


def level_db(frame: bytes) -> float:
    """A frame's power in dB re 1 LSB (int16)."""
    a = np.frombuffer(frame, "<i2").astype(np.float64)
    return float(10.0 * np.log10(float(a @ a) / max(1, len(a)) + 1e-9))


class ResidualGate:
    """What the canceller leaves of the game's voice is quiet but speech-like, and voice
    activity detection (Silero: nearly level-blind) takes it for a person. While the game
    sounds (and ``hold_s`` after), cleaned frames under ``floor_db`` (re 1 LSB; 40 dB is
    -50 dBFS, well under a person speaking into the microphone) become silence; a frame
    over it opens the gate for ``open_s``. In silence nothing is gated."""

    def __init__(self, floor_db: float = 40.0, render_db: float = 30.0, hold_s: float = 0.5,
                 open_s: float = 0.3) -> None:
        self.floor_db = floor_db
        self.render_db = render_db
        self.hold_s = hold_s
        self.open_s = open_s
        #: capture time until which the game's sound may echo
        self.sounding_until = -1e9
        self._open_until = -1e9
        #: frames silenced
        self.gated = 0

    def process(self, frame: bytes, at: float) -> bytes:
        if at > self.sounding_until:
            return frame
        if level_db(frame) >= self.floor_db:
            self._open_until = at + self.open_s
        if at <= self._open_until:
            return frame
        self.gated += 1
        return bytes(len(frame))


class Duplex:
    def __init__(self, canceller: EchoCanceller, tap: ReferenceTap, lead_ms: int = 150,
                 memory: EchoMemory | None = None) -> None:
        self.canceller = canceller
        self.tap = tap
        #: the reference goes in this much ahead of the capture it may echo in: a play time
        #: estimated late (a sound server's buffers) must never put the echo before its reference
        self.lead_ms = lead_ms
        self.delay_ms = lead_ms
        self._rest = b""
        self._rest_t = 0.0
        self._cap_n = 0
        self._base: float | None = None
        #: reference frames handed to the canceller, captured frames cleaned
        self.played_frames = 0
        self.captured_frames = 0
        #: the measured lag between the play and capture estimates (speech/echo_delay.py)
        self.tracker = DelayTracker()
        self._e_in = self._e_out = 0.0
        self._n_dbg = 0
        self.gate = ResidualGate()
        #: the last frames cleaned: capture time, the first cleaning's energy, whether the
        #: game's sound could echo in them, and the captured energy
        self._history: deque[tuple[float, float, bool, float]] = deque(maxlen=HISTORY_FRAMES)
        #: the capture time at which the echo's lag was first known (the canceller could
        #: begin to learn the path where it is)
        self.locked_at: float | None = None
        #: the last frame cleaned fell while the game's sound may still echo (its play time
        #: moved by the measured lag, and the gate's hold): the game counts as speaking
        #: until its echo is over, not only until it stops playing
        self.echoing = False
        self.memory = memory
        canceller.set_delay_ms(self.delay_ms, SEARCH_MS)  # the lag is not measured yet
        #: started from the echo path the last start learned (:mod:`.echo_memory`)
        self.recalled = False
        self._path: EchoPath | None = None  # the path recalled, until the lag is measured
        if memory is not None:
            path = memory.load()
            if path is not None and canceller.warm(path.weights):
                self.tracker.assume(path.lag_s)  # a prior: measured again, moved when it differs
                self.recalled = True
                self._path = path
                self.tracker.debug(f"echo path recalled from {memory.path} (lag {path.lag_s * 1000:+.0f} ms)")
        #: the lag the reference is handed with (a move of it before it was measured takes
        #: the learned echo path along: :meth:`EchoCanceller.set_delay_ms`)
        self._lag_in_use = self.tracker.lag_s

    def _lag_known(self) -> None:
        """The lag is measured for the first time. The recalled path belongs to the lag its
        own start measured; this start's clocks may sit elsewhere (the room does not move):
        when the lag in use moves (the measured one is more than the tracker's hysteresis
        from the remembered one) the canceller starts from the path again, instead of
        keeping what it learned while the reference was misplaced."""
        path, self._path = self._path, None
        if path is None or self.tracker.lag_s == path.lag_s:
            return
        # the path belongs to the lag its start measured, and so does this start's measured
        # one (the room did not move); the lag in use may sit within the tracker's hysteresis
        # of it (a prior left for a fresh start's 0, the lag measured +40 ms)
        measured = self.tracker.agreed_s if self.tracker.agreed_s is not None else self.tracker.lag_s
        self.canceller.warm(EchoPath(path.canceller, path.weights, measured).shifted(self.tracker.lag_s))
        self.tracker.debug(f"echo path recalled again at the measured lag {measured * 1000:+.0f} ms (in use {self.tracker.lag_s * 1000:+.0f} ms)")

    def said_between(self, t0: float, t1: float) -> list[str]:
        """The words of the game's own speech whose echo reaches the capture between the
        capture times ``t0`` and ``t1`` (their play times moved by the measured lag)."""
        return self.tap.words_between(t0 - self.tracker.lag_s, t1 - self.tracker.lag_s)

    def taken_out_db(self, t0: float, t1: float) -> float | None:
        """How much the canceller took out of what it left loudest (dB, captured over
        cleaned, over the loudest third of the cleaned frames) among the frames captured
        between ``t0`` and ``t1``; None: the game's sound could echo in none of them (or
        nothing is kept). A person's word over the echo keeps its own level: 2-9 dB taken
        out with the person as loud as the echo or 6 dB under it; the residual of an echo
        the canceller has learned: 12-30 dB (benchmarks/barge_in_offline.py). A word after
        the game fell silent, in one utterance with the residual before it, is among the
        loudest of what was left, with nothing taken out of it (the duplex benchmark: a
        person's "three" after the game's "Flute." was taken for its echo, 17 and 27 dB
        over the frames the game could echo in, which held only the residual)."""
        kept = [h for h in self._history if t0 <= h[0] <= t1]
        if not any(h[2] for h in kept):
            return None
        cap = np.array([h[3] for h in kept]) + 1.0
        out = np.array([h[1] for h in kept]) + 1.0
        core = np.argsort(out)[-max(1, len(out) // 3):]
        return float(10 * np.log10(cap[core].sum() / out[core].sum()))

    def echoed_between(self, t0: float, t1: float) -> bool | None:
        """Whether the game's sound could echo in any frame captured between ``t0`` and
        ``t1``; None: no frame of that time is kept."""
        kept = [h[2] for h in self._history if t0 <= h[0] <= t1]
        return any(kept) if kept else None

    def recleaned(self, t0: float, t1: float, better_db: float = SECOND_LOOK_DB) -> tuple[float, bytes] | None:
        """A second look (speech/second_look.py): the frames captured between ``t0`` and
        ``t1`` (as far as they are kept) cleaned again with the echo path the canceller knows
        now, when that leaves at least ``better_db`` less than their first cleaning (the path
        was not yet learned then: the first seconds of the game's speech, the echo's lag not
        yet measured); frames the game's sound could echo in and under the residual gate's
        floor become silence, as in the first cleaning. Gives the capture time of the first
        frame and the audio; None: no better look (nothing kept of that time, the canceller
        keeps no frames, it takes out no more, or nothing but silence is left)."""
        kept = list(self._history)
        inside = [i for i, h in enumerate(kept) if t0 <= h[0] <= t1]
        if not inside:
            self.tracker.debug(f"second look at {t0:.2f}-{t1:.2f}: not kept")
            return None
        first, last = inside[0], inside[-1]
        again = self.canceller.recleaned(len(kept) - first)
        if again is None or len(again) < (len(kept) - first) * FRAME_BYTES:
            self.tracker.debug(f"second look at {t0:.2f}-{t1:.2f}: the canceller keeps {0 if again is None else len(again) // FRAME_BYTES} frames")
            return None
        frames = np.frombuffer(again, "<i2").astype(np.float64).reshape(-1, FRAME)[:last - first + 1]
        energy = (frames * frames).sum(axis=1)
        # the residual gate's floor as in the first cleaning, before the two are compared
        floor = FRAME * 10 ** (self.gate.floor_db / 10)
        echoing = np.array([h[2] for h in kept[first:last + 1]])
        quiet = echoing & (energy < floor)
        frames[quiet] = 0.0
        energy[quiet] = 0.0
        before = sum(h[1] for h in kept[first:last + 1])
        if self.tracker.debugging:
            self.tracker.debug(f"second look at {t0:.2f}-{t1:.2f}: first cleaning {10 * np.log10(before / (energy.size * FRAME) + 1e-9):.1f} dB, "
                               f"again {10 * np.log10(float(energy.sum()) / (energy.size * FRAME) + 1e-9):.1f} dB; "
                               f"{self.canceller.reclean_note if isinstance(self.canceller, LinearCanceller) else ''}")
        if float(energy.sum()) * 10 ** (better_db / 10) > before:
            return None
        if not frames.any():
            return None
        return kept[first][0], np.clip(np.round(frames), -32768, 32767).astype("<i2").tobytes()

    def remember(self, wait: bool = True) -> None:
        """Keep the echo path learned so far for the next start (nothing when nothing was
        learned, or without a memory). ``wait=False``: written in the background."""
        if self.memory is None:
            return
        learned = self.canceller.learned()
        if learned is None:
            return
        path = EchoPath(self.memory.canceller, learned, self.tracker.lag_s)
        if self.tracker.agreed_s is not None:  # kept for the lag measured, not the one in use
            path = EchoPath(path.canceller, path.shifted(self.tracker.agreed_s), self.tracker.agreed_s)
        if wait:
            self.memory.save(path)
        else:
            threading.Thread(target=self.memory.save, args=(path,), daemon=True, name="echo-memory").start()

    def process(self, pcm: bytes, captured_at: float) -> bytes:
        """``pcm`` (16 kHz mono int16) whose first sample was captured at ``captured_at``
        (perf_counter seconds) -> the echo-free audio of its whole 10 ms frames (a part
        frame waits for the next call)."""
        # the capture clock: sample count from a base time; a callback that ran late (a
        # burst of blocks) only makes its stamp late, so the base is the earliest stamp seen,
        # re-based when the count falls behind (blocks lost upstream)
        b = captured_at - self._cap_n / RATE
        if self._base is None or b < self._base or b - self._base > 0.25:
            self._base = b
        self._cap_n += len(pcm) // 2
        self._rest_t = self._base + (self._cap_n - len(pcm) // 2 - len(self._rest) // 2) / RATE
        data = self._rest + pcm
        out = []
        n = len(data) // FRAME_BYTES
        for k in range(n):
            at = self._rest_t + k * FRAME / RATE
            measured = self.tracker.locked
            self.tracker.captured(data[k * FRAME_BYTES:(k + 1) * FRAME_BYTES], at, self.tap)
            path_moves = False
            if self.tracker.lag_s != self._lag_in_use:
                # the lag's first measurement moves the reference to where the echo was all
                # along (the path the canceller learned moves with it); a lag that moves once
                # measured is the chain's latency changing (a sound server's buffer after a
                # pause): the echo moved, the reference follows it, the path stays
                path_moves = not measured
                self._lag_in_use = self.tracker.lag_s
            if self._path is not None and self.tracker.locked:
                self._lag_known()
            if self.locked_at is None and self.tracker.locked:
                self.locked_at = at
            t = at - self.tracker.lag_s + self.lead_ms / 1000
            for _, ref in self.tap.take_until(t):
                self.canceller.played(ref)
                self.played_frames += 1
                if level_db(ref) > self.gate.render_db:
                    self.gate.sounding_until = at + self.gate.hold_s
            self.canceller.set_delay_ms(self.delay_ms, 0 if self.tracker.locked else SEARCH_MS, path_moves)
            frame_in = data[k * FRAME_BYTES:(k + 1) * FRAME_BYTES]
            frame_out = self.gate.process(self.canceller.captured(frame_in), at)
            out.append(frame_out)
            self.echoing = at <= self.gate.sounding_until
            cleaned = np.frombuffer(frame_out, "<i2").astype(np.float64)
            captured = np.frombuffer(frame_in, "<i2").astype(np.float64)
            e_out, e_in = float(cleaned @ cleaned), float(captured @ captured)
            self._history.append((at, e_out, self.echoing, e_in))
            if self.tracker.debugging:
                self._level(e_in, e_out)
            self.captured_frames += 1
            if self.captured_frames % REMEMBER_FRAMES == 0:
                self.remember(wait=False)
        self._rest = data[n * FRAME_BYTES:]
        return b"".join(out)

    def _level(self, e_in: float, e_out: float) -> None:
        """Diagnosis: the capture's level before and after the canceller every 0.5 s (a
        frame's energy captured and cleaned, as :meth:`process` keeps them)."""
        self._e_in += e_in
        self._e_out += e_out
        self._n_dbg += 1
        if self._n_dbg == 50:
            n = 50 * FRAME
            relearned = f", relearned {self.canceller.relearned}" if isinstance(self.canceller, LinearCanceller) else ""
            self.tracker.debug(f"capture {10 * np.log10(self._e_in / n + 1e-9):.1f} dB, after the canceller "
                               f"{10 * np.log10(self._e_out / n + 1e-9):.1f} dB (re 1 LSB), lag in use "
                               f"{self.tracker.lag_s * 1000:+.0f} ms, reference gaps {self.tap.gaps}, restarts {self.tap.restarts}, shifts {self.tap.shifts}, dropped {self.tap.dropped}{relearned}")
            self._e_in = self._e_out = 0.0
            self._n_dbg = 0
