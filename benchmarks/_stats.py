"""Shared by the benchmark scripts: percentile summaries and finding sound in a stream."""
from __future__ import annotations

import statistics

import numpy as np


def summary(name: str, values, width: int = 8) -> None:
    v = sorted(values)
    if not v:
        print(f"  {name:{width}s} no data")
        return
    p95 = v[min(len(v) - 1, int(round(0.95 * (len(v) - 1))))]
    print(f"  {name:{width}s} median {statistics.median(v):6.1f} ms   p95 {p95:6.1f} ms   "
          f"max {v[-1]:6.1f} ms   (n={len(v)})")


def loud(x: np.ndarray, thresh: float) -> np.ndarray:
    """Indices of frames (rows of a frames x channels array) louder than ``thresh``."""
    return np.flatnonzero(np.abs(x).max(axis=1) > thresh)


def probe_latencies(audio: np.ndarray, probes, recorder, rate: int, thresh: float = 300) -> dict:
    """Milliseconds per probe kind from a recording: for "stop" probes from the request to
    the last loud frame, for every other kind to the first loud frame.

    ``probes`` are (kind, first frame, request time, last frame) tuples.
    """
    out: dict[str, list] = {}
    for kind, start, t0, end in probes:
        lo = max(0, start - int(0.05 * rate))
        idx = loud(audio[lo:end], thresh)
        if not len(idx):
            continue
        if kind == "stop":
            ms = max(0.0, (recorder.time_of_frame(lo + idx[-1] + 1) - t0) * 1000)
        else:
            ms = (recorder.time_of_frame(lo + idx[0]) - t0) * 1000
        out.setdefault(kind, []).append(ms)
    return out
