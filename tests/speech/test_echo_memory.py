"""The room's echo path remembered from one start to the next (voice_game/speech/echo_memory.py).

The synthetic room of tests/support/echo_room.py (T60 0.3 s, a small loudspeaker's soft
clipping, 40 ms): a first start hears 12 s of the game's English narration through the
duplex stage and keeps what its linear canceller learned; the next start, with other
narration, cancels from its first second and lets a person's word said 1.5 s into it
through at its level, where a fresh canceller's cautious start lowers it. A real person's
"stop" (Speech Commands 6a27a9bf, tests/data/speech, CC BY 4.0)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.support.echo_room import echo_of, to_int16
from tests.support.synth import espeak_available, synthesize
from voice_game.audio.reference import ReferenceTap
from voice_game.speech.duplex import Duplex
from voice_game.speech.echo import NullCanceller
from voice_game.speech.echo_memory import EchoMemory, EchoPath
from voice_game.speech.linear_echo import LinearCanceller

from tests.speech.test_linear_echo import stop_at

pytestmark = pytest.mark.skipif(not espeak_available(), reason="espeak-ng is not installed")
FIRST = ("Welcome to the orchestra. You hold a cello five, a drum two and a flute three. "
         "Ben has placed a violin at the first conductor. Carla draws a card. It is your move.")
NEXT = ("Saved game loaded. Round one. Anna, it is your move. Drawn and not yet placed: a tuba. "
        "Ben has placed a violin at the first conductor. Which conductor?")
DELAY_MS = 40
T0 = 1000.0


def run(duplex: Duplex, played: np.ndarray, mic: np.ndarray) -> np.ndarray:
    """``played`` through the duplex stage as the reference and ``mic`` as the capture, in
    20 ms blocks on one clock: what the stage gives out."""
    duplex.tap.push(played.astype(np.float64) / 32767.0, 16000, T0)
    pcm = to_int16(mic).astype("<i2").tobytes()
    out = [duplex.process(pcm[k:k + 640], T0 + k / 32000) for k in range(0, len(pcm), 640)]
    return np.frombuffer(b"".join(out), "<i2").astype(np.float64)


def stage(memory: EchoMemory | None) -> Duplex:
    return Duplex(LinearCanceller(), ReferenceTap(keep_s=60), memory=memory)


@pytest.fixture(scope="module")
def rooms():
    first = synthesize(FIRST, voice="en", speed=160, floor_db=None)
    nxt = synthesize(NEXT, voice="en", speed=160, floor_db=None)
    return (first, echo_of(first, delay_ms=DELAY_MS, t60=0.3, gain_db=-6, seed=3),
            nxt, echo_of(nxt, delay_ms=DELAY_MS, t60=0.3, gain_db=-6, seed=3))


def db(x: np.ndarray) -> float:
    return float(10 * np.log10(float(x @ x) / max(1, x.size) + 1e-9))


def test_the_next_start_cancels_from_its_first_second(rooms, tmp_path):
    first, first_echo, nxt, echo = rooms
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    learner = stage(memory)
    run(learner, first, first_echo)
    learner.remember()
    assert memory.path.is_file()

    warm = stage(EchoMemory("linear", "pulse", folder=tmp_path))
    assert warm.recalled
    cold = stage(EchoMemory("linear", "another-microphone", folder=tmp_path))
    assert not cold.recalled
    second = slice(2000, 16000)  # the narration's first second (after its first 1/8 s)
    got = {name: db(echo[second]) - db(run(d, nxt, echo)[second]) for name, d in (("warm", warm), ("cold", cold))}
    # (the fresh canceller's figure is mostly its cautious start's gate: it lowers everything
    # as loud as the narration, a person's word too until the word opens it)
    print(f"echo removed in the first second: remembered path {got['warm']:.1f} dB, fresh {got['cold']:.1f} dB")
    assert got["warm"] > 20.0
    assert isinstance(warm.canceller, LinearCanceller) and warm.canceller._trusted  # noqa: SLF001


def word_in(duplex: Duplex, played: np.ndarray, echo: np.ndarray, at_s: float) -> float:
    """The person's "stop" at ``at_s``, as loud as the echo: the word over what is left beside
    it (the stage's output minus the word: echo let through, word taken) in the word's own
    10 ms frames (those within 30 dB of its loudest), dB."""
    person, _ = stop_at(played, echo, at_s)
    out = run(duplex, played, echo + person)
    lat = duplex.canceller.latency if isinstance(duplex.canceller, LinearCanceller) else 0
    out = np.concatenate([out[lat:], np.zeros(lat)])[: person.size]
    n = out.size // 160 * 160
    frames = (person[:n].reshape(-1, 160) ** 2).mean(axis=1)
    left = ((out[:n] - person[:n]).reshape(-1, 160) ** 2).mean(axis=1)
    mine = frames > frames.max() / 1000
    return float(10 * np.log10(frames[mine].mean() / (left[mine].mean() + 1e-9)))


def test_a_word_over_the_opening_narration_passes_with_a_remembered_path(rooms, tmp_path):
    """1.5 s into the narration a fresh canceller has learned little of the room: much of
    the echo is left inside the word; with the path of the last start, proved on this
    room's echo, far less."""
    first, first_echo, nxt, echo = rooms
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    learner = stage(memory)
    run(learner, first, first_echo)
    learner.remember()
    warm = word_in(stage(memory), nxt, echo, 1.5)
    cold = word_in(stage(None), nxt, echo, 1.5)
    print(f"the word 1.5 s in over what is left beside it: {warm:.1f} dB with the remembered path, {cold:.1f} dB fresh")
    assert warm > 15.0
    assert warm > cold + 5.0


def test_a_path_from_another_room_is_not_trusted(rooms, tmp_path):
    """A remembered path that does not fit this room (another room's weights, reversed in
    time) is no worse than a fresh start: it is relearned, and the cautious start stays."""
    first, first_echo, nxt, echo = rooms
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    learner = stage(memory)
    run(learner, first, first_echo)
    weights = learner.canceller.learned()
    assert weights is not None
    memory.save(EchoPath("linear", -weights[::-1], learner.tracker.lag_s))
    wrong = stage(memory)
    assert wrong.recalled
    out = run(wrong, nxt, echo)
    assert isinstance(wrong.canceller, LinearCanceller)
    assert not wrong.canceller._trusted  # noqa: SLF001
    late = slice(4 * 16000, nxt.size)
    print(f"a wrong path: echo removed after 4 s {db(echo[late]) - db(out[late]):.1f} dB")
    assert db(echo[late]) - db(out[late]) > 15.0


@pytest.mark.parametrize("content", [b"", b"not an npz at all", b"PK\x03\x04broken zip"])
def test_a_damaged_memory_is_ignored(tmp_path, content):
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    memory.path.parent.mkdir(parents=True, exist_ok=True)
    memory.path.write_bytes(content)
    assert memory.load() is None
    assert not stage(memory).recalled


def test_a_memory_of_another_shape_or_canceller_is_ignored(tmp_path):
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    memory.save(EchoPath("linear", np.zeros((3, 7), np.complex128), 0.0))
    assert memory.load() is not None
    assert not stage(memory).recalled  # 3 partitions of 7 bins: not this canceller's
    other = EchoMemory("linear-raw", "pulse", folder=tmp_path)
    other.path.write_bytes(memory.path.read_bytes())
    assert other.load() is None  # kept by another canceller
    nan = np.full((20, 161), np.nan, np.complex128)
    memory.save(EchoPath("linear", nan, 0.0))
    assert memory.load() is None


def test_nothing_is_kept_without_a_path_learned_or_a_folder(tmp_path):
    memory = EchoMemory("none", "pulse", folder=tmp_path)
    Duplex(NullCanceller(), ReferenceTap(), memory=memory).remember()
    assert not memory.path.exists()
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert EchoMemory("linear", "pulse", folder=blocked / "echo").save(
        EchoPath("linear", np.zeros((20, 161), np.complex128), 0.0)) is False


def test_a_path_remembered_with_other_clocks_is_taken_up_at_the_measured_lag(rooms, tmp_path):
    """The lag between the two clocks may differ from one start to the next while the room
    does not (the duplex benchmark: 1.9 s in its first game, 0.14 s after): the path is
    started again once the lag is measured, not moved away with the wrong prior."""
    first, first_echo, nxt, echo = rooms
    memory = EchoMemory("linear", "pulse", folder=tmp_path)
    learner = stage(memory)
    run(learner, first, first_echo)
    learner.remember()
    kept = memory.load()
    assert kept is not None and learner.tracker.agreed_s is not None
    assert kept.lag_s == learner.tracker.agreed_s  # the path is kept for the lag measured
    memory.save(EchoPath("linear", kept.weights, kept.lag_s + 1.9))
    moved = stage(memory)
    assert moved.recalled
    got = {"moved": word_in(moved, nxt, echo, 2.5), "fresh": word_in(stage(None), nxt, echo, 2.5)}
    print(f"the word 2.5 s in over what is left beside it: {got['moved']:.1f} dB with the path "
          f"remembered at a lag 1.9 s off, {got['fresh']:.1f} dB fresh; lag measured {moved.tracker.lag_s * 1000:+.0f} ms")
    assert moved.tracker.agreed_s is not None and abs(moved.tracker.agreed_s - kept.lag_s) < 0.005
    assert got["moved"] > 15.0
    assert got["moved"] > got["fresh"] + 3.0


def test_a_path_moves_by_whole_partitions_with_the_lag():
    w = np.arange(1, 21, dtype=np.complex128)[:, None] * np.ones((1, 3))
    path = EchoPath("linear", w, 0.10)
    assert np.array_equal(path.shifted(0.10), w)
    later = path.shifted(0.13)  # the reference handed 30 ms later: the echo 3 partitions newer
    assert np.array_equal(later[:17], w[3:]) and not later[17:].any()
    earlier = path.shifted(0.08)
    assert np.array_equal(earlier[2:], w[:18]) and not earlier[:2].any()
    assert not path.shifted(0.5).any() and not path.shifted(-0.3).any()


def lock_after(figures_ms: list[float], prior_ms: float | None, monkeypatch,
               times: list[float] | None = None) -> list[float]:
    """A lag tracker fed noise (its reference the same noise) whose measurements come out as
    ``figures_ms`` in turn: the lag in use after each (and into ``times`` the capture time
    of each measurement, seconds from the start)."""
    import voice_game.speech.echo_delay as echo_delay

    tracker = echo_delay.DelayTracker()
    if prior_ms is not None:
        tracker.assume(prior_ms / 1000)
    figures = iter(figures_ms)
    monkeypatch.setattr(echo_delay, "gcc_phat_lag",
                        lambda cap, ref, min_peak=4.0: int(round((tracker.max_lag_s - next(figures) / 1000) * 4000)))
    tap = ReferenceTap(keep_s=30)
    noise = np.random.default_rng(1).normal(0, 3000, 16000 * 12)
    tap.push(noise / 32767.0, 16000, T0)
    pcm = to_int16(noise).astype("<i2").tobytes()
    used = []
    for k in range(0, len(pcm), 320):
        before = len(tracker.measured)
        tracker.captured(pcm[k:k + 320], T0 + k / 32000, tap)
        if len(tracker.measured) > before:
            used.append(round(tracker.lag_s * 1000))
            if times is not None:
                times.append(k / 32000)
        if len(used) == len(figures_ms):
            break
    return used


def test_a_remembered_lag_is_confirmed_by_one_measurement_and_left_only_for_three(monkeypatch):
    # without a prior two figures in a row that agree are taken; a far stray pair is not
    # (test_a_far_figure_moves_the_lag_only_from_windows_that_do_not_overlap)
    assert lock_after([1490, 1490, 170, 170], None, monkeypatch) == [0, 0, 0, 170]
    # with the remembered 165 ms a stray pair is not enough; one figure near it confirms it
    assert lock_after([1490, 1490, 170, 170], 165, monkeypatch) == [165, 165, 165, 165]
    # the clocks of this start sit elsewhere: three figures in a row move it
    assert lock_after([1912, 1912, 1912, 1912], 143, monkeypatch) == [143, 143, 1912, 1912]


def test_a_remembered_lag_far_off_is_left_for_a_fresh_start_by_two_figures_near_it(monkeypatch):
    # the bench's first game remembered +1946 ms, the next start's echo came at +135: two
    # figures near each other and near the fresh estimate leave the prior (lag 0: the
    # canceller's delay search looks there), then the fresh rule takes two that agree
    assert lock_after([167, 132, 142, 142], 1946, monkeypatch) == [1946, 0, 142, 142]
    # two that do not agree with each other leave it in place
    assert lock_after([167, 310, 142, 142], 1946, monkeypatch) == [1946, 1946, 1946, 142]


def test_a_far_figure_moves_the_lag_only_from_windows_that_do_not_overlap(monkeypatch):
    # before the first lock the tracker measures every 0.25 s over a 1 s window: a stray
    # pair (or triple) shares most of its audio and is not taken; the true figure near the
    # estimate is taken from two in a row
    assert lock_after([1250, 1250, 1250, 174, 174], None, monkeypatch) == [0, 0, 0, 0, 174]
    # a true far lag (the bench's first game, +1.9 s) is taken once its figures span a window
    assert lock_after([1912] * 6, None, monkeypatch) == [0, 0, 0, 0, 1912, 1912]
    # once locked (a figure a second over the 1 s window), a far stray pair is not enough
    assert lock_after([174, 174, 3563, 3563, 174], None, monkeypatch) == [0, 174, 174, 174, 174]
    # a figure off the lag in use is measured again a quarter second later (the lag may have
    # moved): a far one moves it only once its figures span a window (five, 1 s apart)
    assert lock_after([174, 174] + [3563] * 5, None, monkeypatch) == [0, 174, 174, 174, 174, 174, 3563]


def test_a_lag_that_moves_once_measured_is_followed_within_a_second(monkeypatch):
    # the duplex bench's lag grew in a pause (+95 -> +224 ms): the first figure off it is
    # checked a quarter second later, not a second, and two that agree move it
    times: list[float] = []
    assert lock_after([95, 95, 95, 224, 224], None, monkeypatch, times) == [0, 95, 95, 95, 224]
    gaps = [round(b - a, 2) for a, b in zip(times, times[1:], strict=False)]
    assert gaps == [0.25, 1.0, 1.0, 0.25]
