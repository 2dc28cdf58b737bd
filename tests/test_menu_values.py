"""Settings set by voice to a value by name or number ("sprechtempo 150", "ansagen normal",
"stimme pico"), not only cycled upward; a value out of range or unknown gets one sentence
naming what is allowed, and changes nothing. The lines stand for what the recognizer heard
(Whisper writes a number said as digits)."""
import pytest

from tests.test_menu import run

CASES = {
    "de": (["nein", "einstellungen", "sprechtempo 150", "sprechtempo 900", "lautstärke 40",
            "lautstärke 0", "ansagen ausführlich", "normal", "zuhören kopfhörer", "sprache englisch",
            "speech rate normal", "voice default", "narration by kind", "back", "back", "8"],
           ["Sprechtempo: 150", "Das geht nur von 80 bis 800.", "Lautstärke der Stimme: 40 Prozent",
            "Das geht nur von 10 bis 100.", "Ansagen: ausführlich", "Ansagen: normal",
            "Zuhören, während das Spiel spricht: immer, mit Kopfhörern", "Language: English",
            "Speech rate: 175", "Voice: default"]),
    "en": (["no", "settings", "speech rate 150", "speech rate 50", "volume 40", "volume 200",
            "narration verbose", "normal", "listening always", "10", "settings", "language german", "sprechtempo normal",
            "back", "8"],
           ["Speech rate: 150", "Only 80 to 800 works here.", "Voice volume: 40 percent",
            "Only 10 to 100 works here.", "Narration: verbose", "Narration: normal",
            "Listening while the game speaks: always, with echo cancelling", "Back in the main menu.",
            "Sprache: Deutsch",
            "Sprechtempo: 175"]),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_setting_takes_a_value_by_name_or_number(lang, tmp_path):
    lines, said = CASES[lang]
    p = run(["menu", "--lang", lang], lines, tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Traceback" not in out + p.stderr
    for text in said:
        assert text in out, text
    # the refused values changed nothing: the rate stayed at 150 until "normal"
    assert "Sprechtempo: 900" not in out and "Speech rate: 50" not in out
    assert "Lautstärke der Stimme: 0 Prozent" not in out and "Voice volume: 200" not in out


@pytest.mark.parametrize("lang,line,names", [("de", "sprache normal", "Hier geht: deutsch, englisch."),
                                             ("en", "language normal", "Here you can say: german, english.")])
def test_an_unknown_value_names_the_allowed_ones(lang, line, names, tmp_path):
    p = run(["menu", "--lang", lang], ["nein" if lang == "de" else "no",
                                       "einstellungen" if lang == "de" else "settings", line, "8"], tmp_path)
    assert names in p.stdout
