"""The game's speech output through its one audio player.

:class:`AudioOutput` has the interface of :class:`voice_game.audio.tts.TextOutput`
(``say``, ``set_rate``, ``set_volume``, ``rate``, ``volume``, ``close``) and adds
what a game needs from speech it owns:

* ``say_message(message, speak=True)``: a narrator message with its kind,
  priority and cue. The session uses it when the output has it.
* ``stop()``: silence everything now (the listener's barge-in, a "quiet" key);
  ``interrupt()``: cut descriptions only (the player typed a new command).
* ``is_silent()`` / ``wait_silent()``: true only when nothing is playing *and*
  nothing is waiting to be synthesized, for the half-duplex microphone.

Speech is synthesized per sentence in a worker thread: the first sentence is
handed to the player as soon as it is ready while the next ones are made.

Priorities (narrator -> player):

* ``low`` (descriptions, overviews, help) -> ``Priority.INTERRUPTIBLE``. Any
  newer normal or high message cuts them (the player fades the current one
  out and drops queued ones; this output also drops the sentences not yet
  synthesized). Low messages do not cut each other: a table overview of eight
  lines is read to the end unless something new happens.
* ``normal`` and ``high`` -> ``Priority.NORMAL``: queued in order, never cut
  or dropped by newer messages (the order of game events must not change).
* ``high`` errors and warnings -> ``Priority.IMPORTANT``: never dropped and
  ahead of narration still queued, so the answer to a command comes first.

If the output device disappears the player keeps time without sound and this
output writes every line as text (with one notice), and says so when sound
returns. Nothing of the game's state lives here, so nothing is lost.
"""
from __future__ import annotations

import atexit
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from voice_game.core.output import RATE_DEFAULT, clamp_rate
from voice_game.settings import Settings
from voice_game.narration.message import HIGH, LOW, Message

from .player import Item, Player, Priority
from .speech import Synth, SynthError, pause_ms, split_sentences, trim
from .text import SilentOutput, TextOutput

WARNING_KINDS = ("error", "warning")


def player_priority(priority: str, kind: str) -> Priority:
    """Map a narrator message's priority and kind to a player priority."""
    if priority == LOW:
        return Priority.INTERRUPTIBLE
    if priority == HIGH and kind in WARNING_KINDS:
        return Priority.IMPORTANT
    return Priority.NORMAL


@dataclass(eq=False)
class Job:
    text: str
    sentences: list[str]
    priority: Priority
    kind: str
    cue: str | None = None
    pan: float | None = None
    submitted: float = field(default_factory=time.perf_counter)
    cue_after: bool = False
    cancelled: bool = False
    items: list = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)


