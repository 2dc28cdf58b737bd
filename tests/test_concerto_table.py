"""Concerto's table by ear (issue 25), in both languages: "tisch" says the short form, "mehr"
only the rest, and the whole table (verbose "tisch") says each fact once: the noun once
("Dein Orchester: ...", then "Ben: ..."), equal hands and piles together ("Auf der Hand:
alle 3 Instrumente und eine Sonderkarte", "Je 15 Stücke im Stapel"), points once in the
scores line. No fact a sighted player sees is dropped, and no beat pattern is said."""
from __future__ import annotations

import pytest

from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.narration.catalog import load_catalog

LANGS = ["de", "en"]


def _view(have: list[str], seed: int = 2) -> dict:
    kit = get_kit("concerto")
    state = kit.new_game(["Anna", "Ben", "Clara"], [], seed, None)
    while kit.rules.current_player(state) == CHANCE:
        state, _ = kit.resolve_chance(state)
    v = kit.view(state, 0)
    v["players"][0]["orchestra"] = [{"instrument": x} for x in have]
    # patterns slipped into the view (none is there: concerto/view.py gives instruments only)
    # are never said either
    v["players"][1]["orchestra"] = [{"instrument": "piano", "pattern": "circle"}, {"instrument": "strings", "pattern": "up-down"}]
    v["players"][2]["orchestra"] = [{"instrument": "guitar", "pattern": "left-right"}]
    v["instrument_discard"] = ["brass", "brass", "choir"]
    return v


def _facts(n: ConcertoNarrator, v: dict) -> list[str]:
    """What a sighted player sees on the table, as the narrator names it."""
    content = load_content()
    out = [n.inss(v["market"]), str(v["instrument_pile_size"]), str(v["target"]), n.counted(v["instrument_discard"])]
    for pid in v["open_pieces"].values():
        if pid is not None:
            p = content.pieces[pid]
            out += [n.title(pid), n.composer(p.composer), n.c.get(f"genre.{p.genre}.name"), n.inss(p.instruments)]
    out += [str(k) for k in v["piece_pile_sizes"].values()]
    for i, p in enumerate(v["players"]):
        out += [n.inss([s["instrument"] for s in p["orchestra"]]), str(p["hand_count"]), str(p["score"])]
        if i:
            out.append(p["name"])
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_table_says_each_fact_once(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = _view(["vocals", "choir"])
    said = " ".join(m.text for m in n.table(v))
    for fact in _facts(n, v):
        assert fact in said, (fact, said)
    words = {"de": ("Orchester", "Punkte", "Sonderkarte", "Instrumente:"),
             "en": ("rchestra", "points", "special card", "Instruments:")}[lang]
    orchestra, points, special, label = words
    assert said.count(orchestra) == 1, said  # "Dein Orchester: ...", then "Ben: ..."
    assert said.count(points) <= 1, said  # the scores line names the points and the target once
    assert said.count(special) == 1, said  # every hand holds the same: said once for all
    assert label not in said, said  # the instruments right after the piece's level and points
    assert c.get("concerto.table_piles_all", count=v["piece_pile_sizes"]["green"]) in said
    assert len({(p["hand_count"], p["special_count"]) for p in v["players"]}) == 1
    assert c.get("concerto.table_hands_all", cards=c.get("concerto.table_hand_cards", count=v["players"][0]["hand_count"],
                                                                     specials=1)) in said
    v["players"][1]["hand_count"] = 4  # the special cards alike: said once
    hands = [m.text for m in n.table(v) if m.text.startswith(c.get("concerto.table_hands", hands="§").split("§")[0])]
    assert hands == [{"de": "Auf der Hand: du und Clara 5 Instrumente, Ben 4, dazu jeder eine Sonderkarte.",
                      "en": "In hand: you and Clara 5 instruments, Ben 4, and one special card each."}[lang]]
    v["players"][1]["special_count"] = 0
    hands = [m.text for m in n.table(v) if m.text.startswith(c.get("concerto.table_hands", hands="§").split("§")[0])]
    assert len(hands) == 1 and hands[0].count(special) == 1, hands
    for pattern in ("circle", "up-down", "left-right"):  # the table names no beat pattern
        assert c.get(f"pattern.{pattern}.name").lower() not in said.lower(), said


@pytest.mark.parametrize("lang", LANGS)
def test_more_after_the_short_table_says_only_the_rest(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = _view([])  # your orchestra empty: the orange piece is far, the short form counts it
    short = [m.text for m in n.table_short(v) or []]
    rest = [m.text for m in n.table_rest(v)]
    assert short and rest
    assert not set(short) & set(rest), (short, rest)  # each fact once
    said = " ".join(short + rest)
    for fact in _facts(n, v):
        assert fact in said, (fact, said)
    for lv, pid in v["open_pieces"].items():  # the points once, in the short form
        points = c.get("concerto.table_piece", level=c.get(f"level.{lv}.name"), count=load_content().pieces[pid].points,
                       instruments="§").split(":")[0]
        assert points.lower() in " ".join(short).lower() and points.lower() not in " ".join(rest).lower()
        # the short form says what each piece needs from your orchestra (the pieces row's
        # words), "mehr" each piece's instruments, once
        assert " ".join(rest).count(n.inss(load_content().pieces[pid].instruments)) == 1
    assert short[2] == rows_short(n, v, "pieces"), short
    assert c.get("concerto.table_target", count=v["target"]) in rest  # the target after "mehr"
    orange = load_content().pieces[v["open_pieces"]["orange"]]
    everything = sorted({x for pid in v["open_pieces"].values() if pid for x in load_content().pieces[pid].instruments})
    v["players"][1]["orchestra"] = v["players"][2]["orchestra"] = []  # the start: every orchestra empty
    rest = [m.text for m in n.table_rest(v)]
    assert c.get("concerto.table_orchestras_empty") in rest and c.get("concerto.nothing") not in " ".join(rest)
    near = " ".join(m.text for m in n.table_short(_view(everything)) or [])
    ready = c.get("concerto.review.piece_ready", pieces="§", count=3).replace("§", "").strip()
    assert ready in near and n.inss(orange.instruments) not in near  # your orchestra holds them all: ready


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_table_fits_in_about_ten_seconds_of_words(lang):
    """The short table at your turn: whose turn, the market, the pieces by what they need
    from you, the scores; four lines, no title, composer, genre, target or orchestra."""
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = _view(["vocals", "choir"])
    short = [m.text for m in n.table_short(v) or []]
    assert len(short) == 4, short
    said = " ".join(short)
    content = load_content()
    for pid in v["open_pieces"].values():
        assert n.title(pid) not in said and n.composer(content.pieces[pid].composer) not in said, said
    assert str(v["target"]) not in said and "Ben:" not in said, said
    v["maestro"] = True  # the conductor card asks for a genre: each piece's line with it
    v["conductor"] = {"card": None, "active": False}
    short = [m.text for m in n.table_short(v) or []]
    assert len(short) == 6, short
    for pid in v["open_pieces"].values():
        assert c.get(f"genre.{content.pieces[pid].genre}.name") in " ".join(short)


def rows_short(n: ConcertoNarrator, v: dict, rid: str) -> str:
    from voice_game.games.concerto.review import rows

    return next(r for r in rows(n, v) if r.id == rid).short
