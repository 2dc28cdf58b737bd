"""The README is the front door: the two quick-start commands at the top, and a command
list (docs/COMMANDS.md) that is generated from the grammars and complete."""
import importlib.util
from pathlib import Path

from voice_game.commands.grammar import load_grammar

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")


def _command_table():
    spec = importlib.util.spec_from_file_location("command_table", ROOT / "scripts" / "command_table.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_quick_start_commands_come_first():
    quick = README.index("## Quick start")
    assert quick < README.index("## Playing")
    block = README[quick:README.index("## Playing")]
    assert "uv run --no-dev voice-game play orchestra" in block  # a player's install: no test tools
    assert "uv run pytest" in block


def test_the_player_install_is_measured_in_the_readme():
    """The size the quick start states is within what tests/test_install.py allows."""
    import re

    from tests.test_install import MAX_INSTALL_MB

    block = README[README.index("## Quick start"):README.index("## Playing")]
    sizes = [int(n) for n in re.findall(r"(\d+) MiB in a fresh environment", block)]
    assert sizes and sizes[0] <= MAX_INSTALL_MB, sizes


def test_readme_is_a_door_not_a_manual():
    assert len(README.splitlines()) <= 400
    for doc in ("docs/COMMANDS.md", "docs/ONLINE_PLAY.md", "docs/BENCHMARKS.md"):
        assert f"({doc}" in README, doc
        assert (ROOT / doc).is_file(), doc


def test_generated_command_table_is_what_the_grammars_say():
    """Regenerate with: uv run python scripts/command_table.py --write"""
    ct = _command_table()
    assert ct.generated_block(COMMANDS) == ct.table()


def test_every_phrase_of_both_grammars_is_listed():
    missing = []
    for lang in ("de", "en"):
        g = load_grammar(lang)
        for name, intent in g.intents.items():
            for phrase in intent["phrases"]:
                if f"`{phrase}`" not in COMMANDS:
                    missing.append((lang, name, phrase))
            for words in (w for values in g.slots.values() for ws in values.values() for w in ws):
                if f"`{words}`" not in COMMANDS:
                    missing.append((lang, "slot", words))
    assert missing == []


def test_relative_links_in_the_docs_point_to_files():
    import re
    broken = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if not (doc.parent / target).exists():
                broken.append((doc.name, target))
    assert broken == []
