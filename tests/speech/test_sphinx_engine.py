"""Real espeak-ng speech into the real PocketSphinx decoder."""
import shutil

import numpy as np
import pytest

from voice_game.speech.hypothesis import Recognizer
from tests.support.synth import synthesize

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

EN = ["draw", "take conductor two", "take conductor one", "conductor three", "pass", "help",
      "repeat", "yes", "no", "brass circle", "strings cross", "quit", "score"]
DE = ["ziehen", "dirigent zwei nehmen", "dirigent eins nehmen", "drei", "beenden", "tuba kreis",
      "hilfe", "ja", "nein", "punkte"]


@pytest.fixture(scope="module")
def en():
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    return SphinxRecognizer("en", EN)


@pytest.fixture(scope="module")
def de(tmp_path_factory):
    from voice_game.speech.g2p import G2P
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    return SphinxRecognizer("de", DE, g2p=G2P("de", cache_dir=tmp_path_factory.mktemp("g2p")))


def test_is_a_recognizer(en):
    assert isinstance(en, Recognizer)
    assert en.sample_rate == 16000 and en.missing_words == []


@pytest.mark.parametrize("text,voice,speed", [
    ("draw", "en-us", 175), ("take conductor two", "en-us", 175), ("conductor three", "en-gb", 140),
    ("pass", "en-us", 175), ("help", "en-us", 175), ("repeat", "en-gb", 140), ("yes", "en-us", 175),
    ("no", "en-gb", 140), ("brass circle", "en-us", 175), ("take conductor one", "en+m3", 210),
])
def test_english_commands(en, text, voice, speed):
    hyp = en.decode(synthesize(text, voice, speed, floor_db=45))
    assert hyp.text == text, (hyp, en.last_gap)
    assert hyp.confidence >= en.reject_threshold and hyp.engine == "pocketsphinx"
    assert [w for w, _ in hyp.words] == text.split()


@pytest.mark.parametrize("text,voice,speed", [
    ("ziehen", "de+f2", 140), ("dirigent zwei nehmen", "de", 175), ("drei", "de+f2", 140),
    ("beenden", "de", 175), ("tuba kreis", "de", 175),
])
def test_german_commands_through_g2p(de, text, voice, speed):
    hyp = de.decode(synthesize(text, voice, speed, floor_db=45))
    assert hyp.text == text, (hyp, de.last_gap)


@pytest.mark.parametrize("rec,text,voice", [
    ("en", "what a lovely weather today", "en-us"),
    ("en", "I would like a cup of tea", "en-gb"),
    ("de", "Guten Morgen wie geht es dir", "de"),
    ("de", "Kartoffelsalat", "de"),
])
def test_out_of_grammar_is_rejected(request, rec, text, voice):
    r = request.getfixturevalue(rec)
    hyp = r.decode(synthesize(text, voice, 175, floor_db=45))
    assert hyp.text == "" and hyp.confidence < r.reject_threshold, hyp


def test_grammar_switching(tmp_path):
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    r = SphinxRecognizer("en", ["yes", "no"])
    draw = synthesize("draw", "en-us", 175, floor_db=45)
    assert r.decode(draw).text != "draw"
    r.set_phrases(["draw", "pass", "help"])
    assert r.decode(draw).text == "draw"
    # "yes" left the grammar: it can no longer come out
    assert r.decode(synthesize("yes", "en-us", 175, floor_db=45)).text != "yes"
    # German words in an English grammar come from the g2p fallback
    r.set_phrases(["draw", "zzyzx"])
    assert "zzyzx" not in r.missing_words and "draw" in r.phrases


def test_missing_words_leave_their_phrase_out(tmp_path):
    from voice_game.speech.g2p import G2P
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    g = G2P("de", cache_dir=tmp_path)
    real_ipa = g.ipa
    g.ipa = lambda w: "ʘ" if w == "klick" else real_ipa(w)  # unmappable stand-in
    r = SphinxRecognizer("de", ["ja", "nein", "klick mich"], g2p=g)
    assert r.missing_words == ["klick", "mich"] or r.missing_words == ["klick"]
    assert r.phrases == ["ja", "nein"]


def test_streaming_endpoints_on_silence(en):
    en.reset()
    assert en.finish() is None  # nothing fed
    audio = np.concatenate([synthesize("take conductor two", "en-us", 175, floor_db=45),
                            synthesize("", "en-us", 175, floor_db=45)[:8000]]).tobytes()
    results = []
    for i in range(0, len(audio), 1600):  # 50 ms chunks like a microphone
        h = en.accept_audio(audio[i:i + 1600])
        if h is not None:
            results.append(h)
    assert [h.text for h in results] == ["take conductor two"], results
    assert en.finish() is None


def _stream(rec, audio, block=800):
    """Feed 50 ms blocks; (hypotheses, audio seconds fed when each one came)."""
    pcm = audio.tobytes()
    out = []
    for i in range(0, len(pcm), block * 2):
        h = rec.accept_audio(pcm[i:i + block * 2])
        if h is not None:
            out.append((h, (i + block * 2) / 2 / 16000))
    return out


def test_streaming_ends_early_on_a_complete_phrase():
    """A phrase no other phrase extends ends after a short silence (counted in audio
    time, not wall time); a phrase that a longer one extends waits for more."""
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    r = SphinxRecognizer("en", ["take conductor two", "conductor two", "conductor two take", "draw"])
    a, (_, last) = synthesize("take conductor two", "en-us", 175, floor_db=45, tail_silence=1.5,
                              return_span=True)
    got = _stream(r, a)
    assert [h.text for h, _ in got] == ["take conductor two"]
    early = got[0][1] - last / 16000
    r.reset()
    b, (_, last_b) = synthesize("conductor two", "en-us", 175, floor_db=45, tail_silence=1.5,
                                return_span=True)
    got_b = _stream(r, b)
    assert [h.text for h, _ in got_b] == ["conductor two"]
    waited = got_b[0][1] - last_b / 16000
    assert early < 0.3 and waited > early, (early, waited)


def test_streaming_drops_a_click_without_a_result(en):
    en.reset()
    click = np.zeros(16000, dtype=np.int16)
    click[8000:8240] = 12000  # 15 ms click in silence
    assert _stream(en, click) == [] and en.finish() is None
