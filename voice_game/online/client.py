"""Seat clients and spectators.

A seat client connects with its join code (the seat's own server user), says hello,
hears what it missed from its own JetStream stream, then follows its subject: it
speaks (or prints) what its seat hears and sends typed or spoken lines. When standard
input is a pipe it reads one line each time the host asks this seat for input, so a
scripted game is deterministic; from a terminal it sends whatever is typed.
"""
from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from voice_game.narration.message import HIGH, Message
from voice_game.online import protocol as P
from voice_game.core.input import InputLine
from voice_game.core.output import MessageOutput, Stoppable
from voice_game.online.seat import RemoteSeat
from voice_game.session.history import History

HELLO_EVERY = 3.0  # seconds between hellos while no host answers
HELLO_TRIES = 200
ALIVE_EVERY = 2.0  # seconds between "still here" messages (the host lets a bot stand in when they stop)
LOGIN_TRIES, LOGIN_WAIT = 4, 0.25  # a refused login tried again after 0.25, 0.5, 1 s (a server reloading its users)
GAP_TRIES, HISTORY_WAIT = 10, 0.3  # a gap in what the seat heard: asked for up to 3 s (a lagging replica)
SLOW_STATUS, SLOW_WAIT, SLOW_TRIES = 429, 1.0, 120  # the history gate refused a read: asked again 1 s later


RECONNECTED = object()  # put into a client's queue when its connection came back


TLS_CA_ENV = "VOICE_GAME_TLS_CA"  # a certificate file to trust (a private server's own certificate)


def tls_context(server: str):
    """TLS for ``tls://`` servers: the system's certificates, or the file in $VOICE_GAME_TLS_CA."""
    import os
    import ssl

    ca = os.environ.get(TLS_CA_ENV)
    if not server.startswith("tls://") and not ca:
        return None
    return ssl.create_default_context(cafile=ca or None)


async def connect(server: str, user: str, password: str, on_reconnect=None, inbox: str | None = None):
    """A connection as ``user`` that comes back by itself; its replies come to ``inbox``
    (default: the user's own, ``protocol.inbox_prefix``)."""
    import nats

    tls = tls_context(server)
    extra = {"tls": tls} if tls is not None else {}
    servers = [x.strip() for x in server.split(",") if x.strip()]  # the nodes of a cluster, or one server

    async def quiet(_exc):
        pass

    async def reconnected():
        if on_reconnect is not None:
            on_reconnect()

    # first one plain attempt: wrong credentials or no server are answered at once
    probe = None
    for attempt in range(LOGIN_TRIES):
        try:
            probe = await nats.connect(servers, user=user, password=password, connect_timeout=3,
                                       allow_reconnect=False, max_reconnect_attempts=0, error_cb=quiet, name=user,
                                       **extra)
            break
        except (nats.errors.Error, ConnectionResetError) as exc:
            # nats-server 2.9 checks every connection again when it reloads its users (a table
            # being added) and drops one whose login it has not read yet: 'Authorization
            # Violation', or the connection lost (in a probe with 40 reloads, 54 of 400
            # logins). Those are tried again a few times, a second or two in all.
            refused = isinstance(exc, ConnectionResetError) or "authorization" in str(exc).lower()
            if not refused or attempt == LOGIN_TRIES - 1:
                raise
            await asyncio.sleep(LOGIN_WAIT * 2 ** attempt)
    assert probe is not None
    await probe.close()
    # then a connection that comes back by itself after a network drop
    return await nats.connect(servers, user=user, password=password, inbox_prefix=inbox or P.inbox_prefix(user),
                              connect_timeout=3, max_reconnect_attempts=120, reconnect_time_wait=0.5,
                              allow_reconnect=True, error_cb=quiet, reconnected_cb=reconnected, name=user, **extra)


