#!/usr/bin/env python3
"""Audio latency benchmark for voice_game's player.

    uv run python benchmarks/audio_bench.py [--trials N] [--skip-pulse]

Prints, in milliseconds (median and p95 over N trials):
  * speech:  speak_audio() call -> first audible sample
  * cue:     play_cue() call    -> first audible sample (goal: <= 70 ms)
  * stop:    stop() call        -> last audible sample  (goal: <= 50 ms)
for two outputs:
  * render backend: the recorded stream, paced like a device with 20 ms buffer;
    positions are exact (frames), so these are the player's own latencies;
  * sounddevice -> ALSA "pulse" -> a private PulseAudio null sink, recorded
    from its monitor with parec. Times come from parec's chunk arrival times,
    so they include the capture path (~5-10 ms) and are slight overestimates.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from tests.support import soundserver  # noqa: E402 (the repository root is on sys.path)
from voice_game.audio.player import Player, RenderBackend, SoundDeviceBackend  # noqa: E402
from _stats import loud, probe_latencies, summary as _summary  # noqa: E402 (benchmarks/ is on sys.path)

RATE = 44100
CUE = "event.menu_move"


def summary(name, values):
    _summary(name, values, 8)


def tone(freq, dur, rate=22050, amp=0.4):
    t = np.arange(int(dur * rate)) / rate
    return (amp * np.sin(2 * np.pi * freq * t) * 32767).astype(np.int16)


def bench_render(trials):
    b = RenderBackend(rate=RATE)
    speech, cue, stop = [], [], []
    with Player(backend=b, preload=[CUE]) as p:
        time.sleep(0.1)
        for _ in range(trials):
            p.speak_audio(tone(440, 0.4), 22050, kind="result")
            assert p.wait_silent(timeout=3)
            p.play_cue(CUE)
            assert p.wait_silent(timeout=3)
            p.speak_audio(tone(440, 2.0), 22050, kind="description")
            time.sleep(0.2)
            p.stop()
            assert p.wait_silent(timeout=3)
    out = b.output()
    ends = sorted(m[0] for m in b.marks) + [len(out)]

    def next_mark(pos):
        return min(e for e in ends if e > pos)

    for pos, label, _ in b.marks:
        seg = out[pos:next_mark(pos)]
        idx = loud(seg, 1e-3)
        if label == "enqueue:result" and len(idx):
            speech.append(idx[0] * 1000 / RATE)
        elif label == f"cue:{CUE}" and len(idx):
            cue.append(idx[0] * 1000 / RATE)
        elif label == "stop":
            stop.append((idx[-1] + 1) * 1000 / RATE if len(idx) else 0.0)
    print(f"render backend (device buffer {b.latency * 1000:.0f} ms, block 10 ms, "
          f"underruns {b.underruns}):")
    summary("speech", speech)
    summary("cue", cue)
    summary("stop", stop)


def bench_pulse(trials):
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
        with Player(backend=backend, preload=[CUE]) as p:
            if not p.device_ok:
                print(f"sounddevice -> PulseAudio: no device ({p.device_error})")
                return
            time.sleep(0.5)
            probes = []
            for _ in range(trials):
                for kind in ("speech", "cue", "stop"):
                    time.sleep(0.15)
                    start = rec.count
                    t0 = time.perf_counter()
                    if kind == "speech":
                        p.speak_audio(tone(440, 0.3), 22050, kind="result")
                    elif kind == "cue":
                        p.play_cue(CUE)
                    else:
                        p.speak_audio(tone(440, 2.0), 22050, kind="description")
                        time.sleep(0.3)
                        start = rec.count
                        t0 = time.perf_counter()
                        p.stop()
                    p.wait_silent(timeout=3)
                    time.sleep(0.1)
                    probes.append((kind, start, t0, rec.count))
            print(f"sounddevice -> PulseAudio null sink (stream latency "
                  f"{backend.latency * 1000:.0f} ms, block 10 ms):")
        time.sleep(0.1)
        audio = rec.stop()
        got = probe_latencies(audio, probes, rec, RATE)
        speech, cue, stop = got.get("speech", []), got.get("cue", []), got.get("stop", [])
    summary("speech", speech)
    summary("cue", cue)
    summary("stop", stop)


def main(argv=None):
    ap = argparse.ArgumentParser(description="voice_game audio latency benchmark")
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--skip-pulse", action="store_true")
    args = ap.parse_args(argv)
    bench_render(args.trials)
    if not args.skip_pulse:
        bench_pulse(args.trials)


if __name__ == "__main__":
    main()
