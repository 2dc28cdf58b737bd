"""Print the Markdown tables of every command a player can say, from grammars/.

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
    print()
    print("Slot values (`{slot}` in a phrase):")
    print()
    print("| slot | value | Deutsch | English |")
    print("|---|---|---|---|")
    for slot, values in de.slots.items():
        for value, words in values.items():
            d = " / ".join(f"`{w}`" for w in words)
            e = " / ".join(f"`{w}`" for w in en.slots[slot][value])
            print(f"| {slot} | {value} | {d} | {e} |")
    numbers = ", ".join(f"{n}: `{de.numbers[n][0]}`/`{en.numbers[n][0]}`" for n in sorted(de.numbers))
    print(f"| number slots ({', '.join(de.number_slots)}) | digits or words | {numbers} | |")


if __name__ == "__main__":
    main()
