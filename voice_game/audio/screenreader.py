"""Speech through the player's own screen reader (``--tts screenreader``).

Blind players know their screen reader's voice and speed. The words go to it;
the game's cues stay in our own audio path (a :class:`Player`, if one works).

Linux: Speech Dispatcher, the speech server Orca and other screen readers use.
We speak its protocol (SSIP, a line-based text protocol over a Unix socket)
directly, so no Python binding is needed (``python3-speechd`` exists only for
the system Python). Its notifications (``701 BEGIN`` / ``702 END`` /
``703 CANCELED``) tell us when the screen reader has finished, which the
half-duplex microphone needs: :meth:`is_silent` / :meth:`wait_silent` are
true only when every message we sent has ended *and* our cues are silent.

The socket: ``$SPEECHD_ADDRESS`` (``unix_socket:/path``), else
``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock``, else
``~/.cache/speech-dispatcher/speechd.sock``. If nothing answers there we start
it the way libspeechd does (``speech-dispatcher --spawn``).

Windows: NVDA, JAWS, SAPI and others through a maintained wrapper, if
importable: ``cytolk`` (Tolk; it has ``is_speaking``) or ``accessible_output2``
(no end-of-speech notice: half-duplex then waits a time estimated from the
text length). Neither can run here, so that code is untested on this machine.

Priorities map onto SSIP's: low -> ``text`` (cancelled by newer messages),
normal/high -> ``message`` (queued, never cancelled by ours), high errors ->
``important``.
"""
from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from collections import deque
from pathlib import Path

from voice_game.core.output import RATE_DEFAULT, RATE_MIN
from voice_game.narration.message import HIGH, LOW, Message

# A screen reader speaks no faster than this many words per minute (SSIP's rate 100);
# within the one limit of every output (voice_game.core.output.RATE_MAX), so a rate
# reached here is a rate the settings file reads back.
READER_MAX = 500


class ScreenReaderError(Exception):
    pass


def wpm_to_ssip(wpm: int) -> int:
    """Words per minute to SSIP's rate -100..100 (0 = the reader's normal ~175 wpm).

    Approximate: Speech Dispatcher's modules map -100..100 onto their own range
    (espeak-ng: about 80..450 wpm), and the user's screen reader settings may
    scale it further.
    """
    wpm = max(RATE_MIN, min(READER_MAX, wpm))
    if wpm >= RATE_DEFAULT:
        return round(100 * (wpm - RATE_DEFAULT) / (READER_MAX - RATE_DEFAULT))
    return round(100 * (wpm - RATE_DEFAULT) / (RATE_DEFAULT - RATE_MIN))


def ssip_priority(priority: str, kind: str) -> str:
    if priority == LOW:
        return "text"
    if priority == HIGH and kind in ("error", "warning"):
        return "important"
    return "message"


def socket_path() -> Path:
    addr = os.environ.get("SPEECHD_ADDRESS", "")
    if addr.startswith("unix_socket:"):
        return Path(addr.split(":", 1)[1])
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "speech-dispatcher" / "speechd.sock"
    return Path.home() / ".cache" / "speech-dispatcher" / "speechd.sock"


