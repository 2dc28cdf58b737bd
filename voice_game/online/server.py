"""A private nats-server for online tables, and the users of every table on it.

The host provisions credentials by writing the server's configuration: a server folder
holds ``nats.conf`` (listen address, JetStream store, pid file) which includes
``auth.conf``, generated from ``admin.secret`` and one ``tables/<id>.json`` per table
(a password per seat and one for spectators). After adding a table the host asks the
server to reload (SIGHUP to the pid in ``nats.pid``). Every file is readable by its
owner only. Per-user permissions make the server, not the clients, keep each seat's
subject private.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
from pathlib import Path

from voice_game.atomic import write_atomic
from voice_game.online import protocol as P

ADMIN = "vg-admin"


def _q(s: str) -> str:
    return json.dumps(s)


def _write_private(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))
    os.chmod(path, 0o600)


def init_server_dir(folder: Path, port: int, listen: str = "127.0.0.1", tls: tuple | None = None) -> Path:
    """Create (or refresh the listen address of) a server folder; returns nats.conf.

    ``tls``: (certificate file, key file): every client must then talk TLS (``tls://``),
    which a server on a public network needs, since passwords travel in the connection."""
    folder = Path(folder)
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


def _user(name: str, password: str, pub: list[str], sub: list[str]) -> str:
    allow_pub, allow_sub = ", ".join(map(_q, pub)), ", ".join(map(_q, sub))
    return (f"  {{user: {_q(name)}, password: {_q(password)}, "
            f"permissions: {{publish: {{allow: [{allow_pub}]}}, subscribe: {{allow: [{allow_sub}]}}}}}}")


def seat_permissions(table: str, seat: int) -> tuple[list[str], list[str]]:
    user = P.seat_user(table, seat)
    stream = P.seat_stream(table, seat)
    pub = [P.command_subject(table, seat), f"$JS.API.DIRECT.GET.{stream}", f"$JS.API.DIRECT.GET.{stream}.>"]
    sub = [P.seat_subject(table, seat), P.inbox_prefix(user) + ".>"]
    return pub, sub


def watch_permissions(table: str) -> tuple[list[str], list[str]]:
    stream = P.public_stream(table)
    pub = [f"$JS.API.DIRECT.GET.{stream}", f"$JS.API.DIRECT.GET.{stream}.>"]
    sub = [P.public_subject(table), P.inbox_prefix(P.watch_user(table)) + ".>"]
    return pub, sub


def write_auth(folder: Path) -> None:
    folder = Path(folder)
    lines = ["authorization {", " users = [",
             f"  {{user: {_q(ADMIN)}, password: {_q(admin_password(folder))}}}"]
    for f in sorted((folder / "tables").glob("*.json")):
        try:
            t = json.loads(f.read_text(encoding="utf-8"))
            table = t["table"]
            if not P.is_table_id(table):
                continue
            for seat, pw in t["seats"].items():
                pub, sub = seat_permissions(table, int(seat))
                lines.append(_user(P.seat_user(table, int(seat)), pw, pub, sub))
            pub, sub = watch_permissions(table)
            lines.append(_user(P.watch_user(table), table, pub, sub))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged table file: that table has no users, the others keep theirs
    lines += [" ]", "}", ""]
    _write_private(folder / "auth.conf", "\n".join(lines))


def add_table(folder: Path, table: str, seats: list[int]) -> dict[int, str]:
    """Give every listed seat a password; returns {seat: password}. Reload the server after."""
    pws = {s: P.new_secret() for s in seats}
    _write_private(Path(folder) / "tables" / f"{table}.json",
                   json.dumps({"table": table, "seats": {str(s): pw for s, pw in pws.items()}}))
    write_auth(folder)
    return pws


def table_passwords(folder: Path, table: str) -> dict[int, str]:
    t = json.loads((Path(folder) / "tables" / f"{table}.json").read_text(encoding="utf-8"))
    return {int(s): pw for s, pw in t["seats"].items()}


def reload(folder: Path) -> bool:
    """Ask the running server to read its configuration again (SIGHUP)."""
    try:
        pid = int((Path(folder) / "nats.pid").read_text().strip())
        os.kill(pid, signal.SIGHUP)
        return True
    except (OSError, ValueError):
        return False


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
    import subprocess
    import time

    binary = nats_server_binary()
    if binary is None:
        raise FileNotFoundError("nats-server")
    conf = init_server_dir(folder, port, listen, tls=tls)
    proc = subprocess.Popen([binary, "-c", str(conf)], stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, preexec_fn=preexec_fn)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((listen if listen not in ("0.0.0.0", "::") else "127.0.0.1", port),
                                          timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"nats-server stopped with code {proc.returncode}") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("nats-server did not start")
