"""Save files: written atomically (write, fsync, rename), read with clear errors.

A damaged or foreign file raises SaveError and is never overwritten.
"""
from __future__ import annotations

import json
from pathlib import Path

from voice_game.atomic import clean_once, write_atomic
from voice_game.core.errors import SaveError

FORMAT = "voice_game/save"
VERSION = 1


def is_regular(path: Path) -> bool:
    """A regular file (a folder, a named pipe or a device is never read as a
    save, deck or events log: a pipe would block the game)."""
    try:
        return Path(path).is_file()
    except OSError:
        return False


def is_events_log(path: Path) -> bool:
    """True for an empty file or one whose every line is an engine event
    (a JSON object with a "type"): a file ``--events`` may replace."""
    if not is_regular(path):
        return False
    try:
        with open(path, "rb") as fh:
            raw = fh.read(64 * 1024 * 1024 + 1)
        if len(raw) > 64 * 1024 * 1024:
            return False
        lines = [ln for ln in raw.decode("utf-8").splitlines() if ln.strip()]
        return all(isinstance(e := json.loads(ln), dict) and isinstance(e.get("type"), str)
                   for ln in lines)
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return False


def is_save(path: Path) -> bool:
    if not is_regular(path):
        return False
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def write_save(path: Path, payload: dict) -> None:
    data = {"format": FORMAT, "version": VERSION, **payload}
    write_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def read_save(path: Path) -> dict:
    path = Path(path)
    if not path.exists():
        raise SaveError("missing", str(path))
    clean_once(path)  # a game resumed after a kill: no temporary file of the killed run stays
    if not is_regular(path):
        raise SaveError("foreign", str(path))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError("damaged", str(path), str(exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveError("damaged" if raw.lstrip().startswith(b"{") else "foreign", str(path), str(exc)) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", str(path))
    if data.get("version") != VERSION:
        raise SaveError("version", str(path), str(data.get("version")))
    return data
