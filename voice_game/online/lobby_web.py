"""The browser seat's web server: the page, its words, its cues and its single keys.

``voice-game server --web-port PORT`` serves, beside nats-server's WebSocket listener,
a page (``voice_game/online/web/``, shipped in the wheel) with which a friend joins a
seat from any browser, nothing installed: ``http://HOST:PORT/?code=CODE&lang=de``. The
page talks NATS itself (the vendored JavaScript client, over WebSocket) as the seat's
own server user, so it gets exactly what ``voice-game join`` gets: its own seat's
subject, its own stream, nothing else. This server only hands out files and answers
three small questions that need Python:

- ``GET /strings/<lang>.json``: the page's own words, from ``locales/<lang>/lobby.ftl``;
- ``POST /api/key``: a single key as the terminal makes it (``voice_game.keys.KeyInput``
  on a ``RemoteSeat`` holding the prompt the page got from the host): the words to send,
  or what to say; it keeps nothing and knows no secret;
- ``POST /api/redeem``: a short spoken invitation code (``voice_game.online.codes``)
  turned into a seat's join code, by the lobby, with its limits on tries.

Every answer is small, typed JSON; a request over ``MAX_BODY`` bytes, with a bad path or
bad JSON is refused with one status line and nothing else happens.
"""
from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from voice_game.commands.grammar import LANGUAGES

if TYPE_CHECKING:
    from voice_game.online.lobby import Lobby

WEB_DIR = Path(__file__).resolve().parent / "web"
MAX_BODY = 64 * 1024  # a prompt's commands (the key API) are a few KB
MAX_HEADER = 8 * 1024
READ_TIMEOUT = 10.0  # to read a request (answering one may take a lobby wait's 20 s)
CUE = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_]+){0,3}$")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".wav": "audio/wav"}
STATIC = ("index.html", "app.js", "keys.js", "style.css", "vendor/nats.ws.js")

# The page's own words (each is a lobby.ftl message; the page gets them rendered).
PAGE_WORDS = ("title", "heading", "command", "send", "log", "name", "code", "join", "joining",
              "connect_failed", "bad_code", "no_host", "over", "left", "speech", "state_your_turn",
              "state_waiting", "state_over", "typing", "keys", "history_none", "waiting_start", "help_keys",
              "taken", "history_slow")
PAGE_ERRORS = ("bad_name", "too_many", "bad_code", "unknown", "no_table", "not_waiting", "no_seat", "name_taken", "removed", "barred")


@dataclass
class WebConfig:
    ws_port: int  # nats-server's WebSocket listener
    tls: bool = False  # the page and the WebSocket are served with TLS (https, wss)


def page_words(lang: str) -> dict[str, str]:
    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    out: dict[str, Any] = {w: c.get(f"lobby.web.{w}") for w in PAGE_WORDS}
    out["errors"] = {e: c.get(f"lobby.error.{e}") for e in PAGE_ERRORS}
    return out


# ----------------------------------------------------------------------------- single keys

class _Collect:
    """What a key says at the seat (the key list, "nothing for this number"), as lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.history = None

    def say_local(self, m) -> None:
        if m.text:
            self.lines.append(m.text)

    def stop(self) -> None:
        """Nothing sounds here."""


class _Typing:
    """KeyInput's reader: the page does the typing; this only notes that it should start."""

    def __init__(self) -> None:
        self.started: str | None = None

    def next_event(self):
        return None

    def start_typing(self, initial: str = "") -> None:
        self.started = initial

    def close(self) -> None:
        """Nothing held."""


def key_answer(body: dict[str, Any]) -> dict[str, Any]:
    """One key on the browser seat, made as the terminal makes it.

    ``body``: ``{"lang", "game", "key", "prompt": {commands, choices, pending, detail}}``
    (the host's last prompt to this seat, as the page got it; empty while it is not this
    seat's turn). Answer: ``{"line": {"text", "conf", "src": "key"}}`` to send to the
    host, ``{"say": [lines]}`` to show, ``{"type": initial}`` to start typing, or ``{}``."""
    from voice_game.games import available, get
    from voice_game.keys import Key, KeyInput, load_bindings
    from voice_game.commands.grammar import load_grammar
    from voice_game.narration.catalog import load_catalog
    from voice_game.online.seat import RemoteSeat

    lang, game, key, prompt = body.get("lang"), body.get("game"), body.get("key"), body.get("prompt") or {}
    if lang not in LANGUAGES or not isinstance(key, str) or not 1 <= len(key) <= 12 or not isinstance(prompt, dict):
        raise ValueError("bad key")
    speaker = _Collect()
    seat = RemoteSeat(load_grammar(lang), load_catalog(lang), speaker)
    if isinstance(game, str) and game in available():
        seat.kit = get(game)  # (RemoteSeat.set_game indexes in a thread; here the index is made now)
        seat.g.index(game)
        seat.update(prompt)
    reader = _Typing()
    keys = KeyInput(reader, load_bindings({}))  # the default keys: the server's own settings are not the guest's
    keys.attach(seat)
    line = keys.on_key(Key(key))
    if line is not None and line.source == "key" and line.text.strip():
        return {"line": {"text": line.text, "conf": line.confidence, "src": "key"}, "say": speaker.lines}
    if reader.started is not None:
        return {"type": reader.started, "say": speaker.lines}
    return {"say": speaker.lines}


