"""A course completed by voice alone the way a player meets it now (issue 21): the voice
started with the program's default duplex mode (``Settings.duplex``, full since
2026-12-05), the tutorial's narration played aloud by the game's own audio output (its TTS
and player) on a private PulseAudio, whose default sink is the one the virtual microphone
listens to: everything the lesson says echoes into what the game hears, at the level a
person speaks at (0 dB, active speech levels, measured and printed), and the echo canceller
works on the tutorial's own voice.

The person (SVOX Pico, as in tests/speech/test_voice_course.py, whose follower and retries
are reused) answers two of three prompts a fixed short time after the lesson asked, while
it is still talking (barge-in), and the third after it fell silent. A word the game ignored
over its narration ("voice.heard" ``ignored``: nothing sure heard) is said again once the
game is silent and has answered nothing for a while, as a person would; a person who left the
course by a word heard wrong ("tschüss" for "weiter") starts it again where it stopped. The test fails if the course is not completed, if too
few answers said over the narration were understood, or if the game's own voice became a
command, and then prints what was said, heard, and said by the game, and the voice events."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from tests.speech.test_duplex_e2e import active_level_db
from tests.speech.test_voice_course import Heard, Person
from tests.speech.test_voice_e2e import events_of
from tests.support.course_player import Follower, close_after
from tests.support.speaker import pico_speech
from tests.support.whisper import needs_base
from voice_game.app import App, Listening
from voice_game.audio.output import AudioOutput, make_game_output
from voice_game.narration.catalog import load_catalog
from voice_game.settings import Settings
from voice_game.speech.voice_input import VoiceControl
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

pytestmark = [needs_base,
              pytest.mark.skipif(shutil.which("pico2wave") is None, reason="SVOX Pico (pico2wave) not installed"),
              pytest.mark.skipif(shutil.which("pulseaudio") is None or shutil.which("espeak-ng") is None,
                                 reason="pulseaudio or espeak-ng not installed")]

ANSWER_S = 45.0  # the game answers a word within a few seconds; this bounds a lost one
SILENT_S = 120.0  # bounds waiting for the narration to end
COURSE_S = 1500.0  # bounds a hang of the whole course
BARGE_S = 0.8  # a barge-in answer starts this long after the lesson began listening for it
AFTER_S = 4  # every fourth answer waits for the narration to end
RESTARTS = 2  # times the person starts the course again after leaving it by a word heard wrong
SETTLE_S = 3.0  # after a word ignored over the narration: silence this long before saying it again
MIN_OVER = 8  # answers said over the narration that must have been understood there


class Written:
    """The game's lines as its output writes them (settings ``echo``: also as text)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.at: list[float] = []  # when each line was handed to the output (the events' clock)
        self._part = ""

    def write(self, s: str) -> int:
        *done, self._part = (self._part + s).split("\n")
        self.lines += done
        self.at += [time.monotonic()] * len(done)
        return len(s)

    def flush(self) -> None:
        pass


