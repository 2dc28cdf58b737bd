"""Speech benchmark: accuracy, rejection, decode time, end-of-speech latency, memory.

    nice uv run python benchmarks/speech_bench.py [--quick]

Corpus: command phrases (English, German) spoken by several espeak-ng voices
at 140/175/210 wpm, clean (45 dB noise floor) and with pink noise at 20 and
10 dB SNR, plus out-of-grammar utterances. Conditions are run in blocks (all
clean, then all 20 dB, ...) as in a room whose noise does not change between
commands. Accuracy: the recognized text equals the expected phrase.
Rejection: out-of-grammar speech comes back with empty text. Latency: the
streaming path (50 ms chunks, the recognizer's endpointer) from the end of the
speech to the result, counted in audio time plus the processing time of the
chunk that produced the result (simulated real time).
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, ".")
from voice_game.speech.synth import RATE, add_noise, synthesize  # noqa: E402

EN = ["draw", "take conductor one", "take conductor two", "take conductor three",
      "conductor four", "pass", "help", "repeat", "yes", "no", "brass circle", "strings cross",
      "woodwinds star", "percussion square", "quit", "score", "my cards", "what can i say"]
DE = ["ziehen", "dirigent eins nehmen", "dirigent zwei nehmen", "dirigent drei nehmen", "drei",
      "beenden", "tuba kreis", "klavier stich", "gitarre kreuz", "hilfe", "wiederholen", "ja",
      "nein", "punkte", "passen", "was kann ich sagen"]
OOG = {"en": ["what a lovely weather today", "the cat sat on the mat", "I would like a cup of tea",
              "hello", "seven", "banana", "open the window please", "nothing to see here"],
       "de": ["Guten Morgen wie geht es dir", "Das Wetter ist heute schön", "hallo",
              "Kartoffelsalat", "wo ist der Bahnhof", "Ich möchte einen Kaffee"]}
VOICES = {"en": ["en-us", "en-gb", "en+m3", "en+f3"], "de": ["de", "de+f2", "de+m3"]}
SPEEDS = [140, 175, 210]


def pct(xs, q):
    return float(np.percentile(xs, q)) if xs else float("nan")


def stream_latency(rec, audio: np.ndarray, speech_end_s: float):
    pcm = audio.tobytes()
    rec.reset()
    step = int(0.05 * RATE) * 2
    for i in range(0, len(pcm), step):
        t0 = time.perf_counter()
        h = rec.accept_audio(pcm[i:i + step])
        dt = time.perf_counter() - t0
        if h is not None:
            audio_t = (i + step) / 2 / RATE
            return h, (audio_t - speech_end_s) * 1000 + dt * 1000
    h = rec.finish()
    return h, float("nan")


def run_engine(name, make, lang, quick):
    phrases = EN if lang == "en" else DE
    rec = make(lang, phrases)
    voices = VOICES[lang][:2] if quick else VOICES[lang]
    speeds = [175] if quick else SPEEDS
    out = {}
    decode_ms = []
    for cond in (None, 20, 10):
        ok = n = 0
        misses = []
        for v in voices:
            for s in speeds:
                for k, p in enumerate(phrases):
                    a = synthesize(p, v, s, floor_db=45, seed=k)
                    if cond is not None:
                        a = add_noise(a, cond, seed=k + s)
                    h = rec.decode(a)
                    decode_ms.append(h.decode_ms)
                    n += 1
                    if h.text == p:
                        ok += 1
                    elif len(misses) < 6:
                        misses.append(f"{p}/{v}/{s}->{h.text or '∅'}")
        out[f"acc_{'clean' if cond is None else str(cond) + 'dB'}"] = (ok, n, misses)
    rej = n = 0
    for v in voices:
        for s in speeds:
            for p in OOG[lang]:
                h = rec.decode(synthesize(p, v, s, floor_db=45))
                n += 1
                rej += h.text == ""
    out["rejection"] = (rej, n, [])
    lats = []
    for k, p in enumerate(phrases[: 8 if quick else len(phrases)]):
        a = synthesize(p, voices[0], 175, floor_db=45, lead_silence=0.5, tail_silence=1.5, seed=k)
        speech_end = (a.size - int(1.5 * RATE)) / RATE
        h, lat = stream_latency(rec, a, speech_end)
        if h is not None and not np.isnan(lat):
            lats.append(lat)
    out["decode_ms"] = decode_ms
    out["latency_ms"] = lats
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    engines = []
    from voice_game.speech.sphinx_engine import SphinxRecognizer
    engines.append(("pocketsphinx", lambda lang, ph: SphinxRecognizer(lang, ph)))
    try:
        from voice_game.speech.models import find_model
        from voice_game.speech.vosk_engine import VoskRecognizer

        def mk_vosk(lang, ph):
            path = find_model(lang)
            if path is None:
                raise RuntimeError("no model")
            return VoskRecognizer(path, ph)
        for lang in ("en", "de"):
            if find_model(lang) is None:
                print(f"vosk {lang}: no model installed, skipped")
        engines.append(("vosk", mk_vosk))
    except Exception as exc:  # noqa: BLE001
        print(f"vosk: unavailable ({exc}), skipped")
    for name, make in engines:
        for lang in ("en", "de"):
            try:
                r = run_engine(name, make, lang, args.quick)
            except RuntimeError as exc:
                print(f"{name} {lang}: skipped ({exc})")
                continue
            print(f"== {name} {lang}")
            for key in ("acc_clean", "acc_20dB", "acc_10dB", "rejection"):
                ok, n, misses = r[key]
                print(f"  {key:10s} {100 * ok / n:5.1f} %  ({ok}/{n})  {'; '.join(misses)}")
            d = r["decode_ms"]
            print(f"  decode ms  median {statistics.median(d):.0f}  p95 {pct(d, 95):.0f}")
            la = r["latency_ms"]
            if la:
                print(f"  end-of-speech -> result ms  median {statistics.median(la):.0f}  "
                      f"p95 {pct(la, 95):.0f}  (n={len(la)})")
            print(f"  peak RSS so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB",
                  flush=True)


if __name__ == "__main__":
    main()
