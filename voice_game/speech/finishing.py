"""Utterances finished off the capture's thread, their results given in the order said.

A streaming recognizer ends an utterance on the thread that feeds it audio (the listener's
worker, which also runs the echo canceller and the voice detection barge-in ducks on).
When the result needs a decode that is not done yet (the early decode still running, or a
whole decode after an early one gave nothing), that decode runs here instead: the worker
goes on with the next audio, and the result is taken once it is ready, in the order the
utterances ended (a later one never overtakes an earlier one).

Measured (benchmarks/duplex_bench.py, 2026-12-07): with the decode on the worker, a
refused utterance over the narration held it 1-4 s at a time, the capture queued behind
it, and a command said then was judged 5-7 s late.

    queue = Finishing()
    queue.start(lambda: decode(audio), on_done)   # or queue.done(hyp): ready at once
    hyp = queue.take()                             # the oldest, once it is ready; else None
"""
from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

from .hypothesis import Hypothesis


class _Job:
    __slots__ = ("result", "ready")

    def __init__(self) -> None:
        self.result: Hypothesis | None = None
        self.ready = threading.Event()


class Finishing:
    """Results of ended utterances, oldest first; each ready when its decode is done."""

    def __init__(self) -> None:
        self._jobs: deque[_Job] = deque()
        self._lock = threading.Lock()

    def done(self, hyp: Hypothesis | None) -> None:
        """An utterance whose result is known now (None: it gave none)."""
        job = _Job()
        job.result = hyp
        job.ready.set()
        with self._lock:
            self._jobs.append(job)

    def start(self, finish: Callable[[], Hypothesis | None],
              on_done: Callable[[], None] | None = None) -> None:
        """An utterance whose result ``finish`` gives, run on a thread of its own;
        ``on_done`` is called when it is ready (a broken callback loses nothing)."""
        job = _Job()
        with self._lock:
            self._jobs.append(job)

        def run() -> None:
            try:
                job.result = finish()
            except Exception:  # noqa: BLE001 - a failed decode is an utterance with no result
                job.result = None
            finally:
                job.ready.set()
            if on_done is not None:
                try:
                    on_done()
                except Exception:  # noqa: BLE001
                    pass

        threading.Thread(target=run, name="whisper-finish", daemon=True).start()

    def take(self) -> Hypothesis | None:
        """The oldest ready result (utterances that gave none are skipped); None when
        there is none or the oldest is not ready yet."""
        with self._lock:
            while self._jobs and self._jobs[0].ready.is_set():
                result = self._jobs.popleft().result
                if result is not None:
                    return result
        return None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every result is ready; False when ``timeout`` ran out first."""
        with self._lock:
            jobs = list(self._jobs)
        return all(job.ready.wait(timeout) for job in jobs)

    @property
    def busy(self) -> bool:
        """A result is not ready yet."""
        with self._lock:
            return any(not job.ready.is_set() for job in self._jobs)

    def __len__(self) -> int:
        with self._lock:
            return len(self._jobs)
