"""Benchmark: how well the game's narration can be understood, voice by voice.

Nobody at this table can listen for us, so the closest thing to a listener is used: a
speech recognizer trained on real people (Whisper base, the multilingual model the game
ships) writes down what it hears of the game's own lines, synthesized exactly as the
game plays them (``voice_game.audio.voices``: the voice, the rate, the trimmed pauses).
The figure is the share of the line's words it wrote down (in order), per voice and
language, beside the seconds of speech and the words a minute actually heard.

The lines are the first distinct narration lines of seeded bot-only games of both games
(``voice-game play <game> --tts text --players "bot:Amadeus,bot:Clara,bot:Bea"``): names,
instruments, animals, numbers, as a player hears them.

A recognizer is not a person: Whisper knows natural speech, so it under-rates robotic
voices that practised screen-reader users follow at high rates. The figure compares
voices; it does not say a person would miss a word.

Run: nice -n 10 uv run python benchmarks/listen_bench.py [--langs de,en] [--voices all]
     [--rate 175] [--lines 25] [--show]
"""
from __future__ import annotations

import argparse
import difflib
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voice_game.audio.speech import pause_ms, split_sentences, trim  # noqa: E402
from voice_game.audio.voices import make_voice, voices  # noqa: E402
from voice_game.speech.recognize import to_16k_int16  # noqa: E402
from voice_game.speech.whisper_models import find_whisper_model  # noqa: E402

GAMES = ("orchestra", "concerto")
PLAYERS = "bot:Amadeus,bot:Clara,bot:Bea"


def game_lines(game: str, lang: str, n: int, seed: int = 3) -> list[str]:
    res = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", game, "--tts", "text",
                          "--lang", lang, "--players", PLAYERS, "--seed", str(seed)],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600, cwd=ROOT)
    lines = [ln.strip() for ln in res.stdout.splitlines() if ln.strip()]
    return list(dict.fromkeys(lines))[:n]


def words(text: str) -> list[str]:
    return re.findall(r"[\wäöüß]+", text.lower())


def to16k(pcm: np.ndarray, rate: int) -> np.ndarray:
    """16-bit PCM at ``rate`` as Whisper takes it: mono, 16 kHz, float, resampled as the
    game resamples what it hears (voice_game.speech.recognize.to_16k_int16)."""
    x = pcm.astype(np.float32) / 32768.0
    if x.ndim == 2:
        x = x.mean(axis=1)
    return to_16k_int16(x, rate).astype(np.float32) / 32768.0


def render(synth, line: str, wpm: int) -> np.ndarray:
    """The line as the game plays it: sentence by sentence, trimmed, its pauses kept."""
    parts = []
    for sentence in split_sentences(line):
        pcm, rate = synth.synthesize(sentence, wpm)
        parts.append(to16k(trim(pcm, rate, tail_ms=pause_ms(wpm)), rate))
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--voices", default="all", help="comma-separated voice names ('' or default: espeak-ng), or all")
    ap.add_argument("--rate", type=int, default=175)
    ap.add_argument("--lines", type=int, default=25, help="lines per game")
    ap.add_argument("--show", action="store_true", help="print every line heard differently")
    a = ap.parse_args(argv)
    from faster_whisper import WhisperModel

    model = WhisperModel(str(find_whisper_model("de")), device="cpu", compute_type="int8", cpu_threads=2)
    print(f"listening benchmark: Whisper base writes down the game's lines; {a.rate} words a minute, "
          f"{a.lines} lines per game")
    print(f"{'lang':4} {'voice':14} {'words heard':>16} {'seconds':>8} {'words/min':>9}")
    for lang in a.langs.split(","):
        lines = [ln for g in GAMES for ln in game_lines(g, lang, a.lines)]
        names = ["default"] + voices(lang) if a.voices == "all" else a.voices.split(",")
        for name in names:
            synth = make_voice(lang, "" if name == "default" else name)
            total = right = 0
            secs = 0.0
            for line in lines:
                audio = render(synth, line, a.rate)
                secs += len(audio) / 16000
                segs, _ = model.transcribe(audio, language=lang, beam_size=5,
                                           condition_on_previous_text=False, vad_filter=False)
                heard = " ".join(s.text for s in segs).strip()
                said, got = words(line), words(heard)
                ok = sum(m.size for m in difflib.SequenceMatcher(a=said, b=got).get_matching_blocks())
                total += len(said)
                right += ok
                if a.show and ok < len(said):
                    print(f"    said:  {line}\n    heard: {heard}")
            close = getattr(synth, "close", None)
            if close is not None:
                close()
            wpm = total / secs * 60 if secs else 0.0
            label = "espeak-ng" if name == "default" else name
            print(f"{lang:4} {label:14} {right:5}/{total:<5} {100 * right / max(total, 1):5.1f} % "
                  f"{secs:8.1f} {wpm:9.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
