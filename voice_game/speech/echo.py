"""Acoustic echo cancellation: the game's own sound taken out of the microphone.

One small protocol, :class:`EchoCanceller`, fed in 10 ms frames of 16 kHz mono int16:

* :meth:`~EchoCanceller.played`: a frame of what the loudspeaker played (the reference,
  "far end"), in the order it was played;
* :meth:`~EchoCanceller.captured`: a frame from the microphone ("near end"), returned
  with the echo of what was played removed;
* :meth:`~EchoCanceller.set_delay_ms`: the known delay between handing a reference frame
  in and its echo reaching :meth:`captured` (a hint; AEC3 also estimates it), while
  it is not measured yet how much later the echo may start (the linear canceller searches
  that far), and whether the lag the reference is handed with just moved while the echo
  did not (its first measurement: the echo path learned moves with the reference);
* :meth:`~EchoCanceller.learned` and :meth:`~EchoCanceller.warm`: the echo path it learned,
  and a start from one remembered (speech/echo_memory.py; only the linear canceller has one);
* :meth:`~EchoCanceller.recleaned`: the last frames cleaned again with what it knows now
  (the duplex stage's second look; only the linear canceller keeps them).

Implementations:

* :class:`NullCanceller`: returns the capture unchanged (headphones: no echo path; tests).
* :class:`WebRtcCanceller`: WebRTC's AEC3 with noise suppression and a high-pass filter,
  through ``livekit.rtc.AudioProcessingModule`` (the ``livekit`` wheel).
* :class:`WebRtcLegacyCanceller`: the ``aec-audio-processing`` wheel's WebRTC audio
  processing module (measured against AEC3 in docs/DUPLEX.md; kept for comparison).

:func:`make_canceller` picks one by name and never raises: a missing or failing library
gives ``(None, reason)``, and the caller stays half-duplex.
"""
from __future__ import annotations

from typing import Protocol

import numpy as np

from voice_game.speech.frame_stage import start
from voice_game.speech.linear_echo import LinearCanceller, LinearRawCanceller, LinearSuppressedCanceller

RATE = 16000
FRAME = RATE // 100  # 10 ms
FRAME_BYTES = FRAME * 2


class EchoCanceller(Protocol):
    """Removes the echo of what was played from what the microphone captured."""

    #: name for events and reports
    name: str
    #: it also suppresses the room's noise (then the recognizer's own suppressor is off)
    suppresses_noise: bool

    def played(self, frame: bytes) -> None: ...

    def captured(self, frame: bytes) -> bytes: ...

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None: ...

    def probe(self) -> None:
        """One silent captured frame (raises when its library cannot run)."""
        ...

    def learned(self) -> np.ndarray | None:
        """The echo path learned so far (the filter's weights), or None."""
        ...

    def warm(self, weights: np.ndarray) -> bool:
        """Start from a remembered echo path; False when it cannot use it."""
        ...

    def recleaned(self, frames: int) -> bytes | None:
        """The last ``frames`` captured frames cleaned again with the echo path as known
        now, or None when it keeps none."""
        ...


class NoMemory:
    """A canceller whose echo path is not kept, neither from one start to the next nor
    for a second look at the last frames."""

    def learned(self) -> np.ndarray | None:
        return None

    def warm(self, weights: np.ndarray) -> bool:
        return False

    def recleaned(self, frames: int) -> bytes | None:
        return None


class NullCanceller(NoMemory):
    """No echo path (headphones) or no canceller: the capture passes unchanged."""

    name = "none"
    suppresses_noise = False

    def played(self, frame: bytes) -> None:
        pass

    def captured(self, frame: bytes) -> bytes:
        return frame

    def probe(self) -> None:
        pass

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None:
        pass


class WebRtcCanceller(NoMemory):
    """WebRTC AEC3 + noise suppression + high-pass (``livekit.rtc.AudioProcessingModule``)."""

    name = "webrtc-aec3"

    def __init__(self, noise_suppression: bool = True) -> None:
        from livekit import rtc

        self.suppresses_noise = noise_suppression
        self._rtc = rtc
        self._apm = rtc.AudioProcessingModule(echo_cancellation=True, noise_suppression=noise_suppression,
                                              high_pass_filter=True, auto_gain_control=False)

    def _frame(self, frame: bytes):
        return self._rtc.AudioFrame(bytearray(frame), RATE, 1, FRAME)

    def played(self, frame: bytes) -> None:
        self._apm.process_reverse_stream(self._frame(frame))

    def captured(self, frame: bytes) -> bytes:
        f = self._frame(frame)
        self._apm.process_stream(f)
        return bytes(f.data.cast("B"))

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None:
        self._apm.set_stream_delay_ms(int(max(0, min(500, ms))))

    def probe(self) -> None:
        self.captured(bytes(FRAME_BYTES))