class Speaker:
    """What a seat hears, through the local output (text, speech with cues); it keeps the
    game's messages (not the chat, not what a replay may not say) for the history keys."""

    def __init__(self, out):
        self.out = out
        self.history = History()

    mute_chat = False

    def say(self, msg: dict, replay: bool = False) -> None:
        """Say one message; a ``replay`` (the history after a rejoin) says what the history
        may keep: a secret said once (an own beat pattern) is not said again."""
        text = msg.get("text")
        if not isinstance(text, str) or (self.mute_chat and msg.get("kind") == "chat"):
            return
        fallback = msg.get("fallback") if isinstance(msg.get("fallback"), str) else None
        kept = msg.get("history") if isinstance(msg.get("history"), str) else None
        if replay and kept is not None:
            if not kept:
                return
            text, fallback, kept = kept, None, None
        pan = msg.get("pan")
        m = Message(text, str(msg.get("kind") or "info"), str(msg.get("priority") or HIGH),
                    msg.get("cue") if isinstance(msg.get("cue"), str) else None,
                    float(pan) if isinstance(pan, (int, float)) and not isinstance(pan, bool) else None,
                    history=kept, fallback=fallback)
        if m.kind != "chat" and msg.get("record") is not False:  # the host's history keeps it too
            h = m.for_history()
            if h is not None:
                self.history.add(h)
        self.say_local(m)

    def stop(self) -> None:
        """A key: what this seat is hearing falls silent (the history keeps it)."""
        if isinstance(self.out, Stoppable):
            self.out.stop()

    def say_local(self, m: Message) -> None:
        if isinstance(self.out, MessageOutput):
            self.out.say_message(m, speak=True)
        else:
            text = m.text or m.fallback or ""  # no sound at all: the words are all there is
            if text:
                self.out.say(text)

    def line(self, text: str) -> None:
        self.out.say(text)


def replayed(m) -> bool:
    """A stored message somebody had the server send here (a direct get's reply to a
    subject of their choosing carries the stream's name): never the host speaking now."""
    headers = m.headers or {}
    return "Nats-Stream" in headers


async def _drain(*conns) -> None:
    """Close connections (None: not opened), sending what is still queued."""
    for nc in conns:
        try:
            if nc is not None:
                await nc.drain()
        except Exception:  # noqa: BLE001 - already closed or the server is gone
            pass


def _decode(data: bytes):
    if len(data) > P.MAX_HOST_MESSAGE:
        return None
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(msg, dict) or not isinstance(msg.get("n"), int):
        return None
    return msg


class Stored:
    """Stored messages of a stream, read as a history user through the history gate
    (``voice_game.online.gate``). A read the gate refuses (too many too fast: status 429)
    is asked again after a pause; the first refusal of a run is said once to this seat."""

    def __init__(self, js, speaker: Speaker, catalog):
        self.js, self.speaker, self.c = js, speaker, catalog
        self.told = False  # the sentence was said, and no read went through since

    async def get(self, stream: str, seq: int | None = None, subject: str | None = None):
        """The message (nats RawStreamMsg), or None: not (or no longer) in the stream, or
        no answer (no history gate runs beside the server: what was missed stays unsaid)."""
        from nats.errors import NoRespondersError
        from nats.js.errors import APIError, NotFoundError

        for _ in range(SLOW_TRIES):
            try:
                raw = await self.js.get_msg(stream, seq=seq, subject=subject, direct=True)
            except (NotFoundError, NoRespondersError, TimeoutError):  # nats' TimeoutError is one
                return None
            except APIError as exc:
                if exc.code != SLOW_STATUS:
                    raise
                if not self.told:
                    self.told = True
                    self.speaker.line(self.c.get("online.history_slow"))
                await asyncio.sleep(SLOW_WAIT)
                continue
            self.told = False
            return raw
        return None


