"""Voice activity detection on its own (voice_game/speech/vad.py): real speakers
(tests/data/speech, Heidelberg Digits CC BY 4.0, Speech Commands CC BY 4.0) framed by
silence give one START and one END, at the right places, and nothing in silence."""
from pathlib import Path

import numpy as np

from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio
from voice_game.speech.vad import Endpointer, SileroVad, Vad, frames_of

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000


def _clip(name: str) -> np.ndarray:
    x, rate = read_audio(DATA / name)
    return np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")


def _decisions(audio: np.ndarray, ep: Endpointer) -> list[Vad]:
    frames, _ = frames_of(audio.astype("<i2").tobytes(), ep.frame_bytes)
    out = []
    for f in frames:
        d = ep.push(f)
        out.append(d)
        if d is Vad.END:
            ep.take()
    return out


def test_silence_is_quiet():
    ep = Endpointer(SileroVad())
    assert set(_decisions(np.zeros(RATE * 2, np.int16), ep)) == {Vad.QUIET}


def test_a_spoken_word_starts_and_ends_once_with_its_audio_kept():
    ep = Endpointer(SileroVad(), end_s=0.4)
    word = _clip("de-hd02-3.flac")
    lead = np.zeros(int(0.5 * RATE), np.int16)
    audio = np.concatenate([lead, word, np.zeros(RATE, np.int16)])
    frames, _ = frames_of(audio.tobytes(), ep.frame_bytes)
    starts, ends, kept = [], [], []
    for i, f in enumerate(frames):
        d = ep.push(f)
        if d is Vad.START:
            starts.append(i)
        elif d is Vad.END:
            ends.append(i)
            kept.append(len(ep.take()))
    assert len(starts) == 1 and len(ends) == 1
    start_s = starts[0] * ep.frame_s
    assert 0.4 <= start_s <= 0.5 + len(word) / RATE
    # the end comes end_s after the voice ends (the pause confirmed), not before
    assert ends[0] - starts[0] >= ep.end_frames
    # the utterance keeps the pre-roll before its start: the word's soft beginning
    assert kept[0] >= ends[0] - starts[0] + 1


def test_a_long_utterance_ends_at_max_s():
    ep = Endpointer(SileroVad(), end_s=5.0, max_s=1.0)  # only the length can end it
    words = np.concatenate([_clip(f"de-hd02-{d}.flac") for d in range(10)])
    assert Vad.END in _decisions(words, ep)


def test_reset_forgets_an_utterance_in_progress():
    ep = Endpointer(SileroVad())
    word = _clip("en-sc-two.wav")
    _decisions(word[: len(word) // 2], ep)
    ep.reset()
    assert not ep.in_speech and ep.frames == []
