"""The room's noise floor and the gate before the decode (``voice_game.speech.noise_floor``),
on a real speaker's word with the voices of other real speakers around it."""
from pathlib import Path

import numpy as np

from tests.support.synth import voiced_span
from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.noise_floor import DEPTH_DB, NoiseFloor, frame_db, gate
from voice_game.speech.recognize import read_audio

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
RATE = 16000


def _word(name: str) -> np.ndarray:
    x, rate = read_audio(DATA / name)
    a = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")
    first, last = voiced_span(a, RATE, floor_db=30)
    return a[first:last + 1].astype(np.float32) / 32768


def _babble(n: int, level: float) -> np.ndarray:
    """Other speakers' words (Speech Commands, tests/data/speech) end to end, summed in
    three streams, at ``level`` RMS."""
    clips = [_word(f) for f in ("en-sc-bird.wav", "en-sc-eight.wav", "en-sc-no.wav", "en-sc-stop.wav",
                                "en-sc-tree.wav", "en-sc-yes.wav")]
    out = np.zeros(n)
    for k in range(3):
        s = np.concatenate(clips[k:] + clips[:k])
        s = np.tile(s, n // s.size + 1)[:n]
        out += s / np.sqrt(np.mean(s ** 2))
    return (out * level / np.sqrt(np.mean(out ** 2))).astype(np.float32)


def test_floor_is_the_room_between_words():
    floor = NoiseFloor()
    assert floor.db is None  # nothing heard yet
    rng = np.random.default_rng(0)
    room = (rng.standard_normal(2 * RATE) * 0.01).astype(np.float32)  # -40 dB
    floor.feed(room[:1000])
    floor.feed(room[1000:])
    assert floor.db is not None and -43 < floor.db < -39, floor.db
    floor.feed(_word("de-hd02-3.flac") * 0.5)  # a word of half a second hardly moves it
    assert floor.db < -37, floor.db


def test_gate_turns_down_other_voices_around_the_word_and_keeps_the_word():
    """Heidelberg speaker 02's "drei" with other speakers' words 15 dB under it, half a
    second before and after: the voices before and after are turned down by the gate's
    depth, the word (and its soft start) is kept."""
    word = _word("de-hd02-3.flac")
    lead = RATE // 2
    n = lead + word.size + lead
    x = np.zeros(n, dtype=np.float32)
    x[lead:lead + word.size] = word
    level = float(np.sqrt(np.mean(word ** 2))) * 10 ** (-15 / 20)
    noisy = x + _babble(n, level)
    floor = NoiseFloor()
    floor.feed(noisy[:lead])
    out = gate(noisy, floor.db)
    before = slice(0, lead - RATE // 5)  # the gate holds 0.15 s either side of the word
    after = slice(lead + word.size + RATE // 5, n)
    drop_before = np.mean(frame_db(noisy[before]) - frame_db(out[before]))
    drop_after = np.mean(frame_db(noisy[after]) - frame_db(out[after]))
    kept = frame_db(noisy[lead:lead + word.size]) - frame_db(out[lead:lead + word.size])
    print(f"voices before the word down {drop_before:.1f} dB, after {drop_after:.1f} dB; "
          f"the word's frames down at most {kept.max():.1f} dB")
    assert drop_before > 0.6 * DEPTH_DB and drop_after > 0.6 * DEPTH_DB
    assert kept.max() < 1.0


def test_no_floor_or_nothing_louder_leaves_the_audio_unchanged():
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(RATE) * 0.01).astype(np.float32)
    assert gate(x, None) is x
    assert np.array_equal(gate(x, -10.0), x)  # nothing 8 dB over a floor of -10 dB


def test_an_utterance_shorter_than_the_hold_is_gated_whole():
    """An early decode may take a tenth of a second: the gate keeps its length."""
    x = np.zeros(1700, dtype=np.float32)
    x[800:1000] = 0.5
    out = gate(x, -60.0)
    assert out.size == x.size and out[900] == 0.5