async def _history(stored: Stored, stream: str, first: int, last: int, tries: int = 1):
    """Messages first..last (inclusive) of a stream, as far as the stream still has them.
    A direct get may be answered by a replica of a cluster that lags behind and lacks the
    newest: ``tries`` asks that often for what was not found (0.3 s apart)."""
    found: dict[int, dict | None] = {}
    for attempt in range(tries):
        for n in range(max(1, first), last + 1):
            if n in found:
                continue
            raw = await stored.get(stream, seq=n)
            if raw is None:
                continue
            found[n] = _decode(raw.data or b"")
        if len(found) >= last + 1 - max(1, first) or attempt == tries - 1:
            break
        await asyncio.sleep(HISTORY_WAIT)
    return [m for _, m in sorted(found.items()) if m is not None]


class PlayerInput:
    """The player's lines (typed, single keys, spoken) for the event loop.

    ``live``: a thread reads ahead (a terminal, a pipe, a microphone: this process owns
    them); else each line is read when asked for (the start menu, whose input goes on
    after the table)."""

    def __init__(self, source, live: bool = True):
        self.it = iter(source)
        self.live = live
        self.queue: asyncio.Queue | None = None

    def start(self) -> None:
        if not self.live:
            return
        import threading

        loop = asyncio.get_running_loop()
        self.queue = asyncio.Queue()
        queue = self.queue

        def pump():
            try:
                for item in self.it:
                    loop.call_soon_threadsafe(queue.put_nowait, item)
            except Exception:  # noqa: BLE001 - a broken input, or the table is over: the end of the input
                pass
            try:
                loop.call_soon_threadsafe(queue.put_nowait, None)
            except RuntimeError:  # the table is over (its event loop closed) before the input ended
                pass

        threading.Thread(target=pump, name="player-input", daemon=True).start()

    def _next(self):
        try:
            return next(self.it)
        except StopIteration:
            return None

    async def get(self) -> InputLine | None:
        if self.queue is not None:
            item = await self.queue.get()
        else:
            item = await asyncio.get_running_loop().run_in_executor(None, self._next)
        if item is None or isinstance(item, InputLine):
            return item
        return InputLine(str(item).rstrip("\r\n"))


def sendable(item: InputLine) -> bool:
    """A line for the host: typed words, a key's words, or speech (empty: heard, not understood)."""
    return bool(item.text.strip()) or item.source == "voice"


def line_message(c: int, item: InputLine) -> dict:
    conf = item.confidence if isinstance(item.confidence, (int, float)) else 1.0
    conf = min(1.0, max(0.0, float(conf))) if conf == conf else 0.0
    src = item.source if item.source in P.SOURCES else "keyboard"
    return {"c": c, "text": item.text.strip()[:P.MAX_TEXT + 1], "conf": round(conf, 3), "src": src}


def stdin_source(seat: RemoteSeat):
    """Single keys and typed lines from a terminal (voice_game.keys), else plain lines."""
    from voice_game.keys import KeyInput, LineInput, TerminalReader, WindowsReader, keys_enabled

    if not keys_enabled():
        return LineInput()
    import os

    keys = KeyInput(WindowsReader().open() if os.name == "nt" else TerminalReader().open())
    keys.attach(seat)
    return keys


async def join(code: str, server: str, lang: str, catalog, out, source=None, mute_chat: bool = False,
               scripted: bool | None = None, voice=None, live: bool = True) -> int:
    """Play one seat.

    ``source(seat)``: the player's input (an iterable of lines or InputLines; default: the
    keys of a terminal, or the lines of a pipe). ``scripted``: one line each time the host
    asks this seat (default: when standard input is no terminal); else every line is sent
    as it comes. ``voice(seat, source)``: starts speech beside it, returning
    (merged source, control with ``set_phrases``, stop), as ``start_voice`` does.
    """
    speaker = Speaker(out)
    speaker.mute_chat = mute_chat
    try:
        table, seat, secret = P.parse_code(code)
    except ValueError:
        speaker.line(catalog.get("online.bad_code"))
        return 2
    if scripted is None:
        try:
            scripted = not sys.stdin.isatty()
        except (AttributeError, ValueError):
            scripted = True
    client = SeatClient(table, seat, lang, catalog, out, speaker, scripted, key=P.seat_key(secret))
    try:
        await client.connect(server, secret)
    except Exception:  # noqa: BLE001 - refused, unreachable, bad credentials: one sentence
        speaker.line(catalog.get("online.connect_failed", server=server))
        return 2
    try:
        return await client.play(source or stdin_source, voice, live)
    finally:
        await client.close()


