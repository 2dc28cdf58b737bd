"""Speech benchmark: real human voices first, natural synthetic voices for the long commands.

    nice uv run --group bench python benchmarks/speech_bench.py [--quick]
        [--engines whisper,pocketsphinx] [--langs de,en] [--parts human,synth,latency,memory,start]
        [--out benchmarks/results/speech.md] [--search auto,tokens,two-call] [--windows 8,4+8]
        [--threads N]

Prints a table per part and writes them all to ``--out``.

``--search`` and ``--windows`` take several values (comma-separated); each combination
runs on every clip in turn, one right after the other, so that old and new meet the same
load. ``--windows``: Whisper's mel windows, ``+`` between the windows of one cascade:
``8`` is the single 8 s window (the engine's default, ``whisper_settings.WINDOWS``), ``4+8``
the window cascade (``whisper_settings.CASCADE``: a single word tried in 4 s first).

Parts
-----
``human``    every clip of ``../shared/speech-corpus`` (Google Speech Commands, the Free
             Spoken Digit Dataset, Heidelberg Digits; ``--quick`` samples them), decoded
             with the phrases that a real Tierorchester state allows: a drawn musician to
             place at one of five conductors (``conductor 1..5`` and every always-available
             command). A clip whose word is one of those phrases must give exactly its
             command; any other word (bed, bird, tree, zero, null, sechs ... neun) must give
             none. Through ``understand_text``, the game's own reading of a result.
``synth``    multi-word phrases of every phrase class of both games, spoken by natural
             offline voices (``benchmarks/voices.py``: Piper, SVOX Pico, MBROLA; espeak-ng
             kept apart), clean and in a room's noise at 15 and 5 dB SNR (``rooms.py``: fan,
             music and babble of corpus speakers in turn), each decoded with the
             phrase set of the real game state it belongs to; plus everyday sentences that
             must be rejected.
``latency``  the streaming path fed in real time in 50 ms blocks as the microphone
             listener does: from the true end of speech (last sample within 30 dB of the
             peak) to the command, VAD tail included. Human clips and synthetic phrases.
``memory``   peak RSS of a fresh process that loads the recognizer with the largest phrase
             set (a Concerto turn with Sabotage and Headhunter) and decodes one command;
             and ``voice-game recognize --game concerto`` on one file: wall time and RSS.
``start``    ``voice-game play GAME`` (``--game``, default orchestra) with sound on a private PulseAudio server: time
             from start to its first audible sample.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tests.support.synth import voiced_span  # noqa: E402
from voice_game.commands.grammar import freeze, load_grammar  # noqa: E402
from voice_game.commands.parser import doubtful, listened_intents, meta_intents  # noqa: E402
from voice_game.games import definitions  # noqa: E402
from voice_game.speech.hypothesis import to_pcm16  # noqa: E402
from voice_game.session.loop import doubtful_number  # noqa: E402
from voice_game.speech.recognize import read_audio, understand_text  # noqa: E402

# the shared corpus sits beside the checkout (or beside the worktree folder holding it)
CORPUS = next((d / "shared" / "speech-corpus" for d in ROOT.parents
               if (d / "shared" / "speech-corpus" / "labels.json").is_file()),
              ROOT.parent / "shared" / "speech-corpus")
RATE = 16000
BLOCK_S = 0.05
SEED = 20261201
OOG = {"en": ["what a lovely weather today", "the cat sat on the mat", "I would like a cup of tea",
              "hello", "banana", "open the window please", "nothing to see here",
              "where is the station", "good morning everybody", "can you hear me", "wonderful",
              "pass me the salt", "who is coming tonight", "I think so"],
       "de": ["Guten Morgen wie geht es dir", "Das Wetter ist heute schön", "hallo",
              "Kartoffelsalat", "wo ist der Bahnhof", "Ich möchte einen Kaffee",
              "Banane", "mach das Fenster auf", "kannst du mich hören", "wunderbar", "Feierabend",
              "gib mir mal das Salz", "wer kommt heute Abend", "ich glaube schon"]}
CONDITIONS = [("clean", None), ("15 dB", 15), ("5 dB", 5)]
#: the room noises of the synthetic phrases, one after the other (``rooms.degrade``)
NOISES = ("fan", "music", "babble")


def pct(xs, q):
    return float(np.percentile(xs, q)) if len(xs) else float("nan")


def fmt(ok, n):
    return f"{100 * ok / n:.1f} % ({ok}/{n})" if n else "n/a"


def ms(xs):
    return f"{statistics.median(xs):.0f} / {pct(xs, 95):.0f}" if xs else "n/a"


# ------------------------------------------------------------------ game states
def _random_states(game: str, players: list[str], seed: int, steps: int = 400):
    from voice_game.core.rules import CHANCE, TERMINAL
    from voice_game.games import get as get_kit

    kit = get_kit(game)
    r = kit.rules
    rnd = random.Random(seed)
    s = kit.new_game(players, [], seed, None)
    for _ in range(steps):
        p = r.current_player(s)
        if p == TERMINAL:
            return
        if p == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = r.legal_actions(s)
        yield kit, legal
        s, _ = r.apply(s, rnd.choice(legal))


# the meta commands of every game (the table's own and each game's questions)
META_INTENTS = meta_intents(q for d in definitions() for q in d.questions)


def _commands(kit, legal) -> set:
    return {freeze(c) for c in (kit.adapter.command_for(a) for a in legal) if c}


def state_sets(lang: str) -> dict[str, tuple[str, list]]:
    """name -> (game, the Phrases allowed in that state), as Session.phrases_now builds them
    (:func:`_state_sets`, made once a language: hundreds of random Concerto states; each
    caller gets its own lists)."""
    return {name: (game, list(phrases)) for name, (game, phrases) in _state_sets(lang).items()}


@functools.cache
def _state_sets(lang: str) -> dict[str, tuple[str, tuple]]:
    """name -> (game, the Phrases allowed in that state), as Session.phrases_now builds them:
    no question open, so neither the answers (yes, no) nor a hand-over's "ready" are
    listened for (``listened_intents``; the benchmarks listened for them in every state until
    the fourteenth stop of 2026-12-07, the game since the eleventh: a "ja" heard in a babble
    for an "acht" counted as acted on)."""
    g = load_grammar(lang)
    orch, conc = g.phrases("orchestra"), g.phrases("concerto")
    metas = listened_intents(META_INTENTS, asking_yes_no=False, handing_over=False)

    def now(phrases, allowed):
        return [p for p in phrases if p.command in allowed or dict(p.command)["intent"] in metas]

    sets: dict[str, tuple[str, list]] = {}
    place5 = {freeze({"intent": "place", "conductor": n}) for n in range(1, 6)}
    sets["place"] = ("orchestra", now(orch, place5))
    for kit, legal in _random_states("orchestra", ["A", "B", "C", "D", "E"], 11):
        kinds = [a.kind for a in legal]
        if "turn" not in sets and kinds.count("take") >= 2 and "draw" in kinds:
            sets["turn"] = ("orchestra", now(orch, _commands(kit, legal)))
            break
    best = None
    for seed in (5, 6, 7):
        for kit, legal in _random_states("concerto", ["A", "B", "C"], seed, 600):
            cmds = _commands(kit, legal)
            intents = {dict(c)["intent"] for c in cmds}
            if "beat" in intents and "concerto beat" not in sets:
                sets["concerto beat"] = ("concerto", now(conc, cmds))
            if "beat" not in intents and (best is None or len(cmds) > len(best)):
                best = cmds
    if best is not None:
        sets["concerto turn"] = ("concerto", now(conc, best))
    return {name: (game, tuple(phrases)) for name, (game, phrases) in sets.items()}


def phrase_strings(phrases) -> list[str]:
    return sorted({form for p in phrases for form in (p.spoken, p.text)})


def expected(g, phrases, text: str):
    """The command a phrase's words mean in this set, or None (must be rejected)."""
    words = tuple(g.normalize_words(text))
    hits = {p.command for p in phrases if p.words == words}
    return dict(next(iter(hits))) if len(hits) == 1 else None


