#!/usr/bin/env python3
"""Speech latency through the game's one audio path.

    uv run python benchmarks/speech_latency.py [--trials N] [--skip-pulse] [--engine espeak-ng|pyttsx3]

Prints, in milliseconds (median / p95 / max over N trials):
  * say:   AudioOutput.say_message() -> first audible sample of the speech
           (sentence split, synthesis of the first sentence, trim, queue, mix,
           device buffer), goal < 150 ms;
  * stop:  AudioOutput.stop() during speech -> last audible sample, goal < 50 ms;
for the render backend (the recorded stream, paced like a device with a 20 ms
buffer: exact frame positions) and for sounddevice -> ALSA "pulse" -> a private
PulseAudio null sink recorded with parec (times from parec's arrival stamps,
so they include the capture path and are slight overestimates).

Also: synthesis time of one sentence and its duration per speech rate (espeak-ng
switches to libsonic speed-up above 450 wpm; duration must keep shrinking with
the rate, which shows that words are sped up, not dropped).
"""
from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from tests.support import soundserver  # noqa: E402 (the repository root is on sys.path)
from voice_game.audio.output import AudioOutput  # noqa: E402
from voice_game.audio.player import Player, RenderBackend, SoundDeviceBackend  # noqa: E402
from voice_game.audio.speech import make_synth, trim  # noqa: E402
from voice_game.narration.message import HIGH, Message  # noqa: E402
from _stats import loud, probe_latencies, summary as _summary  # noqa: E402 (benchmarks/ is on sys.path)

RATE = 44100
SENTENCES = ["Anna ist dran.", "Ben legt einen Tuba-Bären an Dirigent zwei.", "Runde drei beginnt.",
             "Carla nimmt Dirigent eins mit zwei Karten.", "Du hast einen Flöten-Frosch gezogen."]
LONG = "Das ist ein langer Satz, der nicht zu Ende gesprochen wird, weil der Spieler vorher etwas sagt."


def summary(name, values):
    _summary(name, values, 6)


def wait_started(job, timeout=5.0):
    t = time.perf_counter() + timeout
    while (not job.items or job.items[0].started_at is None) and time.perf_counter() < t:
        time.sleep(0.002)


def bench_render(trials, engine):
    b = RenderBackend(rate=RATE)
    player = Player(backend=b, preload=False).start()
    out = AudioOutput(player, make_synth("de", engine=engine), stream=io.StringIO())
    say_marks, stop_marks = [], []
    try:
        time.sleep(0.1)
        for i in range(trials):
            say_marks.append(b.mark("say"))
            out.say_message(Message(SENTENCES[i % len(SENTENCES)], "result", HIGH))
            out.wait_silent(timeout=10)
            job = out.say_message(Message(LONG, "result", HIGH))
            wait_started(job)
            time.sleep(0.3)
            out.stop()
            stop_marks.append(b.marks_named("stop")[-1])
            out.wait_silent(timeout=5)
            time.sleep(0.05)
    finally:
        out.close()
    audio = b.output()
    say, stop = [], []
    for pos in say_marks:
        idx = loud(audio[pos:pos + RATE], 1e-2)
        if len(idx):
            say.append(idx[0] * 1000 / RATE)
    for pos in stop_marks:
        nxt = min([m for m in say_marks if m > pos] + [len(audio)])
        idx = loud(audio[pos:nxt], 1e-3)
        stop.append((idx[-1] + 1) * 1000 / RATE if len(idx) else 0.0)
    print(f"render backend (device buffer {b.latency * 1000:.0f} ms, block 10 ms, underruns {b.underruns}):")
    summary("say", say)
    summary("stop", stop)


def bench_pulse(trials, engine):
    reason = soundserver.available()
    if reason:
        print(f"sounddevice -> PulseAudio: skipped ({reason})")
        return
    with soundserver.SoundServer(speakers_rate=RATE) as srv:
        srv.use_for_sounddevice()
        rec = srv.record("speakers.monitor", latency_ms=5)
        if not rec.wait_started():
            print("sounddevice -> PulseAudio: recorder did not start")
            return
        backend = SoundDeviceBackend(device="pulse", rate=RATE)
        player = Player(backend=backend, preload=False).start()
        if not player.device_ok:
            print(f"sounddevice -> PulseAudio: no device ({player.device_error})")
            player.close()
            return
        out = AudioOutput(player, make_synth("de", engine=engine), stream=io.StringIO())
        probes = []
        try:
            time.sleep(0.5)
            for i in range(trials):
                time.sleep(0.15)
                start, t0 = rec.count, time.perf_counter()
                out.say_message(Message(SENTENCES[i % len(SENTENCES)], "result", HIGH))
                out.wait_silent(timeout=10)
                time.sleep(0.1)
                probes.append(("say", start, t0, rec.count))
                job = out.say_message(Message(LONG, "result", HIGH))
                wait_started(job)
                time.sleep(0.4)
                start, t0 = rec.count, time.perf_counter()
                out.stop()
                out.wait_silent(timeout=5)
                time.sleep(0.1)
                probes.append(("stop", start, t0, rec.count))
            print(f"sounddevice -> PulseAudio null sink (stream latency {backend.latency * 1000:.0f} ms, "
                  f"block 10 ms):")
        finally:
            out.close()
        time.sleep(0.1)
        audio = rec.stop()
    got = probe_latencies(audio, probes, rec, RATE)
    say, stop = got.get("say", []), got.get("stop", [])
    summary("say", say)
    summary("stop", stop)


def bench_rates(engine):
    synth = make_synth("de", engine=engine)
    text = "Ben legt einen Tuba-Bären an Dirigent zwei."
    print(f"synthesis ({synth.name}), one sentence of 7 words:")
    base = None
    for wpm in (175, 300, 450, 500, 650, 800):
        times = []
        for _ in range(5):
            t = time.perf_counter()
            pcm, rate = synth.synthesize(text, wpm)
            times.append((time.perf_counter() - t) * 1000)
        dur = len(trim(pcm, rate)) / rate
        base = base or dur
        eff = 7 / dur * 60
        print(f"  {wpm:3d} wpm: synthesis median {statistics.median(times):5.1f} ms, speech {dur * 1000:5.0f} ms "
              f"({dur / base:4.2f} of 175 wpm; {eff:4.0f} words/min of sound)")


def main(argv=None):
    ap = argparse.ArgumentParser(description="voice_game speech latency benchmark")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--skip-pulse", action="store_true")
    ap.add_argument("--engine", default="auto", choices=["auto", "espeak-ng", "pyttsx3"])
    args = ap.parse_args(argv)
    bench_rates(args.engine)
    bench_render(args.trials, args.engine)
    if not args.skip_pulse:
        bench_pulse(args.trials, args.engine)


if __name__ == "__main__":
    main()
