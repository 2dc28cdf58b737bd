"""Microphone listener: sounddevice input -> recognizer -> final hypotheses.

    listener = Listener(recognizer, on_result=callback, mode="always",
                        muted=player.speaking_event)
    if not listener.start():          # no microphone: the game keeps the keyboard
        narrate(listener.status)
    ...
    hyp = listener.results.get()      # or the on_result callback
    listener.stop()

* Audio is captured as 16 kHz mono int16 by a ``sounddevice.RawInputStream``.
  The PortAudio callback only tags each block with "was the game speaking at
  capture time" and drops it into a bounded queue; a worker thread feeds the
  recognizer, so neither the game loop nor the audio callback ever waits on
  decoding.
* Half-duplex: ``muted`` is a ``threading.Event`` or a zero-argument callable
  (true while the game's audio player is playing). Input captured while muted
  and for ``tail_s`` seconds after (default 0.3 s: room echo and output
  latency) is discarded, and a partial utterance is dropped.
* ``mode="always"``: every utterance the recognizer ends is delivered.
  ``mode="push"``: audio is only used after :meth:`arm`; the first end of
  speech (or :meth:`release`, or ``push_timeout_s``) delivers one result and
  disarms.
* A missing microphone, a missing PortAudio library or a PortAudio error never
  raises: :meth:`start` returns False and :attr:`status` / ``on_status`` tell
  why, so the game continues with the keyboard.
"""
from __future__ import annotations

import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from .duplex import Duplex
from .hypothesis import BackgroundRecognizer, Hypothesis
from .second_look import EVERY_S, MOST, OPENING_S, SETTLE_S, WAIT_S, Look, Utterances, overlaps
from .vad import Endpointer, SileroVad, Vad, frames_of
from .voice_events import Heard, SpeechDismissed, SpeechEnded, SpeechMaybe, SpeechStarted, VoiceEvent


class VoiceEventSink(Protocol):
    """Where the listener's typed events go (the barge-in stage, an event log)."""

    def put(self, event: VoiceEvent) -> None: ...

# Status values (stable identifiers; the narrator maps them to locale messages).
#: the game's own words are looked up this much wider than the person's speech on either
#: side (their play times are estimated from their place in the sentence; wider would take
#: a quick answer to the game's "Sag ziehen." for its echo) ...
ECHO_MARGIN_S = 0.3
#: ... and from this much before the voice detection's start (it starts a few frames in)
ECHO_LOOKBACK_S = 0.2
#: what a second look decodes needs this much, a stop phrase too (the duplex benchmark: the
#: game's own "ruhe" came out of it at 0.76 and silenced the narration)
MIN_CONFIDENCE_AGAIN = 0.8
#: the loudest part of an utterance whose whole gave nothing (Whisper's ``Hypothesis.part``)
#: is taken when it is this sure, over the game's voice (the residual's guesses: at the
#: second look's bar) and in a room where other voices talk (babble: the whole read as the
#: other voices' words beside the player's; benchmarks/loud_part_rooms.py)
MIN_CONFIDENCE_PART = MIN_CONFIDENCE_AGAIN
#: a hypothesis over the narration whose loudest part the canceller took this much out of
#: (dB, :meth:`Duplex.taken_out_db`) is the residual of the game's own echo: a person's word
#: keeps its level (2-9 dB taken out with the person as loud as the echo or 6 dB under it);
#: the residual Whisper heard as "go", "yeah", "one", "four" with nobody speaking, 12-30 dB
#: (benchmarks/barge_in_offline.py) ...
ECHO_ONLY_DB = 12.0
#: ... unless Whisper is this sure of it: the residual's words came at 0.73-0.90 (0.84 the
#: most delivered), while a person's "eins" under a loud moment of the echo in the duplex
#: benchmark had 12.3 dB taken out and came at 0.99 (the game's own words heard back, sure
#: or not, are the own-words check's: :meth:`Listener.said_by_the_game`)
ECHO_ONLY_BELOW = 0.95
#: the recognizer's utterance begins this long before its voice detection's start (its
#: pre-roll: 8 frames of 32 ms, speech/vad.py), where the listener's own detection starts
PRE_ROLL_S = 0.256
#: the same words delivered by the first look this soon after the second look delivered
#: them (capture time) are the person saying it again: acted on once
REPEAT_S = 4.0