class WebRtcLegacyCanceller(NoMemory):
    """The ``aec-audio-processing`` wheel (a WebRTC audio processing module build)."""

    name = "aec-audio-processing"
    suppresses_noise = True

    def __init__(self) -> None:
        from aec_audio_processing import AudioProcessor

        ap = AudioProcessor(enable_aec=True, enable_ns=True, ns_level=2, enable_agc=False, enable_vad=False)
        ap.set_stream_format(RATE, 1)
        ap.set_reverse_stream_format(RATE, 1)
        self._ap = ap

    def played(self, frame: bytes) -> None:
        self._ap.process_reverse_stream(frame)

    def captured(self, frame: bytes) -> bytes:
        return bytes(self._ap.process_stream(frame))

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None:
        self._ap.set_stream_delay(int(max(0, min(500, ms))))

    def probe(self) -> None:
        self.captured(bytes(FRAME_BYTES))


class WebRtcCancellerNoNs(WebRtcCanceller):
    """AEC3 and high-pass without noise suppression."""

    name = "webrtc-no-ns"

    def __init__(self) -> None:
        super().__init__(noise_suppression=False)


class LinearThenWebRtcCanceller(NoMemory):
    """The linear canceller (speech/linear_echo.py) first, then AEC3 on what it left."""

    name = "linear+webrtc"
    suppresses_noise = True

    def __init__(self) -> None:
        self.linear = LinearCanceller()
        self.aec3 = WebRtcCanceller()

    def played(self, frame: bytes) -> None:
        self.linear.played(frame)
        self.aec3.played(frame)

    def captured(self, frame: bytes) -> bytes:
        return self.aec3.captured(self.linear.captured(frame))

    def set_delay_ms(self, ms: int, search_ms: int = 0, path_moves: bool = False) -> None:
        self.linear.set_delay_ms(ms, search_ms, path_moves)
        self.aec3.set_delay_ms(ms)

    def probe(self) -> None:
        self.captured(bytes(FRAME_BYTES))


CANCELLERS: dict[str, type[EchoCanceller]] = {"webrtc": WebRtcCanceller, "linear": LinearCanceller, "linear-raw": LinearRawCanceller,
              "linear-rs": LinearSuppressedCanceller, "linear+webrtc": LinearThenWebRtcCanceller, "webrtc-no-ns": WebRtcCancellerNoNs, "aec-audio-processing": WebRtcLegacyCanceller, "none": NullCanceller}


def make_canceller(kind: str = "webrtc") -> tuple[EchoCanceller | None, str]:
    """The canceller ``kind`` (``webrtc``, ``aec-audio-processing``, ``none``), or
    ``(None, why)`` when its library is missing or fails to start (then: half-duplex)."""
    return start(kind, CANCELLERS, "echo canceller")


def cancel(canceller: EchoCanceller, played: np.ndarray, captured: np.ndarray, delay_ms: int = 0) -> np.ndarray:
    """Offline: ``captured`` (int16, 16 kHz) with the echo of ``played`` removed, frame by
    frame, the reference handed in just before the capture of the same instant."""
    n = min(len(played), len(captured)) // FRAME * FRAME
    canceller.set_delay_ms(delay_ms)
    out = np.empty(n, dtype=np.int16)
    ref = played[:n].astype("<i2").tobytes()
    cap = captured[:n].astype("<i2").tobytes()
    for i in range(0, n, FRAME):
        canceller.played(ref[2 * i:2 * (i + FRAME)])
        canceller.set_delay_ms(delay_ms)
        out[i:i + FRAME] = np.frombuffer(canceller.captured(cap[2 * i:2 * (i + FRAME)]), dtype="<i2")
    return out


def erle_db(captured_echo: np.ndarray, after: np.ndarray, skip_s: float = 1.0) -> float:
    """Echo return loss enhancement: the echo's energy before over after cancellation (dB),
    after the first ``skip_s`` seconds (the canceller's convergence)."""
    k = int(skip_s * RATE)
    n = min(len(captured_echo), len(after))
    a = captured_echo[k:n].astype(np.float64)
    b = after[k:n].astype(np.float64)
    return float(10.0 * np.log10((np.sum(a * a) + 1e-9) / (np.sum(b * b) + 1e-9)))
