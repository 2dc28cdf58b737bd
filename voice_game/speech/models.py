"""Vosk model management: find, install, list and remove speech models.

CLI (wired by the lead into ``voice-game models ...``)::

    models list
    models install LANG [--url BASE_URL] [--name MODEL_NAME] [--sha256 HEX]
    models remove LANG
    models path LANG
    models install whisper-SIZE [--url BASE_URL]    (tiny, base, small, medium; .en too)
    models remove whisper-SIZE
    models path whisper-SIZE

Whisper models (see :func:`install_whisper`) come from their official source, the
CTranslate2 conversions on Hugging Face (``Systran/faster-whisper-<size>``), into
``<root>/models/whisper-<size>/``; the recognizer takes the best one installed.

Where models live
-----------------
``<root>/models/<lang>/`` with ``<root>`` = ``platformdirs.user_data_dir("voice_game")``
or ``$VOICE_GAME_DATA_DIR`` when set. A model folder given by the player
(``--model DIR`` or ``$VOICE_GAME_VOSK_MODEL``) is used as it is, never changed.

Only the languages of :data:`OFFICIAL_MODELS` and the model names of
:data:`KNOWN_ARCHIVES` are accepted: nothing a player types is ever joined into
a path. Every installed folder gets a marker file (:data:`MARKER`); a folder,
file or link at ``models/<lang>`` without it is never replaced or removed.

Installing
----------
1. Download ``<base>/<name>.zip`` (``base`` = ``--url``, else
   ``$VOICE_GAME_MODEL_URL``, else the official Vosk model site) into a temp
   folder ``<root>/models/.install-<lang>-*`` next to the target, with one
   progress line per 10 % (screen-reader friendly, no carriage returns),
   within :data:`DOWNLOAD_DEADLINE` in all. Temporary folders of a killed
   installer are removed at the next start.
2. Check it: the byte count against Content-Length, the SHA-256 / size when
   known, the zip's integrity (CRC of every entry while extracting), and every
   entry's name: absolute paths, ``..`` and symlinks are refused before
   anything is extracted.
3. Check the model layout (``am/final.mdl``, ``conf/model.conf``, and a graph:
   ``graph/HCLG.fst`` or ``graph/HCLr.fst`` + ``graph/Gr.fst``); a single top
   folder in the archive (as in the official zips) is looked into.
4. Tune the endpointer (end-of-speech detection) in the extracted copy's
   ``conf/model.conf`` -- the Vosk 0.3.45 wheel has no endpointer setters, the
   rules are read from this file when the model loads. The original file is
   kept as ``conf/model.conf.orig``. See :data:`ENDPOINT_RULES`.
5. Rename the checked folder to ``<root>/models/<lang>`` (an older model there
   is moved aside first and deleted afterwards).

Any failure removes the temp folder: no partial model is ever left at the
target, and the player hears one clear message (exit code 1; 130 after
Ctrl-C), no traceback and no Python words.

Player-facing words come from ``locales/<lang>/models.ftl`` through the
``say(key, **params)`` callback; the keys are listed in :data:`MESSAGE_KEYS`.
"""
from __future__ import annotations

import errno
import hashlib
import http.client
import json
import os
import shutil
import socket
import ssl
import stat
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
import zlib
from pathlib import Path, PurePosixPath
from typing import TextIO
from collections.abc import Callable

from voice_game.atomic import pid_alive
from voice_game.core.errors import ContentError

DEFAULT_BASE_URL = "https://alphacephei.com/vosk/models"

#: The official small model per language. These are the only languages the
#: tool knows: a language argument is looked up here and never used as a path.
OFFICIAL_MODELS: dict[str, str] = {
    "de": "vosk-model-small-de-0.15",
    "en": "vosk-model-small-en-us-0.15",
}

#: Every model name ``--name`` accepts, with its language and archive checks
#: (``size`` in bytes, ``sha256`` hex; None is not checked). The figures for the
#: official archives could not be taken from here (this workplace has no access
#: to the model site); fill them in from a trusted download to pin the archives.
KNOWN_ARCHIVES: dict[str, dict[str, object]] = {
    "vosk-model-small-de-0.15": {"lang": "de", "size": None, "sha256": None},
    "vosk-model-de-0.21": {"lang": "de", "size": None, "sha256": None},
    "vosk-model-de-tuda-0.6-900k": {"lang": "de", "size": None, "sha256": None},
    "vosk-model-small-en-us-0.15": {"lang": "en", "size": None, "sha256": None},
    "vosk-model-en-us-0.22": {"lang": "en", "size": None, "sha256": None},
    "vosk-model-en-us-0.22-lgraph": {"lang": "en", "size": None, "sha256": None},
}

