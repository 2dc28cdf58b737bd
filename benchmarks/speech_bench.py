"""Speech benchmark: command accuracy, rejection, decode time, end-of-speech latency,
peak memory and time from start to the first spoken word.

    nice uv run python benchmarks/speech_bench.py [--quick] [--engines pocketsphinx,vosk]
                                                  [--langs en,de] [--no-startup] [--out FILE]

Prints a table and writes it to ``benchmarks/results/speech.md`` (``--out``).

Corpus. The phrases are those of the game grammar (``grammars/``), never a hand-made
list. Each is decoded with the phrase set that is active in a realistic game state,
as the session switches it (``Session.phrases_now``: phrases of the legal actions
plus the meta commands):

* ``turn``   Tierorchester, a turn of a 4-player game: draw, take N (the conductors
             that have musicians), meta commands;
* ``place``  Tierorchester, a drawn musician to place: conductor N, meta commands;
* ``full``   every Tierorchester phrase at once (no state switching);
* ``beat``   Concerto conducting: every beat pair (instrument, pattern), meta commands.

The states come from the real rules engine (a seeded random 4-player game). From each
set a fixed random sample of phrases is spoken by espeak-ng voices and speeds taken
in turn, clean (45 dB noise floor) and with pink noise at 20 and 10 dB SNR; conditions
run in blocks as in a room whose noise does not change between commands.

Command accuracy: the recognizer's text, understood by the game
(:func:`voice_game.speech.recognize.understand_text`, the game's matcher over the
phrases active now, with the game's confidence floor) gives exactly the command of
the spoken phrase. A near-miss text that still maps to the right command counts as
right; a wrong command or a rejection counts as wrong.

Rejection: out-of-grammar utterances, decoded in the ``turn`` and ``full`` sets, give
no command.

Latency: end of speech to command through the streaming path (``accept_audio``), fed
in real time in 50 ms blocks like the microphone listener, counted from the TRUE end
of speech (the last voiced sample of the synthesized speech, not the end of espeak's
own trailing silence) to the moment the game has the command.

Peak memory: ru_maxrss of a fresh process that loads the recognizer with the full
Tierorchester grammar and decodes one utterance.

First spoken word: ``python -m voice_game.cli play orchestra --tts auto`` started on
a private PulseAudio server (voice_game.audio.soundserver) until the first audible
sample reaches the loudspeaker sink (recorded from its monitor).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.commands.parser import META_INTENTS  # noqa: E402
from voice_game.speech.recognize import understand_text  # noqa: E402
from voice_game.speech.synth import RATE, add_noise, synthesize  # noqa: E402

OOG = {"en": ["what a lovely weather today", "the cat sat on the mat", "I would like a cup of tea",
              "hello", "seven", "banana", "open the window please", "nothing to see here",
              "where is the station", "good morning everybody", "can you hear me", "wonderful"],
       "de": ["Guten Morgen wie geht es dir", "Das Wetter ist heute schön", "hallo",
              "Kartoffelsalat", "wo ist der Bahnhof", "Ich möchte einen Kaffee", "sieben",
              "Banane", "mach das Fenster auf", "kannst du mich hören", "wunderbar", "Feierabend"]}
VOICES = {"en": ["en-us", "en-gb", "en+m3", "en+f3"], "de": ["de", "de+f2", "de+m3"]}
SPEEDS = [140, 175, 210]
CONDITIONS = [("clean", None), ("20 dB", 20), ("10 dB", 10)]
SAMPLE_SEED = 20240611
BLOCK_S = 0.05  # the listener's microphone block


def pct(xs, q):
    return float(np.percentile(xs, q)) if len(xs) else float("nan")


# ----------------------------------------------------------------- phrase sets
def orchestra_states(seed: int = 11):
    """Allowed command sets of a real 4-player game: a turn with several takes, a place."""
    from voice_game.commands.grammar import freeze
    from voice_game.core.rules import CHANCE, TERMINAL
    from voice_game.games.registry import get_kit

    kit = get_kit("orchestra")
    r = kit.rules
    rnd = random.Random(seed)
    s = kit.new_game(["A", "B", "C", "D"], [], seed, None)
    turn = place = None
    for _ in range(500):
        p = r.current_player(s)
        if p == TERMINAL:
            break
        if p == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = r.legal_actions(s)
        cmds = {freeze(c) for c in (kit.adapter.command_for(a) for a in legal) if c}
        kinds = [a.kind for a in legal]
        if turn is None and kinds.count("take") >= 2 and "draw" in kinds:
            turn = cmds
        if place is None and kinds.count("place") >= 4:
            place = cmds
        if turn and place:
            break
        s, _ = r.apply(s, rnd.choice(legal))
    return turn, place


def phrase_sets(lang: str) -> dict[str, tuple[str, list]]:
    """name -> (game, active Phrase list), as Session.phrases_now builds them."""
    g = load_grammar(lang)
    turn, place = orchestra_states()
    orch = g.phrases("orchestra")

    def now(allowed):
        return [p for p in orch if p.command in allowed or dict(p.command)["intent"] in META_INTENTS]

    meta_c = [p for p in g.phrases("concerto") if dict(p.command)["intent"] in META_INTENTS]
    return {"turn": ("orchestra", now(turn)), "place": ("orchestra", now(place)),
            "full": ("orchestra", list(orch)),
            "beat": ("concerto", g.phrases("concerto", ["beat"]) + meta_c)}


def test_items(lang: str, sets, quick: bool):
    """(set name, Phrase, voice, speed) with a fixed random sample per set."""
    rnd = random.Random(SAMPLE_SEED)
    n_game, n_meta = (6, 3) if quick else (16, 6)
    items = []
    for name, (game, phrases) in sets.items():
        texts = {}
        for p in phrases:
            texts.setdefault(p.text, set()).add(p.command)
        unique = [p for p in phrases if len(texts[p.text]) == 1]  # ambiguous texts left out
        acts = [p for p in unique if dict(p.command)["intent"] not in META_INTENTS]
        meta = [p for p in unique if dict(p.command)["intent"] in META_INTENTS]
        k_game = n_game if name != "beat" else (n_game + n_meta)
        k_meta = n_meta if name != "beat" else 0
        chosen = rnd.sample(acts, min(k_game, len(acts))) + rnd.sample(meta, min(k_meta, len(meta)))
        for p in chosen:
            items.append((name, p, rnd.choice(VOICES[lang]), rnd.choice(SPEEDS)))
    return items


# ----------------------------------------------------------------- measuring
def stream_realtime(rec, audio: np.ndarray, end_idx: int, understand):
    """Feed ``audio`` in real time; seconds from the true end of speech to the command."""
    rec.reset()
    pcm = audio.astype("<i2").tobytes()
    step = int(BLOCK_S * RATE) * 2
    t0 = time.perf_counter()
    t_end = t0 + (end_idx + 1) / RATE  # the last voiced sample leaves the speaker's mouth
    for k, i in enumerate(range(0, len(pcm), step)):
        due = t0 + (i + step) / 2 / RATE  # the block is complete at the microphone
        wait = due - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        h = rec.accept_audio(pcm[i:i + step])
        if h is not None:
            cmd = understand(h)
            return h, cmd, time.perf_counter() - t_end
    h = rec.finish()
    return h, (understand(h) if h is not None else None), float("nan")


def run_engine(make, lang: str, quick: bool, log):
    g = load_grammar(lang)
    sets = phrase_sets(lang)
    items = test_items(lang, sets, quick)
    recs = {}
    for name, (game, phrases) in sets.items():
        recs[name] = make(lang, sorted({p.spoken for p in phrases}))
    res = {"sets": {k: len(v[1]) for k, v in sets.items()}, "acc": {}, "decode_ms": [], "misses": []}
    for cond, snr in CONDITIONS:
        per_set: dict[str, list[int]] = {}
        for j, (name, p, voice, speed) in enumerate(items):
            game, phrases = sets[name]
            a = synthesize(p.spoken, voice, speed, floor_db=45, seed=j)
            if snr is not None:
                a = add_noise(a, snr, seed=j + 1000 * snr)
            h = recs[name].decode(a)
            res["decode_ms"].append(h.decode_ms)
            cmd = understand_text(g, game, h.text, h.confidence, phrases)
            ok = cmd == p.as_dict()
            per_set.setdefault(name, [0, 0])
            per_set[name][0] += ok
            per_set[name][1] += 1
            if not ok:
                res["misses"].append(f"{cond} {name} '{p.text}' {voice}/{speed} -> "
                                     f"'{h.text}' ({h.confidence:.2f}) {cmd}")
        res["acc"][cond] = per_set
        tot = [sum(v[0] for v in per_set.values()), sum(v[1] for v in per_set.values())]
        log(f"  {lang} {cond}: {tot[0]}/{tot[1]}")
    rej = [0, 0]
    oog_miss = []
    rnd = random.Random(SAMPLE_SEED + 1)
    for name in ("turn", "full"):
        game, phrases = sets[name]
        for j, text in enumerate(OOG[lang]):
            voice, speed = rnd.choice(VOICES[lang]), rnd.choice(SPEEDS)
            h = recs[name].decode(synthesize(text, voice, speed, floor_db=45, seed=j))
            res["decode_ms"].append(h.decode_ms)
            cmd = understand_text(g, game, h.text, h.confidence, phrases)
            rej[1] += 1
            rej[0] += cmd is None
            if cmd is not None:
                oog_miss.append(f"{name} '{text}' -> '{h.text}' ({h.confidence:.2f}) {cmd}")
    res["rejection"] = rej
    res["oog_misses"] = oog_miss
    log(f"  {lang} rejection: {rej[0]}/{rej[1]}")
    lat, lat_ok = [], 0
    game, phrases = sets["turn"]
    lat_items = [it for it in items if it[0] == "turn"][: 4 if quick else 10]
    for j, (_, p, voice, speed) in enumerate(lat_items):
        a, (_, last) = synthesize(p.spoken, voice, speed, floor_db=45, seed=j, lead_silence=0.5,
                                  tail_silence=1.5, return_span=True)

        def understand(h):
            return understand_text(g, game, h.text, h.confidence, phrases)
        h, cmd, dt = stream_realtime(recs["turn"], a, last, understand)
        if not np.isnan(dt):
            lat.append(dt * 1000)
        lat_ok += cmd == p.as_dict()
    res["latency_ms"] = lat
    res["latency_ok"] = (lat_ok, len(lat_items))
    for r in recs.values():
        getattr(r, "close", lambda: None)()
    return res


MEM_SCRIPT = r"""
import sys

