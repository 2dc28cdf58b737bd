"""The microphone listener against a REAL PulseAudio server with a virtual mic.

Speech synthesized by espeak-ng is played into the null sink ``micsink`` whose
monitor feeds the remapped source ``virtmic``; sounddevice records it through
ALSA's pulse plugin (device "pulse") and the real PocketSphinx decoder listens.

No step waits a fixed time for the microphone: speech is played once the listener
gets audio, and what must have passed the listener is counted in captured blocks
(a loaded machine delivers them late, never fewer). Timeouts only bound a hang.
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


HANG_S = 60.0  # bounds a hang only
BLOCK_S = 0.05  # the listener's block (block_ms=50)
# What the listener captures after a clip was played into the sink (``pacat`` returns once
# the sink has played it all) before that clip is surely in: more than the capture latency.
LATENCY_S = 1.5


class Blocks:
    """A listener's ``muted`` source that counts the captured blocks (the audio
    callback asks it once per block) and is true while ``speaking`` is set."""

    def __init__(self):
        self.count = 0
        self.speaking = threading.Event()

    def __call__(self) -> bool:
        self.count += 1
        return self.speaking.is_set()

    def wait(self, n: int) -> bool:
        """Wait until ``n`` more blocks than now have been captured."""
        target = self.count + n
        deadline = time.monotonic() + HANG_S
        while self.count < target and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.count >= target


def _speak(server, text):
    """Play ``text`` into the microphone; returns once the sink has played it."""
    audio = synthesize(text, "en-us", 175, floor_db=45, tail_silence=1.0)
    server.play_into("micsink", audio, 16000)


def _listening(lst, blocks):
    assert lst.start(), lst.status_detail
    assert blocks.wait(2), "the microphone delivers no audio"


def test_listener_hears_command_through_virtual_mic(server, rec):
    got: list = []
    blocks = Blocks()
    lst = Listener(rec, on_result=got.append, device="pulse", muted=blocks)
    try:
        _listening(lst, blocks)
        _speak(server, "take conductor two")
        hyp = lst.results.get(timeout=HANG_S)
    finally:
        lst.stop()
    assert hyp.text == "take conductor two"
    assert got and got[0] is hyp


def test_audio_while_muted_triggers_nothing(server, rec):
    blocks = Blocks()
    lst = Listener(rec, device="pulse", muted=blocks, tail_s=0.3)
    try:
        _listening(lst, blocks)
        blocks.speaking.set()  # the game is talking: whatever the mic hears is ours
        captured, discarded = blocks.count, lst.discarded_blocks
        _speak(server, "take conductor two")
        assert blocks.wait(round(LATENCY_S / BLOCK_S))  # the clip has reached the listener
        muted = blocks.count - captured
        # ... and the listener's worker has dropped every block captured while muted
        deadline = time.monotonic() + HANG_S
        while lst.discarded_blocks - discarded < muted - 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert lst.discarded_blocks - discarded >= muted - 1
        blocks.speaking.clear()
        assert lst.results.empty()
        _speak(server, "draw")  # afterwards the player is heard again
        assert lst.results.get(timeout=HANG_S).text == "draw"
    finally:
        lst.stop()


def test_push_to_talk_only_when_armed(server, rec):
    blocks = Blocks()
    lst = Listener(rec, device="pulse", mode="push", muted=blocks)
    try:
        _listening(lst, blocks)
        _speak(server, "help")  # not armed: ignored
        assert blocks.wait(round(LATENCY_S / BLOCK_S))  # the clip has reached the listener
        assert lst.results.empty()
        lst.arm()
        _speak(server, "pass")
        assert lst.results.get(timeout=HANG_S).text == "pass"
        assert not lst.armed
    finally:
        lst.stop()


def test_missing_microphone_is_a_status_not_a_traceback(rec):
    statuses = []
    lst = Listener(rec, device="no such microphone 42", on_status=lambda s, d: statuses.append(s))
    assert lst.start() is False
    assert lst.status == UNAVAILABLE and statuses == [UNAVAILABLE]
    lst.stop()  # harmless
