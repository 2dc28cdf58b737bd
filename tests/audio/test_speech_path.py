"""The one audio path for speech: real espeak-ng audio through the real Player.

Speech is rendered into a RenderBackend (the player's recorded output stream, paced
like a device), so what came out can be measured in frames: that a message made
real sound, that priorities cut and keep the right things, and how fast stop()
silences the stream. A real PulseAudio server (tests.support.soundserver)
serves the device-loss test, and a real Speech Dispatcher the screen reader tests.
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import time

import numpy as np
import pytest

from tests.support import soundserver
from tests.support.speechd import speech_dispatcher
from voice_game.audio.output import AudioOutput, player_priority
from voice_game.audio.player import Player, Priority, RenderBackend, SoundDeviceBackend
from voice_game.audio.speech import (EspeakSynth, parse_wav_stream, split_sentences, trim)
from voice_game.narration.catalog import load_catalog
from voice_game.narration.message import HIGH, LOW, NORMAL, Message

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                reason="espeak-ng is not installed (apt-get install espeak-ng)")

RATE = 44100
LOUD = 0.01  # float sample level that counts as audible


class SpySynth:
    """The real espeak-ng synthesizer, recording which texts it was asked for."""

    name = "spy"

    def __init__(self, lang="de"):
        self.real = EspeakSynth(lang)
        self.texts: list[str] = []
        self.voice = self.real.voice

    def synthesize(self, text, wpm=175):
        self.texts.append(text)
        return self.real.synthesize(text, wpm)

    def close(self):
        self.real.close()


@pytest.fixture
def rendered():
    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=["event.draw", "event.your_turn", "event.error"])
    player.start()
    synth = SpySynth("de")
    out = AudioOutput(player, synth, load_catalog("de"), stream=io.StringIO())
    yield out, backend, synth
    out.close()


def audible(x: np.ndarray) -> np.ndarray:
    return np.flatnonzero(np.abs(x).max(axis=1) > LOUD)


# ---------------------------------------------------------------------------- text and synthesis


def test_sentences_are_split_and_a_long_first_sentence_is_cut_at_a_comma():
    assert split_sentences("Runde 2. Anna ist dran! Was nun?") == ["Runde 2.", "Anna ist dran!", "Was nun?"]
    long = ("Dirigent eins hat zwei Tuba-Bären und eine Geigen-Katze, Dirigent zwei hat nichts, "
            "und Dirigent drei ist schon vergeben. Du bist dran.")
    parts = split_sentences(long)
    assert parts[0] == "Dirigent eins hat zwei Tuba-Bären und eine Geigen-Katze,"
    assert parts[-1] == "Du bist dran."
    assert " ".join(parts) == long
    assert split_sentences("   ") == []


def test_espeak_gives_real_speech_and_faster_rates_are_shorter_not_cut():
    synth = EspeakSynth("de")
    text = "Anna zieht eine Karte. Es ist ein Tuba-Bär."
    lengths = {}
    for wpm in (175, 300, 450):
        pcm, rate = synth.synthesize(text, wpm)
        assert rate == 22050 and pcm.dtype == np.int16
        speech = trim(pcm, rate)
        level = float(np.sqrt(np.mean(speech.astype(np.float64) ** 2)))
        assert level > 1000, f"{wpm} wpm: no speech energy ({level})"
        lengths[wpm] = len(speech) / rate
    # duration follows the rate (nothing is dropped): 175/450 = 0.39 in theory
    assert lengths[175] > lengths[300] > lengths[450]
    assert 0.28 < lengths[450] / lengths[175] < 0.55, lengths


def test_in_process_espeak_library_gives_the_same_speech_as_the_program():
    from voice_game.audio.speech import LibEspeakSynth, SynthError

    try:
        lib = LibEspeakSynth("de")
    except SynthError as exc:
        pytest.skip(f"libespeak-ng not loadable: {exc}")
    prog = EspeakSynth("de")
    for wpm in (175, 450):
        a, ra = lib.synthesize("Ben legt einen Tuba-Bären an Dirigent zwei.", wpm)
        b, rb = prog.synthesize("Ben legt einen Tuba-Bären an Dirigent zwei.", wpm)
        assert ra == rb
        a, b = trim(a, ra), trim(b, rb)
        assert abs(len(a) - len(b)) < 0.02 * len(b)
    with pytest.raises(SynthError):
        LibEspeakSynth("de", voice="no-such-voice").synthesize("x")


def test_wav_stream_with_unknown_sizes_is_read_to_the_end():
    res = subprocess.run(["espeak-ng", "--stdout", "-v", "en", "hello"], capture_output=True, check=True)
    pcm, rate = parse_wav_stream(res.stdout)
    assert rate == 22050 and len(pcm) == (len(res.stdout) - 44) // 2


def test_priority_mapping():
    assert player_priority(LOW, "table") == Priority.INTERRUPTIBLE
    assert player_priority(NORMAL, "bot") == Priority.NORMAL
    assert player_priority(HIGH, "result") == Priority.NORMAL  # keeps the order of events
    assert player_priority(HIGH, "error") == Priority.IMPORTANT


# ---------------------------------------------------------------------------- the rendered stream


def test_a_message_comes_out_as_real_audio(rendered):
    out, backend, synth = rendered
    job = out.say_message(Message("Anna zieht eine Karte. Es ist ein Tuba-Bär.", "draw", HIGH))
    assert not out.is_silent()
    assert out.wait_silent(timeout=10)
    assert out.is_silent()
    assert [it.status for it in job.items] == ["done", "done"]
    assert synth.texts == ["Anna zieht eine Karte.", "Es ist ein Tuba-Bär."]
    sound = backend.output()
    idx = audible(sound)
    assert len(idx), "nothing audible came out"
    # what came out is as long as the two synthesized sentences (trimmed), within a block or two
    expect = sum(len(trim(*synth.real.synthesize(t))) / 22050 for t in synth.texts)
    heard = (idx[-1] - idx[0]) / RATE
    assert abs(heard - expect) < 0.25, (heard, expect)
    # speech, not a tone: energy spread over many frequencies of the voice band
    seg = sound[idx[0]:idx[-1], 0].astype(np.float64)
    spec = np.abs(np.fft.rfft(seg))
    freqs = np.fft.rfftfreq(len(seg), 1 / RATE)
    band = spec[(freqs > 100) & (freqs < 4000)]
    assert (band > band.max() * 0.05).mean() > 0.05


def test_first_sentence_plays_while_the_rest_is_synthesized(rendered):
    out, backend, synth = rendered
    text = " ".join(f"Satz Nummer {i} ist hier." for i in range(1, 7))
    t0 = time.perf_counter()
    job = out.say_message(Message(text, "info", HIGH))
    while not job.items or job.items[0].started_at is None:
        assert time.perf_counter() - t0 < 5
        time.sleep(0.002)
    first_started = job.items[0].started_at
    assert len(job.items) < 6, "all sentences were synthesized before the first one played"
    deadline = time.perf_counter() + 20
    while out.pending() and time.perf_counter() < deadline:
        time.sleep(0.01)
    assert len(job.items) == 6  # all synthesized, queued behind the first while it played
    assert job.items[0].status in ("playing", "done") and first_started is not None
    out.stop()


def test_a_new_turn_cuts_a_description_and_a_result_is_never_dropped(rendered):
    out, backend, synth = rendered
    desc = out.say_message(Message(
        "Dirigent eins hat zwei Tuba-Bären. Dirigent zwei hat eine Geigen-Katze. Dirigent drei ist leer. "
        "Im Stapel sind noch dreißig Karten. Ben hat eine Flöten-Frosch-Karte.", "table", LOW))
    while not desc.items or desc.items[0].started_at is None:
        time.sleep(0.005)
    time.sleep(0.3)
    turn = out.say_message(Message("Ben ist dran.", "turn", NORMAL, "event.turn.2"))
    result = out.say_message(Message("Ben nimmt Dirigent eins: zwei Tuba-Bären.", "take", HIGH))
    error = out.say_message(Message("Das geht nicht.", "error", HIGH, "event.error"))
    later_desc = out.say_message(Message("Übersicht: nichts Neues.", "table", LOW))
    assert out.wait_silent(timeout=20)
    assert desc.cancelled
    statuses = [it.status for it in desc.items]
    assert statuses[0] in ("cut", "stopped") and "done" not in statuses[1:]
    assert len(desc.items) < 5, "the rest of the description was still queued"
    assert [it.status for it in turn.items] == ["done"]
    assert all(it.status == "done" for it in result.items) and result.items
    assert all(it.status == "done" for it in error.items) and error.items
    # a description that arrives after newer messages plays once they are said
    assert [it.status for it in later_desc.items] == ["done"]
    # the cut happened within a fade: the description's frames ended well before its length
    cut = desc.items[0]
    assert cut.end < len(cut.frames)


def test_descriptions_do_not_cut_each_other(rendered):
    out, backend, synth = rendered
    lines = [out.say_message(Message(f"Dirigent {n} ist leer.", "table", LOW)) for n in ("eins", "zwei", "drei")]
    assert out.wait_silent(timeout=15)
    assert [[it.status for it in j.items] for j in lines] == [["done"], ["done"], ["done"]]


def test_new_input_cuts_descriptions_but_not_results(rendered):
    out, backend, synth = rendered
    result = out.say_message(Message("Anna legt einen Tuba-Bären an Dirigent zwei.", "place", HIGH))
    desc = out.say_message(Message("Dirigent eins hat nichts. Dirigent zwei hat einen Tuba-Bären.", "table", LOW))
    time.sleep(0.1)
    out.interrupt()
    assert out.wait_silent(timeout=15)
    assert result.items and all(it.status == "done" for it in result.items)
    assert desc.cancelled and not any(it.status == "done" for it in desc.items)


def test_stop_silences_the_stream_within_50_ms(rendered):
    out, backend, synth = rendered
    lags = []
    for _ in range(3):
        job = out.say_message(Message("Das ist ein langer Satz, der nicht zu Ende gesprochen wird, "
                                      "weil der Spieler vorher etwas sagt.", "result", HIGH))
        while not job.items or job.items[0].started_at is None:
            time.sleep(0.002)
        time.sleep(0.4)
        out.stop()
        assert out.wait_silent(timeout=5)
        stop_at = backend.marks_named("stop")[-1]
        # counted in rendered frames: a block rendered before stop() and written late by a
        # loaded machine is the player's latency, the silence before it is not
        tail = audible(backend.rendered_since(stop_at))
        lags.append(0.0 if len(tail) == 0 else (tail[-1] + 1) * 1000 / RATE)
        assert job.items[0].status == "stopped"
        assert len(job.items) < 3  # later sentences were not queued after stop()
    assert max(lags) < 50.0, lags


def test_cue_only_verbosity_plays_the_cue_without_words(rendered):
    out, backend, synth = rendered
    out.say_message(Message("Ben zieht eine Karte.", "bot", NORMAL, "event.draw"), speak=False)
    assert out.wait_silent(timeout=5)
    assert synth.texts == []
    assert any(lab == "cue:event.draw" for _, lab, _ in backend.marks)
    assert len(audible(backend.output())) > 0


def test_volume_changes_apply_to_speech(rendered):
    out, backend, synth = rendered
    out.set_volume(100)
    out.say_message(Message("Lautstärke.", "info", HIGH))
    assert out.wait_silent(timeout=5)
    loud = backend.output().copy()
    start = len(loud)
    out.set_volume(30)
    out.say_message(Message("Lautstärke.", "info", HIGH))
    assert out.wait_silent(timeout=5)
    quiet = backend.output()[start:]
    ratio = np.abs(quiet).max() / np.abs(loud).max()
    assert 0.2 < ratio < 0.4, ratio


# ---------------------------------------------------------------------------- the session


def test_any_key_in_the_start_menu_silences_its_speech_at_once(rendered, tmp_path):
    """The start menu as in the game: a key pressed while the menu still speaks cuts the
    speech at once (the main menu's long list), and what the key asks for is said."""
    from voice_game.keys import Key
    from voice_game.menu import MenuApp
    from voice_game.tutorial.progress import Progress

    out, backend, synth = rendered
    jobs = []
    say_message = out.say_message

    def recording(m, *a, **kw):
        job = say_message(m, *a, **kw)
        if job is not None:
            jobs.append(job)
        return job

    out.say_message = recording

    def wait(ready, what):
        deadline = time.perf_counter() + 60  # a bound for a stuck player, not a measurement
        while not ready():
            if time.perf_counter() > deadline:
                pytest.fail(f"never {what}")
            time.sleep(0.005)

    c = load_catalog("de")

    def speaking_help():
        return [j for j in jobs if j.text == c.get("menu.keys_help") and j.items and j.items[0].started_at]

    class Reader:
        presses = [Key("f1"), Key("down"), Key("escape")]

        def next_event(self):
            if self.presses and self.presses[0].name == "down":  # while the keys' help is spoken
                wait(speaking_help, "started speaking the keys' help")
            elif not out.wait_silent(timeout=60):  # when what was asked for has been heard
                pytest.fail("never finished speaking")
            return self.presses.pop(0) if self.presses else None

        def start_typing(self, initial=""):
            pass

        def close(self):
            pass

    from voice_game.keys import KeyInput, load_bindings

    progress = Progress(tmp_path / "p.json")
    progress.set_flag("tutorial_offered")
    app = MenuApp("de", out, KeyInput(Reader(), load_bindings({})), progress=progress)
    app.saves = tmp_path / "saves"
    app.run()
    assert out.wait_silent(timeout=30)
    help_job = speaking_help()[0]
    after = jobs[jobs.index(help_job) + 1:]
    # What the player heard, not the worker's bookkeeping: when synthesis had already handed
    # every sentence to the player, the job is not marked cancelled but its sentences stop.
    assert help_job.items[0].status in ("stopped", "cut")  # cut while it played
    assert "done" not in [it.status for it in help_job.items[1:]]
    queued = after[0]
    assert queued.text.startswith(c.get("menu.play", game=c.get("orchestra.title")))
    assert queued.cancelled or "done" not in [it.status for it in queued.items]  # queued: dropped
    item = next(j for j in after if j.text.startswith(c.get("menu.play", game=c.get("concerto.title"))))
    assert item.items and all(it.status == "done" for it in item.items)  # the key's answer is heard
    assert jobs[-1].text == c.get("app.goodbye")




def test_session_speaks_through_the_player_with_per_kind_verbosity(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path))
    from voice_game.commands.grammar import load_grammar
    from voice_game.games import get as get_kit
    from voice_game.session import Seat, Session
    from voice_game.settings import Store

    backend = RenderBackend(rate=RATE)
    player = Player(backend=backend, preload=False).start()
    synth = SpySynth("de")
    out = AudioOutput(player, synth, load_catalog("de"), stream=io.StringIO())
    store, problem = Store.open()
    assert problem is None
    store.settings.verbosity["bot"] = "cue"
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([s.name for s in seats], [], 5, None)

    def lines():
        # a player answers after hearing: each line waits until the speech before it is made
        # (a new line silences what is still queued, as any key does)
        for line in ["ziehen", "schneller", "eins"]:
            deadline = time.perf_counter() + 30
            while out.pending() and time.perf_counter() < deadline:
                time.sleep(0.02)
            yield line

    s = Session(kit, state, seats, load_grammar("de"), load_catalog("de"), out,
                lines(), seed=5, settings=store)
    try:
        s.start(kit.rules.opening_events(state))
        s.run()
        deadline = time.perf_counter() + 30
        while out.pending() and time.perf_counter() < deadline:  # all synthesized (playing takes long)
            time.sleep(0.05)
        assert not out.pending()
        time.sleep(1.5)
    finally:
        out.stop()
        out.close()
    assert synth.texts, "nothing was spoken"
    said = " ".join(synth.texts)
    assert "Sprechtempo 200" in said
    assert out.rate == 200
    assert "rate = 200" in (tmp_path / "settings.toml").read_text()
    bot_msgs = [m for m in s.history if m.kind == "bot"]
    for m in bot_msgs:  # in the history for "repeat", but not spoken
        assert all(t not in m.text for t in synth.texts)
    assert len(audible(backend.output())) > RATE // 2  # real sound came out


