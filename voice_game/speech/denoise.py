"""Noise suppression before voice detection and recognition: a fan, other voices or music
in the room are turned down before Silero and Whisper hear the microphone.

One small protocol, :class:`Denoiser`, fed any length of 16 kHz mono int16 (it works in
10 ms frames and keeps a part frame for the next call):

* :class:`WebRtcDenoiser`: WebRTC's noise suppression and high-pass filter through
  ``livekit.rtc.AudioProcessingModule`` (the optional extra ``duplex``); no echo
  cancellation, no gain control. It estimates the room's noise floor from the stream
  itself, so it must see the stream continuously (the recognizer feeds it every block).
* :class:`WebRtcLegacyDenoiser`: the same through the ``aec-audio-processing`` wheel
  (level 0 to 3; measured against it in docs/BENCHMARKS.md).
* :class:`RoomDenoiser`: a suppressor that is heard only in a noisy room. It follows the
  room's noise floor in the stream (:class:`noise_floor.NoiseFloor`, before suppression)
  and passes the suppressed frames while the floor is over :data:`ON_DB`, the microphone's
  own frames once it fell :data:`HYSTERESIS_DB` under that again (so a floor near the
  threshold does not flap). The suppressor hears every frame either way, so its own
  estimate of the room is warm when it is switched in. Suppression helps in noise (held
  out, German 5 dB, English 15 dB) but costs clean multi-word moves and refusals of
  non-commands in a quiet room (docs/BENCHMARKS.md): this keeps the quiet room as it was.

:func:`make_denoiser` never raises: a missing or failing library gives ``(None, why)``,
and the recognizer hears the microphone as it is.
"""
from __future__ import annotations

from typing import Protocol

import numpy as np

from voice_game.speech.frame_stage import start
from voice_game.speech.noise_floor import NoiseFloor

RATE = 16000
FRAME = RATE // 100  # 10 ms
FRAME_BYTES = FRAME * 2


class Denoiser(Protocol):
    """Turns the room's noise down in 16 kHz mono int16 audio."""

    #: name for events and reports
    name: str

    def process(self, pcm: bytes) -> bytes:
        """The suppressed audio of ``pcm``'s whole 10 ms frames (with a part frame kept
        from the call before); a part frame at the end waits for the next call."""
        ...

    def probe(self) -> None:
        """One silent frame through it (raises when its library cannot run)."""
        ...


class _Framed:
    """A denoiser that works on whole 10 ms frames; the rest waits."""

    name = "framed"

    def __init__(self) -> None:
        self._rest = b""

    def _frame(self, frame: bytes) -> bytes:
        raise NotImplementedError

    def process(self, pcm: bytes) -> bytes:
        data = self._rest + pcm
        n = len(data) - len(data) % FRAME_BYTES
        self._rest = data[n:]
        return b"".join(self._frame(data[i:i + FRAME_BYTES]) for i in range(0, n, FRAME_BYTES))

    def probe(self) -> None:
        self.process(bytes(FRAME_BYTES))


class WebRtcDenoiser(_Framed):
    """WebRTC noise suppression and high-pass filter (``livekit.rtc.AudioProcessingModule``)."""

    name = "webrtc-ns"

    def __init__(self) -> None:
        super().__init__()
        from livekit import rtc

        self._rtc = rtc
        self._apm = rtc.AudioProcessingModule(echo_cancellation=False, noise_suppression=True,
                                              high_pass_filter=True, auto_gain_control=False)

    def _frame(self, frame: bytes) -> bytes:
        f = self._rtc.AudioFrame(bytearray(frame), RATE, 1, FRAME)
        self._apm.process_stream(f)
        return bytes(f.data.cast("B"))


class WebRtcLegacyDenoiser(_Framed):
    """WebRTC noise suppression through the ``aec-audio-processing`` wheel (level 0 to 3)."""

    name = "aec-audio-processing-ns"

    def __init__(self, level: int = 2) -> None:
        super().__init__()
        from aec_audio_processing import AudioProcessor

        ap = AudioProcessor(enable_aec=False, enable_ns=True, ns_level=level, enable_agc=False, enable_vad=False)
        ap.set_stream_format(RATE, 1)
        self._ap = ap

    def _frame(self, frame: bytes) -> bytes:
        return bytes(self._ap.process_stream(frame))


