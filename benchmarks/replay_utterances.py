#!/usr/bin/env python3
"""The utterances a game's recognizer finished, decoded again offline.

    VOICE_GAME_DEBUG_UTTERANCES=/tmp/utt VOICE_GAME_DEBUG_DUPLEX=1 uv run python \\
        benchmarks/duplex_bench.py --duplex full --keep /tmp/run
    uv run python benchmarks/replay_utterances.py /tmp/utt --events '/tmp/run/g*/events.jsonl'

Each kept utterance (voice_game/speech/utterance_keep.py: the audio after the echo canceller
and the noise suppressor, what the game made of it, the phrases allowed then) is matched to
the ``voice.heard`` event the game wrote for it (the same monotonic clock, within 0.3 s) and
decoded again with the same phrases by a fresh recognizer of ``--lang`` (by default the
language of the phrases). Prints, per decision of the game (delivered, ignored, echo ...), how
many there were and how many a fresh decode of the audio alone gives the same text; then
each utterance the game ignored with its text, the replay's text and confidence, and its
length and level; with ``--parts`` also what the loudest part of each such utterance whose
whole gave nothing is heard as alone (voice_game/speech/utterance_audio.loud_part: the
Whisper recognizer's own second try, which the listener weighs over the game's voice only).
What it is for: the utterances lost over the narration, kept to try a
change of the recognizer on the very audio the room gave (issue 21), not on a simulation.
"""
from __future__ import annotations

import argparse
import collections
import glob
import json
import sys
import wave
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_game.speech.engines import make_recognizer  # noqa: E402
from voice_game.speech.utterance_audio import loud_part  # noqa: E402


def load(folder: Path) -> list[dict]:
    out = []
    for js in sorted(folder.glob("u*.json")):
        info = json.loads(js.read_text())
        with wave.open(str(js.with_suffix(".wav"))) as w:
            info["audio"] = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(np.float32) / 32768.0
        info["name"] = js.stem
        out.append(info)
    return out


def heard_events(pattern: str) -> list[dict]:
    events = []
    for f in glob.glob(pattern):
        for line in Path(f).read_text().splitlines():
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("type") == "voice.heard":
                events.append(e)
    return sorted(events, key=lambda e: e["at"])


def match(u: dict, events: list[dict]) -> dict | None:
    near = [e for e in events if abs(e["at"] - u["at"]) < 0.3 and e.get("text", "") == u["text"]]
    return min(near, key=lambda e: abs(e["at"] - u["at"])) if near else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--events", default="", help="the games' --events files (a glob)")
    ap.add_argument("--lang", default="", help="de or en (default: by the phrases)")
    ap.add_argument("--parts", action="store_true", help="also decode the loudest part of what gave nothing")
    args = ap.parse_args(argv)
    utts = load(args.folder)
    events = heard_events(args.events) if args.events else []
    recs: dict[str, object] = {}
    rows = []
    for u in utts:
        lang = args.lang or ("de" if {"zwei", "ziehen", "hilfe"} & set(u["phrases"]) else "en")
        if lang not in recs:
            recs[lang], _ = make_recognizer("whisper", lang, [])
        rec = recs[lang]
        rec.set_phrases(u["phrases"])  # type: ignore[attr-defined]
        again = rec.decode(u["audio"], 16000)  # type: ignore[attr-defined]
        e = match(u, events)
        decision = e["decision"] if e is not None else "?"
        level = 10 * np.log10(float(np.mean(u["audio"] ** 2)) + 1e-12)
        rows.append((u, decision, again, level))
    by = collections.Counter(d for _, d, _, _ in rows)
    same = collections.Counter(d for u, d, a, _ in rows if a.text == u["text"])
    print(f"{len(rows)} utterances from {args.folder}")
    for d, n in by.most_common():
        print(f"  {d:10s} {n:4d}, the replay gives the same text for {same[d]}")
    print("\nignored by the game (the narration went on):")
    for u, d, a, level in rows:
        if d == "ignored":
            part = ""
            cut = loud_part(u["audio"]) if args.parts and a.empty else None
            if cut is not None:
                rec = recs[args.lang or ("de" if {"zwei", "ziehen", "hilfe"} & set(u["phrases"]) else "en")]
                rec.set_phrases(u["phrases"])  # type: ignore[attr-defined]
                p = rec.decode(u["audio"][cut[0]:cut[1]], 16000)  # type: ignore[attr-defined]
                part = f"; its loud part {cut[0] / 16000:.2f}-{cut[1] / 16000:.2f} s: '{p.text}' {p.confidence_over_voice:.2f}"
            print(f"  {u['name']}: {u['audio'].size / 16000:.2f} s, {level:.0f} dBFS; game '{u['text']}' "
                  f"{u['confidence']:.2f} (over the voice {u['over_voice'] if u['over_voice'] is None else round(u['over_voice'], 2)}); "
                  f"replay '{a.text}' {a.confidence:.2f}{part}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
