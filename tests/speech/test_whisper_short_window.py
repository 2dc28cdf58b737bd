"""The short mel window on real German speakers (tests/data/speech, see its README).

An utterance of at most ``SHORT_WINDOW_MAX_S`` (a word or two, with the voice detection's
margins) is encoded once, in ``SHORT_WINDOW_S`` instead of 8 s (about half the encoder's
cost), and everything, Whisper's own transcript and the constrained search, is decoded in
that encoding; a longer utterance keeps the 8 s window. Off by default
(``SHORT_WINDOW_S`` is None): held out it refused real German commands the 8 s window
understood; ``benchmarks/latency_parts.py --variants win8,win4`` and
``speech_heldout.py --short-window 4`` measure it.
"""
import pytest

from tests.support.whisper import DATA, PLACE_PHRASES, german_recognizer, needs_base
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_settings import SHORT_WINDOW_MAX_S

pytestmark = needs_base


@pytest.fixture(scope="module")
def german():
    return german_recognizer(PLACE_PHRASES)


def _decode(rec, name: str, monkeypatch, short: float | None) -> tuple[str, list[float]]:
    """The phrase heard in ``name`` with ``short`` as the short window, and the mel
    windows encoded for it."""
    model = rec.m
    encoded: list[float] = []
    real = model.encode

    def encode(audio, window_s):
        encoded.append(window_s)
        return real(audio, window_s)

    monkeypatch.setattr(model, "encode", encode)
    monkeypatch.setattr(rec, "short_window", short)
    audio, rate = read_audio(DATA / name)
    h = rec.decode(audio, rate)
    monkeypatch.undo()
    return h.text, encoded


@pytest.mark.parametrize("digit, said", [("1", "eins"), ("2", "zwei"), ("3", "drei"), ("4", "vier"),
                                         ("5", "fünf"), ("0", ""), ("7", "")])
def test_a_word_is_heard_in_the_short_window_alone_as_in_the_long_one(german, monkeypatch, digit, said):
    """Speaker 02's digits: 1 to 5 are commands here, "null" and "sieben" are none (the
    constrained search, run in the short window's encoding, refuses them)."""
    long = _decode(german, f"de-hd02-{digit}.flac", monkeypatch, None)
    short = _decode(german, f"de-hd02-{digit}.flac", monkeypatch, 4.0)
    assert long == (said, [8.0]), long
    assert short == (said, [4.0]), short


def test_the_default_keeps_the_8_s_window_where_4_s_refuses_a_real_word(german, monkeypatch):
    """Speaker 02's "fünf" of trial 2: in 4 s Whisper writes "Thun," and the constrained
    search in that encoding refuses it; the 8 s window hears "fünf". Held out, the 4 s
    window refused 10 of 240 real German commands the 8 s window understood all but one of
    (docs/BENCHMARKS.md, "A shorter window"), so the default keeps 8 s."""
    assert german.short_window is None
    assert german.window_for(16000) == 8.0
    # in 4 s it is refused on one machine and heard on another (2026-12-07: the float32
    # rounding of the log-mel differs by 1e-7): the held-out figures are the reason, this
    # word only shows the 8 s window hears it
    assert _decode(german, "de-hd02t2-5.flac", monkeypatch, 4.0)[1] == [4.0]
    assert _decode(german, "de-hd02t2-5.flac", monkeypatch, None) == ("fünf", [8.0])


def test_an_utterance_longer_than_the_bound_keeps_the_long_window(german, monkeypatch):
    monkeypatch.setattr(german, "short_window", 4.0)
    bound = int(SHORT_WINDOW_MAX_S * 16000)
    assert german.window_for(bound) == 4.0
    assert german.window_for(bound + 1) == 8.0
    monkeypatch.setattr(german, "short_window", None)
    assert german.window_for(bound) == 8.0
    # a real phrase of several words, longer than the bound: the 8 s window
    audio, rate = read_audio(DATA / "de-pico-sabotage-spieler-erste-gitarre-blechblaeser.flac")
    assert len(audio) / rate > SHORT_WINDOW_MAX_S
    assert _decode(german, "de-pico-sabotage-spieler-erste-gitarre-blechblaeser.flac", monkeypatch, 4.0)[1] == [8.0]
