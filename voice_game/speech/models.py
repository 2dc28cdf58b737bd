"""Vosk model management: find, install, list and remove speech models.

CLI (wired by the lead into ``voice-game models ...``)::

    models list
    models install LANG [--url BASE_URL] [--name MODEL_NAME] [--sha256 HEX]
    models remove LANG
    models path LANG

Where models live
-----------------
``<root>/models/<lang>/`` with ``<root>`` = ``platformdirs.user_data_dir("voice_game")``
or ``$VOICE_GAME_DATA_DIR`` when set. A model folder given by the player
(``--model DIR`` or ``$VOICE_GAME_VOSK_MODEL``) is used as it is, never changed.

Installing
----------
1. Download ``<base>/<name>.zip`` (``base`` = ``--url``, else
   ``$VOICE_GAME_MODEL_URL``, else the official Vosk model site) into a temp
   folder ``<root>/models/.install-<lang>-*`` next to the target, with one
   progress line per 10 % (screen-reader friendly, no carriage returns).
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
target, and the player hears one clear message (exit code 1), no traceback.

Player-facing words come from ``locales/<lang>/models.toml`` through the
``say(key, **params)`` callback; the keys are listed in :data:`MESSAGE_KEYS`.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import shutil
import stat
import sys
import tempfile
import urllib.error
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath
from typing import Callable, TextIO

from voice_game.core.errors import ContentError

DEFAULT_BASE_URL = "https://alphacephei.com/vosk/models"

#: The official small model per language.
OFFICIAL_MODELS: dict[str, str] = {
    "de": "vosk-model-small-de-0.15",
    "en": "vosk-model-small-en-us-0.15",
}

#: Known archive checks per model name: {"size": bytes, "sha256": hex}. A value
#: of None is not checked. The figures for the official archives could not be
#: taken from here (this workplace has no access to the model site); fill them
#: in from a trusted download to pin the archives.
KNOWN_ARCHIVES: dict[str, dict[str, object]] = {
    "vosk-model-small-de-0.15": {"size": None, "sha256": None},
    "vosk-model-small-en-us-0.15": {"size": None, "sha256": None},
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

MESSAGE_KEYS = (
    "models.usage",
    "models.unknown_language",
    "models.list_header",
    "models.list_item",
    "models.list_none",
    "models.available",
    "models.download_start",
    "models.progress",
    "models.progress_bytes",
    "models.download_failed",
    "models.download_truncated",
    "models.checksum_mismatch",
    "models.archive_bad",
    "models.archive_unsafe",
    "models.layout_bad",
    "models.disk_error",
    "models.installed",
    "models.removed",
    "models.not_installed",
    "models.path",
)

Say = Callable[..., None]


class InstallError(Exception):
    """An install step failed; ``key`` and ``params`` make the spoken message."""

    def __init__(self, key: str, **params):
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


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
    return lang.strip().lower().replace("_", "-").split("-")[0]


def installed_path(lang: str) -> Path:
    return models_root() / normalize_lang(lang)


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
    p = installed_path(lang)
    if layout_problem(p) is None:
        return p
    return None


def list_installed() -> dict[str, Path]:
    root = models_root()
    found: dict[str, Path] = {}
    if root.is_dir():
        for child in sorted(root.iterdir()):
            if child.name.startswith(".") or not child.is_dir():
                continue
            if layout_problem(child) is None:
                found[child.name] = child
    return found


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
    text = conf.read_text(encoding="utf-8")
    if not orig.exists():
        orig.write_text(text, encoding="utf-8")
    lines = [ln for ln in text.splitlines()
             if not any(ln.strip().startswith(f"--{opt}=") for opt in rules)]
    lines += [f"--{opt}={value:g}" for opt, value in rules.items()]
    conf.write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- download and unpack ------------------------------------------------------

def _download(url: str, dest: Path, say: Say, timeout: float = 30.0) -> tuple[int, str]:
    """Download ``url`` into ``dest``; returns (size, sha256 hex)."""
    digest = hashlib.sha256()
    received = 0
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp, open(dest, "wb") as fh:
            length = resp.headers.get("Content-Length")
            expected = int(length) if length and length.isdigit() else None
            next_pct = 10
            next_mb = 5
            while True:
                try:
                    block = resp.read(256 * 1024)
                except http.client.IncompleteRead as exc:
                    fh.write(exc.partial)
                    received += len(exc.partial)
                    raise InstallError("models.download_truncated", received=received,
                                       expected=expected or 0) from None
                if not block:
                    break
                fh.write(block)
                digest.update(block)
                received += len(block)
                if expected:
                    pct = received * 100 // expected
                    while next_pct <= min(pct, 100):
                        say("models.progress", percent=next_pct)
                        next_pct += 10
                elif received >= next_mb * 1024 * 1024:
                    say("models.progress_bytes", megabytes=received // (1024 * 1024))
                    next_mb += 5
    except InstallError:
        raise
    except urllib.error.HTTPError as exc:
        raise InstallError("models.download_failed", reason=f"HTTP {exc.code}") from None
    except urllib.error.URLError as exc:
        raise InstallError("models.download_failed", reason=str(exc.reason)) from None
    except (TimeoutError, ConnectionError, http.client.HTTPException) as exc:
        raise InstallError("models.download_failed", reason=type(exc).__name__) from None
    if expected is not None and received != expected:
        raise InstallError("models.download_truncated", received=received, expected=expected)
    return received, digest.hexdigest()


def _safe_members(zf: zipfile.ZipFile) -> list[tuple[zipfile.ZipInfo, PurePosixPath]]:
    """Check every entry before anything is written; returns (entry, relative path)."""
    members = []
    total = 0
    for info in zf.infolist():
        name = info.filename
        mode = (info.external_attr >> 16) & 0o177777
        if stat.S_ISLNK(mode):
            raise InstallError("models.archive_unsafe", entry=name)
        norm = name.replace("\\", "/")
        if norm.startswith("/") or (len(norm) > 1 and norm[1] == ":") or "\x00" in norm:
            raise InstallError("models.archive_unsafe", entry=name)
        parts = [p for p in norm.split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            raise InstallError("models.archive_unsafe", entry=name)
        total += info.file_size
        if total > MAX_UNPACKED_BYTES:
            raise InstallError("models.archive_unsafe", entry=name)
        if parts:
            members.append((info, PurePosixPath(*parts)))
    return members


def _extract(archive: Path, target: Path) -> None:
    try:
        with zipfile.ZipFile(archive) as zf:
            members = _safe_members(zf)
            base = target.resolve()
            for info, rel in members:
                out = (target / Path(*rel.parts)).resolve()
                if base != out and base not in out.parents:
                    raise InstallError("models.archive_unsafe", entry=info.filename)
                if info.is_dir():
                    out.mkdir(parents=True, exist_ok=True)
                    continue
                out.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(out, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1024 * 1024)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError):
        raise InstallError("models.archive_bad") from None


def _model_root_in(folder: Path) -> Path:
    if layout_problem(folder) is None:
        return folder
    children = [c for c in folder.iterdir() if not c.name.startswith(".")]
    if len(children) == 1 and children[0].is_dir():
        problem = layout_problem(children[0])
        if problem is None:
            return children[0]
        raise InstallError("models.layout_bad", problem=problem)
    raise InstallError("models.layout_bad", problem=layout_problem(folder) or "")


def install(lang: str, say: Say, *, base_url: str | None = None, name: str | None = None,
            sha256: str | None = None, size: int | None = None,
            endpoint_rules: dict[str, float] | None = None) -> Path:
    """Download, check and install the model for ``lang``; returns its folder.

    Raises InstallError (already cleaned up) on any failure.
    """
    lang = normalize_lang(lang)
    if name is None:
        if lang not in OFFICIAL_MODELS:
            raise InstallError("models.unknown_language", lang=lang,
                               langs=", ".join(sorted(OFFICIAL_MODELS)))
        name = OFFICIAL_MODELS[lang]
    known = KNOWN_ARCHIVES.get(name, {})
    sha256 = sha256 or known.get("sha256")  # type: ignore[assignment]
    size = size or known.get("size")  # type: ignore[assignment]
    base = (base_url or os.environ.get("VOICE_GAME_MODEL_URL") or DEFAULT_BASE_URL).rstrip("/")
    url = f"{base}/{name}.zip"
    root = models_root()
    target = root / lang
    try:
        root.mkdir(parents=True, exist_ok=True)
        for stale in root.glob(f".install-{lang}-*"):
            shutil.rmtree(stale, ignore_errors=True)
        work = Path(tempfile.mkdtemp(prefix=f".install-{lang}-", dir=root))
    except OSError as exc:
        raise InstallError("models.disk_error", reason=exc.strerror or str(exc)) from None
    try:
        say("models.download_start", name=name, url=url)
        archive = work / "download.zip"
        got_size, got_sha = _download(url, archive, say)
        if size is not None and got_size != size:
            raise InstallError("models.download_truncated", received=got_size, expected=size)
        if sha256 is not None and got_sha != str(sha256).lower():
            raise InstallError("models.checksum_mismatch", name=name)
        unpacked = work / "unpacked"
        unpacked.mkdir()
        _extract(archive, unpacked)
        archive.unlink()
        model_dir = _model_root_in(unpacked)
        tune_endpointer(model_dir, endpoint_rules)
        old = work / "old"
        if target.exists() or target.is_symlink():
            os.rename(target, old)
        try:
            os.rename(model_dir, target)
        except OSError:
            if old.exists():
                os.rename(old, target)
            raise
        say("models.installed", lang=lang, path=str(target))
        return target
    except OSError as exc:
        raise InstallError("models.disk_error", reason=exc.strerror or str(exc)) from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def remove(lang: str) -> bool:
    target = installed_path(lang)
    if not (target.exists() or target.is_symlink()):
        return False
    if target.is_symlink() or target.is_file():
        target.unlink()
    else:
        shutil.rmtree(target)
    return True


# -- messages -------------------------------------------------------------------

def make_say(out: TextIO, locale: str = "en") -> Say:
    """A ``say`` that prints the catalog's sentence (``locales/<locale>/``), one
    line per message. The lead may pass the narrator's own ``say`` instead."""
    from voice_game.narration.catalog import load_catalog

    catalog = load_catalog(normalize_lang(locale))

    def say(key: str, **params) -> None:
        print(catalog.get(key, **params), file=out, flush=True)

    return say


