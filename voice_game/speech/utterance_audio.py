"""What an utterance's audio itself tells the Whisper recognizer: clipped at full scale,
sound left after the part an early decode heard, a loud part standing over the rest."""
from __future__ import annotations

import numpy as np

from voice_game.speech.noise_floor import MARGIN_DB, frame_db
from voice_game.speech.whisper_settings import (
    PART_DROP_DB, PART_GAP_S, PART_MIN_S, PART_PAD_S, PART_STANDS_DB, RATE, TAIL_DB,
)


def clipped(audio: np.ndarray) -> bool:
    """A microphone turned up far too far: more than 1 % of the samples at full scale.
    Such audio gives no near win (a clipped "bird" came out as "one" at twice the budget)."""
    return audio.size > 0 and float(np.mean(np.abs(audio) >= 0.999)) > 0.01


def sound_after(frames: list[bytes], cut: int, floor_db: float | None) -> bool:
    """Whether an utterance's ``frames`` (int16) after the first ``cut`` hold sound: a 10 ms
    frame within :data:`TAIL_DB` of the utterance's loudest and, when the room's floor is
    known (``floor_db``), :data:`~voice_game.speech.noise_floor.MARGIN_DB` over it. A word's
    last sound that the voice detection called silence (the release of "stop", 28 dB under
    the word's loudest) is sound; the room's quiet after a word is not."""
    pcm = np.frombuffer(b"".join(frames), dtype="<i2").astype(np.float32) / 32768.0
    levels = frame_db(pcm)
    k = sum(len(f) for f in frames[:cut]) // 2 // (RATE // 100)  # 10 ms frames heard early
    if k >= levels.size:
        return False
    bar = float(levels.max()) - TAIL_DB
    if floor_db is not None:
        bar = max(bar, floor_db + MARGIN_DB)
    return bool(levels[k:].max() > bar)


def loud_part(audio: np.ndarray) -> tuple[int, int] | None:
    """The samples ``(start, end)`` of an utterance's loudest part when it stands out: the
    utterance at least :data:`PART_MIN_S` long, its 10 ms frames (levels smoothed over 50
    ms) within :data:`PART_DROP_DB` of the loudest around it, gaps under :data:`PART_GAP_S`
    bridged, :data:`PART_PAD_S` added on either side; the part's mean level
    :data:`PART_STANDS_DB` over the median of the rest. None: no such part."""
    f = RATE // 100
    k = audio.size // f
    if audio.size < PART_MIN_S * RATE or k < 10:
        return None
    power = (audio[:k * f].astype(np.float64).reshape(k, f) ** 2).mean(axis=1) + 1e-12
    level = 10 * np.log10(np.convolve(power, np.ones(5) / 5, "same"))
    top = int(np.argmax(level))
    loud = level >= level[top] - PART_DROP_DB
    gap = int(PART_GAP_S * 100)
    a = b = top
    while a > 0 and loud[max(0, a - gap):a].any():
        a -= 1
    while b < k - 1 and loud[b + 1:b + 1 + gap].any():
        b += 1
    while not loud[a]:
        a += 1
    while not loud[b]:
        b -= 1
    rest = np.concatenate([level[:a], level[b + 1:]])
    if rest.size < 10 or level[a:b + 1].mean() - np.median(rest) < PART_STANDS_DB:
        return None
    pad = int(PART_PAD_S * RATE)
    return max(0, a * f - pad), min(audio.size, (b + 1) * f + pad)
