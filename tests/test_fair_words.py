"""Concerto's words as a listener needs them (issue 25), in both languages: brief narration
names whose move it is and says a verb after a name, never "Amadeus: wählt"; a score is
"hat jetzt 5"; "Deine Sonderkarte" with the dealt hand in solo; the hand counts
instruments and the special card apart; equal cards counted as words, the single ones
first; composers in the language's spelling; the rules' example names a Concerto
instrument; the table's short form comes first and "mehr" says the whole one."""
from __future__ import annotations

import io
import re

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

LANGS = ["de", "en"]


def said(lang: str, detail: str, seed: int = 1) -> list[str]:
    """Every line of a seeded game of three bots, as the session says it."""
    kit = get_kit("concerto")
    seats = [Seat("Amadeus", "bot"), Seat("Ben", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()), seed=seed,
                verbose=detail)
    s.start(kit.rules.opening_events(state))
    s.run()
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_brief_names_every_mover_and_never_a_colon_before_a_verb(lang):
    c = load_catalog(lang)
    lines = said(lang, "brief") + said(lang, "brief", 3)
    names = ("Amadeus", "Ben", "Clara")
    verbs = {"de": r"(wählt|setzt|nimmt|legt|tauscht|dirigiert|spielt|probt|gibt)",
             "en": r"(chooses|places|takes|discards|replaces|conducts|plays|rehearses|gives)"}[lang]
    pats = "|".join(c.get(f"pattern.{p}.name") for p in ("up-down", "left-right", "circle", "stab", "cross", "swoosh"))
    placed = [x for x in lines if re.search(rf" (mit|with) ({pats})[.,]", x) and len(x.split()) <= 8 and ". " not in x]
    assert placed and all(x.startswith(names) for x in placed), placed[:5]  # "Clara: Sonstige mit Links rechts."
    assert not [x for x in lines if re.match(r"^\w+: " + verbs + r"\b", x)]
    now = {"de": "hat jetzt", "en": "now has"}[lang]
    scored = [x for x in lines if re.search(r"\b(jetzt|now|has) \d", x) and x.startswith(names)]
    assert scored and all(now in x.lower() for x in scored), scored[:3]
    assert not [x for x in lines if re.search(r"\b(ohne|without) \w+\.$", x) and x.startswith(names)]


def _session(lang: str, lines: list[str]) -> tuple[Session, str]:
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 1, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(lines), seed=1)
    s.start(kit.rules.opening_events(state))
    s.run()
    return s, buf.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_opening_names_your_special_card_and_the_table_comes_short_first(lang):
    c, g = load_catalog(lang), load_grammar(lang)
    s, out = _session(lang, [g.render({"intent": "table"}), g.render({"intent": "more"})])
    mine = s.state.specials[0] if hasattr(s.state, "specials") else None
    special = c.get("concerto.received_special", card="§").split("§")[0]
    opening = out.split(c.get("concerto.choose_start_you").split(".")[0])[0]
    assert special in opening  # "Deine Sonderkarte: Vorspiel." with the hand, as in hot-seat
    assert mine is None or all(c.get(f"special.{x}.name") in opening for x in mine)
    more = c.get("table.more", more=g.render({"intent": "more"}))
    short, rest = out.split(more)
    short = short.split(opening, 1)[-1]
    assert c.get("concerto.table_market_short", instruments="§").split("§")[0] in short
    whole_table = " ".join(m.text for m in s.narrator.table(s.listener_view()))
    assert len(short.split()) < len(whole_table.split()) / 2
    assert whole_table.split(".")[0] not in rest  # "mehr": the rest, never the short form again
    hand = {"de": r"Auf der Hand: alle \d Instrumente und eine Sonderkarte", "en": r"In hand: all \d instruments and one special card"}
    assert re.search(hand[lang], rest)


@pytest.mark.parametrize("lang", LANGS)
def test_counted_cards_composers_and_the_rules_example(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    twice = n.counted(["brass", "percussion", "brass"])
    assert twice == n.join([n.ins("percussion"), c.get("concerto.times", count=2, instrument=n.ins("brass"))])
    assert {"de": "zweimal", "en": "2 brass cards"}[lang] in twice
    tschaikowski = {"de": "Pjotr Iljitsch Tschaikowski", "en": "Pyotr Ilyich Tchaikovsky"}[lang]
    assert n.composer("Pyotr Ilyich Tchaikovsky") == tschaikowski
    example = re.search(r"(?:Beispiel|example): ([^,]+),", c.get("concerto.rules")).group(1)
    names = {c.get(f"instrument.{x}.name").lower() for x in load_content().instruments}
    assert example.lower() in names
    assert "seat" not in c.get("concerto.placed_setup_you", instrument="guitar", position=1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pieces_status_says_what_each_still_needs_from_you(lang):
    from voice_game.games.concerto.review import rows

    c = load_catalog(lang)
    kit = get_kit("concerto")
    from voice_game.core.rules import CHANCE

    state = kit.new_game(["Anna", "Ben"], [], 2, None)
    while kit.rules.current_player(state) == CHANCE:  # the pieces revealed
        state, _ = kit.resolve_chance(state)
    v = kit.view(state, 0)
    assert all(v["open_pieces"].values())
    have = {"strings", "piano"}
    v["players"][0]["orchestra"] = [{"instrument": x} for x in sorted(have)]
    row = next(r for r in rows(ConcertoNarrator(c, {0}, "default"), v) if r.id == "pieces")
    content = load_content()
    for lv, pid in v["open_pieces"].items():
        if pid is None:
            continue
        missing = [x for x in content.pieces[pid].instruments if x not in have]
        ref = c.get("concerto.review.piece_ref", level=c.get(f"level.{lv}.ref"), count=content.pieces[pid].points)
        said = row.short.lower()  # a sentence: "Green 2 ..." in English
        assert said.count(ref.lower()) == 1  # each piece named once, pieces that need the same together
        if len(missing) > 2:
            assert str(len(missing)) in said.split(ref.lower(), 1)[1]
        elif missing:
            assert all(c.get(f"instrument.{x}.name") in row.short for x in missing)
    assert len(row.short.split()) < len(" ".join(row.items).split())  # the cursor keeps every instrument


@pytest.mark.parametrize("lang", LANGS)
def test_the_pattern_placeholder_reads_as_a_noun_wherever_a_pattern_stood(lang):
    """What the history keeps of a pattern said once is a noun that fits every place a
    pattern's name stands ("Streicher: Schlagmuster.", "strings hidden pattern"); English
    "its pattern" fitted only after "with" ("Strings its pattern.")."""
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    cross = c.get("pattern.cross.name")
    strings = n.ins("strings")
    short = n.masked(c.get("concerto.pattern_short", instrument=strings, pattern=cross))
    pair = n.masked(c.get("concerto.beat_pair", instrument=strings, pattern=cross))
    placed = n.masked(c.get("concerto.pair", instrument=strings, pattern=cross))
    assert (short, pair, placed) == {"de": ("Streicher: Schlagmuster.", "Streicher Schlagmuster",
                                            "Streicher mit Schlagmuster"),
                                     "en": ("strings: hidden pattern.", "strings hidden pattern",
                                            "strings with hidden pattern")}[lang]
