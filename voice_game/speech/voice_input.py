"""Keyboard and voice side by side: one queue of input lines for the session.

``InputHub`` merges typed lines (a reader thread) and recognized speech. ``VoiceControl``
owns a recognizer: the session tells it which phrases mean something now (the grammar
is switched between utterances), audio arrives from the microphone listener or, in
tests, from synthesized speech fed in real time, and every final hypothesis becomes an
input line with its confidence (an empty text is "heard, not understood").
"""
from __future__ import annotations

import os
import queue
import threading
from typing import TYPE_CHECKING

from voice_game.core.input import InputLine, LineSink

if TYPE_CHECKING:
    from voice_game.speech.listener import Listener

_END = object()


class InputHub:
    def __init__(self):
        self._q: queue.Queue = queue.Queue()

    def put(self, text: str, confidence: float = 1.0, source: str = "keyboard") -> None:
        self._q.put(InputLine(text, confidence, source))

    def put_line(self, item) -> None:
        self._q.put(item if isinstance(item, InputLine) else InputLine(str(item)))

    def close(self) -> None:
        self._q.put(_END)

    def start_keyboard(self, stream, on_empty=None) -> threading.Thread:
        """Read typed lines (or key input items) in a thread; an empty line calls
        ``on_empty`` (push-to-talk arms the microphone)."""

        def run():
            try:
                for item in stream:
                    text = item.text if isinstance(item, InputLine) else str(item).rstrip("\n")
                    if not text.strip():
                        if on_empty is not None:
                            on_empty()  # push-to-talk: Enter on an empty line, or the talk key
                        continue
                    self.put_line(item if isinstance(item, InputLine) else text)
            except (OSError, ValueError):
                pass
            self.close()

        t = threading.Thread(target=run, name="keyboard", daemon=True)
        t.start()
        return t

    def __iter__(self):
        while True:
            item = self._q.get()
            if item is _END:
                return
            yield item


class VoiceControl:
    def __init__(self, recognizer, hub: InputHub | LineSink, engine: str = ""):
        self.rec = recognizer
        self.hub = hub
        self.engine = engine
        self._phrases: list[str] | None = None
        self._lock = threading.Lock()

    def set_phrases(self, phrases: list[str]) -> None:
        """The session's listen hook: switch the grammar when what is allowed changed."""
        with self._lock:
            if phrases != self._phrases:
                self._phrases = list(phrases)
                self.rec.set_phrases(self._phrases)

    def feed(self, pcm16: bytes) -> None:
        """Audio from the microphone (16 kHz mono int16), in any chunk size."""
        with self._lock:
            hyp = self.rec.accept_audio(pcm16)
        if hyp is not None:
            self.deliver(hyp)

    def end_of_stream(self) -> None:
        with self._lock:
            hyp = self.rec.finish()
        if hyp is not None:
            self.deliver(hyp)

    def deliver(self, hyp) -> None:
        self.hub.put(hyp.text, float(hyp.confidence), "voice")


#: the echo canceller of ``--duplex full``, chosen by measurement (docs/DUPLEX.md): the linear
#: one where the reference is the game's own player; AEC3 where it is the sound server's
#: playback monitor (a screen reader), on which the linear one removed nothing
DEFAULT_CANCELLER = "linear"
READER_CANCELLER = "webrtc"
#: the sound played when the microphone opens beside the game's own audio (full duplex):
#: the echo canceller learns the room on it (voice_game/audio/cues.py, docs/DUPLEX.md)
VOICE_ON_CUE = "event.voice_on"


