"""Multi-word commands in rooms, streamed through the recognizer's own stages.

    nice uv run --group bench python benchmarks/rooms_phrases.py [--langs de,en] [--per-set 10]
        [--conditions "clean,fan 15,babble 15,music 15"] [--frontends none,webrtc,gate,webrtc+gate]

The human corpus has single words only; multi-word moves come from natural synthetic
voices (``speech_bench.synth_items``: Tierorchester and Concerto moves of the benchmark's
states, Pico, Piper, MBROLA; espeak-ng left out; ``--per-set`` 4 or less: the quick set), put in a room (``rooms.degrade``) and fed block by block to
one Whisper recognizer per state with each front end (``WhisperRecognizer.set_denoise``,
``set_noise_floor``), as the microphone listener feeds it. Counted: the move understood
exactly, and how the utterance ended (by the voice detection, or only by the stream's end).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rooms  # noqa: E402
import speech_bench as sb  # noqa: E402
from speech_heldout import babble_pools  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.speech.recognize import understand_text  # noqa: E402

BLOCK = 800  # 50 ms


def stream(rec, pcm: np.ndarray):
    rec.reset()
    data = pcm.astype("<i2").tobytes()
    for i in range(0, len(data), BLOCK * 2):
        h = rec.accept_audio(data[i:i + BLOCK * 2])
        if h is not None:
            return h, True
    return rec.finish(), False


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--per-set", type=int, default=10, help="moves per state (speech_bench's full run: 10)")
    ap.add_argument("--conditions", default="clean,fan 15,babble 15,music 15")
    ap.add_argument("--frontends", default="none,webrtc,gate,webrtc+gate")
    args = ap.parse_args()
    import voices

    conds = args.conditions.split(",")
    fronts = args.frontends.split(",")
    print(f"Multi-word moves in rooms, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"command: nice uv run --group bench python benchmarks/rooms_phrases.py {' '.join(sys.argv[1:])}")
    for lang in args.langs.split(","):
        g = load_grammar(lang)
        sets = sb.state_sets(lang)
        quick = args.per_set <= 4
        items, _ = sb.synth_items(lang, sets, quick)
        # natural voices only (espeak-ng is not what a person sounds like), moves of two words or more
        items = [(n, p, v) for n, p, v in items if len(p.spoken.split()) >= 2 and not v.startswith("espeak")]
        recs = {name: sb.make_engine("whisper", lang, sb.phrase_strings(ph)) for name, (_, ph) in sets.items()}
        all_items = [x for x in json.loads((sb.CORPUS / "labels.json").read_text()) if x["lang"] == lang]
        pool = [v[0] for v in babble_pools(all_items).values()]
        audio = {}
        for _name, p, voice in items:
            a = voices.synthesize(p.spoken, voice).astype(np.float32) / 32768
            audio[(p.spoken, voice)] = a
        for cond in conds:
            for fe in fronts:
                parts = fe.split("+")
                ok = ended = n = 0
                misses = []
                for name, p, voice in items:
                    rec = recs[name]
                    rec.set_noise_floor("floor" in parts, "gate" in parts)
                    rec.set_denoise(next((x for x in parts if x not in ("gate", "floor", "none")), "off"))
                    seed = int(hashlib.sha256(f"{p.spoken}|{voice}|{cond}".encode()).hexdigest()[:8], 16)
                    x = rooms.degrade(audio[(p.spoken, voice)], cond, seed, pool, after_s=1.5)
                    # a second of the room before, as the microphone heard it
                    lead = rooms.degrade(np.zeros(16000, np.float32), cond, seed + 1, pool, after_s=0)[:16000] \
                        if cond != "clean" else np.zeros(16000, np.float32)
                    pcm = np.clip(np.concatenate([lead, x]) * 32767, -32768, 32767).astype(np.int16)
                    h, by_vad = stream(rec, pcm)
                    game, phrases = sets[name]
                    got = understand_text(g, game, h.text, h.confidence, phrases) if h else None
                    n += 1
                    ok += got == p.as_dict()
                    ended += by_vad
                    if got != p.as_dict():
                        misses.append(f"'{p.spoken}' ({voice}) -> '{h.text if h else ''}'")
                print(f"{lang} | {cond} | {fe} | {ok}/{n} right | {ended}/{n} ended by the voice detection | "
                      + "; ".join(misses[:5]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
