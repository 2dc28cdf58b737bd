"""Text to speech *audio*: synthesizers that return sample buffers, not sound.

The game plays all sound through its one :class:`~voice_game.audio.player.Player`,
so speech is synthesized to memory and handed to the player like a cue. Two
synthesizers:

* :class:`EspeakSynth` runs the ``espeak-ng`` program (``--stdout``: a WAV
  stream on stdout). One process per sentence costs ~15-40 ms here. Above
  450 words a minute espeak-ng speeds its output up with libsonic instead of
  squeezing the phonemes, which keeps it intelligible (see
  ``benchmarks/speech_latency.py`` for figures).
* :class:`Pyttsx3Synth` uses pyttsx3's ``save_to_file`` (SAPI5 on Windows,
  NSSpeech on macOS, libespeak on Linux) into a temporary WAV.

:func:`split_sentences` cuts a message so the first sentence can play while
the rest is synthesized. :func:`trim` removes the silence synthesizers put
around an utterance (it delays the first audible sample and slows fast
listeners down).
"""
from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol

import numpy as np

# words per minute: the one limit (voice_game.core.output); espeak-ng speeds up past 450 with sonic
from voice_game.core.output import RATE_DEFAULT, RATE_MAX, RATE_MIN

# voice used when the settings name none: espeak-ng voice per game language
DEFAULT_VOICES = {"de": "de", "en": "en"}


class SynthError(Exception):
    """The synthesizer is missing or failed on a text."""


class Synth(Protocol):
    """What the output asks of a synthesizer: its name, a voice to set, a text made sound."""

    @property
    def name(self) -> str: ...

    voice: str

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]: ...

    def close(self) -> None: ...