#: Endpointer rules written into an installed model's conf/model.conf, in
#: seconds of trailing silence after which an utterance ends. Kaldi's rules:
#: rule2 applies when the decoder is in a final state of the grammar with a
#: good relative cost, rule3 with a worse cost, rule4 in any case. The small
#: models ship 0.5 / 1.0 / 2.0; spoken game commands are short, so the weaker
#: rules end sooner.
ENDPOINT_RULES: dict[str, float] = {
    "endpoint.rule2.min-trailing-silence": 0.5,
    "endpoint.rule3.min-trailing-silence": 0.8,
    "endpoint.rule4.min-trailing-silence": 1.2,
}

#: Largest total uncompressed size accepted from an archive (zip bombs).
MAX_UNPACKED_BYTES = 4 * 1024 ** 3

#: Seconds a whole download may take (a server that trickles bytes must not
#: keep the installer forever), and seconds one read may wait for data.
DOWNLOAD_DEADLINE = 30 * 60.0
READ_TIMEOUT = 30.0

#: The file that marks a model folder as installed by the game; only folders
#: with it (or installed by an older version, see :func:`owned_by_game`) are
#: ever replaced or removed.
MARKER = ".voice-game-model"

#: Prefixes of the game's own temporary folders inside ``models/``.
TEMP_PREFIXES = (".install-", ".remove-")
STALE_AGE = 24 * 3600.0

MESSAGE_KEYS = (
    "models.usage",
    "models.unknown_language",
    "models.unknown_model",
    "models.list_header",
    "models.list_item",
    "models.list_none",
    "models.available",
    "models.download_start",
    "models.progress",
    "models.progress_bytes",
    "models.bad_url",
    "models.download_missing",
    "models.download_http",
    "models.download_unreachable",
    "models.download_timeout",
    "models.download_slow",
    "models.download_broken",
    "models.download_certificate",
    "models.download_truncated",
    "models.interrupted",
    "models.checksum_mismatch",
    "models.archive_bad",
    "models.archive_encrypted",
    "models.archive_unsafe",
    "models.layout_bad",
    "models.layout_not_a_folder",
    "models.disk_error",
    "models.disk_full",
    "models.not_ours",
    "models.installed",
    "models.removed",
    "models.not_installed",
    "models.path",
    "models.available_whisper",
    "models.checksum_missing",
    "models.installed_whisper",
)

Say = Callable[..., None]


class InstallError(Exception):
    """An install step failed; ``key`` and ``params`` make the spoken message."""

    def __init__(self, key: str, **params):
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


def shown(text: object, limit: int = 60) -> str:
    """A string from outside (an archive entry, a typed argument) made safe to
    read out: printable characters only, at most ``limit`` of them."""
    clean = "".join(c if c.isprintable() else "?" for c in str(text))
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


# -- places -------------------------------------------------------------------

