"""A person talking to the program: each command synthesized with the most natural voice
that the bundled Whisper model hears well (German: SVOX Pico de-DE, else espeak-ng;
English: espeak-ng en-us, since Whisper base rejected Pico's en-US "narration", "speech
rate" and "back" in the settings menu where espeak's passed), cached for the run, and fed in
50 ms blocks, as the microphone listener feeds them, through the real recognizer into the
program's voice input (voice_game.speech.voice_input.VoiceControl). Nothing here is heard
by a player."""
from __future__ import annotations

import functools
import io
import shutil
import subprocess
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

from tests.support.synth import RATE, resample, synthesize
from voice_game.speech.voice_input import VoiceControl

PICO = {"de": "de-DE", "en": "en-US"}
PICO_FIRST = {"de"}  # the voice :func:`speech` uses: Pico for German, espeak-ng for English
ESPEAK = {"de": "de", "en": "en-us"}
BLOCK = 800  # 50 ms


def voice_name(lang: str) -> str:
    return "pico" if lang in PICO_FIRST and shutil.which("pico2wave") else "espeak-ng"


@functools.cache
def speech(text: str, lang: str) -> bytes:
    """``text`` said in ``lang``: 16 kHz mono int16 bytes, 0.3 s of silence before, 1.2 s after."""
    if voice_name(lang) == "pico":
        return pico_speech(text, lang)
    return synthesize(text, ESPEAK[lang], 140, tail_silence=1.2).astype("<i2").tobytes()


@functools.cache
def pico_speech(text: str, lang: str, speed: int = 100) -> bytes:
    """``text`` said by SVOX Pico in ``lang`` at ``speed`` per cent (100: its own pace):
    16 kHz mono int16 bytes, 0.3 s of a faint noise floor before, 1.2 s after."""
    said = text if speed == 100 else f'<speed level="{int(speed)}">{text}</speed>'
    with tempfile.TemporaryDirectory(prefix="speaker-") as tmp:
        out = Path(tmp) / "x.wav"
        subprocess.run(["pico2wave", "-l", PICO[lang], "-w", str(out), said], check=True,
                       capture_output=True, timeout=30)
        with wave.open(io.BytesIO(out.read_bytes())) as w:
            rate = w.getframerate()
            x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    y = resample(x, rate, RATE)
    rng = np.random.default_rng(len(text))
    pad = lambda s: rng.standard_normal(int(s * RATE)) * 3.0  # a faint floor, never digital silence  # noqa: E731
    y = np.concatenate([pad(0.3), y, pad(1.2)])
    return np.clip(np.round(y), -32768, 32767).astype("<i2").tobytes()


class Speaker:
    """The program's voice input as a person uses it: each time the program says what it
    understands now (``set_phrases``), the person says what ``choose()`` picks, into the
    real recognizer; what was heard goes where the program's voice delivers it."""

    def __init__(self, voice: VoiceControl, lang: str, choose: Callable[[list[str]], str | None]):
        self.voice, self.lang, self.choose = voice, lang, choose
        self.said: list[str] = []
        self.heard: list[str] = []
        self.phrases: list[list[str]] = []
        real = voice.deliver

        def deliver(hyp) -> None:
            self.heard.append(hyp.text)
            real(hyp)

        voice.deliver = deliver  # type: ignore[method-assign]

    def set_phrases(self, phrases: list[str]) -> None:
        self.voice.set_phrases(phrases)
        self.phrases.append(list(phrases))
        text = self.choose(phrases)
        if text is None:
            return
        self.say(text)

    def say(self, text: str) -> None:
        self.said.append(text)
        before = len(self.heard)
        pcm = speech(text, self.lang)
        for i in range(0, len(pcm), BLOCK * 2):
            self.voice.feed(pcm[i:i + BLOCK * 2])
        if len(self.heard) == before:
            self.voice.end_of_stream()
