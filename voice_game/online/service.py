"""One host service for many tables: every table of a process on one admin connection.

``TableService`` keeps any number of tables (``voice_game.online.host.Table``) in one
asyncio event loop: one connection to the server, one subscription per table for its
seats' commands (``vg.TABLE.*.cmd.*``, dispatched by key and seat; made when the table
starts or is taken over here, so the server announces it afresh to every node of a
cluster, see ``_listen``), one task per table.
``voice-game host`` runs one table on it; the lobby of ``voice-game server`` runs all of
its tables on one::

    service = TableService(server="nats://127.0.0.1:4222", folder=server_dir)
    await service.start()
    info = await service.create("orchestra", ["Anna", "bot:Ben"], variants=[], lang="en")
    info.seats[0].code      # the join code of Anna's seat (None for a bot's)
    await service.wait(info.table)   # 0 when the game is over
    await service.close()

A table that cannot be set up raises ``ServiceError`` with the one sentence's message
key and parameters (``catalog.get(err.key, **err.params)``).

Hardening lives here and in ``Table.receive``: a message stored by the server (it
carries the ``Nats-Stream`` header: somebody had a stored message sent to a reply
subject of their choosing) or one on a subject whose key is not the seat's own is
dropped unread; an exception in one table is that table's alone. Users of the server
folder are added under its lock file, and a reload is skipped when the new users can
already log in (``provision``), so many hosts can start at once. ``sweep`` removes the
users and streams of tables the server has emptied (finished for ``KEEP_FINISHED``,
untouched for ``IDLE_LIMIT``).
"""
from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voice_game.online import protocol as P
from voice_game.online import server as S
from voice_game.online.failover import Fence, Fenced

READY_TRIES = 50  # tenths of a second a reload may take before the new users can log in
IDLE_LIMIT = 14 * 24 * 3600  # seconds after its last move an abandoned table's snapshot expires
SWEEP_GRACE = 600.0  # seconds a table file may exist without streams (it is being created)
SWEEP_EVERY = 3600.0  # seconds between two sweeps of a running service
CREATE_TRIES = 8  # attempts of a JetStream call while the server reloads (with backoff)
FENCED = 4  # what a table's task gives when another service took it (failover.Fenced)
CLOSE_WAIT = 30.0  # seconds a closed table may take to say its last sentence
CLOSE_GRACE = 1.0  # seconds between that sentence and the removal of the table's users
SNAPSHOT_TRIES = 12  # reads of a taken-over table's snapshot until it is as new as its streams (about 25 s)


class _Behind(Exception):
    """A snapshot read older than what the table's streams hold."""


