"""The players' names said instead of typed: read back, kept on a yes, asked once more on a
no. The lines here stand for what the recognizer heard (InputLine with source "voice"); that
the recognizer hears a free name at all is not tested here."""
import pytest

from voice_game.core.input import InputLine
from voice_game.menu import MenuApp
from voice_game.tutorial.progress import Progress
from tests.test_menu_names import Said

WORDS = {"de": ("Tierorchester", "menschen 2", "namen", "Anna und Ben.", "Carla und Dirk", "nein", "ja",
                "Anna, Ben? Ja oder nein.", "Carla, Dirk? Ja oder nein.", "Sag die Namen noch einmal.",
                "Namen: Carla, Dirk"),
         "en": ("Animal Orchestra", "humans 2", "names", "Anna and Ben.", "Carla and Dirk", "no", "yes",
                "Anna, Ben? Yes or no.", "Carla, Dirk? Yes or no.", "Say the names again.",
                "Names: Carla, Dirk")}


def voice(text: str) -> InputLine:
    return InputLine(text, 0.9, "voice")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_spoken_names_are_read_back_and_confirmed(lang, tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    game, humans, names, first, second, no, yes, ask1, ask2, again, kept = WORDS[lang]
    progress = Progress(tmp_path / "progress.json")
    progress.set_flag("tutorial_offered")
    said = Said()
    lines = [game, humans, names, voice(first), voice(no), voice(second), voice(yes)]
    app = MenuApp(lang, said, iter(lines), progress=progress)
    app.saves = tmp_path / "saves"
    app.run()
    out = said.lines
    assert ask1 in out and again in out and ask2 in out
    assert out.index(ask1) < out.index(again) < out.index(ask2) < out.index(kept)
    assert app.setup["orchestra"]["names"] == ["Carla", "Dirk"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_typed_names_are_taken_without_a_question(lang, tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    game, humans, names, *_ = WORDS[lang]
    progress = Progress(tmp_path / "progress.json")
    progress.set_flag("tutorial_offered")
    said = Said()
    app = MenuApp(lang, said, iter([game, humans, names, "Anna, Ben"]), progress=progress)
    app.saves = tmp_path / "saves"
    app.run()
    assert not any(line.startswith("Anna, Ben?") for line in said.lines)
    assert app.setup["orchestra"]["names"] == ["Anna", "Ben"]