def _escape(text: str) -> str:
    """SSIP message body: CRLF lines, a line with a single dot ends it (dot-stuffing)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\r\n".join(".." + ln if ln.startswith(".") else ln for ln in lines)


class SSIPClient:
    """A minimal SSIP connection with a reader thread for replies and events."""

    def __init__(self, path: Path, name: str = "voice_game", timeout: float = 5.0):
        self.path = Path(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(self.path))
        self.sock.settimeout(None)
        self._file = self.sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._replies: list[list[str]] = []
        self._reply_cond = threading.Condition()
        self.on_event: Callable[[int, int], None] | None = None
        self.closed = False
        self._reader = threading.Thread(target=self._read, name="ssip-reader", daemon=True)
        self._reader.start()
        user = os.environ.get("USER", "user")
        self.command(f"SET self CLIENT_NAME {user}:{name}:main")

    def _read(self) -> None:
        block: list[str] = []
        try:
            for raw in self._file:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                block.append(line)
                if len(line) >= 4 and line[3] == " ":
                    code = line[:3]
                    if code.startswith("7"):
                        msg_id = int(block[0][4:]) if len(block) > 1 and block[0][4:].isdigit() else -1
                        cb = self.on_event
                        if cb is not None:
                            try:
                                cb(int(code), msg_id)
                            except Exception:  # noqa: BLE001 - a callback bug must not end the reader
                                pass
                    else:
                        with self._reply_cond:
                            self._replies.append(block)
                            self._reply_cond.notify_all()
                    block = []
        except (OSError, ValueError):
            pass
        self.closed = True
        with self._reply_cond:
            self._reply_cond.notify_all()

    def command(self, line: str, timeout: float = 5.0) -> list[str]:
        with self._send_lock:
            self._send(line)
            return self._reply(timeout)

    def _send(self, data: str) -> None:
        try:
            self.sock.sendall((data + "\r\n").encode("utf-8"))
        except OSError as exc:
            raise ScreenReaderError(str(exc)) from exc

    def _reply(self, timeout: float) -> list[str]:
        deadline = time.perf_counter() + timeout
        with self._reply_cond:
            while not self._replies:
                left = deadline - time.perf_counter()
                if self.closed or left <= 0:
                    raise ScreenReaderError("speech dispatcher did not answer")
                self._reply_cond.wait(left)
            block = self._replies.pop(0)
        if not block[-1][:1] == "2":
            raise ScreenReaderError(block[-1])
        return block

    def speak(self, text: str, priority: str = "message") -> int:
        """Queue a message; its id (for the notifications)."""
        with self._send_lock:
            self._send(f"SET self PRIORITY {priority}")
            self._reply(5.0)
            self._send("SPEAK")
            self._reply(5.0)
            self._send(_escape(text) + "\r\n.")
            block = self._reply(5.0)
        try:
            return int(block[0][4:])
        except (ValueError, IndexError):
            return -1

    def close(self) -> None:
        try:
            with self._send_lock:
                self._send("QUIT")
        except ScreenReaderError:
            pass
        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # the reader thread's read returns at once
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass
        self._reader.join(timeout=2)


def connect(path: Path | None = None, spawn: bool = True, timeout: float = 3.0) -> SSIPClient:
    """Connect to the running Speech Dispatcher, starting it if needed."""
    path = Path(path) if path else socket_path()
    try:
        return SSIPClient(path)
    except OSError:
        if not spawn or shutil.which("speech-dispatcher") is None:
            raise ScreenReaderError(f"no speech dispatcher at {path}") from None
    try:
        subprocess.run(["speech-dispatcher", "--spawn"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ScreenReaderError(str(exc)) from exc
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            return SSIPClient(path)
        except OSError:
            time.sleep(0.05)
    raise ScreenReaderError(f"speech dispatcher did not start at {path}")


class SpeechDispatcherOutput:
    """An output (TextOutput interface + say_message/stop/interrupt/is_silent/wait_silent)."""

    name = "screenreader"
    #: Seconds the first message may wait for Speech Dispatcher to begin it. A server
    #: without a working sound device queues messages and never speaks them, or begins
    #: the first and never ends it: then the game says so once and writes everything as
    #: text (nothing is lost). A message that began has its own length to end
    #: (:meth:`_speaking_time`); only an end proves that the reader speaks.
    MUTE_AFTER = 4.0
    #: the longest the end of the program waits for that verdict (seconds)
    VERDICT_WAIT = 30.0

    def __init__(self, client: SSIPClient, lang: str, player=None, catalog=None, echo: bool = False,
                 stream=None, rate: int = RATE_DEFAULT, volume: int = 100, voice: str = ""):
        self.client = client
        self.player = player
        self.catalog = catalog
        self.echo = echo
        self.stream = stream or sys.stdout
        self.rate = RATE_DEFAULT
        self.volume = 100
        self.cue_volume = int(round(player.cue_volume * 100)) if player is not None else 80
        self._cond = threading.Condition()
        self._pending: dict[int, str] = {}  # msg id -> SSIP priority, until END/CANCEL
        self._texts: dict[int, str] = {}  # msg id -> words, until one ended (for a mute server)
        self._began: dict[int, float] = {}  # msg id -> when it began, until one ended
        self._heard = False  # a message ended: the screen reader really speaks
        self.mute = False  # it never spoke: everything goes to text
        self._watch: threading.Timer | None = None
        self._closed = False
        self._out_lock = threading.Lock()  # the text written when the reader is mute, in order
        self.ended: deque = deque(maxlen=256)  # (code, msg id, time): recent ends, for tests
        client.on_event = self._event
        atexit.register(self.close)
        client.command("SET self NOTIFICATION all on")
        client.command(f"SET self LANGUAGE {lang}")
        if voice:
            client.command(f"SET self SYNTHESIS_VOICE {voice}")
        self.set_rate(rate)
        self.set_volume(volume)

    # -- events
    def _event(self, code: int, msg_id: int) -> None:
        if code == 701:  # BEGIN: it may speak (a server without sound begins and never ends)
            with self._cond:
                self._began.setdefault(msg_id, time.perf_counter())
        if code == 702:  # END: it speaks
            with self._cond:
                self._heard = True
                self._texts.clear()
                self._began.clear()
        if code in (702, 703):  # END, CANCELED
            with self._cond:
                self._pending.pop(msg_id, None)
                self.ended.append((code, msg_id, time.perf_counter()))
                self._cond.notify_all()

    # -- TextOutput API
    def say(self, text: str, interrupt: bool = False) -> None:
        self.say_message(Message(text, "info", LOW if interrupt else HIGH))

    def say_message(self, m: Message, speak: bool = True) -> int | None:
        if self.echo:
            self._write(m.text)
        if m.cue and self.player is not None:
            try:
                self.player.play_cue(m.cue, m.pan)
            except Exception:  # noqa: BLE001 - a cue problem never stops the game
                pass
        if not speak or not m.text.strip():
            return None
        with self._out_lock:  # the mute notice and the words before it are written first
            if self.mute:
                if not self.echo:
                    self._write(m.text)
                return None
        prio = ssip_priority(m.priority, m.kind)
        # (Speech Dispatcher itself cancels our queued "text" messages when a "message"
        # or "important" one arrives, and reports it with 703 CANCELED.)
        # The lock is not held while talking to the server: the reader thread delivers
        # both the reply and the events, and an event callback takes the lock.
        try:
            msg_id = self.client.speak(m.text, prio)
        except ScreenReaderError:
            if not self._heard:  # it never spoke and now fails: the words not heard come first
                self._check_heard(now=True)
            if not self.echo:  # (with echo it is written already)
                self._write(m.text)  # the reader went away: the words still reach the player
            return None
        if self._sent(msg_id, prio, m.text):
            return msg_id
        if not self.echo:  # found mute while this was sent: its words were not among the lost
            with self._out_lock:
                self._write(m.text)
        return None

    def _sent(self, msg_id: int, prio: str, text: str) -> bool:
        """Note a message the reader took (False: it was found mute meanwhile)."""
        with self._cond:
            if self.mute:
                return False
            if msg_id >= 0 and not any(mid == msg_id for _, mid, _ in self.ended):
                self._pending[msg_id] = prio
            if not self._heard:
                self._texts[msg_id] = text
                if self._watch is None:
                    self._watch = threading.Timer(self.MUTE_AFTER, self._check_heard)
                    self._watch.daemon = True
                    self._watch.start()
        return True

    def _speaking_time(self, text: str) -> float:
        """Seconds a reader that speaks needs at most for ``text`` (its words at our rate, with room)."""
        return len(text.split()) * 60.0 / max(self.rate, RATE_MIN) * 1.5 + 2.0

    def _check_heard(self, now: bool = False) -> None:
        """No message ended in its time since the first one was sent (``now``: the reader
        failed): the screen reader is mute here. The notice and the words not heard are
        written before anything said after the verdict (``_out_lock``)."""
        with self._out_lock:
            with self._cond:
                if self._heard or self.mute:
                    return
                t_now = time.perf_counter()
                left = max((t + self._speaking_time(self._texts.get(mid, "")) - t_now
                            for mid, t in self._began.items()), default=0.0)
                if left > 0 and not now:  # a message began: it may still be speaking
                    self._watch = threading.Timer(left, self._check_heard)
                    self._watch.daemon = True
                    self._watch.start()
                    return
                self.mute = True
                lost = list(self._texts.values())
                self._texts.clear()
                self._pending.clear()
                self._cond.notify_all()
            self._set("CANCEL self")
            if self.catalog is not None:
                self._write(self.catalog.get("audio.screenreader_mute"))
            if not self.echo:
                for text in lost:
                    self._write(text)

    def set_rate(self, wpm: int) -> None:
        self.rate = int(max(RATE_MIN, min(READER_MAX, wpm)))
        self._set(f"SET self RATE {wpm_to_ssip(self.rate)}")

    def set_volume(self, percent: int) -> None:
        self.volume = int(max(0, min(100, percent)))
        self._set(f"SET self VOLUME {self.volume * 2 - 100}")

    def set_cue_volume(self, percent: int) -> None:
        self.cue_volume = int(max(0, min(100, percent)))
        if self.player is not None:
            self.player.cue_volume = self.cue_volume / 100.0

    def _set(self, line: str) -> None:
        try:
            self.client.command(line)
        except ScreenReaderError:
            pass

    def stop(self) -> None:
        self._set("CANCEL self")
        if self.player is not None:
            self.player.stop()

    def interrupt(self) -> None:
        """Cut our descriptions: SSIP cancels per client, so only when nothing else is pending."""
        with self._cond:
            only_text = self._pending and all(p == "text" for p in self._pending.values())
        if only_text:
            self._set("CANCEL self")

    def is_silent(self) -> bool:
        with self._cond:
            busy = bool(self._pending)
        return not busy and (self.player is None or self.player.is_silent())

    def wait_silent(self, tail_ms: float = 0.0, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.perf_counter() + timeout
        with self._cond:
            while self._pending:
                left = None if deadline is None else deadline - time.perf_counter()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left if left is not None else 0.5)
        if self.player is None:
            if tail_ms:
                time.sleep(tail_ms / 1000)
            return True
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        return self.player.wait_silent(tail_ms, left)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        if not self.mute and not self._heard and self._watch is not None:
            # the end came before the verdict on the screen reader: wait for it, so words
            # that were never heard are still written (a reader that speaks ends soon)
            end = time.perf_counter() + self.VERDICT_WAIT
            with self._cond:
                while not (self.mute or self._heard) and time.perf_counter() < end:
                    self._cond.wait(0.1)
            with self._out_lock:  # the verdict's notice and words are written
                pass
        if self._watch is not None:
            self._watch.cancel()
        if not self.mute and self._heard:
            self.wait_silent(timeout=8.0)  # the last words (goodbye) are heard
        self.client.close()
        if self.player is not None:
            self.player.close()


class WindowsScreenReaderOutput(SpeechDispatcherOutput):
    """NVDA/JAWS/SAPI via cytolk or accessible_output2 (Windows only; untested here)."""

    name = "screenreader"

    def __init__(self, backend, kind: str, player=None, echo: bool = False, stream=None):
        self.backend, self.kind = backend, kind
        self.player, self.echo = player, echo
        self.stream = stream or sys.stdout
        self.catalog = None
        self.rate, self.volume = RATE_DEFAULT, 100
        self.cue_volume = int(round(player.cue_volume * 100)) if player is not None else 80
        self._cond = threading.Condition()
        self._pending = {}
        self.ended = deque(maxlen=256)
        self._busy_until = 0.0
        self._closed = False
        self._out_lock = threading.Lock()

    def say_message(self, m: Message, speak: bool = True):
        if self.echo:
            self._write(m.text)
        if m.cue and self.player is not None:
            try:
                self.player.play_cue(m.cue, m.pan)
            except Exception:  # noqa: BLE001
                pass
        if speak and m.text.strip():
            if self.kind == "cytolk":
                self.backend.output(m.text, m.priority == LOW)
            else:
                self.backend.speak(m.text, interrupt=m.priority == LOW)
            # estimate for readers without an end-of-speech notice (~15 chars/s at 175 wpm)
            self._busy_until = max(time.perf_counter(), self._busy_until) + len(m.text) / (
                15.0 * self.rate / RATE_DEFAULT)
        return None

    def _speaking(self) -> bool:
        # NVDA through Tolk answers is_speaking() with False even while it talks: the
        # reader's word counts only when it says "speaking"; else the game's own estimate
        estimated = time.perf_counter() < self._busy_until
        if self.kind == "cytolk":
            try:
                return bool(self.backend.is_speaking()) or estimated
            except Exception:  # noqa: BLE001 - not every reader reports it
                pass
        return estimated

    def set_rate(self, wpm: int) -> None:
        self.rate = int(max(RATE_MIN, min(READER_MAX, wpm)))  # the reader's own rate rules

    def set_volume(self, percent: int) -> None:
        self.volume = int(max(0, min(100, percent)))

    def stop(self) -> None:
        try:
            self.backend.silence()  # cytolk's and accessible_output2's outputs both have it
        except Exception:  # noqa: BLE001 - an output without it, or failing: nothing to silence
            pass
        self._busy_until = 0.0
        if self.player is not None:
            self.player.stop()

    def interrupt(self) -> None:
        pass

    def is_silent(self) -> bool:
        return not self._speaking() and (self.player is None or self.player.is_silent())

    def wait_silent(self, tail_ms: float = 0.0, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.perf_counter() + timeout
        while self._speaking():
            if deadline is not None and time.perf_counter() >= deadline:
                return False
            time.sleep(0.02)
        if self.player is None:
            return True
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        return self.player.wait_silent(tail_ms, left)

    def close(self) -> None:
        if self.kind == "cytolk":
            try:
                self.backend.unload()
            except Exception:  # noqa: BLE001
                pass
        if self.player is not None:
            self.player.close()


def _windows_backend():
    try:
        from cytolk import tolk

        tolk.load()
        if tolk.detect_screen_reader() or tolk.has_speech():
            return tolk, "cytolk"
    except Exception:  # noqa: BLE001 - not installed / no reader running
        pass
    try:
        from accessible_output2.outputs.auto import Auto

        return Auto(), "ao2"
    except Exception:  # noqa: BLE001
        return None, ""


def make_screenreader_output(lang: str, catalog=None, player=None, echo: bool = False, stream=None,
                             rate: int = RATE_DEFAULT, volume: int = 100, voice: str = ""):
    """The screen reader output for this platform, or None if there is none."""
    if sys.platform.startswith("win"):
        backend, kind = _windows_backend()
        if backend is None:
            return None
        return WindowsScreenReaderOutput(backend, kind, player, echo, stream)
    try:
        client = connect()
    except ScreenReaderError:
        return None
    try:
        return SpeechDispatcherOutput(client, lang, player, catalog, echo, stream, rate, volume, voice)
    except ScreenReaderError:
        client.close()
        return None
