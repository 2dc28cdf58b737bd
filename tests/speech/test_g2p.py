"""German pronunciations from espeak-ng mapped onto the CMU phone set."""
import json
import shutil

import pytest

from voice_game.speech.g2p import CMU_PHONES, G2P, ipa_to_cmu

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

WORDS = ["eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "ziehen", "dirigent", "nehmen", "beenden", "hilfe", "wiederholen", "tisch", "punkte", "ja", "nein", "tuba", "kreis", "stich", "kreuz", "schwung", "blechbläser", "streicher", "holzbläser", "klavier", "gesang", "chor", "gitarre", "schlagwerk"]


def test_all_test_words_get_cmu_phones(tmp_path):
    g = G2P("de", cache_dir=tmp_path)
    prons = g.lookup_many(WORDS)
    assert g.uncovered == {}
    assert set(prons) == set(WORDS)
    for w, ph in prons.items():
        assert ph and all(p in CMU_PHONES for p in ph), (w, ph)
    # a few pronunciations a German speaker would recognise
    assert prons["zwei"] == ["T", "S", "V", "AY"]
    assert prons["drei"] == ["D", "R", "AY"]
    assert prons["tisch"] == ["T", "IH", "SH"]
    assert prons["nein"] == ["N", "AY", "N"]


def test_disk_cache_is_written_and_reused(tmp_path, monkeypatch):
    g = G2P("de", cache_dir=tmp_path)
    g.lookup_many(["kreuz", "tuba"])
    data = json.loads(g.cache_file.read_text(encoding="utf-8"))
    assert data["kreuz"] == ["K", "R", "OY", "T", "S"]
    # a fresh instance answers from the disk cache without running espeak-ng
    g2 = G2P("de", cache_dir=tmp_path)
    monkeypatch.setattr(g2, "ipa", lambda w: pytest.fail(f"espeak-ng called for {w}"))
    assert g2.phones("kreuz") == ["K", "R", "OY", "T", "S"]


def test_env_overrides_cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path / "c"))
    g = G2P("de")
    g.lookup_many(["chor"])
    assert g.cache_file.parent == tmp_path / "c" and g.cache_file.exists()


def test_uncovered_symbols_are_reported():
    phones, bad = ipa_to_cmu("tˈaʘ")  # a click the mapping has no phone for
    assert phones == ["T", "AA"] and bad == ["ʘ"]
    g = G2P("de")
    g.ipa = lambda w: "ʘʘ"  # espeak never writes this; stands in for an unmappable word
    assert g.phones("klick") is None
    assert g.uncovered["klick"] == ["ʘ", "ʘ"]