class DuplexPerson(Person):
    """The course's person in a room where the game's loudspeaker reaches the microphone:
    speaks over the narration or after it, ``gain`` dB louder than Pico's own level. A word
    the game ignored over its narration is said again when the game is silent."""

    def __init__(self, voice: VoiceControl, runner: TutorialRunner, server, hub: Heard, lang: str,
                 said: list[str], output: AudioOutput, events: Path, gain_db: float):
        super().__init__(voice, runner, server, hub, lang, said)
        self.output, self.events, self.gain = output, events, 10 ** (gain_db / 20)
        self.turns = 0
        self.over: list[tuple[str, str]] = []  # (said over the narration, heard there)
        self.ignored = 0  # words ignored over the narration, said again after it
        self.windows: list[float] = []  # when each utterance began (the events' clock)
        self.window_words: list[str] = []  # what each utterance said
        self.spoken: list[tuple[float, float]] = []  # when each utterance was played (the events' clock)
        self.trace: list[str] = []  # each utterance: when, how, what came back

    def utter(self, pcm: np.ndarray, again: int) -> bool:
        if again == 0:
            self.turns += 1
        t = time.monotonic()
        if again == 0 and self.turns % AFTER_S:
            time.sleep(BARGE_S)  # barge-in: a fixed short time after the lesson asked
        else:
            self.output.wait_silent(timeout=SILENT_S)
            time.sleep(0.4)
        over = not self.output.is_silent()
        self.trace.append(f"{time.monotonic():.2f} {self.words!r} {'over' if over else 'after'} "
                          f"(waited {time.monotonic() - t:.1f} s)")
        loud = np.clip(np.round(pcm * self.gain), -32768, 32767).astype(np.int16)
        n = len(self.hub.lines)
        self.windows.append(time.monotonic())
        self.window_words.append(self.words or "")
        self.srv.play_into("micsink", loud, 16000)
        ended = time.monotonic()
        self.spoken.append((self.windows[-1], ended))
        deadline = ended + ANSWER_S
        while time.monotonic() < deadline:
            if self.hub.wait_beyond(n, 0.25):
                self.trace[-1] += f" -> {self.hub.lines[n]!r} after {time.monotonic() - ended:.1f} s"
                if over:
                    self.over.append((self.words or "", self.hub.lines[n]))
                return True
            ignored = [e for e in self.voice_events("voice.heard")
                       if e["decision"] == "ignored" and e["at"] > ended - 0.1]
            if ignored and self.output.is_silent() and not self.hub.wait_beyond(n, SETTLE_S):
                # nothing sure heard over the narration, and nothing since it ended: said again
                self.ignored += 1
                self.trace[-1] += f" -> ignored {[(e['text'], round(e['confidence'], 2)) for e in ignored]}"
                return False
        return False

    def voice_events(self, kind: str | None = None) -> list[dict]:
        return [e for e in events_of(self.events) if kind is None or e["type"] == kind]


#: 12-13 minutes each on the loaded 2-core machine (the narration is heard out before every
#: fourth answer and after a word ignored over it): more than CI's time allows, so when asked
#: (VOICE_GAME_ALL_COURSES=1 or VOICE_GAME_DUPLEX_COURSE=1)
ASKED = pytest.mark.skipif("1" not in (os.environ.get("VOICE_GAME_ALL_COURSES"), os.environ.get("VOICE_GAME_DUPLEX_COURSE")),
                           reason="12 minutes: VOICE_GAME_DUPLEX_COURSE=1")
COURSES = [pytest.param("orchestra", "de", marks=ASKED), pytest.param("concerto", "en", marks=ASKED)]


