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

``--room room`` (the default) is the synthetic room above; ``--room plain`` the echo only
delayed and scaled (a loopback: no reverberation, no clipping). ``--split tune`` takes the
tuning speakers (``TUNE``, benchmarks/duplex_speakers.py: the split of every duplex
benchmark) instead of the held-out ones. ``--own-voice-minutes M``
plays M minutes of the game's own English lines (every one-line message of locales/en,
in chunks of about 100 s, each a fresh listener, delays 20-80 ms) with nobody speaking and
counts what the listener did not ignore. A kind ``linear:key=value,...`` is a
``LinearCanceller`` with those arguments (for tuning).

    nice -n 10 uv run python benchmarks/barge_in_offline.py [--kinds webrtc,linear,linear+webrtc]
        [--at 2.0,4.5] [--echo 0,6,quiet] [--words stop,two,three] [--room room,plain]
        [--split heldout|tune] [--own-voice-minutes 0] [--verbose] [--clock-ms 150]
        [--tracker window_s=0.5,settle_s=0.2] [--voice-on]

``--clock-ms``: the capture clock runs that much behind the play clock's estimate, as on
the duplex benchmark's sound server (140-220 ms), so the lag tracker must find it first;
``--tracker``: the lag tracker's arguments. The game's words are marked on the reference
(``ReferenceTap.said``) as the player marks them: a hypothesis made only of them is ``echo``.
"""
from __future__ import annotations

import argparse
import json
import re
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
from voice_game.speech.echo_delay import DelayTracker  # noqa: E402
from voice_game.speech.echo import EchoCanceller, make_canceller  # noqa: E402
from voice_game.speech.engines import make_recognizer  # noqa: E402
from voice_game.speech.linear_echo import LinearCanceller  # noqa: E402
from voice_game.speech.listener import Listener  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16  # noqa: E402
from voice_game.speech.voice_events import Heard  # noqa: E402
from voice_game.speech.voice_input import configure  # noqa: E402

from tests.support.fed_listener import heard_through  # noqa: E402
from tests.support.voice_sink import Collected  # noqa: E402
from duplex_speakers import CORPUS, TUNE  # noqa: E402

NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor. Which conductor? You hold a cello five, "
             "a drum two and a flute three.")
T0 = 1000.0  # the play/capture clock of the run (seconds)
#: ``--clock-ms``: the capture clock runs this much behind the play clock's estimate (on the
#: duplex benchmark's sound server the echo came 140-210 ms after its estimated play time),
#: so the lag tracker has to find it before the canceller can use it
CLOCK_S = 0.0
#: ``--tracker key=value,...``: the lag tracker's arguments (speech/echo_delay.py)
TRACKER: dict[str, float] = {}
#: ``--voice-on``: the game's voice-on sound (the card shuffle a fresh game plays when its
#: microphone opens, before the first sentence) comes this long before the narration; the
#: person's ``--at`` still counts from the narration's start
VOICE_ON_S = 0.0


def active_level_db(x: np.ndarray) -> float:
    """Mean power of the 10 ms frames within 20 dB of the loudest (as the e2e test measures)."""
    a = np.asarray(x, np.float64)
    fr = a[: a.size // 160 * 160].reshape(-1, 160)
    e = (fr ** 2).mean(axis=1)
    return float(10 * np.log10(e[e >= e.max() / 100].mean() + 1e-9))


def people(words: list[str], per_word: int, split: str = "heldout") -> list[tuple[str, str, np.ndarray]]:
    labels = json.loads((CORPUS / "labels.json").read_text())
    out: list[tuple[str, str, np.ndarray]] = []
    for word in words:
        mine = [x for x in labels if x["lang"] == "en" and x["word"] == word
                and x["source"] in ("speech-commands", "heidelberg-digits")]
        held = sorted((x for x in mine if x["speaker"] not in TUNE), key=lambda x: x["file"])[:per_word]
        if split == "tune":
            tune = [x for x in mine if x["speaker"] in TUNE]
            if not tune:  # "stop": every speaker is held out; tune on the ones not reported
                names = {x["speaker"] for x in held}
                tune = [x for x in mine if x["speaker"] not in names]
            got = sorted(tune, key=lambda x: x["file"])[:per_word]
        else:
            got = held
        for x in got:
            a, rate = read_audio(CORPUS / x["file"])
            out.append((x["speaker"], word, to_16k_int16(a, rate)))
    return out


def canceller_of(kind: str) -> EchoCanceller:
    """A canceller by its name, or ``linear:key=value,...`` (a tuned ``LinearCanceller``);
    a suffix ``@warm`` (``linear@warm``) is the same canceller started from the echo path it
    learned in the same room from other narration (:func:`learn_room`: the game's next start);
    ``@other``: from the path it learned in another room (another delay and reverberation:
    the loudspeaker or the room changed since the last start)."""
    kind = kind.split("@")[0]
    if kind.startswith("linear:"):
        kwargs = {k: int(v) if v.isdigit() else float(v) for k, v in (p.split("=") for p in kind.split(":", 1)[1].split(";"))}
        return LinearCanceller(**kwargs)  # type: ignore[arg-type]
    canceller, why = make_canceller(kind)
    if canceller is None:
        raise SystemExit(f"{kind}: {why}")
    return canceller


def room_echo(played: np.ndarray, room: str, delay_ms: int, seed: int) -> np.ndarray:
    """The echo of ``played`` at the microphone: the synthetic room (``room``) or only delayed
    (``plain``), at the same level."""
    echo = echo_of(played, delay_ms=delay_ms, t60=0.3, seed=seed)
    if room == "room":
        return echo
    d = int(delay_ms * 16)
    plain = np.concatenate([np.zeros(d), played.astype(np.float64)])[: played.size]
    return plain * np.sqrt((echo ** 2).mean() / max(1e-12, (plain ** 2).mean()))


_LEARNED: dict[tuple, tuple] = {}


def prior_for(kind: str, room: str, delay_ms: int, seed: int) -> tuple | None:
    """The remembered path a kind starts from (``@warm``: this room's, ``@other``: another
    room's), or None (a fresh start)."""
    if kind.endswith("@warm"):
        return learn_room(kind, room, delay_ms, seed)
    if kind.endswith("@other"):
        return learn_room(kind, room, 100 - delay_ms, seed + 500)
    return None


def learn_room(kind: str, room: str, delay_ms: int, seed: int) -> tuple:
    """What ``kind`` learns of the room (``room``, ``delay_ms``, ``seed``) from 12 s of other
    narration through the duplex stage: (weights, lag) as the game keeps them
    between starts (speech/echo_memory.py)."""
    key = (kind, room, delay_ms, seed)
    if key not in _LEARNED:
        text = " ".join(own_lines()[40:70])
        played = synthesize(text, voice="en", speed=160, floor_db=None)[: 12 * 16000]
        mic = to_int16(room_echo(played, room, delay_ms=delay_ms, seed=seed))
        canceller = canceller_of(kind)
        tap = ReferenceTap(keep_s=30)
        tap.push(played.astype(np.float64) / 32767.0, 16000, T0)
        duplex = Duplex(canceller, tap)
        pcm = mic.astype("<i2").tobytes()
        for k in range(0, len(pcm), 320):
            duplex.process(pcm[k:k + 320], T0 + k / 32000)
        learned = canceller.learned()
        if learned is None:
            raise SystemExit(f"{kind} learned nothing in 12 s")
        _LEARNED[key] = (learned, duplex.tracker.lag_s)
    return _LEARNED[key]


def voice_on_16k() -> np.ndarray:
    """The game's voice-on sound (voice_game/audio/cues.py) as the reference tap has it:
    mono, 16 kHz, int16 scale."""
    from voice_game.audio import cues
    from voice_game.speech.voice_input import VOICE_ON_CUE

    a = cues.load(VOICE_ON_CUE).astype(np.float64).mean(axis=1)
    return np.interp(np.arange(0, a.size, cues.RATE / 16000), np.arange(a.size), a)


def own_lines() -> list[str]:
    """The game's own English one-line messages (locales/en), placeholders filled."""
    fill = ["Anna", "two", "the violin", "three", "Ben"]
    out = []
    for path in sorted((ROOT / "locales" / "en").glob("*.ftl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^[a-z][\w-]* = (.+)$", line)
            if m and "->" not in m.group(1):
                text = re.sub(r"\{[^}]*\}", lambda _m: fill[len(out) % len(fill)], m.group(1))
                out.append(text.replace("<", " ").replace(">", " "))
    return out


def own_voice(rec, kind: str, room: str, minutes: float, verbose: bool) -> tuple[int, float, list[str]]:
    """``minutes`` of the game's own voice with nobody speaking: the false triggers."""
    lines = own_lines()
    done = 0.0
    false = 0
    said: list[str] = []
    chunk = 0
    i = 0
    while done < minutes * 60 and i < len(lines):
        text = []
        while i < len(lines) and sum(len(t.split()) for t in text) < 260:  # about 100 s at 160 wpm
            text.append(lines[i])
            i += 1
        played = synthesize(" ".join(text), voice="en", speed=160, floor_db=None)
        delay = (20, 40, 60, 80)[chunk % 4]
        echo = room_echo(played, room, delay_ms=delay, seed=chunk)
        prior = prior_for(kind, room, delay, chunk)
        heard = listen(rec, kind, played, to_int16(echo), prior, text=" ".join(text))
        bad = [h for h in heard if h.decision not in ("ignored", "echo")]
        false += len(bad)
        said += [f"{h.text!r} {h.confidence:.2f} {h.decision}{' (again)' if h.again else ''}" for h in bad]
        done += played.size / 16000
        chunk += 1
        if verbose:
            print(f"  {kind} {room} own voice chunk {chunk} ({played.size / 16000:.0f} s): "
                  + ", ".join(f"{h.text!r} {h.confidence:.2f} {h.decision}{' (again)' if h.again else ''}" for h in heard), flush=True)
    return false, done / 60, said


def listen(rec, kind: str, played: np.ndarray, mic: np.ndarray,
           prior: tuple | None = None, text: str = NARRATION, said_from: float = 0.0) -> list[Heard]:
    """The listener's streaming path over ``mic`` with ``played`` as the reference; the game
    counts as speaking all along. ``prior``: the echo path to start from (:func:`learn_room`)."""
    canceller = canceller_of(kind)
    tap = ReferenceTap(keep_s=max(120, played.size / 16000 + 10))
    tap.push(played.astype(np.float64) / 32767.0, 16000, T0)
    tap.said(text, T0 + said_from, T0 + played.size / 16000)  # the game's words, spread over its speech
    events = Collected()
    duplex = Duplex(canceller, tap)
    if TRACKER:
        duplex.tracker = DelayTracker(**TRACKER)  # type: ignore[arg-type]
    if prior is not None:
        canceller.warm(prior[0])
        duplex.tracker.assume(prior[1])
    listener = configure(Listener(rec, duplex=duplex, events=events, muted=lambda: True), "en")
    # 2.5 s: the last block's decoding
    return heard_through(listener, events, mic, T0 + CLOCK_S, tail_s=1.0, settle_s=2.5)


def word_levels(kind: str, played: np.ndarray, echo: np.ndarray, person: np.ndarray, delay: int) -> str:
    """The canceller alone (the true delay, reference and capture in step) on the echo with
    the person: in the word's frames (the person's 10 ms frames within 30 dB of its
    loudest) the echo, what is left of it beside the word (the output minus the word: the
    echo left and what the canceller took of the word), and the word, dB re 1 LSB."""
    mic = to_int16(echo + person)
    c = canceller_of(kind)
    c.set_delay_ms(delay)
    out = []
    for k in range(0, mic.size - 159, 160):
        c.played(played[k:k + 160].astype("<i2").tobytes())
        out.append(np.frombuffer(c.captured(mic[k:k + 160].astype("<i2").tobytes()), "<i2").astype(np.float64))
    o = np.concatenate(out)
    n = o.size // 160 * 160

    def fr(x: np.ndarray) -> np.ndarray:
        return (np.asarray(x[:n], np.float64).reshape(-1, 160) ** 2).mean(axis=1)

    pp = fr(person)
    word = pp > pp.max() / 1000

    def db(e: np.ndarray) -> float:
        return float(10 * np.log10(e[word].mean() + 1e-9))

    # a suppressor's output is one block late
    left = min((fr(np.concatenate([o[lag:], np.zeros(lag)]) - person[:o.size]) for lag in (0, 160)), key=db)
    return (f"echo {db(fr(echo)):.0f}, left {db(left):.0f}, word {db(pp):.0f} dB "
            f"(word over what is left {db(pp) - db(left):.1f} dB) in its {int(word.sum())} frames")


def run_clips(rec, kind: str, room: str, loud_s: str, played: np.ndarray, clips, ats, verbose: bool):
    quiet = loud_s == "quiet"  # no echo at all: the person at the level of the 0 dB case
    loud = 0.0 if quiet else float(loud_s)
    right = wrong = n = false = 0
    t_start = time.perf_counter()
    for k, (spk, word, voice) in enumerate(clips):
        for j, at in enumerate(ats):
            delay = (20, 80)[(k + j) % 2]
            echo = room_echo(played, room, delay_ms=delay, seed=k)
            start = int(at * 16000)
            person = np.zeros(played.size)
            seg = voice[: max(0, played.size - start)].astype(np.float64)
            person[start:start + seg.size] = seg
            level = active_level_db(echo[max(0, start - 16000):start])
            person *= 10 ** ((level - loud - active_level_db(seg)) / 20)
            prior = prior_for(kind, room, delay, k)
            heard = listen(rec, kind, played, to_int16(person if quiet else echo + person), prior, said_from=VOICE_ON_S)
            got = [h for h in heard if h.decision == "delivered"]
            ok = bool(got) and got[0].text.lower().strip(" .!") == word
            right += ok
            wrong += bool(got) and not ok
            n += 1
            if verbose:
                lv = "" if quiet else f" [{word_levels(kind, played, echo, person, delay)}]"
                print(f"  {room} {kind} {loud_s} dB {spk} {word!r} at {at} s, {delay} ms: "
                      + ", ".join(f"{h.text!r} {h.confidence:.2f} {h.decision}{' (again)' if h.again else ''}" for h in heard) + lv, flush=True)
    for seed in range(0 if quiet else 2):
        echo = room_echo(played, room, delay_ms=(20, 80)[seed], seed=seed)
        prior = prior_for(kind, room, (20, 80)[seed], seed)
        heard = listen(rec, kind, played, to_int16(echo), prior, said_from=VOICE_ON_S)
        false += sum(h.decision not in ("ignored", "echo") for h in heard)
        if verbose:
            print(f"  {room} {kind} echo alone: " + ", ".join(f"{h.text!r} {h.confidence:.2f} {h.decision}{' (again)' if h.again else ''}" for h in heard))
    secs = 0 if quiet else 2 * played.size / 16000
    print(f"{room} {kind:15s} echo {loud_s} dB: right {right}/{n}, wrong {wrong}/{n}, "
          f"echo alone {false} false triggers in {secs:.0f} s ({time.perf_counter() - t_start:.0f} s)", flush=True)
    return (room, kind, f"{loud_s} dB", right, wrong, n, false, secs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kinds", default="webrtc,linear,linear+webrtc")
    ap.add_argument("--echo", default="0,6")
    ap.add_argument("--at", default="2.0,4.5", help="seconds into the narration the person speaks")
    ap.add_argument("--words", default="stop,two,three")
    ap.add_argument("--per-word", type=int, default=5)
    ap.add_argument("--room", default="room", help="room (reverberation, clipping) and/or plain (delay only)")
    ap.add_argument("--split", default="heldout", choices=("heldout", "tune"))
    ap.add_argument("--own-voice-minutes", type=float, default=0.0)
    ap.add_argument("--no-clips", action="store_true", help="only the own voice")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--clock-ms", type=float, default=0.0,
                    help="the capture clock this much behind the play clock's estimate (the lag to find)")
    ap.add_argument("--tracker", default="", help="the lag tracker's arguments: key=value,...")
    ap.add_argument("--voice-on", action="store_true",
                    help="the voice-on sound before the narration, as a fresh game plays it")
    args = ap.parse_args(argv)
    global CLOCK_S
    CLOCK_S = args.clock_ms / 1000
    TRACKER.update({k: float(v) for k, v in (p.split("=") for p in args.tracker.split(",") if p)})
    played = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    grammar = load_grammar("en")
    forms = sorted({f for p in grammar.phrases("orchestra") for f in (p.spoken, p.text) if f})
    rec, _ = make_recognizer("whisper", "en", forms)
    clips = [] if args.no_clips else people(args.words.split(","), args.per_word, args.split)
    ats = [float(a) for a in args.at.split(",")]
    if args.voice_on:
        global VOICE_ON_S
        cue = voice_on_16k()
        VOICE_ON_S = cue.size / 16000
        played = np.concatenate([cue, played.astype(np.float64)]).astype(np.int16)
        ats = [a + VOICE_ON_S for a in ats]
    print(f"narration {played.size / 16000:.1f} s; {len(clips)} clips ({args.words}) at {ats} s; "
          f"load average {Path('/proc/loadavg').read_text().split()[:3]}")
    rows = []
    for room in args.room.split(","):
        for kind in args.kinds.split(","):
            for loud_s in args.echo.split(",") if clips else []:
                rows.append(run_clips(rec, kind, room, loud_s, played, clips, ats, args.verbose))
            if args.own_voice_minutes > 0:
                false, minutes, said = own_voice(rec, kind, room, args.own_voice_minutes, args.verbose)
                print(f"{kind:15s} {room}: own voice alone {false} false triggers in {minutes:.1f} min"
                      + (f": {'; '.join(said)}" if said else ""), flush=True)
                rows.append((room, kind, "own voice", 0, 0, 0, false, minutes * 60))
    print("\n| room | canceller | echo over person | command delivered right | wrong command | own voice alone: false triggers |")
    print("|---|---|---|---|---|---|")
    for room, kind, loud, right, wrong, n, false, secs in rows:
        cells = "- | - " if loud == "own voice" else f"{right}/{n} | {wrong}/{n} "
        print(f"| {room} | {kind} | {loud} | {cells}| {false} in {secs / 60:.1f} min |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