def data_root() -> Path:
    env = os.environ.get("VOICE_GAME_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("voice_game"))


def models_root() -> Path:
    return data_root() / "models"


def normalize_lang(lang: str) -> str:
    return str(lang).strip().lower().replace("_", "-").split("-")[0]


def known_language(lang: str) -> str | None:
    """The language code from the closed set :data:`OFFICIAL_MODELS`, or None."""
    code = normalize_lang(lang)
    return code if code in OFFICIAL_MODELS else None


def _unknown_language(lang: str) -> InstallError:
    return InstallError("models.unknown_language", lang=shown(lang, 20),
                        langs=", ".join(sorted(OFFICIAL_MODELS)))


def installed_path(lang: str) -> Path:
    """``models/<lang>`` for a known language; InstallError for any other."""
    code = known_language(lang)
    if code is None:
        raise _unknown_language(lang)
    return models_root() / code


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


def _layout_error(problem: str) -> InstallError:
    if problem.startswith("missing:"):
        return InstallError("models.layout_bad", file=problem.split(":", 1)[1])
    return InstallError("models.layout_not_a_folder")


def owned_by_game(path: Path) -> bool:
    """True for a real folder (not a link) that the installer put there: it has
    the marker file, or (installed by an older version) the kept original
    ``conf/model.conf.orig`` next to a complete model."""
    if path.is_symlink() or not path.is_dir():
        return False
    if (path / MARKER).is_file():
        return True
    return (path / "conf" / "model.conf.orig").is_file() and layout_problem(path) is None


def find_model(lang: str, explicit: str | Path | None = None) -> Path | None:
    """The model folder to use for ``lang``.

    Order: ``explicit`` (``--model DIR``), ``$VOICE_GAME_VOSK_MODEL``, the
    installed model. A folder given explicitly or by the environment that is
    not a model raises ContentError (the player named it, so say why it fails);
    None means no model is available.
    """
    for given in (explicit, os.environ.get("VOICE_GAME_VOSK_MODEL") or None):
        if given is None:
            continue
        p = Path(given).expanduser()
        problem = layout_problem(p)
        if problem:
            raise ContentError(str(p), "model", problem)
        return p.resolve()
    code = known_language(lang)
    if code is None:
        return None
    p = models_root() / code
    if layout_problem(p) is None:
        return p
    return None


def list_installed() -> dict[str, Path]:
    root = models_root()
    found: dict[str, Path] = {}
    if root.is_dir():
        for code in sorted(OFFICIAL_MODELS):
            child = root / code
            if layout_problem(child) is None:
                found[code] = child
    return found


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


# -- endpointer -----------------------------------------------------------------

def tune_endpointer(model_dir: str | Path, rules: dict[str, float] | None = None) -> None:
    """Write endpointer rules into ``model_dir/conf/model.conf``.

    Existing lines for the same options are replaced, others kept; the first
    original is saved as ``model.conf.orig``. Only for folders the game owns
    (installed models), never for a folder the player pointed at.
    """
    rules = ENDPOINT_RULES if rules is None else rules
    conf = Path(model_dir) / "conf" / "model.conf"
    orig = conf.with_name("model.conf.orig")
    text = conf.read_text(encoding="utf-8", errors="replace")
    if not orig.exists():
        orig.write_text(text, encoding="utf-8")
    lines = [ln for ln in text.splitlines()
             if not any(ln.strip().startswith(f"--{opt}=") for opt in rules)]
    lines += [f"--{opt}={value:g}" for opt, value in rules.items()]
    conf.write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- download and unpack ------------------------------------------------------

def check_base_url(base: str) -> str:
    """``base`` without a trailing slash when it is a usable http(s) address;
    InstallError ``models.bad_url`` otherwise (never a traceback)."""
    base = str(base).strip().rstrip("/")
    try:
        parts = urllib.parse.urlsplit(base)
        host, _port = parts.hostname, parts.port  # both may raise ValueError
    except ValueError:
        raise InstallError("models.bad_url", url=shown(base)) from None
    if parts.scheme not in ("http", "https") or not host or any(c.isspace() for c in base):
        raise InstallError("models.bad_url", url=shown(base))
    return base


def _disk_error(exc: OSError, where: Path) -> InstallError:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return InstallError("models.disk_full", path=str(where))
    return InstallError("models.disk_error", path=str(where))


def _network_error(exc: BaseException) -> InstallError:
    """The player's words for a failed connection or read."""
    if isinstance(exc, urllib.error.HTTPError):
        if exc.code == 404:
            return InstallError("models.download_missing")
        return InstallError("models.download_http", code=exc.code)
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, BaseException):
            return _network_error(reason)
        return InstallError("models.download_unreachable")
    if isinstance(exc, ssl.SSLCertVerificationError):
        return InstallError("models.download_certificate")
    if isinstance(exc, (TimeoutError, socket.timeout)):
        return InstallError("models.download_timeout")
    if isinstance(exc, (socket.gaierror, ConnectionRefusedError)):
        return InstallError("models.download_unreachable")
    if isinstance(exc, OSError) and exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH,
                                                  errno.EADDRNOTAVAIL):
        return InstallError("models.download_unreachable")
    return InstallError("models.download_broken")


