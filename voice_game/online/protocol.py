"""Names, codes and message checks shared by host and clients."""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import string

MAX_COMMAND_BYTES = 2048  # a typed or spoken line is short; anything bigger is refused
MAX_TEXT = 300
SEAT_RATE, SEAT_BURST = 10.0, 30  # a seat's messages per second in the long run, and at once
SOURCES = ("keyboard", "key", "voice")  # how a line was given: typed, a single key, spoken
MAX_HOST_MESSAGE = 512 * 1024  # what a client reads from the host (a prompt with its commands is a few KB)
MAX_COMMANDS = 4000  # the legal commands one prompt may carry
ALPHABET = string.ascii_lowercase + string.digits
TABLE_LEN = 10
SECRET_LEN = 26  # 26 characters from 36: about 134 bits, unguessable
MAX_NESTING = 1  # a client's message is one flat object: no list or object inside it
CID_LEN = (8, 32)  # a client's own id (one live client per seat): letters and digits
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')  # a JSON string, escapes included


def new_table_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(TABLE_LEN))


def new_secret() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(SECRET_LEN))


def is_table_id(t: str) -> bool:
    return isinstance(t, str) and len(t) == TABLE_LEN and all(ch in ALPHABET for ch in t)


def make_code(table: str, seat: int, secret: str) -> str:
    return f"{table}-{seat + 1}-{secret}"


def parse_code(code: str) -> tuple[str, int, str]:
    """``table-seatnumber-secret`` -> (table, seat index, secret); ValueError if malformed."""
    parts = code.strip().split("-")
    if len(parts) != 3 or not is_table_id(parts[0]) or not parts[1].isdigit() \
            or len(parts[2]) != SECRET_LEN or any(ch not in ALPHABET for ch in parts[2]):
        raise ValueError("bad code")
    seat = int(parts[1]) - 1
    if not 0 <= seat < 10:
        raise ValueError("bad code")
    return parts[0], seat, parts[2]


# --- subjects, streams, users -------------------------------------------------
def seat_key(secret: str) -> str:
    """A seat's subjects carry a token derived from its secret: nobody without the code can
    name them, so no server reply (a stored message sent to a reply subject the asker
    chose) can reach that seat or its host (per-user subject scoping)."""
    return hashlib.sha256(f"voice-game seat:{secret}".encode()).hexdigest()[:24]


NO_KEY = "local"  # the key of a table without a server (tests, the privacy check)


def seat_subject(table: str, seat: int, key: str) -> str:
    return f"vg.{table}.{key}.seat.{seat}"


def public_subject(table: str) -> str:
    return f"vg.{table}.pub"


def command_subject(table: str, seat: int | str, key: str) -> str:
    return f"vg.{table}.{key}.cmd.{seat}"


ALL_COMMANDS = "vg.*.*.cmd.*"  # every table's commands: (table, key, seat) from the subject


def table_commands(table: str) -> str:
    """What a host service listens to for one table it plays: its seats' commands."""
    return f"vg.{table}.*.cmd.*"


def command_address(subject: str) -> tuple[str, str, int] | None:
    """``vg.TABLE.KEY.cmd.SEAT`` -> (table, key, seat), else None."""
    parts = subject.split(".")
    if len(parts) != 5 or parts[0] != "vg" or parts[3] != "cmd" or not parts[4].isdigit():
        return None
    return parts[1], parts[2], int(parts[4])


def seat_stream(table: str, seat: int) -> str:
    return f"VG_{table}_{seat}"


def public_stream(table: str) -> str:
    return f"VG_{table}_pub"


def bucket(table: str) -> str:
    return f"VG_{table}"


def table_streams(table: str, seats: list[int]) -> list[str]:
    """Every stream of a table: public, one per human seat, the snapshot bucket's."""
    return [public_stream(table), *(seat_stream(table, i) for i in seats), f"KV_{bucket(table)}"]


def seat_user(table: str, seat: int) -> str:
    return f"{table}-{seat}"


def watch_user(table: str) -> str:
    return f"{table}-watch"


def history_user(user: str) -> str:
    """The user a seat or spectator reads its stream with (same password): it lives in an
    account of its own where nobody listens to a table's subjects, so a stored message the
    server sends to a reply subject of the asker's choosing reaches no table."""
    return f"{user}-h"