# ---------------------------------------------------------------------------- device loss (real server)


@pytest.mark.skipif(soundserver.available() is not None, reason=f"no PulseAudio: {soundserver.available()}")
def test_device_loss_goes_on_in_text_and_sound_returns():
    srv = soundserver.SoundServer(speakers_rate=RATE)
    srv.start()
    srv.use_for_sounddevice()
    text = io.StringIO()
    player = Player(backend=SoundDeviceBackend(device="pulse", rate=RATE), retry_s=0.3, preload=False)
    player.start()
    out = AudioOutput(player, EspeakSynth("de"), load_catalog("de"), stream=text)
    cat = load_catalog("de")
    try:
        assert player.device_ok, player.device_error
        out.say_message(Message("Ton ist da.", "info", HIGH))
        assert out.wait_silent(timeout=10)
        srv.kill()
        deadline = time.perf_counter() + 10
        while not out.text_mode and time.perf_counter() < deadline:
            out.say_message(Message("Anna ist dran.", "turn", HIGH))
            time.sleep(0.3)
        assert out.text_mode
        assert cat.get("audio.device_lost") in text.getvalue()
        out.say_message(Message("Ben nimmt Dirigent zwei.", "take", HIGH))
        assert "Ben nimmt Dirigent zwei." in text.getvalue()  # the game goes on in text
        srv.start()
        rec = srv.record("speakers.monitor")
        assert rec.wait_started()
        deadline = time.perf_counter() + 15
        while out.text_mode and time.perf_counter() < deadline:
            time.sleep(0.1)
        assert not out.text_mode, "sound did not come back"
        assert out.wait_silent(timeout=10)
        time.sleep(0.2)
        got = rec.stop()
        assert len(got) and np.abs(got.astype(np.int32)).max() > 1000, "'sound is back' was not heard"
    finally:
        out.close()
        srv.stop()