class ServiceError(Exception):
    """A table that cannot be opened: the one sentence that says why (message key and parameters)."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


@dataclass(frozen=True)
class SeatInfo:
    index: int  # 0-based seat number
    name: str
    bot: bool
    code: str | None  # the join code of a human seat (secret: give it to that player only)


@dataclass(frozen=True)
class TableInfo:
    table: str  # the table's id: also its spectator code (``voice-game watch TABLE``)
    game: str
    lang: str
    variants: tuple[str, ...]
    seats: tuple[SeatInfo, ...]
    created: float = field(default_factory=time.time)

    def codes(self) -> dict[str, str]:
        """{seat name: join code} of the human seats."""
        return {s.name: s.code for s in self.seats if s.code is not None}


@dataclass
class _Hosted:
    table: Any  # host.Table
    info: TableInfo
    task: asyncio.Task | None = None
    result: int | None = None


async def with_retries(make, tries: int = CREATE_TRIES, first_wait: float = 0.2,
                       final: tuple[type[Exception], ...] = ()):
    """``await make()`` again after a timeout or a lost answer (a server busy reloading, a
    cluster electing a leader); an exception of a ``final`` type is raised at once."""
    wait = first_wait
    for attempt in range(tries):
        try:
            return await make()
        except Exception as exc:  # noqa: BLE001 - nats.errors.TimeoutError, no responders, a reload
            if attempt == tries - 1 or isinstance(exc, final):
                raise
            await asyncio.sleep(wait)
            wait = min(wait * 2, 3.0)
    return None


async def create_streams(js, table_id: str, humans: list[int], keys: dict[int, str], replicas: int = 1) -> None:
    """The table's streams (one per human seat, one public) and its snapshot bucket; an
    abandoned table's messages and snapshot expire after IDLE_LIMIT. ``replicas``: copies
    kept by the nodes of a cluster (3: one node may fail)."""
    from nats.js.api import StreamConfig

    for seat in humans:
        await with_retries(lambda seat=seat: js.add_stream(StreamConfig(
            name=P.seat_stream(table_id, seat), subjects=[P.seat_subject(table_id, seat, keys[seat])],
            allow_direct=True, max_msgs=200_000, max_age=IDLE_LIMIT, num_replicas=replicas)))
    await with_retries(lambda: js.add_stream(StreamConfig(
        name=P.public_stream(table_id), subjects=[P.public_subject(table_id)], allow_direct=True, max_msgs=200_000,
        max_age=IDLE_LIMIT, num_replicas=replicas)))
    await with_retries(lambda: js.create_key_value(bucket=P.bucket(table_id), history=1, ttl=IDLE_LIMIT,
                                                   replicas=replicas))


class TableService:
    """Many tables in one process, on one connection to one server (see the module)."""

    def __init__(self, server: str, folder: Path, *, away_after: float | None = None, log=None,
                 rate: float | None = P.SEAT_RATE, replicas: int = 1, lease: float | None = None):
        """``replicas``: copies of each table's streams in a cluster; ``lease``: seconds
        after which another service sharing the folder takes over a table of this one
        that stopped renewing (voice_game.online.failover; None: no leases)."""
        from voice_game.online.failover import Leases

        self.server = server
        self.replicas = replicas
        self.leases = Leases(self, lease) if lease else None
        self._watch: asyncio.Task | None = None
        self.rate = rate  # a seat's messages per second (None: no limit; a test's hostile flood)
        self.folder = Path(folder)
        self.away_after = away_after
        self.log = log or sys.stderr
        self.nc: Any = None
        self.js: Any = None
        self.hosted: dict[str, _Hosted] = {}
        self._listening: dict[str, Any] = {}  # table -> the subscription to its seats' commands
        self._provision = asyncio.Lock()
        self._sweeper: asyncio.Task | None = None
        self._frozen = False

    # --- the connection ------------------------------------------------------------
    async def start(self, sweep_every: float | None = None) -> None:
        """Connect as the folder's admin and listen for every table's commands; with
        ``sweep_every``, remove emptied tables that often (see ``sweep``)."""
        from voice_game.online.client import connect

        if not (self.folder / "admin.secret").exists():
            raise ServiceError("online.no_server_dir", folder=self.folder)
        try:
            self.nc = await connect(self.server, S.ADMIN, S.admin_password(self.folder), on_reconnect=self._reconnected,
                                    inbox=S.admin_inbox(self.folder))
        except Exception as exc:  # noqa: BLE001
            raise ServiceError("online.connect_failed", server=self.server) from exc
        self.js = self.nc.jetstream()
        if sweep_every:
            self._sweeper = asyncio.ensure_future(self._sweep_loop(sweep_every))
        if self.leases is not None:
            self._watch = asyncio.ensure_future(self.leases.run())

    async def _listen(self, table_id: str) -> None:
        """Hear the table's seats: a subscription of its own, made when the table starts or is
        taken over here. One subscription of every table's commands shared by all services
        went deaf in a cluster: nats-server before 2.9.17, after a reload of its accounts
        (every new table reloads them), may tell the other nodes that nobody on a node listens
        to a subject when one of two connections there listening to it goes (the service that
        played the table, killed), so the service taking the table over heard only the seats
        on its own node. A table's own subject is announced anew when the service taking it
        over subscribes, after the old one is gone (tests/online/test_cluster.py)."""
        if table_id not in self._listening:
            self._listening[table_id] = await self.nc.subscribe(P.table_commands(table_id), cb=self._on_command)

    async def _unlisten(self, table_id: str) -> None:
        sub = self._listening.pop(table_id, None)
        if sub is not None:
            try:
                await sub.unsubscribe()
            except Exception:  # noqa: BLE001 - the connection is closing
                pass

    def _reconnected(self) -> None:
        for h in self.hosted.values():
            h.table.reconnected()

    async def _on_command(self, msg) -> None:
        """Dispatch one command to its table; never raises (a stored message replayed to this
        subject, an unknown table or a wrong key: dropped unread)."""
        try:
            if msg.headers and "Nats-Stream" in msg.headers:
                return
            addr = P.command_address(msg.subject)
            if addr is None:
                return
            table_id, key, seat = addr
            h = self.hosted.get(table_id)
            if h is None or h.table.keys.get(seat) != key:
                return
            h.table.admit(seat, msg.data)
        except Exception:  # noqa: BLE001 - the subscription must live on
            traceback.print_exc(file=self.log)

    async def close(self) -> None:
        for task in (self._sweeper, self._watch):
            if task is not None:
                task.cancel()
        for h in self.hosted.values():
            if h.task is not None and not h.task.done():
                h.task.cancel()
        try:
            await self.nc.drain()
        except Exception:  # noqa: BLE001
            pass

    # --- tables --------------------------------------------------------------------
    async def create(self, game: str | None, players: str | list[str] | None = None,
                     variants: str | list[str] | tuple[str, ...] = (), lang: str = "en", *, seed: int | None = None,
                     deck: Path | None = None, events: Path | None = None,
                     away_after: float | None = None) -> TableInfo:
        """A new table, dealt as in local play, running on this service; its humans' join
        codes are in the answer. ``players``: "Anna,bot:Ben" or a list of such names (None:
        the default player and two bots). Raises ServiceError (one sentence) when it cannot
        be set up."""
        from voice_game.app import SetupProblem, choose_table, deal, parse_variants, random_seed, setup_answers
        from voice_game.audio.text import SilentOutput
        from voice_game.narration.catalog import load_catalog
        from voice_game.online.host import Table
        from voice_game.session import Seat

        catalog = load_catalog(lang)
        chosen = parse_variants(variants) if isinstance(variants, str) else [str(v) for v in variants]
        spec = ",".join(players) if isinstance(players, list) else players
        try:  # the same table and the same sentences as in local play
            kit, seats, deck_order = choose_table(game, spec, deck, catalog.get("setup.default_player"))
            seed = seed if seed is not None else random_seed()
            # nobody types at the host: every seat's answer (birth year) comes from the seed, as for bots
            extra = setup_answers(kit, [Seat(s.name, "bot") for s in seats], chosen, seed, catalog, SilentOutput(), [])
            state = deal(kit, seats, chosen, seed, deck_order, extra, catalog)
        except SetupProblem as problem:
            raise ServiceError(problem.key, **problem.params) from None
        humans = [i for i, s in enumerate(seats) if not s.is_bot]
        table_id = P.new_table_id()
        passwords = await self.provision(table_id, humans)
        keys = {i: P.seat_key(pw) for i, pw in passwords.items()}
        await create_streams(self.js, table_id, humans, keys, self.replicas)
        if events is not None and events.exists():
            events.unlink()
        if self.leases is not None:
            await self.leases.hold(table_id)
        table = Table(kit, state, seats, seed, lang, table_id, self.js, events_path=events,
                      away_after=away_after if away_after is not None else self.away_after, keys=keys, rate=self.rate,
                      pipelined=self.replicas == 1 and self.leases is None)
        await self._fence(table)
        info = TableInfo(table_id, kit.name, lang, tuple(chosen), tuple(
            SeatInfo(i, s.name, s.is_bot, None if s.is_bot else P.make_code(table_id, i, passwords[i]))
            for i, s in enumerate(seats)))
        self.hosted[table_id] = h = _Hosted(table, info)
        try:
            await self._listen(table_id)
            await table.flush()
        except BaseException:
            del self.hosted[table_id]
            await self._unlisten(table_id)
            raise
        self._run(h)
        return info

    async def resume(self, table_id: str, lang: str = "en", *, events: Path | None = None,
                     away_after: float | None = None) -> TableInfo:
        """A table from its snapshot (after its host stopped): state, bots, counters and what
        was still to be published. Raises ServiceError when there is no such table."""
        from voice_game.core.errors import SaveError
        from voice_game.games import get as get_kit
        from voice_game.online.host import SNAPSHOT, Table
        from voice_game.session import Seat

        if not P.is_table_id(table_id):
            raise ServiceError("online.bad_table")
        if table_id in self.hosted:
            return self.hosted[table_id].info
        from nats.js.errors import NotFoundError

        from voice_game.online.failover import latest

        async def snapshot() -> dict:
            """The snapshot as the leader of its stream has it (not a replica's, which may lag),
            and no older than what the table's streams hold: it is stored before what it numbers
            is published, so a stream holding more means a store still catching up: read again.
            (Seen once after a node died and the host was killed: a snapshot counting 47 and 69
            seat messages while the streams held 54 and 79; the new host resumed the older game
            and its seats waited for ever.)"""
            data = json.loads((await latest(self.js, table_id, SNAPSHOT)).data.decode("utf-8"))
            for stream, n in data["online"]["counters"].items():
                if (await self.js.stream_info(stream)).state.last_seq > int(n):
                    raise _Behind(stream)
            return data

        try:
            data = await with_retries(snapshot, SNAPSHOT_TRIES, final=(NotFoundError, ValueError, KeyError, TypeError,
                                                                       AttributeError))
            kit = get_kit(data["game"])
            seats = [Seat(str(s["name"]), str(s["kind"])) for s in data["seats"]]
            state = kit.rules.state_from_json(data["state"])
            passwords = S.table_passwords(self.folder, table_id)
        except SaveError:
            raise ServiceError("online.snapshot_damaged", table=table_id) from None
        except Exception:  # noqa: BLE001 - no such table, or a damaged snapshot: one sentence
            raise ServiceError("online.no_table", table=table_id) from None
        keys = {i: P.seat_key(pw) for i, pw in passwords.items()}
        try:
            table = Table(kit, state, seats, int(data.get("seed", 0)), data.get("lang") or lang, table_id, self.js,
                          events_path=events, bot_rngs=data.get("bot_rngs") or [],
                          bot_memory=data.get("bot_memory") or [], online=data["online"],
                          away_after=away_after if away_after is not None else self.away_after, keys=keys,
                          rate=self.rate, pipelined=self.replicas == 1 and self.leases is None)
        except Exception:  # noqa: BLE001
            raise ServiceError("online.snapshot_damaged", table=table_id) from None
        await self._fence(table)
        info = TableInfo(table_id, kit.name, table.lang, tuple(data.get("variants") or ()), tuple(
            SeatInfo(i, s.name, s.is_bot, None if s.is_bot else P.make_code(table_id, i, passwords[i]))
            for i, s in enumerate(seats)))
        # heard from before the rest of the outbox goes out: an answer to a prompt in it waits in the table's queue
        self.hosted[table_id] = h = _Hosted(table, info)
        try:
            await self._listen(table_id)

            async def rest() -> None:  # what is not stored yet (a cluster may be electing a stream's leader)
                await table.publish_outbox(await table.stored())

            await with_retries(rest)
        except BaseException:
            del self.hosted[table_id]
            await self._unlisten(table_id)
            raise
        self._run(h)
        return info

    def _run(self, h: _Hosted) -> None:
        if not self._frozen:
            # what the first table loaded (grammars, catalogs, the games' modules) lives as long as
            # the process: out of the collector's way, a full collection takes a third of the time
            gc.freeze()
            self._frozen = True
        table, info = h.table, h.info

        async def run() -> int:
            try:
                h.result = await table.run()
                if self.leases is not None:
                    await self.leases.hold(info.table, over=True)  # nobody takes a finished table
            except asyncio.CancelledError:
                raise
            except Fenced:
                print(f"table {info.table}: another service plays it now; it stops here", file=self.log, flush=True)
                h.result = FENCED
            except Exception:  # noqa: BLE001 - this table stops; the others play on
                traceback.print_exc(file=self.log)
                h.result = 1
            await self._unlisten(info.table)
            return h.result

        h.task = asyncio.ensure_future(run())

    async def wait(self, table_id: str) -> int:
        """Until the table's game is over (0), or its host gave up (1)."""
        h = self.hosted[table_id]
        assert h.task is not None
        return await asyncio.shield(h.task)

    async def close_table(self, table_id: str) -> bool:
        """The hub's keeper ends a table playing here: every seat and spectator hears one
        sentence and the game's end (``Table.close``), then its streams and users go. False
        when no such table plays here."""
        h = self.hosted.get(table_id)
        if h is None or h.task is None or h.task.done():
            return False
        h.table.close()
        try:
            await asyncio.wait_for(asyncio.shield(h.task), CLOSE_WAIT)
        except Exception:  # noqa: BLE001 - it ends anyway: its streams and users go
            traceback.print_exc(file=self.log)
        await asyncio.sleep(CLOSE_GRACE)  # the clients hear the end before their users go
        await self.remove(table_id)
        return True

    async def remove(self, table_id: str) -> None:
        """A table's streams (history, snapshot, lease) and its users, now."""
        try:
            seats = sorted(S.table_passwords(self.folder, table_id))
        except (OSError, ValueError, KeyError):
            seats = []
        for name in P.table_streams(table_id, seats):
            try:
                await self.js.delete_stream(name)
            except Exception:  # noqa: BLE001 - already gone
                pass
        if S.remove_tables(self.folder, [table_id]):
            S.reload(self.folder)

    def fence_of(self, table_id: str) -> Fence | None:
        h = self.hosted.get(table_id)
        return None if h is None else h.table.fence

    def fenced(self, table_id: str) -> None:
        """Another service took this table (a refused write): its loop wakes up and stops."""
        h = self.hosted.get(table_id)
        if h is not None:
            h.table.wake()

    async def _fence(self, table) -> None:
        """With leases: the table's writes to its bucket expect what this service last saw there."""
        if self.leases is not None:
            info = await with_retries(lambda: self.js.stream_info(f"KV_{P.bucket(table.id)}"))
            table.fence = Fence(table.id, self.leases.owner, info.state.last_seq)

    def forget(self, table_id: str) -> None:
        """Drop a finished table from this service's memory (its snapshot and streams stay
        for late rejoins until the server expires them; ``sweep`` removes its users)."""
        h = self.hosted.get(table_id)
        if h is not None and h.task is not None and h.task.done():
            del self.hosted[table_id]

    def tables(self) -> list[TableInfo]:
        return [h.info for h in self.hosted.values()]

    def info(self, table_id: str) -> TableInfo | None:
        h = self.hosted.get(table_id)
        return None if h is None else h.info

    def running(self) -> list[str]:
        return [t for t, h in self.hosted.items() if h.task is not None and not h.task.done()]

    # --- users on the server ---------------------------------------------------------
    async def provision(self, table_id: str, seats: list[int]) -> dict[int, str]:
        """The seats' users on the server: the table's file, then (under the folder's lock)
        auth.conf and one reload, unless a reload of another host already let them in."""
        passwords = S.write_table(self.folder, table_id, seats)
        if not seats:
            return passwords
        first = seats[0]
        async with self._provision:
            if await self._can_log_in(table_id, first, passwords[first], tries=1):
                return passwords
            lock = await asyncio.to_thread(_Lock, self.folder)
            try:
                if not await self._can_log_in(table_id, first, passwords[first], tries=1):
                    S.write_auth(self.folder)
                    S.reload(self.folder)
                    if not await self._can_log_in(table_id, first, passwords[first], tries=READY_TRIES):
                        raise ServiceError("online.reload_failed", folder=self.folder)
            finally:
                lock.release()
        return passwords

    async def _can_log_in(self, table: str, seat: int, password: str, tries: int) -> bool:
        import nats

        from voice_game.online.client import tls_context

        async def quiet(_exc):
            pass

        for attempt in range(tries):
            try:
                tls = tls_context(self.server)
                nc = await nats.connect(self.server.split(","), user=P.seat_user(table, seat), password=password,
                                        connect_timeout=2, allow_reconnect=False, max_reconnect_attempts=0,
                                        error_cb=quiet, **({"tls": tls} if tls is not None else {}))
                await nc.close()
                return True
            except Exception:  # noqa: BLE001 - not yet reloaded
                if attempt < tries - 1:
                    await asyncio.sleep(0.1)
        return False

    # --- expiry ------------------------------------------------------------------------
    async def sweep(self, grace: float = SWEEP_GRACE) -> list[str]:
        """Remove the users and streams of tables whose snapshot the server no longer has
        (finished and kept KEEP_FINISHED, or untouched IDLE_LIMIT), except those running
        here and files younger than ``grace`` seconds (a table another host is creating).
        Returns the removed tables."""
        gone = []
        now = time.time()
        for table_id in S.table_ids(self.folder):
            if table_id in self.running():
                continue
            try:
                if now - (self.folder / "tables" / f"{table_id}.json").stat().st_mtime < grace:
                    continue
            except OSError:
                continue
            if await self._has_snapshot(table_id):
                continue
            seats = sorted(S.table_passwords(self.folder, table_id))
            for name in P.table_streams(table_id, seats):
                try:
                    await self.js.delete_stream(name)
                except Exception:  # noqa: BLE001 - already gone
                    pass
            gone.append(table_id)
        if gone:
            S.remove_tables(self.folder, gone)
            S.reload(self.folder)
        for table_id in gone:
            h = self.hosted.pop(table_id, None)
            del h
        return gone

    async def _has_snapshot(self, table_id: str) -> bool:
        from nats.js.errors import NotFoundError

        try:
            info = await self.js.stream_info(f"KV_{P.bucket(table_id)}")
        except NotFoundError:
            return False
        except Exception:  # noqa: BLE001 - no answer now: keep it, try again next time
            return True
        return bool(info.state.messages)

    async def _sweep_loop(self, every: float) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - next time
                traceback.print_exc(file=self.log)
            await asyncio.sleep(every)


class _Lock:
    """The server folder's lock file, taken in a thread (it may wait for another process)."""

    def __init__(self, folder: Path):
        self._cm = S.locked(folder)
        self._cm.__enter__()

    def release(self) -> None:
        self._cm.__exit__(None, None, None)
