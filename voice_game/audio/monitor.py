"""The sound server's playback monitor as the echo canceller's reference.

A screen reader speaks from another process, so the game's own player never sees its
sound. Where the sound server is PulseAudio (or PipeWire's pulse server) the default
output has a monitor source: everything the loudspeaker plays, the screen reader's voice
and the game's cues alike. :class:`MonitorReference` records it with ``parec`` (package
pulseaudio-utils) as 16 kHz mono and hands each block to a :class:`ReferenceTap` with the
time its first sample was played (its arrival, less its own length); the delay tracker of
the duplex stage measures what is left between that and the microphone's clock. The
monitor never pauses, so the play times follow the sample count from the earliest arrival
(a block that arrived late is not a silence).

    monitor = MonitorReference(tap)
    if monitor.start():   # False: no parec, no sound server, or no monitor source
        ...
    monitor.close()
"""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time

import numpy as np

from .reference import RATE, ReferenceTap

#: the default output's monitor, as PulseAudio and pipewire-pulse name it
DEFAULT_MONITOR = "@DEFAULT_MONITOR@"
#: parec's buffer: small, so that blocks arrive close to when they were played
LATENCY_MS = 10
#: the recorder must deliver its first block within this (else: no monitor here)
START_S = 3.0
#: arrivals this much later than the sample count implies: samples were lost, count anew
REBASE_S = 0.25


class MonitorReference:
    """``parec`` on the monitor source, feeding ``tap`` until :meth:`close`."""

    def __init__(self, tap: ReferenceTap, source: str = DEFAULT_MONITOR, latency_ms: int = LATENCY_MS) -> None:
        self.tap = tap
        self.source = source
        self.latency_ms = latency_ms
        self.blocks = 0  # blocks handed to the tap
        self._count = 0  # samples handed to the tap
        self._base: float | None = None  # the play time of sample 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._thread: threading.Thread | None = None
        self._first = threading.Event()

    def start(self) -> bool:
        """True once the monitor delivers sound; False (nothing left running) when there is
        no ``parec``, no sound server or no such source."""
        parec = shutil.which("parec")
        if parec is None:
            return False
        try:
            self._proc = subprocess.Popen(
                [parec, "-d", self.source, "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1",
                 f"--latency-msec={self.latency_ms}", f"--process-time-msec={max(1, self.latency_ms // 2)}"],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        except OSError:
            self._proc = None
            return False
        self._thread = threading.Thread(target=self._read, name="monitor-reference", daemon=True)
        self._thread.start()
        if not self._first.wait(START_S) or self._proc.poll() is not None:
            self.close()
            return False
        return True

    def _read(self) -> None:
        proc = self._proc
        if proc is None or proc.stdout is None:
            return
        fd = proc.stdout.fileno()
        pending = b""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            now = time.perf_counter()
            pending += data
            usable = len(pending) - len(pending) % 2
            if not usable:
                continue
            block = np.frombuffer(pending[:usable], "<i2").astype(np.float64) / 32768.0
            pending = pending[usable:]
            # the monitor never pauses (silence is sound too): its clock is the sample count
            # from the earliest arrival seen, so a block that arrived late is no gap
            base = now - (self._count + block.size) / RATE
            if self._base is None or base < self._base or base - self._base > REBASE_S:
                self._base = base
            self.tap.push(block, RATE, self._base + self._count / RATE)
            self._count += block.size
            self.blocks += 1
            self._first.set()

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(2)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(2)
            if proc.stdout is not None:
                proc.stdout.close()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