def _download(url: str, dest: Path, say: Say, *, deadline: float | None = None,  # noqa: C901 - one download loop with its deadline, size and Ctrl-C checks
              read_timeout: float | None = None) -> tuple[int, str]:
    """Download ``url`` into ``dest`` within ``deadline`` seconds in all;
    returns (size, sha256 hex)."""
    deadline = DOWNLOAD_DEADLINE if deadline is None else deadline
    read_timeout = READ_TIMEOUT if read_timeout is None else read_timeout
    end = time.monotonic() + deadline
    digest = hashlib.sha256()
    received = 0
    expected: int | None = None
    try:
        fh = open(dest, "wb")  # noqa: SIM115 - closed by the `with fh` below; open errors get their own message
    except OSError as exc:
        raise _disk_error(exc, dest.parent.parent) from None
    with fh:
        try:
            resp = urllib.request.urlopen(url, timeout=max(0.1, min(read_timeout, deadline)))
        except InstallError:
            raise
        except Exception as exc:  # every way a connection can fail: one sentence
            raise _network_error(exc) from None
        with resp:
            length = (resp.headers.get("Content-Length") or "").strip()
            if length.isascii() and length.isdigit() and len(length) < 19:
                expected = int(length)
            next_pct = 10
            next_mb = 5
            while True:
                if time.monotonic() > end:
                    raise InstallError("models.download_slow", minutes=max(1, round(deadline / 60)))
                try:
                    # read1: return what has arrived, so the deadline is checked
                    # while a slow server trickles bytes
                    block = resp.read1(256 * 1024)
                except http.client.IncompleteRead as exc:
                    received += len(exc.partial)
                    raise InstallError("models.download_truncated", received=received,
                                       expected=expected or 0) from None
                except Exception as exc:
                    raise _network_error(exc) from None
                if not block:
                    break
                try:
                    fh.write(block)
                except OSError as exc:
                    raise _disk_error(exc, dest.parent.parent) from None
                digest.update(block)
                received += len(block)
                if expected is not None and received > expected:
                    break
                if expected:
                    pct = received * 100 // expected
                    while next_pct <= min(pct, 100):
                        say("models.progress", percent=next_pct)
                        next_pct += 10
                elif received >= next_mb * 1024 * 1024:
                    say("models.progress_bytes", megabytes=received // (1024 * 1024))
                    next_mb += 5
    if expected is not None and received != expected:
        raise InstallError("models.download_truncated", received=received, expected=expected)
    return received, digest.hexdigest()


def _safe_members(zf: zipfile.ZipFile) -> list[tuple[zipfile.ZipInfo, PurePosixPath]]:
    """Check every entry before anything is written; returns (entry, relative path)."""
    members = []
    total = 0
    for info in zf.infolist():
        name = info.filename
        if info.flag_bits & 0x1:
            raise InstallError("models.archive_encrypted")
        mode = (info.external_attr >> 16) & 0o177777
        if stat.S_ISLNK(mode):
            raise InstallError("models.archive_unsafe", entry=shown(name))
        norm = name.replace("\\", "/")
        if norm.startswith("/") or (len(norm) > 1 and norm[1] == ":") or "\x00" in norm:
            raise InstallError("models.archive_unsafe", entry=shown(name))
        parts = [p for p in norm.split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            raise InstallError("models.archive_unsafe", entry=shown(name))
        total += info.file_size
        if total > MAX_UNPACKED_BYTES:
            raise InstallError("models.archive_unsafe", entry=shown(name))
        if parts:
            members.append((info, PurePosixPath(*parts)))
    return members


_DISK_ERRNOS = {errno.ENOSPC, errno.EACCES, errno.EPERM, errno.EROFS, getattr(errno, "EDQUOT", errno.ENOSPC)}


def _extract(archive: Path, target: Path) -> None:
    try:
        with zipfile.ZipFile(archive) as zf:
            members = _safe_members(zf)
            base = target.resolve()
            for info, rel in members:
                out = (target / Path(*rel.parts)).resolve()
                if base != out and base not in out.parents:
                    raise InstallError("models.archive_unsafe", entry=shown(info.filename))
                try:
                    if info.is_dir():
                        out.mkdir(parents=True, exist_ok=True)
                        continue
                    out.parent.mkdir(parents=True, exist_ok=True)
                    with zf.open(info) as src, open(out, "wb") as dst:
                        shutil.copyfileobj(src, dst, 1024 * 1024)
                except OSError as exc:
                    if exc.errno in _DISK_ERRNOS:
                        raise _disk_error(exc, target.parent.parent) from None
                    # a name the file system cannot hold, a file where a folder should be
                    raise InstallError("models.archive_bad") from None
    except InstallError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError,
            RuntimeError, ValueError, OverflowError, zlib.error):
        raise InstallError("models.archive_bad") from None
    except OSError as exc:
        raise _disk_error(exc, target.parent.parent) from None


def _model_root_in(folder: Path) -> Path:
    if layout_problem(folder) is None:
        return folder
    children = [c for c in folder.iterdir() if not c.name.startswith(".")]
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        problem = layout_problem(children[0])
        if problem is None:
            return children[0]
        raise _layout_error(problem)
    raise _layout_error(layout_problem(folder) or "missing:am/final.mdl")


def _check_name(code: str, name: str) -> str:
    info = KNOWN_ARCHIVES.get(name)
    if info is None or info.get("lang") != code:
        names = sorted(n for n, i in KNOWN_ARCHIVES.items() if i.get("lang") == code)
        raise InstallError("models.unknown_model", name=shown(name), lang=code,
                           names=", ".join(names))
    return name


def install(lang: str, say: Say, *, base_url: str | None = None, name: str | None = None,
            sha256: str | None = None, size: int | None = None,
            endpoint_rules: dict[str, float] | None = None,
            deadline: float | None = None) -> Path:
    """Download, check and install the model for ``lang``; returns its folder.

    ``lang`` must be one of :data:`OFFICIAL_MODELS`, ``name`` one of
    :data:`KNOWN_ARCHIVES` for it. Raises InstallError (already cleaned up) on
    any failure, Ctrl-C included (``models.interrupted``).
    """
    code = known_language(lang)
    if code is None:
        raise _unknown_language(lang)
    name = OFFICIAL_MODELS[code] if name is None else _check_name(code, name)
    known = KNOWN_ARCHIVES.get(name, {})
    sha256 = sha256 or known.get("sha256")  # type: ignore[assignment]
    size = size or known.get("size")  # type: ignore[assignment]
    base = check_base_url(base_url or os.environ.get("VOICE_GAME_MODEL_URL") or DEFAULT_BASE_URL)
    url = f"{base}/{urllib.parse.quote(name)}.zip"
    root = models_root()
    target = root / code
    if (target.exists() or target.is_symlink()) and not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    work: Path | None = None
    try:
        try:
            root.mkdir(parents=True, exist_ok=True)
            clean_stale(root)
            work = Path(tempfile.mkdtemp(prefix=f".install-{code}-{os.getpid()}-", dir=root))
        except OSError as exc:
            raise _disk_error(exc, root) from None
        say("models.download_start", name=name, url=url)
        archive = work / "download.zip"
        got_size, got_sha = _download(url, archive, say, deadline=deadline)
        if size is not None and got_size != size:
            raise InstallError("models.download_truncated", received=got_size, expected=size)
        if sha256 is not None and got_sha != str(sha256).lower():
            raise InstallError("models.checksum_mismatch", name=name)
        try:
            unpacked = work / "unpacked"
            unpacked.mkdir()
            _extract(archive, unpacked)
            archive.unlink()
            model_dir = _model_root_in(unpacked)
            tune_endpointer(model_dir, endpoint_rules)
            (model_dir / MARKER).write_text(json.dumps({"name": name, "lang": code}) + "\n",
                                            encoding="utf-8")
            _swap_in(model_dir, target, work)
        except OSError as exc:
            raise _disk_error(exc, root) from None
        say("models.installed", lang=code, path=str(target))
        return target
    except KeyboardInterrupt:
        raise InstallError("models.interrupted") from None
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def _swap_in(new: Path, target: Path, work: Path) -> None:
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


def remove(lang: str) -> bool:
    """Remove the installed model of a known language; False when there is
    none. InstallError ``models.not_ours`` when ``models/<lang>`` holds
    something the game did not install (it is left as it is)."""
    target = installed_path(lang)
    if not (target.exists() or target.is_symlink()):
        return False
    if not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    root = target.parent
    clean_stale(root)
    aside = Path(tempfile.mkdtemp(prefix=f".remove-{target.name}-{os.getpid()}-", dir=root))
    os.rename(target, aside / "model")
    shutil.rmtree(aside, ignore_errors=True)
    return True


# -- Whisper models ---------------------------------------------------------------

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


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req: urllib.request.Request, fp: object, code: int, msg: str,
                         headers: object, newurl: str) -> None:
        return None  # the first answer's headers carry the checksum


