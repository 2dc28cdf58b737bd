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
