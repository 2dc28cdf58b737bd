"""Cue catalogue, synthesis, files and stereo placement (voice_game.audio.cues)."""
from __future__ import annotations

import itertools
import wave

import numpy as np
import pytest

from voice_game.audio import cues

EXPECTED = (
    [f"family.{f}" for f in ["tuba", "violin", "flute", "drum", "trumpet", "harp", "cello", "triangle"]]
    + [f"instrument.{i}" for i in
       ["strings", "woodwinds", "brass", "misc", "percussion", "vocals", "piano", "choir", "guitar"]]
    + [f"pattern.{p}" for p in ["up-down", "left-right", "circle", "stab", "cross", "swoosh"]]
    + [f"event.{e}" for e in ["draw", "place", "take", "your_turn", "error", "round_end", "game_end", "applause", "boos", "win", "confirm", "menu_move", "menu_select", "voice_on"]]
    + [f"event.turn.{i}" for i in range(1, 6)]
)


@pytest.fixture(scope="module")
def synth():
    return {cue_id: cues.synthesize(cue_id) for cue_id in cues.CUE_IDS}


def energy(x):
    x = np.asarray(x, dtype=np.float64)
    return (x ** 2).sum(axis=0)


def test_catalogue_has_exactly_the_design_ids():
    assert sorted(cues.CUE_IDS) == sorted(EXPECTED)
    assert len(set(cues.CUE_IDS)) == len(cues.CUE_IDS)
    with pytest.raises(KeyError):
        cues.synthesize("family.kazoo")


def test_any_seat_count_has_a_turn_sound():
    # the catalogue holds a turn cue per seat of the largest table; a larger one still sounds
    sixth = cues.synthesize("event.turn.6")
    assert energy(sixth).sum() > 0 and energy(sixth)[1] > energy(sixth)[0]  # placed to the right
    assert not np.array_equal(sixth, cues.synthesize("event.turn.5"))
    with pytest.raises(KeyError):
        cues.synthesize("event.turn.0")


def test_synthesis_is_deterministic(synth):
    for cue_id in ("event.applause", "pattern.swoosh", "instrument.strings"):
        assert np.array_equal(cues.synthesize(cue_id), synth[cue_id])


@pytest.mark.parametrize("cue_id", EXPECTED)
def test_cue_format_and_level(cue_id, synth):
    x = synth[cue_id]
    assert x.dtype == np.int16 and x.ndim == 2 and x.shape[1] == 2
    dur = len(x) / cues.RATE
    assert 0.04 <= dur <= 2.5, dur
    peak = np.abs(x.astype(np.int32)).max()
    assert 0.5 * 32767 < peak <= 0.86 * 32768  # normalised, with headroom, no clipping
    # starts and ends quietly: no click when the cue is cut in or out
    assert np.abs(x[:2].astype(np.int32)).max() < 0.1 * 32767
    assert np.abs(x[-2:].astype(np.int32)).max() < 0.05 * 32767


@pytest.mark.parametrize("cue_id", EXPECTED)
def test_wav_file_matches_generator(cue_id, synth):
    path = cues.cue_path(cue_id)
    assert path.is_file(), f"{path} missing: run scripts/make_sounds.py"
    data, rate = cues.read_wav(path)
    assert rate == cues.RATE
    assert data.shape == synth[cue_id].shape
    # Sample-for-sample; two LSB of slack because libm/SIMD sin/exp may differ
    # in the last bit between CPUs. A stale file differs by far more.
    diff = np.abs(data.astype(np.int32) - synth[cue_id].astype(np.int32))
    assert diff.max() <= 2, f"{cue_id}: file differs from synthesis (max {diff.max()})"


