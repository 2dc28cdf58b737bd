"""The one audio player of the game.

A single thread renders the output in small blocks (10 ms by default) and
writes them to a backend. Two sources are mixed into every block:

* the *sequence*: a priority queue of items (speech buffers and queued cues)
  played one after the other, highest priority first, FIFO within a priority;
* *voices*: cues started by :meth:`Player.play_cue`, mixed into the very next
  block on top of whatever plays (feedback for key presses), ducked while
  speech is playing.

Rules of the sequence:

* ``Priority.INTERRUPTIBLE`` items (descriptions, overviews) are cut short when
  any newer item arrives while they play (5 ms fade), and dropped if still
  queued.
* ``Priority.NORMAL`` items are queued and played in order.
* ``Priority.IMPORTANT`` items (results of actions, warnings) are never cut or
  dropped by newer items and go ahead of queued lower-priority items.
* :meth:`Player.stop` is the listener's explicit "quiet": it silences
  everything (all priorities) within one block plus the backend's buffer;
  items it silences end with status ``"stopped"``, so the narrator can keep
  them in its history for "repeat".

The player never lets an exception reach the game loop. If the output device
fails (sounddevice raises PortAudioError), it reports through
``on_device_error``, keeps consuming the sequence in real time without output
(the game goes on in text) and retries opening the device every
``retry_s`` seconds, reporting success through ``on_device_restored``.

Half-duplex support for the microphone: :meth:`is_silent`,
:meth:`wait_silent` and the :attr:`silent` event are set only after the last
sound has left the backend's buffer; ``on_speaking(True/False)`` fires when the
player starts and stops making sound.
"""
from __future__ import annotations

import heapq
import itertools
import queue
import threading
import time
from dataclasses import dataclass, field
from enum import IntEnum
from collections.abc import Callable, Iterable

import numpy as np

from . import cues as cue_lib
from .backends import (DEFAULT_BLOCK_MS, DEFAULT_RATE, BackendError, OutputBackend, RenderBackend,
                       SoundDeviceBackend, play_time)
from .reference import ReferenceTap
from .mixer import Ducker, OutputDuck, frames as to_frames, limit, pan_mono, balance

__all__ = ["DEFAULT_BLOCK_MS", "DEFAULT_RATE", "BackendError", "Item", "KIND_PRIORITY", "OutputBackend", "Player",
           "Priority", "RenderBackend", "SoundDeviceBackend", "play_time"]

FADE_MS = 5.0
MAX_VOICES = 8


class Priority(IntEnum):
    INTERRUPTIBLE = 0
    NORMAL = 1
    IMPORTANT = 2


# Default priority for the kinds the narrator uses; speak_audio(priority=None).
KIND_PRIORITY: dict[str, Priority] = {
    "description": Priority.INTERRUPTIBLE,
    "overview": Priority.INTERRUPTIBLE,
    "help": Priority.INTERRUPTIBLE,
    "rules": Priority.INTERRUPTIBLE,
    "history": Priority.INTERRUPTIBLE,
    "speech": Priority.NORMAL,
    "prompt": Priority.NORMAL,
    "turn": Priority.NORMAL,
    "cue": Priority.NORMAL,
    "result": Priority.IMPORTANT,
    "warning": Priority.IMPORTANT,
    "error": Priority.IMPORTANT,
}


@dataclass(eq=False)
class Item:
    """One entry of the sequence. ``status`` ends as done, cut, dropped or stopped."""

    seq: int
    kind: str
    priority: Priority
    frames: np.ndarray  # float32 (n, 2) at the player's rate
    is_cue: bool = False
    label: str = ""
    pos: int = 0
    status: str = "queued"
    end: int = -1  # frame where output ends (len(frames) unless cut)
    fade_start: int = -1
    started_at: float | None = None
    #: when it is heard from and until (the backend's clock; full duplex: the own-words check)
    heard: tuple[float, float] | None = None
    finished: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self):
        self.end = len(self.frames)

    def wait(self, timeout: float | None = None) -> str | None:
        """Block until the item ended; its final status, or None on timeout."""
        return self.status if self.finished.wait(timeout) else None