# ---------------------------------------------------------------------------- the screen reader


def _spd_reason():
    if shutil.which("speech-dispatcher") is None:
        return "speech-dispatcher is not installed (apt-get install speech-dispatcher speech-dispatcher-espeak-ng)"
    return soundserver.available()


@pytest.fixture
def dispatcher():
    """A private Speech Dispatcher playing into a private PulseAudio null sink."""
    srv = soundserver.SoundServer(speakers_rate=RATE)
    srv.start()
    old = os.environ.get("SPEECHD_ADDRESS")
    try:
        with speech_dispatcher(srv.env()) as sock:
            os.environ["SPEECHD_ADDRESS"] = f"unix_socket:{sock}"
            yield srv, sock
    finally:
        if old is None:
            os.environ.pop("SPEECHD_ADDRESS", None)
        else:
            os.environ["SPEECHD_ADDRESS"] = old
        srv.stop()


@pytest.mark.skipif(_spd_reason() is not None, reason=str(_spd_reason()))
def test_screen_reader_speaks_reports_its_end_and_stops(dispatcher):
    from voice_game.audio.screenreader import make_screenreader_output

    srv, sock = dispatcher
    out = make_screenreader_output("de", load_catalog("de"))
    assert out is not None, "could not connect to the private speech dispatcher"
    try:
        rec = srv.record("speakers.monitor")
        assert rec.wait_started()
        out.say_message(Message("Anna zieht eine Karte.", "draw", HIGH))
        assert not out.is_silent()
        assert out.wait_silent(timeout=15), "no end-of-speech notice"
        assert any(code == 702 for code, _, _ in out.ended)  # 702 END
        heard = rec.count
        time.sleep(0.2)
        got = rec.frames()
        assert np.abs(got[:heard].astype(np.int32)).max() > 1000, "the screen reader made no sound"
        # stop: a long message is cancelled (703) long before its natural end
        t0 = time.perf_counter()
        out.say_message(Message("Das ist eine sehr lange Beschreibung des ganzen Tisches. " * 6, "table", LOW))
        time.sleep(0.8)
        out.stop()
        assert out.wait_silent(timeout=5)
        assert time.perf_counter() - t0 < 4.0  # the whole text takes > 15 s
        assert any(code == 703 for code, _, _ in out.ended)  # 703 CANCELED
    finally:
        out.close()
        rec.stop()


