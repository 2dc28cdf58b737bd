"""The lobby's screens in the start menu ("Play online" -> "Lobby"), by voice and keys.

The screens are menus like every other of the start menu (numbers, arrows, Enter, the
entries' spoken names from ``grammars/<lang>/common.toml`` ``[slots.item]``); the menu
runs them (``MenuHost.run_entries``), this module only says what they hold and does what
their entries do, through the lobby's requests (``lobby_client``):

- the lobby: hear the open tables (game, language, variants, free seats, who sits
  there), open a table of a game as set up in its game menu, join with a spoken code,
  your name;
- a table: join it (waiting) or watch it (playing);
- your waiting table: who sits here, the invitation code (three words and six digits),
  add a bot, start (its owner), remove a player or bot (its owner), wait for the start,
  leave. Once it plays, the seat is
  played as ``join`` plays it (``command.menu_session``), and afterwards the lobby is back.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from voice_game.online import codes as C
from voice_game.online.lobby import NAME
from voice_game.online.lobby_client import (Account, LobbyClient, LobbyUnreachable, load_account, lobby_url,
                                            save_account)

BACK, EXIT = "back", "exit"
NAME_TRIES = 3


@dataclass
class Entry:
    """One entry of a lobby screen (the menu makes it a menu item)."""

    id: str  # a value of the grammar's {item} slot when it can be named, else any id
    label: Callable[[], str]
    select: Callable[[], str | None]  # returns EXIT / BACK / None


class MenuHost(Protocol):
    """What the start menu offers the lobby's screens."""

    lang: str
    c: Any  # the catalog of the menu's language
    setup: Any  # the games' choices made in their menus (humans, bots, variants)

    def t(self, key: str, **params: Any) -> str: ...

    def say(self, text: str, cue: str | None = None) -> None: ...

    def read_line(self) -> str: ...

    def run_entries(self, title: str, entries: list[Entry]) -> str | None: ...


