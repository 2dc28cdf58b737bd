"""Writing a file so that a crash never leaves half of it: temp file, fsync, rename."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


STALE_AGE = 3600.0  # a temporary file without a process id, this old, is stale
_cleaned: set = set()


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a temporary file it owns is not stale)."""
    if os.name == "nt":  # os.kill(pid, 0) would end the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def clean_stale_temps(path: Path) -> list[Path]:
    """Remove temporary files beside ``path`` that a killed writer left behind
    (``.<name>.<pid>.<random>.tmp`` of a process that is gone, or older
    unnumbered ones); returns what was removed. Only these names are touched."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(f".{glob_escape(path.name)}.*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        middle = tmp.name[len(path.name) + 2:-4]
        pid_text = middle.split(".", 1)[0]
        try:
            if not tmp.is_file() or tmp.is_symlink():
                continue
            if pid_text.isascii() and pid_text.isdigit() and "." in middle:
                pid = int(pid_text)
                if pid == os.getpid() or pid_alive(pid):
                    continue
            elif time.time() - tmp.stat().st_mtime < STALE_AGE:
                continue
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            continue
    return removed


def glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in name)


def clean_once(path: Path) -> None:
    """:func:`clean_stale_temps` the first time a run reads or writes ``path``."""
    path = Path(path)
    key = str(path.resolve()) if path.parent.exists() else str(path)
    if key not in _cleaned:  # once per file and run: what a killed earlier run left behind
        _cleaned.add(key)
        clean_stale_temps(path)


def write_atomic(path: Path, data: bytes) -> None:
    """``data`` into ``path``, all or nothing. Where the system allows (Linux, O_TMPFILE),
    the new content is written and synced into a file without a name, which gets its
    temporary name only for the moment between linking it and renaming it over ``path``:
    a kill -9 while writing or syncing leaves nothing beside the save. Elsewhere a named
    temporary file is written; what a killed run left is removed at the next start."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    clean_once(path)
    if not _write_unnamed(path, folder, data):
        _write_named(path, folder, data)
    try:  # the rename itself survives a power cut once the folder is synced
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _temp_name(path: Path, folder: Path) -> Path:
    return folder / f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp"


def _write_unnamed(path: Path, folder: Path, data: bytes) -> bool:
    """Write through an O_TMPFILE file; False when the system or file system has none."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return False
    try:
        fd = os.open(folder, flag | os.O_WRONLY, 0o600)
    except OSError:  # EOPNOTSUPP, EISDIR (an old kernel), ...: the named way
        return False
    tmp = _temp_name(path, folder)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
        try:
            os.link(f"/proc/self/fd/{f.fileno()}", tmp)  # linkat(AT_SYMLINK_FOLLOW): the file gets a name
        except OSError:  # no /proc link to follow here: the named way
            return False
    _replace(tmp, path)
    return True


def _write_named(path: Path, folder: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _discard(tmp)
        raise
    _replace(tmp, path)


def _replace(tmp: str | Path, path: Path) -> None:
    """``tmp`` becomes ``path`` at once; on failure it is removed."""
    try:
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise


def _discard(tmp: str | Path) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
