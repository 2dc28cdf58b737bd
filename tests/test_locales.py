"""Both languages are complete: same message keys, same fields, same grammar intents and slots."""
from voice_game.commands.grammar import load_grammar
from voice_game.narration.catalog import load_catalog


def test_message_keys_exist_in_both_languages():
    de, en = load_catalog("de").keys(), load_catalog("en").keys()
    assert sorted(de - en) == [] and sorted(en - de) == []


def test_message_fields_match_between_languages():
    de, en = load_catalog("de"), load_catalog("en")
    bad = [k for k in de.keys() & en.keys() if de.fields(k) - {"count"} != en.fields(k) - {"count"}]
    assert bad == []


def test_grammar_intents_and_slots_match():
    de, en = load_grammar("de"), load_grammar("en")
    assert set(de.intents) == set(en.intents)
    for name in de.intents:
        assert de.intents[name].get("games") == en.intents[name].get("games"), name
        assert de.intents[name].get("confirm") == en.intents[name].get("confirm"), name
    assert set(de.slots) == set(en.slots)
    for slot in de.slots:
        assert set(de.slots[slot]) == set(en.slots[slot])
    assert set(de.numbers) == set(en.numbers)
    for game in ("orchestra", "concerto"):
        cmds_de = {p.command for p in de.phrases(game)}
        cmds_en = {p.command for p in en.phrases(game)}
        assert cmds_de == cmds_en


def test_every_reason_code_has_a_message():
    import re
    from pathlib import Path

    src = Path("voice_game/games/orchestra/rules.py").read_text()
    codes = set(re.findall(r'RuleError\("(\w+)"', src))
    for lang in ("de", "en"):
        cat = load_catalog(lang)
        assert [c for c in codes if not cat.has(f"reason.{c}")] == []


def test_every_family_and_maestro_card_has_names():
    from voice_game.games.orchestra.cards import load_content

    content = load_content()
    for lang in ("de", "en"):
        cat = load_catalog(lang)
        for f in content.families:
            assert cat.has(f"orchestra.family.{f}") and cat.has(f"orchestra.count.{f}")
        for cid in content.maestro_cards:
            assert cat.has(f"orchestra.maestro.{cid}") and cat.has(f"orchestra.maestro_name.{cid}")


def test_a_moves_short_family_name_still_says_which_family():
    """A move names a family short (English "tuba" for "tuba bear"): a word of the card's
    whole name that no other family's name has, and a word the grammar understands as it."""
    from voice_game.games.orchestra.cards import load_content

    content = load_content()
    for lang in ("de", "en"):
        cat, grammar = load_catalog(lang), load_grammar(lang)
        for count in (1, 2, 5):  # one name per family, in every number
            shorts = {f: cat.get(f"orchestra.short.{f}", count=count) for f in content.families}
            assert len(set(shorts.values())) == len(shorts) and all(shorts.values()), (lang, shorts)
            for f, short in shorts.items():
                counted = cat.get(f"orchestra.short_count.{f}", count=count)
                assert counted.endswith(short) and (count == 1 or str(count) in counted), (lang, counted)
        for f in content.families:  # part of the card's name, and of no other card's
            short = cat.get(f"orchestra.short.{f}", count=1).casefold()
            assert short in cat.get(f"orchestra.family.{f}", count=1).casefold(), (lang, f, short)
            assert not [o for o in content.families
                        if o != f and short in cat.get(f"orchestra.family.{o}", count=1).casefold()], (lang, f)
        for f in content.families:
            said = cat.get(f"orchestra.short.{f}", count=1).casefold().replace("-", " ")
            assert said in [w.casefold() for w in grammar.slots["family"][f]], (lang, f, said)


def test_shipped_messages_are_fluent_files():
    """The shipped catalogs are Fluent only (the loader still reads a game's TOML files)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert sorted(str(p) for p in (root / "locales").rglob("*.toml")) == []
    assert len(list((root / "locales" / "de").glob("*.ftl"))) >= 5
