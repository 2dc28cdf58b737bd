#!/usr/bin/env python3
"""The loudest part of an utterance that gave nothing, tried in a noisy room (issue 22).

    nice uv run --group bench python benchmarks/loud_part_rooms.py [--langs en,de]
        [--conditions "clean,babble 15,babble 5,fan 15,music 15"] [--rooms 160]

In babble Whisper writes the other voices' words beside the player's ("Two, one, two,
one." for "two") and the whole utterance reads as no command: nothing happens. The
Whisper recognizer then decodes the utterance's loudest part alone when it stands
``PART_STANDS_DB`` over the rest (voice_game/speech/utterance_audio.loud_part; its
``Hypothesis.part``), and the listener takes that part when the whole gave nothing and the
part is sure (``MIN_CONFIDENCE_PART``, speech/listener.py; in silence never surer than that,
so a move it names is read back first). Those bars were set on the
duplex benchmark (the game's own voice), never on these clips: every speaker here is held
out for them.

The clips are speech_heldout.py's room sample (``--rooms``, half commands, half other
words, seeded), in the Tierorchester state where a musician is placed at one of five
conductors, each put in the room as that benchmark does (``rooms.degrade``, the same
seeds, 2 s of the room after the word), and streamed through the recognizer as the game
streams the microphone (10 ms blocks, as fast as it decodes: its voice detection ends the
utterance; the first result counts). Each result goes through the game's own reading and
read-back rules (speech_bench.tally): the whole alone, and with the part the recognizer
decoded when the whole gave nothing.
Printed per language and room: commands right (at once or read back) and other words
acted on or read back, the whole alone and with the part.
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
import speech_heldout as sh  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.speech.hypothesis import Hypothesis  # noqa: E402
from voice_game.speech.listener import Listener  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16, understand_text  # noqa: E402


def streamed(rec, audio: np.ndarray) -> Hypothesis:
    """The first result of ``audio`` (float, 16 kHz) streamed in 10 ms blocks."""
    rec.reset()
    pcm = np.clip(np.round(audio * 32767), -32768, 32767).astype("<i2").tobytes()
    for i in range(0, len(pcm), 320):
        h = rec.accept_audio(pcm[i:i + 320])
        if h is not None:
            return h
    return rec.finish() or Hypothesis("", 0.0)


def run(lang: str, conditions: list[str], n_rooms: int) -> list[str]:
    g = load_grammar(lang)
    game, phrases = sb.state_sets(lang)["place"]
    items = sb.corpus_items(lang, False)
    sample = sh.room_sample(items, g, phrases, n_rooms)
    from voice_game.speech.engines import make_recognizer

    rec, _ = make_recognizer("whisper", lang, sb.phrase_strings(phrases))
    all_items = [x for x in json.loads((sb.CORPUS / "labels.json").read_text()) if x["lang"] == lang]
    pools = sh.babble_pools(all_items) if any("babble" in c for c in conditions) else {}
    out = []
    for cond in conditions:
        book: dict = {}
        parts = used = 0
        t0 = time.time()
        for x in sample:
            a, rate = read_audio(sb.CORPUS / x["file"])
            a16 = to_16k_int16(a, rate).astype(np.float32) / 32768
            seed = int(hashlib.sha256(sh.clip_key(x, cond).encode()).hexdigest()[:8], 16)
            pool = [v[0] for s, v in pools.items() if s != x["speaker"]]
            audio = rooms.degrade(a16, cond, seed, pool, after_s=2.0)
            want = sb.expected(g, phrases, x["word"])
            kind = "command" if want else "other"
            whole = streamed(rec, audio)
            got = understand_text(g, game, whole.text, whole.confidence, phrases) if whole.text else None
            sb.tally(book, ("whole", kind), g, phrases, whole, want, got)
            h = whole
            if whole.empty and whole.part is not None:
                parts += 1
                alone = Listener.part_to_weigh(whole, over_narration=False)  # the listener's own rule
                if alone is not None:
                    used += 1
                    h = alone
                    got = understand_text(g, game, h.text, h.confidence, phrases)
                print(f"    {cond}: {x['file']} '{x['word']}': the whole nothing, its part "
                      f"'{whole.part.text}' {whole.part.confidence:.2f}", flush=True)
            sb.tally(book, ("with the part", kind), g, phrases, h, want, got)
        for way in ("whole", "with the part"):
            c, o = book[(way, "command")], book[(way, "other")]
            right = c["right at once"] + c["right asked"]
            acted = o["n"] - o["nothing"]
            wrong = sum(c[k] for k in sb.ACTED if k.startswith("wrong") and "asked" not in k)
            out.append(f"| {lang} | {cond} | {way} | {right / c['n']:.1%} ({right}/{c['n']}, {c['right asked']} read back) "
                       f"| {wrong} | {acted} of {o['n']} ({o['n'] - o['nothing'] - sum(o[k] for k in sb.ACTED if 'asked' in k)} at once) |")
        out.append(f"|  |  | (loud parts {parts}, taken {used}; {time.time() - t0:.0f} s) | | | |")
        print(out[-3], out[-2], out[-1], sep="\n", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="en,de")
    ap.add_argument("--conditions", default="clean,babble 15,babble 5,fan 15,music 15")
    ap.add_argument("--rooms", type=int, default=160)
    args = ap.parse_args(argv)
    print("| lang | room | decisions | commands right | commands acted on as another | other words acted on or read back |")
    print("|---|---|---|---|---|---|")
    for lang in args.langs.split(","):
        run(lang, [c.strip() for c in args.conditions.split(",")], args.rooms)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