def asks_first(g, phrases, text: str, confidence: float, got: dict,
               number_bar: float | None = None) -> bool:
    """The game reads ``got`` back for yes or no before acting on it (True) or acts at
    once (False), by the session's own rules for a line heard by voice: a command its
    grammar marks ``confirm`` (``commands.parser.doubtful``), and a game action with a
    single number (``session.loop.doubtful_number``); words that are no exact phrase count
    as a match at a distance."""
    words = g.normalize_words(text)
    exact = any(p.words == tuple(words) for p in phrases)
    intent = got["intent"]
    if doubtful(g, intent, confidence, exact):
        return True
    return intent not in META_INTENTS and doubtful_number(g, got, words, 0 if exact else 1, confidence,
                                                          number_bar)


#: what the game does with a result, the columns of the report's table
ACTED = ("right at once", "right asked", "wrong asked", "wrong move at once", "wrong yes/no at once",
         "wrong other at once", "nothing")


def tally(book: dict, key, g, phrases, h, want, got) -> None:
    """What the game did with one result: right at once, right read back, wrong read back
    (the player says no and nothing changes), wrong at once (a move nobody asked for; a yes
    or no, which answers a question if one is open; another command that makes no move:
    repeat, help, a setting), or nothing (rejected: "not understood")."""
    r = book.setdefault(key, {c: 0 for c in ACTED} | {"n": 0})
    r["n"] += 1
    if got is None:
        r["nothing"] += 1
    elif asks_first(g, phrases, h.text, h.confidence, got):
        r["right asked" if got == want else "wrong asked"] += 1
    elif got == want:
        r["right at once"] += 1
    elif got["intent"] in ("yes", "no"):
        r["wrong yes/no at once"] += 1  # answers a question if one is open
    elif got["intent"] in META_INTENTS:
        r["wrong other at once"] += 1  # repeat, help, a setting: no move
    else:
        r["wrong move at once"] += 1


