"""The player's output backends: where its blocks go.

* :class:`RenderBackend`: records exactly what the player outputs, paced by the wall clock
  (tests, benchmarks);
* :class:`SoundDeviceBackend`: a sounddevice (PortAudio) stream driven by its callback,
  which stamps every block it plays (the echo canceller's reference, full duplex).

Both raise :class:`BackendError` when the device fails; the player then goes on without
sound and retries (voice_game/audio/player.py).
"""
from __future__ import annotations

import collections
import threading
import time
from typing import Protocol

import numpy as np

from .mixer import OutputDuck
from .reference import ReferenceTap

DEFAULT_RATE = 44100
DEFAULT_BLOCK_MS = 10.0


class BackendError(Exception):
    """The output device failed (opening or writing)."""


class OutputBackend(Protocol):
    """What the player writes its blocks to (:class:`RenderBackend`, :class:`SoundDeviceBackend`).

    ``rate`` is the backend's sample rate (the player's unless it is given one); ``block``
    is set by the player to its block length in frames; ``latency`` is how long a written
    block takes to be heard (seconds); ``reference`` receives every block played with its
    play time (full duplex); ``duck`` (set by the player) lowers everything the backend hands
    to the device from the next block on (barge-in); ``mark`` notes a moment (e.g. "stop")
    for measurements."""

    rate: int
    block: int
    reference: ReferenceTap | None
    duck: OutputDuck | None

    @property
    def latency(self) -> float: ...

    def open(self) -> None: ...

    def close(self) -> None: ...

    def write(self, block: np.ndarray) -> None: ...

    def mark(self, label: str) -> float: ...


class RenderBackend:
    """Records exactly what the player outputs, paced by the wall clock.

    It behaves like a device that holds ``lead_blocks`` blocks of buffer: a
    write returns once the playhead is at most that far behind. If the writer
    falls behind (underrun), the gap is filled with silence, as a device would
    play it, so positions in :meth:`output` map to wall time: frame ``f``
    played at ``t0 + f / rate``. :meth:`mark` records the playhead at the
    moment of a call (e.g. "stop"), so latencies can be measured in frames.
    """

    def __init__(self, rate: int = DEFAULT_RATE, lead_blocks: int = 2, block: int | None = None):
        self.rate = rate
        self.block = block or int(rate * DEFAULT_BLOCK_MS / 1000)
        self.lead_blocks = lead_blocks
        self._blocks: list[np.ndarray] = []
        self.written = 0
        self.underruns = 0
        self.marks: list[tuple[int, str, float]] = []
        self.writes: list[tuple[int, float]] = []
        self.gaps: list[tuple[int, int]] = []  # (first frame, frames): silence played while the writer was late
        self.t0: float | None = None
        self.is_open = False
        #: full duplex: each block written, with the time it is heard (``t0 + frame / rate``)
        self.reference: ReferenceTap | None = None
        self.duck: OutputDuck | None = None
        self._lock = threading.Lock()

    @property
    def lead(self) -> int:
        return self.lead_blocks * self.block

    @property
    def latency(self) -> float:
        return self.lead / self.rate

    def open(self) -> None:
        self.is_open = True

    def close(self) -> None:
        self.is_open = False

    def playhead(self, now: float | None = None) -> int:
        if self.t0 is None:
            return 0
        now = time.perf_counter() if now is None else now
        return min(self.written, int((now - self.t0) * self.rate))

    def write(self, block: np.ndarray) -> None:
        now = time.perf_counter()
        with self._lock:
            if self.t0 is None:
                self.t0 = now
            due = self.t0 + self.written / self.rate  # when this block starts playing
            if now > due + 1e-4:  # underrun: the device played silence meanwhile
                gap = int((now - due) * self.rate)
                if gap > 0:
                    self._blocks.append(np.zeros((gap, 2), dtype=np.float32))
                    self.gaps.append((self.written, gap))
                    self.written += gap
                    self.underruns += 1
            self.writes.append((self.written, now))
            if self.duck is not None:
                block = self.duck.apply(block)
            if self.reference is not None:
                self.reference.push(block, self.rate, self.t0 + self.written / self.rate)
            self._blocks.append(np.array(block, dtype=np.float32, copy=True))
            self.written += len(block)
            wake = self.t0 + (self.written - self.lead) / self.rate
        delay = wake - time.perf_counter()
        if delay > 0:
            time.sleep(delay)

    def mark(self, label: str) -> int:
        with self._lock:
            pos = self.playhead()
            self.marks.append((pos, label, time.perf_counter()))
        return pos

    def output(self) -> np.ndarray:
        with self._lock:
            if not self._blocks:
                return np.zeros((0, 2), dtype=np.float32)
            return np.concatenate(self._blocks)

    def rendered_since(self, frame: int) -> np.ndarray:
        """What the player rendered from ``frame`` on, without the silence played while
        the writer was late (a loaded machine's, not the player's): a latency counted in
        these frames is the player's own, however slow the machine."""
        out = self.output()
        keep = np.ones(len(out), dtype=bool)
        with self._lock:
            for start, n in self.gaps:
                keep[start:start + n] = False
        return out[frame:][keep[frame:]]

    def marks_named(self, label: str) -> list[int]:
        return [p for p, lab, _ in self.marks if lab == label]