def sounds_like(heard: str, said: str) -> bool:
    """A word heard back as the game said it, or with its ending lost or changed in the echo
    ("save" of "Saved game loaded", "ziehe" of "ziehen"): one a prefix of the other, both
    at least 3 letters, at most 2 letters apart."""
    short, long = sorted((heard, said), key=len)
    return len(short) >= 3 and long.startswith(short) and len(long) - len(short) <= 2


IDLE = "idle"
LISTENING = "listening"
STOPPED = "stopped"
UNAVAILABLE = "unavailable"
ERROR = "error"


def capture_time(now: float, duration_s: float, adc_time: float, stream_now: float) -> float:
    """When a block's first sample was captured, on the ``perf_counter`` clock.

    PortAudio's ``inputBufferAdcTime`` (on its own stream clock, read with
    ``currentTime`` in the same callback) counts what waits in the buffers: on a PulseAudio
    server the callbacks come in bursts (three 50 ms blocks within 1 ms) while the ADC times
    stay 50 ms apart. Without a usable ADC time (0, or seconds away): the callback's time
    less the block's length."""
    fallback = now - duration_s
    if adc_time <= 0.0 or stream_now <= 0.0:
        return fallback
    at = now - (stream_now - adc_time)
    return at if abs(at - fallback) < 2.0 else fallback


