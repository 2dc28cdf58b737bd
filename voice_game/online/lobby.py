"""The lobby: where players meet, list tables, open them, sit down, invite and start.

The lobby runs inside ``voice-game server`` (``lobby_server``) and answers small JSON
requests on the web port (``lobby_web``: ``POST /lobby/<what>``; the start menu's
``lobby_client`` and the browser page use them). A player is an account: a name and a
secret the client made and keeps in its config folder; the first hello with a new name
creates it (the server keeps only a salted hash), a wrong secret is refused and counted.

A table waits in the lobby until its owner starts it: its seats are free, taken by a
player (a named account, or a browser guest who came with the table's spoken code) or
by a bot. Started, it is hosted on the lobby's one host service (``service.TableService``:
every table in this process, on one connection to the server folder's nats-server), and
each seated player's client hears its own seat's join code from the lobby
(``/lobby/wait``), and only its own: codes never appear in the table list. A watcher gets the table's name once it plays.

The playing tables are written to ``lobby/tables.json`` (their seats, not their codes): a
restarted server resumes each from its snapshot (``TableService.resume``) and its players
rejoin with the codes they have. A finished table leaves the list, and after
``KEEP_OVER`` seconds the lobby's memory.

Every answer is ``{"ok": ...}`` or ``{"error": key, ...params}``; ``key`` names the
message ``lobby.error.<key>`` the client says in its player's language.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import re
import secrets
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from voice_game.atomic import write_atomic
from voice_game.online import codes as C

NAME = re.compile(r"^[^\W_][\w .'-]{0,23}$")  # letters first; no comma or colon (the host's seat list)
SECRET_MIN = 16
MAX_TABLES = 200
WAIT_SECONDS = 20.0
SWEEP_EVERY = 3600.0  # seconds between two sweeps of emptied tables' users and streams
HELLO_TRIES = 10  # wrong secrets per client and window (the codes' window)
NEW_ACCOUNTS = 20  # accounts a client may create per window
BARRED_FILE = "barred.json"  # in the lobby folder: names the hub's keeper barred (``voice-game server --bar``)


def set_barred(folder: Path, name: str, barred: bool = True) -> list[str]:
    """The keeper bars (or lets back) a name in a server folder; a running server reads the
    file again at its next request. Returns the barred names."""
    path = Path(folder) / "lobby" / BARRED_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    had = read_barred(path)
    key = name.strip().casefold()
    names = sorted(had | {key}) if barred else sorted(had - {key})
    write_atomic(path, json.dumps(names, ensure_ascii=False).encode("utf-8"))
    os.chmod(path, 0o600)
    return names


CLOSED_FILE = "closed.json"  # in the lobby folder: tables the keeper closed (``voice-game server --close``)
KEEPER_EVERY = 1.0  # seconds between two looks at the keeper's files (besides each request)


def set_closed(folder: Path, table: str) -> list[str]:
    """The keeper closes a table (the lobby's id or the hosted table's name): a running
    server ends it within seconds. Returns the closed tables' names."""
    path = Path(folder) / "lobby" / CLOSED_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    names = sorted(read_barred(path) | {table.strip().casefold()})
    write_atomic(path, json.dumps(names, ensure_ascii=False).encode("utf-8"))
    os.chmod(path, 0o600)
    return names


def _seen(path: Path) -> tuple[int, int, int] | None:
    """A file as it is now (mtime, inode, size; replaced: a new inode), None: none."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_ino, st.st_size)


def read_barred(path: Path) -> set[str]:
    """The names in one of the keeper's files (a JSON list), casefolded."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {str(x).casefold() for x in data if isinstance(x, str)} if isinstance(data, list) else set()
KEEP_OVER = 300.0  # seconds a finished table is still answered (its players hear that it ended), then forgotten