def _remote_digest(url: str, timeout: float) -> str:
    """The file's checksum as the site names it (``X-Linked-Etag``, else ``ETag``),
    lower case without quotes; "" when it names none."""
    req = urllib.request.Request(url, method="HEAD")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(req, timeout=timeout) as resp:
            headers = resp.headers
    except urllib.error.HTTPError as exc:
        if not 300 <= exc.code < 400:
            raise _network_error(exc) from None
        headers = exc.headers
    except Exception as exc:  # every way a connection can fail: one sentence
        raise _network_error(exc) from None
    tag = headers.get("X-Linked-Etag") or headers.get("ETag") or ""
    return tag.strip().removeprefix("W/").strip('"').lower()


def _file_matches(path: Path, digest: str) -> bool:
    """The file against the site's checksum: SHA-256 (64 hex digits) or a Git blob id
    (40: what Hugging Face gives for small files kept in Git)."""
    if len(digest) == 64:
        return _sha256_file(path) == digest
    if len(digest) == 40 and all(c in "0123456789abcdef" for c in digest):
        h = hashlib.sha1(f"blob {path.stat().st_size}\0".encode())
        with open(path, "rb") as f:
            while chunk := f.read(1 << 20):
                h.update(chunk)
        return h.hexdigest() == digest
    return True  # a small file the site names no checksum for: its size was checked


