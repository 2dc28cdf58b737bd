"""The voice-on sound: when the microphone opens beside the game's own audio (full duplex),
a card shuffle plays before the first sentence, and the echo canceller learns the room on
it. Speech excites the canceller slowly: in the synthetic room (tests/support/echo_room.py,
T60 0.3 s, soft clipping, the echo 80 ms late, the capture clock 150 ms behind the play
clock's estimate) the echo of a fresh game's first second of narration came through the
duplex stage nearly whole, and a person speaking then sank in it (docs/DUPLEX.md).

Real parts: the game's own cue (sounds/event.voice_on.wav), espeak-ng's narration, the duplex
stage with the linear canceller and its gates; the player rendering to a wall-clock backend
(no sound server needed to see what it plays in which order)."""
from __future__ import annotations

import io
import shutil

import numpy as np
import pytest

from tests.support.echo_room import duplex_over, echo_of, feed_capture
from voice_game.audio import cues
from voice_game.audio.player import Player, RenderBackend
from voice_game.narration.catalog import load_catalog
from voice_game.speech.voice_input import VOICE_ON_CUE, _duplex

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Which conductor?")
RATE = 16000
T0 = 1000.0


def cue_16k() -> np.ndarray:
    """The voice-on cue as the reference tap has it: mono, 16 kHz, int16 scale."""
    a = cues.load(VOICE_ON_CUE).astype(np.float64).mean(axis=1)
    at = np.arange(0, a.size, cues.RATE / RATE)
    return np.interp(at, np.arange(a.size), a)


def taken_out_first_second(with_cue: bool) -> float:
    """dB the duplex stage took out of the first second of the narration's echo."""
    from tests.support.synth import synthesize

    narration = synthesize(NARRATION, voice="en", speed=160, floor_db=None).astype(np.float64)
    pre = cue_16k() if with_cue else np.zeros(0)
    played = np.concatenate([pre, narration]).astype(np.int16)
    echo = echo_of(played, delay_ms=80.0, seed=1)
    out = feed_capture(duplex_over(played, T0), echo, T0 + 0.15)
    first = slice(pre.size, pre.size + RATE)
    return float(10 * np.log10((echo[first] ** 2).sum() / ((out[first] ** 2).sum() + 1.0)))


def test_the_canceller_has_learned_the_room_when_the_first_sentence_begins():
    fresh, after_cue = taken_out_first_second(False), taken_out_first_second(True)
    print(f"first second of the narration: {fresh:.1f} dB taken out fresh, {after_cue:.1f} dB after the voice-on sound")
    assert fresh < 12.0  # the problem: a fresh canceller lets the first second through
    assert after_cue > 30.0
    assert after_cue > fresh + 20.0


def output_on_a_render_backend():
    """The game's AudioOutput (espeak-ng) over a player rendering to a wall-clock backend:
    (output, player, backend, the labels of the items in the order they ended)."""
    from voice_game.audio.output import AudioOutput
    from voice_game.audio.speech import EspeakSynth

    backend = RenderBackend(rate=cues.RATE)
    player = Player(backend=backend, rate=cues.RATE, preload=False)
    ended: list[str] = []
    player.on_item_end = lambda item: ended.append(item.label)
    player.start()
    out = AudioOutput(player, EspeakSynth("en"), load_catalog("en"), stream=io.StringIO())
    return out, player, backend, ended


def test_full_duplex_plays_the_voice_on_sound_before_the_first_sentence():
    out, player, backend, ended = output_on_a_render_backend()
    said: list[str] = []
    try:
        _, duplexer, _ = _duplex("full", out, "", None, said.append, load_catalog("en"))
        assert duplexer is not None and player.reference is not None
        out.say("Round one.")
        assert out.wait_silent(timeout=20)
    finally:
        out.close()
    assert said == []  # nothing failed, nothing said about it
    assert ended[:2] == [VOICE_ON_CUE, "Round one."]
    # what was played begins with the cue itself (at the cue volume)
    played = backend.output()[:, 0].astype(np.float64)
    ref = cues.load(VOICE_ON_CUE)[:, 0].astype(np.float64)
    lead = int(np.flatnonzero(np.abs(played) > 0.01)[0])
    first = int(np.flatnonzero(np.abs(ref) > 0.01 * 32768)[0])
    n = ref.size - first
    corr = np.corrcoef(played[lead:lead + n], ref[first:])[0, 1]
    assert corr > 0.99


def test_half_duplex_plays_no_voice_on_sound():
    out, _, _, ended = output_on_a_render_backend()
    try:
        _, duplexer, _ = _duplex("half", out, "", None, lambda s: None, load_catalog("en"))
        assert duplexer is None
        out.say("Round one.")
        assert out.wait_silent(timeout=20)
    finally:
        out.close()
    assert ended == ["Round one."]
