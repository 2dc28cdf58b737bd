"""The TOML-to-Fluent converter (scripts/toml_to_ftl.py) keeps every message's wording."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("toml_to_ftl", ROOT / "scripts" / "toml_to_ftl.py")
assert spec is not None and spec.loader is not None
conv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conv)

TOML = '''\
# Sample messages (German).
[game]
plain = "Hallo {player}."
braces = 'So: {{"a": 1}} für {path}'
spaces = " vorne und hinten "
star = "*Stern [eckig] .Punkt"
cards = { zero = "keine Karten", one = "eine Karte", other = "{count} Karten" }
by = { one = "ein Punkt", other = "{points} Punkte", _by = "points" }

[game.nested]
table = { brief = "kurz", verbose = "lang" }
"," = "Komma"
'''


def test_conversion_renders_every_message_as_before(tmp_path):
    src = tmp_path / "de" / "game.toml"
    src.parent.mkdir()
    src.write_text(TOML, encoding="utf-8")
    text, values = conv.convert(TOML)
    assert "game-cards =" in text and "[0] keine Karten" in text and "*[other] { $count } Karten" in text
    assert "### Sample messages" in text and "## game.nested" in text
    assert set(values) >= {"game.nested.table.brief", "game.nested.,"}
    assert conv.check("de", src, text, tmp_path / "work") == []


def test_overrides_replace_messages_and_add_new_ones():
    text, _ = conv.convert(TOML)
    out = conv.apply_overrides(text, "game-plain = Servus { $player }.\n-word = Wort\n")
    assert "game-plain = Servus { $player }." in out and "-word = Wort" in out
    assert out.count("game-plain =") == 1


def test_the_check_finds_a_changed_message(tmp_path):
    src = tmp_path / "de" / "game.toml"
    src.parent.mkdir()
    src.write_text(TOML, encoding="utf-8")
    text, _ = conv.convert(TOML)
    problems = conv.check("de", src, text.replace("Hallo", "Hello"), tmp_path / "work")
    assert problems and "game-plain" in problems[0]
