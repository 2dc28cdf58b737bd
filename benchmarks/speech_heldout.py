"""Speech recognition as a new player meets it: thresholds chosen on some speakers,
figures reported on speakers they were not chosen on, in quiet and in rooms.

    nice uv run --group bench python benchmarks/speech_heldout.py [--quick] [--langs de,en]
        [--rooms 48] [--conditions "fan 15,babble 15,music 15,fan 5,babble 5,music 5,reverb,reverb+babble 15"]
        [--out benchmarks/results/speech_heldout.md] [--fresh] [--adaptive -70,-60,-50]

1. *Evidence.* Every clip of ``../shared/speech-corpus`` (``--quick``: a sample) is
   decoded once, clean, and a sample of ``--rooms`` clips per language again in each room
   condition (``benchmarks/rooms.py``: fan, babble of six other corpus speakers, music;
   15 and 5 dB SNR; a synthetic room's reverberation, T60 0.3 to 0.6 s), in the
   Tierorchester state where a musician is placed at one of five conductors. What the
   recognizer weighs is kept for each clip (``whisper_decision.Evidence``: Whisper's own
   transcripts and no-speech probability, the phrase they read as, the constrained
   search's phrases with their gaps, a sound-alike's margin), in a cache file, so that
   any threshold can be judged again without decoding.
2. *Held out.* Speakers are split into folds (leave one speaker out when a source has
   few; six folds over the crowd-sourced speakers). For each fold the recognizer's
   thresholds (``whisper_decision.Thresholds``: the gap budget, the no-speech limit, the
   sound-alike margin, the near-win factor) are chosen on the other folds' clips, every
   condition pooled, and the chosen set judges the fold's clips. The report gives the
   sum over folds: only figures of speakers the thresholds never saw.
3. *What the game does.* Each result goes through the game's own reading
   (``understand_text``) and read-back rules (``speech_bench.asks_first``): a command is
   accepted right at once, read back (right), refused, read back wrong, or acted on as
   another command; a non-command is refused, read back, or acted on.
4. *The room denoiser* (``--adaptive -65,-60,...``): suppression only in a noisy room
   (``denoise.RoomDenoiser``) runs on every clip, having heard the room before the word
   (a clean recording's room is its own quietest 0.3 s); what it gives out is decoded (or
   found decoded: the plain and the ``webrtc`` caches, a cache by the audio's hash), and
   its threshold is chosen per fold on the other folds with the recognizer's thresholds.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import itertools
import json
import os
import random
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rooms  # noqa: E402
import speech_bench as sb  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.session.understanding import lone_number_bar  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16, understand_text  # noqa: E402
from voice_game.speech.whisper_decision import DEFAULT, Evidence, Thresholds, judge  # noqa: E402

CONDITIONS = ["fan 15", "babble 15", "music 15", "fan 5", "babble 5", "music 5", "reverb", "reverb+babble 15"]
#: the values each threshold may take when chosen on the training folds
GRID = {
    # 1.5 (cheapest on the corpus) refuses real lone words that are no number and so no
    # near win: a test speaker's "stop" at 1.56 (tests/speech/test_whisper.py)
    "accept_gap": (2.0, 2.5, 3.0, 4.0, 5.0),
    "max_no_speech": (0.6, 0.8, 0.9, 0.97, 1.01),
    "alike_gap": (0.5, 1.5, 3.0),
    "near": (1.0, 1.5, 2.0, 3.0),
    "no_speech_weight": (0.25, 0.5, 1.0),
}
#: the confidence a lone number word needs to be acted on at once, not read back
#: (``session.understanding.NUMBER_CONFIDENT``), chosen on the training folds as well
NUMBER_BARS = (0.80, 0.84, 0.88, 0.92, 0.95, 0.96)
#: what each outcome costs when thresholds are chosen (rates within commands or non-commands):
#: a right command read back costs the player a "yes" (a quarter of a refusal, which costs
#: a "not understood" and the command again); a move nobody said, thirty refusals, whether
#: the person said another command or no command at all
COST = {"refused": 1.0, "right asked": 0.25, "wrong asked": 2.0, "wrong at once": 30.0, "nc asked": 0.5,
        "nc at once": 30.0}
OUTCOMES = ("right at once", "right asked", "refused", "wrong asked", "wrong at once")
NC_OUTCOMES = ("nc refused", "nc asked", "nc at once")


def weigh(rec, audio: np.ndarray) -> Evidence:
    """The complete evidence of one utterance (float 16 kHz): the decode of
    ``WhisperRecognizer._decode_float`` with no step skipped for an earlier decision."""
    from voice_game.speech.hypothesis import to_pcm16
    from voice_game.speech.whisper_decision import Ranked

    pcm = np.frombuffer(to_pcm16(audio), dtype="<i2").astype(np.float32) / 32768.0
    table = rec._table
    t0 = time.perf_counter()
    if not table.by_words or pcm.size == 0:
        return Evidence(empty=True)
    m = rec.m
    with m.lock:
        enc = m.encode(pcm, rec.window_for(pcm.size))
        hyps, nsp = m.free_decode(enc, table.max_tokens, no_repeat=rec._no_repeat(m, table))
        mean = -1e9
        if hyps and hyps[0][0].strip():
            mean = hyps[0][1] / (len(m.tok.encode(hyps[0][0])) + 1)
        ev = Evidence(hyps=hyps, no_speech=nsp, mean_logprob=mean)
        free = rec.free_share(hyps, table)
        if free is not None:
            ev.free = free
        elif hyps and rec._unrelated(hyps[0][0], table):
            ev.unrelated = True
        else:
            ranked = rec._search(enc, table, heard=hyps[0][0] if hyps else "")
            ev.ranked = [Ranked(r.phrase, r.logprob, r.gap, r.words, r.phrase in table.decoys) for r in ranked]
        for phrase in ([ev.free[0]] if ev.free else []) + [r.phrase for r in ev.ranked[:2]]:
            alikes = rec.sound_alikes.get(phrase)
            if alikes and phrase not in ev.alike:
                def forms(word: str) -> list[str]:
                    cap = word[:1].upper() + word[1:]
                    return [" " + word, " " + cap, " " + cap + "."]
                own = forms(phrase)
                scores = m.score(enc, [m.spell(f) for f in own + [f for a in alikes for f in forms(a)]])
                ev.alike[phrase] = max(lp for lp, _ in scores[: len(own)]) - max(lp for lp, _ in scores[len(own):])
    ev.decode_ms = (time.perf_counter() - t0) * 1000
    return ev


#: ``--short-window``: the recognizer's one mel window of a short utterance (None: its own,
#: ``whisper_settings.SHORT_WINDOW_S``; 0: none, the 8 s window); its own evidence cache
SHORT_WINDOW: list[float | None] = [None]


def cache_path(lang: str, frontend: str = "none") -> Path:
    base = Path(os.environ.get("VOICE_GAME_CACHE_DIR", Path.home() / ".cache" / "voice_game"))
    tail = "" if frontend == "none" else f"-{frontend}"
    if SHORT_WINDOW[0]:
        tail += f"-w{SHORT_WINDOW[0]:g}"
    return base / "bench-evidence" / f"heldout-{lang}{tail}-{phrases_tag(lang)}.jsonl"


@functools.cache
def phrases_tag(lang: str) -> str:
    """A short digest of the phrases the recognizer listens for in the benchmark's state:
    the evidence decoded for one phrase set is not the evidence of another (the answers
    left the set on 2026-12-07)."""
    _, phrases = sb.state_sets(lang)["place"]
    return hashlib.sha256("\n".join(sb.phrase_strings(phrases)).encode()).hexdigest()[:8]


def front(audio: np.ndarray, frontend: str) -> np.ndarray:
    """``audio`` (float 16 kHz, the room's 0.3 s before the word first) as the recognizer
    hears it after ``frontend``: ``none`` (unchanged), a noise suppressor (``webrtc``,
    ``aec-audio-processing``), ``gate`` (``noise_floor.gate`` with the floor of the room
    before the word), or a suppressor and the gate (``webrtc+gate``). The suppressor hears
    the room first (the leading 0.3 s four times), as it would have heard the
    microphone's stream before the word in the game."""
    lead = int(0.3 * rooms.RATE)
    for part in frontend.split("+"):
        if part in ("none", "floor"):  # the voice detection's floor: only in the streamed part
            continue
        if part == "gate":
            from voice_game.speech.noise_floor import NoiseFloor, gate

            floor = NoiseFloor()
            floor.feed(np.tile(audio[:lead], 4))
            audio = gate(audio, floor.db)
            continue
        from voice_game.speech.denoise import denoise, make_denoiser

        den, why = make_denoiser(part)
        if den is None:
            raise SystemExit(f"no denoiser: {why}")
        audio = denoise(den, audio, prime=np.tile(audio[:lead], 4))
    return audio


def clip_key(x: dict, condition: str) -> str:
    return f"{x['file']}|{condition}"


#: a cached record whose ``free`` share is the hypotheses' share alone; records written
#: before 2026-12-07 have the no-speech probability taken off it (all of it), put back here
RAW_SHARE = {"free_share": "raw"}


def raw_share(d: dict) -> dict:
    """A cached record with its ``free`` share as :class:`Evidence` now keeps it."""
    if d.get("free_share") == "raw":
        return d
    ev = d.get("evidence") or {}
    if ev.get("free"):
        nsp = ev.get("no_speech", 0.0)
        ev["free"] = [ev["free"][0], min(1.0, ev["free"][1] / (1.0 - nsp)) if nsp < 1.0 else 0.0]
    return d | RAW_SHARE


def load_cache(lang: str, frontend: str = "none") -> dict[str, dict]:
    p = cache_path(lang, frontend)
    out: dict[str, dict] = {}
    if p.is_file():
        for line in p.read_text().splitlines():
            try:
                d = json.loads(line)
                out[d["key"]] = raw_share(d)
            except (ValueError, KeyError, TypeError, IndexError):
                continue
    return out


def babble_pools(items: list[dict]) -> dict[str, list[np.ndarray]]:
    """speaker -> their clips end to end (16 kHz float, silence trimmed), 12 clips each."""
    by: dict[str, list[dict]] = {}
    for x in items:
        by.setdefault(x["speaker"], []).append(x)
    pools: dict[str, list[np.ndarray]] = {}
    for spk, xs in by.items():
        parts = []
        for x in xs[:12]:
            a, rate = read_audio(sb.CORPUS / x["file"])
            a16 = to_16k_int16(a, rate).astype(np.float32) / 32768
            i, j = sb.voiced_span(a16, 16000, floor_db=35)
            if j > i:
                parts.append(a16[i:j + 1])
        if parts:
            pools[spk] = [np.concatenate(parts)]
    return pools


def room_sample(items: list[dict], g, phrases, n: int) -> list[dict]:
    """``n`` clips, half commands and half not, spread over speakers (seeded)."""
    rnd = random.Random(sb.SEED + 7)
    cmd = [x for x in items if sb.expected(g, phrases, x["word"])]
    other = [x for x in items if not sb.expected(g, phrases, x["word"])]
    rnd.shuffle(cmd)
    rnd.shuffle(other)
    return cmd[: n // 2] + other[: n - n // 2]


def collect(lang: str, quick: bool, n_rooms: int, conditions: list[str], fresh: bool, log,
            limit: int = 0, frontend: str = "none") -> list[dict]:
    """Decode what is not in the cache yet; every clip's evidence record."""
    g = load_grammar(lang)
    game, phrases = sb.state_sets(lang)["place"]
    items = sb.corpus_items(lang, quick)
    if limit:
        per: dict[str, int] = {}
        items = [x for x in items if (per.__setitem__(x["source"], per.get(x["source"], 0) + 1)
                                      or per[x["source"]] <= limit)]
    cache = {} if fresh else load_cache(lang, frontend)
    todo = [(x, "clean") for x in items]
    sample = room_sample(items, g, phrases, n_rooms)
    todo += [(x, c) for c in conditions for x in sample]
    missing = [(x, c) for x, c in todo if clip_key(x, c) not in cache]
    log(f"  {lang}: {len(todo)} decodes, {len(missing)} not cached")
    if missing:
        rec = sb.make_engine("whisper", lang, sb.phrase_strings(phrases))
        if SHORT_WINDOW[0] is not None:
            rec.short_window = SHORT_WINDOW[0] or None
        all_items = [x for x in json.loads((sb.CORPUS / "labels.json").read_text()) if x["lang"] == lang]
        pools = babble_pools(all_items) if any("babble" in c for _, c in missing) else {}
        p = cache_path(lang, frontend)
        p.parent.mkdir(parents=True, exist_ok=True)
        t0 = time.time()
        with p.open("w" if fresh else "a") as f:
            for k, (x, cond) in enumerate(missing):
                a, rate = read_audio(sb.CORPUS / x["file"])
                a16 = to_16k_int16(a, rate).astype(np.float32) / 32768
                seed = int(hashlib.sha256(clip_key(x, cond).encode()).hexdigest()[:8], 16)
                pool = [v[0] for s, v in pools.items() if s != x["speaker"]]
                audio = front(rooms.degrade(a16, cond, seed, pool), frontend)
                ev = weigh(rec, audio)
                d = {"key": clip_key(x, cond), "file": x["file"], "condition": cond, "speaker": x["speaker"],
                     "source": x["source"], "word": x["word"], "evidence": asdict(ev)} | RAW_SHARE
                cache[d["key"]] = d
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
                f.flush()
                if k % 50 == 49:
                    log(f"    {k + 1}/{len(missing)} decoded, {time.time() - t0:.0f} s")
    return [cache[clip_key(x, c)] for x, c in todo]


def quiet_room(audio: np.ndarray) -> np.ndarray:
    """A clean recording's own room: its quietest 0.3 s (10 ms frames' energy), the
    microphone's noise as that recording has it."""
    from voice_game.speech.noise_floor import FRAME, frame_db

    n = int(0.3 * rooms.RATE) // FRAME
    e = 10 ** (frame_db(audio) / 10)
    if e.size <= n:
        return audio
    k = int(np.argmin(np.convolve(e, np.ones(n), mode="valid")))
    return audio[k * FRAME:(k + n) * FRAME]


def room_front(audio: np.ndarray, room: np.ndarray, on_db: float) -> tuple[np.ndarray, str]:
    """``audio`` (float 16 kHz) through the recognizer's own :class:`denoise.RoomDenoiser`
    (suppression only in a noisy room) switching on at ``on_db``, after it heard ``room``
    (float, the room before the word) four times, as :func:`front` primes a suppressor; and
    how it acted on the clip: ``off`` (none of its suppressed frames given out: the clip as
    heard), ``on`` (only suppressed ones), else ``mixed``."""
    from voice_game.speech.denoise import FRAME_BYTES, RoomDenoiser, denoise

    stage = RoomDenoiser(on_db=on_db)
    stage.process(bytes(FRAME_BYTES))  # the silent frame make_denoiser probes every denoiser with
    prime = np.tile(room, 4)
    denoise(stage, prime[: prime.size - prime.size % (FRAME_BYTES // 2)])  # whole frames, as front()
    on0, off0 = stage.frames_on, stage.frames_off
    out = denoise(stage, audio)
    on, off = stage.frames_on - on0, stage.frames_off - off0
    return out, "off" if on == 0 else ("on" if off == 0 else "mixed")


def collect_room(lang: str, quick: bool, n_rooms: int, conditions: list[str], log, limit: int,
                 values: list[float]) -> dict[float, list[dict]]:
    """Every clip's evidence behind the room denoiser at each threshold in ``values``. The
    stage runs on every clip, having heard the room before the word: in a room condition
    its leading 0.3 s (as :func:`front`), for a clean recording the recording's own
    quietest 0.3 s (its microphone's noise; the clip's padding is digital silence, which
    no microphone gives). Where it passed the clip as heard, the evidence is that of the
    plain decode (its cache); where it gave out exactly what :func:`front` gives behind
    the suppressor, that of the suppressed decode (its cache); else what it gave out is
    decoded (a cache by the audio's hash, shared by the thresholds)."""
    plain = {r["key"]: r for r in collect(lang, quick, n_rooms, conditions, False, log, limit, "none")}
    supp = {r["key"]: r for r in collect(lang, quick, n_rooms, conditions, False, log, limit, "webrtc")}
    all_items = [x for x in json.loads((sb.CORPUS / "labels.json").read_text()) if x["lang"] == lang]
    pools = babble_pools(all_items) if any("babble" in c for c in conditions) else {}
    rec = None
    out: dict[float, list[dict]] = {v: [] for v in values}
    states: dict[tuple[float, str], dict[str, int]] = {}
    path = cache_path(lang, "room")
    heard_cache = load_cache(lang, "room")
    decoded = 0
    t0 = time.time()
    for k, (key, base) in enumerate(plain.items()):
        a, rate = read_audio(sb.CORPUS / base["file"])
        a16 = to_16k_int16(a, rate).astype(np.float32) / 32768
        cond = base["condition"]
        seed = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)
        pool = [p[0] for s, p in pools.items() if s != base["speaker"]]
        audio = rooms.degrade(a16, cond, seed, pool)
        lead = int(0.3 * rooms.RATE)
        room = quiet_room(a16) if cond == "clean" else audio[:lead]
        suppressed = None
        for v in values:
            # 0 dBFS: a floor never over it (full scale), the stage never switches in: the
            # clip as heard (suppression off), so that a fold can choose off too
            heard, state = (audio, "off") if v >= 0 else room_front(audio, room, v)
            if state == "on" and cond != "clean":
                if suppressed is None:
                    suppressed = front(audio, "webrtc")
                if not np.array_equal(heard, suppressed):
                    state = "on, not as front()"
            group = "clean" if cond == "clean" else ("reverb" if cond == "reverb" else cond.split()[-1] + " dB")
            tally = states.setdefault((v, group), {})
            tally[state] = tally.get(state, 0) + 1
            if state == "off":
                d = dict(base)
            elif state == "on" and cond != "clean":
                d = dict(supp[key])
            else:
                sha = hashlib.sha256(to_pcm16_bytes(heard)).hexdigest()[:20]
                if sha not in heard_cache:
                    if rec is None:
                        game, phrases = sb.state_sets(lang)["place"]
                        rec = sb.make_engine("whisper", lang, sb.phrase_strings(phrases))
                    heard_cache[sha] = {"key": sha, "evidence": asdict(weigh(rec, heard))} | RAW_SHARE
                    path.parent.mkdir(parents=True, exist_ok=True)
                    with path.open("a") as f:
                        f.write(json.dumps(heard_cache[sha]) + "\n")
                    decoded += 1
                d = dict(base, evidence=heard_cache[sha]["evidence"])
            d["front"], d["stage"] = f"room{v:g}", state
            out[v].append(d)
        if k % 200 == 199:
            log(f"    {k + 1}/{len(plain)} clips through the room denoiser, {decoded} decoded, "
                f"{time.time() - t0:.0f} s")
    for (v, group), tally in sorted(states.items()):
        log(f"  {lang} room denoiser on at {v:g} dB, {group}: {tally}")
    return out


def to_pcm16_bytes(audio: np.ndarray) -> bytes:
    from voice_game.speech.hypothesis import to_pcm16

    return to_pcm16(audio)


def held_out_room(lang: str, by_value: dict[float, list[dict]], log) -> dict:
    """:func:`held_out` with the room denoiser's threshold chosen per fold as well: for
    each threshold the recognizer's thresholds are chosen on the other folds, and the
    threshold of the least cost there judges the fold (ties: the higher threshold, the
    quieter room left as heard)."""
    j = Judge(lang)
    values = sorted(by_value)
    folds = folds_of(by_value[values[0]])
    out: dict = {"folds": [], "rows": {}, "default": {}, "chosen": []}
    from voice_game.speech.denoise import ON_DB
    for fold in folds:
        best = None
        costs = []
        for v in values:
            train = [r for r in by_value[v] if r["speaker"] not in fold]
            th, bar = choose(j, train)
            key = (cost(count(j, train, th, bar)), -v)
            costs.append(f"{v:g}: {key[0]:.3f}")
            if best is None or key < best[0]:
                best = (key, v, th, bar)
        assert best is not None
        _, v, th, bar = best
        log(f"  {lang} fold {'+'.join(sorted(fold))}: cost on the other folds at each threshold {costs}")
        out["chosen"].append(v)
        out["folds"].append((sorted(fold), {"on_db": v, **{k: getattr(th, k) for k in GRID}, "number_bar": bar}))
        for r in by_value[v]:
            if r["speaker"] in fold:
                c = out["rows"].setdefault((r["source"], r["condition"]), dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0))
                c[j.outcome(r, th, bar)] += 1
        if ON_DB in by_value:
            for r in by_value[ON_DB]:
                if r["speaker"] in fold:
                    d = out["default"].setdefault((r["source"], r["condition"]),
                                                  dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0))
                    d[j.outcome(r, DEFAULT)] += 1
    log(f"  {lang}: per fold, room denoiser threshold and thresholds: {out['folds']}")
    return out


def by_snr(title: str, rows: dict) -> list[str]:
    """The rooms pooled by level: clean, 15 dB, 5 dB, reverberation (alone, with babble)."""
    def group(cond: str) -> str:
        return "reverberation" if "reverb" in cond else ("clean" if cond == "clean" else cond.split()[-1] + " dB")

    sums: dict[str, dict[str, int]] = {}
    for (_, cond), c in rows.items():
        g = sums.setdefault(group(cond), dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0))
        for o in g:
            g[o] += c[o]
    L = [f"### {title}", "", "| room | commands right (read back) | refused | acted on as another "
         "| non-commands refused | acted on |", "|---|---|---|---|---|---|"]
    for name in ("clean", "15 dB", "5 dB", "reverberation"):
        if name in sums:
            c = sums[name]
            n, m = sum(c[k] for k in OUTCOMES), sum(c[k] for k in NC_OUTCOMES)
            L.append(f"| {name} | {pct(c['right at once'] + c['right asked'], n)} ({c['right asked']}) | "
                     f"{c['refused']} | {c['wrong at once']} | {pct(c['nc refused'], m)} | {c['nc at once']} |")
    return L + [""]


def streamed(lang: str, quick: bool, n: int, conditions: list[str], log, frontend: str = "none",
             variants: tuple[str, ...] = ("now",)) -> dict:
    """``n`` clips per condition (half commands) streamed in real time through the
    recognizer's own voice activity detection, 2 s of the room after the word: the
    command right or not, the time from the true end of speech to the result, and
    whether the detection ended the utterance at all (else the stream's end did).
    Each clip through each of ``variants`` in turn ("now": the engine's own; "stands": an
    early decode that gave nothing stands when only quiet followed it,
    ``whisper_settings.EARLY_REFUSAL_STANDS``)."""
    g = load_grammar(lang)
    game, phrases = sb.state_sets(lang)["place"]
    items = sb.corpus_items(lang, quick)
    sample = room_sample(items, g, phrases, n)
    rec = sb.make_engine("whisper", lang, sb.phrase_strings(phrases))
    # the recognizer's own stages, as the game runs them (the held-out part applies them offline)
    parts = frontend.split("+")
    rec.set_noise_floor("floor" in parts, "gate" in parts)
    rec.set_denoise(next((p for p in parts if p not in ("gate", "floor", "none")), "off"))
    all_items = [x for x in json.loads((sb.CORPUS / "labels.json").read_text()) if x["lang"] == lang]
    pools = babble_pools(all_items) if any("babble" in c for c in conditions) else {}
    out: dict = {}
    own = rec.early_refusal_stands
    for cond in ["clean"] + conditions:
        keys = {v: cond if len(variants) == 1 else f"{cond} [{v}]" for v in variants}
        for key in keys.values():
            out[key] = {"ok": 0, "n": 0, "ended": 0, "lat": [], "misses": [], "said": []}
        for x in sample:
            a, rate = read_audio(sb.CORPUS / x["file"])
            a16 = to_16k_int16(a, rate).astype(np.float32) / 32768
            _, last = sb.voiced_span((a16 * 32767).astype(np.int16), 16000, floor_db=30)
            seed = int(hashlib.sha256(clip_key(x, cond).encode()).hexdigest()[:8], 16)
            pool = [p[0] for s, p in pools.items() if s != x["speaker"]]
            audio = rooms.degrade(a16, cond, seed, pool, after_s=2.0)
            pcm = np.clip(audio * 32767, -32768, 32767).astype(np.int16)
            want = sb.expected(g, phrases, x["word"])
            for v, key in keys.items():
                rec.early_refusal_stands = True if v == "stands" else own
                r = out[key]
                h, dt = sb.stream_realtime(rec, pcm, int(0.3 * 16000) + last)
                got = understand_text(g, game, h.text, h.confidence, phrases) if h else None
                r["n"] += 1
                r["ok"] += got == want
                r["said"].append(h.text if h else "")
                if not np.isnan(dt):
                    r["ended"] += 1
                    if want is not None and got == want:
                        r["lat"].append(dt * 1000)
                if got != want:
                    r["misses"].append(f"'{x['word']}' ({x['speaker']}) -> '{h.text if h else ''}'")
        for key in keys.values():
            r = out[key]
            log(f"  streamed {lang} {key}: {r['ok']}/{r['n']} right, {r['ended']} ended by the detection, "
                f"{sb.ms(r['lat'])} ms")
        if len(variants) > 1:
            said = [out[k]["said"] for k in keys.values()]
            log(f"  streamed {lang} {cond}: {sum(len(set(t)) > 1 for t in zip(*said, strict=True))} of {len(sample)} clips "
                f"heard differently by {', '.join(variants)}")
    return out


def stream_table(lang: str, res: dict) -> list[str]:
    L = [f"### {lang}: streamed in real time through the voice activity detection", "",
         "| room | right (commands and not) | utterance ended by the detection | end of speech to command, "
         "ms median / p95 | misses |", "|---|---|---|---|---|"]
    for cond, r in res.items():
        L.append(f"| {cond} | {pct(r['ok'], r['n'])} | {pct(r['ended'], r['n'])} | {sb.ms(r['lat'])} | "
                 f"{'; '.join(r['misses'][:6])} |")
    return L + [""]


def folds_of(records: list[dict]) -> list[set[str]]:
    """Speaker folds: each Heidelberg and FSDD speaker alone (a handful per source), the
    crowd-sourced Speech Commands speakers in six folds."""
    solo = sorted({r["speaker"] for r in records if r["source"] != "speech-commands"})
    crowd = sorted({r["speaker"] for r in records if r["source"] == "speech-commands"})
    folds = [{s} for s in solo]
    if crowd:
        k = min(6, len(crowd))
        folds += [set(crowd[i::k]) for i in range(k)]
    return folds


class Judge:
    """Judges records with thresholds, the game's reading of each result remembered."""

    def __init__(self, lang: str):
        self.g = load_grammar(lang)
        self.numbers = frozenset(self.g.word_to_number)
        self.game, self.phrases = sb.state_sets(lang)["place"]
        self._memo: dict[tuple[str, float, float | None], tuple[dict | None, bool]] = {}
        self._want: dict[str, dict | None] = {}
        self.evidence: dict[tuple[str, str], Evidence] = {}
        #: the game's own lone-number bar for the language
        self.game_bar = lone_number_bar(lang)

    def want(self, word: str):
        if word not in self._want:
            self._want[word] = sb.expected(self.g, self.phrases, word)
        return self._want[word]

    def reading(self, text: str, conf: float, bar: float | None) -> tuple[dict | None, bool]:
        key = (text, round(conf, 4), bar)
        if key not in self._memo:
            got = understand_text(self.g, self.game, text, conf, self.phrases)
            asked = bool(got) and sb.asks_first(self.g, self.phrases, text, conf, got, bar)
            self._memo[key] = (got, asked)
        return self._memo[key]

    def outcome(self, r: dict, th: Thresholds, bar: float | None = None) -> str:
        """``bar``: the lone-number bar (None: the game's for the language)."""
        return self.outcomes(r, th, (bar,))[0]

    def outcomes(self, r: dict, th: Thresholds, bars: tuple[float | None, ...]) -> list[str]:
        """The outcome of record ``r`` under ``th`` with each lone-number bar of ``bars``
        (judged once)."""
        # the same clip decoded behind another front end is another record: keyed by both
        memo = (r.get("front", ""), r["key"])
        ev = self.evidence.get(memo)
        if ev is None:
            ev = self.evidence[memo] = Evidence.from_dict(r["evidence"])
        text, conf = judge(ev, th, self.numbers)
        want = self.want(r["word"])
        out = []
        for bar in bars:
            got, asked = self.reading(text, conf, bar) if text else (None, False)
            if want is None:
                out.append("nc refused" if got is None else ("nc asked" if asked else "nc at once"))
            elif got is None:
                out.append("refused")
            elif got == want:
                out.append("right asked" if asked else "right at once")
            else:
                out.append("wrong asked" if asked else "wrong at once")
        return out


def count(j: Judge, records: list[dict], th: Thresholds, bar: float | None = None) -> dict[str, int]:
    return counts(j, records, th, (bar,))[0]


def counts(j: Judge, records: list[dict], th: Thresholds, bars: tuple[float | None, ...]) -> list[dict[str, int]]:
    """The outcomes counted, one dict a lone-number bar of ``bars``."""
    cs = [dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0) for _ in bars]
    for r in records:
        for c, o in zip(cs, j.outcomes(r, th, bars), strict=True):
            c[o] += 1
    return cs