# ------------------------------------------------------------------ engines
#: the Whisper constrained searches to run (``--search``), each on every clip in turn
SEARCH: list[str] = ["two-call"]
#: CTranslate2 threads of the Whisper model (``--threads``; None: the game's own)
THREADS: list[int | None] = [None]
#: the Whisper mel window cascades to run (``--windows``), each on every clip in turn; []: the engine's own
WINDOWS: list[tuple[float, ...]] = []
#: the game the start part plays (--game)
START_GAME = ["orchestra"]


def set_search(rec, search: str) -> None:
    """``auto``, ``tokens`` or ``two-call``; ``two-call/plain``: the two-call search
    scoring each phrase's plain spellings beside the pieces the decode wrote."""
    if hasattr(rec, "search"):
        rec.search, _, plain = search.partition("/")
        rec.plain = plain == "plain"


def variants():
    """(search, windows) of every combination compared: ``--search`` by ``--windows``."""
    return [(s, w) for s in SEARCH for w in (WINDOWS or [None])]


def set_variant(rec, variant) -> None:
    search, windows = variant
    set_search(rec, search)
    if windows is not None and hasattr(rec, "windows"):
        rec.windows = windows


def labelled(variant) -> str:
    """The row label's tail naming the search and the windows, when several are compared."""
    search, windows = variant
    tail = [search] if len(SEARCH) > 1 else []
    if len(WINDOWS) > 1:
        tail.append("+".join(f"{w:g}" for w in windows) + " s")
    return f" [{', '.join(tail)}]" if tail else ""


def make_engine(engine: str, lang: str, phrases: list[str]):
    from voice_game.speech.engines import make_recognizer

    # loaded as the game loads it: in the background, while the opening is read
    rec, _ = make_recognizer(engine, lang, phrases, background=True, threads=THREADS[0])
    if hasattr(rec, "wait_ready"):
        rec.wait_ready()
    return rec


def corpus_items(lang: str, quick: bool):
    labels = json.loads((CORPUS / "labels.json").read_text())
    items = [x for x in labels if x["lang"] == lang]
    rnd = random.Random(SEED)
    by_source: dict[str, list] = {}
    for x in items:
        by_source.setdefault(x["source"], []).append(x)
    out = []
    for src, xs in sorted(by_source.items()):
        rnd.shuffle(xs)
        cap = {"fsdd": 150}.get(src, len(xs))
        if quick:
            cap = min(cap, 60)
        out += xs[:cap]
    return out


