"""The microphone listener against a REAL PulseAudio server with a virtual mic.

Speech synthesized by espeak-ng is played into the null sink ``micsink`` whose
monitor feeds the remapped source ``virtmic``; sounddevice records it through
ALSA's pulse plugin (device "pulse") and the real PocketSphinx decoder listens.
"""
import shutil
import threading
import time

import pytest

from voice_game.speech.listener import Listener, UNAVAILABLE
from tests.support.synth import synthesize

pytestmark = pytest.mark.skipif(
    shutil.which("pulseaudio") is None or shutil.which("espeak-ng") is None,
    reason="pulseaudio or espeak-ng not installed")


@pytest.fixture(scope="module")
def server():
    from tests.support.soundserver import SoundServer
    srv = SoundServer()
    srv.start()
    srv.use_for_sounddevice()
    srv.pactl("set-default-source", "virtmic")
    yield srv
    srv.stop()
    import sounddevice as sd
    sd._terminate()
    sd._initialize()


@pytest.fixture(scope="module")
def rec():
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    return SphinxRecognizer("en", ["draw", "take conductor two", "pass", "help", "yes", "no"])


def _speak(server, text):
    audio = synthesize(text, "en-us", 175, floor_db=45, tail_silence=1.0)
    server.play_into("micsink", audio, 16000)


def test_listener_hears_command_through_virtual_mic(server, rec):
    got = []
    lst = Listener(rec, on_result=got.append, device="pulse")
    assert lst.start(), lst.status_detail
    try:
        time.sleep(0.3)
        _speak(server, "take conductor two")
        hyp = lst.results.get(timeout=10)
    finally:
        lst.stop()
    assert hyp.text == "take conductor two"
    assert got and got[0] is hyp


def test_audio_while_muted_triggers_nothing(server, rec):
    speaking = threading.Event()
    lst = Listener(rec, device="pulse", muted=speaking, tail_s=0.3)
    assert lst.start(), lst.status_detail
    try:
        time.sleep(0.3)
        speaking.set()  # the game is talking: whatever the mic hears is ours
        _speak(server, "take conductor two")
        time.sleep(0.3)
        speaking.clear()
        time.sleep(1.0)
        assert lst.results.empty()
        assert lst.discarded_blocks > 0
        _speak(server, "draw")  # afterwards the player is heard again
        assert lst.results.get(timeout=10).text == "draw"
    finally:
        lst.stop()


def test_push_to_talk_only_when_armed(server, rec):
    lst = Listener(rec, device="pulse", mode="push")
    assert lst.start(), lst.status_detail
    try:
        time.sleep(0.3)
        _speak(server, "help")  # not armed: ignored
        time.sleep(0.5)
        assert lst.results.empty()
        lst.arm()
        _speak(server, "pass")
        assert lst.results.get(timeout=10).text == "pass"
        assert not lst.armed
    finally:
        lst.stop()


def test_missing_microphone_is_a_status_not_a_traceback(rec):
    statuses = []
    lst = Listener(rec, device="no such microphone 42", on_status=lambda s, d: statuses.append(s))
    assert lst.start() is False
    assert lst.status == UNAVAILABLE and statuses == [UNAVAILABLE]
    lst.stop()  # harmless
