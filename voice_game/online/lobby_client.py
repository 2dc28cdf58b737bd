"""A lobby's client: the player's account and the lobby's requests, for the start menu.

The account is a name and a secret this client made once and keeps in the config folder
(``lobby.toml`` beside ``settings.toml``, readable by its owner only); the server keeps a
salted hash of it. The lobby of ``nats://HOST:PORT`` answers at ``http://HOST:PORT+1``
(``https`` for a ``tls://`` server), or where ``$VOICE_GAME_LOBBY`` says.
"""
from __future__ import annotations

import json
import os
import secrets
import tomllib
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from voice_game.atomic import write_atomic

LOBBY_ENV = "VOICE_GAME_LOBBY"
TIMEOUT = 30.0  # a wait request is answered within the lobby's 20 s


class LobbyUnreachable(Exception):
    """No lobby answers at the address."""


def lobby_url(server: str) -> str:
    """The lobby's address for a NATS server address."""
    from urllib.parse import urlsplit

    if os.environ.get(LOBBY_ENV):
        return os.environ[LOBBY_ENV].rstrip("/")
    u = urlsplit(server)
    scheme = "https" if u.scheme == "tls" else "http"
    host = u.hostname or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{(u.port or 4222) + 1}"


def account_file() -> Path:
    from voice_game.settings import config_dir

    return config_dir() / "lobby.toml"


@dataclass
class Account:
    name: str
    secret: str


def load_account() -> Account | None:
    try:
        data = tomllib.loads(account_file().read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    name, secret = data.get("name"), data.get("secret")
    if isinstance(name, str) and isinstance(secret, str) and name and secret:
        return Account(name, secret)
    return None


def save_account(name: str, secret: str | None = None) -> Account:
    """The account under ``name`` (a new secret unless one is given), written to the config folder."""
    acc = Account(name, secret or secrets.token_urlsafe(24))
    path = account_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f"# Your lobby account: keep the secret to yourself.\nname = {json.dumps(acc.name)}\n" \
           f"secret = {json.dumps(acc.secret)}\n"
    write_atomic(path, text.encode("utf-8"))
    os.chmod(path, 0o600)
    return acc


class LobbyClient:
    """The lobby's requests for one account; every answer is the lobby's JSON."""

    def __init__(self, url: str, account: Account, timeout: float = TIMEOUT):
        self.url = url.rstrip("/")
        self.account = account
        self.timeout = timeout

    def request(self, what: str, **data: Any) -> dict[str, Any]:
        body = json.dumps({"name": self.account.name, "secret": self.account.secret, **data}).encode("utf-8")
        req = urllib.request.Request(f"{self.url}/lobby/{what}", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        ctx = None
        if self.url.startswith("https://"):
            from voice_game.online.client import tls_context

            ctx = tls_context("tls://")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout, context=ctx) as r:
                answer = json.loads(r.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            try:
                answer = json.loads(e.read().decode("utf-8"))
            except ValueError:
                raise LobbyUnreachable(self.url) from None
        except (OSError, ValueError):
            raise LobbyUnreachable(self.url) from None
        if not isinstance(answer, dict):
            raise LobbyUnreachable(self.url)
        return answer

    def hello(self) -> dict[str, Any]:
        return self.request("hello")

    def tables(self) -> dict[str, Any]:
        return self.request("tables")

    def create(self, game: str, seats: int, bots: int, variants: list[str], lang: str) -> dict[str, Any]:
        return self.request("create", game=game, seats=seats, bots=bots, variants=variants, lang=lang)

    def join(self, table: str | None = None, code: str | None = None) -> dict[str, Any]:
        return self.request("join", **({"table": table} if table else {"code": code or ""}))

    def leave(self, table: str) -> dict[str, Any]:
        return self.request("leave", table=table)

    def bot(self, table: str) -> dict[str, Any]:
        return self.request("bot", table=table)

    def start(self, table: str) -> dict[str, Any]:
        return self.request("start", table=table)

    def invite(self, table: str) -> dict[str, Any]:
        return self.request("invite", table=table)

    def watch(self, table: str) -> dict[str, Any]:
        return self.request("watch", table=table)

    def wait(self, table: str, version: int) -> dict[str, Any]:
        return self.request("wait", table=table, version=version)