def part_human(engine: str, lang: str, quick: bool, log) -> dict:
    g = load_grammar(lang)
    game, phrases = state_sets(lang)["place"]
    rec = make_engine(engine, lang, phrase_strings(phrases))
    res: dict = {}
    acts: dict = {}
    misses = []
    for x in corpus_items(lang, quick):
        audio, rate = read_audio(CORPUS / x["file"])
        want = expected(g, phrases, x["word"])
        for v in variants():  # each search and window on the same clip, one after the other
            set_variant(rec, v)
            h = rec.decode(audio, rate)
            got = understand_text(g, game, h.text, h.confidence, phrases)
            kind = "command" if want else "other"
            r = res.setdefault((x["source"] + labelled(v), kind), {"ok": 0, "n": 0, "ms": []})
            r["n"] += 1
            r["ok"] += got == want
            r["ms"].append(h.decode_ms)
            tally(acts, (x["source"] + labelled(v), kind), g, phrases, h, want, got)
            if got != want:
                misses.append(f"{x['source']}{labelled(v)} '{x['word']}' ({x['speaker']}) -> '{h.text}' {got}"
                              + (" (read back)" if got and asks_first(g, phrases, h.text, h.confidence, got) else ""))
    log(f"  human {engine} {lang}: " + ", ".join(f"{s}/{k} {fmt(v['ok'], v['n'])}" for (s, k), v in sorted(res.items())))
    return {"rows": res, "acts": acts, "misses": misses}


def synth_items(lang: str, sets, quick: bool):
    import voices

    vs = [v for v in voices.available_voices(lang)]
    rnd = random.Random(SEED + 1)
    per_set = 4 if quick else 10
    items = []
    for name, (_game, phrases) in sets.items():
        texts: dict[str, set] = {}
        for p in phrases:
            texts.setdefault(p.text, set()).add(p.command)
        acts = [p for p in phrases if len(texts[p.text]) == 1 and dict(p.command)["intent"] not in META_INTENTS]
        meta = [p for p in phrases if len(texts[p.text]) == 1 and dict(p.command)["intent"] in META_INTENTS]
        chosen = rnd.sample(acts, min(per_set, len(acts))) + rnd.sample(meta, min(2, len(meta)))
        for k, p in enumerate(chosen):
            items.append((name, p, vs[(k + len(items)) % len(vs)]))
    return items, vs


_POOLS: dict[str, list] = {}


def noisy(a16: np.ndarray, lang: str, kind: str, snr: float, seed: int) -> np.ndarray:
    """int16 speech in a room's ``kind`` of noise (``rooms.py``) at ``snr`` dB; babble is
    made of the human corpus's speakers of ``lang``."""
    import rooms

    pool = []
    if kind == "babble":
        if lang not in _POOLS:
            from speech_heldout import babble_pools

            items = [x for x in json.loads((CORPUS / "labels.json").read_text()) if x["lang"] == lang]
            _POOLS[lang] = [v[0] for v in babble_pools(items).values()]
        pool = _POOLS[lang]
    noise = rooms.babble(a16.size, pool, seed) if kind == "babble" else getattr(rooms, kind)(a16.size, seed)
    x = rooms.add(a16.astype(np.float64) / 32768, noise, snr)
    peak = np.abs(x).max()
    if peak > 0.99:
        x = x * 0.99 / peak
    return np.round(x * 32767).astype(np.int16)


