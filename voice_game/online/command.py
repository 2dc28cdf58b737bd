"""``voice-game server | host | join | watch``: online tables from the command line.

``server`` prepares a server folder (configuration, admin secret, JetStream store) and
runs nats-server on it; ``host`` adds its table's users to that folder, reloads the
server, prints one JSON line per human seat with its join code and runs the table;
``host --table ID`` continues a table from its snapshot after the host stopped.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

from voice_game.app import App, Listening, add_listening_options, add_output_options, pick_language, read_settings
from voice_game.commands.grammar import LANGUAGES
from voice_game.narration.catalog import load_catalog
from voice_game.online import server as S

ENV_DIR = "VOICE_GAME_SERVER_DIR"
ENV_SERVER = "VOICE_GAME_SERVER"  # the server the start menu uses when none is typed
DEFAULT_SERVER = "nats://127.0.0.1:4222"


def default_server_dir() -> Path:
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    from voice_game.speech.models import data_root

    return Path(data_root()) / "online-server"


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game")
    sub = ap.add_subparsers(dest="command")
    srv = sub.add_parser("server", help="run a private nats-server for online tables")
    srv.add_argument("--port", type=int, default=4222)
    srv.add_argument("--listen", default="127.0.0.1", help="address to listen on (0.0.0.0 for a LAN)")
    srv.add_argument("--dir", type=Path, default=None, help=f"server folder (default: ${ENV_DIR} or the data folder)")
    srv.add_argument("--tls-cert", type=Path, default=None, help="certificate file: clients must use tls://")
    srv.add_argument("--tls-key", type=Path, default=None, help="the certificate's key file")
    srv.add_argument("--web-port", type=int, default=None,
                     help="the lobby and the browser seat's page (default: port + 1; 0: neither)")
    srv.add_argument("--ws-port", type=int, default=None, help="nats-server's WebSocket port (default: web port + 1)")
    srv.add_argument("--bar", metavar="NAME", default=None,
                     help="the keeper bars a lobby name (a running server takes it at once) and exits")
    srv.add_argument("--unbar", metavar="NAME", default=None, help="lets a barred name back in and exits")
    srv.add_argument("--close", metavar="TABLE", default=None,
                     help="the keeper ends a table, also a playing one (a running server does it within seconds) "
                          "and exits")
    host = sub.add_parser("host", help="host an online table")
    host.add_argument("game", nargs="?", default=None)
    host.add_argument("--server", required=True, help="nats://HOST:PORT")
    host.add_argument("--server-dir", type=Path, default=None, help="the server folder written by 'voice-game server'")
    host.add_argument("--table", default=None, help="continue this table from its snapshot")
    host.add_argument("--lang", choices=LANGUAGES, default=None)
    host.add_argument("--players", default=None)
    host.add_argument("--seed", type=int, default=None)
    host.add_argument("--deck", type=Path, default=None)
    host.add_argument("--variant", default="")
    host.add_argument("--events", type=Path, default=None)
    host.add_argument("--away-bot", type=float, default=None, metavar="SECONDS",
                      help="a bot plays for a player who left or was silent this long, until they return")
    host.add_argument("--debug", action="store_true")
    join = sub.add_parser("join", help="take a seat at an online table")
    join.add_argument("code")
    join.add_argument("--server", required=True)
    add_output_options(join)
    add_listening_options(join)
    join.add_argument("--mute-chat", action="store_true", help="do not speak the table chat")
    watch = sub.add_parser("watch", help="watch an online table")
    watch.add_argument("table")
    watch.add_argument("--server", required=True)
    add_output_options(watch)
    watch.add_argument("--mute-chat", action="store_true", help="do not speak the table chat")
    return ap


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "server":
            return run_server(args)
        if args.command == "host":
            return asyncio.run(host(args))
        if args.command in ("join", "watch"):
            return client_main(args)
    except KeyboardInterrupt:
        return 130
    return 2


def run_server(args) -> int:
    catalog = load_catalog(pick_language(None, read_settings()))
    if args.bar is not None or args.unbar is not None:
        from voice_game.online.lobby import set_barred

        names = set_barred(args.dir or default_server_dir(), args.bar or args.unbar, barred=args.bar is not None)
        print(catalog.get("online.barred_now", count=len(names), names=", ".join(names) or "-"))
        return 0
    if args.close is not None:
        from voice_game.online.lobby import set_closed

        set_closed(args.dir or default_server_dir(), args.close)
        print(catalog.get("online.close_asked", table=args.close.strip()))
        return 0
    binary = S.nats_server_binary()
    if binary is None:
        print(catalog.get("online.no_nats_server"))
        return 2
    from voice_game.online.lobby_server import serve

    return serve(args, args.dir or default_server_dir(), catalog)  # nats-server, the lobby and the page


def seat_voice(app: App, listening: Listening | None):
    """Speech beside the keys for a seat, as in local play (``App.voice``: ``play --engine``
    or the settings' recognizer); None when no recognizer is to listen (the default with
    --tts text or none)."""
    if listening is None or app.recognizer(listening) == "none":
        return None

    def voice(seat, source):
        return app.voice(listening, source, seat.kit.name)

    return voice


def client_main(args) -> int:
    from voice_game.online import client

    # the application layer: settings, the one language rule, words and output, as the CLI and menu
    app = App.open(args.lang, args.tts)
    lang, catalog, out = app.lang, app.catalog, app.output

    async def go():
        if args.command == "watch":
            return await client.watch(args.table, args.server, catalog, out, args.mute_chat)
        return await client.join(args.code, args.server, lang, catalog, out, mute_chat=args.mute_chat,
                                 voice=seat_voice(app, Listening.from_args(args)))

    return asyncio.run(go())


def _say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


async def host(args) -> int:
    """One table on a TableService of its own: its seat lines printed, then played to the end."""
    from voice_game.games import default_game
    from voice_game.online.service import ServiceError, TableService

    from voice_game import savefile

    if args.game is None:
        args.game = default_game()
    lang = pick_language(args.lang, read_settings())
    catalog = load_catalog(lang)
    if args.events is not None and (args.events.exists() or args.events.is_symlink()) \
            and not savefile.is_events_log(args.events):
        _say(catalog.get("save.events_exists", path=args.events))  # a user's file is never overwritten
        return 2
    folder = args.server_dir or default_server_dir()
    service = TableService(args.server, folder, away_after=args.away_bot)
    try:
        await service.start()
        if args.table:
            info = await service.resume(args.table, lang, events=args.events)
        else:
            info = await service.create(args.game, args.players, args.variant, lang, seed=args.seed,
                                        deck=args.deck, events=args.events)
            for s in info.seats:
                if s.code is not None:
                    print(json.dumps({"seat": s.name, "code": s.code, "table": info.table}, ensure_ascii=False),
                          flush=True)
        return await service.wait(info.table)
    except ServiceError as err:
        if args.debug:
            import traceback

            traceback.print_exc()
        _say(catalog.get(err.key, **err.params))
        return 2
    finally:
        await service.close()


def menu_session(app, what: str, given: str | None = None):
    """The start menu's "join a table" / "watch a table": one typed line with the code (or
    the table) and, when the server is not this machine's, its address.

    A seat played from here has what ``voice-game join`` has: on a terminal its single keys
    and typed lines go to the table as they come, and speech (``menu --engine`` or the
    settings' recognizer when the game speaks) listens for what the host allows now; from
    a pipe one line is read each time the host asks (a scripted game stays deterministic).
    Afterwards the menu goes on with the same input."""
    from voice_game.input_feed import InputFeed
    from voice_game.online import client

    if given is None:
        app.say(app.t(f"online.menu.ask_{what}", server=os.environ.get(ENV_SERVER, DEFAULT_SERVER)))
    line = given or app.read_line()  # the menu's one typed line ("" on Escape)
    if not line:
        return "exit"
    parts = line.split()
    server = next((p for p in parts if p.startswith(("nats://", "tls://"))),
                  os.environ.get(ENV_SERVER, DEFAULT_SERVER))
    rest = [p for p in parts if p != server]
    target = rest[0] if rest else ""
    terminal = app.reader is not None
    voice = _menu_voice(app)
    lease = InputFeed.of(app).lease() if terminal or voice is not None else None

    async def go():
        if what == "watch":
            return await client.watch(target, server, app.c, app.out)
        if lease is None:
            # a pipe: the menu's lines, each read when the host asks (the menu goes on afterwards)
            return await client.join(target, server, app.lang, app.c, app.out,
                                     source=lambda seat: _menu_keys(app, seat), scripted=True, live=False)
        return await client.join(target, server, app.lang, app.c, app.out, source=lambda seat: _menu_keys(app, seat,
                                 lease), scripted=not terminal, voice=voice, live=True)

    try:
        asyncio.run(go())
    except Exception:  # noqa: BLE001 - back to the menu, never a traceback
        app.say(app.t("online.connect_failed", server=server))
    finally:
        if lease is not None:
            lease.close()  # the table's input ends here: what comes next is the menu's
    app.say(app.t("online.menu.title"))
    return None


def _menu_voice(app):
    """Speech for a seat played from the menu, as for its local games (the menu's listening options)."""
    return seat_voice(app.app.in_language(app.lang), app.listening)


class _MenuReader:
    """The start menu's input as a key reader for ``KeyInput``."""

    def __init__(self, app):
        self.app = app

    def next_event(self):
        return self.app.next_event()

    def start_typing(self, initial: str = "") -> None:
        if self.app.reader is not None:
            self.app.reader.start_typing(initial)

    def close(self) -> None:
        """The menu's reader stays the menu's: it closes it at its end."""


def _menu_keys(app, seat, reader=None):
    from voice_game.keys import KeyInput

    keys = KeyInput(reader or _MenuReader(app), app.bindings)
    keys.attach(seat)
    return keys


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
MENU_LISTEN_ENV = "VOICE_GAME_SERVER_LISTEN"  # where a server the menu starts listens (default: this computer only)
_menu_servers: list = []  # servers the start menu started; they end with it


def _address(server: str) -> tuple[str, int] | None:
    """(host, port) of nats://HOST:PORT or tls://HOST:PORT, else None."""
    from urllib.parse import urlsplit

    try:
        u = urlsplit(server)
        if u.scheme not in ("nats", "tls") or not u.hostname:
            return None
        return u.hostname, u.port or 4222
    except ValueError:
        return None


def answers(server: str, timeout: float = 1.0) -> bool:
    """Whether something listens at the server's address."""
    import socket

    addr = _address(server)
    if addr is None:
        return False
    try:
        with socket.create_connection(addr, timeout=timeout):
            return True
    except OSError:
        return False


def menu_server(app) -> bool:
    """Before the menu opens a table: a server must answer at $VOICE_GAME_SERVER (or
    nats://127.0.0.1:4222). When none does and the address is this computer's, the player
    may start nats-server here, on the server folder the host writes its table's users
    into (as ``voice-game server`` does); it runs until the game is closed. False (with
    one spoken sentence) when there is no server to open the table on."""
    import atexit

    server = os.environ.get(ENV_SERVER, DEFAULT_SERVER)
    if answers(server):
        return True
    addr = _address(server)
    if addr is None or addr[0] not in LOCAL_HOSTS:
        app.say(app.t("online.connect_failed", server=server))
        return False
    if S.nats_server_binary() is None:
        app.say(app.t("online.menu.no_nats_server"))
        return False
    if not app.ask_yes_no("online.menu.start_server", server=server):
        return False
    folder = default_server_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        log = open(folder / "server.log", "ab")  # noqa: SIM115 - open while the server runs
        proc = S.start_private_server(folder, addr[1], log=log, listen=os.environ.get(MENU_LISTEN_ENV, "127.0.0.1"),
                                      preexec_fn=S.child_setup())
    except (OSError, RuntimeError):
        app.say(app.t("online.menu.server_failed", server=server))
        return False
    _menu_servers.append(proc)
    atexit.register(lambda: proc.poll() is None and proc.terminate())
    app.say(app.t("online.menu.server_started", server=server))
    return True


OPEN_LIMIT = 180.0  # seconds the start menu waits for a table it opens
OPEN_PATIENCE = 10.0  # seconds between two "still opening" sentences


class _HostProcess:
    """``voice-game host`` started by the menu: its seat lines arrive on a queue; both of its
    pipes are read for as long as it runs, so it never blocks on a full pipe."""

    def __init__(self, argv: list[str]):
        import collections
        import queue
        import subprocess
        import threading

        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8", errors="replace", preexec_fn=S.child_setup(),
                                     env=dict(os.environ, PYTHONIOENCODING="utf-8"))
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.err: collections.deque[str] = collections.deque(maxlen=200)
        self._err_done = threading.Event()
        self.ended = False
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)  # the host ended

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line.rstrip("\n"))
        self._err_done.set()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()

    def problem(self) -> str | None:
        """The one sentence the host said before it ended (its messages come from the
        catalog), None when it said nothing a player should hear (a traceback)."""
        self._err_done.wait(5)
        said = [x.strip() for x in self.err if x.strip()]
        if not said or any(x.startswith("Traceback") for x in said):
            return None
        return said[0]

    def seat_lines(self, count: int, waiting, limit: float = OPEN_LIMIT, patience: float = OPEN_PATIENCE):
        """The first ``count`` seat lines (dicts); None when the host ended or took longer
        than ``limit`` seconds. ``waiting()`` is called every ``patience`` seconds meanwhile."""
        import queue
        import time

        seats: list[dict] = []
        start = time.monotonic()
        tick = start + patience
        while len(seats) < count:
            now = time.monotonic()
            if now >= start + limit:
                return None
            try:
                line = self.lines.get(timeout=max(0.05, min(tick, start + limit) - now))
            except queue.Empty:
                if time.monotonic() >= tick:
                    waiting()
                    tick += patience
                continue
            if line is None:
                self.ended = True  # its output closed: it ended (perhaps not yet reaped)
                return None
            try:
                seat = json.loads(line)
            except ValueError:
                continue
            if isinstance(seat, dict) and {"seat", "code", "table"} <= seat.keys():
                seats.append(seat)
        return seats


