"""Save files: written atomically (write, fsync, rename), read with clear errors.

A damaged or foreign file raises SaveError and is never overwritten.
"""
from __future__ import annotations

import json
from pathlib import Path

from voice_game.atomic import write_atomic
from voice_game.core.errors import SaveError

FORMAT = "voice_game/save"
VERSION = 1


def is_save(path: Path) -> bool:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def write_save(path: Path, payload: dict) -> None:
    data = {"format": FORMAT, "version": VERSION, **payload}
    write_atomic(Path(path), json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def read_save(path: Path) -> dict:
    path = Path(path)
    if not path.exists():
        raise SaveError("missing", str(path))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError("damaged", str(path), str(exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise SaveError("damaged" if raw.lstrip().startswith(b"{") else "foreign", str(path), str(exc)) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("foreign", str(path))
    if data.get("version") != VERSION:
        raise SaveError("version", str(path), str(data.get("version")))
    return data
