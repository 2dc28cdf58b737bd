"""Echo cancellers compared on a German TTS echo (voice_game/speech/echo.py).

For each canceller: the game's German narration (espeak-ng) played, its echo in a room
(delay, small loudspeaker's soft clipping, reverberation T60 0.3 s; tests/support/echo_room.py)
at the microphone with a real person (Heidelberg Digits, German speakers of the shared corpus)
saying a digit in the middle of it, the echo as loud as the person (0 dB) and 6 dB louder.

* ERLE (dB): the echo alone, before over after cancellation (after 1 s of convergence);
* recognized: the person's digit read by Whisper (base, the place state's phrases) from the
  capture after cancellation (and, for reference, from the raw capture);
* ms/s: processing time per second of audio (both streams).

    uv run --group bench python benchmarks/aec_compare.py [--speakers N] [--delays 20,40,80]
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

from tests.support.echo_room import echo_of, level_db, to_int16  # noqa: E402
from tests.support.synth import synthesize  # noqa: E402
from voice_game.speech.echo import cancel, erle_db, make_canceller  # noqa: E402
from voice_game.speech.engines import make_recognizer  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16  # noqa: E402

CORPUS = ROOT.parent / "shared" / "speech-corpus"
if not CORPUS.exists():
    CORPUS = Path("/work/shared/speech-corpus")
NARRATION = ("Willkommen bei Tierorchester. Du spielst gegen zwei Bots. Jeder bekommt fünf Karten. "
             "Der Dirigent wechselt jede Runde. Welchen Dirigenten wählst du? Du hast die Karten "
             "Geige drei, Cello fünf und Trommel zwei auf der Hand.")
PHRASES = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "dirigent erster", "dirigent zweiter", "stopp"]


def clips(n_speakers: int) -> list[tuple[str, str, np.ndarray]]:
    labels = json.loads((CORPUS / "labels.json").read_text())
    out = []
    speakers = sorted({x["speaker"] for x in labels if x["lang"] == "de"})[:n_speakers]
    for spk in speakers:
        for x in labels:
            if x["speaker"] == spk and x["word"] in ("zwei", "drei", "fünf", "sieben") and "trial-1" in x["file"]:
                a, rate = read_audio(CORPUS / x["file"])
                out.append((spk, x["word"], to_16k_int16(a, rate)))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--speakers", type=int, default=6)
    ap.add_argument("--delays", default="20,40,80")
    ap.add_argument("--kinds", default="webrtc,linear,aec-audio-processing,none")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    played = synthesize(NARRATION, voice="de", speed=160, floor_db=None)
    rec, _ = make_recognizer("whisper", "de", PHRASES)
    people = clips(args.speakers)
    print(f"narration {played.size / 16000:.1f} s, {len(people)} clips of {args.speakers} German speakers")
    for kind in args.kinds.split(","):
        for loud in (0.0, 6.0):
            erles, hits, raw_hits, quiet_hits, cost = [], 0, 0, 0, 0.0
            for k, (spk, word, voice) in enumerate(people):
                delay = [int(d) for d in args.delays.split(",")][k % len(args.delays.split(","))]
                echo = echo_of(played, delay_ms=delay, t60=0.3, seed=k)
                at = int(6.0 * 16000) + (k * 3217) % int(4 * 16000)
                person = np.zeros(played.size)
                person[at:at + voice.size] = voice[: played.size - at]
                echo *= 10 ** ((level_db(voice) + loud - level_db(echo)) / 20)
                canceller, why = make_canceller(kind)
                if canceller is None:
                    print(f"{kind}: unavailable ({why})")
                    break
                t0 = time.perf_counter()
                echo_only = cancel(canceller, played, to_int16(echo), delay)
                cost += (time.perf_counter() - t0) / (played.size / 16000)
                erles.append(erle_db(echo, echo_only))
                canceller, _ = make_canceller(kind)
                assert canceller is not None
                mic = to_int16(echo + person)
                clean = cancel(canceller, played, mic, delay)
                seg = slice(max(0, at - 8000), at + voice.size + 8000)
                rec.reset()
                heard = rec.decode(clean[seg], 16000).text.strip().lower()
                rec.reset()
                raw = rec.decode(mic[seg], 16000).text.strip().lower()
                rec.reset()
                alone = rec.decode(to_int16(person)[seg], 16000).text.strip().lower()
                hits += heard == word
                raw_hits += raw == word
                quiet_hits += alone == word
                if args.verbose:
                    print(f"  {spk} {word!r} delay {delay} ms: after {heard!r}, raw {raw!r}, alone {alone!r}")
            else:
                n = len(people)
                print(f"{kind:22s} echo {loud:+.0f} dB: ERLE median {np.median(erles):5.1f} dB "
                      f"(min {min(erles):5.1f}); recognized after {hits}/{n}, raw {raw_hits}/{n}, "
                      f"without echo {quiet_hits}/{n}; "
                      f"{1000 * cost / n:.1f} ms per s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
