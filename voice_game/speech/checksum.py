"""File checksums, written once: the SHA-256 of a model's files (the bundled Whisper
models' pins, an installed model's weights) and the Git blob id Hugging Face gives for
the small files it keeps in Git."""
from __future__ import annotations

import hashlib
from pathlib import Path


def _file_digest(path: Path, h):
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file, hex."""
    return _file_digest(path, hashlib.sha256()).hexdigest()


def git_blob_id(path: Path) -> str:
    """The id Git gives the file's content (SHA-1 of ``blob <size>\\0`` and the bytes), hex."""
    return _file_digest(path, hashlib.sha1(f"blob {path.stat().st_size}\0".encode())).hexdigest()
