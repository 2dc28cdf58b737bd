"""Save files: written atomically (write, fsync, rename), read with clear errors.

A damaged or foreign file raises SaveError and is never overwritten.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

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
    path = Path(path)
    data = {"format": FORMAT, "version": VERSION, **payload}
    text = json.dumps(data, ensure_ascii=False, indent=1)
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        try:
            dfd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