# --------------------------------------------------------------------------
# the player


class Player:
    def __init__(self, backend: OutputBackend | None = None, rate: int | None = None,
                 block_ms: float = DEFAULT_BLOCK_MS,
                 speech_volume: float = 1.0, cue_volume: float = 0.8, duck_db: float = -12.0,
                 barge_in_duck_db: float = -15.0, retry_s: float = 2.0,
                 on_speaking: Callable[[bool], None] | None = None,
                 on_device_error: Callable[[Exception], None] | None = None,
                 on_device_restored: Callable[[], None] | None = None,
                 on_item_end: Callable[[Item], None] | None = None,
                 preload: bool | Iterable[str] = True, cue_dir=None):
        if backend is None:
            backend = SoundDeviceBackend(rate=rate or DEFAULT_RATE)
        self.backend: OutputBackend = backend
        self.rate: int = int(rate or backend.rate or DEFAULT_RATE)
        self.block = int(round(self.rate * block_ms / 1000.0))
        backend.block = self.block
        self.speech_volume = speech_volume
        self.cue_volume = cue_volume
        self.retry_s = retry_s
        self.on_speaking = on_speaking
        self.on_device_error = on_device_error
        self.on_device_restored = on_device_restored
        self.on_item_end = on_item_end
        self._cue_dir = cue_dir
        self._fade = max(1, int(self.rate * FADE_MS / 1000.0))
        self._ducker = Ducker(self.rate, duck_db)
        self._lock = threading.Lock()
        self._heap: list[tuple[int, int, Item]] = []
        self._seq = itertools.count()
        self._current: Item | None = None
        self._voices: list[list] = []  # [frames, pos, fade_start or -1]
        self._cue_cache: dict[str, np.ndarray] = {}
        self.silent = threading.Event()
        self.silent.set()
        self._silent_since = time.perf_counter()
        self._sounding = False  # the last written block carried sound
        self._last_sound_write = 0.0
        self.device_ok = False
        self.device_error: Exception | None = None
        self._next_retry = 0.0
        self._running = False
        self._thread: threading.Thread | None = None
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._notifier: threading.Thread | None = None
        #: barge-in: everything the game plays under the player's voice (``barge_in_duck_db``),
        #: lowered where the blocks leave for the device; restored by duck(False)
        self.ducked = False
        self.output_duck = OutputDuck(self.rate, barge_in_duck_db)
        backend.duck = self.output_duck
        if preload:
            self.preload(None if preload is True else preload)

    # ---------------------------------------------------------------- lifecycle

    def start(self) -> Player:
        if self._running:
            return self
        self._running = True
        self._try_open(first=True)
        self._notifier = threading.Thread(target=self._notify_loop, name="audio-notify", daemon=True)
        self._notifier.start()
        self._thread = threading.Thread(target=self._run, name="audio-player", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._running = False
        if self._thread is not None:
            self._thread.join(timeout=2.0)
            self._thread = None
        try:
            self.backend.close()
        except Exception:  # closing a vanished device must not raise into the game
            pass
        self._events.put(None)
        if self._notifier is not None:
            self._notifier.join(timeout=2.0)
            self._notifier = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    # ---------------------------------------------------------------- cues

    def preload(self, cue_ids: Iterable[str] | None = None) -> None:
        """Convert cues to the output format ahead of time (play_cue then only mixes)."""
        for cue_id in (cue_ids or cue_lib.CUE_IDS):
            self._cue_frames(cue_id)

    def _cue_frames(self, cue_id: str, pan: float | None = None) -> np.ndarray:
        base = self._cue_cache.get(cue_id)
        if base is None:
            base = to_frames(cue_lib.load(cue_id, self._cue_dir), cue_lib.RATE, self.rate)
            base.setflags(write=False)
            self._cue_cache[cue_id] = base
        if pan is None:
            return base
        spec = cue_lib.spec(cue_id)
        if spec.spatial:
            return balance(base, pan)
        gl, gr = cue_lib.pan_gains(spec.pan)
        mono = base[:, 0] * np.float32(gl) + base[:, 1] * np.float32(gr)
        return pan_mono(mono, pan)

    # ---------------------------------------------------------------- requests

    def speak_audio(self, buffer: np.ndarray, rate: int, priority: Priority | int | None = None,
                    kind: str = "speech", label: str = "") -> Item:
        """Queue synthesized speech (any dtype/rate, mono or stereo)."""
        data = to_frames(buffer, rate, self.rate)
        return self._enqueue(data, kind, priority, is_cue=False, label=label)

    def speak_file(self, path, priority: Priority | int | None = None, kind: str = "speech",
                   label: str = "") -> Item:
        """Queue a 16-bit PCM WAV file (what espeak-ng -w or pyttsx3 save_to_file write)."""
        data, rate = cue_lib.read_wav(path)
        return self.speak_audio(data, rate, priority, kind, label or str(path))

    def queue_cue(self, cue_id: str, pan: float | None = None,
                  priority: Priority | int | None = None, kind: str = "cue") -> Item:
        """Queue a cue in the sequence (played in order with speech)."""
        return self._enqueue(self._cue_frames(cue_id, pan), kind, priority, is_cue=True, label=cue_id)

    def play_cue(self, cue_id: str, pan: float | None = None) -> None:
        """Start a cue now, mixed over whatever plays (next block)."""
        data = self._cue_frames(cue_id, pan)
        with self._lock:
            self._mark(f"cue:{cue_id}")
            if len(self._voices) >= MAX_VOICES:
                self._voices.pop(0)
            self._voices.append([data, 0, -1])
            self._set_busy()

    def play_frames(self, data: np.ndarray, rate: int) -> None:
        """Start an arbitrary buffer now as a voice (like play_cue)."""
        data = to_frames(data, rate, self.rate)
        with self._lock:
            self._mark("voice")
            self._voices.append([data, 0, -1])
            self._set_busy()

    def stop(self) -> None:
        """Silence everything now (within one block + the backend buffer)."""
        ended = []
        with self._lock:
            self._mark("stop")
            cur = self._current
            if cur is not None and cur.fade_start < 0:
                self._cut(cur, "stopped")
            for _, _, item in self._heap:
                item.status = "stopped"
                ended.append(item)
            self._heap.clear()
            for v in self._voices:
                if v[2] < 0:
                    v[2] = v[1]
        for item in ended:
            self._finish(item)

    def cancel(self, item: Item) -> None:
        """Stop one item (queued or playing), whatever its priority."""
        with self._lock:
            if item is self._current:
                if item.fade_start < 0:
                    self._cut(item, "stopped")
                return
            for i, (_, _, it) in enumerate(self._heap):
                if it is item:
                    self._heap.pop(i)
                    heapq.heapify(self._heap)
                    break
            else:
                return
            item.status = "stopped"
        self._finish(item)

    # ---------------------------------------------------------------- state

    @property
    def reference(self) -> ReferenceTap | None:
        """Full duplex: the echo canceller's reference; the backend hands it every block
        it plays with the time that block is heard (its own clock)."""
        return self.backend.reference

    @reference.setter
    def reference(self, tap: ReferenceTap | None) -> None:
        """A sentence already playing when the tap comes (voice starts while a resumed
        game's opening is spoken) is told to it too: its words were otherwise unknown to
        the listener's own-words check for the rest of that sentence."""
        self.backend.reference = tap
        with self._lock:
            item = self._current
        if item is not None:
            self._tell_said(item)

    def duck(self, on: bool) -> None:
        """Barge-in: lower the output at once or restore it (5 ms ramp). The backend applies it
        to the next block it hands to the device, also to blocks rendered before the call;
        what the device (the sound server) holds already plays as it was."""
        self.ducked = on
        self.output_duck.set(on)

    def is_silent(self) -> bool:
        return self.silent.is_set()

    def wait_silent(self, tail_ms: float = 0.0, timeout: float | None = None) -> bool:
        """Wait until nothing has sounded for ``tail_ms``; False on timeout."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        while True:
            remaining = None if deadline is None else deadline - time.perf_counter()
            if remaining is not None and remaining <= 0:
                return False
            if not self.silent.wait(remaining):
                return False
            quiet_for = time.perf_counter() - self._silent_since
            need = tail_ms / 1000.0 - quiet_for
            if need <= 0:
                if self.silent.is_set():
                    return True
                continue
            if deadline is not None:
                need = min(need, deadline - time.perf_counter())
            time.sleep(max(0.0, need))

    @property
    def current(self) -> Item | None:
        return self._current

    def pending(self) -> list[Item]:
        with self._lock:
            return [it for _, _, it in sorted(self._heap, key=lambda e: (e[0], e[1]))]

    # ---------------------------------------------------------------- internals

    def _mark(self, label: str) -> None:
        self.backend.mark(label)

    def _set_busy(self) -> None:
        # called with the lock held: the microphone must not listen from now on
        if self.silent.is_set():
            self.silent.clear()

    def _enqueue(self, data, kind, priority, is_cue, label) -> Item:
        if priority is None:
            priority = KIND_PRIORITY.get(kind, Priority.NORMAL)
        item = Item(seq=next(self._seq), kind=kind, priority=Priority(priority),
                    frames=data, is_cue=is_cue, label=label)
        dropped = []
        with self._lock:
            self._mark(f"enqueue:{kind}")
            cur = self._current
            if cur is not None and cur.priority == Priority.INTERRUPTIBLE and cur.fade_start < 0:
                self._cut(cur, "cut")
            keep = []
            for entry in self._heap:
                if entry[2].priority == Priority.INTERRUPTIBLE:
                    entry[2].status = "dropped"
                    dropped.append(entry[2])
                else:
                    keep.append(entry)
            if dropped:
                heapq.heapify(keep)
                self._heap = keep
            heapq.heappush(self._heap, (-int(item.priority), item.seq, item))
            self._set_busy()
        for it in dropped:
            self._finish(it)
        return item

    def _cut(self, item: Item, status: str) -> None:
        item.fade_start = item.pos
        item.end = min(len(item.frames), item.pos + self._fade)
        item.status = status

    def _finish(self, item: Item) -> None:
        item.finished.set()
        if self.on_item_end is not None:
            self._events.put(("item_end", item))

    def _start(self, item: Item, at_frame: int) -> None:
        """``item`` begins to play ``at_frame`` frames into the block being rendered."""
        item.status = "playing"
        item.started_at = time.perf_counter()
        self._current = item
        heard = item.started_at + self.backend.latency + at_frame / self.rate
        item.heard = (heard, heard + (item.end - item.pos) / self.rate)
        self._tell_said(item)

    def _tell_said(self, item: Item) -> None:
        """A sentence tells the echo reference what its echo will say, and when (full
        duplex: speech/listener.py tells the game's own words from a person's)."""
        tap = self.backend.reference
        if tap is not None and not item.is_cue and item.label and item.heard is not None:
            tap.said(item.label, *item.heard)

    def _render_block(self) -> tuple[np.ndarray, bool]:
        """Next output block and whether anything sounded in it."""
        n = self.block
        out = np.zeros((n, 2), dtype=np.float32)
        finished = []
        with self._lock:
            filled = 0
            speech_active = False
            while filled < n:
                cur = self._current
                if cur is None:
                    if not self._heap:
                        break
                    cur = heapq.heappop(self._heap)[2]
                    self._start(cur, filled)
                take = min(n - filled, cur.end - cur.pos)
                if take > 0:
                    chunk = cur.frames[cur.pos:cur.pos + take]
                    if cur.fade_start >= 0:
                        idx = np.arange(cur.pos, cur.pos + take) - cur.fade_start
                        chunk = chunk * (1.0 - idx / self._fade).astype(np.float32)[:, None]
                    gain = self.cue_volume if cur.is_cue else self.speech_volume
                    out[filled:filled + take] = chunk * np.float32(gain)
                    if not cur.is_cue:
                        speech_active = True
                    cur.pos += take
                    filled += take
                if cur.pos >= cur.end:
                    if cur.status == "playing":
                        cur.status = "done"
                    finished.append(cur)
                    self._current = None
            if self._voices:
                vmix = np.zeros((n, 2), dtype=np.float32)
                alive = []
                for v in self._voices:
                    data, pos, fstart = v
                    end = len(data) if fstart < 0 else min(len(data), fstart + self._fade)
                    take = min(n, end - pos)
                    if take > 0:
                        chunk = data[pos:pos + take]
                        if fstart >= 0:
                            idx = np.arange(pos, pos + take) - fstart
                            chunk = chunk * (1.0 - idx / self._fade).astype(np.float32)[:, None]
                        vmix[:take] += chunk
                        v[1] = pos + take
                    if v[1] < end:
                        alive.append(v)
                self._voices = alive
                out += self._ducker.process(vmix, speech_active) * np.float32(self.cue_volume)
            else:
                self._ducker.gains(0, speech_active)
            busy = self._current is not None or bool(self._heap) or bool(self._voices)
        for item in finished:
            self._finish(item)
        sounded = busy or bool(np.any(out))
        return limit(out), sounded

    def _try_open(self, first: bool = False) -> None:
        try:
            self.backend.open()
        except Exception as exc:  # BackendError or anything a driver throws
            self._device_failed(exc, report=first or self.device_ok)
            return
        was_error = self.device_error is not None
        self.device_ok = True
        self.device_error = None
        if was_error and self.on_device_restored is not None:
            self._events.put(("restored",))

    def _device_failed(self, exc: Exception, report: bool = True) -> None:
        self.device_ok = False
        self.device_error = exc
        self._next_retry = time.perf_counter() + self.retry_s
        try:
            self.backend.close()
        except Exception:  # the device is gone; closing may fail too
            pass
        if report and self.on_device_error is not None:
            self._events.put(("error", exc))

    def _run(self) -> None:
        period = self.block / self.rate
        next_tick = time.perf_counter()
        while self._running:
            try:
                if not self.device_ok and time.perf_counter() >= self._next_retry:
                    self._try_open()
                block, sounded = self._render_block()
                if self.device_ok:
                    try:
                        self.backend.write(block)
                        next_tick = time.perf_counter()
                    except Exception as exc:  # BackendError; never let it end the thread
                        self._device_failed(exc)
                else:
                    # no device: keep time moving so the sequence drains as if heard
                    next_tick += period
                    delay = next_tick - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    else:
                        next_tick = time.perf_counter()
                self._update_silence(sounded)
            except Exception as exc:  # a bug must not kill the audio thread silently
                self._device_failed(exc)
                time.sleep(period)

    def _update_silence(self, sounded: bool) -> None:
        now = time.perf_counter()
        if sounded:
            self._last_sound_write = now
            if not self._sounding:
                self._sounding = True
                if self.on_speaking is not None:
                    self._events.put(("speaking", True))
            return
        if self._sounding:
            latency = self.backend.latency if self.device_ok else 0.0
            if now >= self._last_sound_write + latency:
                with self._lock:
                    busy = self._current is not None or bool(self._heap) or bool(self._voices)
                    if not busy:
                        self._sounding = False
                        self._silent_since = now
                        self.silent.set()
                if not self._sounding and self.on_speaking is not None:
                    self._events.put(("speaking", False))
        elif not self.silent.is_set():
            # a request arrived but produced no block yet: stay busy until it does
            with self._lock:
                busy = self._current is not None or bool(self._heap) or bool(self._voices)
                if not busy:
                    self._silent_since = now
                    self.silent.set()

    def _notify_loop(self) -> None:
        while True:
            ev = self._events.get()
            if ev is None:
                return
            try:
                if ev[0] == "speaking" and self.on_speaking is not None:
                    self.on_speaking(ev[1])
                elif ev[0] == "error" and self.on_device_error is not None:
                    self.on_device_error(ev[1])
                elif ev[0] == "restored" and self.on_device_restored is not None:
                    self.on_device_restored()
                elif ev[0] == "item_end" and self.on_item_end is not None:
                    self.on_item_end(ev[1])
            except Exception:  # a failing callback must not stop the notifications
                pass