#: the room's noise floor (dB re full scale, ``NoiseFloor``) over which :class:`RoomDenoiser`
#: suppresses; chosen held out (``benchmarks/speech_heldout.py --adaptive``, docs/BENCHMARKS.md)
ON_DB = -45.0
#: ... and under which, less this, it stops again
HYSTERESIS_DB = 6.0
#: the switch is weighed every this many 10 ms frames ...
DECIDE_FRAMES = 10
#: ... once this many were heard (a floor of a moment may be the first word: a studio
#: recording said at once switched in for 0.3 s when it was weighed after 0.2 s)
WARM_FRAMES = 100


class RoomDenoiser:
    """Noise suppression only while the room is measured noisy (see the module's text).

    ``on``: whether the frames given out now are the suppressed ones; ``frames_on`` and
    ``frames_off``: how many frames were given out each way (for tests and benchmarks)."""

    name = "webrtc-room"

    def __init__(self, inner: Denoiser | None = None, on_db: float = ON_DB,
                 hysteresis_db: float = HYSTERESIS_DB) -> None:
        self._inner: Denoiser = inner if inner is not None else WebRtcDenoiser()
        self.on_db = on_db
        self.off_db = on_db - hysteresis_db
        self._floor = NoiseFloor()
        self._rest = b""
        self._frames = 0
        self.on = False
        self.frames_on = 0
        self.frames_off = 0

    @property
    def floor_db(self) -> float | None:
        """The room's noise floor now (dB re full scale; None before 0.2 s were heard)."""
        return self._floor.db

    def process(self, pcm: bytes) -> bytes:
        done = self._inner.process(pcm)  # whole frames, the same ones as below
        data = self._rest + pcm
        n = len(data) - len(data) % FRAME_BYTES
        self._rest = data[n:]
        if len(done) != n:
            raise RuntimeError(f"{self._inner.name} gave {len(done)} bytes for {n}")
        out = []
        for i in range(0, n, FRAME_BYTES):
            raw = data[i:i + FRAME_BYTES]
            self._floor.feed(np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0)
            self._frames += 1
            weigh = self._frames % DECIDE_FRAMES == 0 and self._frames >= WARM_FRAMES
            floor = self._floor.db if weigh else None
            if floor is not None:
                if not self.on and floor > self.on_db:
                    self.on = True
                elif self.on and floor < self.off_db:
                    self.on = False
            if self.on:
                self.frames_on += 1
                out.append(done[i:i + FRAME_BYTES])
            else:
                self.frames_off += 1
                out.append(raw)
        return b"".join(out)

    def probe(self) -> None:
        self.process(bytes(FRAME_BYTES))


DENOISERS: dict[str, type[Denoiser]] = {"webrtc": WebRtcDenoiser, "aec-audio-processing": WebRtcLegacyDenoiser,
                                        "room": RoomDenoiser}


def make_denoiser(kind: str = "webrtc") -> tuple[Denoiser | None, str]:
    """The denoiser ``kind`` (``webrtc``, ``aec-audio-processing``, ``room``: WebRTC's only
    in a noisy room; ``none``/``off``: none),
    or ``(None, why)`` when it is off, unknown, or its library is missing or fails to run."""
    if kind in ("none", "off", ""):
        return None, "off"
    return start(kind, DENOISERS, "denoiser")


def denoise(denoiser: Denoiser, audio: np.ndarray, prime: np.ndarray | None = None) -> np.ndarray:
    """Offline: ``audio`` (float, 16 kHz) through ``denoiser``, the same length (a part
    frame at the end is zero). ``prime`` (float, 16 kHz): the room heard before, fed first
    and dropped, as the microphone's stream would have been heard before the word."""
    def pcm(x: np.ndarray) -> bytes:
        return np.clip(np.asarray(x, dtype=np.float64) * 32768.0, -32768, 32767).astype("<i2").tobytes()

    if prime is not None and prime.size:
        denoiser.process(pcm(prime[: prime.size - prime.size % FRAME]))
    out = np.frombuffer(denoiser.process(pcm(audio)), dtype="<i2").astype(np.float32) / 32768.0
    return np.concatenate([out, np.zeros(audio.size - out.size, dtype=np.float32)])
