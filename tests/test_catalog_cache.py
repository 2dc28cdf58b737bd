"""The parsed message files are kept in the user's cache folder: a second start reads
them instead of parsing again; a damaged or foreign cache file is parsed again, silently,
with the very same messages."""
from __future__ import annotations

import pytest

from voice_game.narration import catalog
from voice_game.paths import data_dir


def read(lang: str) -> catalog.Catalog:
    folder = data_dir("locales") / lang
    return catalog.read_catalog(lang, [folder])


def rendered(c: catalog.Catalog) -> dict[str, str]:
    return {k: c.get(k.replace("-", "."), count=2, name="Ben", n=3) for k in sorted(c.keys())}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_second_read_parses_nothing_and_says_the_same(lang, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path))
    first = rendered(read(lang))
    files = sorted((tmp_path / "fluent").glob("*.pickle"))
    assert len(files) == len(list((data_dir("locales") / lang).glob("*.ftl")))

    parsed = []
    real = catalog.FluentParser

    class Counting(real):  # type: ignore[misc, valid-type]
        def parse(self, source):
            parsed.append(len(source))
            return super().parse(source)

    monkeypatch.setattr(catalog, "FluentParser", Counting)
    assert rendered(read(lang)) == first
    assert parsed == []  # every file came from the cache

    for f in files[:2]:
        f.write_bytes(f.read_bytes()[:100])  # cut short
    files[2].write_bytes(b"not a pickle")
    files[3].write_bytes(b"")
    assert rendered(read(lang)) == first
    assert len(parsed) == 4  # the damaged ones were parsed again ...
    assert capsys.readouterr() == ("", "")  # ... without a word
    parsed.clear()
    assert rendered(read(lang)) == first and parsed == []  # and written again


def test_a_changed_file_is_parsed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "de"
    folder.mkdir()
    (folder / "x.ftl").write_text("greet = Hallo { $name }!\n", encoding="utf-8")
    assert catalog.read_catalog("de", [folder]).get("greet", name="Ben") == "Hallo Ben!"
    (folder / "x.ftl").write_text("greet = Servus { $name }!\n", encoding="utf-8")
    assert catalog.read_catalog("de", [folder]).get("greet", name="Ben") == "Servus Ben!"


def test_an_unwritable_cache_costs_time_only(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(blocker))
    assert rendered(read("en"))