# --------------------------------------------------------------------------
# text


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_CLAUSE = re.compile(r"(?<=,)\s+(?=\S)")
FIRST_CHUNK_CHARS = 90  # a longer first sentence is cut at a comma to start sooner


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text`` in order; a long first sentence is split at its first comma.

    Numbers like "1." inside a sentence are not a problem for the listener even if
    they cause a split: the pieces are played back to back.
    """
    parts = [p.strip() for p in _SENTENCE_END.split(text.strip()) if p.strip()]
    if not parts:
        return []
    first = parts[0]
    if len(first) > FIRST_CHUNK_CHARS:
        pieces = _CLAUSE.split(first, maxsplit=1)
        if len(pieces) == 2 and len(pieces[0]) >= 12:
            parts = pieces + parts[1:]
    return parts


# --------------------------------------------------------------------------
# audio helpers


def parse_wav_stream(data: bytes) -> tuple[np.ndarray, int]:
    """PCM16 samples and rate of a WAV byte string, also when sizes are unknown.

    ``espeak-ng --stdout`` writes a streaming header whose RIFF and data sizes
    are 0x7ffff000, so the data chunk is taken as "the rest of the stream".
    """
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise SynthError("not a WAV stream")
    pos = 12
    rate: int | None = None
    channels = 1
    bits = None
    while pos + 8 <= len(data):
        cid = data[pos:pos + 4]
        size = struct.unpack("<I", data[pos + 4:pos + 8])[0]
        body = pos + 8
        if cid == b"fmt ":
            fmt, channels, rate = struct.unpack("<HHI", data[body:body + 8])
            bits = struct.unpack("<H", data[body + 14:body + 16])[0]
            if fmt != 1 or bits != 16:
                raise SynthError(f"unsupported WAV format {fmt}/{bits} bit")
        elif cid == b"data":
            if rate is None:
                raise SynthError("WAV data before format")
            end = min(len(data), body + size)
            raw = data[body:end]
            raw = raw[:len(raw) - len(raw) % (2 * channels)]
            pcm = np.frombuffer(raw, dtype="<i2").astype(np.int16)
            if channels > 1:
                pcm = pcm.reshape(-1, channels)
            return pcm, int(rate)
        pos = body + size + (size & 1)
    raise SynthError("WAV stream without data")


def trim(pcm: np.ndarray, rate: int, threshold: int = 200, keep_ms: float = 4.0,
         tail_ms: float = 90.0) -> np.ndarray:
    """Cut leading silence (keeping ``keep_ms``) and trailing silence (keeping ``tail_ms``)."""
    mono = np.abs(pcm.astype(np.int32))
    if mono.ndim == 2:
        mono = mono.max(axis=1)
    loud = np.flatnonzero(mono > threshold)
    if len(loud) == 0:
        return pcm[:0]
    start = max(0, int(loud[0]) - int(rate * keep_ms / 1000))
    end = min(len(pcm), int(loud[-1]) + 1 + int(rate * tail_ms / 1000))
    return pcm[start:end]


def pause_ms(wpm: int) -> float:
    """Pause kept after a sentence: ~90 ms at 175 wpm, shorter when faster."""
    return max(25.0, 90.0 * RATE_DEFAULT / max(RATE_MIN, wpm))


# --------------------------------------------------------------------------
# synthesizers


class EspeakSynth:
    """``espeak-ng --stdout`` per call; thread-safe (no shared state)."""

    name = "espeak-ng"

    def __init__(self, lang: str = "de", voice: str = "", program: str | None = None):
        self.program: str = program or shutil.which("espeak-ng") or shutil.which("espeak") or ""
        if not self.program:
            raise SynthError("espeak-ng is not installed (apt-get install espeak-ng)")
        self.lang = lang
        self.voice = voice or DEFAULT_VOICES.get(lang, lang)

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]:
        wpm = int(max(RATE_MIN, min(RATE_MAX, wpm)))
        # amplitude stays at espeak's default: volume is applied by the player, so a
        # change is heard at once, also on speech already synthesized.
        args = [self.program, "--stdout", "-v", self.voice, "-s", str(wpm), "--", text]
        try:
            res = subprocess.run(args, capture_output=True, timeout=30,
                                 stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SynthError(str(exc)) from exc
        if res.returncode != 0:
            raise SynthError(res.stderr.decode("utf-8", "replace").strip() or "espeak-ng failed")
        return parse_wav_stream(res.stdout)

    def close(self) -> None:
        """Nothing kept open: one process per sentence."""

    @staticmethod
    def voices(lang: str | None = None) -> list[str]:
        """espeak-ng voice names (optionally of one language), for the settings."""
        # MBROLA voices (voice_game.audio.voices) and variants ("!v/Storm") are not voices here
        return [cols[1] for cols in espeak_voice_list(lang) if not cols[4].startswith(("mb/", "!v/"))]


_voice_lists: dict[tuple[str, str | None], tuple[tuple[str, ...], ...]] = {}


def espeak_voice_list(lang: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The rows of ``espeak-ng --voices[=lang]`` (columns: Pty, Language, Age/Gender,
    VoiceName, File, ...), read once per program and language: the voices installed do
    not change while the game runs. No espeak-ng, or it failed: no rows (asked again)."""
    prog = shutil.which("espeak-ng")
    if not prog:
        return ()
    key = (prog, lang)
    if key not in _voice_lists:
        args = [prog, f"--voices={lang}"] if lang else [prog, "--voices"]
        try:
            out = subprocess.run(args, capture_output=True, text=True, timeout=10).stdout
        except (OSError, subprocess.TimeoutExpired):
            return ()
        _voice_lists[key] = tuple(cols for cols in (tuple(line.split()) for line in out.splitlines()[1:])
                                  if len(cols) >= 5)
    return _voice_lists[key]


class LibEspeakSynth:
    """libespeak-ng in this process (ctypes): no process start per sentence.

    The library has one global state, so calls are serialized by a class-wide
    lock and the voice and rate are set before each call. Sample rate 22050 Hz.
    """

    name = "libespeak-ng"
    _lock = threading.Lock()
    _lib: Any = None
    _rate = 0
    _chunks: list = []
    _cb = None

    def __init__(self, lang: str = "de", voice: str = ""):
        self.lang = lang
        self.voice = voice or DEFAULT_VOICES.get(lang, lang)
        with LibEspeakSynth._lock:
            if LibEspeakSynth._lib is None:
                LibEspeakSynth._load()

    @classmethod
    def _load(cls) -> None:
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("espeak-ng")
        if not name:
            raise SynthError("libespeak-ng is not installed")
        try:
            lib = ctypes.CDLL(name)
        except OSError as exc:
            raise SynthError(str(exc)) from exc
        proto = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)

        def on_audio(wav, n, events):
            if n > 0 and wav:
                cls._chunks.append(ctypes.string_at(wav, n * 2))
            return 0  # 0: go on

        cls._cb = proto(on_audio)  # kept referenced for the library
        lib.espeak_Initialize.restype = ctypes.c_int
        rate = lib.espeak_Initialize(0x02, 100, None, 0)  # AUDIO_OUTPUT_SYNCHRONOUS, 100 ms buffers
        if rate <= 0:
            raise SynthError("espeak_Initialize failed")
        lib.espeak_SetSynthCallback(cls._cb)
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.espeak_Synth.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int,
                                     ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
        cls._lib, cls._rate = lib, rate

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]:
        lib = LibEspeakSynth._lib
        data = text.encode("utf-8") + b"\0"
        with LibEspeakSynth._lock:
            if lib.espeak_SetVoiceByName(self.voice.encode("utf-8")) != 0:
                raise SynthError(f"no espeak-ng voice {self.voice!r}")
            lib.espeak_SetParameter(1, int(max(RATE_MIN, min(RATE_MAX, wpm))), 0)  # espeakRATE
            LibEspeakSynth._chunks = []
            # position 0, POS_CHARACTER, no end, espeakCHARS_UTF8 | espeakENDPAUSE
            err = lib.espeak_Synth(data, len(data), 0, 1, 0, 0x1 | 0x1000, None, None)
            chunks, LibEspeakSynth._chunks = LibEspeakSynth._chunks, []
        if err != 0:
            raise SynthError(f"espeak_Synth failed ({err})")
        return np.frombuffer(b"".join(chunks), dtype="<i2").copy(), LibEspeakSynth._rate

    def close(self) -> None:
        """The library stays loaded for the next synthesizer of this process."""


