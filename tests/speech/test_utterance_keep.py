"""Diagnosis: with VOICE_GAME_DEBUG_UTTERANCES the streaming recognizer keeps each utterance
it finished (speech/utterance_keep.py) to be decoded again offline
(benchmarks/replay_utterances.py): a real speaker's "zwei" fed as the microphone feeds it
comes out as a WAV of the word and what was made of it; unset, nothing is written; a folder
that cannot be written changes nothing for the game."""
import json
import wave

import numpy as np

from tests.support.whisper import PLACE_PHRASES, german_recognizer, needs_base
from tests.speech.test_whisper_stream import _feed, _silence, _word
from voice_game.speech.hypothesis import Hypothesis
from voice_game.speech.utterance_keep import ENV, UtteranceKeep

pytestmark = needs_base


def test_a_streamed_word_is_kept_with_what_was_made_of_it(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "utt"))
    rec = german_recognizer(PLACE_PHRASES)
    got = _feed(rec, np.concatenate([_silence(0.5), _word("de-hd02-2.flac"), _silence(1.5)]))
    assert [h.text for h in got if h.text] == ["zwei"]
    kept = sorted((tmp_path / "utt").glob("*.json"))
    assert len(kept) == 1
    info = json.loads(kept[0].read_text())
    heard = next(h for h in got if h.text)
    assert info["text"] == "zwei" and info["confidence"] == heard.confidence
    assert "zwei" in info["phrases"] and info["span"][1] > info["span"][0]
    with wave.open(str(kept[0].with_suffix(".wav"))) as w:
        seconds = w.getnframes() / w.getframerate()
    assert 0.3 < seconds < 2.0
    again = rec.decode(np.frombuffer(kept[0].with_suffix(".wav").read_bytes()[44:], "<i2") / 32768.0, 16000)
    assert again.text == "zwei"


def test_nothing_is_kept_unless_asked_and_a_bad_folder_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert UtteranceKeep.from_env().folder is None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    keep = UtteranceKeep(blocked / "utt")
    keep.keep([b"\0\0" * 160], Hypothesis("zwei", 0.9), ["zwei"])  # no exception
    assert keep.folder is None
