"""Concerto content: counts, ranges, and clear errors for broken files."""
from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

from voice_game.core.errors import ContentError
from voice_game.games.concerto import content as content_mod
from voice_game.games.concerto.content import (
    CONDITION_KINDS, DATA_DIR, build_content, check_card_texts, load_content,
)
from voice_game.narration.catalog import read_catalog

ROOT = Path(__file__).resolve().parents[2]
C = load_content()


def raw(name):
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def test_instrument_counts():
    assert C.instruments == {"strings": 14, "woodwinds": 12, "brass": 10, "misc": 7, "percussion": 7,
                             "vocals": 7, "piano": 6, "choir": 6, "guitar": 3}
    assert len(C.instrument_deck()) == 72


def test_patterns_and_specials():
    assert C.patterns == {p: 8 for p in ("up-down", "left-right", "circle", "stab", "cross", "swoosh")}
    assert len(C.pattern_deck()) == 48
    assert C.specials == {s: 4 for s in ("headhunter", "sabotage", "job-sharing", "repertoire", "rehearsal",
                                         "audition")}


def test_targets():
    assert [C.target(n, False) for n in (2, 3, 4)] == [30, 25, 20]
    assert [C.target(n, True) for n in (2, 3, 4)] == [40, 32, 26]


@pytest.mark.parametrize("level,ins,pts", [("green", (2, 3), (2, 4)), ("yellow", (3, 4), (4, 6)),
                                           ("orange", (5, 6), (7, 9))])
def test_pieces_per_level(level, ins, pts):
    pieces = [p for p in C.pieces.values() if p.level == level]
    assert len(pieces) == 16
    for p in pieces:
        assert ins[0] <= len(p.instruments) <= ins[1], p.id
        assert pts[0] <= p.points <= pts[1], p.id
        assert len(set(p.instruments)) == len(p.instruments)
        assert p.genre in C.genres
        assert p.title and p.composer


def test_genres_are_the_designed_ones():
    assert set(C.genres) == {"symphony", "opera", "operetta", "church-cantata", "ballet", "musical", "jazz",
                             "film", "chamber", "concerto", "pop"}


def test_conductors():
    assert len(C.conductors) == 20
    seed_names = {"Baniel Darendoim", "Mikkado Ruti", "Rimon Sattle", "Jarl Kohm", "Burt Shave",
                  "Beonard Lernstein", "Hikolaus Narnonfourt", "Rierre Poulez", "Mitris Ditropoulos",
                  "Mustav Gahler", "Nent Kagano", "Ruby Zehta"}
    assert seed_names <= {c.name for c in C.conductors.values()}
    for c in C.conductors.values():
        assert c.kind in CONDITION_KINDS
    by_name = {c.name: c for c in C.conductors.values()}
    assert by_name["Mitris Ditropoulos"].condition == {"kind": "requires_instrument_in_orchestra",
                                                       "instrument": "piano"}
    assert by_name["Mustav Gahler"].condition == {"kind": "min_orchestra", "count": 6}
    assert by_name["Nent Kagano"].kind == "youngest_conducts"
    assert by_name["Ruby Zehta"].condition == {"kind": "piece_uses_any", "instruments": ["vocals", "choir"]}
    assert by_name["Baniel Darendoim"].kind == "genre"
    assert by_name["Mikkado Ruti"].kind == "encore_all"
    assert by_name["Rimon Sattle"].kind == "swap_own_patterns"


def _broken(mutate, which="pieces.json"):
    files = {"instruments.json": raw("instruments.json"), "pieces.json": raw("pieces.json"),
             "conductors.json": raw("conductors.json")}
    mutate(files[which])
    with pytest.raises(ContentError) as exc:
        build_content(files["instruments.json"], files["pieces.json"], files["conductors.json"])
    return exc.value


def test_error_unknown_instrument_in_piece():
    e = _broken(lambda d: d["pieces"][0]["instruments"].__setitem__(0, "kazoo"))
    assert e.source == "pieces.json" and "beethoven-fur-elise" in e.where and "kazoo" in e.problem


def test_error_points_out_of_range():
    e = _broken(lambda d: d["pieces"][20].__setitem__("points", 9))
    assert "points" in e.where and "4 to 6" in e.problem


def test_error_duplicate_instrument_and_level_count():
    e = _broken(lambda d: d["pieces"][0].__setitem__("instruments", ["piano", "piano"]))
    assert "distinct" in e.problem
    e = _broken(lambda d: d["pieces"].pop())
    assert e.where == "pieces" and "orange" in e.problem


def test_error_bad_genre():
    e = _broken(lambda d: d["pieces"][1].__setitem__("genre", "polka"))
    assert e.where.endswith(".genre")


def test_error_bad_condition():
    e = _broken(lambda d: d["conductors"][0].__setitem__("condition", {"kind": "moon_phase"}), "conductors.json")
    assert e.source == "conductors.json" and "moon_phase" in e.problem
    e = _broken(lambda d: d["conductors"][3]["condition"].__setitem__("instrument", "kazoo"), "conductors.json")
    assert "kazoo" in e.problem
    e = _broken(lambda d: d["conductors"][9]["condition"].pop("count"), "conductors.json")
    assert "count" in e.problem
    e = _broken(lambda d: d["conductors"][9]["condition"].__setitem__("extra", 1), "conductors.json")
    assert "unexpected" in e.problem


def test_error_bad_counts_file():
    e = _broken(lambda d: d["instruments"][0].__setitem__("count", 0), "instruments.json")
    assert e.where == "instruments[0].count"
    e = _broken(lambda d: d["targets"]["maestro"].pop("4"), "instruments.json")
    assert "4" in e.problem


def test_error_invalid_json(tmp_path, monkeypatch):
    (tmp_path / "instruments.json").write_text("{ nope", encoding="utf-8")
    monkeypatch.setattr(content_mod, "DATA_DIR", tmp_path)
    with pytest.raises(ContentError) as exc:
        content_mod._read_json("instruments.json")
    assert exc.value.source == "instruments.json" and "line 1" in exc.value.where


def card_texts(lang: str) -> tuple[dict, str]:
    """The card texts of ``locales/<lang>/concerto_cards`` (.ftl, or the older .toml) as
    ``{section: {card id: {field: text}}}``: a Fluent identifier is the section, the card
    id and the field (``conductor-mikkado-ruti-text``)."""
    ftl = ROOT / "locales" / lang / "concerto_cards.ftl"
    if not ftl.exists():
        path = ftl.with_suffix(".toml")
        return tomllib.loads(path.read_text(encoding="utf-8")), str(path)
    cat = read_catalog(lang, [ftl.parent])
    data: dict = {}
    for entry in FluentParser().parse(ftl.read_text(encoding="utf-8")).body:
        if isinstance(entry, ast.Message):
            section, rest = entry.id.name.split("-", 1)
            cid, field = rest.rsplit("-", 1)
            data.setdefault(section, {}).setdefault(cid, {})[field] = cat.get(entry.id.name)
    return data, str(ftl)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_locale_card_texts_complete(lang):
    data, source = card_texts(lang)
    check_card_texts(data, C, source)


def test_locale_check_catches_gaps():
    data, _ = card_texts("en")
    broken = copy.deepcopy(data)
    del broken["conductor"]["mikkado-ruti"]["text"]
    with pytest.raises(ContentError) as exc:
        check_card_texts(broken, C, "en")
    assert exc.value.where == "conductor.mikkado-ruti.text"
    broken = copy.deepcopy(data)
    broken.setdefault("piece", {})["no-such-piece"] = {"title": "x"}
    with pytest.raises(ContentError):
        check_card_texts(broken, C, "en")