def test_make_sounds_is_byte_reproducible(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_sounds", cues.sounds_dir().parent / "scripts" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    a, b = tmp_path / "a", tmp_path / "b"
    subset = ["event.confirm", "pattern.stab", "event.turn.2"]
    orig = cues.CUE_IDS
    try:
        mod.cues.CUE_IDS = tuple(subset)  # keep the test fast: three cues, two runs
        assert mod.main(["--out", str(a)]) == 0
        assert mod.main(["--out", str(b)]) == 0
        assert mod.main(["--out", str(b), "--check"]) == 0
        assert (a / "pattern.stab.wav").read_bytes() == (b / "pattern.stab.wav").read_bytes()
        (b / "pattern.stab.wav").write_bytes((a / "event.confirm.wav").read_bytes())
        assert mod.main(["--out", str(b), "--check"]) == 1
    finally:
        mod.cues.CUE_IDS = orig
    for name in subset:
        if name != "pattern.stab":
            assert (a / f"{name}.wav").read_bytes() == (b / f"{name}.wav").read_bytes()
        with wave.open(str(a / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (2, 2, cues.RATE)


def test_load_falls_back_to_synthesis(tmp_path, synth):
    # empty directory: every cue is synthesized
    assert np.array_equal(cues.load("event.draw", tmp_path), synth["event.draw"])
    # damaged file: synthesized too
    (tmp_path / "event.place.wav").write_bytes(b"RIFF\x00\x00garbage")
    assert np.array_equal(cues.load("event.place", tmp_path), synth["event.place"])
    # a good file is read from disk
    fake = np.full((100, 2), 1234, dtype=np.int16)
    cues.write_wav(tmp_path / "event.take.wav", fake)
    assert np.array_equal(cues.load("event.take", tmp_path), fake)


def test_pan_for_places_rows_left_to_right():
    assert cues.pan_for(1, 1) == 0.0
    for count in range(2, 6):
        pans = [cues.pan_for(i, count) for i in range(1, count + 1)]
        assert pans[0] == -1.0 and pans[-1] == 1.0
        assert all(a < b for a, b in zip(pans, pans[1:], strict=False))
    with pytest.raises(ValueError):
        cues.pan_for(0, 3)
    with pytest.raises(ValueError):
        cues.pan_for(4, 3)


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_render_pans_rows_by_channel_energy(count):
    ratios = []
    for row in range(1, count + 1):
        e = energy(cues.render("event.place", pan=cues.pan_for(row, count)))
        ratios.append(e[1] / (e[0] + e[1]))
    assert ratios[0] < 0.01  # row 1: left
    assert ratios[-1] > 0.99  # last row: right
    assert all(a < b for a, b in zip(ratios, ratios[1:], strict=False))
    # equal power: every row is equally loud overall
    totals = [energy(cues.render("event.place", pan=cues.pan_for(r, count))).sum()
              for r in range(1, count + 1)]
    assert max(totals) / min(totals) < 1.01


def test_turn_cues_are_panned_by_seat_and_re_pannable(synth):
    ratios = []
    for seat in range(1, 6):
        e = energy(synth[f"event.turn.{seat}"])
        ratios.append(e[1] / (e[0] + e[1]))
    assert ratios[0] < 0.01 and ratios[-1] > 0.99
    assert all(a < b for a, b in zip(ratios, ratios[1:], strict=False))
    # seat 1 moved to the right side (fewer players, other layout) stays the same sound
    moved = cues.render("event.turn.1", pan=1.0)
    assert np.abs(moved[:, 0].astype(int)).max() == 0
    assert np.abs(moved[:, 1].astype(int) - synth["event.turn.1"][:, 0]).max() <= 1


def test_spatial_cue_keeps_its_shape_when_balanced(synth):
    base = synth["pattern.left-right"]
    left = cues.render("pattern.left-right", pan=-0.5)
    assert np.array_equal(left[:, 0], base[:, 0])
    assert energy(left)[1] < 0.3 * energy(base)[1]


# ---------------------------------------------------------------- patterns


def trajectory(x, points=24, frame=441):
    """(pan, pitch-in-octaves, active) per frame, resampled to ``points``."""
    x = x.astype(np.float64) / 32768.0
    n = len(x) // frame
    pans, pitches, levels = [], [], []
    win = np.hanning(frame * 2)
    for i in range(n - 1):
        seg = x[i * frame:(i + 2) * frame]
        e = (seg ** 2).sum(axis=0)
        levels.append(e.sum())
        pans.append((e[1] - e[0]) / (e.sum() + 1e-12))
        spec = np.abs(np.fft.rfft(seg.sum(axis=1) * win, 8192))
        f = np.fft.rfftfreq(8192, 1.0 / cues.RATE)
        pitches.append(np.log2(max(f[np.argmax(spec[5:]) + 5], 20.0) / 440.0))
    levels = np.array(levels)
    keep = levels > 0.01 * levels.max()
    pans, pitches = np.array(pans)[keep], np.array(pitches)[keep]
    idx = np.linspace(0, len(pans) - 1, points)
    return np.interp(idx, np.arange(len(pans)), pans), np.interp(idx, np.arange(len(pans)), pitches)


def test_six_patterns_are_measurably_distinct(synth):
    names = [c for c in cues.CUE_IDS if c.startswith("pattern.")]
    tr = {n: trajectory(synth[n]) for n in names}
    dur = {n: len(synth[n]) / cues.RATE for n in names}
    for a, b in itertools.combinations(names, 2):
        d = (np.abs(tr[a][0] - tr[b][0]).mean()          # pan path
             + np.abs(tr[a][1] - tr[b][1]).mean()        # pitch path (octaves)
             + abs(np.log(dur[a] / dur[b])))             # length
        assert d > 0.3, f"{a} and {b} sound alike (distance {d:.2f})"


def test_patterns_have_their_shapes(synth):
    third = lambda a: (a[:8].mean(), a[8:16].mean(), a[16:].mean())  # noqa: E731

    pan, pitch = trajectory(synth["pattern.up-down"])
    assert np.abs(pan).max() < 0.05
    lo1, hi, lo2 = third(pitch)
    assert hi > lo1 + 0.5 and hi > lo2 + 0.5

    pan, pitch = trajectory(synth["pattern.left-right"])
    l1, r, l2 = third(pan)
    assert l1 < -0.3 and r > 0.5 and l2 < -0.3
    assert np.ptp(pitch) < 0.1

    pan, pitch = trajectory(synth["pattern.circle"])
    assert pan.max() > 0.8 and pan.min() < -0.8 and np.ptp(pitch) > 1.0
    assert np.argmax(pan) < np.argmin(pan)  # turns clockwise: right before left

    assert len(synth["pattern.stab"]) / cues.RATE < 0.5
    pan, _ = trajectory(synth["pattern.stab"])
    assert np.abs(pan).max() < 0.05

    pan, pitch = trajectory(synth["pattern.cross"], points=40)
    first, second = slice(2, 18), slice(22, 38)
    assert np.all(np.diff(pan[first]) >= -0.05) and np.all(np.diff(pan[second]) >= -0.05)
    assert pitch[first][-1] > pitch[first][0] + 0.8   # up while going right
    assert pitch[second][-1] < pitch[second][0] - 0.8  # down while going right

    pan, pitch = trajectory(synth["pattern.swoosh"])
    assert pan[0] > 0.5 and pan[-1] < -0.5 and pitch[0] > pitch[-1] + 1.5
    assert len(synth["pattern.swoosh"]) / cues.RATE < 0.6


def spectrogram(x, dur=0.8, hop=1102, win=2048):
    """log10 energy in half-octave bands (50 Hz .. 11 kHz) per 50 ms, first ``dur`` s."""
    mono = x.astype(np.float64).sum(axis=1) / 65536.0
    n = int(dur * cues.RATE)
    mono = np.pad(mono, (0, max(0, n - len(mono))))[:n]
    edges = 50.0 * 2.0 ** np.arange(0, 8.5, 0.5)
    f = np.fft.rfftfreq(win, 1.0 / cues.RATE)
    rows = []
    for i in range(0, n - win, hop):
        s = np.abs(np.fft.rfft(mono[i:i + win] * np.hanning(win))) ** 2
        rows.append([s[(f >= lo) & (f < hi)].sum() for lo, hi in zip(edges, edges[1:], strict=False)])
    return np.log10(np.array(rows) + 1e-4)


def test_family_and_instrument_cues_sound_different(synth):
    # The same cue 3 dB quieter is at distance < 0.3; distinct timbres/motifs measure > 1.
    ref = spectrogram(synth["family.tuba"])
    assert np.abs(spectrogram(synth["family.tuba"] * 0.7071) - ref).mean() < 0.3
    groups = [[c for c in cues.CUE_IDS if c.startswith(k)] for k in ("family.", "instrument.")]
    for group in groups:
        grams = {c: spectrogram(synth[c]) for c in group}
        for a, b in itertools.combinations(group, 2):
            d = np.abs(grams[a] - grams[b]).mean()
            assert d > 0.7, f"{a} and {b} sound alike (distance {d:.2f})"
