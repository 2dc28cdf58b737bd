"""``voice-game server`` as a meeting place: nats-server, the lobby and the browser seat's page.

The program starts nats-server on its server folder (``voice_game.online.server``) as a
child and, on the web port (``--web-port``, default the NATS port + 1; 0 for none),
serves the lobby (``voice_game.online.lobby``) and the browser seat's page
(``voice_game.online.lobby_web``), with nats-server's WebSocket listener for the page
(``--ws-port``, default the web port + 1). Both end together: when
nats-server stops the program ends, and its end (Ctrl+C, SIGTERM) stops nats-server.

The WebSocket listener is written into ``web.conf``, which includes the folder's own
``nats.conf`` (so every user and permission written by the hosts holds for browsers
too). Beyond loopback the page and the WebSocket need TLS (``--tls-cert``/``--tls-key``):
a seat's password travels in them.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from voice_game.online import server as S

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def web_conf(folder: Path, ws_listen: str, ws_port: int, tls: tuple | None) -> Path:
    """``web.conf``: the folder's ``nats.conf`` plus the WebSocket listener."""
    q = json.dumps
    lines = ['include "nats.conf"', "websocket {", f"  listen: {q(f'{ws_listen}:{ws_port}')}"]
    if tls:
        lines += ["  tls {", f"    cert_file: {q(str(Path(tls[0]).resolve()))}",
                  f"    key_file: {q(str(Path(tls[1]).resolve()))}", "  }"]
    else:
        lines.append("  no_tls: true")
    lines += ["  compression: true", "}", ""]
    path = Path(folder) / "web.conf"
    path.write_text("\n".join(lines), encoding="utf-8")
    os.chmod(path, 0o600)
    return path


def _ssl_context(tls: tuple | None):
    if not tls:
        return None
    import ssl

    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(str(tls[0]), str(tls[1]))
    return ctx


def start_nats(folder: Path, port: int, listen: str, tls: tuple | None, ws_port: int | None,
               log=None) -> subprocess.Popen:
    """nats-server on the folder (its own nats.conf, or web.conf with the WebSocket), once it answers."""
    import socket
    import time

    binary = S.nats_server_binary()
    if binary is None:
        raise FileNotFoundError("nats-server")
    conf = S.init_server_dir(folder, port, listen, tls=tls)
    if ws_port is not None:
        conf = web_conf(folder, listen, ws_port, tls)
    # dies with this process: a server killed outright leaves no nats-server holding its ports
    proc = subprocess.Popen([binary, "-c", str(conf)], stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, preexec_fn=S.child_setup())
    probe = listen if listen not in ("0.0.0.0", "::") else "127.0.0.1"
    if tls is None and listen not in LOOPBACK:
        tls = S.self_signed(folder, listen)  # the one init_server_dir made
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((probe, port), timeout=0.2):
                if ws_port is not None:
                    with socket.create_connection((probe, ws_port), timeout=0.2):
                        pass
            try:  # the history gate: without it no seat reads its stream
                S.start_gate(folder, f"{'tls' if tls else 'nats'}://{probe}:{port}", proc.pid,
                             ca=tls[0] if tls else None, log=log, preexec_fn=S.child_setup())
            except RuntimeError:
                proc.kill()
                proc.wait(10)
                raise
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"nats-server stopped with code {proc.returncode}") from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("nats-server did not start")


async def _run(args, folder: Path, proc: subprocess.Popen, tls: tuple | None, ws_port: int | None, catalog) -> int:
    from voice_game.online.lobby import Lobby
    from voice_game.online.lobby_web import WebConfig, WebServer

    scheme = "tls" if tls else "nats"
    probe = args.listen if args.listen not in ("0.0.0.0", "::") else "127.0.0.1"
    lobby = Lobby(folder, f"{scheme}://{probe}:{args.port}")
    await lobby.start()
    web = None
    if args.web_port is not None and ws_port is not None:
        web = WebServer(WebConfig(ws_port=ws_port, tls=bool(tls)), lobby)
        try:
            await web.start(args.listen, args.web_port, ssl=_ssl_context(tls))
        except OSError:
            print(catalog.get("lobby.server_failed", port=args.web_port), file=sys.stderr, flush=True)
            await lobby.close()
            return 2
    print(json.dumps({"server": lobby.server, "web": args.web_port, "ws": ws_port}), flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    try:
        while not stop.is_set() and proc.poll() is None:
            try:
                await asyncio.wait_for(stop.wait(), 0.5)
            except TimeoutError:
                pass
    finally:
        if web is not None:
            await web.close()
        await lobby.close()
    return 0 if stop.is_set() else 1


def serve(args, folder: Path, catalog) -> int:
    """Run nats-server, the lobby and (``--web-port``) the page until stopped."""
    tls = (args.tls_cert, args.tls_key) if args.tls_cert and args.tls_key else None
    if args.web_port is None:
        args.web_port = args.port + 1
    ws_port = None
    if args.web_port:
        if args.listen not in LOOPBACK and not tls:
            print(catalog.get("lobby.web_needs_tls"), file=sys.stderr)
            return 2
        ws_port = args.ws_port or args.web_port + 1
    else:
        args.web_port = None
    try:
        proc = start_nats(folder, args.port, args.listen, tls, ws_port, log=sys.stderr)
    except FileNotFoundError:
        print(catalog.get("online.no_nats_server"), file=sys.stderr)
        return 2
    except RuntimeError:
        print(catalog.get("lobby.server_failed", port=args.port), file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(args, folder, proc, tls, ws_port, catalog))
    except KeyboardInterrupt:
        return 130
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
