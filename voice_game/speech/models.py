"""Speech models: find, install, list and remove them, and the ``voice-game models`` command.

The command is written once for both kinds (:data:`KINDS`): a Vosk model per language
(here) and the Whisper models (voice_game.speech.whisper_install). Where models live:
voice_game.speech.model_places; downloading and unpacking: voice_game.speech.model_download.

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

import json
import os
import sys
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from voice_game.core.errors import ContentError
from voice_game.speech import model_download
from voice_game.speech.model_download import (MAX_UNPACKED_BYTES, READ_TIMEOUT, InstallError, Say,
                                              check_base_url, disk_error, download, extract, shown)
from voice_game.speech.model_places import (MARKER, STALE_AGE, TEMP_PREFIXES, clean_stale, data_root,
                                            install_work, layout_problem, models_root, owned_by_game,
                                            remove_folder, swap_in)
from voice_game.speech.whisper_install import (WHISPER_BASE_URL, WHISPER_MODELS, WHISPER_SIZES,
                                               best_installed_whisper, install_whisper, installed_whisper,
                                               known_whisper, remove_whisper, unknown_whisper, whisper_rank)

__all__ = [
    "DOWNLOAD_DEADLINE", "ENDPOINT_RULES", "KNOWN_ARCHIVES", "MARKER", "MAX_UNPACKED_BYTES", "MESSAGE_KEYS",
    "OFFICIAL_MODELS", "READ_TIMEOUT", "STALE_AGE", "TEMP_PREFIXES", "WHISPER_BASE_URL", "WHISPER_MODELS",
    "WHISPER_SIZES", "InstallError", "Say", "best_installed_whisper", "check_base_url", "clean_stale",
    "data_root", "find_model", "install", "install_whisper", "installed_path", "installed_whisper",
    "known_language", "known_whisper", "layout_problem", "list_installed", "main", "make_say", "models_root",
    "normalize_lang", "owned_by_game", "remove", "remove_whisper", "shown", "tune_endpointer", "whisper_rank",
]

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

#: Seconds a whole download may take (the installer's deadline; a test may shorten it here).
DOWNLOAD_DEADLINE = model_download.DOWNLOAD_DEADLINE

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


# -- Vosk models ------------------------------------------------------------------

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


def _layout_error(problem: str) -> InstallError:
    if problem.startswith("missing:"):
        return InstallError("models.layout_bad", file=problem.split(":", 1)[1])
    return InstallError("models.layout_not_a_folder")


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
    with install_work(root, code) as work:
        say("models.download_start", name=name, url=url)
        archive = work / "download.zip"
        got_size, got_sha = download(url, archive, say,
                                     deadline=DOWNLOAD_DEADLINE if deadline is None else deadline)
        if size is not None and got_size != size:
            raise InstallError("models.download_truncated", received=got_size, expected=size)
        if sha256 is not None and got_sha != str(sha256).lower():
            raise InstallError("models.checksum_mismatch", name=name)
        try:
            unpacked = work / "unpacked"
            unpacked.mkdir()
            extract(archive, unpacked)
            archive.unlink()
            model_dir = _model_root_in(unpacked)
            tune_endpointer(model_dir, endpoint_rules)
            (model_dir / MARKER).write_text(json.dumps({"name": name, "lang": code}) + "\n",
                                            encoding="utf-8")
            swap_in(model_dir, target, work)
        except OSError as exc:
            raise disk_error(exc, root) from None
        say("models.installed", lang=code, path=str(target))
        return target


def remove(lang: str) -> bool:
    """Remove the installed model of a known language; False when there is
    none. InstallError ``models.not_ours`` when ``models/<lang>`` holds
    something the game did not install (it is left as it is)."""
    target = installed_path(lang)
    return remove_folder(target, target.name)


# -- messages -------------------------------------------------------------------

def make_say(out: TextIO, locale: str = "en") -> Say:
    """A ``say`` that prints the catalog's sentence (``locales/<locale>/``), one
    line per message. The lead may pass the narrator's own ``say`` instead."""
    from voice_game.narration.catalog import load_catalog

    catalog = load_catalog(known_language(locale) or "en")

    def say(key: str, **params) -> None:
        print(catalog.get(key, **params), file=out, flush=True)

    return say


# -- command line: written once for both kinds of model ------------------------------

@dataclass(frozen=True)
class Kind:
    """What ``install``, ``remove`` and ``path`` do for one kind of model, by its code."""

    install: Callable[[str, Say, dict[str, str]], Path]
    remove: Callable[[str], bool]
    path: Callable[[str], Path | None]
    options: frozenset[str]  # the options its install takes


def _vosk_path(code: str) -> Path | None:
    try:
        return find_model(code)
    except ContentError as exc:
        raise _layout_error(exc.problem) from None


KINDS: dict[str, Kind] = {
    "vosk": Kind(lambda code, say, opts: install(code, say, base_url=opts.get("url"), name=opts.get("name"),
                                                 sha256=opts.get("sha256"), deadline=DOWNLOAD_DEADLINE),
                 remove, _vosk_path, frozenset({"url", "name", "sha256"})),
    "whisper": Kind(lambda code, say, opts: install_whisper(code, say, base_url=opts.get("url"),
                                                            deadline=DOWNLOAD_DEADLINE),
                    remove_whisper, lambda code: installed_whisper().get(code), frozenset({"url"})),
}


def _kind_of(typed: str) -> tuple[str, Kind]:
    """The model a typed name means (``de``, ``whisper-small``) and its kind; InstallError
    for a name the installer does not know (never used as a path)."""
    if typed.strip().lower().startswith("whisper"):
        code = known_whisper(typed)
        if code is None:
            raise unknown_whisper(typed)
        return code, KINDS["whisper"]
    code = known_language(typed)
    if code is None:
        raise _unknown_language(typed)
    return code, KINDS["vosk"]


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


def _parse(args: list[str]) -> tuple[list[str], dict[str, str]] | int:
    """(positional words, options), or the exit code of asking for help (0) or of a usage error (2)."""
    opts: dict[str, str] = {}
    positional: list[str] = []
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            return 0
        if a in ("--url", "--name", "--sha256"):
            if not args:
                return 2
            opts[a[2:]] = args.pop(0)
        elif a.startswith("--") and "=" in a and a.split("=", 1)[0] in ("--url", "--name", "--sha256"):
            k, v = a[2:].split("=", 1)
            opts[k] = v
        elif a.startswith("-") and a != "-":
            return 2
        else:
            positional.append(a)
    if not positional or ("sha256" in opts and not _is_sha256(opts["sha256"])):
        return 2
    return positional, opts


def _list(say: Say) -> int:
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


def _main(args: list[str], say: Say) -> int:
    parsed = _parse(args)
    if isinstance(parsed, int):
        say("models.usage")
        return parsed
    (cmd, *rest), opts = parsed
    if cmd == "list" and not rest:
        return _list(say)
    if cmd not in ("install", "remove", "path") or len(rest) != 1:
        say("models.usage")
        return 2
    code, kind = _kind_of(rest[0])
    if cmd == "install":
        if set(opts) - kind.options:
            say("models.usage")
            return 2
        kind.install(code, say, opts)
        return 0
    if cmd == "remove":
        try:
            removed = kind.remove(code)
        except OSError as exc:
            raise disk_error(exc, models_root()) from None
        if removed:
            say("models.removed", lang=code)
            return 0
        say("models.not_installed", lang=code)
        return 1
    path = kind.path(code)
    if path is not None:
        say("models.path", path=str(path))
        return 0
    say("models.not_installed", lang=code)
    return 1
