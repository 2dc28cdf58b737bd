"""The one speaker split of the duplex benchmarks (duplex_bench, barge_in_offline,
duck_latency): who may be used for tuning, and so is never reported.

The corpus has five English "stop"s, one speaker each: the early duck's threshold was tuned
(duck_latency) on two of them, so those two are tuning speakers for every duplex benchmark;
the other three are reported. Before 2026-12-05 barge_in_offline reported the two as held
out (its own split had none for "stop")."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "speech-corpus"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/speech-corpus")

#: speakers whoever tunes duplex audio may use; never reported (tests/data/speech holds hd02)
TUNE = frozenset({"hd-ge00", "hd-ge01", "hd-ge02", "hd-en00", "hd-en01", "hd-en02", "fsdd-george",
                  "sc-1eddce1d", "sc-51055bda"})