def _hash(secret: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", secret.encode("utf-8"), salt, 100_000)


@dataclass
class LobbySeat:
    kind: str = "free"  # free, player, guest, bot
    name: str = ""
    account: str = ""  # the account's key (a player), or the guest's ticket
    code: str = ""  # the seat's join code once the table plays (only ever sent to its player)


@dataclass
class LobbyTable:
    id: str
    game: str
    lang: str
    variants: list[str]
    owner: str
    seats: list[LobbySeat]
    state: str = "waiting"  # waiting, starting, playing, over
    table: str = ""  # the hosted table's name (for watchers) once it plays
    version: int = 0
    ended: float = 0.0  # when it went over (time.monotonic)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    # who its owner removed: account keys, and guests' names (casefolded); they cannot sit here again
    removed: set[str] = field(default_factory=set)

    def touch(self) -> None:
        if self.state == "over" and not self.ended:
            self.ended = time.monotonic()
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()

    def seated(self, account: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.kind in ("player", "guest") and s.account == account),
                    None)

    def public(self) -> dict[str, Any]:
        """What everybody in the lobby may know: no code, no account key."""
        return {"id": self.id, "game": self.game, "lang": self.lang, "variants": list(self.variants),
                "state": self.state, "free": sum(s.kind == "free" for s in self.seats),
                "seats": [{"kind": s.kind, "name": s.name} for s in self.seats]}


