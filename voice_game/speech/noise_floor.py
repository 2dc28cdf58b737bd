"""The room's noise floor, and a gate that turns down what is no louder than it.

Other voices in the room (babble) or music are speech-like: Silero hears them as voice and
noise suppression leaves them, and Whisper writes their words beside the player's ("Two,
one, two, one." for "two"). The player's word to the game is the loudest sound of the
utterance, the room's sound is there before and after it. So:

* :class:`NoiseFloor` follows the stream: the energy of its 10 ms frames over the last
  :data:`HISTORY_S` seconds, and as the floor a low percentile of them (the room between
  words; a word of a second moves it little).
* :func:`gate` takes an utterance before it is decoded: every 10 ms frame under the floor
  plus ``margin_db`` that is not within ``hold_s`` of a frame above it is turned down by
  ``depth_db`` (smoothly, over :data:`RAMP` frames). It sees the whole utterance, so a
  word's soft start before its loud vowel is kept (no look-ahead latency in the stream).
"""
from __future__ import annotations

from collections import deque

import numpy as np

RATE = 16000
FRAME = RATE // 100  # 10 ms
#: seconds of frame energies the floor is taken from
HISTORY_S = 3.0
#: the floor: this percentile of the history's frame energies (dB)
PERCENTILE = 20.0
#: frames this many dB over the floor open the gate ...
MARGIN_DB = 8.0
#: ... and keep it open this long either side
HOLD_S = 0.15
#: a closed gate turns the frame down by this much
DEPTH_DB = 20.0
RAMP = 3  # frames of the gain's fade
#: energy of digital silence (dB re full scale)
SILENT_DB = -100.0


def frame_db(audio: np.ndarray) -> np.ndarray:
    """The energy (dB re full scale) of each whole 10 ms frame of ``audio`` (float)."""
    n = audio.size // FRAME
    x = np.asarray(audio[: n * FRAME], dtype=np.float64).reshape(n, FRAME)
    return np.maximum(SILENT_DB, 10 * np.log10((x * x).mean(axis=1) + 1e-12))


class NoiseFloor:
    """The room's noise floor of a stream (float 16 kHz audio, any length per call)."""

    def __init__(self, history_s: float = HISTORY_S, percentile: float = PERCENTILE) -> None:
        self._db: deque[float] = deque(maxlen=int(history_s * 100))
        self._rest = np.zeros(0, dtype=np.float32)
        self.percentile = percentile

    def feed(self, audio: np.ndarray) -> None:
        x = np.concatenate([self._rest, np.asarray(audio, dtype=np.float32)])
        n = x.size // FRAME * FRAME
        self._db.extend(frame_db(x[:n]).tolist())
        self._rest = x[n:]

    @property
    def db(self) -> float | None:
        """The floor (dB re full scale), None before 0.2 s were heard."""
        if len(self._db) < 20:
            return None
        return float(np.percentile(np.fromiter(self._db, float), self.percentile))


def gate(audio: np.ndarray, floor_db: float | None, margin_db: float = MARGIN_DB,
         hold_s: float = HOLD_S, depth_db: float = DEPTH_DB) -> np.ndarray:
    """``audio`` (float 16 kHz, one utterance) with what is not ``margin_db`` over the
    floor, nor within ``hold_s`` of such a frame, turned down by ``depth_db``. Unchanged
    when the floor is unknown, or when no frame is over it (nothing is left to keep)."""
    if floor_db is None or audio.size < FRAME:
        return audio
    e = frame_db(audio)
    loud = e >= floor_db + margin_db
    if not loud.any():
        return audio
    hold = int(round(hold_s * 100))
    near = np.convolve(loud.astype(np.float64), np.ones(2 * hold + 1))[hold:hold + loud.size] > 0
    gain = np.where(near, 1.0, 10 ** (-depth_db / 20))
    if RAMP > 1:
        kernel = np.ones(RAMP) / RAMP
        gain = np.convolve(np.pad(gain, RAMP, mode="edge"), kernel, mode="same")[RAMP:-RAMP]
    g = np.repeat(gain, FRAME)
    g = np.concatenate([g, np.full(audio.size - g.size, g[-1] if g.size else 1.0)])
    return (audio * g).astype(audio.dtype, copy=False)