def _sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def _whisper_vocabulary(files_url: str, left: Callable[[], float]) -> str:
    """The vocabulary file the site has (``vocabulary.txt`` or ``.json``)."""
    for candidate in WHISPER_VOCABULARIES:
        try:
            _remote_digest(f"{files_url}/{candidate}", min(READ_TIMEOUT, left()))
        except InstallError as exc:
            if exc.key == "models.download_missing":
                continue
            raise
        return candidate
    raise InstallError("models.download_missing")


def _fetch_checked(url: str, dest: Path, code: str, say: Say, left: Callable[[], float]) -> str:
    """Download one file of a Whisper model and check it against the site's checksum
    (model.bin must have a SHA-256); returns its SHA-256."""
    digest = _remote_digest(url, min(READ_TIMEOUT, left()))
    big = dest.name == "model.bin"
    if big and len(digest) != 64:
        raise InstallError("models.checksum_missing", name=code)
    _size, sha = _download(url, dest, say, deadline=left())
    if (big and sha != digest) or (not big and not _file_matches(dest, digest)):
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
        raise InstallError("models.unknown_model", name=shown(name), lang="Whisper",
                           names=", ".join(WHISPER_MODELS))
    repo = WHISPER_MODELS[code]
    base = check_base_url(base_url or os.environ.get("VOICE_GAME_WHISPER_URL") or WHISPER_BASE_URL)
    end = time.monotonic() + (DOWNLOAD_DEADLINE if deadline is None else deadline)
    root = models_root()
    target = root / code
    if (target.exists() or target.is_symlink()) and not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    work: Path | None = None

    def left() -> float:
        remaining = end - time.monotonic()
        if remaining <= 0:
            raise InstallError("models.download_slow",
                               minutes=max(1, round((DOWNLOAD_DEADLINE if deadline is None else deadline) / 60)))
        return remaining

    def quiet(key: str, **params: object) -> None:
        pass

    try:
        try:
            root.mkdir(parents=True, exist_ok=True)
            clean_stale(root)
            # the pid is the third part of the name (clean_stale): no dash in the model part
            work = Path(tempfile.mkdtemp(prefix=f".install-{code.replace('-', '_')}-{os.getpid()}-", dir=root))
        except OSError as exc:
            raise _disk_error(exc, root) from None
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
            _swap_in(folder, target, work)
        except OSError as exc:
            raise _disk_error(exc, root) from None
        say("models.installed_whisper", name=code, path=str(target))
        return target
    except KeyboardInterrupt:
        raise InstallError("models.interrupted") from None
    finally:
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


def remove_whisper(name: str) -> bool:
    """Remove an installed Whisper model (a known name); False when it is not installed."""
    code = known_whisper(name)
    if code is None:
        raise InstallError("models.unknown_model", name=shown(name), lang="Whisper",
                           names=", ".join(WHISPER_MODELS))
    target = models_root() / code
    if not (target.exists() or target.is_symlink()):
        return False
    if not owned_by_game(target):
        raise InstallError("models.not_ours", path=str(target))
    root = target.parent
    clean_stale(root)
    aside = Path(tempfile.mkdtemp(prefix=f".remove-{code.replace('-', '_')}-{os.getpid()}-", dir=root))
    os.rename(target, aside / "model")
    shutil.rmtree(aside, ignore_errors=True)
    return True


