"""What an utterance's audio itself tells the Whisper recognizer: clipped at full scale, or
sound left after the part an early decode heard."""
from __future__ import annotations

import numpy as np

from voice_game.speech.noise_floor import MARGIN_DB, frame_db
from voice_game.speech.whisper_settings import RATE, TAIL_DB


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