class LobbyScreens:
    def __init__(self, app: MenuHost, server: str | None = None):
        from voice_game.online.command import DEFAULT_SERVER, ENV_SERVER

        self.app = app
        self.server = server or os.environ.get(ENV_SERVER, DEFAULT_SERVER)
        self.url = lobby_url(self.server)
        self.client: LobbyClient | None = None
        self.games: list[dict[str, Any]] = []

    # --- words -------------------------------------------------------------------------------
    def t(self, key: str, **params: Any) -> str:
        return self.app.t(key, **params)

    def named(self, keys: tuple[str, ...], fallback: str) -> str:
        """The first of the messages the catalog has (a game's own name for itself or a variant)."""
        return next((self.t(k) for k in keys if self.app.c.has(k)), fallback)

    def game_name(self, game: str) -> str:
        return self.named((f"{game}.title", f"menu.game_name.{game}"), game)

    def variant_name(self, game: str, v: str) -> str:
        return self.named((f"{game}.variant_name.{v}", f"menu.variant_name.{v}"), v)

    def say_error(self, answer: dict[str, Any]) -> None:
        params = {k: v for k, v in answer.items() if k != "error"}
        self.app.say(self.t(f"lobby.error.{answer.get('error', 'bad_request')}", **params), "event.error")

    def describe(self, t: dict[str, Any]) -> str:
        names = [s["name"] if s["kind"] != "free" else self.t("lobby.menu.free_seat") for s in t["seats"]]
        variants = ", ".join(self.variant_name(t["game"], v) for v in t["variants"]) or self.t("lobby.menu.no_variants")
        return self.t("lobby.menu.table", number=t["id"], game=self.game_name(t["game"]),
                      language=self.t(f"menu.language_name.{t['lang']}"), variants=variants, free=t["free"],
                      players=", ".join(names), state=t["state"])

    # --- the account -------------------------------------------------------------------------
    def connect(self) -> bool:
        """Log in (a new account asks for a name first); False, said, when there is no lobby."""
        acc = load_account()
        for _ in range(NAME_TRIES):
            if acc is None:
                acc = self.ask_name()
                if acc is None:
                    return False
            self.client = LobbyClient(self.url, acc)
            try:
                hello = self.client.hello()
            except LobbyUnreachable:
                self.app.say(self.t("lobby.error.no_server", server=self.url), "event.error")
                return False
            if hello.get("ok"):
                self.games = list(hello.get("games") or [])
                self.app.say(self.t("lobby.menu.welcome", name=hello.get("name", acc.name)))
                return True
            self.say_error(hello)
            acc = None  # the name is another player's (or the file was damaged): choose again
        return False

    def ask_name(self) -> Account | None:
        for _ in range(NAME_TRIES):
            self.app.say(self.t("lobby.menu.ask_name"))
            name = self.app.read_line().strip()
            if not name:
                return None
            if NAME.match(name):
                return save_account(name)
            self.say_error({"error": "bad_name"})
        return None

    def request(self, what: str, **data: Any) -> dict[str, Any] | None:
        """A lobby request; None (said) when it was refused or the lobby is gone."""
        assert self.client is not None
        try:
            answer = self.client.request(what, **data)
        except LobbyUnreachable:
            self.app.say(self.t("lobby.error.no_server", server=self.url), "event.error")
            return None
        if not answer.get("ok"):
            self.say_error(answer)
            return None
        return answer

    # --- the screens -----------------------------------------------------------------------
    def run(self) -> str | None:
        if not self.connect():
            return None
        result = self.app.run_entries("lobby.menu.title", self.lobby_entries())
        return EXIT if result == EXIT else None

    def lobby_entries(self) -> list[Entry]:
        t = self.t
        entries = [Entry("tables", lambda: t("lobby.menu.tables"), self.tables_screen)]
        for g in self.games:
            entries.append(Entry("open_table", partial(self.open_label, g["game"]), partial(self.open_table, g)))
        entries += [Entry("code", lambda: t("lobby.menu.code"), self.join_code),
                    Entry("names", self.name_label, self.rename),
                    Entry("back", lambda: t("menu.back"), lambda: BACK)]
        return entries

    def open_label(self, game: str) -> str:
        cfg = self.app.setup[game]
        return self.t("lobby.menu.open", game=self.game_name(game), humans=cfg["humans"], bots=cfg["bots"])

    def name_label(self) -> str:
        acc = self.client.account if self.client is not None else None
        return self.t("lobby.menu.name", name=acc.name if acc else "")

    def rename(self) -> str | None:
        acc = self.ask_name()
        if acc is not None and not self.connect():
            return BACK
        return None

    def tables_screen(self) -> str | None:
        answer = self.request("tables")
        if answer is None:
            return None
        tables = answer["tables"]
        if not tables:
            self.app.say(self.t("lobby.menu.no_tables"))
            return None
        entries = [Entry(f"table_{x['id']}", partial(self.describe, x), partial(self.table_screen, x)) for x in tables]
        entries.append(Entry("back", lambda: self.t("menu.back"), lambda: BACK))
        result = self.app.run_entries("lobby.menu.tables_title", entries)
        return EXIT if result == EXIT else None

    def table_screen(self, x: dict[str, Any]) -> str | None:
        if x.get("seat"):
            return self.waiting_screen(x["id"])
        if x["state"] == "playing":
            return self.watch(x["id"])
        answer = self.request("join", table=x["id"])
        return None if answer is None else self.waiting_screen(answer["id"])

    def open_table(self, g: dict[str, Any]) -> str | None:
        cfg = self.app.setup[g["game"]]
        bots = cfg["bots"] if g.get("bots") else 0
        seats = max(g["min"], min(g["max"], cfg["humans"] + bots))
        answer = self.request("create", game=g["game"], seats=seats, bots=bots, variants=sorted(cfg["variants"]),
                              lang=self.app.lang)
        if answer is None:
            return None
        self.say_invite(answer)
        return self.waiting_screen(answer["id"])

    def join_code(self) -> str | None:
        self.app.say(self.t("lobby.menu.ask_code"))
        line = self.app.read_line().strip()
        if not line:
            return None
        answer = self.request("join", code=line)
        return None if answer is None else self.waiting_screen(answer["id"])

    def say_invite(self, x: dict[str, Any]) -> None:
        if x.get("invite"):
            code = int(x["invite"])
            self.app.say(self.t("lobby.menu.invite_is", words=C.say(code, self.app.lang), digits=" ".join(C.digits(code))))

    def waiting_screen(self, tid: str) -> str | None:
        t = self.t

        def seats() -> str | None:
            answer = self.request("table", table=tid)
            if answer is not None:
                self.app.say(self.describe(answer))
            return None

        def invite() -> str | None:
            answer = self.request("invite", table=tid)
            if answer is not None:
                self.say_invite(answer)
            return None

        def bot() -> str | None:
            answer = self.request("bot", table=tid)
            if answer is not None:
                self.app.say(self.describe(answer))
            return None

        def start() -> str | None:
            answer = self.request("start", table=tid)
            return None if answer is None else self.wait_and_play(tid)

        def leave() -> str | None:
            self.request("leave", table=tid)
            return BACK

        def remove() -> str | None:
            return self.remove_screen(tid)

        result = self.app.run_entries("lobby.menu.waiting_title", [
            Entry("seats", lambda: t("lobby.menu.seats"), seats),
            Entry("invite", lambda: t("lobby.menu.invite"), invite),
            Entry("add_bot", lambda: t("lobby.menu.add_bot"), bot),
            Entry("start", lambda: t("lobby.menu.start"), start),
            Entry("wait", lambda: t("lobby.menu.wait"), lambda: self.wait_and_play(tid)),
            Entry("remove_player", lambda: t("lobby.menu.remove"), remove),
            Entry("leave_table", lambda: t("lobby.menu.leave"), leave),
        ])
        return EXIT if result == EXIT else None

    def remove_screen(self, tid: str) -> str | None:
        """The owner chooses whom to take off the table (a person removed cannot sit here again)."""
        answer = self.request("table", table=tid)
        if answer is None:
            return None
        if not answer.get("owner"):
            self.say_error({"error": "not_owner_remove"})
            return None
        others = [(i + 1, s["name"]) for i, s in enumerate(answer["seats"])
                  if s["kind"] != "free" and i + 1 != answer.get("seat")]
        if not others:
            self.app.say(self.t("lobby.menu.nobody_to_remove"))
            return None

        def take_off(seat: int, name: str) -> str | None:
            if self.request("remove", table=tid, seat=seat) is not None:
                self.app.say(self.t("lobby.menu.removed_one", name=name))
            return BACK

        entries = [Entry(f"seat_{n}", partial(str, name), partial(take_off, n, name))
                   for n, name in others]
        entries.append(Entry("back", lambda: self.t("menu.back"), lambda: BACK))
        result = self.app.run_entries("lobby.menu.remove_title", entries)
        return EXIT if result == EXIT else None

    def wait_and_play(self, tid: str) -> str | None:
        """Until the table plays (saying who sits down or leaves), then the seat; BACK after the game."""
        version, known = -1, None
        while True:
            answer = self.request("wait", table=tid, version=version)
            if answer is None:
                return BACK
            names = [s["name"] for s in answer["seats"] if s["kind"] != "free"]
            if known is not None and names != known:
                self.app.say(self.describe(answer))
            known = names
            if answer["state"] == "over":
                self.app.say(self.t("lobby.menu.table_closed"))
                return BACK
            if answer["state"] == "waiting" and not answer.get("seat"):
                self.app.say(self.t("lobby.menu.you_were_removed"), "event.error")
                return BACK
            if answer["state"] == "playing" and answer.get("code"):
                return self.play(answer["code"])
            if version == -1:
                self.app.say(self.t("lobby.menu.waiting", players=", ".join(names)))
            version = answer["version"]

    def play(self, code: str) -> str | None:
        from voice_game.online.command import menu_session

        result = menu_session(self.app, "join", given=f"{code} {self.server}")
        if result == EXIT:
            return EXIT
        self.app.say(self.t("lobby.menu.back_in"))
        return BACK

    def watch(self, tid: str) -> str | None:
        from voice_game.online.command import menu_session

        answer = self.request("watch", table=tid)
        if answer is None:
            return None
        menu_session(self.app, "watch", given=f"{answer['table']} {self.server}")
        return None
