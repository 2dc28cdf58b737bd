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

:func:`make_denoiser` never raises: a missing or failing library gives ``(None, why)``,
and the recognizer hears the microphone as it is.
"""
from __future__ import annotations

from typing import Protocol

import numpy as np

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


DENOISERS = {"webrtc": WebRtcDenoiser, "aec-audio-processing": WebRtcLegacyDenoiser}


def make_denoiser(kind: str = "webrtc") -> tuple[Denoiser | None, str]:
    """The denoiser ``kind`` (``webrtc``, ``aec-audio-processing``; ``none``/``off``: none),
    or ``(None, why)`` when it is off, unknown, or its library is missing or fails to run."""
    if kind in ("none", "off", ""):
        return None, "off"
    cls = DENOISERS.get(kind)
    if cls is None:
        return None, f"unknown denoiser {kind!r}"
    try:
        made: Denoiser = cls()
        made.process(bytes(FRAME_BYTES))  # a library that loads but cannot run fails here
    except Exception as exc:  # noqa: BLE001 - ImportError, a broken shared library, a protocol error
        return None, f"{kind}: {type(exc).__name__}: {exc}"
    return made, ""


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
