"""Print the Markdown table of every command a player can say, from grammars/.

Run: uv run python scripts/command_table.py  (the README's command list is made by it)
"""
from voice_game.commands.grammar import load_grammar


def main() -> None:
    de, en = load_grammar("de"), load_grammar("en")
    print("| intent | game | Deutsch | English |")
    print("|---|---|---|---|")
    for name, it in de.intents.items():
        games = ", ".join(it.get("games", ["all"]))
        d = " / ".join(f"`{p}`" for p in it["phrases"])
        e = " / ".join(f"`{p}`" for p in en.intents[name]["phrases"])
        print(f"| {name} | {games} | {d} | {e} |")


if __name__ == "__main__":
    main()