def start_voice(engine: str, lang: str, catalog, output, inputs, listen: str = "always",
                model=None, device=None, say=None, vocabulary=None,
                aliases: dict | None = None, hub: LineSink | None = None, *,
                duplex: str, events_path=None, canceller: str = "", announce: bool = True):
    """Start speech input beside the keyboard. Returns (inputs, voice_control or None, stop).

    ``duplex`` (no default: the caller passes the setting, ``Settings.duplex``): ``full`` (the microphone stays open while the game speaks, the echo of what
    the player plays is cancelled: needs ``output`` to be the game's own AudioOutput),
    ``headphones`` (open, no echo path) or ``half``; a canceller that fails is one sentence,
    then half-duplex. ``events_path``: the typed voice events are appended there.
    ``canceller``: the echo canceller's name (speech/echo.py); empty: ``$VOICE_GAME_CANCELLER``
    (for measurements), else :data:`DEFAULT_CANCELLER` (:data:`READER_CANCELLER` for a screen reader).

    ``hub``: where what is heard goes (the start menu's input, shared by everything it
    starts); then ``inputs`` is not read here (None) and is returned as it is. ``announce``:
    say that it listens (not when it only starts anew with other settings).

    Every failure (no engine, no model, no microphone) is one spoken sentence and the
    game goes on with the keyboard alone.
    """
    from voice_game.core.output import Sounding
    from voice_game.speech.engines import NoRecognizer, make_recognizer
    from voice_game.speech.listener import Listener
    from voice_game.speech.whisper_engine import WhisperRecognizer

    say = say or output.say
    if engine == "none":
        return inputs, None, lambda: None
    def load_failed(exc) -> None:  # the model did not load in the background
        say(catalog.get("speech.no_engine"))

    try:
        rec, name = make_recognizer(engine, lang, [], model, background=True, on_error=load_failed,
                                    aliases=aliases)
    except NoRecognizer as err:
        if model is not None and engine in ("vosk", "auto"):
            say(catalog.get("speech.bad_model", path=model))
        elif engine == "vosk" and "no model" in str(err):
            say(catalog.get("speech.no_model", lang=lang))
        else:
            say(catalog.get("speech.no_engine"))
        return inputs, None, lambda: None
    own: InputHub | None = None
    sink: InputHub | LineSink
    if hub is None:
        own = sink = InputHub()
    else:
        sink = hub
    voice = VoiceControl(rec, sink, name)
    muted = (lambda: not output.is_silent()) if isinstance(output, Sounding) else None
    statuses = []
    events, duplexer, monitor = _duplex(duplex, output, canceller, events_path, say, catalog, device,
                                        engine=None if isinstance(rec, WhisperRecognizer) else name,
                                        announce=announce)
    if duplexer is not None and duplexer.canceller.suppresses_noise and isinstance(rec, WhisperRecognizer):
        rec.set_denoise("off")  # the echo canceller suppresses the noise already
    # the second look (speech/second_look.py) is measured, not the default (docs/DUPLEX.md)
    listener = Listener(rec, on_result=voice.deliver, mode=listen, muted=muted, device=device,
                        deliver_empty=True, on_status=lambda st, detail: statuses.append(st),
                        duplex=duplexer, events=events,
                        second_look=os.environ.get("VOICE_GAME_SECOND_LOOK", "") == "on")
    configure(listener, lang)
    if not listener.start():
        if monitor is not None:
            monitor.close()
        say(catalog.get("speech.no_microphone"))
        return inputs, None, lambda: None

    def stop() -> None:
        listener.stop()
        if duplexer is not None:
            duplexer.remember()  # the room's echo path, for the next start
        if monitor is not None:
            monitor.close()

    _check_vocabulary(rec, vocabulary, say, catalog)
    if announce:
        key = "speech.engine_started_push" if listen == "push" else "speech.engine_started"
        say(catalog.get(key, engine=name))
    if own is None:
        return inputs, voice, stop
    own.start_keyboard(inputs, on_empty=listener.arm if listen == "push" else None)
    return own, voice, stop


def _check_vocabulary(rec, vocabulary, say, catalog) -> None:
    """Every word the game can understand checked against a fixed-vocabulary model once, at
    start; the missing ones said."""
    if not vocabulary or rec.open_vocabulary:
        return
    words = vocabulary() if callable(vocabulary) else vocabulary
    rec.set_phrases(sorted(set(words)))
    missing = sorted(set(rec.missing_words))
    if missing:
        say(catalog.get("speech.missing_words", count=len(missing), words=", ".join(missing[:12])))


def configure(listener: Listener, lang: str) -> Listener:
    """The listener's words from the grammar of ``lang``: the stop phrases (let through over
    the narration at a lower confidence), the answers (yes, no, ready: a higher one) and
    the number words (a digit the game said and the word heard back are one word)."""
    listener.stop_phrases = stop_phrases(lang)
    listener.answer_phrases = answer_phrases(lang)
    listener.number_words = number_words(lang)
    return listener


def answer_phrases(lang: str) -> frozenset[str]:
    """The phrases of the grammar's ``yes``, ``no`` and ``ready`` intents: short answers
    the canceller's residual is heard as ("yeah", "go"), let through over the narration
    only at a higher confidence."""
    return intent_phrases(lang, ("yes", "no", "ready"))


def stop_phrases(lang: str) -> frozenset[str]:
    """The phrases of the grammar's ``stop`` intent: the listener lets them through over
    the narration at a lower confidence."""
    return intent_phrases(lang, ("stop",))


