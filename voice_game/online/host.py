"""The authoritative table host.

One process keeps the game state and runs the pure rules engine. Each human seat has
its own narrating session (the local game's Session: parser, help, history, read-backs)
whose output goes to that seat's subject only; spectators get the public events,
narrated in the host's language. Every message carries its number in its JetStream
stream; the snapshot (the save format, plus what is still to be published) goes to a
key-value bucket before the messages are published, so a restarted host neither loses
nor repeats anything.
"""
from __future__ import annotations

import asyncio
import json
import sys
import time
import traceback
from typing import Any

from voice_game.commands.grammar import load_grammar
from voice_game.core.errors import RuleError
from voice_game.core.output import clamp_rate
from voice_game.core.rules import CHANCE
from voice_game.narration.catalog import load_catalog
from voice_game.narration.message import HIGH, Message
from voice_game.online import protocol as P
from voice_game.online.failover import Fence, Fenced
from voice_game.session import InputLine, Seat, Session
from voice_game.session.seats import Remembering
import functools

SNAPSHOT = "snapshot"
STREAM_MAX_MSGS = 200_000
STANDIN_LEVEL = "bot"  # the bot that holds an absent player's seat
CLOSED = 3  # what ``Table.run`` returns for a table the hub's keeper closed
KEEP_FINISHED = 7 * 24 * 3600  # seconds a finished table's streams stay on the server
RETRIES, RETRY_WAIT = 240, 0.5  # about two minutes without a server before the host gives up
RATE, BURST = P.SEAT_RATE, P.SEAT_BURST  # a seat's messages per second in the long run, and at once
TOO_FAST_EVERY = 5.0  # seconds between two "too fast" sentences to one seat
WRONG_LAST_SEQUENCE = 10071  # JetStream's error code: the stream's last message is not the one expected
OTHERS_RATE, OTHERS_BURST = 0.5, 5  # what one seat makes the others hear: per second, at once
PUBLISH_TIMEOUT = 5.0  # seconds to wait for the server's acknowledgements of one outbox
EXPIRE_TRIES = 5  # attempts to make a finished table's streams expire (waits of 0.5, 1, 2, 4 s between)


class SeatOutput:
    """Collects what one seat (or the spectators) hear until the host publishes it."""

    def __init__(self):
        self.box: list[dict] = []
        self.rate = 175
        self.volume = 100
        self.recording = True  # the session keeps what it says now in its history (SeatSession.say)

    def say_message(self, m: Message, speak: bool = True) -> None:
        msg: dict[str, Any] = {"t": "say", "text": m.text, "kind": m.kind, "priority": m.priority,
                               "cue": m.cue, "pan": m.pan, "speak": speak}
        if m.fallback is not None:  # words without sound
            msg["fallback"] = m.fallback
        if m.history is not None:  # what a replay may say instead
            msg["history"] = m.history
        if not self.recording:
            msg["record"] = False  # left out of the history, as in local play (refusals, replays, chat)
        self.box.append(msg)

    def say(self, text: str, interrupt: bool = False) -> None:
        self.box.append({"t": "say", "text": text, "kind": "info", "priority": HIGH, "cue": None, "pan": None,
                         "speak": True, "record": False})  # the session's history never saw it

    def set_rate(self, wpm: int) -> None:
        self.rate = clamp_rate(int(wpm))
        self.box.append({"t": "rate", "value": self.rate})

    def set_volume(self, percent: int) -> None:
        self.volume = max(0, min(100, int(percent)))
        self.box.append({"t": "volume", "value": self.volume})