class Pyttsx3Synth:
    """pyttsx3 ``save_to_file`` into a temporary WAV.

    pyttsx3 engines are not thread-safe, so every call is serialized, and the
    engine is created in the first calling thread (the output's worker).
    """

    name = "pyttsx3"

    def __init__(self, lang: str = "de", voice: str = ""):
        self.lang = lang
        self.voice = voice
        self._engine: Any = None
        self._lock = threading.Lock()
        self._dir = Path(tempfile.mkdtemp(prefix="vg-tts-"))

    def _init(self):
        import pyttsx3  # a missing driver is a reported fallback, not a crash

        engine = pyttsx3.init()
        try:
            # pyttsx3's espeak driver prints "Audio saved to ..." after save_to_file,
            # which would land in the game's text output: shadow print in that module only
            from pyttsx3.drivers import espeak as _espeak_driver
            _espeak_driver.print = lambda *a, **k: None
        except Exception:  # noqa: BLE001 - other platforms use other drivers
            pass
        want = (self.voice or self.lang).lower()
        try:
            for v in engine.getProperty("voices"):
                langs = [str(x).lower() for x in (getattr(v, "languages", []) or [])]
                ident = f"{v.id} {v.name} {' '.join(langs)}".lower()
                if want == str(v.id).lower() or want in langs or f"/{want}" in ident or f"{want}-" in ident:
                    engine.setProperty("voice", v.id)
                    break
        except Exception:  # noqa: BLE001 - a voice list we cannot read keeps the default voice
            pass
        return engine

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]:
        with self._lock:
            try:
                if self._engine is None:
                    self._engine = self._init()
                path = self._dir / "utt.wav"
                self._engine.setProperty("rate", int(max(RATE_MIN, min(RATE_MAX, wpm))))
                self._engine.save_to_file(text, str(path))
                self._engine.runAndWait()
                data = path.read_bytes()
            except SynthError:
                raise
            except Exception as exc:  # noqa: BLE001 - any driver failure is a SynthError
                raise SynthError(str(exc)) from exc
        try:
            return parse_wav_stream(data)
        except SynthError:
            # some drivers write AIFF or other formats; read them with the stdlib if we can
            import wave
            import io
            try:
                with wave.open(io.BytesIO(data)) as w:
                    pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
                    return pcm.reshape(-1, w.getnchannels()) if w.getnchannels() > 1 else pcm, w.getframerate()
            except Exception as exc:  # noqa: BLE001
                raise SynthError(f"unreadable synthesizer output: {exc}") from exc

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


def make_synth(lang: str, voice: str = "", engine: str = "auto") -> Synth:
    """The best synthesizer here: espeak-ng's program on Linux, else pyttsx3."""
    if engine in ("auto", "libespeak-ng"):
        try:
            return LibEspeakSynth(lang, voice)
        except SynthError:
            if engine == "libespeak-ng":
                raise
    if engine in ("auto", "espeak-ng") and (shutil.which("espeak-ng") or shutil.which("espeak")):
        return EspeakSynth(lang, voice)
    if engine == "espeak-ng":
        raise SynthError("espeak-ng is not installed")
    synth = Pyttsx3Synth(lang, voice)
    synth.synthesize("a")  # fails here, not in the middle of a game
    return synth


__all__ = ["DEFAULT_VOICES", "EspeakSynth", "espeak_voice_list", "LibEspeakSynth", "Pyttsx3Synth", "Synth", "SynthError", "make_synth",
           "parse_wav_stream", "pause_ms", "split_sentences", "trim"]