_ALSA_HANDLER: object = None


def _silence_alsa_errors() -> None:
    """Stop libasound printing "ALSA lib ..." lines to the player's terminal.

    The text interface is read by screen readers; a lost sound server must not
    spray C library diagnostics into it. Linux only; harmless elsewhere.
    """
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None:
        return
    try:
        import ctypes
        import ctypes.util
        name = ctypes.util.find_library("asound")
        if not name:
            _ALSA_HANDLER = False
            return
        asound = ctypes.CDLL(name)
        proto = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                 ctypes.c_int, ctypes.c_char_p)
        _ALSA_HANDLER = proto(lambda *args: None)  # kept referenced for libasound
        asound.snd_lib_error_set_handler(_ALSA_HANDLER)
    except (OSError, AttributeError):
        _ALSA_HANDLER = False


def play_time(now: float, latency: float, dac_time: float, stream_now: float) -> float:
    """When a block given to the output callback at ``now`` (``perf_counter``) is heard:
    PortAudio's ``outputBufferDacTime`` (its stream clock, read with ``currentTime`` in the
    same callback) counts what waits in the sound server's buffers, also after a late
    callback; without a usable one, ``now`` plus the stream's latency."""
    fallback = now + latency
    if dac_time <= 0.0 or stream_now <= 0.0:
        return fallback
    at = now + (dac_time - stream_now)
    return at if abs(at - fallback) < 2.0 else fallback