def menu_host(app, game: str):
    """The start menu's "open a table": the game as set up in its menu (humans, bots, level,
    variants), hosted on the server of $VOICE_GAME_SERVER; the player hears the codes for
    the others and takes the first seat. Opening takes a few seconds (much longer on a busy
    computer): the player hears that it opens, every few seconds that it still does, and
    one sentence when it does not."""
    import atexit

    from voice_game.app import bot_names
    from voice_game.games import get as get_kit

    if not menu_server(app):
        return None
    kit = get_kit(game)
    cfg = app.setup[game]
    bots = cfg["bots"] if kit.bot_levels else 0
    base = app.t("setup.default_player")
    humans = [base] if cfg["humans"] == 1 else [f"{base} {i + 1}" for i in range(cfg["humans"])]
    seats = humans + [f"{kit.bot_levels[cfg['level']]}:{name}" for name in bot_names(bots)]
    server = os.environ.get(ENV_SERVER, DEFAULT_SERVER)
    argv = [sys.executable, "-m", "voice_game.cli", "host", game, "--server", server, "--players", ",".join(seats),
            "--lang", app.lang]
    if cfg["variants"]:
        argv += ["--variant", ",".join(sorted(cfg["variants"]))]
    app.say(app.t("online.menu.opening", server=server))
    # the table lives as long as this program (even one killed); a stopped table goes on
    # with host --table ID
    try:
        host = _HostProcess(argv)
    except OSError:
        app.say(app.t("online.menu.open_failed", server=server))
        return None
    atexit.register(host.stop)
    codes = host.seat_lines(len(humans), lambda: app.say(app.t("online.menu.still_opening")))
    if codes is None:
        host.proc.kill()
        if host.ended:
            app.say(host.problem() or app.t("online.menu.open_failed", server=server))
        else:
            app.say(app.t("online.menu.open_too_long", seconds=int(OPEN_LIMIT)))
        return None
    app.say(app.t("online.menu.hosted", table=codes[0]["table"], server=server))
    for c in codes[1:]:
        app.say(app.t("online.menu.code", player=c["seat"], code=c["code"]))
    return menu_session(app, "join", given=f"{codes[0]['code']} {server}")
