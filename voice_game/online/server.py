"""A private nats-server for online tables, and the users of every table on it.

The host provisions credentials by writing the server's configuration: a server folder
holds ``nats.conf`` (listen address, JetStream store, pid file) which includes
``auth.conf``, generated from ``admin.secret`` and one ``tables/<id>.json`` per table
(a password per seat and one for spectators). After adding a table the host asks the
server to reload (SIGHUP to the pid in ``nats.pid``). Every file is readable by its
owner only. Per-user permissions make the server, not the clients, keep each seat's
subject private: a seat's subjects carry a key derived from its secret
(``protocol.seat_key``), so nobody without the code can even name them.

Hosts of many processes share one folder: a table's users are added under a lock file
(``auth.lock``), and a reload is skipped when an earlier one already let the new users
in. A server listening beyond this computer always talks TLS (a self-signed certificate
is made in the folder when none is given). Tables whose streams the server has removed
(finished or abandoned, see ``voice_game.online.service``) lose their users in
``remove_tables``.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from voice_game.atomic import write_atomic
from voice_game.online import gate as G
from voice_game.online import protocol as P

ADMIN = "vg-admin"


def _q(s: str) -> str:
    return json.dumps(s)


def _write_private(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))
    os.chmod(path, 0o600)


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


class NoTls(RuntimeError):
    """A server beyond loopback needs TLS, and no certificate could be made (no openssl)."""


def self_signed(folder: Path, listen: str) -> tuple[Path, Path]:
    """A self-signed certificate in the folder (made once, kept): clients trust it with
    $VOICE_GAME_TLS_CA pointing at ``tls/cert.pem``."""
    tls = Path(folder) / "tls"
    cert, key = tls / "cert.pem", tls / "key.pem"
    if cert.exists() and key.exists():
        return cert, key
    openssl = shutil.which("openssl")
    if openssl is None:
        raise NoTls(listen)
    tls.mkdir(parents=True, exist_ok=True)
    os.chmod(tls, 0o700)
    import socket

    names = {"DNS:localhost", "IP:127.0.0.1"}
    host = socket.gethostname()
    if host:
        names.add(f"DNS:{host}")
    if listen not in ("0.0.0.0", "::") and listen.replace(".", "").isdigit():
        names.add(f"IP:{listen}")
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "825", "-subj", f"/CN={host or 'voice-game'}", "-addext",
                    "subjectAltName=" + ",".join(sorted(names))], check=True, capture_output=True)
    os.chmod(key, 0o600)
    return cert, key


def init_server_dir(folder: Path, port: int, listen: str = "127.0.0.1", tls: tuple | None = None) -> Path:
    """Create (or refresh the listen address of) a server folder; returns nats.conf.

    ``tls``: (certificate file, key file): every client must then talk TLS (``tls://``),
    which a server on a public network needs, since passwords travel in the connection.
    Listening beyond loopback without one, the folder's own self-signed certificate is
    made and used (``self_signed``; NoTls when it cannot be made)."""
    folder = Path(folder)
    if tls is None and listen not in LOOPBACK:
        tls = self_signed(folder, listen)
    (folder / "tables").mkdir(parents=True, exist_ok=True)
    (folder / "jetstream").mkdir(exist_ok=True)
    os.chmod(folder, 0o700)
    secret_file = folder / "admin.secret"
    if not secret_file.exists():
        _write_private(secret_file, P.new_secret() + "\n")
    conf = folder / "nats.conf"
    _write_private(conf, "\n".join([
        f"listen: {_q(f'{listen}:{port}')}",
        f"pid_file: {_q(str(folder / 'nats.pid'))}",
        "max_payload: 1MB",
        f"jetstream {{ store_dir: {_q(str(folder / 'jetstream'))} }}",
        *([f"tls {{ cert_file: {_q(str(Path(tls[0]).resolve()))}, key_file: {_q(str(Path(tls[1]).resolve()))} }}"]
          if tls else []),
        'include "auth.conf"',
        "",
    ]))
    write_auth(folder)
    return conf


def admin_password(folder: Path) -> str:
    return (Path(folder) / "admin.secret").read_text(encoding="utf-8").strip()


def admin_inbox(folder: Path) -> str:
    """The hosts' reply inbox: named after the admin secret, so no user can address it."""
    return "_INBOX_ADMIN_" + hashlib.sha256(admin_password(folder).encode()).hexdigest()[:24]


def _user(name: str, password: str, pub: list[str], sub: list[str]) -> str:
    """A user allowed only these subjects (no subject to publish: none at all; an empty
    allow list would be no limit)."""
    allow_pub, allow_sub = ", ".join(map(_q, pub)), ", ".join(map(_q, sub))
    publish = f"{{allow: [{allow_pub}]}}" if pub else f"{{deny: [{_q('>')}]}}"
    return (f"  {{user: {_q(name)}, password: {_q(password)}, "
            f"permissions: {{publish: {publish}, subscribe: {{allow: [{allow_sub}]}}}}}}")


def seat_permissions(table: str, seat: int, key: str) -> tuple[list[str], list[str]]:
    """A seat publishes its commands; it hears its own subject and its own inbox, both
    named with its key."""
    user = P.seat_user(table, seat)
    pub = [P.command_subject(table, seat, key)]
    sub = [P.seat_subject(table, seat, key), P.inbox_prefix(user, key) + ".>"]
    return pub, sub


def seat_history_permissions(table: str, seat: int, key: str) -> tuple[list[str], list[str]]:
    """The seat's history user reads its own stream (direct get) into its own keyed inbox."""
    stream = P.seat_stream(table, seat)
    pub = [f"$JS.API.DIRECT.GET.{stream}", f"$JS.API.DIRECT.GET.{stream}.>"]
    return pub, [P.inbox_prefix(P.seat_user(table, seat), key) + ".>"]


def watch_permissions(table: str) -> tuple[list[str], list[str]]:
    return [], [P.public_subject(table), P.inbox_prefix(P.watch_user(table)) + ".>"]


def watch_history_permissions(table: str) -> tuple[list[str], list[str]]:
    stream = P.public_stream(table)
    pub = [f"$JS.API.DIRECT.GET.{stream}", f"$JS.API.DIRECT.GET.{stream}.>"]
    return pub, [P.inbox_prefix(P.watch_user(table)) + ".>"]


GAME, PLAYERS, HISTORY, GATE = "GAME", "PLAYERS", "HISTORY", "GATE"  # hosts and JetStream; seats and
# spectators; their reading; the history gate (``voice_game.online.gate``) between reading and JetStream
# What crosses between the accounts: what the host says and what the seats say (GAME and
# PLAYERS), direct get (GAME to GATE only, where the gate answers HISTORY's asks within a rate). A reply subject a player names lives in the
# asker's account. In PLAYERS, where the live subjects are, nobody can ask the server
# anything, so no stored message can be sent to a seat's or the public subject there; in
# HISTORY there are only the askers' own inboxes, no table's subjects; in neither is
# JetStream or a host: an answer cannot overwrite a snapshot, purge or delete a stream,
# fill another table's stream or reach a host (the issue's "no reply to subjects a user
# may not use").
TO_PLAYERS = ["vg.*.*.seat.*", "vg.*.pub"]
TO_GAME = ["vg.*.*.cmd.*"]
DIRECT_GET = "$JS.API.DIRECT.GET.>"
GATE_USER = G.GATE_USER
GATE_FORWARD = G.FORWARD + ">"  # GATE's name for GAME's direct get


def write_auth(folder: Path) -> None:
    folder = Path(folder)
    players: list[str] = []
    history: list[str] = []
    for f in sorted((folder / "tables").glob("*.json")):
        try:
            t = json.loads(f.read_text(encoding="utf-8"))
            table = t["table"]
            if not P.is_table_id(table):
                continue
            users, readers = [], []
            for seat, pw in t["seats"].items():
                key, user = P.seat_key(pw), P.seat_user(table, int(seat))
                users.append(_user(user, pw, *seat_permissions(table, int(seat), key)))
                readers.append(_user(P.history_user(user), pw, *seat_history_permissions(table, int(seat), key)))
            players += [*users, _user(P.watch_user(table), table, *watch_permissions(table))]
            history += [*readers, _user(P.history_user(P.watch_user(table)), table, *watch_history_permissions(table))]
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged table file: that table has no users, the others keep theirs
    exports = [*(f"{{stream: {_q(s)}}}" for s in TO_PLAYERS), f"{{service: {_q(DIRECT_GET)}, accounts: [{GATE}]}}"]
    imports = [f"{{stream: {{account: {PLAYERS}, subject: {_q(s)}}}}}" for s in TO_GAME]
    p_imports = [f"{{stream: {{account: {GAME}, subject: {_q(s)}}}}}" for s in TO_PLAYERS]
    p_exports = [f"{{stream: {_q(s)}}}" for s in TO_GAME]
    h_imports = [f"{{service: {{account: {GATE}, subject: {_q(DIRECT_GET)}}}}}"]
    g_imports = [f"{{service: {{account: {GAME}, subject: {_q(DIRECT_GET)}}}, to: {_q(GATE_FORWARD)}}}"]
    lines = ["accounts {", f" {GAME}: {{", "  jetstream: enabled",
             f"  users: [{{user: {_q(ADMIN)}, password: {_q(admin_password(folder))}}}]",
             f"  exports: [{', '.join(exports)}]", f"  imports: [{', '.join(imports)}]", " }",
             f" {PLAYERS}: {{", "  users: [", *(u + "," for u in players), "  ]",
             f"  exports: [{', '.join(p_exports)}]", f"  imports: [{', '.join(p_imports)}]", " }",
             f" {HISTORY}: {{", "  users: [", *(u + "," for u in history), "  ]",
             f"  imports: [{', '.join(h_imports)}]", " }",
             f" {GATE}: {{", f"  users: [{{user: {_q(GATE_USER)}, password: {_q(admin_password(folder))}}}]",
             f"  exports: [{{service: {_q(DIRECT_GET)}, accounts: [{HISTORY}]}}]",
             f"  imports: [{', '.join(g_imports)}]", " }", "}", ""]
    _write_private(folder / "auth.conf", "\n".join(lines))


@contextlib.contextmanager
def locked(folder: Path):
    """One writer of auth.conf and one reload at a time, across processes (a lock file;
    where the system has no fcntl, within this process only)."""
    path = Path(folder) / "auth.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:
            pass
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_table(folder: Path, table: str, seats: list[int]) -> dict[int, str]:
    """The table's file with a password per listed seat; returns {seat: password}. Its users
    exist once auth.conf is written again and the server reloaded (``add_table``)."""
    pws = {s: P.new_secret() for s in seats}
    _write_private(Path(folder) / "tables" / f"{table}.json",
                   json.dumps({"table": table, "seats": {str(s): pw for s, pw in pws.items()}}))
    return pws


def add_table(folder: Path, table: str, seats: list[int]) -> dict[int, str]:
    """Give every listed seat a password; returns {seat: password}. Reload the server after."""
    pws = write_table(folder, table, seats)
    with locked(folder):
        write_auth(folder)
    return pws


def remove_tables(folder: Path, tables: list[str]) -> int:
    """Remove these tables' users (their files, then auth.conf); returns how many went.
    Reload the server after."""
    gone = 0
    for t in tables:
        if P.is_table_id(t):
            try:
                (Path(folder) / "tables" / f"{t}.json").unlink()
                gone += 1
            except FileNotFoundError:
                pass
    if gone:
        with locked(folder):
            write_auth(folder)
    return gone


def table_ids(folder: Path) -> list[str]:
    return sorted(f.stem for f in (Path(folder) / "tables").glob("*.json") if P.is_table_id(f.stem))


def table_passwords(folder: Path, table: str) -> dict[int, str]:
    t = json.loads((Path(folder) / "tables" / f"{table}.json").read_text(encoding="utf-8"))
    return {int(s): pw for s, pw in t["seats"].items()}


def reload(folder: Path) -> bool:
    """Ask the running server (every node of a cluster sharing the folder) to read its
    configuration again (SIGHUP)."""
    done = False
    for pid_file in [Path(folder) / "nats.pid", *sorted(Path(folder).glob("nats-*.pid"))]:
        try:
            os.kill(int(pid_file.read_text().strip()), signal.SIGHUP)
            done = True
        except (OSError, ValueError):
            continue
    return done


ROUTE_USER = "route"  # the user one node of a cluster is to another


def route_secret(folder: Path) -> str:
    """The cluster routes' password (``route.secret``, made once): every node has the same
    folder, so every node knows it; nobody else may join the cluster."""
    f = Path(folder) / "route.secret"
    if not f.exists():
        _write_private(f, P.new_secret() + "\n")
    return f.read_text(encoding="utf-8").strip()


def cluster_conf(folder: Path, node: int, port: int, routes: list[int], listen: str = "127.0.0.1",
                 hosts: list[str] | None = None, tls: tuple | None = None) -> Path:
    """``node-N.conf``: one node of a cluster whose nodes share the folder's users
    (``auth.conf``; every node is reloaded) and replicate JetStream (each its own store).
    ``routes``: the cluster ports of all nodes, this one's at index N; ``hosts``: their
    addresses (default: ``listen`` for all, one machine). On several machines each has a
    copy of the folder (docs/ONLINE_HUB.md). The routes ask for the folder's route secret;
    beyond loopback they talk TLS only (``tls`` or the folder's own certificate, which then
    is every node's and the one they trust), as the clients' port does."""
    folder = Path(folder)
    init_server_dir(folder, port, listen, tls=tls)
    if tls is None and listen not in LOOPBACK:
        tls = self_signed(folder, listen)
    secret = route_secret(folder)
    hosts = hosts or [listen] * len(routes)
    urls = ", ".join(_q(f"nats-route://{ROUTE_USER}:{secret}@{h}:{r}") for h, r in zip(hosts, routes, strict=True))
    route_tls = []
    if tls:
        cert, key = (str(Path(x).resolve()) for x in tls[:2])
        ca = str(Path(tls[2]).resolve()) if len(tls) > 2 else cert
        route_tls = [f"tls {{ cert_file: {_q(cert)}, key_file: {_q(key)}, ca_file: {_q(ca)}, verify: true }}"]
    conf = folder / f"node-{node}.conf"
    _write_private(conf, "\n".join([
        f"server_name: {_q(f'vg-{node}')}",
        f"listen: {_q(f'{listen}:{port}')}",
        f"pid_file: {_q(str(folder / f'nats-{node}.pid'))}",
        "max_payload: 1MB",
        f"jetstream {{ store_dir: {_q(str(folder / f'jetstream-{node}'))} }}",
        *([f"tls {{ cert_file: {_q(str(Path(tls[0]).resolve()))}, key_file: {_q(str(Path(tls[1]).resolve()))} }}"]
          if tls else []),
        f"cluster {{ name: voice-game, listen: {_q(f'{listen}:{routes[node]}')}, "
        f"authorization {{ user: {_q(ROUTE_USER)}, password: {_q(secret)} }}, "
        f"{' '.join(route_tls)}{', ' if route_tls else ''}routes: [{urls}] }}",
        'include "auth.conf"',
        "",
    ]))
    return conf


NATS_SERVER_ENV = "VOICE_GAME_NATS_SERVER"  # the nats-server program to use instead of the one on PATH


def nats_server_binary() -> str | None:
    chosen = os.environ.get(NATS_SERVER_ENV)
    if chosen is not None:
        return chosen if os.path.isfile(chosen) and os.access(chosen, os.X_OK) else None
    return shutil.which("nats-server") or next(
        (p for p in ("/usr/sbin/nats-server", "/usr/bin/nats-server") if os.path.exists(p)), None)


def free_loopback_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_private_server(folder: Path, port: int, log=None, timeout: float = 10.0, tls: tuple | None = None,
                         listen: str = "127.0.0.1", preexec_fn=None):
    """Start nats-server on listen:port with its server folder (made or refreshed); returns
    the process once the port answers (the start menu, tests and benchmarks)."""
    import socket
    import time

    binary = nats_server_binary()
    if binary is None:
        raise FileNotFoundError("nats-server")
    conf = init_server_dir(folder, port, listen, tls=tls)
    if tls is None and listen not in LOOPBACK:
        tls = self_signed(folder, listen)  # the one init_server_dir made
    proc = subprocess.Popen([binary, "-c", str(conf)], stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, preexec_fn=preexec_fn)
    deadline = time.monotonic() + timeout
    probe = listen if listen not in ("0.0.0.0", "::") else "127.0.0.1"
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((probe, port), timeout=0.2):
                pass
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"nats-server stopped with code {proc.returncode}") from None
            time.sleep(0.05)
            continue
        try:
            start_gate(folder, f"{'tls' if tls else 'nats'}://{probe}:{port}", proc.pid, ca=tls[0] if tls else None,
                       log=log, preexec_fn=preexec_fn)
        except RuntimeError:
            proc.kill()
            proc.wait(10)
            raise
        return proc
    proc.kill()
    raise RuntimeError("nats-server did not start")


