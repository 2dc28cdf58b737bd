"""The duplex benchmark's short version end to end (benchmarks/duplex_bench.py --quick):
a private PulseAudio, the game as a child process with Whisper on the virtual microphone,
its loudspeaker echoed back 6 dB louder than the person, corpus speakers saying conductor
numbers. Checks that the harness is sound, never how fast or how well: the game announced
voice input and never crashed, every situation was tried, a command said in silence reached
the game and was applied, and the game's own voice alone moved nothing."""
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("pulseaudio") is None or shutil.which("espeak-ng") is None
                                or not (ROOT.parent / "shared" / "speech-corpus").is_dir()
                                and not Path("/work/shared/speech-corpus").is_dir(),
                                reason="pulseaudio, espeak-ng or the speech corpus missing")


def test_quick_duplex_bench_is_sound(capsys):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import duplex_bench

    run = duplex_bench.main(["--quick", "--langs", "de,en"])
    print(capsys.readouterr().out)
    # a game that crashed, stayed deaf or silent, or hung a loop until --max-minutes
    assert not [p for p in run.problems if any(k in p for k in ("traceback", "no voice input", "out of time",
                                                               "said nothing aloud"))], run.problems
    kinds = {(t.lang, t.kind) for t in run.trials}
    for lang in ("de", "en"):
        assert {(lang, "opening"), (lang, "question")} <= kinds, kinds
    print("outcomes:", [(t.lang, t.kind, t.outcome) for t in run.trials])
    # a command said in silence reaches the game, in each language: applied, or read back
    # when the recognizer was less sure (one trial each; CI once had German's read back):
    # the harness's microphone works (with gaps in it, or 2 s late, 0 of 6 were understood;
    # docs/BENCHMARKS.md). How often during the game's speech is the benchmark's figure,
    # printed, never asserted here
    for lang in ("de", "en"):
        silence = [t.outcome for t in run.trials if t.lang == lang and t.kind == "silence"]
        assert {"applied", "read back"} & set(silence), (lang, silence)
    # the game's own voice, echoed, never made a move
    for idle in run.idle.values():
        assert idle["narration_s"] > 10, idle
        assert not [f for f in idle["false"] if f.startswith("move")], idle


def test_a_read_back_is_checked_for_the_number_said():
    """The bench counts how many read-backs named the number the person said (one "yes"
    from applied) apart from those that named another."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from duplex_bench import names_number

    assert names_number("Dirigent zwei? Ja oder nein?", "de", 2)
    assert not names_number("Dirigent drei? Ja oder nein?", "de", 2)
    assert names_number("Conductor 4? Yes or no?", "en", 4)
    assert not names_number("Conductor one? Yes or no?", "en", 2)