def seat_answer(body: dict[str, Any]) -> dict[str, Any]:
    """A seat's join code -> what the page needs to be that seat on NATS (its user, its
    subjects, its stream, its reply inbox), as ``voice_game.online.protocol`` names them,
    so the page never spells a subject itself. Nothing is looked up: a wrong code is
    refused by nats-server when the page logs in."""
    from voice_game.online import protocol as P

    code = body.get("code")
    try:
        table, seat, secret = P.parse_code(code if isinstance(code, str) else "")
    except ValueError:
        return {"error": "bad_code"}
    user, key = P.seat_user(table, seat), P.seat_key(secret)
    return {"ok": True, "table": table, "seat": seat, "user": user, "password": secret,
            "listen": P.seat_subject(table, seat, key), "send": P.command_subject(table, seat, key),
            "stream": P.seat_stream(table, seat), "inbox": P.inbox_prefix(user, key),
            "reader": P.history_user(user),
            "cid": P.new_cid()}


# ----------------------------------------------------------------------------- HTTP

class WebServer:
    """A small HTTP/1.1 server on asyncio (one request per connection)."""

    def __init__(self, config: WebConfig, lobby: Lobby | None = None):
        self.config = config
        self.lobby = lobby
        self.server: asyncio.AbstractServer | None = None

    async def start(self, host: str, port: int, ssl=None) -> None:
        self.server = await asyncio.start_server(self._client, host, port, ssl=ssl, limit=MAX_HEADER)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            status, ctype, body, extra = await self._request(reader, writer)
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, ConnectionError):
            status, ctype, body, extra = 400, "text/plain", b"bad request", {}
        except Exception:  # noqa: BLE001 - one status line, never a traceback to a stranger
            status, ctype, body, extra = 500, "text/plain", b"error", {}
        try:
            writer.write(self._head(status, ctype, len(body), extra) + body)
            await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    def _head(self, status: int, ctype: str, length: int, extra: dict[str, str]) -> bytes:
        reason = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
                  413: "Payload Too Large", 429: "Too Many Requests", 500: "Internal Server Error"}.get(status, "")
        scheme = "wss" if self.config.tls else "ws"
        headers = {
            "Content-Type": ctype, "Content-Length": str(length), "Connection": "close",
            "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY",
            # the page runs only its own scripts and talks only to this server and its WebSocket
            "Content-Security-Policy": f"default-src 'self'; connect-src 'self' {scheme}://*:{self.config.ws_port}; "
                                       "media-src 'self'; img-src 'self'; frame-ancestors 'none'",
            **extra,
        }
        lines = [f"HTTP/1.1 {status} {reason}"] + [f"{k}: {v}" for k, v in headers.items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def _request(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_TIMEOUT)
        lines = head.decode("latin-1").split("\r\n")
        method, target, _version = lines[0].split(" ", 2)
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        length = int(headers.get("content-length") or 0)
        if length < 0 or length > MAX_BODY:
            return 413, "text/plain", b"too big", {}
        body = await asyncio.wait_for(reader.readexactly(length), READ_TIMEOUT) if length else b""
        url = urlsplit(target)
        peer = writer.get_extra_info("peername")
        who = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if method == "GET":
            return self._get(url.path, parse_qs(url.query))
        if method == "POST":
            return await self._post(url.path, body, who)
        return 405, "text/plain", b"method not allowed", {}

    def _json(self, data: Any, status: int = 200):
        return status, "application/json", json.dumps(data, ensure_ascii=False).encode("utf-8"), {}

    def _get(self, path: str, query: dict[str, list[str]]):
        if path in ("/", "/index.html"):
            path = "/index.html"
        name = path.lstrip("/")
        if name in STATIC:
            f = WEB_DIR / name
            return 200, TYPES[f.suffix], f.read_bytes(), {}
        m = re.fullmatch(r"/strings/([a-z]{2})\.json", path)
        if m and m.group(1) in LANGUAGES:
            return self._json(page_words(m.group(1)))
        if path == "/config.json":
            return self._json({"ws_port": self.config.ws_port, "tls": self.config.tls, "languages": list(LANGUAGES)})
        m = re.fullmatch(r"/sounds/([a-z0-9_.]+)\.wav", path)
        if m and CUE.match(m.group(1)):
            from voice_game.audio.cues import sounds_dir

            f = sounds_dir() / f"{m.group(1)}.wav"
            if f.is_file():
                return 200, TYPES[".wav"], f.read_bytes(), {"Cache-Control": "max-age=3600"}
        if path == "/api/ticket" and self.lobby is not None:
            t = (query.get("t") or [""])[0]
            return self._json(self.lobby.ticket(t[:64]))
        return 404, "text/plain", b"not found", {}

    async def _post(self, path: str, body: bytes, who: str):
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return 400, "text/plain", b"bad json", {}
        if not isinstance(data, dict):
            return 400, "text/plain", b"bad json", {}
        if path == "/api/key":
            try:
                return self._json(key_answer(data))
            except ValueError:
                return 400, "text/plain", b"bad key", {}
        if path == "/api/seat":
            return self._json(seat_answer(data))
        if path == "/api/redeem" and self.lobby is not None:
            code, name, lang = data.get("code"), data.get("name"), data.get("lang")
            if not isinstance(code, str) or not isinstance(name, str) or lang not in LANGUAGES:
                return 400, "text/plain", b"bad request", {}
            answer = self.lobby.redeem_web(code[:200], name[:40], str(lang), who)
            return self._json(answer, 429 if answer.get("error") == "too_many" else 200)
        m = re.fullmatch(r"/lobby/([a-z]+)", path)
        if m and self.lobby is not None:
            answer = await self.lobby.answer(m.group(1), data, who)
            return self._json(answer, 429 if answer.get("error") == "too_many" else 200)
        return 404, "text/plain", b"not found", {}
