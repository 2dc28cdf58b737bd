"""The result type and the interface every speech recognizer offers.

Both engines (Vosk and PocketSphinx) return a :class:`Hypothesis`; the game's
command matcher decides what the words mean. A recognizer never interprets the
words itself: it may return a word sequence that is not one of the allowed
phrases (for example when the engine's runtime grammar is only a bigram model),
and the matcher copes with that.
"""
from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass, field
from typing import Protocol, Union, runtime_checkable

import numpy as np

#: Raw audio as accepted by recognizers: little-endian signed 16-bit mono PCM
#: bytes, or a numpy array (int16, or float in [-1, 1]).
Audio = Union[bytes, bytearray, memoryview, "np.ndarray"]


@dataclass
class Hypothesis:
    """One recognized utterance.

    text        the recognized words, lowercase, separated by single spaces;
                "" when nothing was recognized
    confidence  0.0 .. 1.0, the engine's confidence in the whole text
                (for Vosk: the mean of the word confidences)
    words       (word, confidence) per recognized word, in order
    engine      "vosk" or "pocketsphinx"
    decode_ms   wall-clock time spent decoding this utterance, in ms
    over_voice  the confidence to weigh while the game's own voice sounds, where the
                engine judges that apart (Whisper: all of its no-speech probability
                taken off, for what the echo canceller leaves of the game's voice is
                what Whisper calls no speech); None: ``confidence``
    span        where the utterance lies in the audio given to the recognizer (seconds
                from its first sample, over its life: ``BackgroundRecognizer.fed``),
                when the engine tells it: a
                result finished off the feeding thread comes later than its audio, and
                the listener finds its capture times from this
    part        an utterance whose whole gave nothing: what its loudest part alone was
                heard as (a person's word in what the echo canceller left of the game's
                voice: ``utterance_audio.loud_part``), when that was a phrase; the listener
                weighs it only over the game's voice
    """

    text: str
    confidence: float
    words: list[tuple[str, float]] = field(default_factory=list)
    engine: str = ""
    decode_ms: float = 0.0
    over_voice: float | None = None
    span: tuple[float, float] | None = None
    part: Hypothesis | None = None

    @property
    def empty(self) -> bool:
        return not self.text.strip()

    @property
    def confidence_over_voice(self) -> float:
        """The confidence this hypothesis is judged by while the game's own voice sounds."""
        return self.confidence if self.over_voice is None else self.over_voice


@runtime_checkable
class Recognizer(Protocol):
    """What the listener and the game expect of a speech recognizer."""

    #: Audio rate the recognizer expects, in Hz (16000).
    sample_rate: int

    #: Vocabulary words (from the phrases given so far) that the engine's model
    #: does not know; such words can never be recognized.
    missing_words: list[str]

    #: True when the engine hears any words (Whisper): no vocabulary to check against a model.
    open_vocabulary: bool

    def set_phrases(self, phrases: list[str]) -> None:
        """Set the word sequences allowed from the next utterance on.

        Phrases are lowercase, words separated by single spaces, and may contain
        non-ASCII letters ("fünf", "blechbläser"). An utterance in which words
        were already heard finishes with the phrases it started with; if only
        silence was heard so far, the new phrases may apply at once.
        """
        ...

    def accept_audio(self, pcm16: Audio) -> Hypothesis | None:
        """Feed a chunk of streaming audio.

        Returns a final hypothesis when the engine detects the end of an
        utterance with words in it, else None (an end after mere silence or
        noise that produced no words returns None).
        """
        ...

    def finish(self) -> Hypothesis | None:
        """End the current utterance (e.g. push-to-talk released).

        Returns its hypothesis (text "" when no words were heard), or None
        when no audio was fed since the last result.
        """
        ...

    def reset(self) -> None:
        """Drop any audio of the current utterance."""
        ...

    def decode(self, audio: Audio, rate: int = 16000) -> Hypothesis:
        """Decode one whole utterance (independent of the streaming state)."""
        ...


def to_pcm16(audio: Audio, rate: int = 16000, target_rate: int = 16000) -> bytes:
    """Convert audio to 16-bit mono little-endian PCM bytes at ``target_rate``.

    ``audio`` is bytes (int16 PCM) or a numpy array (int16, or float in
    [-1, 1]; a 2-D array is mixed down to mono). Resampling is linear
    interpolation, good enough for speech recognition.
    """
    if isinstance(audio, (bytes, bytearray, memoryview)):
        if rate == target_rate:
            return bytes(audio)
        arr = np.frombuffer(bytes(audio), dtype="<i2").astype(np.float32) / 32768.0
    else:
        raw = np.asarray(audio)
        if raw.ndim == 2:
            raw = raw.mean(axis=1) if raw.shape[1] <= 8 else raw.mean(axis=0)
        if raw.dtype.kind in "iu":
            info = np.iinfo(raw.dtype)
            arr = raw.astype(np.float32) / float(max(abs(info.min), info.max))
        else:
            arr = raw.astype(np.float32)
    if rate != target_rate and arr.size:
        n_out = int(round(arr.size * target_rate / rate))
        x_old = np.arange(arr.size, dtype=np.float64) / rate
        x_new = np.arange(n_out, dtype=np.float64) / target_rate
        arr = np.interp(x_new, x_old, arr).astype(np.float32)
    pcm = np.clip(np.round(arr * 32767.0), -32768, 32767).astype("<i2")
    return pcm.tobytes()


@runtime_checkable
class BackgroundRecognizer(Protocol):
    """A recognizer that finishes results in a thread of its own (Whisper): it calls
    ``on_ready`` when one is done, and ``poll`` gives it between two blocks of audio."""

    on_ready: Callable[[], None] | None

    def poll(self) -> Hypothesis | None: ...

    @property
    def busy(self) -> bool:
        """An ended utterance's result is not ready yet (it comes with ``poll``)."""
        ...

    @property
    def fed(self) -> int:
        """The samples given to ``accept_audio`` over the recognizer's life (a result's
        ``span`` is told in them)."""
        ...