def hwm():  # peak RSS of this process image (ru_maxrss would include the parent's at fork)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])

sys.path.insert(0, {root!r})
from voice_game.commands.grammar import load_grammar
from voice_game.speech.engines import make_recognizer
from voice_game.speech.synth import synthesize
before = hwm()
g = load_grammar({lang!r})
rec, name = make_recognizer({engine!r}, {lang!r}, sorted({{p.spoken for p in g.phrases("orchestra")}}))
rec.decode(synthesize({text!r}, {voice!r}, 175, floor_db=45))
print(before / 1024, hwm() / 1024)
"""


def peak_memory(engine: str, lang: str):
    text, voice = ("take conductor two", "en-us") if lang == "en" else ("dirigent zwei nehmen", "de")
    code = MEM_SCRIPT.format(root=str(ROOT), lang=lang, engine=engine, text=text, voice=voice)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    try:
        before, peak = map(float, p.stdout.split()[-2:])
        return before, peak
    except ValueError:
        return None


def first_spoken_word(lang: str, engine: str, trials: int = 3):
    """Seconds from starting the game to its first audible sample on the sink."""
    from voice_game.audio import soundserver

    why = soundserver.available()
    if why:
        return None, why
    out = []
    with soundserver.SoundServer() as srv, tempfile.TemporaryDirectory() as tmp:
        env = srv.env()
        env.update(VOICE_GAME_CONFIG_DIR=str(Path(tmp) / "cfg"), PULSE_SINK="speakers",
                   PULSE_SOURCE="virtmic")
        cmd = [sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--tts", "auto",
               "--lang", lang, "--engine", engine, "--players", "Ana,bot,bot", "--seed", "1"]
        for _ in range(trials):
            rec = srv.record("speakers.monitor")
            if not rec.wait_started():
                rec.stop()
                return None, "the sink monitor does not run"
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=str(ROOT), env=env, stdin=subprocess.PIPE,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            start_frame = rec.count
            got = None
            deadline = t0 + 20
            while time.perf_counter() < deadline and got is None:
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
                _, err = proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
            rec.stop()
            if got is None:
                return None, f"no sound within 20 s ({err.decode(errors='replace')[-300:].strip()})"
            out.append(got)
    return out, None


def first_text_line(lang: str, trials: int = 3):
    """Seconds from starting ``--tts text`` to its first line of output (no sound server)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(Path(tmp) / "cfg"))
        cmd = [sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--tts", "text",
               "--lang", lang, "--players", "Ana,bot,bot", "--seed", "1"]
        for _ in range(trials):
            t0 = time.perf_counter()
            proc = subprocess.Popen(cmd, cwd=str(ROOT), env=env, stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            proc.stdout.readline()
            out.append(time.perf_counter() - t0)
            proc.kill()
            proc.communicate()
    return out


# ----------------------------------------------------------------- report
def fmt_pct(ok, n):
    return f"{100 * ok / n:5.1f} % ({ok}/{n})" if n else "n/a"


def report(results, extra, cmdline) -> str:
    lines = [f"# Speech benchmark", "", f"Command: `{cmdline}`", "",
             f"Machine load matters (2 shared cores); run with `nice`. {time.strftime('%Y-%m-%d %H:%M')}", ""]
    lines += ["| engine | lang | set (phrases) | clean | 20 dB | 10 dB |", "|---|---|---|---|---|---|"]
    for (eng, lang), r in results.items():
        names = list(r["sets"]) + ["all"]
        for name in names:
            row = [eng, lang, f"{name} ({r['sets'][name]})" if name in r["sets"] else "**all**"]
            for cond, _ in CONDITIONS:
                per = r["acc"][cond]
                ok, n = ((per[name][0], per[name][1]) if name in per else
                         (sum(v[0] for v in per.values()), sum(v[1] for v in per.values())))
                row.append(fmt_pct(ok, n))
            lines.append("| " + " | ".join(row) + " |")
    lines += ["", "| engine | lang | OOG rejected | decode ms median / p95 | end of speech -> command ms median / p95 / max (right) |",
              "|---|---|---|---|---|"]
    for (eng, lang), r in results.items():
        d, la = r["decode_ms"], r["latency_ms"]
        lat = (f"{statistics.median(la):.0f} / {pct(la, 95):.0f} / {max(la):.0f} "
               f"({r['latency_ok'][0]}/{r['latency_ok'][1]})") if la else "n/a"
        lines.append(f"| {eng} | {lang} | {fmt_pct(*r['rejection'])} | "
                     f"{statistics.median(d):.0f} / {pct(d, 95):.0f} | {lat} |")
    lines += [""] + extra
    lines += ["", "<details><summary>Misses</summary>", ""]
    for (eng, lang), r in results.items():
        for m in r["misses"] + [f"OOG accepted: {x}" for x in r["oog_misses"]]:
            lines.append(f"- {eng} {lang}: {m}")
    lines += ["", "</details>", ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--engines", default="pocketsphinx,vosk")
    ap.add_argument("--langs", default="en,de")
    ap.add_argument("--no-startup", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "speech.md"))
    args = ap.parse_args()
    cmdline = "nice uv run python benchmarks/speech_bench.py " + " ".join(sys.argv[1:])

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    makers = {}
    extra = []
    for eng in args.engines.split(","):
        if eng == "pocketsphinx":
            from voice_game.speech.sphinx_engine import SphinxRecognizer
            makers[eng] = lambda lang, ph: SphinxRecognizer(lang, ph)
        elif eng == "vosk":
            try:
                from voice_game.speech.models import find_model
                from voice_game.speech.vosk_engine import VoskRecognizer
            except ImportError as exc:
                extra.append(f"- vosk: not importable ({exc})")
                continue

            def mk_vosk(lang, ph, find_model=find_model, V=VoskRecognizer):
                return V(find_model(lang), ph)
            makers[eng] = mk_vosk
            for lang in args.langs.split(","):
                if find_model(lang) is None:
                    extra.append(f"- vosk {lang}: no model installed (`voice-game models install {lang}`), skipped")
    results = {}
    t_start = time.perf_counter()
    for eng, make in makers.items():
        for lang in args.langs.split(","):
            if eng == "vosk":
                from voice_game.speech.models import find_model
                if find_model(lang) is None:
                    continue
            log(f"== {eng} {lang}")
            results[(eng, lang)] = run_engine(make, lang, args.quick, log)
        for lang in args.langs.split(","):
            if (eng, lang) not in results:
                continue
            mem = peak_memory(eng, lang)
            if mem:
                extra.append(f"- peak memory {eng} {lang} (full Tierorchester grammar loaded, one decode): "
                             f"{mem[1]:.0f} MB peak RSS (VmHWM) (python + imports before loading: {mem[0]:.0f} MB)")
    if not args.no_startup:
        for lang in args.langs.split(","):
            times, why = first_spoken_word(lang, "pocketsphinx")
            if times:
                extra.append(f"- first spoken word, `python -m voice_game.cli play orchestra --tts auto "
                             f"--engine pocketsphinx --lang {lang}` on a private PulseAudio: "
                             f"median {statistics.median(times):.2f} s, max {max(times):.2f} s "
                             f"(start of process -> first audible sample on the sink, n={len(times)})")
            else:
                extra.append(f"- first spoken word {lang}: not measured ({why})")
            tl = first_text_line(lang)
            extra.append(f"- first output line, `--tts text --lang {lang}`: median "
                         f"{statistics.median(tl):.2f} s (n={len(tl)})")
    extra.append(f"- benchmark wall time {time.perf_counter() - t_start:.0f} s")
    text = report(results, extra, cmdline)
    print(text)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