def cost(c: dict[str, int]) -> float:
    n_cmd = sum(c[k] for k in OUTCOMES) or 1
    n_nc = sum(c[k] for k in NC_OUTCOMES) or 1
    return (COST["refused"] * c["refused"] / n_cmd + COST["right asked"] * c["right asked"] / n_cmd
            + COST["wrong asked"] * c["wrong asked"] / n_cmd
            + COST["wrong at once"] * c["wrong at once"] / n_cmd
            + COST["nc asked"] * c["nc asked"] / n_nc + COST["nc at once"] * c["nc at once"] / n_nc)


def choose(j: Judge, train: list[dict]) -> tuple[Thresholds, float]:
    """The grid's thresholds and lone-number bar of the least cost on ``train`` (ties:
    nearest the defaults)."""
    best = None
    for values in itertools.product(*GRID.values()):
        th = replace(DEFAULT, **dict(zip(GRID, values, strict=True)))
        moved = sum(abs(getattr(th, k) - getattr(DEFAULT, k)) for k in GRID)
        for bar, got in zip(NUMBER_BARS, counts(j, train, th, NUMBER_BARS), strict=True):
            c = cost(got)
            dist = moved + abs(bar - j.game_bar)
            if best is None or (c, dist) < best[0]:
                best = ((c, dist), th, bar)
    assert best is not None
    return best[1], best[2]