def part_synth(engine: str, lang: str, quick: bool, log) -> dict:
    import voices

    g = load_grammar(lang)
    sets = state_sets(lang)
    recs = {name: make_engine(engine, lang, phrase_strings(ph)) for name, (_, ph) in sets.items()}
    items, vs = synth_items(lang, sets, quick)
    res: dict = {}
    acts: dict = {}
    misses = []
    cache: dict = {}
    for cond, snr in CONDITIONS:
        for j, (name, p, voice) in enumerate(items):
            game, phrases = sets[name]
            key = (p.spoken, voice)
            if key not in cache:
                cache[key] = voices.synthesize(p.spoken, voice)
            a = cache[key]
            a = np.concatenate([np.zeros(4000, np.int16), a, np.zeros(6400, np.int16)])
            if snr is not None:
                a = noisy(a, lang, NOISES[j % len(NOISES)], snr, j + 1000 * snr)
            for v in variants():
                set_variant(recs[name], v)
                h = recs[name].decode(a)
                got = understand_text(g, game, h.text, h.confidence, phrases)
                family = "espeak-ng" if voice.startswith("espeak") else "natural"
                r = res.setdefault((family, cond, name + labelled(v)), {"ok": 0, "n": 0, "ms": []})
                r["n"] += 1
                r["ok"] += got == p.as_dict()
                r["ms"].append(h.decode_ms)
                tally(acts, (family, cond, name + labelled(v)), g, phrases, h, p.as_dict(), got)
                if got != p.as_dict():
                    misses.append(f"{cond} {name}{labelled(v)} '{p.spoken}' {voice} -> '{h.text}' {got}"
                                  + (" (read back)" if got and asks_first(g, phrases, h.text, h.confidence, got)
                                     else ""))
    rej = {}
    for name in ("turn", "concerto turn"):
        if name not in sets:
            continue
        game, phrases = sets[name]
        for k, text in enumerate(OOG[lang]):
            voice = vs[k % len(vs)]
            family = "espeak-ng" if voice.startswith("espeak") else "natural"
            a = voices.synthesize(text, voice)
            a = np.concatenate([np.zeros(4000, np.int16), a, np.zeros(6400, np.int16)])
            for v in variants():
                set_variant(recs[name], v)
                h = recs[name].decode(a)
                got = understand_text(g, game, h.text, h.confidence, phrases)
                r = rej.setdefault(family + labelled(v), {"ok": 0, "n": 0})
                r["n"] += 1
                r["ok"] += got is None
                tally(acts, (family, "everyday sentences", name + labelled(v)), g, phrases, h, None, got)
                if got is not None:
                    misses.append(f"OOG {name}{labelled(v)} '{text}' {voice} -> '{h.text}' {got}")
    log(f"  synth {engine} {lang}: " + ", ".join(f"{k} {fmt(v['ok'], v['n'])}" for k, v in sorted(res.items())))
    return {"rows": res, "acts": acts, "rejection": rej, "misses": misses, "voices": vs,
            "sets": {k + labelled(v): len(ph) for k, (_, ph) in sets.items() for v in variants()},
            "labels": [labelled(v) for v in variants()]}


def stream_realtime(rec, audio_i16: np.ndarray, end_idx: int):
    """Feed in real time; (hypothesis, seconds from the true end of speech to the result).
    A result the recognizer finishes between two blocks is taken when it says so
    (``on_ready``, ``poll``), as the microphone listener does."""
    import threading

    rec.reset()
    ready = threading.Event()
    if hasattr(rec, "on_ready"):
        rec.on_ready = ready.set
    pcm = audio_i16.astype("<i2").tobytes()
    step = int(BLOCK_S * RATE) * 2
    t0 = time.perf_counter()
    t_end = t0 + (end_idx + 1) / RATE
    for i in range(0, len(pcm), step):
        due = t0 + (i + step) / 2 / RATE
        while (wait := due - time.perf_counter()) > 0:
            if ready.wait(wait):
                ready.clear()
                h = rec.poll()
                if h is not None:
                    return h, time.perf_counter() - t_end
        h = rec.accept_audio(pcm[i:i + step])
        if h is not None:
            return h, time.perf_counter() - t_end
    return rec.finish(), float("nan")


def in_silence(a16: np.ndarray) -> tuple[np.ndarray, int]:
    """0.5 s of silence, the speech, 1.5 s of a faint room floor; and the index of the
    true end of speech (last sample within 30 dB of the peak)."""
    _, last = voiced_span(a16, RATE, floor_db=30)
    lead = np.zeros(int(0.5 * RATE), np.int16)
    tail = (np.random.default_rng(1).normal(0, 3, int(1.5 * RATE))).astype(np.int16)
    return np.concatenate([lead, a16, tail]), len(lead) + last