def number_words(lang: str) -> dict[int, tuple[str, ...]]:
    """The grammar's words for each number (1 -> "eins", "erste" ...); empty when the
    grammar cannot be read."""
    from voice_game.commands.grammar import load_grammar

    try:
        numbers = load_grammar(lang).numbers
    except (OSError, KeyError, ValueError):
        return {}
    return {n: tuple(w.lower() for w in words) for n, words in numbers.items()}


def intent_phrases(lang: str, intents: tuple[str, ...]) -> frozenset[str]:
    """The phrases of the grammar's ``intents`` in any game (lower case, as said and as
    matched); empty when the grammar cannot be read."""
    from voice_game.commands.grammar import load_grammar

    try:
        phrases = load_grammar(lang).phrases(None, list(intents))
    except (OSError, KeyError, ValueError):
        return frozenset()
    return frozenset(t.lower() for p in phrases for t in (p.text, p.spoken) if t)


def _duplex(mode: str, output, kind: str, events_path, say, catalog, device=None, engine: str | None = None,
            announce: bool = True):
    """The listener's event sink (barge-in, then the log), its Duplex (None: half-duplex) and
    the playback monitor it reads (a screen reader's speech), if any. The echo path the
    canceller learns is remembered for the next start with the same microphone (``device``).
    ``engine``: the name of a recognizer other than Whisper, which listens half-duplex (said
    once, when ``announce``)."""
    from voice_game.audio.monitor import MonitorReference
    from voice_game.audio.output import AudioOutput
    from voice_game.audio.reference import ReferenceTap
    from voice_game.audio.screenreader import SpeechDispatcherOutput
    from voice_game.speech.barge_in import BargeIn
    from voice_game.speech.duplex import Duplex
    from voice_game.speech.echo import EchoCanceller, NullCanceller, make_canceller
    from voice_game.speech.echo_memory import EchoMemory
    from voice_game.speech.reader_barge_in import ReaderBargeIn
    from voice_game.speech.voice_events import DuplexMode, VoiceEventLog

    log = VoiceEventLog(events_path)
    reader = isinstance(output, SpeechDispatcherOutput)
    kind = kind or os.environ.get("VOICE_GAME_CANCELLER", "") or (READER_CANCELLER if reader else DEFAULT_CANCELLER)
    if mode == "half" or not (reader or isinstance(output, AudioOutput)):
        why = "setting" if mode == "half" else "no in-game audio (text): no reference"
        log.put(DuplexMode(mode="half", reason=why))
        return log, None, None
    if mode == "full" and engine is not None:
        # a closed-grammar decoder (Vosk, PocketSphinx) turns the canceller's residual into
        # a grammar phrase at 0.99 (PocketSphinx's "brief" in the e2e test's opening
        # narration): the thresholds over the game's voice are measured with Whisper only
        if announce:
            say(catalog.get("speech.half_duplex_engine"))
        log.put(DuplexMode(mode="half", reason=f"recognizer {engine}: full duplex is measured with Whisper only"))
        return log, None, None
    canceller: EchoCanceller
    if mode == "headphones":
        canceller = NullCanceller()
    else:
        made, why = make_canceller(kind)
        if made is None:
            say(catalog.get("speech.no_echo_canceller"))
            log.put(DuplexMode(mode="half", reason=why))
            return log, None, None
        canceller = made
    tap = ReferenceTap()
    if not reader:
        output.player.reference = tap
        # the microphone opens: a shuffle before the first sentence, on which the canceller
        # learns the room (speech excites it too slowly: the first seconds' echo passed)
        output.cue_first(VOICE_ON_CUE)
        # the room's echo path remembered between starts (speech/echo_memory.py): not the
        # default yet (docs/DUPLEX.md, "The room's echo path, remembered"); VOICE_GAME_ECHO_MEMORY=on
        remember = os.environ.get("VOICE_GAME_ECHO_MEMORY", "") == "on"
        duplexer = Duplex(canceller, tap, memory=EchoMemory(canceller.name, device) if remember else None)
        log.put(DuplexMode(mode="full", canceller=canceller.name, reference="player", recalled=duplexer.recalled))
        return BargeIn(output, then=log), duplexer, None
    # a screen reader speaks from another process: the sound server's playback monitor is
    # the reference (with headphones nothing echoes, and none is needed)
    monitor = None
    if mode == "full":
        monitor = MonitorReference(tap)
        if not monitor.start():
            say(catalog.get("speech.no_monitor"))
            log.put(DuplexMode(mode="half", reason="screen reader without the sound server's playback monitor"))
            return log, None, None
    log.put(DuplexMode(mode="full", canceller=canceller.name, reference="monitor" if monitor else ""))
    return ReaderBargeIn(output, then=log), Duplex(canceller, tap), monitor
