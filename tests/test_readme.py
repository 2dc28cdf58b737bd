"""The README is the front door: it must list every command the grammar understands
and the two quick-start commands."""
from pathlib import Path

from voice_game.commands.grammar import load_grammar

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_quick_start_commands():
    assert "uv run voice-game play orchestra" in README
    assert "uv run pytest" in README


def test_every_phrase_of_both_grammars_is_listed():
    missing = []
    for lang in ("de", "en"):
        g = load_grammar(lang)
        for name, intent in g.intents.items():
            for phrase in intent["phrases"]:
                if f"`{phrase}`" not in README:
                    missing.append((lang, name, phrase))
            for words in (w for values in g.slots.values() for ws in values.values() for w in ws):
                if f"`{words}`" not in README:
                    missing.append((lang, "slot", words))
    assert missing == []
