"""Whisper's free decode does not run a repetition loop to its token budget
(tests/data/speech: a real German speaker).

Prompted with the number words, Whisper base writes a lone German digit now and then as
"Eins, eins, eins, eins, ..." up to the budget, which tripled the decode's cost; where no
allowed phrase repeats a word, the free decode may not write a run of tokens twice.
"""
import pytest

from tests.support.whisper import DATA, PLACE_PHRASES, german_recognizer, needs_base
from voice_game.speech.recognize import read_audio
from voice_game.speech.phrase_table import _PhraseTable
from voice_game.speech.whisper_settings import NO_REPEAT

pytestmark = needs_base
PHRASES = PLACE_PHRASES


@pytest.fixture(scope="module")
def german():
    return german_recognizer(PHRASES)


def _said(rec, phrases):
    return [raw for raw, _ in _PhraseTable.build(phrases, [], rec.fillers).said]


@pytest.mark.parametrize("digit, word", [("1", "eins"), ("4", "vier")])
def test_a_digit_that_loops_on_the_old_decode_ends_within_a_few_tokens(german, digit, word, monkeypatch):
    """The old decode wrote "Eins, eins, eins, eins, eins," (and "vier, ...") to the budget
    for these clips; every hypothesis now ends within 7 tokens and the digit is heard."""
    model = german.m
    written: list[list[tuple[str, float]]] = []
    real = model.free_decode

    def spy(*args, **kw):
        out = real(*args, **kw)
        written.append(out[0])
        return out

    monkeypatch.setattr(model, "free_decode", spy)
    audio, rate = read_audio(DATA / f"de-hd02-{digit}.flac")
    h = german.decode(audio, rate)
    assert h.text == word
    assert german._table.max_tokens == 18
    assert written and all(len(model.tok.encode(t)) <= 7 for t, _ in written[0]), written
    assert german._table.no_repeat == NO_REPEAT


def test_phrases_that_repeat_a_word_or_a_run_of_tokens_keep_the_decode_free(german):
    model = german.m
    assert model.no_repeat_for(_said(german, PHRASES)) == NO_REPEAT
    # two brass cards discarded: the transcript repeats the word
    assert model.no_repeat_for(_said(german, PHRASES + ["blechbläser blechbläser ablegen"])) == 0
    # "Blechbläser Chor Holzbläser" repeats the tokens of "bläser" and a space
    assert model.no_repeat_for(_said(german, PHRASES + ["blechbläser chor holzbläser ablegen"])) == 0
