"""The sound gallery: driven by a pipe (text) and rendered through the real player."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from voice_game.audio import cues
from voice_game.audio.gallery import Gallery
from voice_game.audio.player import Player, RenderBackend
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[2]
RATE = 44100


def run(args, lines, tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_CONFIG_DIR=str(tmp_path))
    env.pop("VOICE_GAME_LANG", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", "sounds", *args],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env=env)


def test_every_cue_has_a_name_in_both_languages():
    for lang in ("de", "en"):
        cat = load_catalog(lang)
        missing = [c for c in cues.CUE_IDS if not cat.has(f"sound.{c}")]
        assert missing == []
    names = [load_catalog("en").get(f"sound.{c}") for c in cues.CUE_IDS]
    assert len(set(names)) == len(names)  # no two sounds share a name


@pytest.mark.parametrize("lang,lines", [
    ("de", ["weiter", "", "zurück", "wiederholen", "LAST", "weiter", "quatsch", "hilfe", "beenden"]),
    ("en", ["next", "", "back", "repeat", "LAST", "next message", "nonsense", "help", "quit"]),
])
def test_gallery_through_a_pipe(lang, lines, tmp_path):
    # the last sound by its number, then "next": "that was the last"
    lines = [str(len(cues.CUE_IDS)) if line == "LAST" else line for line in lines]
    p = run(["--lang", lang, "--tts", "text", "--no-sound"], lines, tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    cat = load_catalog(lang)
    n = len(cues.CUE_IDS)
    item = lambda i: cat.get("gallery.item", number=i + 1, count=n, name=cat.get(f"sound.{cues.CUE_IDS[i]}"))  # noqa: E731
    want = [cat.get("gallery.intro", count=n), item(0), item(1), item(2), item(1), item(1), item(n - 1),
            cat.get("gallery.last"), cat.get("gallery.not_understood", count=n),
            cat.get("gallery.intro", count=n), cat.get("gallery.bye")]
    assert p.stdout.splitlines() == want


def test_gallery_input_ending_closes_it(tmp_path):
    p = run(["--lang", "en", "--tts", "text", "--no-sound"], [], tmp_path)
    assert p.returncode == 0 and p.stdout.splitlines()[-1] == load_catalog("en").get("gallery.bye")


def candidates(seg, ref, top=8):
    """The offsets where ``ref`` best lines up with ``seg`` (cross-correlation by FFT)."""
    a = seg.reshape(len(seg), -1).sum(axis=1)
    b = ref.reshape(len(ref), -1).sum(axis=1)
    n = len(a) + len(b)
    corr = np.fft.irfft(np.fft.rfft(a, n) * np.conj(np.fft.rfft(b, n)), n)[:len(a) - len(b) + 1]
    order = np.argsort(corr)[::-1][:top]
    return sorted({int(k) for k in order} | {int(k) + d for k in order[:2] for d in (-1, 1)
                                            if 0 <= int(k) + d <= len(a) - len(b)})


def test_gallery_plays_each_cue_it_names():
    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=["family.tuba", "family.violin", "pattern.swoosh"]).start()
    text = io.StringIO()
    try:
        g = Gallery(TextOutput(text), load_catalog("en"), load_grammar("en"), player,
                    cue_ids=["family.tuba", "family.violin", "pattern.swoosh"])
        for line in ("", "next", "3"):  # one by one, each heard to its end
            if line:
                assert g.handle(line)
            else:
                g.show(0)
            assert player.wait_silent(timeout=10)
    finally:
        player.close()
    assert g.played == ["family.tuba", "family.violin", "pattern.swoosh"]
    starts = [(pos, lab[4:]) for pos, lab, _ in backend.marks if lab.startswith("cue:")]
    assert [c for _, c in starts] == g.played
    # an underrun on a busy machine plays silence inside a cue (as a device would):
    # what the player wrote is the stream without those gaps
    out = backend.output()
    keep = np.ones(len(out), bool)
    for first, frames in backend.gaps:
        keep[first:first + frames] = False
    out = out[keep]
    for pos, cue_id in starts:
        pos -= sum(min(frames, max(0, pos - first)) for first, frames in backend.gaps)
        ref = player._cue_frames(cue_id) * np.float32(player.cue_volume)
        # the cue is in the stream near its mark: the best alignment matches it almost
        # exactly (the mark is the stream position when play_cue was called; on a busy
        # machine the render thread may be far ahead of or behind it: up to 2 s is searched,
        # the candidate alignments found by cross-correlation, then compared sample by sample)
        slack = 2 * RATE
        lo = max(0, pos - slack)
        seg = out[lo:pos + len(ref) + slack]
        best = min(np.abs(seg[k:k + len(ref)] - ref).max() for k in candidates(seg, ref))
        assert best < 0.02, (cue_id, best)
    assert "3 of 3: Beat pattern swoosh" in text.getvalue()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_gallery_names_then_plays_through_the_audio_output():
    from voice_game.audio.output import AudioOutput
    from voice_game.audio.speech import EspeakSynth

    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=["event.win"]).start()
    out = AudioOutput(player, EspeakSynth("de"), load_catalog("de"), stream=io.StringIO())
    try:
        g = Gallery(out, load_catalog("de"), load_grammar("de"), cue_ids=["event.win"])
        g.show(0)
        assert out.wait_silent(timeout=15)
    finally:
        out.close()
    enq = [(pos, lab) for pos, lab, _ in backend.marks if lab.startswith("enqueue:")]
    assert [lab for _, lab in enq][-2:] == ["enqueue:info", "enqueue:cue"]  # name first, then the sound
    assert np.abs(backend.output()).max() > 0.05