# -- messages -------------------------------------------------------------------

def make_say(out: TextIO, locale: str = "en") -> Say:
    """A ``say`` that prints the catalog's sentence (``locales/<locale>/``), one
    line per message. The lead may pass the narrator's own ``say`` instead."""
    from voice_game.narration.catalog import load_catalog

    catalog = load_catalog(known_language(locale) or "en")

    def say(key: str, **params) -> None:
        print(catalog.get(key, **params), file=out, flush=True)

    return say


# -- command line -----------------------------------------------------------------

def _is_sha256(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text)


def main(argv: list[str], out: TextIO = sys.stdout, say: Say | None = None,
         locale: str = "en") -> int:
    """``voice-game models ...``; returns the exit code (0 ok, 1 failure, 2 usage,
    130 stopped by Ctrl-C)."""
    say = say or make_say(out, locale)
    try:
        return _main(list(argv), say)
    except InstallError as exc:
        say(exc.key, **exc.params)
        return 130 if exc.key == "models.interrupted" else 1
    except KeyboardInterrupt:
        say("models.interrupted")
        return 130


def _main(args: list[str], say: Say) -> int:  # noqa: C901 - the models tool's subcommands
    opts: dict[str, str] = {}
    positional: list[str] = []
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            say("models.usage")
            return 0
        if a in ("--url", "--name", "--sha256"):
            if not args:
                say("models.usage")
                return 2
            opts[a[2:]] = args.pop(0)
        elif a.startswith("--") and "=" in a and a.split("=", 1)[0] in ("--url", "--name", "--sha256"):
            k, v = a[2:].split("=", 1)
            opts[k] = v
        elif a.startswith("-") and a != "-":
            say("models.usage")
            return 2
        else:
            positional.append(a)
    if not positional or ("sha256" in opts and not _is_sha256(opts["sha256"])):
        say("models.usage")
        return 2
    cmd, rest = positional[0], positional[1:]
    if cmd == "list" and not rest:
        found = list_installed()
        if found:
            say("models.list_header")
            for lang, model_path in found.items():
                say("models.list_item", lang=lang, path=str(model_path))
        else:
            say("models.list_none")
        for name, whisper_path in installed_whisper().items():
            say("models.list_item", lang=name, path=str(whisper_path))
        say("models.available", langs=", ".join(sorted(OFFICIAL_MODELS)))
        say("models.available_whisper", names=", ".join(WHISPER_MODELS))
        return 0
    if cmd not in ("install", "remove", "path") or len(rest) != 1:
        say("models.usage")
        return 2
    if rest[0].strip().lower().startswith("whisper"):
        return _whisper_command(cmd, rest[0], opts, say)
    code = known_language(rest[0])
    if code is None:
        raise _unknown_language(rest[0])
    if cmd == "install":
        install(code, say, base_url=opts.get("url"), name=opts.get("name"),
                sha256=opts.get("sha256"))
        return 0
    if cmd == "remove":
        try:
            removed = remove(code)
        except OSError as exc:
            raise _disk_error(exc, models_root()) from None
        if removed:
            say("models.removed", lang=code)
            return 0
        say("models.not_installed", lang=code)
        return 1
    try:
        path = find_model(code)
    except ContentError as exc:
        raise _layout_error(exc.problem) from None
    if path is not None:
        say("models.path", path=str(path))
        return 0
    say("models.not_installed", lang=code)
    return 1


def _whisper_command(cmd: str, typed: str, opts: dict[str, str], say: Say) -> int:
    code = known_whisper(typed)
    if code is None:
        raise InstallError("models.unknown_model", name=shown(typed), lang="Whisper",
                           names=", ".join(WHISPER_MODELS))
    if cmd == "install":
        if "name" in opts or "sha256" in opts:
            say("models.usage")
            return 2
        install_whisper(code, say, base_url=opts.get("url"))
        return 0
    if cmd == "remove":
        try:
            removed = remove_whisper(code)
        except OSError as exc:
            raise _disk_error(exc, models_root()) from None
        if removed:
            say("models.removed", lang=code)
            return 0
        say("models.not_installed", lang=code)
        return 1
    path = installed_whisper().get(code)
    if path is not None:
        say("models.path", path=str(path))
        return 0
    say("models.not_installed", lang=code)
    return 1