class SeatSession(Session):
    """The local session's understanding and narration for one seat of a shared table."""

    def __init__(self, table: Table, seat: int, lang: str):
        self.table = table
        self.seat = seat
        super().__init__(table.kit, table.main.state, [Seat(s.name) for s in table.seats],
                         load_grammar(lang), load_catalog(lang), SeatOutput(), [], seed=table.seed)
        self.humans = {seat}
        self.narrator = table.kit.narrator(self.c, {seat})
        self.handover = False

    @property
    def state(self):
        return self.table.main.state

    @state.setter
    def state(self, value):
        pass  # the table owns the state

    def listener_view(self) -> dict:
        return self.kit.view(self.state, self.seat)

    def say(self, msgs, record: bool = True, narrated: bool = False, turn: int | None = None) -> None:
        """As in local play; what the history leaves out is marked so, and the seat's client
        leaves it out of its own history too (the history keys replay the same messages)."""
        out = self.out
        before, out.recording = out.recording, record
        try:
            super().say(msgs, record, narrated, turn)
        finally:
            out.recording = before

    def commit(self, action) -> bool:
        cur = self.kit.rules.current_player(self.state)
        if action is not None and cur != self.seat:
            who = self.table.seats[cur].name if 0 <= cur < len(self.table.seats) else ""
            self.say_key("online.not_your_turn", kind="error", player=who)
            return False
        return self.table.commit(action, self)

    def autosave(self, announce: bool = False) -> None:
        if announce:
            self.say_key("online.saved")

    def listening(self) -> dict:
        """What the seat's client needs to understand its player as local play does: the
        commands of the legal actions (only on the seat's own turn, so never another
        seat's options: the same commands its spoken help names), how many numbered
        choices are open, whether a yes/no question waits, the narration detail."""
        from voice_game.commands.grammar import freeze

        commands: dict[tuple, dict] = {}
        if self.kit.rules.current_player(self.state) == self.seat:
            for c in self.legal_commands():
                commands.setdefault(freeze(c), c)
        return {"commands": list(commands.values())[:P.MAX_COMMANDS], "choices": len(self.choices),
                "pending": self.asking_yes_no, "detail": self.detail}

    def meta(self, intent: str) -> None:
        cur = self.kit.rules.current_player(self.state)
        if intent == "help" and cur != self.seat:
            # another player's moves are not this seat's to make: what it can do while waiting
            who = self.table.seats[cur].name if 0 <= cur < len(self.table.seats) else ""
            self.say_key("online.not_your_turn", kind="help", player=who)
            words = [self.g.render({"intent": i}) for i in ("table", "my_cards", "scores", "whose_turn", "repeat",
                                                            "rules")]
            chat = (chat_prefixes(self.c.lang) or ("chat",))[0]
            self.say_key("online.help_waiting", kind="help", commands=", ".join(words), chat=chat)
            return
        super().meta(intent)


def chat_prefixes(lang: str) -> tuple[str, ...]:
    import tomllib

    from voice_game.paths import data_dir

    @functools.cache
    def load(lang):
        try:
            data = tomllib.loads((data_dir("grammars") / "online" / f"{lang}.toml").read_text(encoding="utf-8"))
            return tuple(str(x).lower() for x in data["chat"]["prefixes"])
        except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
            return ()

    return load(lang)


def chat_text(lang: str, line: str) -> str | None:
    """The words after "chat:" / "sag:" (the seat's language or English), else None."""
    head, colon, rest = line.partition(":")
    if not colon or not rest.strip():
        return None
    if head.strip().lower() in set(chat_prefixes(lang)) | set(chat_prefixes("en")):
        return rest.strip()
    return None


def take(buckets: dict[int, list[float]], seat: int, rate: float, burst: int) -> bool:
    """A token from the seat's bucket (``rate`` tokens a second, ``burst`` at most), if it has one."""
    now = time.monotonic()
    tokens, when = buckets.get(seat, (float(burst), now))
    tokens = min(float(burst), tokens + (now - when) * rate)
    if tokens >= 1.0:
        buckets[seat] = [tokens - 1.0, now]
        return True
    buckets[seat] = [tokens, now]
    return False


def tell(session: Session, events, view) -> None:
    """Narrate events to one session: together when the narrator merges them, else one by one."""
    if not events:
        return
    session.say(session.narrator.events(list(events), view) or [], narrated=True)  # merged where the game merges


