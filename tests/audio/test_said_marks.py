"""The player marks on the echo canceller's reference what each sentence says and when it
plays (``ReferenceTap.said``), so the listener can tell the game's own words heard back
from a person's (tests/speech/test_own_words.py). The real player renders espeak-ng speech
to a render backend paced by the wall clock: the mark starts within 60 ms of the first
audible frame the tap holds, and its words fall in the time the sentence sounds."""
import numpy as np
import pytest

from tests.support.synth import espeak_available, synthesize
from tests.support.tapped_player import tapped_player

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")


def test_each_sentence_is_marked_where_it_plays():
    text = "Runde eins. Noch drei Karten im Stapel."
    with tapped_player() as (player, _, tap):
        tts = synthesize(text, voice="de", floor_db=None, lead_silence=0.0, tail_silence=0.0)
        player.play_frames(np.zeros((4410, 2), np.float32), 44100)  # 0.1 s of silence first
        player.speak_audio(tts, 16000, label=text).wait(timeout=30)
        cue = player.speak_audio(np.zeros(1600, np.int16), 16000)  # no label: no words
        cue.wait(timeout=5)
        player.wait_silent(timeout=5)
    frames = tap.recent(0.0, 1e12)
    loud = [t for t, f in frames if np.abs(np.frombuffer(f, "<i2")).max() > 300]
    assert loud, "nothing audible reached the tap"
    first, last = loud[0], loud[-1]
    marks = [(a, b, s) for a, b, s in tap._said]  # noqa: SLF001 - what the player marked
    assert [s for _, _, s in marks] == [text]
    start, end, _ = marks[0]
    print(f"mark {start:.3f}-{end:.3f}, audible {first:.3f}-{last:.3f}")
    assert abs(start - first) < 0.06
    assert abs(end - last) < 0.6  # the synthesizer's trailing silence is part of the sentence
    assert tap.words_between(first, first + 0.4)[:1] == ["runde"]
    assert "stapel" in tap.words_between(last - 0.5, last + 0.1)