class _Ended(Exception):
    """The player's input ended: the seat leaves the table."""


class SeatClient:
    """One seat's connection: hello and history, then what the seat hears and says."""

    def __init__(self, table: str, seat: int, lang: str, catalog, out, speaker: Speaker, scripted: bool,
                 key: str = P.NO_KEY):
        from voice_game.commands.grammar import load_grammar

        self.table, self.seat, self.lang, self.key = table, seat, lang, key
        self.cid = P.new_cid()  # this client's own id: one live client per seat
        self.c, self.out, self.speaker = catalog, out, speaker
        self.scripted = scripted
        self.me = RemoteSeat(load_grammar(lang), catalog, speaker)
        self.queue: asyncio.Queue = asyncio.Queue()
        self.cmd_subject = P.command_subject(table, seat, key)
        self.subject = P.seat_subject(table, seat, key)
        self.stream = P.seat_stream(table, seat)
        self.hello = json.dumps({"hello": True, "lang": lang, "cid": self.cid}).encode()
        self.sent: dict = {}  # the last line sent (sent again when a restarted host did not get it)
        self.control: Any = None  # the recognizer's phrases
        self.stop_voice: Any = None
        self.alive: asyncio.Future | None = None
        self.inputs: Any = None  # a PlayerInput once the game runs
        self.nc: Any = None
        self.reader: Any = None  # the history user's connection (reads the seat's stream)
        self.js: Any = None  # a Stored once connected
        self.last_n = 0
        self.asked: int | None = None  # scripted: the host asked for this line number
        self.taken = False  # another client of this seat took it over

    async def connect(self, server: str, secret: str) -> None:
        user = P.seat_user(self.table, self.seat)
        self.nc = await connect(server, user, secret, on_reconnect=lambda: self.queue.put_nowait(RECONNECTED),
                                inbox=P.inbox_prefix(user, self.key))
        # the stream is read as the seat's history user, whose account has no table's subjects
        self.reader = await connect(server, P.history_user(user), secret, inbox=P.inbox_prefix(user, self.key))
        self.js = Stored(self.reader.jetstream(), self.speaker, self.c)

        async def on_msg(m):
            if not replayed(m):
                await self.queue.put(m.data)

        await self.nc.subscribe(self.subject, cb=on_msg)

    async def close(self) -> None:
        if self.alive is not None:
            self.alive.cancel()
        if self.stop_voice is not None:
            try:
                self.stop_voice()
            except Exception:  # noqa: BLE001
                pass
        await _drain(self.nc, self.reader)

    # --- sending -------------------------------------------------------------------
    async def leave(self) -> None:
        try:
            await self.nc.publish(self.cmd_subject, json.dumps({"bye": True, "cid": self.cid}).encode())
            await self.nc.flush(timeout=2)
        except Exception:  # noqa: BLE001 - the host learns it from the silence
            pass

    async def listen(self) -> None:
        """The recognizer listens for what may be said now (Concerto's phrases take a
        moment: worked out beside the event loop, which keeps saying what comes)."""
        if self.control is None:
            return

        def switch() -> None:
            try:
                self.control.set_phrases(self.me.phrases_now())
            except Exception:  # noqa: BLE001 - the recognizer keeps its last phrases
                pass

        await asyncio.get_running_loop().run_in_executor(None, switch)

    async def send(self, c: int, item: InputLine) -> None:
        self.sent = {**line_message(c, item), "cid": self.cid}
        self.me.answered()
        if isinstance(self.out, Stoppable):
            self.out.interrupt()  # the player moved on: descriptions still playing are cut
        await self.nc.publish(self.cmd_subject, json.dumps(self.sent).encode())
        await self.listen()  # until the host asks again: the always-available commands

    async def next_line(self) -> InputLine:
        """The next line for the host (raises _Ended at the end of input)."""
        while True:
            got = await self.inputs.get()
            if got is None:
                raise _Ended
            if sendable(got):
                return got

    # --- the game --------------------------------------------------------------------
    async def welcome(self) -> tuple[dict | None, list[dict]]:
        early: list[dict] = []
        for _ in range(HELLO_TRIES):
            await self.nc.publish(self.cmd_subject, self.hello)
            try:
                while True:
                    item = await asyncio.wait_for(self.queue.get(), HELLO_EVERY)
                    msg = None if item is RECONNECTED else _decode(item)
                    if msg is None:
                        continue
                    if msg.get("t") == "welcome" and msg.get("cid") in (None, self.cid):
                        return msg, early
                    early.append(msg)
            except TimeoutError:
                continue
        return None, early

    async def replay(self, welcome: dict) -> None:
        """What the seat missed since its last line, from its own stream, as history."""
        start = int(welcome.get("from") or 0)
        missed = [m for m in await _history(self.js, self.stream, start + 1, welcome["n"] - 1)
                  if m.get("t") == "say" and m.get("history") != "" and m.get("record") is not False]
        if start > 0 and missed:
            self.speaker.line(self.c.get("online.history_start", count=len(missed)))
        for m in missed:
            self.speaker.say(m, replay=True)
        if start > 0 and missed:
            self.speaker.line(self.c.get("online.history_end"))

    async def play(self, source, voice, live: bool) -> int:
        if await _table_over(self.js, self.stream, self.subject):
            self.speaker.line(self.c.get("online.table_over"))
            return 0
        welcome, early = await self.welcome()
        if welcome is None:
            self.speaker.line(self.c.get("online.no_host"))
            return 1
        if isinstance(welcome.get("game"), str):
            self.me.set_game(welcome["game"])
        await self.replay(welcome)
        self.last_n = welcome["n"]
        given = source(self.me)
        if voice is not None:
            given, self.control, self.stop_voice = voice(self.me, given)
            await self.listen()
        self.inputs = PlayerInput(given, live)
        self.inputs.start()
        self.alive = asyncio.ensure_future(self.keep_alive())
        try:
            return await self.loop([m for m in early if m["n"] > self.last_n])
        except _Ended:
            await self.leave()
            self.speaker.line(self.c.get("online.input_ended"))
            return 0

    async def keep_alive(self) -> None:
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            await self.nc.publish(self.cmd_subject, json.dumps({"alive": True, "cid": self.cid}).encode())

    async def loop(self, pending: list[dict]) -> int:
        """Say what the host sends while waiting for the player's next line: scripted, one
        line for each request (``self.asked``), else every line as it comes."""
        reader = None
        while True:
            if reader is None and (not self.scripted or self.asked is not None):
                reader = asyncio.ensure_future(self.next_line())
            if pending:
                msg = pending.pop(0)
            else:
                getter = asyncio.ensure_future(self.queue.get())
                waits: set[asyncio.Future] = {getter} if reader is None else {getter, reader}
                done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if reader is not None and reader in done:
                    line = reader.result()  # raises _Ended at the end of the input
                    reader = None
                    await self.send(self.asked if self.asked is not None else int(self.sent.get("c", 0)) + 1, line)
                    self.asked = None
                if getter not in done:
                    getter.cancel()
                    continue
                item = getter.result()
                if item is RECONNECTED:  # back after a drop: the host answers with what we lost
                    await self.nc.publish(self.cmd_subject, self.hello)
                    continue
                msg = _decode(item)
                if msg is None:
                    continue
            if msg["n"] <= self.last_n:
                continue
            if msg["n"] > self.last_n + 1:  # lost while the connection was down: from the stream
                fill = [m for m in await _history(self.js, self.stream, self.last_n + 1, msg["n"] - 1,
                                                  tries=GAP_TRIES) if m["n"] > self.last_n]
                if fill:
                    pending = fill + [msg] + pending
                    msg = pending.pop(0)
            self.last_n = msg["n"]
            if await self.on_message(msg):
                return 0

    async def on_message(self, msg: dict) -> bool:
        """Say, set or answer one message from the host; True at the end of the game."""
        t = msg.get("t")
        if t == "say":
            self.speaker.say(msg)
        elif t in ("rate", "volume") and isinstance(msg.get("value"), int):
            if t == "rate":
                self.out.set_rate(msg["value"])
            else:
                self.out.set_volume(msg["value"])
        elif t == "prompt":
            await self.on_prompt(msg)
        elif t == "taken":
            if msg.get("cid") != self.cid:
                return False  # another client had this seat before us
            self.taken = True
            self.speaker.line(self.c.get("online.seat_taken"))  # the one sentence, then this client stops
            return True
        if t == "bye" and msg.get("cid") not in (None, self.cid):
            return False  # a client before us said goodbye
        return t in ("bye", "over")

    async def on_prompt(self, msg: dict) -> None:
        last = msg.get("last")
        last = last if isinstance(last, int) and not isinstance(last, bool) and last >= 0 else 0
        # checking the commands waits for the grammar's index (built in the background)
        await asyncio.get_running_loop().run_in_executor(None, self.me.update, msg)
        await self.listen()
        if self.sent.get("c", 0) > last:  # the host did not get our last line (it restarted): again
            await self.nc.publish(self.cmd_subject, json.dumps(self.sent).encode())
        elif self.scripted:
            self.asked = last + 1  # the loop reads the next line and sends it with this number
        elif self.sent.get("c", 0) < last:
            self.sent = {**self.sent, "c": last}