def test_screen_reader_missing_gives_none(monkeypatch, tmp_path):
    from voice_game.audio import screenreader

    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nothing.sock'}")
    monkeypatch.setattr(screenreader.shutil, "which", lambda name: None)  # no autospawn here
    assert screenreader.make_screenreader_output("de") is None


def test_rate_mapping_for_the_screen_reader():
    from voice_game.audio.screenreader import wpm_to_ssip

    assert wpm_to_ssip(175) == 0 and wpm_to_ssip(500) == 100 and wpm_to_ssip(80) == -100
    assert 0 < wpm_to_ssip(450) < 100


@pytest.mark.skipif(_spd_reason() is not None, reason=str(_spd_reason()))
def test_a_command_heard_while_the_screen_reader_speaks_cancels_it(dispatcher):
    """Barge-in beside a screen reader (speech/reader_barge_in.py): a command delivered
    while the reader speaks cancels it at once and says so in the typed events; an
    utterance that was no command leaves it speaking."""
    from voice_game.audio.screenreader import make_screenreader_output
    from voice_game.speech.reader_barge_in import ReaderBargeIn
    from voice_game.speech.voice_events import Heard, NarrationCut, SpeechStarted

    class Events:
        def __init__(self):
            self.got = []

        def put(self, event):
            self.got.append(event)

    out = make_screenreader_output("de", load_catalog("de"))
    assert out is not None, "could not connect to the private speech dispatcher"
    events = Events()
    barge = ReaderBargeIn(out, then=events)
    try:
        out.say_message(Message("Das ist eine sehr lange Beschreibung des ganzen Tisches. " * 6, "table", LOW))
        time.sleep(0.8)
        assert not out.is_silent()
        barge.put(SpeechStarted(during_narration=True))
        barge.put(Heard(text="", confidence=0.0, decision="ignored"))
        time.sleep(0.3)
        assert not out.is_silent(), "no command: the reader goes on"
        t0 = time.perf_counter()
        barge.put(Heard(text="stopp", confidence=0.9, decision="delivered"))
        assert out.wait_silent(timeout=5)
        assert time.perf_counter() - t0 < 3.0  # the whole text takes > 15 s
        assert any(code == 703 for code, _, _ in out.ended)  # 703 CANCELED
        assert [type(e).__name__ for e in events.got][-2:] == ["Heard", "NarrationCut"]
        assert isinstance(events.got[-1], NarrationCut) and events.got[-1].text == "stopp"
    finally:
        out.close()
