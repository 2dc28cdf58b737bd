"""A yes/no question of the start menu never holds a player who wants out (found trying
the first start by hand: "beenden" was answered "Bitte antworte mit ja oder nein." for
ever). "zurück" / "back" is a no, "beenden" / "exit" leaves with a goodbye, anything else
asks again; both languages, through the real menu."""
from __future__ import annotations

import pytest

from tests.support.lines import Lines, Said
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress

WORDS = {"de": {"back": "zurück", "exit": "beenden", "other": "einstellungen"},
         "en": {"back": "back", "exit": "exit", "other": "settings"}}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("said", ["back", "exit", "other"])
def test_the_first_start_question_lets_the_player_out(lang, said, tmp_path):
    c = load_catalog(lang)
    w = WORDS[lang]
    out = Said()
    menu = MenuApp(lang, out, Lines([w[said], w["exit"], w["exit"]]), progress=Progress(tmp_path / "p.json"))
    menu.saves = tmp_path / "saves"
    assert menu.run() == 0
    lines = out.lines
    assert lines[0].startswith(c.get("menu.first_run", game=c.get("orchestra.title")).split("?")[0])
    assert lines[-1] == c.get("app.goodbye")
    main = c.get("menu.title_main")
    if said == "back":  # a no: the main menu, then "exit" leaves it
        assert any(x.startswith(main) for x in lines) and c.get("input.waiting_for_yes_no") not in lines
    elif said == "exit":  # out at once
        assert lines == [lines[0], c.get("app.goodbye")]
    else:  # no answer: asked once more, then "exit" leaves
        assert lines[1] == c.get("input.waiting_for_yes_no") and len(lines) == 3


@pytest.mark.parametrize("lang", ["de", "en"])
def test_back_in_the_main_menu_asks_before_the_program_ends(lang, tmp_path):
    """"zurück" in the main menu has nowhere further back: a misheard word must not end the
    program. Leaving is asked; "nein" stays in the menu, "ja" leaves."""
    c = load_catalog(lang)
    back, no, yes = {"de": ("zurück", "nein", "ja"), "en": ("back", "no", "yes")}[lang]
    out = Said()
    progress = Progress(tmp_path / "p.json")
    progress.set_flag("tutorial_offered")
    menu = MenuApp(lang, out, Lines([back, no, back, yes, WORDS[lang]["exit"]]), progress=progress)
    menu.saves = tmp_path / "saves"
    assert menu.run() == 0
    lines = out.lines
    ask = c.get("menu.leave_confirm")
    first, second = (i for i, x in enumerate(lines) if x == ask)
    assert lines[first + 1].startswith(c.get("menu.title_main"))  # "no": the menu again
    assert lines[second + 1:] == [c.get("app.goodbye")]  # "yes": gone, the last word unread
