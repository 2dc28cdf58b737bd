"""Whisper models the player installs (``voice-game models install whisper-small``):
the official CTranslate2 conversions on Hugging Face (``Systran/faster-whisper-<size>``)
into ``<root>/models/whisper-<size>/``; the recognizer takes the best one installed
(:func:`best_installed_whisper`), else the bundled one (voice_game.speech.whisper_models).
"""
from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from voice_game.speech.model_download import (DOWNLOAD_DEADLINE, READ_TIMEOUT, InstallError, Say,
                                              check_base_url, disk_error, download, file_matches,
                                              remote_digest, shown)
from voice_game.speech.model_places import MARKER, install_work, models_root, owned_by_game, remove_folder, swap_in

#: The Whisper models the installer knows, by the name the player types, and their
#: official CTranslate2 conversion on Hugging Face (OpenAI's MIT weights, converted by
#: Systran). A typed name is looked up here and never used as a path.
WHISPER_SIZES = ("tiny", "base", "small", "medium")
WHISPER_MODELS: dict[str, str] = {
    f"whisper-{size}{en}": f"Systran/faster-whisper-{size}{en}"
    for size in WHISPER_SIZES for en in ("", ".en")
}
WHISPER_BASE_URL = "https://huggingface.co"
#: files of a model folder; model.bin must have a SHA-256 from the site (Hugging Face
#: gives it as the ``X-Linked-Etag`` of a file kept in Git LFS)
WHISPER_FILES = ("config.json", "tokenizer.json", "model.bin")
WHISPER_VOCABULARIES = ("vocabulary.txt", "vocabulary.json")  # one of them


def known_whisper(name: str) -> str | None:
    """The model name from the closed set :data:`WHISPER_MODELS`, or None."""
    code = str(name).strip().lower()
    return code if code in WHISPER_MODELS else None


def unknown_whisper(name: str) -> InstallError:
    return InstallError("models.unknown_model", name=shown(name), lang="Whisper", names=", ".join(WHISPER_MODELS))


def _whisper_complete(path: Path) -> bool:
    return (path.is_dir() and not path.is_symlink() and (path / MARKER).is_file()
            and all((path / f).is_file() for f in WHISPER_FILES))


def installed_whisper() -> dict[str, Path]:
    """Whisper models installed by the game: name -> folder."""
    root = models_root()
    return {name: root / name for name in WHISPER_MODELS if _whisper_complete(root / name)}


def whisper_rank(name: str, lang: str) -> tuple[int, int] | None:
    """How good model ``name`` is for ``lang`` (bigger is better), None when it cannot
    understand the language (an English-only model for German)."""
    size = name.removeprefix("whisper-")
    english_only = size.endswith(".en")
    if english_only and lang != "en":
        return None
    return WHISPER_SIZES.index(size.removesuffix(".en")), int(english_only)


def best_installed_whisper(lang: str) -> tuple[str, Path] | None:
    """The biggest installed Whisper model that understands ``lang``."""
    best = None
    for name, path in installed_whisper().items():
        rank = whisper_rank(name, lang)
        if rank is not None and (best is None or rank > best[0]):
            best = (rank, name, path)
    return (best[1], best[2]) if best else None


def _whisper_vocabulary(files_url: str, left: Callable[[], float]) -> str:
    """The vocabulary file the site has (``vocabulary.txt`` or ``.json``)."""
    for candidate in WHISPER_VOCABULARIES:
        try:
            remote_digest(f"{files_url}/{candidate}", min(READ_TIMEOUT, left()))
        except InstallError as exc:
            if exc.key == "models.download_missing":
                continue
            raise
        return candidate
    raise InstallError("models.download_missing")


def _fetch_checked(url: str, dest: Path, code: str, say: Say, left: Callable[[], float]) -> str:
    """Download one file of a Whisper model and check it against the site's checksum
    (model.bin must have a SHA-256); returns its SHA-256."""
    digest = remote_digest(url, min(READ_TIMEOUT, left()))
    big = dest.name == "model.bin"
    if big and len(digest) != 64:
        raise InstallError("models.checksum_missing", name=code)
    _size, sha = download(url, dest, say, deadline=left())
    if (big and sha != digest) or (not big and not file_matches(dest, digest)):
        raise InstallError("models.checksum_mismatch", name=code)
    return sha


def install_whisper(name: str, say: Say, *, base_url: str | None = None,  # noqa: C901 - the installer's steps, each with its spoken failure
                    deadline: float | None = None) -> Path:
    """Download, check and install Whisper model ``name`` (one of
    :data:`WHISPER_MODELS`) into ``<root>/models/<name>``; returns the folder.

    Every file is fetched into a temporary folder beside the target within
    ``deadline`` seconds in all, with spoken progress for model.bin; model.bin must
    match the SHA-256 the site gives (no checksum, no install), the other files their
    Git blob id when given. Only a complete, checked folder is renamed into place.
    Raises InstallError (already cleaned up) on any failure, Ctrl-C included.
    """
    code = known_whisper(name)
    if code is None:
        raise unknown_whisper(name)
    repo = WHISPER_MODELS[code]
    base = check_base_url(base_url or os.environ.get("VOICE_GAME_WHISPER_URL") or WHISPER_BASE_URL)
    end = time.monotonic() + (DOWNLOAD_DEADLINE if deadline is None else deadline)
    root = models_root()
    target = root / code
    if (target.exists() or target.is_symlink()) and not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    def left() -> float:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise InstallError("models.download_slow",
                               minutes=max(1, round((DOWNLOAD_DEADLINE if deadline is None else deadline) / 60)))
        return remaining

    def quiet(key: str, **params: object) -> None:
        pass

    with install_work(root, code) as work:
        say("models.download_start", name=code, url=f"{base}/{repo}")
        files = [*WHISPER_FILES, _whisper_vocabulary(f"{base}/{repo}/resolve/main", left)]
        model_sha = ""
        for fname in files:
            sha = _fetch_checked(f"{base}/{repo}/resolve/main/{fname}", work / fname, code,
                                 say if fname == "model.bin" else quiet, left)
            if fname == "model.bin":
                model_sha = sha
        try:
            (work / MARKER).write_text(json.dumps({"name": code, "engine": "whisper",
                                                   "sha256": model_sha}) + "\n", encoding="utf-8")
            folder = work / "model"
            folder.mkdir()
            for fname in [*files, MARKER]:
                os.rename(work / fname, folder / fname)
            swap_in(folder, target, work)
        except OSError as exc:
            raise disk_error(exc, root) from None
        say("models.installed_whisper", name=code, path=str(target))
        return target


def remove_whisper(name: str) -> bool:
    """Remove an installed Whisper model (a known name); False when it is not installed."""
    code = known_whisper(name)
    if code is None:
        raise unknown_whisper(name)
    return remove_folder(models_root() / code, code.replace("-", "_"))
