"""Downloading and unpacking a speech model, for the installer (voice_game.speech.models):
one download with its deadline, size, checksum and spoken progress, the checks of a zip
archive before anything is written, the site's checksum of a file, and every failure as
an :class:`InstallError` whose key (``locales/<lang>/models.ftl``) says it in one sentence.
"""
from __future__ import annotations

import errno
import hashlib
import http.client
import shutil
import socket
import ssl
import stat
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from voice_game import interrupts
from voice_game.speech.checksum import git_blob_id, sha256_of

Say = Callable[..., None]

#: Largest total uncompressed size accepted from an archive (zip bombs).
MAX_UNPACKED_BYTES = 4 * 1024 ** 3

#: Seconds a whole download may take (a server that trickles bytes must not
#: keep the installer forever), and seconds one read may wait for data.
DOWNLOAD_DEADLINE = 30 * 60.0
READ_TIMEOUT = 30.0

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


def disk_error(exc: OSError, where: Path) -> InstallError:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return InstallError("models.disk_full", path=str(where))
    return InstallError("models.disk_error", path=str(where))


def network_error(exc: BaseException) -> InstallError:
    """The player's words for a failed connection or read."""
    if isinstance(exc, urllib.error.HTTPError):
        if exc.code == 404:
            return InstallError("models.download_missing")
        return InstallError("models.download_http", code=exc.code)
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, BaseException):
            return network_error(reason)
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


def download(url: str, dest: Path, say: Say, *, deadline: float | None = None,  # noqa: C901 - one download loop with its deadline, size and Ctrl-C checks
              read_timeout: float | None = None) -> tuple[int, str]:
    """Download ``url`` into ``dest`` within ``deadline`` seconds in all;
    returns (size, sha256 hex)."""
    deadline = DOWNLOAD_DEADLINE if deadline is None else deadline
    read_timeout = READ_TIMEOUT if read_timeout is None else read_timeout
    began = time.monotonic()
    end = began + deadline
    digest = hashlib.sha256()
    received = 0
    expected: int | None = None
    try:
        fh = open(dest, "wb")  # noqa: SIM115 - closed by the `with fh` below; open errors get their own message
    except OSError as exc:
        raise disk_error(exc, dest.parent.parent) from None
    with fh:
        try:
            resp = urllib.request.urlopen(url, timeout=max(0.1, min(read_timeout, deadline)))
        except InstallError:
            raise
        except Exception as exc:  # every way a connection can fail: one sentence
            raise network_error(exc) from None
        with resp:
            length = (resp.headers.get("Content-Length") or "").strip()
            if length.isascii() and length.isdigit() and len(length) < 19:
                expected = int(length)
            next_pct = 10
            next_mb = 5
            while True:
                if interrupts.pressed_since(began):  # a Ctrl-C whose KeyboardInterrupt Python lost
                    raise KeyboardInterrupt
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
                    raise network_error(exc) from None
                if not block:
                    break
                try:
                    fh.write(block)
                except OSError as exc:
                    raise disk_error(exc, dest.parent.parent) from None
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


def extract(archive: Path, target: Path) -> None:
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
                        raise disk_error(exc, target.parent.parent) from None
                    # a name the file system cannot hold, a file where a folder should be
                    raise InstallError("models.archive_bad") from None
    except InstallError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError,
            RuntimeError, ValueError, OverflowError, zlib.error):
        raise InstallError("models.archive_bad") from None
    except OSError as exc:
        raise disk_error(exc, target.parent.parent) from None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req: urllib.request.Request, fp: object, code: int, msg: str,
                         headers: object, newurl: str) -> None:
        return None  # the first answer's headers carry the checksum


def remote_digest(url: str, timeout: float) -> str:
    """The file's checksum as the site names it (``X-Linked-Etag``, else ``ETag``),
    lower case without quotes; "" when it names none."""
    req = urllib.request.Request(url, method="HEAD")
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(req, timeout=timeout) as resp:
            headers = resp.headers
    except urllib.error.HTTPError as exc:
        if not 300 <= exc.code < 400:
            raise network_error(exc) from None
        headers = exc.headers
    except Exception as exc:  # every way a connection can fail: one sentence
        raise network_error(exc) from None
    tag = headers.get("X-Linked-Etag") or headers.get("ETag") or ""
    return tag.strip().removeprefix("W/").strip('"').lower()


def file_matches(path: Path, digest: str) -> bool:
    """The file against the site's checksum: SHA-256 (64 hex digits) or a Git blob id
    (40: what Hugging Face gives for small files kept in Git)."""
    if len(digest) == 64:
        return sha256_of(path) == digest
    if len(digest) == 40 and all(c in "0123456789abcdef" for c in digest):
        return git_blob_id(path) == digest
    return True  # a small file the site names no checksum for: its size was checked
