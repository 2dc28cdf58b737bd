"""The voices a player can choose: real SVOX Pico and espeak-ng audio, through the game's
own output into a rendered stream, and the settings menu switching between them."""
from __future__ import annotations

import io
import shutil

import numpy as np
import pytest

from voice_game.audio.output import AudioOutput
from voice_game.audio.player import Player, RenderBackend
from voice_game.audio.speech import SynthError
from voice_game.audio.voices import PicoSynth, VoiceSwitch, make_voice, voices
from voice_game.narration.catalog import load_catalog
from voice_game.narration.message import HIGH, Message

pico = pytest.mark.skipif(shutil.which("pico2wave") is None,
                          reason="SVOX Pico is not installed (.ci/run installs libttspico-utils)")
RATE = 44100


def seconds(pcm: np.ndarray, rate: int) -> float:
    loud = np.flatnonzero(np.abs(pcm.astype(np.int32)) > 200)
    return 0.0 if len(loud) == 0 else (loud[-1] - loud[0]) / rate


@pico
@pytest.mark.parametrize("lang", ["de", "en"])
def test_pico_speaks_faster_at_a_higher_rate(lang):
    synth = PicoSynth(lang)
    try:
        text = {"de": "Amadeus dirigiert Grün. Drei Punkte.", "en": "Amadeus conducts green. Three points."}[lang]
        slow, rate = synth.synthesize(text, 175)
        fast, _ = synth.synthesize(text, 450)
        assert rate == 16000
        assert 1.0 < seconds(slow, rate) < 6.0
        assert seconds(fast, rate) < 0.75 * seconds(slow, rate)
        odd, _ = synth.synthesize('Ben & Clara <sagen> "ja"', 175)  # read, not taken as markup
        assert seconds(odd, rate) > 0.8
    finally:
        synth.close()


@pico
def test_pico_knows_its_voices_only():
    with pytest.raises(SynthError):
        PicoSynth("de", "pico-xx-XX")
    with pytest.raises(SynthError):
        PicoSynth("fi")
    assert PicoSynth("en", "pico-en-GB").pico_lang == "en-GB"


@pico
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_voice_list_offers_pico_beside_espeak(lang):
    names = voices(lang)
    assert "pico" in names
    assert "" not in names and lang not in names  # the default is the list's first choice, not in it
    assert not any(n.startswith("!") or n == "variant" for n in names)  # espeak-ng variants are no voices


@pico
def test_switching_the_voice_switches_the_synthesizer_at_once():
    sw = make_voice("de", "")
    assert isinstance(sw, VoiceSwitch) and sw.name != "pico"
    _, espeak_rate = sw.synthesize("Du bist dran.", 175)
    sw.voice = "pico"
    pcm, rate = sw.synthesize("Du bist dran.", 175)
    assert (sw.name, rate) == ("pico", 16000) and espeak_rate != 16000
    assert seconds(pcm, rate) > 0.3
    sw.voice = ""
    assert sw.synthesize("Du bist dran.", 175)[1] == espeak_rate
    sw.close()


@pico
def test_a_message_in_pico_reaches_the_players_stream():
    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=False)
    player.start()
    out = AudioOutput(player, make_voice("de", "pico"), load_catalog("de"), stream=io.StringIO())
    try:
        out.say_message(Message("Clara nimmt Dirigent zwei.", "take", HIGH))
        assert out.wait_silent(timeout=20)
        assert out.synth_errors == 0
        sound = backend.output()
        assert (np.abs(sound) > 0.01).sum() > RATE // 2  # about a second of real sound
    finally:
        out.close()


def test_a_pico_voice_without_pico_is_text_not_a_crash(monkeypatch):
    """Settings that name Pico on a machine without it: each sentence still reaches the
    player, as text, and nothing raises."""
    monkeypatch.setattr("voice_game.audio.voices.pico_program", lambda: "")
    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=False)
    player.start()
    text = io.StringIO()
    out = AudioOutput(player, make_voice("de", "pico"), load_catalog("de"), stream=text)
    try:
        out.say_message(Message("Clara nimmt Dirigent zwei.", "take", HIGH))
        assert out.wait_silent(timeout=20)
        assert "Clara nimmt Dirigent zwei." in text.getvalue()
    finally:
        out.close()
