"""Issue 25, the menu by ear: a number before a value is set off ("3: 2 Bots", never "drei
zwei Bots"), and back in the main menu from a submenu its entries are read again."""
import pytest

from voice_game.app import App
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress
from tests.support.lines import Said


@pytest.mark.parametrize("lang,words", [("de", ["nein", "einstellungen", "zurück", "beenden"]),
                                        ("en", ["no", "settings", "back", "exit"])])
def test_back_in_the_main_menu_reads_its_entries_again(lang, words, tmp_path):
    c = load_catalog(lang)
    out = Said()
    menu = MenuApp(lang, out, iter(words), progress=Progress(tmp_path / "p.json"), app=App.around(lang, out))
    assert menu.run() == 0
    back = c.get("menu.back_in", title=c.get("menu.main"))
    i = out.lines.index(back)
    entries = [it.label() for it in menu.main_menu().items]
    after = out.lines[i + 1]
    assert all(label in after for label in entries), after
    assert c.get("menu.numbered", number=2, label=entries[1]) in after
    assert not after.startswith(c.get("menu.main"))  # the title is said once, in "back in"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_number_before_a_count_is_set_off(lang):
    c = load_catalog(lang)
    label = c.get("menu.bots", count=2)
    said = c.get("menu.numbered", number=3, label=label)
    assert said.startswith("3:") and said.endswith(label)


def test_the_variant_has_one_english_name_in_menu_game_and_tutorial():
    """Issue 25: the menu, the game and the tutorial all say "False Note"."""
    c = load_catalog("en")
    name = c.get("orchestra.variant_name.falsche-note")
    assert name == "False Note"
    assert name in c.get("tutorial.orchestra.variants.falsche_note")
    assert "Wrong Note" not in c.get("tutorial.orchestra.variants.falsche_note")
