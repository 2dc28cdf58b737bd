#!/usr/bin/env python3
"""The forced scoring's log-softmax, the whole matrix in float64 (before 2026-12-05) against
``WhisperCommandModel._forced`` (float32 exponentials, float64 sums): each clip of
``latency_parts.py --full`` (its synthetic phrases and 12 corpus words) decoded with both in
turn (``rec.decode``, the same audio); decisions compared clip by clip, and the time spent
in ``score()``.

    nice -n 10 uv run --group bench python benchmarks/forced_scoring_compare.py de
"""
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import speech_bench as sb  # noqa: E402
import voices  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.speech.hypothesis import to_pcm16  # noqa: E402
from voice_game.speech.recognize import read_audio  # noqa: E402
from voice_game.speech.whisper_decoder import WhisperCommandModel, _logsumexp  # noqa: E402

def old_forced(self, rows, q):
    """The float64 arithmetic of before."""
    rows = rows.astype(np.float64)
    m = rows.max(axis=1, keepdims=True)
    lse = (m + np.log(np.exp(rows - m).sum(axis=1, keepdims=True)))[:, 0]
    tops = np.maximum(rows[:, : self.n_text].max(axis=1), rows[:, self.eot]) - lse
    said = rows[np.arange(len(q)), list(q)] - lse[: len(q)]
    logprob = float(said.sum())
    gap = float((tops[: len(q)] - said).sum())
    last = rows[len(q)] - lse[len(q)]
    end = _logsumexp([float(last[self.eot])] + [float(last[t]) for t in self.end_tokens])
    return logprob + end, gap + max(0.0, float(tops[len(q)]) - end)


NEW_FORCED = WhisperCommandModel._forced


def items_of(lang: str, sets) -> list[tuple[str, np.ndarray, str]]:
    """(state, float 16 kHz audio, what was said): the synthetic phrases, 12 corpus words."""
    g = load_grammar(lang)
    synth, _ = sb.synth_items(lang, sets, False)
    items = [(n, voices.synthesize(p.spoken, v).astype(np.float32) / 32768, f"{p.spoken} ({v})")
             for n, p, v in synth]
    _, phrases = sets["place"]
    clips = [x for x in sb.corpus_items(lang, False)
             if x["source"] != "fsdd" and sb.expected(g, phrases, x["word"])]
    random.Random(sb.SEED + 2).shuffle(clips)
    for x in clips[:12]:
        a, rate = read_audio(sb.CORPUS / x["file"])
        pcm = np.frombuffer(to_pcm16(a, rate, 16000), dtype="<i2").astype(np.float32) / 32768
        items.append(("place", pcm, x["word"]))
    return items


def decode(rec, audio: np.ndarray, forced) -> tuple[str, float, float, list]:
    """The phrase and confidence with ``forced`` as the arithmetic, the seconds in score()
    and every score it gave."""
    m = rec.m
    WhisperCommandModel._forced = forced
    real = m.score
    spent = [0.0]
    scores: list = []

    def score(enc, seqs):
        t = time.perf_counter()
        r = real(enc, seqs)
        spent[0] += time.perf_counter() - t
        scores.extend(r)
        return r

    m.score = score
    try:
        h = rec.decode(audio, 16000)
    finally:
        m.score = real
        WhisperCommandModel._forced = NEW_FORCED
    return h.text, round(h.confidence, 6), spent[0], scores


def main() -> int:
    for lang in (sys.argv[1] if len(sys.argv) > 1 else "de,en").split(","):
        sets = sb.state_sets(lang)
        recs: dict = {}
        same = diff = 0
        t_old = t_new = worst = 0.0
        for name, audio, said in items_of(lang, sets):
            if name not in recs:
                recs[name] = sb.make_engine("whisper", lang, sb.phrase_strings(sets[name][1]))
            old = decode(recs[name], audio, old_forced)
            new = decode(recs[name], audio, NEW_FORCED)
            t_old += old[2]
            t_new += new[2]
            for (l1, g1), (l2, g2) in zip(old[3], new[3], strict=True):
                worst = max(worst, abs(l1 - l2), abs(g1 - g2))
            ok = old[:2] == new[:2]
            same += ok
            diff += not ok
            print(f"{lang} {name:14s} {'same' if ok else 'DIFF'} {old[:2]} {new[:2]} score ms "
                  f"{old[2] * 1000:5.0f} -> {new[2] * 1000:5.0f} | {said}", flush=True)
        print(f"{lang}: {same} same, {diff} different; score() in all {t_old * 1000:.0f} -> "
              f"{t_new * 1000:.0f} ms; largest change of a score {worst:.2e} nats")
    return 0


if __name__ == "__main__":
    sys.exit(main())