def part_latency(engine: str, lang: str, quick: bool, log) -> dict:
    import voices

    g = load_grammar(lang)
    sets = state_sets(lang)
    out: dict = {}
    n = 8 if quick else 25
    # human clips: the place state
    game, phrases = sets["place"]
    rec = make_engine(engine, lang, phrase_strings(phrases))
    clips = [x for x in corpus_items(lang, False) if x["source"] != "fsdd"
             and expected(g, phrases, x["word"])]
    random.Random(SEED + 2).shuffle(clips)
    for x in clips[:n]:
        a, rate = read_audio(CORPUS / x["file"])
        audio, end = in_silence(np.frombuffer(to_pcm16(a, rate, RATE), dtype="<i2"))
        for v in variants():
            set_variant(rec, v)
            h, dt = stream_realtime(rec, audio, end)
            r = out.setdefault("human" + labelled(v), {"lat": [], "ok": 0, "n": 0, "misses": []})
            r["n"] += 1
            ok = bool(h and understand_text(g, game, h.text, h.confidence, phrases) == expected(g, phrases, x["word"]))
            r["ok"] += ok
            if not ok:
                r["misses"].append(f"'{x['word']}' ({x['speaker']}) -> '{h.text if h else ''}'")
            if not np.isnan(dt):
                r["lat"].append(dt * 1000)
    # synthetic multi-word phrases in their states
    items, vs = synth_items(lang, sets, True)
    recs = {name: make_engine(engine, lang, phrase_strings(ph)) for name, (_, ph) in sets.items()}
    for name, p, voice in items[: 2 * n]:
        game, phrases = sets[name]
        audio, end = in_silence(voices.synthesize(p.spoken, voice))
        for v in variants():
            set_variant(recs[name], v)
            h, dt = stream_realtime(recs[name], audio, end)
            key = "synthetic, " + ("Concerto" if name.startswith("concerto") else "Tierorchester")
            r = out.setdefault(key + labelled(v), {"lat": [], "ok": 0, "n": 0, "misses": []})
            r["n"] += 1
            ok = bool(h and understand_text(g, game, h.text, h.confidence, phrases) == p.as_dict())
            r["ok"] += ok
            if not ok:
                r["misses"].append(f"{name} '{p.spoken}' {voice} -> '{h.text if h else ''}'")
            if not np.isnan(dt):
                r["lat"].append(dt * 1000)
    log(f"  latency {engine} {lang}: " + ", ".join(f"{k} {ms(v['lat'])} ms" for k, v in out.items()))
    return {"rows": out, "misses": [f"{k}: {m}" for k, v in out.items() for m in v["misses"]]}


MEM_SCRIPT = r"""
import sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
import speech_bench as sb
import voices
before = hwm()
sets = sb.state_sets({lang!r})
game, phrases = sets["concerto turn"]
t0 = time.perf_counter()
rec = sb.make_engine({engine!r}, {lang!r}, sb.phrase_strings(phrases))
load = time.perf_counter() - t0
a = voices.synthesize({text!r}, voices.available_voices({lang!r})[0])
h = rec.decode(a)
print(before, hwm(), load, len(phrases), h.decode_ms)
"""


