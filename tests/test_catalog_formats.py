"""The catalog reads Fluent (.ftl) files beside TOML ones into one catalog, renders Fluent
messages without invisible marks, and refuses broken or doubly defined messages."""
from pathlib import Path

import pytest

from voice_game.core.errors import ContentError
from voice_game.narration.catalog import fluent_id, read_catalog

FTL = """\
list-and = und
-strings = Streicher
game-cards = { $count ->
    [0] keine Karten
    [one] eine Karte
   *[other] { $count } Karten
  } für { $player }
game-turn = { $players } { COUNT($players) ->
    [one] ist
   *[other] sind
  } dran.
game-with = mit { -strings }
game-ref = { game-cards }, { $extra }
keys-name-_2c = Komma
"""

TOML = """\
[menu]
title = "Hauptmenü {version}"
left = { zero = "nichts", one = "eins", other = "{count} Stück" }
"""


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_ftl_and_toml_files_make_one_catalog(tmp_path):
    folder = write(write(tmp_path / "de", "game.ftl", FTL), "menu.toml", TOML)
    c = read_catalog("de", [folder])
    assert c.get("menu.title", version=3) == "Hauptmenü 3"
    assert [c.get("menu.left", count=n) for n in (0, 1, 5)] == ["nichts", "eins", "5 Stück"]
    assert [c.get("game.cards", count=n, player="Anna") for n in (0, 1, 2, 5)] == [
        "keine Karten für Anna", "eine Karte für Anna", "2 Karten für Anna", "5 Karten für Anna"]
    assert c.has("game.cards") and c.has("menu.left") and not c.has("game.nothing")
    assert c.fields("game.cards") == {"count", "player"} and c.fields("menu.title") == {"version"}
    # a referenced message's parameters are the referring message's too
    assert c.fields("game.ref") == {"count", "player", "extra"}
    assert c.get("game.ref", count=1, player="Ben", extra="ok") == "eine Karte für Ben, ok"
    assert c.get("game.with") == "mit Streicher"
    assert c.get("keys.name.,") == "Komma"


def test_fluent_output_has_no_invisible_marks_and_plain_numbers(tmp_path):
    c = read_catalog("de", [write(tmp_path / "de", "game.ftl", FTL)])
    text = c.get("game.cards", count=12345, player="Anna")
    assert text == "12345 Karten für Anna"
    assert not any(ch in text for ch in "\u2068\u2069\u200e\u200f")
    assert c.get("game.cards", count=-2, player="A") == "-2 Karten für A"


def test_lists_join_with_the_language_word_and_agree_in_number(tmp_path):
    c = read_catalog("de", [write(tmp_path / "de", "game.ftl", FTL)])
    assert c.get("game.turn", players=["Amadeus"]) == "Amadeus ist dran."
    assert c.get("game.turn", players=["Amadeus", "Clara"]) == "Amadeus und Clara sind dran."
    assert c.get("game.turn", players=("A", "B", "C")) == "A, B und C sind dran."
    # a caller that joins the names itself passes one string: one name
    assert c.get("game.turn", players="Amadeus") == "Amadeus ist dran."


def test_missing_parameters_and_messages_never_silence_the_game(tmp_path):
    c = read_catalog("de", [write(tmp_path / "de", "game.ftl", FTL)])
    assert c.get("game.cards") == "keine Karten für "  # missing selector counts as 0
    assert c.get("game.no_such_message") == "no such message"


def test_a_key_in_both_formats_is_an_error(tmp_path):
    folder = write(write(tmp_path / "de", "a.ftl", "menu-title = Titel\n"), "menu.toml", TOML)
    with pytest.raises(ContentError) as exc:
        read_catalog("de", [folder])
    assert "twice" in str(exc.value)


def test_a_key_in_two_ftl_files_is_an_error(tmp_path):
    folder = write(write(tmp_path / "de", "a.ftl", "x-y = 1\n"), "b.ftl", "x-y = 2\n")
    with pytest.raises(ContentError):
        read_catalog("de", [folder])
    # also across folders (a game's own locale files)
    other = write(tmp_path / "game" / "de", "c.ftl", "x-y = 3\n")
    with pytest.raises(ContentError):
        read_catalog("de", [write(tmp_path / "x" / "de", "a.ftl", "x-y = 1\n"), other])


def test_a_syntax_error_names_file_and_line(tmp_path):
    folder = write(tmp_path / "de", "a.ftl", "good = ja\n\nbad = { $x\n")
    with pytest.raises(ContentError) as exc:
        read_catalog("de", [folder])
    assert exc.value.source.endswith("a.ftl") and exc.value.where == "line 3"


def test_fluent_ids_of_dotted_keys():
    assert fluent_id("concerto.turn") == "concerto-turn"
    assert fluent_id("pattern.up-down.name") == "pattern-up-down-name"
    assert fluent_id("keys.name.,") == "keys-name-_2c"
    assert fluent_id("sound.event.turn.1") == "sound-event-turn-1"
    assert fluent_id("keys.name.-") == "keys-name-_2d"
    assert fluent_id("keys.name..") == "keys-name-_2e"