# -- command line -----------------------------------------------------------------

def main(argv: list[str], out: TextIO = sys.stdout, say: Say | None = None,
         locale: str = "en") -> int:
    """``voice-game models ...``; returns the exit code (0 ok, 1 failure, 2 usage)."""
    say = say or make_say(out, locale)
    args = list(argv)
    opts: dict[str, str] = {}
    positional: list[str] = []
    while args:
        a = args.pop(0)
        if a in ("--url", "--name", "--sha256"):
            if not args:
                say("models.usage")
                return 2
            opts[a[2:]] = args.pop(0)
        elif a.startswith("--") and "=" in a and a.split("=", 1)[0] in ("--url", "--name", "--sha256"):
            k, v = a[2:].split("=", 1)
            opts[k] = v
        elif a.startswith("-"):
            say("models.usage")
            return 2
        else:
            positional.append(a)
    if not positional:
        say("models.usage")
        return 2
    cmd, rest = positional[0], positional[1:]
    if cmd == "list" and not rest:
        found = list_installed()
        if found:
            say("models.list_header")
            for lang, path in found.items():
                say("models.list_item", lang=lang, path=str(path))
        else:
            say("models.list_none")
        say("models.available", langs=", ".join(sorted(OFFICIAL_MODELS)))
        return 0
    if cmd in ("install", "remove", "path") and len(rest) == 1:
        lang = normalize_lang(rest[0])
        if cmd == "install":
            try:
                install(lang, say, base_url=opts.get("url"), name=opts.get("name"),
                        sha256=opts.get("sha256"))
            except InstallError as exc:
                say(exc.key, **exc.params)
                return 1
            return 0
        if cmd == "remove":
            try:
                removed = remove(lang)
            except OSError as exc:
                say("models.disk_error", reason=exc.strerror or str(exc))
                return 1
            if removed:
                say("models.removed", lang=lang)
                return 0
            say("models.not_installed", lang=lang)
            return 1
        try:
            path = find_model(lang)
        except ContentError as exc:
            say("models.layout_bad", problem=exc.problem)
            return 1
        if path is not None:
            say("models.path", path=str(path))
            return 0
        say("models.not_installed", lang=lang)
        return 1
    say("models.usage")
    return 2