class Table:
    def __init__(self, kit, state, seats, seed, lang, table_id, js, events_path=None,
                 bot_rngs=None, bot_memory=None, online=None, away_after: float | None = None,
                 keys: dict[int, str] | None = None, rate: float | None = RATE, pipelined: bool = False):
        self.kit = kit
        self.keys = dict(keys or {})  # seat -> its subjects' key (protocol.seat_key)
        self.rate = rate  # a seat's messages per second (None: no limit)
        self.buckets: dict[int, list[float]] = {}  # seat -> [tokens, when]
        self.loud: dict[int, list[float]] = {}  # seat -> [tokens, when] of what the others hear
        self.too_fast_said: dict[int, float] = {}
        self.granted: dict[int, int] = {}  # seat -> answers to prompts it may still send unlimited
        self.seats = seats
        self.seed = seed
        self.lang = lang
        self.id = table_id
        self.js = js
        self.kv: Any = None  # the snapshot bucket (nats.js.kv.KeyValue), once looked up
        self.main = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), SeatOutput(), [],
                            seed=seed, events_path=events_path, bot_rngs=bot_rngs, bot_memory=bot_memory)
        self.main.narrator = kit.narrator(self.main.c, set())  # spectators: everybody in third person
        self.main.handover = False
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot]
        online = online or {}
        self.langs = {int(k): v for k, v in (online.get("langs") or {}).items()}
        self.last_c = {int(k): int(v) for k, v in (online.get("last_c") or {}).items()}
        self.last_input_n = {int(k): int(v) for k, v in (online.get("last_input_n") or {}).items()}
        self.counters = {k: int(v) for k, v in (online.get("counters") or {}).items()}
        self.outbox: list[list] = [list(x) for x in online.get("outbox") or []]
        self.started = bool(online.get("started", False))
        self.joined = {int(x) for x in online.get("joined") or []}
        self.standin_moves = int(online.get("standin_moves") or 0)
        self.owners: dict[int, str | None] = {int(k): v for k, v in (online.get("owners") or {}).items()}
        self.away_after = away_after  # seconds of silence after which a bot plays for a seat
        self.last_seen = {i: time.monotonic() for i in self.humans}
        self.left: set[int] = set()  # said goodbye (or their input ended)
        self.standing_in: set[int] = set()  # seats a bot plays for right now
        self.sessions = {i: SeatSession(self, i, self.langs.get(i, lang)) for i in self.humans}
        self.outstanding: set[int] = set()
        self.queue: asyncio.Queue = asyncio.Queue()
        self.dirty = True
        self.closed = False  # the hub's keeper ends this table (``close``)
        # Snapshot and messages in one round trip (``flush``): on one server, whatever of this
        # connection's bytes reach it, the snapshot comes before the messages it numbers, and a
        # host that lives on repeats both until acknowledged (ids drop the repeats). With
        # replicas (a cluster) every stream has a leader of its own: there the snapshot is
        # acknowledged before the messages go out.
        self.pipelined = pipelined
        self.fence: Fence | None = None  # with leases: writes to the bucket refused once another service took it

    # --- the engine ------------------------------------------------------------
    def commit(self, action, actor: SeatSession | None = None) -> bool:
        main = self.main
        try:
            if action is None:
                new_state, events = self.kit.resolve_chance(main.state)
            else:
                new_state, events = self.kit.rules.apply(main.state, action)
        except RuleError as err:
            if actor is not None:
                actor.say(actor.narrator.reason(err, actor.listener_view()))
            return False
        mover = main.mover_of(action)
        main.state = new_state
        if actor is not None:
            main.think.restart()  # a human moved: the searching bots' shared budget starts anew
        main.log_events(events)
        main.feed_bots(events)
        self.narrate(events, mover)
        self.dirty = True
        return True

    def narrate(self, events, mover: int | None = None) -> None:
        """``mover``: whose move the events are ("since my turn" starts after a seat's own)."""
        for ss in self.sessions.values():
            with ss.narrating(mover):
                tell(ss, [e for e in events if e.visible_to(ss.seat)], ss.listener_view())
        tell(self.main, [e for e in events if e.to is None], self.kit.view(self.main.state, None))

    def held_back(self, current: int | None) -> None:
        """Before waiting for input: what each narrator still held back (another player's
        move being collected), and the next step for the seat whose turn it is."""
        for ss in [*self.sessions.values(), self.main]:
            v = ss.listener_view() if ss is not self.main else self.kit.view(self.main.state, None)
            ss.say(ss.narrator.flush(v) or [], narrated=True)
            if isinstance(ss, SeatSession) and ss.seat == current:
                ss.say(ss.narrator.prompt(v) or [], narrated=True)

    def open(self, opening_events) -> None:
        self.started = True
        self.dirty = True
        self.main.log_events(opening_events)
        self.main.feed_bots(opening_events)
        self.narrate(opening_events)

    def step(self) -> bool:
        """One move of chance or a bot; False when a human must act or the game is over."""
        rules = self.kit.rules
        if rules.is_over(self.main.state):
            return False
        p = rules.current_player(self.main.state)
        if p == CHANCE:
            self.commit(None)
            return True
        if p in self.main.bots:
            bot = self.main.bots[p]
            self.commit(bot.choose(self.kit.view(self.main.state, p), rules.legal_actions(self.main.state)))
            return True
        return False

    # --- messages --------------------------------------------------------------
    def send(self, seat: int | None, msg: dict) -> None:
        """Queue a message for one seat (None: the spectators)."""
        (self.main.out if seat is None else self.sessions[seat].out).box.append(msg)

    def collect(self) -> None:
        """Move what the sessions said into the numbered outbox."""
        for seat, out in [(None, self.main.out)] + [(i, s.out) for i, s in self.sessions.items()]:
            if not out.box:
                continue
            stream = P.public_stream(self.id) if seat is None else P.seat_stream(self.id, seat)
            subject = P.public_subject(self.id) if seat is None else self.seat_subject(seat)
            for msg in out.box:
                self.counters[stream] = self.counters.get(stream, 0) + 1
                self.outbox.append([subject, stream, {**msg, "n": self.counters[stream]}])
            out.box = []
            self.dirty = True

    def seat_subject(self, seat: int) -> str:
        return P.seat_subject(self.id, seat, self.keys.get(seat, P.NO_KEY))

    def snapshot(self) -> dict:
        data = {"format": "voice_game/save", "version": 1, **self.main.save_payload()}
        data["online"] = {"table": self.id, "langs": self.langs, "last_c": self.last_c,
                          "last_input_n": self.last_input_n, "counters": self.counters, "outbox": self.outbox,
                          "started": self.started, "joined": sorted(self.joined),
                          "standin_moves": self.standin_moves, "owners": self.owners}
        return data

    async def flush(self) -> None:
        """Snapshot first, then publish: a host that dies in between sends the rest on restart.
        While the server is away (restart, network) it tries again; nothing is lost."""
        from nats.js.errors import APIError

        self.collect()
        if not self.dirty:
            return
        resync = False
        for attempt in range(RETRIES):
            try:
                if self.dirty and self.pipelined and not resync:
                    # one round trip: the snapshot goes out first on this connection, the
                    # messages after it (see ``pipelined``); all acknowledgements awaited together
                    snap = await self.js.publish_async(
                        f"$KV.{P.bucket(self.id)}.{SNAPSHOT}",
                        json.dumps(self.snapshot(), ensure_ascii=False).encode("utf-8"), stream=f"KV_{P.bucket(self.id)}")
                    await self.publish_outbox(None, snapshot=snap)
                    self.dirty = False
                    return
                if self.dirty and self.fence is not None:
                    await self.fence.put(self.js, SNAPSHOT, json.dumps(self.snapshot(), ensure_ascii=False).encode())
                    self.dirty = False
                if self.dirty:
                    if self.kv is None:  # looked up once (a lookup is a round trip and a stream info)
                        self.kv = await self.js.key_value(P.bucket(self.id))
                    await self.kv.put(SNAPSHOT, json.dumps(self.snapshot(), ensure_ascii=False).encode("utf-8"))
                    self.dirty = False
                await self.publish_outbox(await self.stored() if resync else None)
                return
            except Fenced:
                raise  # another service plays this table now: nothing more from here
            except Exception as exc:  # noqa: BLE001 - no server right now: wait and try again
                self.kv = None
                # a message stored longer ago than the server remembers its id: skip what is stored
                resync = isinstance(exc, APIError) and exc.err_code == WRONG_LAST_SEQUENCE
                if attempt == RETRIES - 1:
                    raise
                await asyncio.sleep(RETRY_WAIT)

    async def stored(self) -> dict[str, int]:
        """The last sequence of each stream the outbox publishes to."""
        return {stream: (await self.js.stream_info(stream)).state.last_seq for stream in {x[1] for x in self.outbox}}

    async def publish_outbox(self, last_seq: dict | None = None, snapshot: asyncio.Future | None = None) -> None:
        """Publish the outbox in order, all of it at once: one round trip to the server for
        the lot, not one per message. Each message's id lets the server drop a repeat whose
        first acknowledgement was lost, and the sequence it expects before it keeps a later
        message from being stored after a lost one: a message's number stays its place in
        its stream. On an error, what was acknowledged leaves the outbox and the error is
        raised (``flush`` tries the rest again). ``snapshot``: the snapshot's acknowledgement,
        published just before, awaited with the messages (its failure is raised too)."""
        if snapshot is not None and not self.outbox:
            await asyncio.wait_for(snapshot, PUBLISH_TIMEOUT)
            return
        while self.outbox:
            batch = list(self.outbox)
            sending: list[asyncio.Future | None] = []
            for subject, stream, msg in batch:
                if last_seq is not None and msg["n"] <= last_seq.get(stream, 0):
                    sending.append(None)  # stored before the host stopped
                    continue
                headers = {"Nats-Msg-Id": f"{stream}.{msg['n']}", "Nats-Expected-Last-Sequence": str(msg["n"] - 1)}
                sending.append(await self.js.publish_async(
                    subject, json.dumps(msg, ensure_ascii=False).encode("utf-8"), stream=stream, headers=headers))
            futures = [f for f in sending if f is not None] + ([snapshot] if snapshot is not None else [])
            if futures:
                try:
                    await asyncio.wait_for(asyncio.gather(*futures, return_exceptions=True), PUBLISH_TIMEOUT)
                except TimeoutError:
                    pass  # the acknowledged ones leave the outbox; the rest are tried again
            for f in sending:
                if f is not None and (not f.done() or f.cancelled() or f.exception() is not None):
                    error = f.exception() if f.done() and not f.cancelled() else None
                    raise error or TimeoutError("no acknowledgement")
                self.outbox.pop(0)
            if snapshot is not None:
                if not snapshot.done() or snapshot.cancelled() or snapshot.exception() is not None:
                    raise (snapshot.exception() if snapshot.done() and not snapshot.cancelled() else None) \
                        or TimeoutError("no acknowledgement of the snapshot")
                snapshot = None

    def check_fence(self) -> None:
        """Raises Fenced once another service took this table (``failover.Fence``)."""
        if self.fence is not None and self.fence.lost:
            raise Fenced(self.id)

    def wake(self) -> None:
        self.queue.put_nowait((None, b""))

    def close(self) -> None:
        """The hub's keeper ends the table: at its next step everybody hears one sentence and
        the game's end; ``run`` returns CLOSED."""
        self.closed = True
        self.queue.put_nowait((None, b""))  # the loop wakes up

    def reconnected(self) -> None:
        """Back on the server after a drop: ask again, a prompt or a line may have been lost."""
        self.outstanding.clear()
        self.queue.put_nowait((None, b""))

    def prompt(self, seat: int) -> None:
        """Ask a seat for input, with what its recognizer and keys need (SeatSession.listening)."""
        self.send(seat, {"t": "prompt", "last": self.last_c.get(seat, 0), **self.sessions[seat].listening()})
        self.outstanding.add(seat)
        self.granted[seat] = min(2, self.granted.get(seat, 0) + 1)

    # --- what clients send -----------------------------------------------------
    def admit(self, seat: int, data: bytes) -> None:
        """A message as it arrives: queued for the table's loop, unless the seat sends too
        fast; then it is dropped unread and the seat hears one sentence now and then. The
        answer to a prompt is always let in (one per prompt: a scripted game plays at full
        speed); anything else counts against a token bucket per seat, on arrival: RATE
        messages a second, BURST at once."""
        if seat not in self.sessions:
            return
        if self.granted.get(seat, 0) > 0:
            self.granted[seat] -= 1
        elif not self.allowed(seat):
            return
        self.queue.put_nowait((seat, data))

    def allowed(self, seat: int) -> bool:
        if self.rate is None:
            return True
        if take(self.buckets, seat, self.rate, BURST):
            return True
        now = time.monotonic()
        if now - self.too_fast_said.get(seat, -TOO_FAST_EVERY) >= TOO_FAST_EVERY:
            self.too_fast_said[seat] = now
            self.sessions[seat].say_key("online.refused.too_fast", kind="error", record=False)
            self.queue.put_nowait((None, b""))  # the loop wakes up and says it
        return False

    def reaches_others(self, seat: int) -> bool:
        """Whether a seat may make the others hear something now (a chat line, "joined"): a
        second, smaller bucket per seat, so a flood that the first one lets in (its answers,
        its burst) is not said to every seat and spectator."""
        return self.rate is None or take(self.loud, seat, OTHERS_RATE, OTHERS_BURST)

    def receive(self, seat: int | None, data: bytes) -> None:
        """One message from a seat's client. Whatever it holds, and whatever goes wrong while
        it is handled, the table goes on: the seat hears at most one sentence."""
        ss = self.sessions.get(seat) if seat is not None else None
        if seat is None or ss is None:
            return
        try:
            self._receive(seat, ss, data)
        except Exception:  # noqa: BLE001 - one message never stops a table
            traceback.print_exc(file=sys.stderr)
            try:
                self.sessions[seat].say_key("app.error_internal", kind="error", record=False)
            except Exception:  # noqa: BLE001
                pass

    def _receive(self, seat: int, ss: SeatSession, data: bytes) -> None:
        try:
            cmd = P.parse_command(data)
        except ValueError as exc:
            ss.say_key(f"online.refused.{exc.args[0]}", kind="error", record=False)
            return
        kind, payload, claimed = cmd
        if claimed is not None and claimed != seat + 1:
            ss.say_key("online.refused.wrong_seat", kind="error", record=False)
            return
        took_over = False
        if kind == "hello":
            if cmd.cid is None and self.owners.get(seat) is not None:
                return  # a client naming no id never takes a seat from one that names its own
            took_over = self.take_over(seat, cmd.cid)
        elif seat in self.owners and cmd.cid != self.owners[seat]:
            return  # a client this seat has left for another: it was told and stopped
        self.last_seen[seat] = time.monotonic()
        if kind == "alive":
            return
        if kind == "bye":
            self.left.add(seat)
            self.outstanding.discard(seat)
            return
        self.left.discard(seat)
        if kind == "hello":
            self.hello(seat, payload)
            if took_over:  # after the welcome: the new client hears what it said before it
                ss = self.sessions[seat]  # (hello may have made the session anew in its language)
                ss.say_key("online.took_over", kind="info", record=False)
            return
        self.back(seat)
        c, text, confidence, source = payload
        if not self.started:
            ss.say_key("online.waiting", record=False, players=self.missing())
            return
        if c <= self.last_c.get(seat, 0):
            return  # already handled (a client repeating itself after a host restart)
        self.last_c[seat] = c
        self.last_input_n[seat] = self.counters.get(P.seat_stream(self.id, seat), 0)
        self.outstanding.discard(seat)
        self.dirty = True
        said = chat_text(self.langs.get(seat, self.lang), text)
        if said is not None:
            self.chat(seat, said)
            return
        try:
            ss.handle(InputLine(text, confidence, source), seat)
        except Exception:  # noqa: BLE001 - the player hears one sentence, never a traceback
            traceback.print_exc(file=sys.stderr)
            ss.say_key("app.error_internal", kind="error")
        if ss.quit:
            ss.quit = False
            ss.say_key("online.left_table", record=False)
            self.send(seat, {"t": "bye", **({"cid": self.owners[seat]} if self.owners.get(seat) else {})})
            self.outstanding.discard(seat)
            self.left.add(seat)

    def take_over(self, seat: int, cid: str | None) -> bool:
        """One live client per seat: a hello from another client takes the seat over (your
        own device dropped, or you moved to another one). The client that had it hears one
        sentence and stops; the new one is told it plays the seat now."""
        if seat not in self.owners:
            self.owners[seat] = cid
            self.dirty = True
            return False
        old = self.owners[seat]
        if cid == old:
            return False
        self.owners[seat] = cid
        self.dirty = True
        self.send(seat, {"t": "taken", "cid": old})  # only the old client acts on it
        return True

    def hello(self, seat: int, lang) -> None:
        from voice_game.commands.grammar import LANGUAGES

        if lang in LANGUAGES and lang != self.langs.get(seat, self.lang):
            self.collect()
            self.langs[seat] = lang
            self.sessions[seat] = SeatSession(self, seat, lang)
        self.send(seat, {"t": "welcome", "from": self.last_input_n.get(seat, 0), "seat": seat,
                         "name": self.seats[seat].name, "game": self.kit.name,
                         **({"cid": self.owners[seat]} if self.owners.get(seat) else {})})
        if self.reaches_others(seat):  # (a flood of hellos is not a flood of "joined")
            for other, os_ in self.sessions.items():
                if other != seat:
                    os_.say_key("online.joined", kind="info", player=self.seats[seat].name)
        self.back(seat)
        self.joined.add(seat)
        if not self.started and self.missing():
            self.sessions[seat].say_key("online.waiting", record=False, players=self.missing())
        self.outstanding.discard(seat)  # a (re)joined seat whose turn it is is asked again
        self.dirty = True

    def chat(self, seat: int, text: str) -> None:
        """Table chat: said to everybody else and the spectators, kept apart from the game's
        history (kind "chat", which a client may mute)."""
        if not self.reaches_others(seat):
            self.sessions[seat].say_key("online.refused.chat_too_fast", kind="error", record=False)
            return
        name = self.seats[seat].name
        for other, os_ in self.sessions.items():
            if other == seat:
                os_.say_key("online.chat_you", kind="chat", record=False, text=text)
            else:
                os_.say_key("online.chat", kind="chat", record=False, player=name, text=text)
        self.main.say_key("online.chat", kind="chat", record=False, player=name, text=text)

    # --- absent players ------------------------------------------------------------
    def away(self, seat: int) -> bool:
        if self.away_after is None or not self.started:
            return False
        return seat in self.left or time.monotonic() - self.last_seen.get(seat, 0) > self.away_after

    def stand_in(self, seat: int) -> None:
        """A bot plays one move for an absent player (said once to everybody when it starts)."""
        if seat not in self.standing_in:
            self.standing_in.add(seat)
            for ss in self.sessions.values():
                ss.say_key("online.standin", kind="info", player=self.seats[seat].name)
            self.main.say_key("online.standin", kind="info", player=self.seats[seat].name)
        bot = self.kit.make_bot(STANDIN_LEVEL, self.seed * 1000 + 500 + self.standin_moves)
        if isinstance(bot, Remembering):
            bot.seat = seat
        self.standin_moves += 1
        rules = self.kit.rules
        self.commit(bot.choose(self.kit.view(self.main.state, seat), rules.legal_actions(self.main.state)))

    def back(self, seat: int) -> None:
        if seat in self.standing_in:
            self.standing_in.discard(seat)
            for ss in self.sessions.values():
                ss.say_key("online.standin_over", kind="info", player=self.seats[seat].name)
            self.main.say_key("online.standin_over", kind="info", player=self.seats[seat].name)

    def missing(self) -> str:
        names = [self.seats[i].name for i in self.humans if i not in self.joined]
        return self.main.narrator.join(names) if names else ""

    # --- the loop --------------------------------------------------------------
    async def run(self) -> int:
        """Wait until every human seat has joined (so each hears the game in its own
        language from the first word), then play to the end."""
        rules = self.kit.rules
        while not self.started and not self.closed:
            self.check_fence()
            await self.flush()
            if not self.missing():
                self.open(self.kit.rules.opening_events(self.main.state))
                break
            seat, data = await self.queue.get()
            self.receive(seat, data)
        while not self.closed:
            self.check_fence()
            while self.step():
                if self.bot_to_move():
                    await self.flush()  # heard before the bot thinks; chance moves go out together
            if rules.is_over(self.main.state):
                self.held_back(None)
                await self.flush()
                break
            p = rules.current_player(self.main.state)
            if self.away(p):
                self.stand_in(p)
                continue
            if p not in self.outstanding:
                self.held_back(p)
                self.prompt(p)
            await self.flush()
            try:
                timeout = None if self.away_after is None else 0.5
                seat, data = await asyncio.wait_for(self.queue.get(), timeout)
            except TimeoutError:
                continue  # look again: has the player whose turn it is gone away?
            self.receive(seat, data)
            if self.bot_to_move():
                await self.flush()  # heard before a bot thinks; else with what follows, in one flush
        if self.closed:  # one sentence to every seat and the spectators, then the end
            for ss in [*self.sessions.values(), self.main]:
                ss.say_key("online.closed_by_keeper", kind="info")
        for seat in [None, *self.sessions]:
            self.send(seat, {"t": "over"})
        self.dirty = True
        await self.flush()
        if self.closed:
            return CLOSED  # its streams and users go (TableService.close_table)
        await self.expire()
        return 0

    def bot_to_move(self) -> bool:
        """Whether a bot moves next (it may think a while: what was said goes out first). A
        chance move is instant, and a human's prompt goes out with what came before it."""
        rules = self.kit.rules
        if rules.is_over(self.main.state):
            return False
        p = rules.current_player(self.main.state)
        return p in self.main.bots or (p in self.sessions and self.away(p))

    async def expire(self) -> None:
        """A finished table's history and snapshot stay for late rejoins and spectators for
        KEEP_FINISHED seconds, then the server removes them. A cluster that lost the node
        leading its metadata answers no stream update until it elected another (seconds):
        tried again meanwhile, EXPIRE_TRIES times."""
        from nats.js.errors import BadRequestError

        for name in P.table_streams(self.id, list(self.sessions)):
            for attempt in range(EXPIRE_TRIES):
                try:
                    info = await self.js.stream_info(name)
                    cfg = info.config
                    cfg.max_age = KEEP_FINISHED
                    if cfg.duplicate_window and cfg.duplicate_window > KEEP_FINISHED:
                        cfg.duplicate_window = KEEP_FINISHED  # the server refuses a window over the age
                    await self.js.update_stream(cfg)
                    break
                except BadRequestError:  # refused: then sweep() removes them after IDLE_LIMIT
                    traceback.print_exc(file=sys.stderr)
                    break
                except Exception as exc:  # noqa: BLE001 - no answer (yet): again, then left to sweep()
                    if attempt == EXPIRE_TRIES - 1:
                        print(f"{name} keeps the age of an abandoned table, no answer from the server: {exc!r}",
                              file=sys.stderr, flush=True)
                    else:
                        await asyncio.sleep(RETRY_WAIT * 2 ** attempt)
