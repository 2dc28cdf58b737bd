"""The Whisper window cascade on real German speakers (tests/data/speech, see its README).

Off by default (``whisper_settings.CASCADE``: it saved no time on average); when on, a
single word is decoded first in a 4 s mel window (about half the encoder's cost);
Whisper's own transcript there stands only when it is an allowed phrase it is sure of.
Anything else is decoded again in the 8 s window exactly as before the cascade, so a
word the short window mishears is still understood, and a word that is no command is
still rejected.
"""
import pytest

from tests.support.whisper import DATA, PLACE_PHRASES, german_recognizer, needs_base
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_settings import CASCADE, SHORT_CONFIDENCE, SHORT_UTTERANCE_S

pytestmark = needs_base
PHRASES = PLACE_PHRASES


@pytest.fixture(scope="module")
def german():
    return german_recognizer(PHRASES)


def _decode(rec, name: str, monkeypatch, windows=CASCADE) -> tuple[str, float, list[float]]:
    """The phrase heard in ``name``, its confidence, and the mel windows encoded for it."""
    model = rec.m
    encoded: list[float] = []
    real = model.encode

    def encode(audio, window_s):
        encoded.append(window_s)
        return real(audio, window_s)

    monkeypatch.setattr(model, "encode", encode)
    monkeypatch.setattr(rec, "windows", windows)
    audio, rate = read_audio(DATA / name)
    h = rec.decode(audio, rate)
    monkeypatch.undo()
    return h.text, h.confidence, encoded


def test_a_clear_word_is_decoded_in_the_short_window_alone(german, monkeypatch):
    text, conf, windows = _decode(german, "de-hd02-2.flac", monkeypatch)
    assert (text, windows) == ("zwei", [4.0])
    assert conf >= SHORT_CONFIDENCE
    # the 8 s window alone hears the same
    assert _decode(german, "de-hd02-2.flac", monkeypatch, (8.0,))[0] == "zwei"


def test_a_word_the_short_window_mishears_is_decoded_again_in_the_long_one(german, monkeypatch):
    """Speaker 02's "fünf" of trial 2: Whisper base writes "Thun," in the 4 s window (no
    phrase), and hears "fünf" in the 8 s window, as it did before the cascade."""
    model = german.m
    audio, rate = read_audio(DATA / "de-hd02t2-5.flac")
    assert rate == 16000
    hyps, nsp = model.free_decode(model.encode(audio, 4.0), german._table.max_tokens)
    assert german._free_phrase(hyps, nsp, german._table) is None, hyps  # the test needs a miss there
    text, conf, windows = _decode(german, "de-hd02t2-5.flac", monkeypatch)
    assert (text, windows) == ("fünf", [4.0, 8.0])
    assert (text, conf) == _decode(german, "de-hd02t2-5.flac", monkeypatch, (8.0,))[:2]


@pytest.mark.parametrize("digit", ["0", "7"])
def test_a_word_that_is_no_command_is_still_rejected_in_the_long_window(german, monkeypatch, digit):
    """"null" and "sieben" are no phrase here: the short window's transcript is no phrase,
    the 8 s window decides, with its constrained search, and rejects them."""
    text, _, windows = _decode(german, f"de-hd02-{digit}.flac", monkeypatch)
    assert (text, windows) == ("", [4.0, 8.0])


def test_an_utterance_longer_than_a_word_goes_to_the_long_window_at_once(german, monkeypatch):
    """Multi-word phrases were almost never sure in 4 s: they skip the short try."""
    assert german.windows_for(16000) == [8.0]  # the default: one window
    monkeypatch.setattr(german, "windows", CASCADE)
    assert german.windows_for(int(SHORT_UTTERANCE_S * 16000)) == [4.0, 8.0]
    assert german.windows_for(int(SHORT_UTTERANCE_S * 16000) + 1) == [8.0]
