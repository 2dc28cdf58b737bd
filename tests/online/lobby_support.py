"""What the lobby tests share: a player with a fresh account, and waiting for a table."""
from __future__ import annotations

import secrets
import time

from voice_game.online.lobby_client import Account, LobbyClient


def lobby_player(server, name: str, secret: str | None = None) -> LobbyClient:
    """A lobby client of ``server`` (a web server fixture) with a new or given secret."""
    return LobbyClient(server.web, Account(name, secret or secrets.token_urlsafe(24)))


def until_table(client: LobbyClient, table: str, pred, timeout: float = 90) -> dict:
    """The table as ``client`` sees it once ``pred`` holds (long-polled with /lobby/wait)."""
    deadline = time.monotonic() + timeout
    seen = client.wait(table, -1)
    while not pred(seen):
        assert time.monotonic() < deadline, seen
        seen = client.wait(table, seen["version"])
    return seen