def part_memory(engine: str, lang: str, log) -> dict:
    text = "gelbes stück dirigieren" if lang == "de" else "conduct yellow piece"
    code = MEM_SCRIPT.format(root=str(ROOT), bench=str(ROOT / "benchmarks"), lang=lang,
                             engine=engine, text=text)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    out: dict = {}
    try:
        before, peak, load, n, dec = map(float, p.stdout.split()[-5:])
        out["game"] = {"before": before, "peak": peak, "load": load, "phrases": int(n), "decode": dec}
    except ValueError:
        out["game_error"] = p.stderr[-400:]
    clip = next(x for x in json.loads((CORPUS / "labels.json").read_text()) if x["lang"] == lang
                and x["source"] == "heidelberg-digits")
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "voice_game.cli", "recognize",
                        "--lang", lang, "--engine", engine, "--game", "concerto", str(CORPUS / clip["file"])],
                       capture_output=True, text=True, timeout=600, cwd=str(ROOT))
    wall = time.perf_counter() - t0
    try:
        rss = int(p.stderr.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        rss = float("nan")
    out["recognize"] = {"wall": wall, "rss": rss}
    log(f"  memory {engine} {lang}: {out}")
    return out


def part_start(lang: str, engine: str, log):
    import tempfile

    from tests.support import soundserver

    why = soundserver.available()
    if why:
        return None, why
    import compileall
    import sysconfig

    # as a player's machine starts from the second time on: Python has written the
    # bytecode of the game and its packages at the first start; this machine sets
    # PYTHONDONTWRITEBYTECODE, which would make every start compile them all from source
    for folder in {str(ROOT / "voice_game"), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}:
        compileall.compile_dir(folder, quiet=1, workers=0)
    out = []
    with soundserver.SoundServer() as srv, tempfile.TemporaryDirectory() as tmp:
        env = srv.env()
        env.update(VOICE_GAME_CONFIG_DIR=str(Path(tmp) / "cfg"), PULSE_SINK="speakers",
                   PULSE_SOURCE="virtmic")
        cmd = [sys.executable, "-m", "voice_game.cli", "play", START_GAME[0], "--tts", "auto",
               "--lang", lang, "--engine", engine, "--players", "Ana,bot:Ben,bot:Carla", "--seed", "1"]
        for _ in range(3):
            rec = srv.record("speakers.monitor")
            if not rec.wait_started():
                rec.stop()
                return None, "the sink monitor does not run"
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=str(ROOT), env=env, stdin=subprocess.PIPE,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            start_frame = rec.count
            got = None
            while time.perf_counter() < t0 + 20 and got is None:
                time.sleep(0.02)
                fr = rec.frames()[start_frame:]
                loud = np.flatnonzero(np.abs(fr).max(axis=1) > 300) if fr.size else []
                if len(loud):
                    t = rec.time_of_frame(start_frame + int(loud[0]))
                    got = (t - t0) if t is not None else None
                if proc.poll() is not None:
                    break
            proc.terminate()
            try:
                proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.communicate()
            rec.stop()
            if got is None:
                return None, "no sound within 20 s"
            out.append(got)
    log(f"  start {engine} {lang}: {out}")
    return out, None


# ------------------------------------------------------------------ report
def report(results: dict, cmdline: str) -> str:  # noqa: C901 - one table per part, written in order
    L = ["# Speech benchmark", "", f"Command: `{cmdline}`  ", f"Run {time.strftime('%Y-%m-%d %H:%M')}, "
         "2-core machine.", ""]
    human = {k: v for k, v in results.items() if k[0] == "human"}
    if human:
        L += ["## Human speakers (Tierorchester, a musician to place at one of five conductors)", "",
              "| engine | lang | source | commands right | other words rejected | decode ms median / p95 |",
              "|---|---|---|---|---|---|"]
        for (_, eng, lang), r in human.items():
            srcs = sorted({s for s, _ in r["rows"]})
            for s in srcs:
                c = r["rows"].get((s, "command"), {"ok": 0, "n": 0, "ms": []})
                o = r["rows"].get((s, "other"), {"ok": 0, "n": 0, "ms": []})
                L.append(f"| {eng} | {lang} | {s} | {fmt(c['ok'], c['n'])} | {fmt(o['ok'], o['n'])} | "
                         f"{ms(c['ms'] + o['ms'])} |")
        L.append("")
    synth = {k: v for k, v in results.items() if k[0] == "synth"}
    if synth:
        L += ["## Synthetic voices, every phrase class, in the game state it belongs to", "",
              "| engine | lang | voices | state (phrases) | " + " | ".join(c for c, _ in CONDITIONS) + " |", "|---|---|---|---|---|---|---|"]
        for (_, eng, lang), r in synth.items():
            for family in ("natural", "espeak-ng"):
                for name, n in r["sets"].items():
                    cells = []
                    for cond, _ in CONDITIONS:
                        v = r["rows"].get((family, cond, name))
                        cells.append(fmt(v["ok"], v["n"]) if v else "n/a")
                    if any(c != "n/a" for c in cells):
                        L.append(f"| {eng} | {lang} | {family} | {name} ({n}) | " + " | ".join(cells) + " |")
            for family, v in r["rejection"].items():
                L.append(f"| {eng} | {lang} | {family} | everyday sentences rejected | {fmt(v['ok'], v['n'])} | | |")
            for label in r.get("labels", [""]):
                allms = [m for (_, _, name), v in r["rows"].items() if name.endswith(label) for m in v["ms"]]
                L.append(f"| {eng} | {lang} | all{label} | decode ms median / p95 | {ms(allms)} | | |")
            L.append(f"| {eng} | {lang} | | voices used | {', '.join(r['voices'])} | | |")
        L.append("")
    acted = [(k, v["acts"]) for k, v in results.items() if isinstance(v, dict) and v.get("acts")]
    if acted:
        cols = ACTED
        L += ["## What the game does with what it heard", "",
              "Each result as a session treats a line heard by voice: acted on at once, or read back "
              "for yes or no first (`asks_first`). \"wrong move at once\": a move nobody said, made "
              "without asking; \"wrong yes/no at once\": answers a question if one is open; \"wrong other "
              "at once\": repeat, help or a setting, no move.", "",
              "| part | engine | lang | rows | " + " | ".join(cols) + " |", "|---|---|---|---|" + "---|" * len(cols)]
        for (part, eng, lang), book in acted:
            for key, r in sorted(book.items()):
                L.append(f"| {part} | {eng} | {lang} | {' / '.join(map(str, key))} | "
                         + " | ".join(str(r[c]) for c in cols) + " |")
        L.append("")
    lat = {k: v for k, v in results.items() if k[0] == "latency"}
    if lat:
        L += ["## End of speech to command, streaming in real time (VAD tail included)", "",
              "| engine | lang | speech | ms median / p95 / max | right |", "|---|---|---|---|---|"]
        for (_, eng, lang), r in lat.items():
            for k, v in r["rows"].items():
                mx = f"{max(v['lat']):.0f}" if v["lat"] else "n/a"
                L.append(f"| {eng} | {lang} | {k} | {ms(v['lat'])} / {mx} | {fmt(v['ok'], v['n'])} |")
        L.append("")
    mem = {k: v for k, v in results.items() if k[0] == "memory"}
    if mem:
        L += ["## Memory and one-file recognition", "",
              "| engine | lang | largest state: phrases, load s, decode ms, peak RSS | `recognize --game concerto` one file: wall s, RSS |",
              "|---|---|---|---|"]
        for (_, eng, lang), r in mem.items():
            gm = r.get("game")
            gs = (f"{gm['phrases']} phrases, {gm['load']:.2f} s, {gm['decode']:.0f} ms, {gm['peak']:.0f} MB"
                  if gm else "failed")
            rc = r["recognize"]
            L.append(f"| {eng} | {lang} | {gs} | {rc['wall']:.2f} s, {rc['rss']:.0f} MB |")
        L.append("")
    st = {k: v for k, v in results.items() if k[0] == "start"}
    if st:
        L += ["## Start to first audible word (`--tts auto`, PulseAudio null sink)", ""]
        for (_, eng, lang), (vals, why) in st.items():
            L.append(f"- {eng} {lang}: " + (", ".join(f"{v:.2f} s" for v in vals) if vals else f"not measured: {why}"))
        L.append("")
    L += ["<details><summary>Misses</summary>", ""]
    for k, r in results.items():
        if isinstance(r, dict) and "misses" in r:
            L += [f"- {k[1]} {k[2]} {k[0]}: {m}" for m in r["misses"]]
    L += ["", "</details>", ""]
    return "\n".join(L)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--engines", default="whisper,pocketsphinx")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--parts", default="human,synth,latency,memory,start")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "speech.md"))
    ap.add_argument("--search", default="two-call",
                    help="Whisper's constrained search: two-call (the default), tokens, auto, two-call/plain; several "
                         "(comma-separated) run one after the other on every clip")
    ap.add_argument("--windows", default="",
                    help="Whisper's mel windows: 8 (one window), 4+8 (the cascade: 4 s first); several "
                         "(comma-separated) run one after the other on every clip; default: the engine's own")
    ap.add_argument("--threads", type=int, default=None,
                    help="CTranslate2 threads of the Whisper model (0: CTranslate2's default); default: the game's")
    ap.add_argument("--game", default="orchestra", help="the game the start part plays (orchestra, concerto)")
    args = ap.parse_args()
    SEARCH[:] = args.search.split(",")
    WINDOWS[:] = [tuple(float(w) for w in c.split("+")) for c in args.windows.split(",") if c]
    START_GAME[:] = [args.game]
    THREADS[:] = [args.threads]
    cmdline = "nice uv run --group bench python benchmarks/speech_bench.py " + " ".join(sys.argv[1:])
    os.environ.setdefault("VOICE_GAME_CACHE_DIR", str(Path.home() / ".cache" / "voice_game"))

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    results: dict = {}
    parts = args.parts.split(",")
    for eng in args.engines.split(","):
        for lang in args.langs.split(","):
            log(f"== {eng} {lang}")
            if "human" in parts:
                results[("human", eng, lang)] = part_human(eng, lang, args.quick, log)
            if "synth" in parts:
                results[("synth", eng, lang)] = part_synth(eng, lang, args.quick, log)
            if "latency" in parts:
                results[("latency", eng, lang)] = part_latency(eng, lang, args.quick, log)
            if "memory" in parts:
                results[("memory", eng, lang)] = part_memory(eng, lang, log)
            if "start" in parts:
                results[("start", eng, lang)] = part_start(lang, eng, log)
    text = report(results, cmdline)
    print(text)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