class SoundDeviceBackend:
    """A sounddevice (PortAudio) OutputStream driven by its own callback.

    :meth:`write` queues a block and blocks while ``queue_blocks`` blocks wait; the
    callback plays the oldest (or silence when none is there) and stamps it: the time of
    the callback plus the stream's output latency is when its first sample is heard. With
    a :attr:`reference` attached, every block played (silence too: the reference is one
    unbroken stream) goes there with that time, so the echo canceller's reference is
    exactly what the device took, on the device's own clock. Blocking writes, as before,
    gave play times off by -780..+250 ms on a PulseAudio server (docs/DUPLEX.md).

    A stream whose callback stops (the device or the sound server went away) makes the
    next :meth:`write` raise :class:`BackendError`, as a failed blocking write did.
    """

    def __init__(self, device=None, rate: int = DEFAULT_RATE, block: int | None = None,
                 latency="low", queue_blocks: int = 2, stall_s: float = 1.0, duplex_latency: float = 0.1,
                 duplex_queue_blocks: int = 4):
        self.device = device
        self.rate = rate
        self.block = block or int(rate * DEFAULT_BLOCK_MS / 1000)
        self.requested_latency = latency
        self.queue_blocks = queue_blocks
        self.stall_s = stall_s
        #: the stream's output latency plus the queue: how long a written block takes to be heard
        self.latency = 0.0
        self.output_latency = 0.0
        #: with a reference attached the stream runs at this latency: at "low" a loaded
        #: machine's PulseAudio stream underran hundreds of times in 10 s and its clock
        #: jumped; at 0.1 s none, and the play times stayed within 1 ms. 0.05 s brought
        #: barge-in's duck sooner (heard 75 ms after it was asked for, not 105-115) but under
        #: load the clock jumped again: the echo's measured lag hopped by 400-600 ms
        #: (tests/audio/test_duplex_clocks.py failed 2 of 4 runs beside three busy loops, and
        #: in CI); at 0.1 s 0 of 7 (docs/DUPLEX.md)
        self.duplex_latency = duplex_latency
        #: with a reference attached the player renders this many blocks ahead: the stream asks
        #: for blocks in bursts, and 2 ran dry hundreds of times a minute (each a 10 ms gap in
        #: the narration); barge-in's duck, applied in the callback, reaches them all
        self.duplex_queue_blocks = duplex_queue_blocks
        self._queue_max = queue_blocks
        self._reference: ReferenceTap | None = None
        #: barge-in's duck, applied in the callback: it reaches the blocks queued already
        self.duck: OutputDuck | None = None
        self._stream = None
        self._queue: collections.deque[np.ndarray] = collections.deque()
        self._cond = threading.Condition()
        self._reopening = False
        self._last_callback = 0.0
        self.underruns = 0
        #: callbacks PortAudio flagged with an output underflow (the device ran dry)
        self.device_underflows = 0
        self.marks: list[tuple[float, str]] = []

    def open(self) -> None:
        from voice_game.audio import portaudio

        _silence_alsa_errors()
        sd = portaudio.load()  # quiet: PortAudio's own lines never reach the player
        if sd is None:  # no PortAudio library, or a broken ALSA setup
            raise BackendError(f"sounddevice unavailable: {portaudio.problem()}")
        self.close()
        with self._cond:
            self._queue.clear()
            self._last_callback = time.perf_counter()
        try:
            with portaudio.quiet_stderr():
                duplex = self._reference is not None
                latency = self.duplex_latency if duplex else self.requested_latency
                self._queue_max = self.duplex_queue_blocks if duplex else self.queue_blocks
                stream = sd.OutputStream(samplerate=self.rate, channels=2, dtype="float32",
                                         blocksize=self.block, device=self.device,
                                         latency=latency, callback=self._callback)
                self.output_latency = float(stream.latency)
                stream.start()
        except (sd.PortAudioError, ValueError, OSError) as exc:
            raise BackendError(str(exc)) from exc
        self._stream = stream
        self.latency = self.output_latency + self._queue_max * self.block / self.rate

    def _callback(self, outdata, frames, time_info, status) -> None:  # PortAudio thread
        now = time.perf_counter()
        if status.output_underflow:
            self.device_underflows += 1
        with self._cond:
            block = self._queue.popleft() if self._queue else None
            self._last_callback = now
            self._cond.notify()
        if block is None or len(block) != frames:
            outdata.fill(0)
            if block is None:
                self.underruns += 1
        else:
            duck = self.duck
            outdata[:] = block if duck is None else duck.apply(block)
        tap = self._reference
        if tap is not None:
            tap.push(outdata, self.rate, play_time(now, self.output_latency, time_info.outputBufferDacTime,
                                                   time_info.currentTime))

    @property
    def reference(self) -> ReferenceTap | None:
        return self._reference

    @reference.setter
    def reference(self, tap: ReferenceTap | None) -> None:
        """Attach (or detach) the echo canceller's reference; an open stream is reopened at
        the latency that goes with it."""
        with self._cond:
            self._reference = tap
            if self._stream is None:
                return
            self._reopening = True
        try:
            self.open()
        except BackendError:
            pass  # the player's next write finds the stream closed and reports it
        finally:
            with self._cond:
                self._reopening = False
                self._cond.notify_all()

    def write(self, block: np.ndarray) -> None:
        data = np.ascontiguousarray(block, dtype=np.float32)
        with self._cond:
            while self._reopening:
                self._cond.wait(timeout=0.1)
            if self._stream is None:
                raise BackendError("stream not open")
            while len(self._queue) >= self._queue_max:
                if time.perf_counter() - self._last_callback > self.stall_s:
                    raise BackendError("the output stream stopped (no callback)")
                self._cond.wait(timeout=0.1)
            self._queue.append(data)
        stream = self._stream
        if stream is not None and not stream.active:
            raise BackendError("the output stream stopped")

    def close(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.abort()
                stream.close()
            except Exception:  # the device is gone already; nothing to release
                pass
        with self._cond:
            self._queue.clear()
            self._cond.notify_all()

    def mark(self, label: str) -> float:
        now = time.perf_counter()
        self.marks.append((now, label))
        return now