def held_out(lang: str, records: list[dict], log) -> dict:
    j = Judge(lang)
    folds = folds_of(records)
    out: dict = {"folds": [], "rows": {}, "default": {}}
    for fold in folds:
        test = [r for r in records if r["speaker"] in fold]
        train = [r for r in records if r["speaker"] not in fold]
        th, bar = choose(j, train)
        out["folds"].append((sorted(fold), {k: getattr(th, k) for k in GRID} | {"number_bar": bar}))
        for r in test:
            row = (r["source"], r["condition"])
            c = out["rows"].setdefault(row, dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0))
            c[j.outcome(r, th, bar)] += 1
            d = out["default"].setdefault(row, dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0))
            d[j.outcome(r, DEFAULT)] += 1
    log(f"  {lang}: thresholds per fold: {out['folds']}")
    return out


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f} % ({k}/{n})" if n else "n/a"


def summary(rows: dict, keys) -> dict[str, int]:
    c = dict.fromkeys(OUTCOMES + NC_OUTCOMES, 0)
    for k, v in rows.items():
        if k in keys:
            for o in c:
                c[o] += v[o]
    return c


def table(title: str, rows: dict, conditions: list[str]) -> list[str]:
    L = [f"### {title}", "",
         "| source | room | commands | right at once | read back (right) | right in all | refused | read back wrong "
         "| acted on as another | non-commands | refused | read back | acted on |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    groups = [((s, c),) for s, c in sorted(rows, key=lambda k: (conditions.index(k[1]), k[0]))]
    srcs = sorted({s for s, _ in rows})
    for cond in conditions:
        keys = [(s, cond) for s in srcs if (s, cond) in rows]
        if len(keys) > 1:
            groups.append(tuple(keys))
    for keys in groups:
        c = summary(rows, keys)
        n, m = sum(c[k] for k in OUTCOMES), sum(c[k] for k in NC_OUTCOMES)
        src = keys[0][0] if len(keys) == 1 else "all"
        L.append(f"| {src} | {keys[0][1]} | {n} | {pct(c['right at once'], n)} | {pct(c['right asked'], n)} | "
                 f"{pct(c['right at once'] + c['right asked'], n)} | {pct(c['refused'], n)} | "
                 f"{pct(c['wrong asked'], n)} | {pct(c['wrong at once'], n)} | {m} | {pct(c['nc refused'], m)} | "
                 f"{pct(c['nc asked'], m)} | {pct(c['nc at once'], m)} |")
    return L + [""]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="a sample of the corpus (60 clips a source)")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--rooms", type=int, default=48, help="clips per language decoded in each room condition")
    ap.add_argument("--conditions", default=",".join(CONDITIONS))
    ap.add_argument("--limit", type=int, default=0, help="at most this many clips a source (a try-out)")
    ap.add_argument("--stream", type=int, default=0,
                    help="clips per room streamed in real time through the VAD (0: none)")
    ap.add_argument("--no-heldout", action="store_true", help="only the streamed part")
    ap.add_argument("--stream-variants", default="now",
                    help="each streamed clip through each in turn: now (the engine's own), stands (an early "
                         "decode that gave nothing stands when only quiet followed it)")
    ap.add_argument("--frontend", default="none",
                    help="the recognizer's front end: none, a noise suppressor (webrtc, aec-audio-processing: "
                         "voice_game.speech.denoise), gate, floor (the voice detection's noise floor, streamed "
                         "part only), joined with '+'; each its own evidence cache")
    ap.add_argument("--adaptive", default="",
                    help="thresholds (dBFS of the room's noise floor, e.g. -70,-60,-50; 0: never) at which the room "
                         "denoiser (voice_game.speech.denoise.RoomDenoiser) may switch suppression on; one is "
                         "chosen per fold on the other folds (uses the none and webrtc caches)")
    ap.add_argument("--short-window", type=float, default=None,
                    help="the mel window (s) of an utterance of at most whisper_settings.SHORT_WINDOW_MAX_S "
                         "(0: the 8 s window; default: the engine's own); its own evidence cache")
    ap.add_argument("--fresh", action="store_true", help="decode everything again (else the cache is used)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "speech_heldout.md"))
    args = ap.parse_args()
    os.environ.setdefault("VOICE_GAME_CACHE_DIR", str(Path.home() / ".cache" / "voice_game"))
    conditions = [c for c in args.conditions.split(",") if c]
    SHORT_WINDOW[0] = args.short_window

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load0 = os.getloadavg()
    L = ["# Held-out speech benchmark", "",
         "Command: `nice uv run --group bench python benchmarks/speech_heldout.py " + " ".join(sys.argv[1:]) + "`  ",
         f"Started {started}, load average {load0[0]:.1f} at the start", ""]
    for lang in args.langs.split(","):
        log(f"== {lang}")
        L += [f"## {lang}", ""]
        if args.adaptive:
            values = [float(v) for v in args.adaptive.split(",")]
            res = held_out_room(lang, collect_room(lang, args.quick, args.rooms, conditions, log, args.limit,
                                                   values), log)
            L += ["Room denoiser threshold (dBFS) and thresholds chosen per fold (on the other folds): "
                  + "; ".join(f"{'+'.join(f)}: " + ", ".join(f"{k} {v:g}" for k, v in th.items())
                              for f, th in res["folds"]), ""]
            L += by_snr(f"{lang}: held out, room denoiser (threshold and thresholds chosen without the speaker)",
                        res["rows"])
            if res["default"]:
                L += by_snr(f"{lang}: room denoiser at its default threshold, the engine's own thresholds",
                            res["default"])
            L += table(f"{lang}: held out, room denoiser", res["rows"], ["clean"] + conditions)
        elif not args.no_heldout:
            records = collect(lang, args.quick, args.rooms, conditions, args.fresh, log, args.limit,
                              args.frontend)
            res = held_out(lang, records, log)
            conds = ["clean"] + conditions
            L += ["Thresholds chosen per fold (on the other folds): "
                  + "; ".join(f"{'+'.join(f)}: " + ", ".join(f"{k} {v:g}" for k, v in th.items())
                              for f, th in res["folds"]), ""]
            L += by_snr(f"{lang}: held out, by level", res["rows"])
            L += table(f"{lang}: held out (thresholds chosen without the speaker measured)", res["rows"], conds)
            L += table(f"{lang}: the engine's own thresholds (for comparison)", res["default"], conds)
        if args.stream:
            L += stream_table(lang, streamed(lang, args.quick, args.stream, conditions, log, args.frontend,
                                             tuple(args.stream_variants.split(","))))
    load1 = os.getloadavg()
    L += [f"Finished {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {load1[0]:.1f} "
          f"(1, 5, 15 min: {load1[0]:.1f}, {load1[1]:.1f}, {load1[2]:.1f})", ""]
    text = "\n".join(L)
    print(text)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