class Lobby:
    """Accounts, waiting tables, their codes and their hosts."""

    def __init__(self, folder: Path, server: str):
        self.folder = Path(folder)
        self.server = server  # the nats-server address the hosts use (this machine)
        self.dir = self.folder / "lobby"
        self.accounts: dict[str, dict[str, str]] = {}
        self.tables: dict[str, LobbyTable] = {}
        self.invites = C.Invites()
        self.limits = C.Invites(tries=HELLO_TRIES)  # wrong secrets and new accounts, per client
        self.created: dict[str, list[float]] = {}
        self.guests: dict[str, str] = {}  # a browser guest's ticket -> its table
        self.serial = 0
        self.service: Any = None  # the host service of the tables started here (service.TableService)
        self.barred: set[str] = set()  # names (casefolded) the keeper barred
        self._barred_seen: tuple[int, int, int] | None = None  # the barred file as last read (mtime, inode, size)
        self.barred_tickets: set[str] = set()  # browser guests the keeper's list took off a table
        self.closed: set[str] = set()  # tables (ids or hosted names, casefolded) the keeper closed
        self._closed_seen: tuple[int, int, int] | None = None
        self.closing: set[str] = set()  # playing tables being closed now
        self._keeper: asyncio.Task | None = None

    # --- lifetime ------------------------------------------------------------------------
    async def start(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.dir, 0o700)
        try:
            data = json.loads((self.dir / "accounts.json").read_text(encoding="utf-8"))
            self.accounts = {str(k): dict(v) for k, v in data.items() if isinstance(v, dict)}
        except (OSError, ValueError):
            self.accounts = {}
        await self._resume_tables()
        self._keeper = asyncio.ensure_future(self._keeper_loop())

    async def _keeper_loop(self) -> None:
        """The keeper's lists, also while nobody asks the lobby anything (a table plays)."""
        while True:
            try:
                self._read_barred()
                self._read_closed()
            except Exception:  # noqa: BLE001 - next time
                traceback.print_exc(file=sys.stderr)
            await asyncio.sleep(KEEPER_EVERY)

    async def close(self) -> None:
        if self._keeper is not None:
            self._keeper.cancel()
        if self.service is not None:
            await self.service.close()  # the tables' snapshots stay: TableService.resume goes on

    # --- the playing tables across a restart ---------------------------------------------
    def _save_tables(self) -> None:
        """The playing tables (seats and hosted name; the codes are the server folder's)."""
        playing = [{"id": t.id, "game": t.game, "lang": t.lang, "variants": t.variants, "owner": t.owner,
                    "table": t.table, "seats": [{"kind": s.kind, "name": s.name, "account": s.account}
                                                for s in t.seats]}
                   for t in self.tables.values() if t.state == "playing"]
        path = self.dir / "tables.json"
        write_atomic(path, json.dumps({"serial": self.serial, "tables": playing}, ensure_ascii=False).encode("utf-8"))
        os.chmod(path, 0o600)

    async def _resume_tables(self) -> None:
        """The tables that played when the server stopped, each from its snapshot; one the
        server no longer has (it ended, or expired) is dropped with a line in the log."""
        try:
            data = json.loads((self.dir / "tables.json").read_text(encoding="utf-8"))
            self.serial = int(data["serial"])
            rows = list(data["tables"])
        except (OSError, ValueError, KeyError, TypeError):
            return
        if rows:
            from voice_game.online.service import with_retries

            try:  # JetStream reads its streams back after a restart: until then it does not answer
                await with_retries((await self._service()).js.account_info)
            except Exception:  # noqa: BLE001 - then each table's resume says why it cannot go on
                pass
        for row in rows:
            try:
                seats = [LobbySeat(str(s["kind"]), str(s["name"]), str(s["account"])) for s in row["seats"]]
                t = LobbyTable(str(row["id"]), str(row["game"]), str(row["lang"]), [str(v) for v in row["variants"]],
                               str(row["owner"]), seats, state="starting", table=str(row["table"]))
            except (KeyError, TypeError, ValueError):
                print("lobby: a damaged line in tables.json was skipped", file=sys.stderr)
                continue
            self.tables[t.id] = t
            for s in seats:
                if s.kind == "guest":
                    self.guests[s.account] = t.id
            try:
                info = await (await self._service()).resume(t.table, t.lang)
            except Exception as exc:  # noqa: BLE001 - ServiceError, no server: this table ends
                print(f"lobby: table {t.id} could not be resumed: {exc!r}", file=sys.stderr)
                t.state = "over"
                t.touch()
                continue
            asyncio.ensure_future(self._play(t, info))
        self._save_tables()

    def _sweep_over(self) -> None:
        """Forget the tables that ended more than KEEP_OVER seconds ago (and their guests' tickets)."""
        now = time.monotonic()
        gone = [tid for tid, t in self.tables.items() if t.state == "over" and now - t.ended > KEEP_OVER]
        for tid in gone:
            del self.tables[tid]
            self.invites.revoke(tid)
        if gone:
            self.guests = {k: v for k, v in self.guests.items() if v in self.tables}

    def _read_closed(self) -> None:
        """The keeper's closed tables (read again when the file changed): a waiting one ends
        now, a playing one on its host service (every seat and watcher hears one sentence,
        then its streams and users go); the list no longer shows either."""
        path = self.dir / CLOSED_FILE
        seen = _seen(path)
        if seen != self._closed_seen:
            self._closed_seen = seen
            self.closed = read_barred(path) if seen is not None else set()
        if not self.closed:
            return
        for t in list(self.tables.values()):
            if t.id.casefold() not in self.closed and (not t.table or t.table.casefold() not in self.closed):
                continue
            if t.state == "waiting":
                t.state = "over"
                self.invites.revoke(t.id)
                t.touch()
            elif t.state == "playing" and t.id not in self.closing and self.service is not None:
                self.closing.add(t.id)
                asyncio.ensure_future(self._close(t))

    async def _close(self, t: LobbyTable) -> None:
        try:
            await self.service.close_table(t.table)
        except Exception:  # noqa: BLE001 - logged; the lobby goes on
            traceback.print_exc(file=sys.stderr)
        finally:
            self.closing.discard(t.id)

    def _read_barred(self) -> None:
        """The keeper's list again if its file changed; the barred leave the waiting tables."""
        path = self.dir / BARRED_FILE
        seen = _seen(path)
        if seen == self._barred_seen:
            return
        self._barred_seen = seen
        self.barred = read_barred(path) if seen is not None else set()
        for t in list(self.tables.values()):
            if t.state != "waiting":
                continue
            for s in list(t.seats):
                if s.kind in ("player", "guest") and (s.account in self.barred or s.name.casefold() in self.barred):
                    if s.kind == "player":
                        self._stand_up(t, s.account)
                    else:
                        self.barred_tickets.add(s.account)  # its page learns it with its ticket
                        t.seats[t.seats.index(s)] = LobbySeat()
                        t.touch()

    def _save_accounts(self) -> None:
        path = self.dir / "accounts.json"
        write_atomic(path, json.dumps(self.accounts, ensure_ascii=False).encode("utf-8"))
        os.chmod(path, 0o600)

    # --- accounts --------------------------------------------------------------------------
    def login(self, data: dict[str, Any], who: str) -> tuple[str | None, dict[str, Any] | None]:
        """(account key, None) or (None, the error answer)."""
        name, secret = data.get("name"), data.get("secret")
        if not isinstance(name, str) or not NAME.match(name.strip()):
            return None, {"error": "bad_name"}
        if not isinstance(secret, str) or not SECRET_MIN <= len(secret) <= 200:
            return None, {"error": "bad_secret"}
        name = name.strip()
        key = name.casefold()
        if key in self.barred:
            return None, {"error": "barred"}
        now = self.limits.now()
        self.limits._prune(now)
        if len(self.limits.wrong.get(who, [])) >= self.limits.tries:
            return None, {"error": "too_many"}
        acc = self.accounts.get(key)
        if acc is None:
            made = [t for t in self.created.get(who, []) if t > now - self.limits.window]
            if len(made) >= NEW_ACCOUNTS:
                return None, {"error": "too_many"}
            self.created[who] = made + [now]
            salt = secrets.token_bytes(16)
            self.accounts[key] = {"name": name, "salt": salt.hex(), "hash": _hash(secret, salt).hex()}
            self._save_accounts()
            return key, None
        if not hmac.compare_digest(bytes.fromhex(acc["hash"]), _hash(secret, bytes.fromhex(acc["salt"]))):
            self.limits.wrong.setdefault(who, []).append(now)
            return None, {"error": "wrong_secret", "name": acc["name"]}
        return key, None

    def name_of(self, key: str) -> str:
        return self.accounts[key]["name"]

    # --- requests ----------------------------------------------------------------------------
    async def answer(self, what: str, data: dict[str, Any], who: str) -> dict[str, Any]:
        """One lobby request from an account (``data`` has its name and secret)."""
        self._sweep_over()
        self._read_barred()
        self._read_closed()
        key, refused = self.login(data, who)
        if refused is not None or key is None:
            return refused or {"error": "bad_name"}
        handler = {"hello": self._hello, "tables": self._tables, "create": self._create, "join": self._join,
                   "leave": self._leave, "bot": self._bot, "start": self._start, "wait": self._wait, "table": self._one,
                   "watch": self._watch, "invite": self._invite, "remove": self._remove}.get(what)
        if handler is None:
            return {"error": "unknown_request"}
        return await handler(key, data, who)

    def _table(self, data: dict[str, Any]) -> LobbyTable | None:
        t = data.get("table")
        return self.tables.get(t) if isinstance(t, str) else None

    def _mine(self, key: str, t: LobbyTable) -> dict[str, Any]:
        """The table as its player sees it: the public part, their seat, their code, its invitation."""
        out = t.public()
        seat = t.seated(key)
        if seat is not None:
            out["seat"] = seat + 1
            if t.seats[seat].code:
                out["code"] = t.seats[seat].code
            invite = self.invites.code_of(t.id)
            if invite is not None and t.state == "waiting":
                out["invite"] = C.digits(invite)
        if t.state == "playing":
            out["table"] = t.table
        out["owner"] = t.owner == key
        return out

    async def _hello(self, key: str, data, who) -> dict[str, Any]:
        from voice_game.games import available, get

        games = []
        for g in available():
            kit = get(g)
            games.append({"game": g, "min": kit.min_players, "max": kit.max_players, "variants": list(kit.variants),
                          "bots": bool(kit.bot_levels)})
        return {"ok": True, "name": self.name_of(key), "games": games}

    async def _tables(self, key: str, data, who) -> dict[str, Any]:
        shown = [t for t in self.tables.values() if t.state in ("waiting", "playing")]
        return {"ok": True, "tables": [self._mine(key, t) for t in shown]}

    async def _create(self, key: str, data, who) -> dict[str, Any]:
        from voice_game.commands.grammar import LANGUAGES
        from voice_game.games import available, get

        game, lang = data.get("game"), data.get("lang")
        if game not in available():
            return {"error": "unknown_game"}
        if lang not in LANGUAGES:
            return {"error": "bad_request"}
        kit = get(game)
        size = data.get("seats", kit.min_players)
        bots = data.get("bots", 0)
        variants = data.get("variants") or []
        if not isinstance(size, int) or not kit.min_players <= size <= kit.max_players or not isinstance(bots, int) \
                or not 0 <= bots < size or (bots and not kit.bot_levels):
            return {"error": "bad_size", "min": kit.min_players, "max": kit.max_players}
        if not isinstance(variants, list) or any(v not in kit.variants for v in variants):
            return {"error": "bad_variant"}
        if sum(t.state in ("waiting", "starting", "playing") for t in self.tables.values()) >= MAX_TABLES:
            return {"error": "full_server"}
        for t in self.tables.values():
            if t.state == "waiting" and t.seated(key) is not None:
                self._stand_up(t, key)
        self.serial += 1
        tid = f"{self.serial}"
        seats = [LobbySeat("player", self.name_of(key), key)] + [LobbySeat() for _ in range(size - 1)]
        t = LobbyTable(tid, game, lang, sorted(set(variants)), key, seats)
        self.tables[tid] = t
        for _ in range(bots):
            self._add_bot(t)
        self.invites.issue(tid)
        t.touch()
        return {"ok": True, **self._mine(key, t)}

    async def _join(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None and isinstance(data.get("code"), str):
            target, why = self.invites.redeem(data["code"], f"account:{key}")
            if target is None:
                return {"error": why}
            t = self.tables.get(target)
        if t is None:
            return {"error": "no_table"}
        if t.seated(key) is not None:
            return {"ok": True, **self._mine(key, t)}
        name = self.name_of(key)
        error = self._sit(t, LobbySeat("player", name, key))
        if error:
            return {"error": error}
        return {"ok": True, **self._mine(key, t)}

    def _sit(self, t: LobbyTable, seat: LobbySeat) -> str | None:
        if t.state != "waiting":
            return "not_waiting"
        if seat.kind in ("player", "guest") and (seat.account in t.removed or
                                                 (seat.kind == "guest" and seat.name.casefold() in t.removed)):
            return "removed"
        if any(s.kind != "free" and s.name.casefold() == seat.name.casefold() for s in t.seats):
            return "name_taken"
        free = next((i for i, s in enumerate(t.seats) if s.kind == "free"), None)
        if free is None:
            return "no_seat"
        t.seats[free] = seat
        t.touch()
        return None

    def _stand_up(self, t: LobbyTable, key: str) -> None:
        seat = t.seated(key)
        if seat is None:
            return
        t.seats[seat] = LobbySeat()
        if not any(s.kind in ("player", "guest") for s in t.seats):
            t.state = "over"  # nobody left at a waiting table: it closes
            self.invites.revoke(t.id)
        elif t.owner == key:
            nxt = next(s for s in t.seats if s.kind in ("player", "guest"))
            t.owner = nxt.account
        t.touch()

    async def _leave(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None or t.seated(key) is None:
            return {"error": "no_table"}
        if t.state != "waiting":
            return {"error": "not_waiting"}
        self._stand_up(t, key)
        return {"ok": True}

    async def _remove(self, key: str, data, who) -> dict[str, Any]:
        """The owner takes a player or bot off a waiting seat (``seat``: 1-based); a person
        removed cannot sit at this table again."""
        t = self._table(data)
        if t is None or t.seated(key) is None:
            return {"error": "no_table"}
        if t.owner != key:
            return {"error": "not_owner_remove"}
        if t.state != "waiting":
            return {"error": "not_waiting"}
        n = data.get("seat")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(t.seats) or t.seats[n - 1].kind == "free":
            return {"error": "no_such_seat"}
        gone = t.seats[n - 1]
        if gone.kind == "player" and gone.account == key:
            return {"error": "remove_self"}
        if gone.kind in ("player", "guest"):
            t.removed.add(gone.account)
            if gone.kind == "guest":
                t.removed.add(gone.name.casefold())  # its page asks with its ticket: "removed"
        t.seats[n - 1] = LobbySeat()
        t.touch()
        return {"ok": True, **self._mine(key, t)}

    def _add_bot(self, t: LobbyTable) -> str | None:
        from voice_game.app import bot_names
        from voice_game.games import get

        if not get(t.game).bot_levels:
            return "no_bots"
        taken = {s.name.casefold() for s in t.seats if s.kind != "free"}
        name = next(n for n in bot_names(len(t.seats) * 2) if n.casefold() not in taken)
        return self._sit(t, LobbySeat("bot", name))

    async def _bot(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None or t.seated(key) is None:
            return {"error": "no_table"}
        error = self._add_bot(t)
        return {"error": error} if error else {"ok": True, **self._mine(key, t)}

    async def _invite(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None or t.seated(key) is None:
            return {"error": "no_table"}
        if t.state != "waiting":
            return {"error": "not_waiting"}
        if self.invites.issue(t.id) is None:
            return {"error": "full_server"}
        return {"ok": True, **self._mine(key, t)}

    async def _watch(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None:
            return {"error": "no_table"}
        if t.state != "playing":
            return {"error": "not_playing"}
        return {"ok": True, "table": t.table}

    async def _one(self, key: str, data, who) -> dict[str, Any]:
        t = self._table(data)
        if t is None:
            return {"error": "no_table"}
        return {"ok": True, "version": t.version, **self._mine(key, t)}

    async def _wait(self, key: str, data, who) -> dict[str, Any]:
        """The table once it changed after the version the client knows (or after WAIT_SECONDS)."""
        t = self._table(data)
        if t is None:
            return {"error": "no_table"}
        known = data.get("version")
        if isinstance(known, int) and known >= t.version and t.state in ("waiting", "starting"):
            try:
                await asyncio.wait_for(t.changed.wait(), WAIT_SECONDS)
            except TimeoutError:
                pass
        return {"ok": True, "version": t.version, **self._mine(key, t)}

    async def _start(self, key: str, data, who) -> dict[str, Any]:
        from voice_game.games import get

        t = self._table(data)
        if t is None or t.seated(key) is None:
            return {"error": "no_table"}
        if t.owner != key:
            return {"error": "not_owner"}
        if t.state != "waiting":
            return {"error": "not_waiting"}
        kit = get(t.game)
        taken = [s for s in t.seats if s.kind != "free"]
        if len(taken) < kit.min_players:
            return {"error": "too_few", "min": kit.min_players}
        t.seats = taken  # free seats go
        t.state = "starting"
        self.invites.revoke(t.id)
        t.touch()
        asyncio.ensure_future(self._host(t))
        return {"ok": True, **self._mine(key, t)}

    # --- hosting ---------------------------------------------------------------------------
    def players(self, t: LobbyTable) -> list[str]:
        """The table's seats as the host's player list ("bot:Name" for a bot)."""
        from voice_game.games import get

        kit = get(t.game)
        return [f"{kit.bot_levels[0]}:{s.name}" if s.kind == "bot" else s.name for s in t.seats]

    async def _host(self, t: LobbyTable) -> None:
        """The table, on the lobby's one host service (every table in this process, on one
        connection); each human seat's code goes to its seat."""
        try:
            info = await (await self._service()).create(t.game, self.players(t), list(t.variants), t.lang)
        except Exception as exc:  # noqa: BLE001 - no server, a setup problem: the table ends, the lobby goes on
            print(f"lobby: table {t.id} could not start: {exc!r}", file=sys.stderr)
            t.state = "over"
            t.touch()
            return
        await self._play(t, info)

    async def _service(self):
        """The lobby's one host service, started with the first table."""
        from voice_game.online.service import TableService

        if self.service is None:
            log = open(self.dir / "hosts.log", "a", encoding="utf-8")  # noqa: SIM115 - open while tables play
            service = TableService(self.server, self.folder, log=log)
            await service.start(sweep_every=SWEEP_EVERY)
            self.service = service
        return self.service

    async def _play(self, t: LobbyTable, info) -> None:
        """A hosted table (new or resumed): each human seat gets its code; over at the end."""
        for i, s in enumerate(t.seats):
            if s.kind in ("player", "guest") and i < len(info.seats):
                s.code = info.seats[i].code or ""
        t.table = info.table
        t.state = "playing"
        t.touch()
        self._save_tables()
        try:
            await self.service.wait(info.table)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the service closed: the table stays in tables.json for the next start
            return
        t.state = "over"
        t.touch()
        self.service.forget(info.table)
        self._save_tables()

    # --- browser guests ---------------------------------------------------------------------
    def redeem_web(self, code: str, name: str, lang: str, who: str) -> dict[str, Any]:
        """A spoken code typed into the page: the guest sits at the code's table; the page
        then asks ``ticket`` until the table plays (and gets its seat's join code)."""
        name = name.strip()
        if not NAME.match(name):
            return {"error": "bad_name"}
        self._read_barred()
        if name.casefold() in self.barred:
            return {"error": "barred"}
        target, why = self.invites.redeem(code, f"web:{who}")
        if target is None:
            return {"error": why}
        t = self.tables.get(target)
        if t is None:
            return {"error": "no_table"}
        ticket = secrets.token_urlsafe(24)
        error = self._sit(t, LobbySeat("guest", name, ticket))
        if error:
            return {"error": error}
        self.guests[ticket] = t.id
        return {"ok": True, "ticket": ticket, **t.public()}

    def ticket(self, ticket: str) -> dict[str, Any]:
        self._read_barred()
        if ticket in self.barred_tickets:
            return {"error": "barred"}
        t = self.tables.get(self.guests.get(ticket, ""))
        if t is None:
            return {"error": "no_table"}
        seat = t.seated(ticket)
        if seat is None:
            return {"error": "removed" if ticket in t.removed else "no_table"}
        out = {"ok": True, **t.public()}
        if t.seats[seat].code:
            out["code"] = t.seats[seat].code
        return out
