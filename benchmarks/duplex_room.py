"""The simulated room of the duplex benchmark: the game's loudspeaker echoing into its
microphone, and a person talking into the same microphone.

    room = EchoRoom(srv, delay_ms=50, t60=0.3, echo_db=0.0, person_dbfs=-26.0, seed=1)
    room.start()                      # runs until stop(), in real time
    at = room.say(clip)               # 16 kHz float, voiced span known; returns a Said
    ...
    room.stop()

The game plays into the private PulseAudio's ``speakers`` sink. A ``parec`` on
``speakers.monitor`` (16 kHz mono, 10 ms latency) hands what the loudspeaker carried to a
thread that makes the echo: a small loudspeaker (no bass: a one-pole high-pass at 150 Hz,
and soft clipping, ``tanh``), the room (``rooms.rir``: direct sound, early reflections, a
diffuse tail with T60 ``t60``), the acoustic delay ``delay_ms``; its level is held at
``echo_db`` above the person's level (both measured as ``rooms._speech_power``: the mean
power of the frames within 30 dB of the loudest; for the echo a running estimate over its
voiced frames). The person's clip, reverberated by the same room from another place, is
added sample-exact into the same stream, with a faint noise floor, and the sum goes to
``micsink`` through one ``pacat``: the game's microphone (``virtmic``) hears the mix.

Because the person is mixed into the same stream, the moment each of their samples was
written is known (``Said``): write time plus the lead ``MIC_LEAD_S`` kept in ``pacat``'s
buffer is when the microphone carried it. With a 20 ms buffer and no lead the microphone
went silent 374 times in 151 s (10-200 ms each, 5 % of the time, inside words too): the
room's blocks come when the loudspeaker's monitor hands them, in bursts, and the buffer
ran dry. A real microphone has no such gaps, so the room now keeps 80 ms written ahead.
"""
from __future__ import annotations

import os
import subprocess
import threading
import time
from dataclasses import dataclass, field

import numpy as np
import rooms

RATE = 16000
BLOCK = 320  # 20 ms
#: the room keeps this much written ahead into the microphone's stream (see above)
MIC_LEAD_S = 0.08


@dataclass
class Said:
    """One utterance put into the room: wall times (perf_counter) of its voiced start and
    end as written into the microphone stream, and the narration level around it."""
    samples: int
    voice_on: int  # voiced span within the clip, samples
    voice_off: int
    t_on: float | None = None
    t_off: float | None = None
    done: threading.Event = field(default_factory=threading.Event)


