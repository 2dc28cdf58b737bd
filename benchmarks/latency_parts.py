#!/usr/bin/env python3
"""Where the time from the end of speech to the command goes, stage by stage.

    nice uv run --group bench python benchmarks/latency_parts.py [--langs de,en] [--human 12]
        [--full] [--variants now,...]   (e.g. --variants win8,win4: the short window;
        --variants now,stands: an early refusal standing, with only quiet after it, against the whole
        utterance decoded again)

The streaming path of ``speech_bench.py --parts latency`` (the same clips: corpus words in
the Tierorchester "place" state, synthetic phrases of both games in their states, fed in
real time in 50 ms blocks, 0.5 s of silence before and 1.5 s of a faint floor after), each
clip through every ``--variants`` in turn (old and new meet the same load). For each
utterance the timeline, in ms from the true end of speech (last sample within 30 dB of the
peak):

* ``detect``: the voice detection's first silent frame after the last voiced one (Silero's
  lag and the 50 ms blocks);
* ``start``: the decode whose result was given began (its encoder call);
* ``encode`` / ``free`` / ``search``: that decode's encoder, Whisper's own transcript, and
  the constrained search with its scoring (each its own duration);
* ``result``: the recognizer gave the result (the hangover: a result ready before the end
  of speech is confirmed waits);
* ``apply``: the game's reading of it (``understand_text``), added to ``result``;
* ``waited``: how many results came more than 30 ms after their decode was done (the end
  of speech not yet confirmed), and those waits summed.

Also the decodes begun and thrown away (the person spoke on). Prints medians and p95s per
row and writes nothing; the figures go into docs/BENCHMARKS.md by hand.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import speech_bench as sb  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.speech.hypothesis import to_pcm16  # noqa: E402
from voice_game.speech.recognize import read_audio, understand_text  # noqa: E402
from voice_game.speech.vad import Vad  # noqa: E402
from voice_game.speech.whisper_settings import NO_SPEECH_WEIGHT  # noqa: E402

#: the settings compared (``--variants``): name -> the recognizer's ``settle_chunks`` (silent
#: 32 ms chunks after which an early decode's doubtful complete phrase ends the utterance;
#: None: the engine's own, ``whisper_settings.SETTLE_S``)
VARIANTS: dict[str, int | None] = {
    "now": None,
    # before issue 22's latency round: a doubtful complete phrase waited for the whole end
    # of speech
    "before": 0,
    "settle-0.15": 5,
    "settle-0.25": 8,
    "win8": None,
    "win6": None,
    "win4": None,
    "win3": None,
    # an early decode that gave nothing stands when only quiet followed it (the recognizer's
    # ``early_refusal_stands``; the engine decodes the whole utterance again)
    "stands": None,
    # all of Whisper's no-speech probability off a transcript's confidence (the recognizer's
    # ``no_speech_weight`` 1.0, as before 2026-12-07): fewer early decodes are sure
    "nsp-whole": None,
}
#: the variants that set the recognizer's ``short_window`` (the one mel window of an
#: utterance of at most ``whisper_settings.SHORT_WINDOW_MAX_S``; None: the 8 s window);
#: the others keep the engine's own (``whisper_settings.SHORT_WINDOW_S``)
WINDOW_VARIANTS: dict[str, float | None] = {"win8": None, "win6": 6.0, "win4": 4.0, "win3": 3.0}
#: the variants in which an early decode that gave nothing, with only quiet after it, stands
#: (the recognizer's ``early_refusal_stands``); the others keep the engine's own
STANDS_VARIANTS = {"stands"}
#: the variants with all of the no-speech probability off the confidence; the others keep the
#: engine's own (``whisper_settings.NO_SPEECH_WEIGHT``)
WHOLE_NO_SPEECH_VARIANTS = {"nsp-whole"}


class Trace:
    """Wall-clock marks of one recognizer's stages (its model's calls, its detector's
    frames), for one utterance at a time."""

    def __init__(self, rec) -> None:
        self.marks: list[tuple[str, float, float, int]] = []  # (what, start, end, thread)
        self.lock = threading.Lock()
        m = rec.m
        m.encode = self._timed("encode", m.encode)
        m.free_decode = self._timed("free_decode", m.free_decode)
        m.constrained_decode = self._timed("constrained_decode", m.constrained_decode)
        m.score = self._timed("score", m.score)
        m.search_tokens = self._timed("search_tokens", m.search_tokens)
        ep = rec._ep
        push = ep.push

        def traced_push(frame, heard=None):
            d = push(frame, heard)
            t = time.perf_counter()
            with self.lock:
                self.marks.append((d.value, t, t, 0))
            return d

        ep.push = traced_push

    def _timed(self, name: str, fn):
        """``fn`` marking its start and end."""

        def traced(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                with self.lock:
                    self.marks.append((name, t, time.perf_counter(), threading.get_ident()))

        return traced

    def clear(self) -> None:
        with self.lock:
            self.marks = []


def timeline(marks, t_end: float, t_result: float) -> dict:
    """The stages of one utterance, ms from the true end of speech."""
    ms = lambda t: (t - t_end) * 1000  # noqa: E731
    frames = [(w, t) for w, _, t, _ in marks if w in {v.value for v in Vad}]
    last_voice = max((i for i, (w, _) in enumerate(frames) if w in ("start", "voice")), default=None)
    detect = next((t for w, t in frames[(last_voice or 0) + 1:] if w in ("pause", "end")), None)
    calls = [m for m in marks if m[0] not in {v.value for v in Vad} and m[2] <= t_result + 1e-6]
    encodes = [m for m in calls if m[0] == "encode"]
    used = encodes[-1] if encodes else None
    out = {"detect": ms(detect) if detect else float("nan"), "result": ms(t_result),
           "thrown": max(0, len(encodes) - 1)}
    if used is not None:
        after = [m for m in calls if m[1] >= used[1] and m[3] == used[3]]
        out["start"] = ms(used[1])
        out["encode"] = (used[2] - used[1]) * 1000
        out["free"] = sum((m[2] - m[1]) * 1000 for m in after if m[0] == "free_decode")
        out["search"] = sum((m[2] - m[1]) * 1000 for m in after
                            if m[0] in ("constrained_decode", "score", "search_tokens"))
        out["decoded"] = ms(max(m[2] for m in after))
    return out


def stream(rec, trace: Trace, audio: np.ndarray, end: int):
    trace.clear()
    h, dt = sb.stream_realtime(rec, audio, end)
    t_result = time.perf_counter()
    t_end = t_result - dt if not np.isnan(dt) else float("nan")
    return h, (timeline(list(trace.marks), t_end, t_result) if not np.isnan(dt) else None)


def pct(v: list[float], q: float) -> float:
    v = sorted(x for x in v if not np.isnan(x))
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))] if v else float("nan")


def show(rows: dict) -> None:
    cols = ("detect", "start", "encode", "free", "search", "decoded", "result", "apply")
    print(f"{'row':44s} {'n':>3s} {'right':>5s} {'thrown':>6s} {'waited':>12s}  " + "  ".join(f"{c:>13s}" for c in cols))
    for key, r in rows.items():
        tl = r["tl"]
        cells = []
        for c in cols:
            v = [t[c] for t in tl if c in t]
            cells.append(f"{statistics.median(v):6.0f}/{pct(v, 0.95):6.0f}" if v else f"{'n/a':>13s}")
        waits = [t["result"] - t["decoded"] for t in tl if "decoded" in t]
        waited = f"{sum(w > 30 for w in waits)}, {sum(waits):5.0f}"
        print(f"{key:44s} {r['n']:3d} {r['ok']:5d} {sum(t['thrown'] for t in tl):6d} {waited:>12s}  " + "  ".join(cells))
    print("(median/p95 ms from the true end of speech; encode/free/search: durations; waited: utterances "
          "whose result came more than 30 ms after its decode was done, and the ms so waited in all)")


def main() -> int:
    import voices

    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--human", type=int, default=12, help="corpus words a language")
    ap.add_argument("--full", action="store_true", help="10 synthetic phrases a game state (else 4)")
    ap.add_argument("--variants", default="now", help="comma-separated: " + ", ".join(VARIANTS))
    ap.add_argument("--each", action="store_true", help="print every utterance's timeline")
    ap.add_argument("--seed", type=int, default=sb.SEED + 2)
    args = ap.parse_args()
    os.environ.setdefault("VOICE_GAME_CACHE_DIR", str(Path.home() / ".cache" / "voice_game"))
    names = args.variants.split(",")
    print(f"load average at start: {os.getloadavg()}")
    for lang in args.langs.split(","):
        g = load_grammar(lang)
        sets = sb.state_sets(lang)
        recs = {name: sb.make_engine("whisper", lang, sb.phrase_strings(ph)) for name, (_, ph) in sets.items()}
        traces = {name: Trace(r) for name, r in recs.items()}
        own = {name: r.settle_chunks for name, r in recs.items()}
        own_window = {name: r.short_window for name, r in recs.items()}
        own_stands = {name: r.early_refusal_stands for name, r in recs.items()}
        rows: dict = {}
        items = []
        game, phrases = sets["place"]
        clips = [x for x in sb.corpus_items(lang, False) if x["source"] != "fsdd"
                 and sb.expected(g, phrases, x["word"])]
        random.Random(args.seed).shuffle(clips)
        for x in clips[:args.human]:
            a, rate = read_audio(sb.CORPUS / x["file"])
            audio, end = sb.in_silence(np.frombuffer(to_pcm16(a, rate, sb.RATE), dtype="<i2"))
            items.append(("human words", "place", audio, end, sb.expected(g, phrases, x["word"]), x["word"]))
        synth, _ = sb.synth_items(lang, sets, not args.full)
        for name, p, voice in synth:
            kind = "Concerto phrases" if name.startswith("concerto") else "Tierorchester phrases"
            audio, end = sb.in_silence(voices.synthesize(p.spoken, voice))
            items.append((kind, name, audio, end, p.as_dict(), f"{p.spoken} ({voice})"))
        for kind, state, audio, end, want, said in items:
            game, phrases = sets[state]
            for v in names:
                rec = recs[state]
                settle = VARIANTS[v]
                rec.settle_chunks = own[state] if settle is None else settle
                rec.short_window = WINDOW_VARIANTS[v] if v in WINDOW_VARIANTS else own_window[state]
                rec.early_refusal_stands = True if v in STANDS_VARIANTS else own_stands[state]
                rec.no_speech_weight = 1.0 if v in WHOLE_NO_SPEECH_VARIANTS else NO_SPEECH_WEIGHT
                h, tl = stream(rec, traces[state], audio, end)
                t = time.perf_counter()
                got = understand_text(g, game, h.text, h.confidence, phrases) if h else None
                apply_ms = (time.perf_counter() - t) * 1000
                r = rows.setdefault(f"{lang} {kind} [{v}]", {"n": 0, "ok": 0, "tl": [], "miss": []})
                r["n"] += 1
                r["ok"] += got == want
                if got != want:
                    r["miss"].append(f"'{said}' -> '{h.text if h else ''}'")
                if tl is not None:
                    tl["apply"] = tl["result"] + apply_ms
                    r["tl"].append(tl)
                if args.each:
                    print(f"  {lang} [{v}] '{said}' -> '{h.text if h else ''}' {h.confidence if h else 0:.2f} "
                          + (" ".join(f"{k} {x:.0f}" for k, x in tl.items()) if tl else "no end"), flush=True)
        show(rows)
        for k, r in rows.items():
            for m in r["miss"]:
                print(f"  miss {k}: {m}")
        print(f"load average: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