def inbox_prefix(user: str, key: str = "") -> str:
    """Each user gets its own reply inbox, so nobody can read another's replies (and, with
    the seat's key, nobody can even name it)."""
    return f"_INBOX_{user.replace('-', '_')}" + (f"_{key}" if key else "")


def is_cid(cid: object) -> bool:
    return isinstance(cid, str) and CID_LEN[0] <= len(cid) <= CID_LEN[1] and all(ch in ALPHABET for ch in cid)


def new_cid() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(16))


def shallow(data: bytes, depth: int = MAX_NESTING) -> bool:
    """Whether the JSON text nests objects and lists at most ``depth`` deep, checked on the
    bytes before any parser sees them (a parser recurses once per level)."""
    bare = _STRINGS.sub(b"", data)
    return bare.count(b"{") + bare.count(b"[") <= depth


class Command(tuple):
    """One parsed client message, a tuple (kind, payload, claimed seat): ``kind`` hello,
    alive, bye or line; ``payload`` (hello: the language; line: (c, text, confidence,
    source)); the ``seat`` number it claims (1-based, or None); and, as an attribute,
    ``cid``: the client's id (or None for a client that names none)."""

    cid: str | None

    def __new__(cls, kind: str, payload, seat: int | None, cid: str | None):
        self = super().__new__(cls, (kind, payload, seat))
        self.cid = cid
        return self

    @property
    def kind(self) -> str:
        return self[0]


def parse_command(data: bytes) -> Command:
    """A client's message -> Command; ValueError("too_big" | "malformed") if unusable.

    Accepted: ``{"hello": true, "lang": "de"}``, ``{"alive": true}``, ``{"bye": true}`` or
    ``{"c": <positive int>, "text": "<line>", "conf": <0..1>, "src": "keyboard|key|voice"}``
    ("conf" and "src" optional; only a spoken line may be empty: heard, not understood),
    an optional ``"seat"`` that must match the subject's seat (checked by the host) and an
    optional ``"cid"``, the client's own id (one live client per seat). Size and nesting
    are checked before the JSON parser runs; nothing here raises anything but ValueError.
    """
    if not isinstance(data, (bytes, bytearray)) or len(data) > MAX_COMMAND_BYTES:
        raise ValueError("too_big")
    if not shallow(bytes(data)):
        raise ValueError("malformed")
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ValueError("malformed") from exc
    if not isinstance(msg, dict) or set(msg) - {"hello", "lang", "c", "text", "seat", "alive", "bye", "conf", "src",
                                                "cid"}:
        raise ValueError("malformed")
    cid = msg.pop("cid", None)
    if cid is not None and not is_cid(cid):
        raise ValueError("malformed")
    seat = msg.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ValueError("malformed")
    for flag in ("alive", "bye"):  # "I am still here" / "I leave the table"
        if flag in msg:
            if msg[flag] is not True or set(msg) - {flag, "seat"}:
                raise ValueError("malformed")
            return Command(flag, None, seat, cid)
    if msg.get("hello") is True and not set(msg) - {"hello", "lang", "seat"}:
        lang = msg.get("lang")
        if lang is not None and not isinstance(lang, str):
            raise ValueError("malformed")
        return Command("hello", lang, seat, cid)
    return Command("line", _line(msg), seat, cid)


def _line(msg: dict):
    """A typed or spoken line's (c, text, confidence, source); ValueError if unusable."""
    c, text = msg.get("c"), msg.get("text")
    if not isinstance(c, int) or isinstance(c, bool) or c < 1 or not isinstance(text, str) \
            or len(text) > MAX_TEXT or any(ord(ch) < 32 for ch in text):
        raise ValueError("malformed")
    if "hello" in msg or "lang" in msg:
        raise ValueError("malformed")
    conf, src = msg.get("conf", 1.0), msg.get("src", "keyboard")
    if not isinstance(conf, (int, float)) or isinstance(conf, bool) or not 0.0 <= conf <= 1.0:
        raise ValueError("malformed")  # (NaN fails the range check too)
    if src not in SOURCES or (not text.strip() and src != "voice"):
        raise ValueError("malformed")
    return c, text, float(conf), src