async def _table_over(stored: Stored, stream: str, subject: str) -> bool:
    """Whether the seat's stream ends with the game's end (a finished table: nothing to wait for)."""
    try:
        raw = await stored.get(stream, subject=subject)
    except Exception:  # noqa: BLE001 - no stream yet or no answer: just say hello
        return False
    if raw is None:
        return False
    msg = _decode(raw.data or b"")
    return bool(msg and msg.get("t") == "over")


async def watch(table: str, server: str, catalog, out, mute_chat: bool = False) -> int:
    """A spectator: the public events of a table, from its beginning."""
    speaker = Speaker(out)
    speaker.mute_chat = mute_chat
    if not P.is_table_id(table):
        speaker.line(catalog.get("online.bad_table"))
        return 2
    try:
        nc = await connect(server, P.watch_user(table), table)
        reader = await connect(server, P.history_user(P.watch_user(table)), table,
                               inbox=P.inbox_prefix(P.watch_user(table)))
    except Exception:  # noqa: BLE001
        speaker.line(catalog.get("online.connect_failed", server=server))
        return 2
    stored = Stored(reader.jetstream(), speaker, catalog)  # the history user's: its account has no table's subjects
    queue: asyncio.Queue = asyncio.Queue()

    async def on_msg(m):
        if not replayed(m):
            await queue.put(m.data)

    try:
        await nc.subscribe(P.public_subject(table), cb=on_msg)
        last_n = 0
        while True:  # the history, until the stream has no next message
            raw = await stored.get(P.public_stream(table), seq=last_n + 1)
            if raw is None:
                break
            msg = _decode(raw.data or b"")
            last_n += 1
            if msg is None:
                continue
            if msg.get("t") == "say":
                speaker.say(msg)
            elif msg.get("t") == "over":
                return 0
        while True:
            msg = _decode(await queue.get())
            if msg is None or msg["n"] <= last_n:
                continue
            last_n = msg["n"]
            if msg.get("t") == "say":
                speaker.say(msg)
            elif msg.get("t") == "over":
                return 0
    finally:
        await _drain(nc, reader)
