"""Every entry of every menu the start menu can show is chosen by saying its label as the
player hears it ("Beenden", "2 Bots", "Sprache: Deutsch"), in both languages: the label
typed as a line chooses that very entry, as its number does, and never another one or
"not understood"; a value entry's label that names its value ("Stimme: Standard") sets
that value (it stays as read). The menus are found by walking the real menu with typed lines, from
the main menu through every entry that opens another one."""
import socket

import pytest

from voice_game.commands.grammar import load_grammar
from voice_game.menu import Menu, MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress
from tests.support.lines import Said


class Watched(MenuApp):
    """The real menu; it notes each menu it shows and each entry chosen in it."""

    def __init__(self, *args, **kwargs):
        self.said = Said()
        self.shown: list[Menu] = []
        self.chosen: list[tuple[str, int]] = []
        super().__init__(*args, **kwargs)

    def run_menu(self, menu):
        self.shown.append(menu)
        return super().run_menu(menu)

    def choose(self, menu, index):
        self.chosen.append((menu.title, index))
        return super().choose(menu, index)


@pytest.fixture(autouse=True)
def _no_server_here(monkeypatch):
    """"Open a table" finds no server (a port nobody listens on) and asks, unanswered."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("VOICE_GAME_SERVER", f"nats://127.0.0.1:{port}")


def session(lang: str, lines: list[str], tmp_path) -> Watched:
    """The start menu with ``lines`` typed one by one, run until they end."""
    progress = Progress(tmp_path / "progress.json")
    progress.set_flag("tutorial_offered")
    said = Said()
    app = Watched(lang, said, iter(lines), progress=progress)
    app.said = said
    app.saves = tmp_path / "saves"
    app.run()
    return app


def unfinished_save(lang: str, tmp_path) -> None:
    """A game of Tierorchester begun and left, so that the resume menu lists it."""
    g = load_grammar(lang)
    quit_game, yes = g.render({"intent": "quit"}), g.render({"intent": "yes"})
    session(lang, ["1", "1", g.render({"intent": "draw"}), quit_game, yes], tmp_path)
    assert list((tmp_path / "saves").glob("*.json")), "no unfinished game to resume"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_menu_entry_is_chosen_by_its_label(lang, tmp_path):
    unfinished_save(lang, tmp_path)
    not_understood = {load_catalog(lang).get(key, count=n) for key in ("menu.not_understood", "menu.not_here")
                      for n in range(1, 20)}
    paths: list[list[str]] = [[]]  # the numbers typed to reach a menu from the main menu
    seen: set[str] = set()
    faults = []
    while paths:
        path = paths.pop(0)
        app = session(lang, path, tmp_path)
        assert len(app.shown) == len(path) + 1, path
        menu = app.shown[-1]
        if menu.title in seen:
            continue
        seen.add(menu.title)
        ids = [it.id for it in menu.items]
        assert len(set(ids)) == len(ids), (menu.title, ids)  # one name, one entry
        for i, item in enumerate(menu.items):
            label = item.label()
            by_number = session(lang, path + [str(i + 1)], tmp_path)
            by_label = session(lang, path + [label], tmp_path)
            want = by_number.chosen[:len(path) + 1]
            assert want[-1] == (menu.title, i)
            heard = by_label.said.lines
            sets = by_label.chosen[:len(path) + 1] == want[:-1] and label in heard  # said back as set
            if (by_label.chosen[:len(path) + 1] != want and not sets) or not_understood & set(heard):
                faults.append((menu.title, label))
            if len(by_number.shown) == len(path) + 2:  # the entry opens another menu
                paths.append(path + [str(i + 1)])
    assert faults == []
    # every menu the start menu can show: main, each game's set-up, tutorials, settings and
    # its narration by kind, resume, online
    assert {"menu.title_main", "orchestra.title", "concerto.title", "menu.tutorials",
            "menu.settings", "menu.verbosity", "menu.resume", "online.menu.title"} <= seen


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_menu_word_means_two_things(lang, tmp_path):
    """Each phrase the menu listens for says one command: "go" is the menu's "next" (as in
    a tutorial), not also "ready", which the menu has no use for."""
    app = MenuApp(lang, Said(), iter(()))
    twofold = {words: cmds for words, cmds in app.commands.items() if len(cmds) > 1}
    assert twofold == {}
    go, second = {"de": ("weiter", "Concerto spielen, 2 von 8"), "en": ("go", "Play Concerto, 2 of 8")}[lang]
    said = session(lang, [go], tmp_path).said.lines
    assert second in said


def test_go_is_next_in_a_tutorial_as_in_the_menu(tmp_path, monkeypatch):
    """"go" moves a tutorial on as "next" does (the same word, the same meaning there)."""
    from voice_game.tutorial.command import run as run_tutorial

    heard = {}
    for word in ("next", "go"):
        monkeypatch.setenv("VOICE_GAME_DATA_DIR", str(tmp_path / word))  # each from the start
        out = Said()
        run_tutorial("orchestra", "en", out, iter([word, word]))
        heard[word] = out.lines
    assert heard["go"] == heard["next"]
    assert any(line.startswith("Lesson 2 of") for line in heard["go"])


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_menu_catalog_names_no_game(lang):
    """The menu's words name no game: its entries take each game's name from the game's
    own catalog ("<game>.title"), so a new game needs no line in menu.ftl."""
    from pathlib import Path

    from voice_game.games import available
    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    text = (Path(__file__).resolve().parents[1] / "locales" / lang / "menu.ftl").read_text(encoding="utf-8").lower()
    names = {g for g in available()} | {c.get(f"{g}.title").lower() for g in available()}
    assert [n for n in names if n.lower() in text] == []
    menu = MenuApp(lang, Said(), iter(()))
    labels = [it.label() for it in menu.main_menu().items]
    assert all(any(c.get(f"{g}.title") in label for label in labels) for g in available())
