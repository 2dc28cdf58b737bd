"""Where the game keeps its speech models, and the folders it may change there.

``<root>/models/`` with ``<root>`` = ``platformdirs.user_data_dir("voice_game")`` or
``$VOICE_GAME_DATA_DIR`` when set. Every folder the installer puts there gets a marker
file (:data:`MARKER`); a folder, file or link without it is never replaced or removed.
The installer's temporary folders (:data:`TEMP_PREFIXES`) left by a killed run are
removed at the next start (:func:`clean_stale`).
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from voice_game.atomic import pid_alive
from voice_game.speech.model_download import InstallError, disk_error

#: The file that marks a model folder as installed by the game; only folders
#: with it (or installed by an older version, see :func:`owned_by_game`) are
#: ever replaced or removed.
MARKER = ".voice-game-model"

#: Prefixes of the game's own temporary folders inside ``models/``.
TEMP_PREFIXES = (".install-", ".remove-")
STALE_AGE = 24 * 3600.0

def data_root() -> Path:
    env = os.environ.get("VOICE_GAME_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("voice_game"))


def models_root() -> Path:
    return data_root() / "models"


def layout_problem(path: str | Path) -> str | None:
    """None when ``path`` looks like a Vosk model folder, else a problem code:
    ``not_a_folder`` or ``missing:<relative path>``."""
    p = Path(path)
    if not p.is_dir():
        return "not_a_folder"
    for rel in ("am/final.mdl", "conf/model.conf"):
        if not (p / rel).is_file():
            return f"missing:{rel}"
    graph = p / "graph"
    if (graph / "HCLG.fst").is_file():
        return None
    if (graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file():
        return None
    return "missing:graph/HCLG.fst"


def owned_by_game(path: Path) -> bool:
    """True for a real folder (not a link) that the installer put there: it has
    the marker file, or (installed by an older version) the kept original
    ``conf/model.conf.orig`` next to a complete model."""
    if path.is_symlink() or not path.is_dir():
        return False
    if (path / MARKER).is_file():
        return True
    return (path / "conf" / "model.conf.orig").is_file() and layout_problem(path) is None


def clean_stale(root: Path | None = None) -> None:
    """Delete temporary folders the installer left behind when it was killed:
    only names it makes (``.install-<lang>-<pid>-*``, ``.remove-<lang>-<pid>-*``),
    whose process is gone or that are older than a day."""
    root = models_root() if root is None else root
    try:
        children = list(root.iterdir())
    except OSError:
        return
    for child in children:
        if not child.name.startswith(TEMP_PREFIXES) or child.is_symlink() or not child.is_dir():
            continue
        parts = child.name.split("-")
        try:
            pid = int(parts[2]) if len(parts) > 3 and parts[2].isascii() else -1
        except ValueError:
            pid = -1
        try:
            old = time.time() - child.stat().st_mtime > STALE_AGE
        except OSError:
            continue
        if pid == os.getpid():
            continue
        if old or pid < 0 or not pid_alive(pid):
            shutil.rmtree(child, ignore_errors=True)


def swap_in(new: Path, target: Path, work: Path) -> None:
    """Put the finished model folder ``new`` at ``target``: a previous model the game
    installed moves aside into ``work`` (removed with it) and comes back if the rename
    fails; a folder that is not the game's own is never touched."""
    old = work / "old"
    if target.exists() or target.is_symlink():
        if not owned_by_game(target):  # appeared while downloading
            raise InstallError("models.not_ours", path=str(target))
        os.rename(target, old)
    try:
        os.rename(new, target)
    except OSError:
        if old.exists():
            os.rename(old, target)
        raise




def remove_folder(target: Path, label: str) -> bool:
    """Remove a model folder the game installed (moved aside first, so no half-removed
    model is ever found); False when there is none, InstallError ``models.not_ours``
    when ``target`` holds something the game did not install (it is left as it is)."""
    if not (target.exists() or target.is_symlink()):
        return False
    if not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    root = target.parent
    clean_stale(root)
    aside = Path(tempfile.mkdtemp(prefix=f".remove-{label}-{os.getpid()}-", dir=root))
    os.rename(target, aside / "model")
    shutil.rmtree(aside, ignore_errors=True)
    return True


@contextmanager
def install_work(root: Path, code: str) -> Iterator[Path]:
    """A fresh temporary folder inside ``root`` for one install, removed afterwards.
    The pid is the third part of its name (so :func:`clean_stale` knows a dead run's
    folder): no dash in the model part. A full or unwritable disk becomes
    ``disk_error``; an interrupt becomes ``models.interrupted``."""
    work: Path | None = None
    try:
        try:
            root.mkdir(parents=True, exist_ok=True)
            clean_stale(root)
            work = Path(tempfile.mkdtemp(prefix=f".install-{code.replace('-', '_')}-{os.getpid()}-", dir=root))
        except OSError as exc:
            raise disk_error(exc, root) from None
        yield work
    except KeyboardInterrupt:
        raise InstallError("models.interrupted") from None
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
