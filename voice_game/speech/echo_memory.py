"""The room's echo path, remembered from one start of the game to the next.

A fresh echo canceller knows nothing of the room: for its first seconds it removes little
and its cautious start lowers anything as loud as the narration, so a word said over the
opening narration of a game is lost (docs/DUPLEX.md). The room, the loudspeaker and the
microphone are the same at the next start: what the canceller learned (its echo path)
and the lag between the two clocks are kept in the user's cache folder, one file per
canceller and microphone, and the next start begins with them. The canceller still
checks them against the room before it trusts them (``LinearCanceller.warm``).

A file that is missing, damaged or of another shape is ignored (the canceller starts
cold, as it always did); nothing is said: it is a cache the game makes again.
"""
from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice_game.atomic import write_atomic
from voice_game.paths import cache_dir

from .linear_echo import shift_partitions

VERSION = 1
#: a lag beyond this is not a room's (the lag tracker searches up to 4 s)
MAX_LAG_S = 4.0


@dataclass(frozen=True)
class EchoPath:
    """What a canceller learned of the room: its filter's weights (10 ms partitions x bins,
    complex, the newest partition first) and the lag between play and capture times they
    belong to (the lag measured; :meth:`shifted` moves the weights to another). Not its
    leakage: that follows the moment (a person's word, a pause: 0.02 to 1.0 at the end of
    the duplex benchmark's games) and is measured again at the next start."""

    canceller: str
    weights: np.ndarray
    lag_s: float

    def shifted(self, lag_s: float) -> np.ndarray:
        """The weights for a reference aligned with ``lag_s`` instead of :attr:`lag_s`: a lag
        in use larger than the true one hands the reference later, so the echo sits that
        many 10 ms partitions earlier in the filter (what moves out of it is lost)."""
        return shift_partitions(self.weights, -int(round((lag_s - self.lag_s) * 100)))

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, version=np.array(VERSION), canceller=np.array(self.canceller),
                 weights=self.weights.astype(np.complex64), lag_s=np.array(self.lag_s))
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> EchoPath | None:
        """The path in ``data``, or None when it is damaged or not one."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                if int(z["version"]) != VERSION:
                    return None
                weights = np.asarray(z["weights"], np.complex128)
                lag = float(z["lag_s"])
                name = str(z["canceller"])
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile):
            return None
        if weights.ndim != 2 or not np.all(np.isfinite(weights)) or not abs(lag) <= MAX_LAG_S:
            return None
        return cls(name, weights, lag)


class EchoMemory:
    """The remembered echo path of one canceller and microphone, in the cache folder
    (``folder``: tests)."""

    def __init__(self, canceller: str, microphone: str | int | None, folder: Path | None = None) -> None:
        mic = re.sub(r"[^A-Za-z0-9_.-]+", "_", str(microphone if microphone not in (None, "") else "default"))
        self.canceller = canceller
        self.path = (folder if folder is not None else cache_dir() / "echo") / f"{canceller}-{mic}.npz"

    def load(self) -> EchoPath | None:
        try:
            data = self.path.read_bytes()
        except OSError:
            return None
        path = EchoPath.from_bytes(data)
        if path is None or path.canceller != self.canceller:
            return None
        return path

    def save(self, path: EchoPath) -> bool:
        """Keep ``path`` (atomically); False when the folder cannot be written (nothing raised)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, path.to_bytes())
        except OSError:
            return False
        return True
