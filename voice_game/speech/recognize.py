"""``voice-game recognize FILE.wav ...``: one JSON line per file.

{"file", "engine", "text", "command", "confidence", "decode_ms"}; ``command`` is null
when the game rejects what was heard (out of grammar, or too unsure), else the parsed
command such as {"intent": "take", "conductor": 2}.
"""
from __future__ import annotations

import argparse
import json
import sys
import wave

import numpy as np

from voice_game.commands.grammar import LANGUAGES, load_grammar
from voice_game.commands.matcher import match
from voice_game.core.game import default_game
from voice_game.speech import phrase_cache
from voice_game.speech.engines import NoRecognizer, make_recognizer, will_be_whisper
from voice_game.speech.whisper_decoder import _faster_whisper_module

MIN_CONFIDENCE = 0.35


def read_wav(path) -> tuple[np.ndarray, int]:
    """Any PCM WAV (8/16/24/32 bit, any rate, any channels) -> mono float32, rate."""
    with wave.open(str(path), "rb") as w:
        ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
        raw = w.readframes(n)
    if width == 1:
        x = (np.frombuffer(raw, np.uint8).astype(np.float32) - 128) / 128
    elif width == 2:
        x = np.frombuffer(raw, "<i2").astype(np.float32) / 32768
    elif width == 3:
        b = np.frombuffer(raw, np.uint8).reshape(-1, 3)
        v = (b[:, 0].astype(np.int32) | (b[:, 1].astype(np.int32) << 8) | (b[:, 2].astype(np.int32) << 16))
        v = np.where(v >= 1 << 23, v - (1 << 24), v)
        x = v.astype(np.float32) / (1 << 23)
    elif width == 4:
        x = np.frombuffer(raw, "<i4").astype(np.float32) / 2**31
    else:
        raise ValueError(f"unsupported sample width {width}")
    if ch > 1:
        x = x.reshape(-1, ch).mean(axis=1)
    return x, rate


def read_audio(path) -> tuple[np.ndarray, int]:
    """A WAV file directly; any other format a microphone recorder makes (FLAC, OGG,
    MP3, ...) through PyAV (FFmpeg's decoders, shipped in its wheel)."""
    try:
        return read_wav(path)
    except (wave.Error, EOFError, ValueError):
        pass
    try:
        # its audio module alone (PyAV, numpy), not the package's transcriber and model
        # downloader (0.15 s of CPU of a start without bytecode)
        decode_audio = _faster_whisper_module("audio").decode_audio
    except ImportError as exc:  # pragma: no cover - faster-whisper is a dependency
        raise ValueError("not a WAV file") from exc
    try:
        return decode_audio(str(path), sampling_rate=16000), 16000
    except Exception as exc:  # noqa: BLE001 - PyAV raises its own error classes
        raise ValueError("not an audio file") from exc


def to_16k_int16(x: np.ndarray, rate: int) -> np.ndarray:
    if rate != 16000:
        n = int(round(len(x) * 16000 / rate))
        x = np.interp(np.linspace(0, len(x) - 1, n), np.arange(len(x)), x).astype(np.float32)
    return np.clip(x * 32767, -32768, 32767).astype(np.int16)


def understand_text(grammar, game: str, text: str, confidence: float, phrases=None,
                    commands_of=None) -> dict | None:
    """The command the game derives from a recognizer result, or None (rejected).

    ``phrases`` are the grammar Phrases active now (default: all of ``game``);
    ``commands_of`` (words -> the commands of the phrases of ``game`` with exactly these
    words, :meth:`PhraseStore.commands_of`) answers an exact phrase without them.
    """
    if not text or confidence < MIN_CONFIDENCE:
        return None
    if phrases is None and commands_of is not None:
        words = tuple(grammar.normalize_words(text))
        if not words:
            return None
        exact = commands_of(words)
        if exact:  # the matcher's exact case: one command acted on, several offered
            return dict(next(iter(exact))) if len(exact) == 1 else None
    m = match(grammar, text, grammar.phrases(game) if phrases is None else phrases)
    if m.kind in ("exact", "clear", "close"):
        return m.command
    return None


def main(argv: list[str] | None = None, out=None) -> int:
    out = out or sys.stdout
    ap = argparse.ArgumentParser(prog="voice-game recognize")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--lang", choices=LANGUAGES, default="de")
    ap.add_argument("--engine", choices=["auto", "whisper", "vosk", "pocketsphinx"], default="auto")
    ap.add_argument("--game", default=None, help="the game whose commands to hear (default: the first)")
    ap.add_argument("--model", default=None)
    args = ap.parse_args(argv)
    if args.game is None:
        args.game = default_game()
    # the game's phrases made at an earlier run (the grammar read from it too)
    store = phrase_cache.open_store(args.lang, args.game)
    grammar = store.grammar if store is not None else load_grammar(args.lang)

    def phrases() -> list[str]:
        if store is not None:
            return store.forms()
        return sorted({form for p in grammar.phrases(args.game) for form in (p.spoken, p.text)})

    read_errors = (OSError, EOFError, ValueError, wave.Error)

    def audio_of(f: str) -> np.ndarray | Exception:
        """The file as 16 kHz int16 samples, or what went wrong reading it."""
        try:
            x, rate = read_audio(f)
        except read_errors as exc:
            return exc
        return to_16k_int16(x, rate)

    first: np.ndarray | Exception | None = None
    try:
        rec = None
        if will_be_whisper(args.engine, args.lang, args.model):
            # the model loads in the background while the game's phrases are read or made
            rec, engine = make_recognizer(args.engine, args.lang, [], args.model, background=True)
            if store is None:
                store = phrase_cache.make_store(args.lang, args.game, rec.decoys, rec.fillers)
            table = store.table_for(rec.decoys, rec.fillers)
            if table is not None:
                rec.set_table(table)
            else:
                rec.set_phrases(phrases())
            # the first file is read (a FLAC file decoded) while the model still loads
            first = audio_of(args.files[0])
            try:
                rec.wait_ready()
            except RuntimeError:
                if args.engine == "whisper" or args.model is not None:
                    raise
                rec = None  # auto: the next engine, as make_recognizer would have chosen
        if rec is None:
            rec, engine = make_recognizer(args.engine, args.lang, phrases(), args.model)
    except (NoRecognizer, RuntimeError) as exc:
        out.write(json.dumps({"error": "no_recognizer", "detail": str(exc)}) + "\n")
        return 1
    rc = 0
    for k, f in enumerate(args.files):
        pcm = first if k == 0 and first is not None else audio_of(f)
        if isinstance(pcm, Exception):
            out.write(json.dumps({"file": f, "error": str(pcm)}, ensure_ascii=False) + "\n")
            rc = 1
            continue
        rec.reset()
        hyp = rec.decode(pcm, 16000)
        cmd = understand_text(grammar, args.game, hyp.text, hyp.confidence,
                              commands_of=store.commands_of if store is not None else None)
        out.write(json.dumps({"file": f, "engine": engine, "text": hyp.text, "command": cmd,
                              "confidence": round(float(hyp.confidence), 3),
                              "decode_ms": round(float(hyp.decode_ms), 1)}, ensure_ascii=False) + "\n")
        out.flush()
    return rc
