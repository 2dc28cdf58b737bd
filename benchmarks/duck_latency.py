"""Where the time from a person's first sound to the narration's audible duck goes, stage
by stage (issue 21: ducked <= 150 ms after speech starts).

    nice -n 10 uv run python benchmarks/duck_latency.py offline [--speakers heldout|tune]
    nice -n 10 uv run python benchmarks/duck_latency.py live [--runs 6]

``offline``: the listener's own path before the recognizer (the duplex stage with the linear
canceller and its residual gates, then Silero voice activity), fed frame by frame with the
English narration's echo (tests/support/echo_room.py: 20/80 ms, T60 0.3 s, soft clipping) as
loud as the person (0 dB), 6 dB louder, or none; corpus people (Speech Commands "stop",
Heidelberg digits "two"/"three") speak 2.0 or 4.5 s into it. Times are in audio (no machine
load in them): from the true onset (the first 20 ms frame within 30 dB of the word's
loudest, as benchmarks/duplex_room.py counts it) to the first cleaned frame that passes the
residual gate, and to ``speech started``. Also: how often the echo alone starts speech (a
false duck) in the same narration.

``live``: a private PulseAudio (tests/support/soundserver.py). The game's player (the real
``Player`` on a PortAudio stream to ``pulse``, the echo canceller's reference attached, as
in full duplex) plays the narration into the ``speakers`` sink; a loopback sends it into the
microphone sink as the room's echo; the real listener (duplex stage, Silero, Whisper) hears
the microphone ``virtmic``; its events go to the real barge-in stage. A corpus person is
written into the microphone sink during the narration. The narration carries a quiet 15 kHz
pilot tone that the 16 kHz microphone cannot hear: its level on the loudspeaker's monitor
shows when the duck became audible. Printed per run (ms, wall clock, all on perf_counter):
onset at the microphone (parec of the microphone sink) -> the block with the VAD's frame
captured (its ADC time) -> the listener's ``speech started`` -> the duck requested ->
audible at the loudspeaker (pilot 6 dB down); and the capture's buffering (callback time
minus the block's last sample's ADC time) and the output's (the stream's latency).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tests.support.echo_room import echo_of, to_int16  # noqa: E402
from tests.support.synth import synthesize  # noqa: E402
from voice_game.audio.reference import ReferenceTap  # noqa: E402
from voice_game.speech.duplex import Duplex, level_db  # noqa: E402
from voice_game.speech.echo import make_canceller  # noqa: E402
from voice_game.speech.recognize import read_audio, to_16k_int16  # noqa: E402
from voice_game.speech.vad import Endpointer, SileroVad, Vad, frames_of  # noqa: E402

from duplex_speakers import CORPUS, TUNE  # noqa: E402

NARRATION = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
             "Ben has placed a violin at the first conductor. Which conductor? You hold a cello five, "
             "a drum two and a flute three.")
RATE = 16000
T0 = 1000.0


def people(which: str, per_word: int, words=("stop", "two", "three")) -> list[tuple[str, str, np.ndarray]]:
    labels = json.loads((CORPUS / "labels.json").read_text())
    out = []
    for word in words:
        got = [x for x in labels if x["lang"] == "en" and x["word"] == word
               and x["source"] in ("speech-commands", "heidelberg-digits")
               and ((x["speaker"] in TUNE) == (which == "tune"))]
        for x in sorted(got, key=lambda x: x["file"])[:per_word]:
            a, rate = read_audio(CORPUS / x["file"])
            out.append((x["speaker"], word, to_16k_int16(a, rate)))
    return out


def onset(x: np.ndarray, floor_db: float = 30.0) -> int:
    """The first sample of the first 20 ms frame within ``floor_db`` of the loudest
    (benchmarks/duplex_room.py ``voiced_span``)."""
    n = 320
    k = max(1, x.size // n)
    p = (x[: k * n].astype(np.float64).reshape(k, -1) ** 2).mean(axis=1)
    return int(np.flatnonzero(p > p.max() * 10 ** (-floor_db / 10))[0] * n)


def active_level_db(x: np.ndarray) -> float:
    a = np.asarray(x, np.float64)
    fr = a[: a.size // 160 * 160].reshape(-1, 160)
    e = (fr ** 2).mean(axis=1)
    return float(10 * np.log10(e[e >= e.max() / 100].mean() + 1e-9))


def stages(played: np.ndarray, mic: np.ndarray, kind: str, threshold: float) -> dict:
    """Run the listener's pre-recognizer path over ``mic`` (the game speaking all along);
    the sample index at which each frame's decision was known."""
    canceller, why = make_canceller(kind)
    if canceller is None:
        raise SystemExit(f"{kind}: {why}")
    tap = ReferenceTap(keep_s=120)
    tap.push(played.astype(np.float64) / 32767.0, RATE, T0)
    duplex = Duplex(canceller, tap)
    ep = Endpointer(SileroVad(), threshold=threshold)
    pcm = mic.astype("<i2").tobytes()
    rest = b""
    pos = 0  # samples of cleaned audio so far
    vad_pos = 0  # samples given to the voice detector so far
    loud: list[int] = []  # end sample of each cleaned 10 ms frame at or over 40 dB
    starts: list[int] = []  # end sample of the VAD frame that started speech
    probs: list[tuple[int, float]] = []  # (end sample, probability) of every VAD frame
    for k in range(0, len(pcm), 320):  # 10 ms blocks
        clean = duplex.process(pcm[k:k + 320], T0 + k / 32000)
        for j in range(0, len(clean), 320):
            if level_db(clean[j:j + 320]) >= 40.0:
                loud.append(pos + j // 2 + 160)
        frames, rest = frames_of(rest + clean, ep.frame_bytes)
        for f in frames:
            vad_pos += len(f) // 2
            d = ep.push(f)
            probs.append((vad_pos, ep.last_probability))
            if d is Vad.START:
                starts.append(vad_pos)
            elif d is Vad.END:
                ep.take()
        pos += len(clean) // 2
    return {"loud": loud, "starts": starts, "probs": probs}


def episodes(probs: list[tuple[int, float]], theta: float, gap: int = 3) -> list[int]:
    """Where the probability first reaches ``theta`` after at least ``gap`` frames under it."""
    out, under = [], gap
    for at, p in probs:
        if p >= theta:
            if under >= gap:
                out.append(at)
            under = 0
        else:
            under += 1
    return out


def offline(args) -> None:  # noqa: C901 - one measurement loop, its figures printed in order
    played = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    clips = people(args.speakers, args.per_word)
    print(f"narration {played.size / RATE:.1f} s; {len(clips)} clips ({args.speakers} speakers); "
          f"VAD threshold {args.threshold}; load average {Path('/proc/loadavg').read_text().split()[:3]}")
    for loud_s in args.echo.split(","):
        quiet = loud_s == "quiet"
        gate_ms: list[float] = []
        vad_ms: list[float] = []
        missed = 0
        early = 0
        thetas = [float(t) for t in args.thetas.split(",")]
        first: dict[float, list[float]] = {t: [] for t in thetas}
        for k, (spk, word, voice) in enumerate(clips):
            for j, at in enumerate((2.0, 4.5)):
                delay = (20, 80)[(k + j) % 2]
                echo = echo_of(played, delay_ms=delay, t60=0.3, seed=k)
                start = int(at * RATE)
                seg = voice.astype(np.float64)[: played.size - start]
                level = active_level_db(echo[start - RATE:start])
                seg = seg * 10 ** ((level - (0.0 if quiet else float(loud_s)) - active_level_db(seg)) / 20)
                person = np.zeros(played.size)
                person[start:start + seg.size] = seg
                true_on = start + onset(seg)
                mic = to_int16(person if quiet else echo + person)
                got = stages(played, mic, args.kind, args.threshold)
                g = [s for s in got["loud"] if s >= true_on - 1600]
                v = [s for s in got["starts"] if s >= true_on - 1600]
                early += sum(1 for s in got["starts"] if s < true_on - 1600)
                for th in thetas:
                    e = [a for a, p in got["probs"] if a >= true_on and p >= th]
                    if e and e[0] < true_on + 8000:
                        first[th].append((e[0] - true_on) / 16)
                if g:
                    gate_ms.append((g[0] - true_on) / 16)
                if v and v[0] < true_on + 8000:
                    vad_ms.append((v[0] - true_on) / 16)
                else:
                    missed += 1
                if args.verbose:
                    print(f"  {loud_s} {spk} {word} at {at} s, {delay} ms: gate open "
                          f"{(g[0] - true_on) / 16 if g else float('nan'):+.0f} ms, speech started "
                          f"{(v[0] - true_on) / 16 if v else float('nan'):+.0f} ms")
        false = 0
        false_th = {t: 0 for t in thetas}
        false_loud = 0
        if not quiet:
            for seed in range(2):
                echo = echo_of(played, delay_ms=(20, 80)[seed], t60=0.3, seed=seed)
                alone = stages(played, to_int16(echo), args.kind, args.threshold)
                false += len(alone["starts"])
                for th in thetas:
                    false_th[th] += len(episodes(alone["probs"], th))
                loud = alone["loud"]
                false_loud += sum(1 for i, a in enumerate(loud) if i == 0 or a - loud[i - 1] > 480)

        def q(xs: list[float]) -> str:
            if not xs:
                return "n/a"
            return (f"median {statistics.median(xs):.0f}, min {min(xs):.0f}, max {max(xs):.0f}")
        n = len(clips) * 2
        print(f"echo {loud_s}: onset -> passes the gate (40 dB): {q(gate_ms)} ms; onset -> speech started: "
              f"{q(vad_ms)} ms ({missed}/{n} never started, {early} started before the word); "
              + ("" if quiet else f"echo alone: {false} speech starts in {2 * played.size / RATE:.0f} s"), flush=True)
        for th in thetas:
            print(f"   first frame with p >= {th}: {q(first[th])} ms ({len(first[th])}/{n})"
                  + ("" if quiet else f"; echo alone: {false_th[th]} episodes"))
        if not quiet:
            print(f"   echo alone: {false_loud} stretches of cleaned frames at 40 dB or more")


# ---------------------------------------------------------------------- live

PILOT_HZ = 15000.0
SPK_RATE = 44100


class _NoSynth:
    def close(self) -> None:
        pass


class Stamped:
    """The barge-in stage's sink: every voice event with the moment it arrived."""

    def __init__(self) -> None:
        self.got: list[tuple[float, object]] = []

    def put(self, event) -> None:
        self.got.append((time.perf_counter(), event))

    def first(self, cls, after: float) -> float | None:
        return next((t for t, e in self.got if isinstance(e, cls) and t >= after), None)


def pilot_level(x: np.ndarray, win: int = 441) -> np.ndarray:
    """The 15 kHz pilot's level (dB) in consecutive ``win``-sample windows of the left channel."""
    k = x.size // win
    fr = x[: k * win].astype(np.float64).reshape(k, win)
    t = np.arange(win) / SPK_RATE
    c, s = np.cos(2 * np.pi * PILOT_HZ * t), np.sin(2 * np.pi * PILOT_HZ * t)
    amp = np.hypot(fr @ c, fr @ s) * 2 / win
    return 20 * np.log10(amp + 1e-3)


def live(args) -> None:  # noqa: C901 - one sound server session: setup, runs, figures in order
    from tests.support.soundserver import SoundServer
    from voice_game.audio.backends import SoundDeviceBackend
    from voice_game.audio.mixer import resample
    from voice_game.audio.output import AudioOutput
    from voice_game.audio.player import Player
    from voice_game.commands.grammar import load_grammar
    from voice_game.speech.barge_in import BargeIn
    from voice_game.speech.engines import make_recognizer
    from voice_game.speech.listener import Listener, capture_time
    from voice_game.speech.voice_events import NarrationDucked, NarrationRestored, SpeechStarted
    from voice_game.speech.voice_input import stop_phrases

    narr16 = synthesize(NARRATION, voice="en", speed=160, floor_db=None)
    narr = resample(narr16.astype(np.float64) / 32768.0 * args.volume, RATE, SPK_RATE)
    narr = narr + 0.02 * np.sin(2 * np.pi * PILOT_HZ * np.arange(narr.size) / SPK_RATE)
    clips = people("heldout", args.per_word)
    grammar = load_grammar("en")
    forms = sorted({f for p in grammar.phrases("orchestra") for f in (p.spoken, p.text) if f})
    rec, _ = make_recognizer("whisper", "en", forms)
    srv = SoundServer()
    srv.start()
    rows = []
    try:
        srv.use_for_sounddevice()
        if args.no_echo:  # headphones: the loudspeaker only
            srv.pactl("set-default-sink", "speakers")
        else:  # the game's output reaches the loudspeaker and, resampled as the e2e test's, the microphone
            srv.pactl("load-module", "module-combine-sink", "sink_name=room", "slaves=speakers,micsink", "adjust_time=0")
            srv.pactl("set-default-sink", "room")
        spk = srv.record("speakers.monitor", rate=SPK_RATE, channels=2)
        mic = srv.record("micsink.monitor", rate=RATE, channels=1)
        assert spk.wait_started() and mic.wait_started()
        tap = ReferenceTap()
        backend = SoundDeviceBackend(device="pulse")
        if args.out_latency:
            backend.duplex_latency = args.out_latency
        if args.queue_blocks:
            backend.queue_blocks = args.queue_blocks
            if "duplex_queue_blocks" in backend.__dict__:  # an older checkout has one queue length
                backend.__dict__["duplex_queue_blocks"] = args.queue_blocks
        played: list[tuple[float, float]] = []  # (when the block is heard, its pilot level dB)
        orig_out = backend._callback
        t_pilot = np.arange(441) / SPK_RATE
        pc, ps = np.cos(2 * np.pi * PILOT_HZ * t_pilot), np.sin(2 * np.pi * PILOT_HZ * t_pilot)

        def out_callback(outdata, frames, time_info, status):
            now = time.perf_counter()
            orig_out(outdata, frames, time_info, status)
            x = np.asarray(outdata[:441, 0], dtype=np.float64)
            if x.size == 441:
                amp = np.hypot(x @ pc, x @ ps) * 2 / 441
                heard = now + (time_info.outputBufferDacTime - time_info.currentTime
                               if time_info.outputBufferDacTime > 0 else backend.output_latency)
                played.append((heard, 20 * np.log10(amp + 1e-6)))

        backend._callback = out_callback  # type: ignore[method-assign]
        player = Player(backend, preload=False)
        player.reference = tap
        player.start()
        output = AudioOutput(player, synth=_NoSynth())  # type: ignore[arg-type]
        stamped = Stamped()
        canceller, why = make_canceller("none" if args.no_echo else args.kind)
        assert canceller is not None, why
        listener = Listener(rec, device="pulse", duplex=Duplex(canceller, tap), events=BargeIn(output, then=stamped),
                            muted=lambda: not output.is_silent())
        if args.block_ms:
            listener.block_ms = args.block_ms
        listener.stop_phrases = stop_phrases("en")
        buffered: list[float] = []
        dump: list[tuple] = []
        false_starts: list[int] = []
        false_ducks: list[tuple[float, bool]] = []
        already_ducked: list[int] = []
        blocks: list[tuple[float, float, int]] = []  # (worker time, capture time, samples)
        orig_cb, orig_process = listener._callback, listener.duplex.process  # type: ignore[union-attr]

        def callback(indata, frames, time_info, status):
            now = time.perf_counter()
            at = capture_time(now, frames / RATE, time_info.inputBufferAdcTime, time_info.currentTime)
            buffered.append(now - (at + frames / RATE))
            orig_cb(indata, frames, time_info, status)

        def process(pcm, captured_at):
            blocks.append((time.perf_counter(), captured_at, len(pcm) // 2))
            out = orig_process(pcm, captured_at)
            if args.dump:
                d = listener.duplex
                dump.append((time.perf_counter(), captured_at, level_db(pcm), level_db(out) if out else -99.0,
                             d.gate.sounding_until, d.tracker.lag_s, d.played_frames, d.captured_frames,
                             len(d.tap._frames)))
            return out

        listener._callback = callback  # type: ignore[method-assign]
        listener.duplex.process = process  # type: ignore[union-attr,method-assign]
        assert listener.start(), listener.status_detail
        print(f"output latency {backend.output_latency * 1000:.0f} ms + queue "
              f"{(backend.latency - backend.output_latency) * 1000:.0f} ms; capture blocks "
              f"{listener.block_ms} ms, input latency {listener._stream.latency * 1000:.0f} ms; load average {Path('/proc/loadavg').read_text().split()[:3]}", flush=True)
        import threading
        for run in range(args.runs):
            spk_, word, voice = clips[run % len(clips)]
            at_s = (2.0, 4.5)[run % 2]
            output.player.stop()
            time.sleep(1.0)
            player.duck(False)
            player.speak_audio(narr.astype(np.float32), SPK_RATE)
            spk.wait_sound(5.0, since=spk.count)
            t_narr = time.perf_counter()
            time.sleep(at_s)
            echo_db = active_level_db(mic.tail(RATE)[:, 0]) if not args.no_echo else args.person_db
            if echo_db < 30.0:
                print(f"  no echo on the microphone ({echo_db:.0f} dB re 1 LSB): run skipped", flush=True)
                continue
            x = voice.astype(np.float64)
            x *= 10 ** ((echo_db - args.echo_db - active_level_db(x)) / 20)
            person = np.clip(np.round(x), -32768, 32767).astype(np.int16)
            mark_mic = mic.count
            t_said = time.perf_counter()
            th = threading.Thread(target=srv.play_into, args=("micsink", person, RATE), daemon=True)
            th.start()
            th.join(10)
            time.sleep(2.5)
            # the person's onset on the microphone: the clip found in the recording
            rec_mic = mic.frames()[mark_mic:, 0].astype(np.float64)
            n = 1 << int(np.ceil(np.log2(rec_mic.size + person.size)))
            cc = np.fft.irfft(np.fft.rfft(rec_mic, n) * np.conj(np.fft.rfft(person.astype(np.float64), n)), n)
            lag = int(np.argmax(cc[: rec_mic.size]))
            t_on = mic.time_of_frame(mark_mic + lag + onset(person))
            t_ref = (t_on or t_said) - 0.3
            started = stamped.first(SpeechStarted, t_ref)
            ducked = stamped.first(NarrationDucked, t_ref)
            # the state at the onset: a duck before it (the echo's, or the person's breath) not restored yet
            state = [(t, e) for t, e in stamped.got if isinstance(e, NarrationDucked | NarrationRestored)
                     and t_narr <= t < t_ref]
            if state and isinstance(state[-1][1], NarrationDucked):
                ducked = None
                already_ducked.append(1)
            # audible: the first block heard after the duck was asked whose pilot is 6 dB down (PortAudio's
            # DAC time: when the sound server says it is heard)
            audible = None
            if ducked is not None:
                pl = [(t, lv) for t, lv in played if ducked - 0.5 < t < ducked + 1.0]
                ref = [lv for t, lv in pl if t < ducked - 0.1]
                if ref:
                    full = float(np.median(ref))
                    # down 6 dB but not silent (a block the player was late with is silence: no duck)
                    down = [(t, full - 30.0 < lv < full - 6.0) for t, lv in pl if t >= ducked - 0.01]
                    audible = next((t for i, (t, d) in enumerate(down) if d and all(x for _, x in down[i:i + 3])), None)
            monitor_audible = None
            if ducked is not None:
                frames = spk.frames()[:, 0]
                lv = pilot_level(frames)
                times = np.array([spk.time_of_frame(i * 441) or np.nan for i in range(lv.size)])
                before = lv[(times > ducked - 0.6) & (times < ducked - 0.1)]
                if before.size:
                    ref = float(np.median(before))
                    idx = np.flatnonzero((times >= ducked - 0.05) & (lv < ref - 6.0))
                    monitor_audible = float(times[idx[0]]) if idx.size else None
            cap = None
            if started is not None:
                done = [b for b in blocks if b[0] <= started]
                if done:
                    cap = done[-1][1] + done[-1][2] / RATE
            row = dict(speaker=spk_, word=word, at=at_s, on=t_on, captured=cap, started=started, ducked=ducked,
                       audible=audible, monitor=monitor_audible)
            false_ducks.extend((t - t_narr, bool(e.to_json().get("tentative"))) for t, e in stamped.got
                               if isinstance(e, NarrationDucked) and t_narr <= t < t_ref)
            if t_on is not None:
                before = [t for t, e in stamped.got if isinstance(e, SpeechStarted) and t_narr <= t < t_on - 0.3]
                false_starts.append(len(before))
                if before:
                    print(f"  speech started by the echo alone at {', '.join(f'{t - t_narr:.2f}' for t in before)} s "
                          f"into the narration (the person at {t_on - t_narr:.2f} s)")
            rows.append(row)

            def ms(a, b):
                return "  n/a" if a is None or b is None else f"{(b - a) * 1000:5.0f}"
            print(f"  {spk_:12s} {word:5s} at {at_s} s: onset->block captured {ms(t_on, cap)}, "
                  f"->speech started {ms(t_on, started)}, ->duck asked {ms(t_on, ducked)}, "
                  f"->audible {ms(t_on, audible)} ms (duck asked->audible {ms(ducked, audible)}, on the monitor "
                  f"{ms(ducked, monitor_audible)}; echo {echo_db:.0f} dB)",
                  flush=True)
        listener.stop()
        player.close()
        if args.dump:
            Path(args.dump).write_text(json.dumps({"dump": dump, "events": [(t, e.to_json()) for t, e in stamped.got]}))
        spk.stop()
        mic.stop()
    finally:
        srv.stop()

    def med(key_a, key_b):
        xs = [(r[key_b] - r[key_a]) * 1000 for r in rows if r[key_a] is not None and r[key_b] is not None]
        return f"{statistics.median(xs):.0f} (n={len(xs)}, {min(xs):.0f}..{max(xs):.0f})" if xs else "n/a"
    print(f"output: blocks not ready for the callback {backend.underruns}, device underflows "
          f"{backend.__dict__.get('device_underflows', 'n/a')}")
    print(f"speech started by the echo alone before the person spoke: {sum(false_starts)} in {len(false_starts)} runs; "
          f"ducks before the person spoke: {len(false_ducks)} ({sum(t for _, t in false_ducks)} tentative), at "
          f"{', '.join(f'{t:.2f}' for t, _ in false_ducks)} s into the narration; still ducked when the person "
          f"spoke: {len(already_ducked)} runs")
    print(f"capture buffering (callback - last sample's ADC time): median {statistics.median(buffered) * 1000:.0f} ms, "
          f"90th pct {np.percentile(buffered, 90) * 1000:.0f} ms")
    print(f"median ms from the onset at the microphone: block captured {med('on', 'captured')}; speech started "
          f"{med('on', 'started')}; duck asked {med('on', 'ducked')}; audible {med('on', 'audible')}; "
          f"duck asked -> audible {med('ducked', 'audible')} (on the monitor's recording {med('ducked', 'monitor')})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="part", required=True)
    off = sub.add_parser("offline")
    off.add_argument("--speakers", choices=("heldout", "tune"), default="heldout")
    off.add_argument("--per-word", type=int, default=3)
    off.add_argument("--echo", default="quiet,0,6")
    off.add_argument("--kind", default="linear")
    off.add_argument("--threshold", type=float, default=0.5)
    off.add_argument("--thetas", default="0.5,0.3,0.2,0.1", help="probabilities whose first crossing is timed")
    off.add_argument("--verbose", action="store_true")
    on = sub.add_parser("live")
    on.add_argument("--runs", type=int, default=6)
    on.add_argument("--per-word", type=int, default=2)
    on.add_argument("--kind", default="linear")
    on.add_argument("--echo-db", type=float, default=0.0, help="echo over the person, dB")
    on.add_argument("--out-latency", type=float, default=0.0, help="the output stream's latency in full duplex (s)")
    on.add_argument("--no-echo", action="store_true", help="headphones: nothing of the narration reaches the microphone")
    on.add_argument("--person-db", type=float, default=62.0, help="with --no-echo: the person's active level, dB re 1 LSB")
    on.add_argument("--dump", help="write each capture block's levels and the events here (diagnosis)")
    on.add_argument("--volume", type=float, default=0.2, help="the narration's gain (the echo's level)")
    on.add_argument("--queue-blocks", type=int, default=0, help="blocks the player renders ahead of the callback")
    on.add_argument("--block-ms", type=int, default=0, help="the capture's block (ms)")
    args = ap.parse_args(argv)
    if args.part == "offline":
        offline(args)
    else:
        live(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
