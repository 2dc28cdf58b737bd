"""Message catalogs: every word a player hears, from ``locales/<lang>/*.toml`` (shared
files and one per game, ``<game>.toml``), plus the locale files a game from
``VOICE_GAME_GAMES_PATH`` brings in its own folder (``locales/<lang>/*.toml`` there).

A message is a string with ``{name}`` fields, or a table of plural forms
(``zero``/``one``/``other``) chosen by the number in ``count`` (or the field named
by ``_by``). Files of one language are merged; a key defined twice is an error.
"""
from __future__ import annotations

import os
import string
import tomllib
from functools import cache

from voice_game.core.errors import ContentError
from voice_game.core.game import PATH_ENV, definitions
from voice_game.paths import data_dir

PLURAL_FORMS = ("zero", "one", "other")


def _flatten(table: dict, prefix: str, out: dict, source: str) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict) and not (set(v) - {"_by"}) <= set(PLURAL_FORMS):
            _flatten(v, key + ".", out, source)
        else:
            if key in out:
                raise ContentError(source, key, "defined twice")
            if isinstance(v, dict):
                if "other" not in v:
                    raise ContentError(source, key, "a plural message needs an 'other' form")
            elif not isinstance(v, str):
                raise ContentError(source, key, "must be a string or a plural table")
            out[key] = v


class Catalog:
    def __init__(self, lang: str, messages: dict):
        self.lang = lang
        self.messages = messages

    def has(self, key: str) -> bool:
        return key in self.messages

    def get(self, key: str, **params) -> str:
        msg = self.messages.get(key)
        if msg is None:
            # A missing message must never silence the game: say the key's last part.
            return key.rsplit(".", 1)[-1].replace("_", " ")
        if isinstance(msg, dict):
            n = params.get(msg.get("_by", "count"), 0)
            try:
                n = int(n)
            except (TypeError, ValueError):
                n = 0
            form = "zero" if n == 0 and "zero" in msg else ("one" if n == 1 and "one" in msg else "other")
            msg = msg[form]
        return _Formatter().format(msg, **params)

    def fields(self, key: str) -> set[str]:
        msg = self.messages[key]
        texts = msg.values() if isinstance(msg, dict) else [msg]
        return {f for t in texts if isinstance(t, str) for _, f, _, _ in string.Formatter().parse(t) if f}


class _Formatter(string.Formatter):
    def get_value(self, key, args, kwargs):
        if isinstance(key, str):
            return kwargs.get(key, "")
        return super().get_value(key, args, kwargs)


def load_catalog(lang: str) -> Catalog:
    """Every message of ``lang``: the shared files and every discovered game's."""
    return _load_catalog(lang, os.environ.get(PATH_ENV, ""))


@cache
def _load_catalog(lang: str, games_path: str) -> Catalog:
    folder = data_dir("locales") / lang
    if not folder.is_dir():
        raise ContentError(str(folder), "/", f"no messages for language {lang!r}")
    messages: dict = {}
    paths = sorted(folder.glob("*.toml"))
    for d in definitions():
        if d.content_dir is not None:
            paths += sorted((d.content_dir / "locales" / lang).glob("*.toml"))
    for path in paths:
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ContentError(str(path), "/", f"cannot read: {exc}") from exc
        _flatten(raw, "", messages, str(path))
    return Catalog(lang, messages)