class AudioOutput:
    name = "speech"

    def __init__(self, player: Player, synth: Synth, catalog=None, echo: bool = False, stream=None,
                 rate: int = RATE_DEFAULT, volume: int = 100, cue_volume: int = 80,
                 own_player: bool = True):
        self.player = player
        self.synth = synth
        self.catalog = catalog
        self.echo = echo
        self.stream = stream or sys.stdout
        self.own_player = own_player
        self.rate = RATE_DEFAULT
        self.volume = 100
        self.cue_volume = 80
        self.set_rate(rate)
        self.set_volume(volume)
        self.set_cue_volume(cue_volume)
        self.text_mode = False  # the device is gone: lines are written instead
        self.synth_errors = 0
        self._cond = threading.Condition()
        self._jobs: deque[Job] = deque()
        self._busy: Job | None = None  # the job the worker is on
        self._last_low: Item | None = None  # player item of the latest interruptible sentence
        self._running = True
        player.on_device_error = self._device_lost
        player.on_device_restored = self._device_back
        self._closed = False
        self._worker = threading.Thread(target=self._work, name="speech-synth", daemon=True)
        self._worker.start()
        atexit.register(self.close)

    # ------------------------------------------------------------ TextOutput API

    def say(self, text: str, interrupt: bool = False) -> None:
        self.say_message(Message(text, "info", LOW if interrupt else HIGH))

    def set_rate(self, wpm: int) -> None:
        self.rate = clamp_rate(wpm)

    def set_volume(self, percent: int) -> None:
        self.volume = int(max(0, min(100, percent)))
        self.player.speech_volume = self.volume / 100.0

    def set_cue_volume(self, percent: int) -> None:
        self.cue_volume = int(max(0, min(100, percent)))
        self.player.cue_volume = self.cue_volume / 100.0

    def set_voice(self, voice: str) -> None:
        self.synth.voice = voice

    def close(self, drain: float = 8.0) -> None:
        """Let what is queued finish (at most ``drain`` seconds), then release the device.

        Also runs at interpreter exit: a process must not end while the player's
        thread is inside the sound library (libpulse aborts the process then).
        """
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        if drain > 0 and self._worker.is_alive():
            self.wait_silent(timeout=drain)
        with self._cond:
            self._running = False
            for job in self._jobs:
                job.cancelled = True
                job.done.set()
            self._jobs.clear()
            self._cond.notify_all()
        self._worker.join(timeout=5)
        if self.own_player:
            self.player.close()
        self.synth.close()

    # ------------------------------------------------------------ messages

    def say_message(self, m: Message, speak: bool = True, cue_after: bool = False) -> Job | None:
        """Speak a narrator message (``speak=False``: its cue only).

        ``cue_after``: the cue follows the words in the sequence (the sound gallery
        names a sound, then plays it).
        """
        if (self.echo or self.text_mode) and (m.text or m.fallback):
            self._write(m.fallback or m.text)  # written: no cue can carry a fact
        sentences = split_sentences(m.text) if speak else []
        if not sentences and not m.cue:
            return None
        prio = player_priority(m.priority, m.kind)
        job = Job(m.text, sentences, prio, m.kind)
        with self._cond:
            if prio != Priority.INTERRUPTIBLE:
                self._cancel_low_locked()
            idle = self._busy is None and not self._jobs and self.player.is_silent()
            if m.cue and cue_after and sentences:
                job.cue, job.pan, job.cue_after = m.cue, m.pan, True
            elif m.cue:
                if idle or not sentences:
                    # feedback for a key press starts at once, mixed over what plays
                    self._play_cue(m.cue, m.pan)
                else:
                    job.cue, job.pan = m.cue, m.pan  # stays with its words in the sequence
            if not sentences:
                job.done.set()
                return job
            self._jobs.append(job)
            self._cond.notify_all()
        return job

    def play_cue(self, cue_id: str, pan: float | None = None) -> None:
        """Start a cue now (the session's ``audio.play_cue``)."""
        self._play_cue(cue_id, pan)

    def cue_first(self, cue_id: str) -> None:
        """Queue a cue before every sound that has not started yet (the voice-on sound: the
        first sentence waits for it)."""
        try:
            self.player.queue_cue(cue_id, priority=Priority.IMPORTANT)
        except Exception:  # noqa: BLE001 - an unknown or broken cue never stops the game
            pass

    def _play_cue(self, cue_id, pan) -> None:
        try:
            self.player.play_cue(cue_id, pan)
        except Exception:  # noqa: BLE001 - an unknown or broken cue never stops the game
            pass

    # ------------------------------------------------------------ interruption

    def stop(self) -> None:
        """Silence everything now: pending sentences are dropped, the player stops."""
        with self._cond:
            for job in self._jobs:
                job.cancelled = True
                job.done.set()
            self._jobs.clear()
            if self._busy is not None:
                self._busy.cancelled = True
            self.player.stop()
            self._cond.notify_all()

    def interrupt(self) -> None:
        """Cut descriptions (low priority) only: the player has moved on."""
        with self._cond:
            self._cancel_low_locked()
            self._cond.notify_all()

    def _cancel_low_locked(self) -> None:
        keep: deque[Job] = deque()
        for job in self._jobs:
            if job.priority == Priority.INTERRUPTIBLE:
                job.cancelled = True
                job.done.set()
            else:
                keep.append(job)
        self._jobs = keep
        busy = self._busy
        if busy is not None and busy.priority == Priority.INTERRUPTIBLE:
            busy.cancelled = True
            for item in busy.items:
                self.player.cancel(item)
        last = self._last_low
        if last is not None and not last.finished.is_set():
            self.player.cancel(last)

    # ------------------------------------------------------------ half-duplex

    def pending(self) -> bool:
        with self._cond:
            return self._busy is not None or bool(self._jobs)

    def is_silent(self) -> bool:
        return not self.pending() and self.player.is_silent()

    def wait_silent(self, tail_ms: float = 0.0, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.perf_counter() + timeout
        while True:
            with self._cond:
                while self._busy is not None or self._jobs:
                    left = None if deadline is None else deadline - time.perf_counter()
                    if left is not None and left <= 0:
                        return False
                    self._cond.wait(left if left is not None else 0.5)
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            if not self.player.wait_silent(tail_ms, left):
                return False
            if not self.pending():
                return True

    # ------------------------------------------------------------ device

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def _text(self, key: str) -> str:
        return self.catalog.get(key) if self.catalog is not None else key

    def _device_lost(self, exc) -> None:
        if self.text_mode:
            return
        self.text_mode = True
        self._write(self._text("audio.device_lost"))

    def _device_back(self) -> None:
        if not self.text_mode:
            return
        self.text_mode = False
        self.say_message(Message(self._text("audio.device_back"), "info", HIGH))

    # ------------------------------------------------------------ worker

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._running and not self._jobs:
                    self._cond.wait()
                if not self._running:
                    return
                job = self._jobs.popleft()
                self._busy = job
            try:
                self._speak(job)
            except Exception:  # noqa: BLE001 - the worker must survive any one message
                self.synth_errors += 1
            finally:
                with self._cond:
                    self._busy = None
                    job.done.set()
                    self._cond.notify_all()

    def _speak(self, job: Job) -> None:
        for i, sentence in enumerate(job.sentences):
            if job.cancelled:
                return
            wpm = self.rate
            try:
                pcm, rate = self.synth.synthesize(sentence, wpm)
            except SynthError:
                self.synth_errors += 1
                if not self.echo and not self.text_mode:
                    self._write(sentence)  # the words must reach the player somehow
                continue
            pcm = trim(pcm, rate, tail_ms=pause_ms(wpm))
            if len(pcm) == 0:
                continue
            if job.priority == Priority.INTERRUPTIBLE:
                # descriptions do not cut each other: wait for the previous one
                while True:
                    last = self._last_low
                    if job.cancelled or last is None or last.finished.wait(0.004):
                        break
            with self._cond:
                if job.cancelled:
                    return
                if i == 0 and job.cue and not job.cue_after:
                    self.player.queue_cue(job.cue, job.pan, priority=job.priority)
                item = self.player.speak_audio(pcm, rate, priority=job.priority, kind=job.kind,
                                               label=sentence)
                job.items.append(item)
                if job.priority == Priority.INTERRUPTIBLE:
                    self._last_low = item
        if job.cue and job.cue_after:
            with self._cond:
                if not job.cancelled:
                    job.items.append(self.player.queue_cue(job.cue, job.pan, priority=job.priority))


# --------------------------------------------------------------------------
# factory


def open_player(device=None, rate: int = 44100) -> Player:
    """A started player on a sound device (check ``device_ok``)."""
    from .player import SoundDeviceBackend

    player = Player(backend=SoundDeviceBackend(device=device or None, rate=rate))
    player.start()
    return player


def make_audio_output(lang: str, catalog=None, engine: str = "auto", voice: str = "",
                      device=None, rate: int = RATE_DEFAULT, volume: int = 100,
                      cue_volume: int = 80, echo: bool = False, stream=None):
    """An :class:`AudioOutput` on a working sound device, or None (then: text)."""
    return _open_audio_output(lang, catalog, engine, voice, device, rate, volume, cue_volume, echo, stream)[0]


def _open_audio_output(lang: str, catalog, engine: str, voice: str, device, rate: int, volume: int,
                       cue_volume: int, echo: bool, stream) -> tuple[AudioOutput | None, str]:
    """(the output, "") or (None, why not: the notice key that says it)."""
    from .voices import make_voice

    try:
        synth = make_voice(lang, voice, "pyttsx3" if engine == "pyttsx3" else "auto")
    except Exception:  # noqa: BLE001 - no synthesizer: the caller falls back to text
        return None, "app.tts_fallback"
    player = open_player(device)
    if not player.device_ok:
        player.close()
        synth.close()
        return None, "audio.no_sound"  # no sound device works: no microphone either, as a rule
    return AudioOutput(player, synth, catalog, echo=echo, stream=stream, rate=rate,
                       volume=volume, cue_volume=cue_volume), ""


def make_game_output(kind: str, lang: str, catalog=None, settings: Settings | None = None, stream=None):
    """The output for ``--tts kind``: (output, notice key or None).

    ``text`` / ``none`` never touch the sound device. ``auto`` / ``pyttsx3`` use
    our audio path when a sound device works, else text with the notice
    ``audio.no_sound`` (no sound device works) or ``app.tts_fallback`` (no
    voice). ``screenreader`` sends words to the running screen
    reader and keeps cues in our player; without a reader it uses our voice
    (notice ``audio.screenreader_missing``).
    """
    s = settings if settings is not None else Settings()
    opts = dict(rate=s.rate, volume=s.speech_volume)
    if kind in ("text", "none"):
        out = TextOutput(stream) if kind == "text" else SilentOutput(stream)
        out.set_rate(opts["rate"])
        out.set_volume(opts["volume"])
        return out, None
    device: str | int | None = s.output_device or None
    if isinstance(device, str) and device.isascii() and device.isdigit() and len(device) < 9:
        device = int(device)
    echo = bool(s.echo)
    voice = s.voice
    notice = None
    if kind == "screenreader":
        from .screenreader import make_screenreader_output

        opened = open_player(device)
        player: Player | None = None
        if not opened.device_ok:
            opened.close()
        else:
            opened.cue_volume = s.cue_volume / 100.0
            player = opened
        out = make_screenreader_output(lang, catalog, player, echo, stream, voice=voice, **opts)
        if out is not None:
            return out, None
        if player is not None:
            player.close()
        notice = "audio.screenreader_missing"
    audio, why = _open_audio_output(lang, catalog, "pyttsx3" if kind == "pyttsx3" else "auto", voice, device,
                                    opts["rate"], opts["volume"], s.cue_volume, echo, stream)
    if audio is not None:
        return audio, notice
    text = TextOutput(stream)
    text.set_rate(opts["rate"])
    text.set_volume(opts["volume"])
    return text, why