@pytest.mark.parametrize("course,lang", COURSES)
def test_a_course_by_voice_alone_over_its_own_narration(course, lang, tmp_path):
    from tests.support.soundserver import SoundServer

    c = load_catalog(lang)
    srv = SoundServer()
    srv.start()
    stop = None
    output = None
    try:
        srv.use_for_sounddevice()
        srv.pactl("set-default-sink", "micsink")  # the loudspeaker's sound reaches the microphone
        mic = srv.record("virtmic")
        assert mic.wait_started()
        written = Written()
        output, notice = make_game_output("auto", lang, c, Settings(echo=True), written)
        assert isinstance(output, AudioOutput), notice
        app = App.around(lang, output, tts="auto")  # no settings file: the program's defaults
        hub = Heard()
        events = tmp_path / "events.jsonl"
        start = mic.count
        # the program's voice as `voice-game tutorial` starts it, its duplex mode the settings'
        _, voice, stop = app.voice(Listening(engine="whisper", mic="pulse"), None, hub=hub, events=events)
        assert isinstance(voice, VoiceControl), written.lines
        app.live_voice, app.stop_live_voice = voice, stop
        assert voice.rec.wait_ready(300), written.lines
        output.wait_silent(timeout=SILENT_S)  # "Spracheingabe ... an": the echo's level measured on it
        echo_db = active_level_db(mic.tail(max(1, mic.count - start)))
        mic.stop()
        modes = events_of(events)
        assert modes and modes[0]["type"] == "voice.duplex", modes
        assert modes[0]["mode"] == Settings().duplex and modes[0]["canceller"], modes
        person_db = active_level_db(np.frombuffer(pico_speech(next_word(lang), lang), dtype="<i2"))
        gain_db = echo_db - person_db
        print(f"duplex {modes[0]['mode']} ({modes[0]['canceller']}); echo {echo_db:.1f} dB, "
              f"Pico {person_db:.1f} dB re 1 LSB: the person {gain_db:+.1f} dB (echo as loud as the person)")
        progress = Progress(tmp_path / "p.json")
        runner = TutorialRunner(course, lang, output, hub, progress=progress)
        person = DuplexPerson(voice, runner, srv, hub, lang, written.lines, output, events, gain_db)
        runner.voice = person
        done = close_after(hub, COURSE_S)
        t0 = time.perf_counter()
        ended = c.get("tutorial.ended", number=0).split("0")[0]
        left: list[str] = []  # the words that ended the course early ("tschüss" heard for "weiter")
        try:
            code = runner.run()
            while (len(left) < RESTARTS and person.gave_up is None and not progress.get(course).get("done")
                   and written.lines[-1].startswith(ended)):
                # left by a word heard wrong: the person starts the tutorial again, where it stopped
                left.append(f"{person.log[-1]} at {written.lines[-1]!r}")
                runner = TutorialRunner(course, lang, output, hub, progress=progress)
                person.r, person.follower, runner.voice = runner, Follower(runner), person
                code = runner.run()
        finally:
            done.set()
        took = time.perf_counter() - t0
        ev = events_of(events)
        heard = [e for e in ev if e["type"] == "voice.heard"]
        # what the game heard before the person first spoke came from its own voice
        first = person.windows[0] if person.windows else float("inf")
        own = [e for e in heard if e["decision"] != "ignored" and e["at"] < first]
        # a command whose speech (from the voice detector's start to the result) overlapped nothing
        # the person said came from the game's own voice; the person's word delivered twice (or
        # heard as another command) is counted and printed only
        starts = [e["at"] for e in ev if e["type"] == "voice.speech_started"]
        echo, twice = [], []
        for e in heard:
            if e["decision"] != "delivered":
                continue
            began = max([a for a in starts if a <= e["at"]], default=0.0) - 0.5
            if not any(a < e["at"] and b > began for a, b in person.spoken):
                echo.append(e)
        windows = person.windows + [float("inf")]
        for a, b in zip(windows, windows[1:], strict=False):
            twice += [e for e in heard if e["decision"] == "delivered" and a <= e["at"] < b][1:]
        missed = [(a, b) for a, b in person.log if a != b]
        cuts = [e for e in ev if e["type"] == "voice.narration_cut"]
        print(f"{course} {lang}: {len(person.log)} said in {took:.0f} s, {len(person.over)} understood over the "
              f"narration, {person.ignored} ignored there (said again after it), {person.lost} lost; "
              f"{len(cuts)} narration cuts, {sum(e['type'] == 'voice.narration_ducked' for e in ev)} ducks; "
              f"{len(heard)} heard ({sum(e['decision'] == 'ignored' for e in heard)} ignored); "
              f"heard otherwise {missed}; learned {person.learned}; left and started again: {left}")
        print("delivered twice:", [(round(e["at"], 2), e["text"]) for e in twice])
        print("\n".join(person.trace))
        print("the game:", "\n".join(f"{a:.2f} {x}" for a, x in zip(written.at, written.lines, strict=False)))
        print("heard:", [(round(e["at"], 2), e["text"], e["decision"], round(e["confidence"], 2)) for e in heard])
        failure = (person.gave_up, person.log[-6:], written.lines[-8:],
                   [(e["type"], e.get("text", ""), e.get("decision", "")) for e in ev[-15:]])
        assert code == 0, failure
        assert person.gave_up is None, failure
        assert progress.get(course).get("done"), failure
        assert written.lines[-1] == c.get("tutorial.finished", title=c.get(runner.course.title)), failure
        did_for_you = c.get("tutorial.did_for_you", command="X").split("X")[0]
        assert not [x for x in written.lines if x.startswith(did_for_you)], failure
        assert len(person.log) >= 40, failure  # every lesson was answered by voice
        assert len(person.over) >= MIN_OVER, (person.over, failure)  # barge-in: heard over the narration
        assert cuts, failure
        assert not own, (own, failure)  # the game's own voice never became a command
        assert not echo, (echo, failure)
    finally:
        if stop is not None:
            stop()
        if output is not None:
            output.close(drain=0)
        srv.stop()
        from voice_game.audio import portaudio

        portaudio.reinitialize()  # the server is gone: PortAudio forgets it


def next_word(lang: str) -> str:
    """A word the person says often ("weiter", "next"): its level is the person's."""
    from voice_game.commands.grammar import load_grammar

    return load_grammar(lang).render({"intent": "next"})
