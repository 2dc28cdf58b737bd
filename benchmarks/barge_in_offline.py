"""Barge-in offline: a person's command said while the game talks, through the listener's own
streaming path (duplex stage with an echo canceller, residual gate, voice activity, Whisper,
the listener's decision), with each canceller of voice_game/speech/echo.py.

The game's English narration (espeak-ng) is played; its echo in a synthetic room
(tests/support/echo_room.py: 20 or 80 ms, a small loudspeaker's soft clipping, T60 0.3 s)
reaches the microphone as loud as the person (0 dB) or 6 dB louder (active levels). A real
person of the shared corpus (Speech Commands "stop", and held-out speakers' "two"/"three")
speaks ``--at`` seconds into the narration. The reference goes to the duplex stage through a
``ReferenceTap`` with play times, the capture with capture times, as in the game (the lag
tracker, the 150 ms lead); everything runs as fast as the machine allows.

* right: the listener delivered the person's word (a stop phrase needs 0.35, others 0.7);
* wrong: it delivered something else;
* echo alone: the narration's echo with nobody speaking, per canceller and level: every
  delivered command or "not understood" is a false trigger by the game's own voice.

    nice -n 10 uv run python benchmarks/barge_in_offline.py [--kinds webrtc,linear,linear+webrtc]
        [--at 2.0,4.5] [--echo 0,6,quiet] [--words stop,two,three] [--verbose]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.echo_room import echo_of, to_int16  # noqa: E402
from tests.support.synth import synthesize  # noqa: E402
from voice_game.audio.reference import ReferenceTap  # noqa: E402
from voice_game.commands.grammar import load_grammar  # noqa: E402
from voice_game.speech.duplex import Duplex  # noqa: E402
from voice_game.speech.echo import make_canceller  # noqa: E402
from voice_game.speech.engines import make_recognizer  # noqa: E402
from voice_game.speech.listener import Listener  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16  # noqa: E402
from voice_game.speech.voice_events import Heard, VoiceEvent  # noqa: E402
from voice_game.speech.voice_input import stop_phrases  # noqa: E402

CORPUS = ROOT.parent / "shared" / "speech-corpus"
if not CORPUS.exists():
    CORPUS = Path("/work/shared/speech-corpus")
NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor. Which conductor? You hold a cello five, "
             "a drum two and a flute three.")
#: speakers whose digits may be used for tuning (benchmarks/duplex_bench.py's TUNE)
TUNE = {"hd-en00", "hd-en01", "hd-en02", "fsdd-george"}
T0 = 1000.0  # the play/capture clock of the run (seconds)


class Events:
    def __init__(self) -> None:
        self.got: list[VoiceEvent] = []

    def put(self, event: VoiceEvent) -> None:
        self.got.append(event)

    def heard(self) -> list[Heard]:
        return [e for e in self.got if isinstance(e, Heard)]


def active_level_db(x: np.ndarray) -> float:
    """Mean power of the 10 ms frames within 20 dB of the loudest (as the e2e test measures)."""
    a = np.asarray(x, np.float64)
    fr = a[: a.size // 160 * 160].reshape(-1, 160)
    e = (fr ** 2).mean(axis=1)
    return float(10 * np.log10(e[e >= e.max() / 100].mean() + 1e-9))


def people(words: list[str], per_word: int) -> list[tuple[str, str, np.ndarray]]:
    labels = json.loads((CORPUS / "labels.json").read_text())
    out: list[tuple[str, str, np.ndarray]] = []
    for word in words:
        got = [x for x in labels if x["lang"] == "en" and x["word"] == word and x["speaker"] not in TUNE
               and x["source"] in ("speech-commands", "heidelberg-digits")]
        for x in sorted(got, key=lambda x: x["file"])[:per_word]:
            a, rate = read_audio(CORPUS / x["file"])
            out.append((x["speaker"], word, to_16k_int16(a, rate)))
    return out


def listen(rec, kind: str, played: np.ndarray, mic: np.ndarray, stops: frozenset[str]) -> list[Heard]:
    """The listener's streaming path over ``mic`` with ``played`` as the reference; the game
    counts as speaking all along."""
    canceller, why = make_canceller(kind)
    if canceller is None:
        raise SystemExit(f"{kind}: {why}")
    tap = ReferenceTap(keep_s=120)
    tap.push(played.astype(np.float64) / 32767.0, 16000, T0)
    events = Events()
    listener = Listener(rec, duplex=Duplex(canceller, tap), events=events, muted=lambda: True)
    listener.stop_phrases = stops
    pcm = np.concatenate([mic, np.zeros(16000, np.int16)]).astype("<i2").tobytes()
    rec.reset()
    listener.start_fed()
    try:
        for k in range(0, len(pcm), 3200):
            while listener._audio.qsize() > 200:  # noqa: SLF001 - keep the queue from overflowing
                time.sleep(0.05)
            listener.feed(pcm[k:k + 3200], muted=True, captured_at=T0 + k / 32000)
        deadline = time.monotonic() + 60
        while listener._audio.qsize() and time.monotonic() < deadline:  # noqa: SLF001
            time.sleep(0.1)
        time.sleep(2.5)  # the last block's decoding
    finally:
        listener.stop()
    return events.heard()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kinds", default="webrtc,linear,linear+webrtc")
    ap.add_argument("--echo", default="0,6")
    ap.add_argument("--at", default="2.0,4.5", help="seconds into the narration the person speaks")
    ap.add_argument("--words", default="stop,two,three")
    ap.add_argument("--per-word", type=int, default=5)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    played = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    grammar = load_grammar("en")
    forms = sorted({f for p in grammar.phrases("orchestra") for f in (p.spoken, p.text) if f})
    rec, _ = make_recognizer("whisper", "en", forms)
    stops = stop_phrases("en")
    clips = people(args.words.split(","), args.per_word)
    ats = [float(a) for a in args.at.split(",")]
    print(f"narration {played.size / 16000:.1f} s; {len(clips)} clips ({args.words}) at {ats} s; "
          f"load average {Path('/proc/loadavg').read_text().split()[:3]}")
    rows = []
    for kind in args.kinds.split(","):
        for loud_s in args.echo.split(","):
            quiet = loud_s == "quiet"  # no echo at all: the person at the level of the 0 dB case
            loud = 0.0 if quiet else float(loud_s)
            right = wrong = n = false = 0
            t_start = time.perf_counter()
            for k, (spk, word, voice) in enumerate(clips):
                for j, at in enumerate(ats):
                    delay = (20, 80)[(k + j) % 2]
                    echo = echo_of(played, delay_ms=delay, t60=0.3, seed=k)
                    start = int(at * 16000)
                    person = np.zeros(played.size)
                    seg = voice[: max(0, played.size - start)].astype(np.float64)
                    person[start:start + seg.size] = seg
                    level = active_level_db(echo[max(0, start - 16000):start])
                    person *= 10 ** ((level - loud - active_level_db(seg)) / 20)
                    heard = listen(rec, kind, played, to_int16(person if quiet else echo + person), stops)
                    got = [h for h in heard if h.decision == "delivered"]
                    ok = bool(got) and got[0].text.lower().strip(" .!") == word
                    right += ok
                    wrong += bool(got) and not ok
                    n += 1
                    if args.verbose:
                        print(f"  {kind} {loud_s} dB {spk} {word!r} at {at} s, {delay} ms: "
                              + ", ".join(f"{h.text!r} {h.confidence:.2f} {h.decision}" for h in heard))
            for seed in range(0 if quiet else 2):
                echo = echo_of(played, delay_ms=(20, 80)[seed], t60=0.3, seed=seed)
                heard = listen(rec, kind, played, to_int16(echo), stops)
                false += sum(h.decision != "ignored" for h in heard)
                if args.verbose:
                    print(f"  {kind} echo alone: " + ", ".join(f"{h.text!r} {h.confidence:.2f} {h.decision}" for h in heard))
            rows.append((kind, loud_s, right, wrong, n, false, time.perf_counter() - t_start))
            print(f"{kind:15s} echo {loud_s} dB: right {right}/{n}, wrong {wrong}/{n}, "
                  f"echo alone {false} false triggers in {2 * played.size / 16000:.0f} s "
                  f"({rows[-1][-1]:.0f} s)", flush=True)
    print("\n| canceller | echo over person | command delivered right | wrong command | own voice alone: false triggers |")
    print("|---|---|---|---|---|")
    for kind, loud, right, wrong, n, false, _ in rows:
        print(f"| {kind} | {loud} dB | {right}/{n} | {wrong}/{n} | {false} in {2 * played.size / 16000:.0f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
