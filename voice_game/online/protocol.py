"""Names, codes and message checks shared by host and clients."""
from __future__ import annotations

import json
import secrets
import string

MAX_COMMAND_BYTES = 2048  # a typed or spoken line is short; anything bigger is refused
MAX_TEXT = 300
SOURCES = ("keyboard", "key", "voice")  # how a line was given: typed, a single key, spoken
MAX_HOST_MESSAGE = 512 * 1024  # what a client reads from the host (a prompt with its commands is a few KB)
MAX_COMMANDS = 4000  # the legal commands one prompt may carry
ALPHABET = string.ascii_lowercase + string.digits
TABLE_LEN = 10
SECRET_LEN = 26  # 26 characters from 36: about 134 bits, unguessable


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
def seat_subject(table: str, seat: int) -> str:
    return f"vg.{table}.seat.{seat}"


def public_subject(table: str) -> str:
    return f"vg.{table}.pub"


def command_subject(table: str, seat: int | str) -> str:
    return f"vg.{table}.cmd.{seat}"


def seat_stream(table: str, seat: int) -> str:
    return f"VG_{table}_{seat}"


def public_stream(table: str) -> str:
    return f"VG_{table}_pub"


def bucket(table: str) -> str:
    return f"VG_{table}"


def seat_user(table: str, seat: int) -> str:
    return f"{table}-{seat}"


def watch_user(table: str) -> str:
    return f"{table}-watch"


def inbox_prefix(user: str) -> str:
    """Each user gets its own reply inbox, so nobody can read another's replies."""
    return f"_INBOX_{user.replace('-', '_')}"


def parse_command(data: bytes):
    """A client's message -> (kind, payload, claimed seat); ValueError if unusable.

    Accepted: ``{"hello": true, "lang": "de"}``, ``{"alive": true}``, ``{"bye": true}`` or
    ``{"c": <positive int>, "text": "<line>", "conf": <0..1>, "src": "keyboard|key|voice"}``
    ("conf" and "src" optional; only a spoken line may be empty: heard, not understood),
    and an optional ``"seat"`` that must match the subject's seat (checked by the host).
    A line's payload is (c, text, confidence, source).
    """
    if len(data) > MAX_COMMAND_BYTES:
        raise ValueError("too_big")
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError("malformed") from exc
    if not isinstance(msg, dict) or set(msg) - {"hello", "lang", "c", "text", "seat", "alive", "bye", "conf", "src"}:
        raise ValueError("malformed")
    for flag in ("alive", "bye"):  # "I am still here" / "I leave the table"
        if flag in msg:
            if msg[flag] is not True or set(msg) - {flag, "seat"}:
                raise ValueError("malformed")
            return flag, None, msg.get("seat")
    seat = msg.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ValueError("malformed")
    if msg.get("hello") is True and not set(msg) - {"hello", "lang", "seat"}:
        lang = msg.get("lang")
        if lang is not None and not isinstance(lang, str):
            raise ValueError("malformed")
        return "hello", lang, seat
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
    return "line", (c, text, float(conf), src), seat
