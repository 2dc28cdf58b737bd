#!/usr/bin/env python3
"""Write every sound cue to sounds/<cue_id>.wav.

The cues are synthesized by voice_game.audio.cues (numpy only, no samples from
elsewhere); running this twice gives the same bytes.

    uv run python scripts/make_sounds.py [--out DIR] [--check]

--check compares the files on disk with a fresh synthesis and exits 1 if any
file is missing or differs (for CI).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from voice_game.audio import cues  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "sounds")
    ap.add_argument("--check", action="store_true", help="verify instead of writing")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    bad = 0
    for cue_id in cues.CUE_IDS:
        data = cues.synthesize(cue_id)
        path = args.out / f"{cue_id}.wav"
        if args.check:
            try:
                disk, rate = cues.read_wav(path)
            except (OSError, EOFError, ValueError) as exc:
                print(f"missing/unreadable {path.name}: {exc}")
                bad += 1
                continue
            if rate != cues.RATE or disk.shape != data.shape or not np.array_equal(disk, data):
                print(f"differs: {path.name}")
                bad += 1
        else:
            cues.write_wav(path, data)
    if args.check:
        print(f"{len(cues.CUE_IDS) - bad}/{len(cues.CUE_IDS)} cue files up to date")
        return 1 if bad else 0
    print(f"wrote {len(cues.CUE_IDS)} cues to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