def voiced_span(x: np.ndarray, floor_db: float = 30.0) -> tuple[int, int]:
    """First and last sample of the 20 ms frames within ``floor_db`` of the loudest."""
    n = BLOCK
    k = max(1, x.size // n)
    p = (x[: k * n].astype(np.float64).reshape(k, -1) ** 2).mean(axis=1)
    if p.max() <= 0:
        return 0, x.size
    on = np.flatnonzero(p > p.max() * 10 ** (-floor_db / 10))
    return int(on[0] * n), int(min(x.size, (on[-1] + 1) * n))


def level_to(x: np.ndarray, dbfs: float) -> np.ndarray:
    p = rooms._speech_power(x)
    return x * np.sqrt(10 ** (dbfs / 10) / p) if p > 0 else x


class EchoRoom:
    def __init__(self, srv, delay_ms: float = 50.0, t60: float = 0.3, echo_db: float | None = 0.0,
                 person_dbfs: float = -26.0, seed: int = 0):
        self.srv = srv
        self.delay = int(delay_ms * RATE / 1000)
        self.echo_db = echo_db  # None: no echo path (headphones)
        self.person_dbfs = person_dbfs
        self.seed = seed
        self.t60 = t60
        self.h_echo = rooms.rir(t60, seed)
        self.h_person = rooms.rir(t60, seed + 1000)
        self._queue: list[tuple[np.ndarray, Said]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._rec: subprocess.Popen | None = None
        self._play: subprocess.Popen | None = None
        self.est: float | None = None  # running power of the echo before its gain
        self.blocks = 0
        self.late_blocks = 0
        self._hp = (0.0, 0.0)  # the loudspeaker's high-pass: last input and output

    # ------------------------------------------------------------------ person

    def prepare(self, clip: np.ndarray) -> np.ndarray:
        """A person's clip (float, 16 kHz) as the microphone gets it: reverberated, at the level."""
        y = rooms.reverberate(np.asarray(clip, dtype=np.float64), self.t60, self.seed + 1000)
        return level_to(y, self.person_dbfs)

    def say(self, clip: np.ndarray) -> Said:
        """Mix ``clip`` (already :meth:`prepare` d) into the microphone from the next block."""
        on, off = voiced_span(clip)
        said = Said(clip.size, on, off)
        with self._lock:
            self._queue.append((clip.astype(np.float64), said))
        return said

    # ------------------------------------------------------------------ loop

    def start(self) -> None:
        env = self.srv.env()
        self._rec = subprocess.Popen(
            ["parec", "-d", "speakers.monitor", "--raw", "--format=s16le", f"--rate={RATE}",
             "--channels=1", "--latency-msec=10", "--process-time-msec=5"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self._play = subprocess.Popen(
            ["pacat", "-d", "micsink", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1",
             f"--latency-msec={int(MIC_LEAD_S * 1000) + 20}"], stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        # an idle null sink renders rarely; a suspend/resume restarts its clock for our reader
        self.srv.pactl("suspend-sink", "speakers", "1", check=False)
        self.srv.pactl("suspend-sink", "speakers", "0", check=False)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        for p in (self._rec, self._play):
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        if self._thread is not None:
            self._thread.join(timeout=3)

    def _small_loudspeaker(self, x: np.ndarray) -> np.ndarray:
        """No bass (a one-pole high-pass at 150 Hz), soft clipping near full scale."""
        a = 1.0 / (1.0 + 2 * np.pi * 150 / RATE)
        y = np.empty_like(x)
        px, py = self._hp
        for i, v in enumerate(x):
            py = a * (py + v - px)
            px = v
            y[i] = py
        self._hp = (px, py)
        return np.tanh(2.5 * y) / 2.5

    def _write_lead(self, rng: np.random.Generator) -> bool:
        """The lead: floor noise written ahead, so a late block from the monitor is no gap."""
        assert self._play is not None and self._play.stdin is not None
        floor = rng.standard_normal(int(MIC_LEAD_S * RATE)) * 10 ** (-70 / 20)
        try:
            self._play.stdin.write(np.round(floor * 32768).astype("<i2").tobytes())
            self._play.stdin.flush()
        except (BrokenPipeError, ValueError):
            return False
        return True

    def _run(self) -> None:
        assert self._rec is not None and self._rec.stdout is not None
        assert self._play is not None and self._play.stdin is not None
        fd = self._rec.stdout.fileno()
        rng = np.random.default_rng(self.seed)
        line = np.zeros(self.delay)  # the acoustic delay
        tail_e = np.zeros(self.h_echo.size - 1)
        pending = b""
        cur: tuple[np.ndarray, Said, int] | None = None
        if not self._write_lead(rng):
            return
        while not self._stop.is_set():
            try:
                data = os.read(fd, BLOCK * 2 - len(pending))
            except OSError:
                return
            if not data:
                return
            pending += data
            if len(pending) < BLOCK * 2:
                continue
            x = np.frombuffer(pending, dtype="<i2").astype(np.float64) / 32768.0
            pending = b""
            y = self._small_loudspeaker(x)
            # the room, then the way from the loudspeaker to the microphone
            conv = np.convolve(y, self.h_echo)
            conv[: tail_e.size] += tail_e
            out_e, tail_e = conv[:BLOCK], conv[BLOCK:].copy()
            if self.delay:
                both = np.concatenate([line, out_e])
                out_e, line = both[:BLOCK], both[BLOCK:]
            mix = self._echo_gain(out_e) if self.echo_db is not None else np.zeros(BLOCK)
            mix = mix + rng.standard_normal(BLOCK) * 10 ** (-70 / 20)  # the room's floor
            now = time.perf_counter() + MIC_LEAD_S  # when this block reaches the microphone
            if cur is None:
                with self._lock:
                    if self._queue:
                        clip, said = self._queue.pop(0)
                        cur = (clip, said, 0)
            if cur is not None:
                clip, said, pos = cur
                part = clip[pos:pos + BLOCK]
                mix[: part.size] += part
                if said.t_on is None and pos <= said.voice_on < pos + BLOCK:
                    said.t_on = now + (said.voice_on - pos) / RATE
                if said.t_off is None and pos <= said.voice_off < pos + BLOCK:
                    said.t_off = now + (said.voice_off - pos) / RATE
                pos += BLOCK
                if pos >= clip.size:
                    if said.t_off is None:
                        said.t_off = now
                    said.done.set()
                    cur = None
                else:
                    cur = (clip, said, pos)
            pcm = np.clip(np.round(mix * 32768), -32768, 32767).astype("<i2").tobytes()
            try:
                self._play.stdin.write(pcm)
                self._play.stdin.flush()
            except (BrokenPipeError, ValueError):
                return
            self.blocks += 1

    def _echo_gain(self, e: np.ndarray) -> np.ndarray:
        p = float((e ** 2).mean())
        if p > 1e-6:  # a voiced block of the loudspeaker (about -60 dBFS and up)
            self.est = p if self.est is None else 0.995 * self.est + 0.005 * max(p, self.est * 0.05)
        if self.est is None:
            return e
        target = 10 ** ((self.person_dbfs + (self.echo_db or 0.0)) / 10)
        return e * np.sqrt(target / self.est)