class Listener:
    def __init__(
        self,
        recognizer,
        on_result: Callable[[Hypothesis], None] | None = None,
        mode: str = "always",
        muted: threading.Event | Callable[[], bool] | None = None,
        tail_s: float = 0.3,
        device=None,
        block_ms: int | None = None,
        push_timeout_s: float = 8.0,
        on_status: Callable[[str, str], None] | None = None,
        deliver_empty: bool = False,
        duplex: Duplex | None = None,
        events: VoiceEventSink | None = None,
        second_look: bool = False,
    ):
        if mode not in ("always", "push"):
            raise ValueError(f"mode must be 'always' or 'push', not {mode!r}")
        self.recognizer = recognizer
        self.on_result = on_result
        self.mode = mode
        self.tail_s = tail_s
        self.device = device
        #: the capture's block: in full duplex 20 ms (barge-in's duck waits for the block that
        #: holds the person's first voiced frame; docs/DUPLEX.md), else 50 ms
        self.block_ms = block_ms or (20 if duplex is not None else 50)
        #: the capture stream's latency asked of PortAudio: "low" in full duplex (the duck), and
        #: what it reported once open (seconds)
        self.latency: str | float = "low" if duplex is not None else "high"
        self.input_latency = 0.0
        self.push_timeout_s = push_timeout_s
        self.on_status = on_status
        self.deliver_empty = deliver_empty
        self.rate = int(getattr(recognizer, "sample_rate", 16000))
        self.results: queue.Queue[Hypothesis] = queue.Queue()
        self.status = IDLE
        self.status_detail = ""
        #: blocks discarded because the game was speaking (or in the tail)
        self.discarded_blocks = 0
        #: blocks dropped because the worker fell behind (queue full)
        self.overflow_blocks = 0
        self._muted_src = muted
        #: full duplex: the capture is cleaned of the game's echo and never gated
        self.duplex = duplex
        #: over the game's voice a hypothesis below this is taken for its residual echo
        self.duplex_min_confidence = 0.7
        #: barge-in's own small vocabulary: the phrases that silence the narration (the
        #: grammar's ``stop`` intent, set by whoever builds the listener). Over the game's
        #: voice they need only :attr:`stop_min_confidence`: a person's "stop" comes out of
        #: the canceller's double talk damaged (docs/DUPLEX.md), and a false one only
        #: silences the narration, which "repeat" brings back
        self.stop_phrases: frozenset[str] = frozenset()
        self.stop_min_confidence = 0.35
        #: the answers (the grammar's ``yes``, ``no`` and ``ready``) need
        #: :attr:`answer_min_confidence` over the game's voice: what the canceller leaves of
        #: the narration is short fragments, and its "ja" reached 0.74 (the German rules' echo
        #: in the duplex bench; "nein" 0.71), a screen reader's "go" 0.71 (CI, 2026-12-06),
        #: while the game's own question ends "Ja oder nein?": its echo must never answer it
        self.answer_phrases: frozenset[str] = frozenset()
        self.answer_min_confidence = 0.85
        #: the grammar's number words (1 -> "eins", "erste" ...): a digit the game said and the
        #: word heard back are the same word (:meth:`said_by_the_game`)
        self.number_words: dict[int, tuple[str, ...]] = {}
        #: capture times: the end of the last block processed, the start and end of the
        #: speech the voice detection found last (the game's own words are looked up there)
        self._captured_to = 0.0
        self._spoke_from: float | None = None
        self._spoke_to: float | None = None
        self.events = events
        self._endpointer: Endpointer | None = Endpointer(SileroVad()) if duplex is not None else None
        self._vad_rest = b""
        self._speech_during_narration = False
        #: while the game speaks, a voice probability this high (under the endpointer's 0.5)
        #: is a :class:`SpeechMaybe` (barge-in ducks at once); no speech started within
        #: ``maybe_frames`` detector frames (32 ms) of the last such frame dismisses it
        #: (tuned on the TUNE speakers, benchmarks/duck_latency.py; docs/DUPLEX.md)
        self.maybe_threshold = 0.3
        self.maybe_frames = 8
        self._maybe_left = 0
        #: the second look (speech/second_look.py): measured, not the default (docs/DUPLEX.md)
        self.second_look = second_look
        # its state: the span to look at again, the capture time of the next try, whether the
        # narration's start was put in it, the spans of the commands delivered lately (never
        # delivered twice), and the words it delivered last with their capture time (the
        # person saying them again)
        self._look: Look | None = None
        self._look_next = 0.0
        self._opening_looked = False
        self._delivered_spans: list[tuple[float, float]] = []
        self._again_said: tuple[str, float] | None = None
        self._utterances = Utterances()
        #: the capture time of each block given to the recognizer, with the samples it had
        #: been given before it (a hypothesis tells where it lies in them: :meth:`_captured`)
        self._fed_at: deque[tuple[int, float]] = deque(maxlen=3000)
        #: captured blocks, () to wake the worker, None to stop it
        self._audio: queue.Queue[tuple[bytes, bool, float] | tuple[()] | None] = queue.Queue(maxsize=400)
        self._stream = None
        self._worker: threading.Thread | None = None
        self._running = threading.Event()
        self._armed = threading.Event()
        self._armed_at = 0.0
        self._release = threading.Event()
        self._since_muted_s = 1e9

    # ----------------------------------------------------------------- status
    def _set_status(self, status: str, detail: str = "") -> None:
        self.status, self.status_detail = status, detail
        if self.on_status is not None:
            try:
                self.on_status(status, detail)
            except Exception:  # noqa: BLE001 - a broken callback must not kill audio
                pass

    def is_muted(self) -> bool:
        src = self._muted_src
        if src is None:
            return False
        if isinstance(src, threading.Event):
            return src.is_set()
        try:
            return bool(src())
        except Exception:  # noqa: BLE001
            return False

    # ------------------------------------------------------------- lifecycle
    def start(self) -> bool:
        """Open the microphone and start listening; False (with status) on failure."""
        if self._running.is_set():
            return True
        from voice_game.audio import portaudio

        sd = portaudio.load()  # quiet: PortAudio's own lines never reach the player
        if sd is None:  # PortAudio missing or a broken ALSA setup
            self._set_status(UNAVAILABLE, f"sounddevice/PortAudio: {portaudio.problem()}")
            return False
        try:
            with portaudio.quiet_stderr():
                stream = sd.RawInputStream(
                    samplerate=self.rate, channels=1, dtype="int16", device=self.device,
                    blocksize=int(self.rate * self.block_ms / 1000), callback=self._callback,
                    latency=self.latency,
                )
                stream.start()
        except (sd.PortAudioError, OSError, ValueError, RuntimeError) as exc:
            self._set_status(UNAVAILABLE, f"microphone: {exc}")
            return False
        self._stream = stream
        self.input_latency = float(stream.latency)
        self._running.set()
        if isinstance(self.recognizer, BackgroundRecognizer):  # results finished between two blocks
            self.recognizer.on_ready = self._wake
        self._worker = threading.Thread(target=self._work, name="voice-listener", daemon=True)
        self._worker.start()
        self._set_status(LISTENING)
        return True

    def start_fed(self) -> None:
        """Listen without a capture stream: the audio comes through :meth:`feed` (a
        recording, tests), worked off as the microphone's is."""
        if self._running.is_set():
            return
        self._running.set()
        if isinstance(self.recognizer, BackgroundRecognizer):  # results finished between two blocks
            self.recognizer.on_ready = self._wake
        self._worker = threading.Thread(target=self._work, name="voice-listener", daemon=True)
        self._worker.start()
        self._set_status(LISTENING)

    def stop(self) -> None:
        self._running.clear()
        if isinstance(self.recognizer, BackgroundRecognizer) and self.recognizer.on_ready == self._wake:
            self.recognizer.on_ready = None
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()
                stream.close()
            except Exception:  # noqa: BLE001 - closing a dead device may fail
                pass
        try:
            self._audio.put_nowait(None)
        except queue.Full:
            pass
        if self._worker is not None:
            self._worker.join(timeout=2)
            self._worker = None
        if self.status == LISTENING:
            self._set_status(STOPPED)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # ------------------------------------------------------------ push mode
    def arm(self) -> None:
        """Push-to-talk: listen for one command from now on."""
        self._release.clear()
        self._armed_at = time.monotonic()
        self._armed.set()

    def release(self) -> None:
        """Push-to-talk released: finish the command now."""
        if self._armed.is_set():
            self._release.set()

    @property
    def armed(self) -> bool:
        return self._armed.is_set()

    # ---------------------------------------------------------------- audio
    def _callback(self, indata, frames, time_info, status) -> None:  # PortAudio thread
        muted = self.is_muted()
        captured_at = capture_time(time.perf_counter(), frames / self.rate,
                                   time_info.inputBufferAdcTime, time_info.currentTime)
        try:
            self._audio.put_nowait((bytes(indata), muted, captured_at))
        except queue.Full:
            self.overflow_blocks += 1

    def _wake(self) -> None:
        """The recognizer has a result ready (from its decode thread): the worker polls
        it now rather than with the next block."""
        try:
            self._audio.put_nowait(())
        except queue.Full:
            pass  # the worker has blocks to take, and takes the result with the next

    def feed(self, pcm16: bytes, muted: bool | None = None, captured_at: float | None = None) -> None:
        """Inject captured audio as if it came from the microphone callback."""
        if muted is None:
            muted = self.is_muted()
        if captured_at is None:
            captured_at = time.perf_counter() - len(pcm16) / (2.0 * self.rate)
        try:
            self._audio.put_nowait((bytes(pcm16), muted, captured_at))
        except queue.Full:
            self.overflow_blocks += 1

    def _work(self) -> None:
        rec = self.recognizer
        was_gated = False
        was_armed = False
        while self._running.is_set():
            item: tuple[bytes, bool, float] | tuple[()] | None
            try:
                item = self._audio.get(timeout=0.1)
            except queue.Empty:
                item = ()
            if item is None:
                break
            try:
                now = time.monotonic()
                if self.mode == "push":
                    armed = self._armed.is_set()
                    if armed and not was_armed:
                        rec.reset()
                    was_armed = armed
                    if armed and (self._release.is_set()
                                  or now - self._armed_at > self.push_timeout_s):
                        self._disarm()
                        was_armed = False
                        self._deliver(rec.finish())
                        continue
                hyp, was_gated = self._heard(rec, item, was_gated)
                if hyp is not None:
                    if self.mode == "push":
                        if hyp.empty and not self.deliver_empty:
                            continue  # keep waiting for the command
                        self._disarm()
                        was_armed = False
                    self._deliver(hyp)
            except Exception as exc:  # noqa: BLE001 - report, never crash the game
                self._set_status(ERROR, f"recognizer: {exc}")

    def _heard(self, rec, item: tuple[bytes, bool, float] | tuple[()], was_gated: bool) -> tuple[Hypothesis | None, bool]:
        """What one queue item gives, and whether the game's speech gates the input now:
        a block of audio goes to the recognizer; no audio (a wake-up, or none for 0.1 s)
        delivers a result the recognizer finished in the background (``poll``)."""
        if not item:
            if not isinstance(rec, BackgroundRecognizer) or was_gated or (self.mode == "push" and not self._armed.is_set()):
                return None, was_gated
            return rec.poll(), was_gated
        pcm, muted_at_capture, captured_at = item
        if self.duplex is not None:
            self._captured_to = captured_at + len(pcm) / (2.0 * self.rate)
            pcm = self.duplex.process(pcm, captured_at)
            # its echo may come later than the game's own "speaking" flag says (1.8 s in the
            # duplex benchmark's room): what is heard in it is over the narration too
            self._voice_activity(pcm, muted_at_capture or self.duplex.echoing)
            self._look_at_the_opening()
            self._look_again(rec)
        elif self._gated(pcm, muted_at_capture):
            self.discarded_blocks += 1
            if not was_gated:
                rec.reset()  # drop what was heard before the game spoke
            return None, True
        if self.mode == "push" and not self._armed.is_set():
            return None, False
        if isinstance(rec, BackgroundRecognizer):
            self._fed_at.append((rec.fed, captured_at))
        return rec.accept_audio(pcm), False

    def _captured(self, hyp: Hypothesis) -> tuple[float, float] | None:
        """The capture times of the audio a hypothesis was decoded from (its ``span`` in
        the samples given to the recognizer), when the recognizer tells it and they are
        still known."""
        if hyp.span is None or not self._fed_at:
            return None

        def at(s: float) -> float | None:
            n = s * self.rate
            for fed, t in reversed(self._fed_at):
                if fed <= n:
                    return t + (n - fed) / self.rate
            return None

        t0, t1 = at(hyp.span[0]), at(hyp.span[1])
        return None if t0 is None or t1 is None else (t0, t1)

    def _gated(self, pcm: bytes, muted_at_capture: bool) -> bool:
        """Whether this block falls in the game's own speech or its tail. The tail is
        counted in captured audio, not wall time, so a worker that lags behind still
        discards exactly tail_s."""
        if muted_at_capture:
            self._since_muted_s = 0.0
            return True
        gated = self._since_muted_s < self.tail_s
        self._since_muted_s += len(pcm) / (2.0 * self.rate)
        return gated

    def _emit(self, event: VoiceEvent) -> None:
        if self.events is not None:
            try:
                self.events.put(event)
            except Exception:  # noqa: BLE001 - a broken stage must not stop listening
                pass

    def _voice_activity(self, pcm: bytes, narrating: bool) -> None:
        """Speech start and end in the cleaned capture (for barge-in), as typed events."""
        ep = self._endpointer
        if ep is None:
            return
        frames, self._vad_rest = frames_of(self._vad_rest + pcm, ep.frame_bytes)
        for frame in frames:
            d = ep.push(frame)
            if d is Vad.START:
                self._spoke_from, self._spoke_to = self._captured_to - ECHO_LOOKBACK_S, None
                self._maybe_left = 0
                self._speech_during_narration = narrating
                self._emit(SpeechStarted(during_narration=narrating))
            elif d is Vad.END:
                self._spoke_to = self._captured_to
                ep.take()
                self._emit(SpeechEnded())
            elif d is Vad.QUIET:
                self._maybe(ep.last_probability >= self.maybe_threshold and narrating)

    def _maybe(self, voiced: bool) -> None:
        """Before speech starts: a maybe-voiced frame over the narration, and its dismissal."""
        if voiced:
            if self._maybe_left == 0:
                self._emit(SpeechMaybe())
            self._maybe_left = self.maybe_frames
        elif self._maybe_left > 0:
            self._maybe_left -= 1
            if self._maybe_left == 0:
                self._emit(SpeechDismissed())

    def min_confidence_over_narration(self, text: str) -> float:
        """The confidence a hypothesis needs while the game speaks: lower for a stop phrase,
        higher for a yes or no."""
        if text.strip().lower() in self.stop_phrases:
            return self.stop_min_confidence
        if text.strip().lower() in self.answer_phrases:
            return self.answer_min_confidence
        return self.duplex_min_confidence

    def _speech_span(self) -> tuple[float, float]:
        """The capture times of the last speech the voice detection found (to now while it
        goes on)."""
        t1 = self._spoke_to if self._spoke_to is not None else self._captured_to
        t0 = self._spoke_from if self._spoke_from is not None else t1 - ECHO_LOOKBACK_S
        return t0, t1

    def _look_at_the_opening(self) -> None:
        """Once the echo's lag is known: the narration's start, heard before the canceller
        could learn the path, is looked at again ``SETTLE_S`` later."""
        if not self.second_look or self._opening_looked or self.duplex is None or self.duplex.locked_at is None:
            return
        self._opening_looked = True
        at = self.duplex.locked_at
        self._look = Look(-1e18, at + OPENING_S, at + SETTLE_S).merged(self._look)

    def _look_again(self, rec) -> None:
        """The second look: once the canceller takes clearly more of the echo out of the
        span than it did then (:meth:`Duplex.recleaned`), the utterances a voice detector of
        its own finds in what is left (none a command was delivered for) are decoded and
        judged as over the narration, until one is delivered. Given up ``WAIT_S`` after the
        span, or when a command is delivered meanwhile."""
        look = self._look
        if look is None or self.duplex is None or self._captured_to < max(look.not_before, self._look_next):
            return
        if self._captured_to > look.t1 + WAIT_S or self.mode != "always":
            self._look = None
            return
        self._look_next = self._captured_to + EVERY_S
        got = self.duplex.recleaned(look.t0, look.t1)
        if got is None:
            return
        self._look = None
        start, pcm = got
        found = [u for u in self._utterances.find(pcm, start)
                 if not any(overlaps((u[0], u[1]), d) for d in self._delivered_spans)]
        for a, b, audio in found[:MOST]:
            if self._deliver(rec.decode(audio), span=(a - ECHO_LOOKBACK_S, b)):
                break

    def said_by_the_game(self, text: str, span: tuple[float, float] | None = None) -> bool:
        """Whether every word of ``text`` is a word the game's own speech put into the
        capture while the person spoke (``span``, else from the voice detection's start to
        its end or to now; each ``ECHO_MARGIN_S`` wider: the words' play times are estimates)."""
        if self.duplex is None:
            return False
        words = re.findall(r"\w+", text.lower())
        if not words:
            return False
        t0, t1 = span if span is not None else self._speech_span()
        said = set(self.duplex.said_between(t0 - ECHO_MARGIN_S, t1 + ECHO_MARGIN_S))
        if not said:
            return False
        for digit in [w for w in said if w.isdigit()]:
            said.update(self.number_words.get(int(digit), ()))

        def same(word: str) -> bool:
            if word in said or any(sounds_like(word, w) for w in said):
                return True
            return word.isdigit() and any(w in said for w in self.number_words.get(int(word), ()))

        return all(same(w) for w in words)

    def echo_alone(self, span: tuple[float, float] | None = None) -> bool:
        """Whether the speech heard (``span``, else the voice detection's) is what the
        canceller left of the game's echo, with no person's voice in it (``ECHO_ONLY_DB``;
        the listener asks only of a hypothesis under ``ECHO_ONLY_BELOW``)."""
        if self.duplex is None:
            return False
        t0, t1 = span if span is not None else self._speech_span()
        taken = self.duplex.taken_out_db(t0, t1)
        if self.duplex.tracker.debugging:
            self.duplex.tracker.debug(f"heard over the narration at {t0:.2f}-{t1:.2f}: the canceller took out "
                                      f"{'-' if taken is None else f'{taken:.1f}'} dB of its loudest third")
        return taken is not None and taken >= ECHO_ONLY_DB

    def _disarm(self) -> None:
        self._armed.clear()
        self._release.clear()

    @staticmethod
    def part_to_weigh(hyp: Hypothesis, over_narration: bool) -> Hypothesis | None:
        """What the loudest part of an utterance whose whole gave nothing was heard as, to
        be weighed instead of the whole (over the game's voice at :data:`MIN_CONFIDENCE_PART`
        below); None: the whole stands. In silence an unsure part leaves the whole's "not
        understood", and a sure one is never surer than the bar that let it in: a move it
        names is read back first (the loudest voice in a babble may be another person's)."""
        alone = hyp.part if hyp.empty else None
        if alone is None or over_narration:
            return alone
        if alone.confidence < MIN_CONFIDENCE_PART:
            return None
        return replace(alone, confidence=MIN_CONFIDENCE_PART)

    def _deliver(self, hyp: Hypothesis | None, span: tuple[float, float] | None = None) -> bool:
        """A final hypothesis: judged (over the game's voice: sure enough, not its own words)
        and handed on; True when it was. ``span``: from the second look at the speech of
        those capture times."""
        if hyp is None:
            return False
        again = span is not None
        echoed = False
        if span is None:
            # where its audio was captured: a result finished off the worker comes later
            # than its speech, after other speech may have begun (and the game's sound
            # may have echoed in it when it is silent by now)
            span = self._captured(hyp)
            if span is not None and self.duplex is not None:
                span = (min(span[0] + PRE_ROLL_S, span[1]), span[1])
                echoed = bool(self.duplex.echoed_between(*span))
        over_narration = self.duplex is not None and (
            echoed or again or self._speech_during_narration or self.is_muted())
        alone = self.part_to_weigh(hyp, over_narration) if not again else None
        part = alone is not None
        if alone is not None:  # the whole gave nothing: its loudest part alone
            hyp = alone
            span = self._captured(hyp) or span
        # over the game's voice the bars below weigh the engine's confidence for there (Whisper:
        # all of its no-speech probability off); what passes goes on with its own confidence,
        # which the game's bar for acting at once was chosen on
        conf = float(hyp.confidence_over_voice if over_narration else hyp.confidence)
        need = self.min_confidence_over_narration(hyp.text)
        if again:  # decoded from what the canceller left: its own voice's "ruhe" reached 0.76
            need = max(need, MIN_CONFIDENCE_AGAIN)
        if part:
            need = max(need, MIN_CONFIDENCE_PART)
        if over_narration and (hyp.empty or conf < need):
            # nothing (sure) understood while the game spoke (its own echo, a cough): the narration goes on
            # (its text, if any, is kept in the event: what the unsure guess was); the echo
            # may not have been learned yet: a second look once it is
            self._emit(Heard(text=hyp.text, confidence=conf, decision="ignored", again=again, part=part))
            if not again and self.second_look and self.duplex is not None:
                t0, t1 = span if span is not None else self._speech_span()
                self._look = Look(t0, t1, self._captured_to).merged(self._look)
            return False
        if over_narration and not hyp.empty and (self.said_by_the_game(hyp.text, span)
                                                 or (conf < ECHO_ONLY_BELOW
                                                     and self.echo_alone(span))):
            # the game's own words came back through the microphone (what the canceller left
            # of "Runde 1" heard as "eins"), or its residual alone was heard as a word: a
            # person at the table does not obey their own voice
            self._emit(Heard(text=hyp.text, confidence=conf, decision="echo", again=again, part=part))
            return False
        if hyp.empty and not self.deliver_empty:
            return False
        said = self._again_said
        if (not again and said is not None and hyp.text == said[0]
                and self._captured_to - said[1] < REPEAT_S):
            # the second look gave these words a moment ago, and the person said them again
            # meanwhile (they had heard nothing happen): acted on once
            self._again_said = None
            self._emit(Heard(text=hyp.text, confidence=conf, decision="repeated"))
            return False
        self._look = None
        if not hyp.empty:
            spoke = span if span is not None else self._speech_span()
            self._delivered_spans = [*self._delivered_spans[-7:], spoke]
            self._again_said = (hyp.text, self._captured_to) if again else None
        self._emit(Heard(text=hyp.text, confidence=conf,
                         decision="not_understood" if hyp.empty else "delivered", again=again, part=part))
        self._speech_during_narration = False
        self.results.put(hyp)
        if self.on_result is not None:
            try:
                self.on_result(hyp)
            except Exception as exc:  # noqa: BLE001
                self._set_status(ERROR, f"result callback: {exc}")
        return True