GATE_START = 20.0  # seconds a new gate may take to listen (a loaded machine)
_gates: list[subprocess.Popen] = []  # the gates this process started (each ends with its nats-server)


def start_gate(folder: Path, server: str, watch: int, ca: Path | None = None, log=None,
               preexec_fn=None) -> subprocess.Popen:
    """The history gate (``voice_game.online.gate``) of the nats-server whose process is
    ``watch``, once it listens; it ends when that process has ended. Without it nobody
    can read a stream's history (the HISTORY account reaches JetStream only through it)."""
    import time

    argv = [sys.executable, "-m", "voice_game.online.gate", "--server", server, "--dir", str(folder),
            "--watch", str(watch)]
    if ca is not None:
        argv += ["--ca", str(Path(ca).resolve())]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=log or subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            text=True, preexec_fn=preexec_fn)
    import selectors

    deadline = time.monotonic() + GATE_START
    with selectors.DefaultSelector() as sel:
        assert proc.stdout is not None
        sel.register(proc.stdout, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if sel.select(timeout=0.2) and proc.stdout.readline().strip() == "ready":
                _gates[:] = [g for g in _gates if g.poll() is None]  # the ended ones waited for
                _gates.append(proc)
                return proc
            if proc.poll() is not None:
                break
    proc.kill()
    proc.wait(10)
    raise RuntimeError("the history gate did not start")


def _die_with_parent() -> None:
    """Linux: a child (nats-server, a host started from the menu) gets SIGTERM when its parent process ends.

    The kernel sends it when the thread that started the child ends, so the menu starts
    its children from its main thread only (``child_setup``)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - then only the normal exit ends it
        pass


def child_setup():
    """The preexec_fn for a child (the menu's host, the server's nats-server): dies with its parent (Linux, from the main
    thread, where the parent thread's end is the process's end), else nothing."""
    import threading

    if sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread():
        return _die_with_parent
    return None
