"""Single-key play beside typed commands, for a terminal.

How shortcuts and typing live together (only when stdin is a terminal; a pipe keeps
the plain line mode unchanged):

- The game reads the keyboard key by key. While the command line is empty, a bound
  key acts at once: ``d`` draws, ``2`` picks conductor two, ``t`` tells whose turn it is.
- ``Enter`` on an empty line (or ``/``) starts typing a full command, exactly as in
  line mode; a key without a shortcut starts typing with that character. While typing,
  characters are echoed, ``Backspace`` deletes, ``Enter`` sends the line, ``Escape``
  cancels it. Then the shortcuts are back.
- Menus: arrows move, ``Enter`` chooses, the first letter jumps, ``Escape`` goes back,
  ``/`` types a menu word.
- CapsLock and Insert (screen-reader modifier keys) are never used and cannot be bound.

A key becomes a command dict, the grammar renders it as words, and the words go into
the session as if typed (``InputLine(source="key")``), so the session has no special
path for keys. A few keys act directly (oldest/newest message, typing).

Bindings are a table ``key name -> action``; the settings file may change them in a
``[keys]`` table (``d = "draw"``, ``x = ""`` to unbind).
"""
from __future__ import annotations

import os
import select
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from voice_game.commands.grammar import freeze
from voice_game.core.input import InputLine
from voice_game.narration.message import HIGH, Message

if TYPE_CHECKING:
    from voice_game.commands.grammar import Grammar
    from voice_game.core.game import GameDefinition
    from voice_game.narration.catalog import Catalog

# key name -> action. Names: single characters as typed ("t", "T", ",", "<"), or
# enter, escape, space, backspace, tab, up, down, left, right, home, end, pageup,
# pagedown, delete, f1..f12.
DEFAULT_KEYS: dict[str, str] = {
    "f1": "help",
    "?": "help",
    "escape": "escape",
    "enter": "type",
    "/": "type",
    "d": "draw",
    "space": "draw",
    "p": "pass",
    "1": "pick:1", "2": "pick:2", "3": "pick:3", "4": "pick:4", "5": "pick:5",
    "6": "pick:6", "7": "pick:7", "8": "pick:8", "9": "pick:9",
    "y": "yes", "j": "yes", "n": "no",
    "t": "whose_turn",
    "s": "scores",
    "r": "repeat",
    "o": "table",
    "m": "my_cards",
    "g": "rules",
    "k": "keys",
    ",": "previous",
    ".": "next_message",
    "<": "oldest", ";": "oldest",  # Shift+, on US and German layouts
    ">": "newest", ":": "newest",  # Shift+.
    "home": "oldest",
    "end": "newest",
    "-": "slower",
    "+": "faster",
    "=": "faster",
    "pageup": "louder",
    "pagedown": "quieter",
    "v": "verbosity",
    "f2": "save",
    "l": "talk",  # push-to-talk (--listen push): the microphone takes the next command
    "f4": "talk",
    "q": "quit",
    # the review cursor over the table (docs/TABLE.md); in a tutorial right and left are next and back
    "right": "review_next",
    "left": "review_previous",
    "down": "review_next_row",
    "up": "review_previous_row",
    # status keys: what is asked most, each in its short form
    "u": "whats_new",
    "a": "market",
    "h": "hand",
    "f5": "status:1", "f6": "status:2", "f7": "status:3", "f8": "status:4", "f9": "status:5",
    # the history buffers: all, game, my replies (chat online)
    "tab": "next_buffer",
    "shift-tab": "previous_buffer",
}
FORBIDDEN = frozenset({"capslock", "insert"})
# What every action means, for the help and the README (message keys keys.action.<name>).
ACTIONS = ("help", "escape", "type", "draw", "pass", "pick", "yes", "no", "whose_turn", "scores", "repeat",
           "table", "my_cards", "rules", "previous", "next_message", "oldest", "newest", "slower", "faster",
           "louder", "quieter", "verbosity", "save", "quit", "next", "back", "skip", "end_tutorial", "keys",
           "talk", "review_next", "review_previous", "review_next_row", "review_previous_row", "whats_new",
           "market", "hand", "status", "next_buffer", "previous_buffer")
KEY_CONFIDENCE = 0.5  # a single key for an action that cannot be undone is read back first


@dataclass(frozen=True)
class Key:
    name: str

    @property
    def char(self) -> str | None:
        return self.name if len(self.name) == 1 else None


# ----------------------------------------------------------------------------- bindings

def load_bindings(overrides: dict | None = None) -> dict[str, str]:
    """The default keys, changed by ``overrides`` (or the settings file's [keys] table)."""
    keys = dict(DEFAULT_KEYS)
    if overrides is None:
        overrides = settings_keys()
    for name, action in (overrides or {}).items():
        name = str(name)
        if name.lower() in FORBIDDEN:
            continue
        if not action:
            keys.pop(name, None)
        elif isinstance(action, str) and (action in ACTIONS or _is_pick(action) or _is_status(action)):
            keys[name] = action
    return keys


def _is_pick(action: str) -> bool:
    n = action[5:] if action.startswith("pick:") else ""
    return n.isascii() and n.isdigit() and 1 <= len(n) <= 2


def _is_status(action: str) -> bool:
    """``status:n``: the n-th row of the table in its short form (1 to 9)."""
    n = action[7:] if action.startswith("status:") else ""
    return n.isascii() and n.isdigit() and len(n) == 1 and n != "0"


def settings_keys() -> dict:
    """The [keys] table of the settings file, if the settings module and file have one."""
    try:
        from voice_game import settings as st

        s, _ = st.load(move_broken=False)  # the game's own reader announces and keeps it
    except Exception:  # noqa: BLE001 - no settings: the defaults
        return {}
    table = getattr(s, "extra", {}).get("keys")
    return dict(table) if isinstance(table, dict) else {}


def keys_for(bindings: dict[str, str]) -> dict[str, list[str]]:
    """action -> key names, for the help."""
    out: dict[str, list[str]] = {}
    for k, a in bindings.items():
        out.setdefault(a.split(":")[0], []).append(k)
    return out


def describe(bindings: dict[str, str], catalog) -> list[str]:
    """One spoken line per action: 'D or Space: draw'."""
    lines = []
    for action, names in keys_for(bindings).items():
        if action == "pick" and all(n.isascii() and n.isdigit() for n in names) and len(names) > 2:
            names = [catalog.get("keys.digits", first=min(names), last=max(names))]
        if action == "status" and len(names) > 2 and all(n[:1] == "f" and n[1:].isdigit() for n in names):
            order = sorted(names, key=lambda n: int(n[1:]))
            names = [catalog.get("keys.digits", first=order[0].upper(), last=order[-1].upper())]
        shown = [catalog.get(f"keys.name.{n}") if catalog.has(f"keys.name.{n}") else (n.upper() if len(n) == 1 else n) for n in names]
        lines.append(catalog.get("keys.line", keys=f" {catalog.get('help.or')} ".join(shown),
                                 action=catalog.get(f"keys.action.{action}")))
    return lines


# ----------------------------------------------------------------------------- decoding

_SEQ = {
    "[A": "up", "[B": "down", "[C": "right", "[D": "left", "[H": "home", "[F": "end",
    "OA": "up", "OB": "down", "OC": "right", "OD": "left", "OH": "home", "OF": "end",
    "[1~": "home", "[4~": "end", "[7~": "home", "[8~": "end", "[2~": "insert", "[3~": "delete",
    "[5~": "pageup", "[6~": "pagedown", "OP": "f1", "OQ": "f2", "OR": "f3", "OS": "f4",
    "[11~": "f1", "[12~": "f2", "[13~": "f3", "[14~": "f4", "[15~": "f5", "[17~": "f6",
    "[18~": "f7", "[19~": "f8", "[20~": "f9", "[21~": "f10", "[23~": "f11", "[24~": "f12",
    "[[A": "f1", "[[B": "f2", "[[C": "f3", "[[D": "f4", "[Z": "shift-tab",
}
_CONTROL = {"\r": "enter", "\n": "enter", "\x7f": "backspace", "\x08": "backspace", "\t": "tab",
            " ": "space", "\x04": "eof"}


def decode(data: str) -> list[Key]:
    """Key names from a chunk of terminal input (used by the reader and by tests)."""
    keys, i = [], 0
    while i < len(data):
        ch = data[i]
        if ch == "\x1b":
            rest = data[i + 1:]
            if not rest:
                keys.append(Key("escape"))
                i += 1
                continue
            found = None
            for seq in sorted(_SEQ, key=len, reverse=True):
                if rest.startswith(seq):
                    found = seq
                    break
            if found:
                keys.append(Key(_SEQ[found]))
                i += 1 + len(found)
                continue
            # an unknown sequence: skip to its final byte
            j = i + 1
            if j < len(data) and data[j] in "[O":
                j += 1
                while j < len(data) and not ("@" <= data[j] <= "~"):
                    j += 1
                i = j + 1
                continue
            keys.append(Key("escape"))
            i += 1
            continue
        if ch in _CONTROL:
            keys.append(Key(_CONTROL[ch]))
        elif ch.isprintable():
            keys.append(Key(ch))
        i += 1
    return keys


# ----------------------------------------------------------------------------- readers

def _incomplete(data: bytes) -> bool:
    """Whether the last escape sequence in ``data`` may still be arriving."""
    i = data.rfind(b"\x1b")
    if i < 0:
        return False
    tail = data[i + 1:]
    if not tail:
        return True
    if tail[:1] not in (b"[", b"O"):
        return False
    body = tail[1:]
    if body.startswith(b"["):  # linux console F1..F4: ESC [ [ A
        return len(body) < 2
    return not any(0x40 <= b <= 0x7E for b in body)


class TerminalReader:
    """Raw keys from a POSIX terminal (termios cbreak: no line buffering, no echo), with
    a small line editor for typed commands. The terminal is restored on close."""

    def __init__(self, fd: int | None = None, echo=None):
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.echo = echo or sys.stdout
        self.buffer: str | None = None  # None: shortcut mode; a string: typing
        self._saved: list[Any] | None = None  # termios attributes to restore
        self._pending: list[Key] = []
        self._bytes = b""

    def open(self) -> TerminalReader:
        import atexit
        import termios

        self._saved = termios.tcgetattr(self.fd)
        new = termios.tcgetattr(self.fd)
        new[3] &= ~(termios.ICANON | termios.ECHO)
        new[6][termios.VMIN] = 1
        new[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSADRAIN, new)
        atexit.register(self.close)
        return self

    def close(self) -> None:
        if self._saved is not None:
            import termios

            try:
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            except (termios.error, OSError):
                pass
            self._saved = None

    def _read_chunk(self) -> str | None:
        try:
            data = os.read(self.fd, 64)
        except OSError:
            return None
        if not data:
            return None
        # an Escape alone or the start of a sequence: wait a moment for the rest
        while _incomplete(data) and select.select([self.fd], [], [], 0.05)[0]:
            more = os.read(self.fd, 64)
            if not more:
                break
            data += more
        data = self._bytes + data
        self._bytes = b""
        # keep an incomplete UTF-8 character for the next read
        for cut in range(1, 4):
            if len(data) >= cut and (data[-cut] & 0xC0) == 0xC0:
                need = 2 if data[-cut] < 0xE0 else 3 if data[-cut] < 0xF0 else 4
                if need > cut:
                    self._bytes, data = data[-cut:], data[:-cut]
                break
        return data.decode("utf-8", "replace")

    def read_key(self) -> Key | None:
        while not self._pending:
            chunk = self._read_chunk()
            if chunk is None:
                return None
            self._pending = decode(chunk)
        return self._pending.pop(0)

    def _write(self, text: str) -> None:
        try:
            self.echo.write(text)
            self.echo.flush()
        except (OSError, ValueError):
            pass

    def start_typing(self, initial: str = "") -> None:
        self.buffer = initial
        self._write("> " + initial)

    def next_event(self):
        """A Key (shortcut mode), a typed line (str), or None at the end of input."""
        while True:
            k = self.read_key()
            if k is None or (k.name == "eof" and not self.buffer):
                return None
            if self.buffer is None:
                return k
            if k.name == "enter":
                line, self.buffer = self.buffer, None
                self._write("\n")
                if line.strip():
                    return line
                continue
            if k.name == "escape":
                self.buffer = None
                self._write("\n")
                return Key("typing_cancelled")
            if k.name == "backspace":
                if self.buffer:
                    self.buffer = self.buffer[:-1]
                    self._write("\b \b")
                continue
            ch = " " if k.name == "space" else k.char
            if ch:
                self.buffer += ch
                self._write(ch)


class WindowsReader(TerminalReader):
    """Keys from the Windows console (msvcrt)."""

    _SCAN = {"H": "up", "P": "down", "K": "left", "M": "right", "G": "home", "O": "end", "I": "pageup",
             "Q": "pagedown", "R": "insert", "S": "delete", ";": "f1", "<": "f2", "=": "f3", ">": "f4"}

    def __init__(self, echo=None):
        self.echo = echo or sys.stdout
        self.buffer = None
        self._pending = []

    def open(self) -> WindowsReader:
        return self

    def close(self) -> None:
        pass

    def read_key(self) -> Key | None:  # pragma: no cover - Windows only
        if sys.platform != "win32":  # msvcrt: input_source uses this reader on Windows only
            raise OSError("the Windows key reader needs Windows")
        import msvcrt

        ch = msvcrt.getwch()
        if ch in ("\x00", "\xe0"):
            return Key(self._SCAN.get(msvcrt.getwch(), "unknown"))
        if ch == "\x1a":
            return Key("eof")
        if ch == "\x1b":
            return Key("escape")
        if ch == "\x03":
            raise KeyboardInterrupt
        return decode(ch)[0] if decode(ch) else Key("unknown")


# ----------------------------------------------------------------------------- keys -> session

class KeySession(Protocol):
    """What single keys use of the session they act on (``voice_game.session.Session``;
    the keyboard knows nothing of sessions beyond this)."""

    c: Catalog
    g: Grammar
    kit: GameDefinition

    @property
    def choices(self) -> list[Any]: ...

    @property
    def asking_yes_no(self) -> bool: ...

    @property
    def detail(self) -> str: ...

    def legal_commands(self) -> list[dict[str, Any]]: ...

    def jump_history(self, end: str) -> None: ...

    def stop_speech(self) -> None: ...

    def say(self, msgs: Any, record: bool = True, narrated: bool = False) -> None: ...

    def say_key(self, key: str, kind: str = ..., priority: str = ..., record: bool = True,
                **params: Any) -> None: ...


#: A key's command (a dict, or words as they are) and its confidence; (None, 0) when done here.
KeyCommand = tuple["dict[str, Any] | str | None", float]


class KeyReader(Protocol):
    """Where keys come from: a terminal, Windows' console, the start menu's shared input."""

    def next_event(self) -> Key | str | InputLine | None: ...

    def start_typing(self, initial: str = "") -> None: ...

    def close(self) -> None: ...


class KeyInput:
    """The session's input from the keyboard: typed lines as they are, keys made into
    command words. ``attach(session)`` gives it the game it is playing (the tutorial and
    the menu attach the session they run)."""

    def __init__(self, reader: KeyReader, bindings: dict[str, str] | None = None):
        self.reader = reader
        self.bindings = bindings if bindings is not None else load_bindings()
        self.session: KeySession | None = None
        self.context = "game"  # or "tutorial"

    def attach(self, session: KeySession, context: str = "game") -> None:
        self.session = session
        self.context = context

    def close(self) -> None:
        """The terminal back as it was (the reader's own close)."""
        self.reader.close()

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            ev = self.reader.next_event()
            if ev is None:
                raise StopIteration
            self.silence()  # any key silences the speech at once (the history keeps every message)
            if isinstance(ev, str):
                return InputLine(ev, 1.0, "keyboard")
            if isinstance(ev, InputLine):  # the program's voice, merged into the menu's input
                return ev
            line = self.on_key(ev)
            if line is not None:
                return line

    def silence(self) -> None:
        if self.session is not None:
            self.session.stop_speech()

    def say_key(self, key: str, **params) -> None:
        s = self.session
        if s is not None:
            s.say(Message(s.c.get(key, **params), "info", HIGH), record=False)

    def on_key(self, key: Key) -> InputLine | None:
        if key.name == "typing_cancelled":
            self.say_key("input.cancelled")
            return None
        action = self.bindings.get(key.name)
        if action is None and key.char and key.char.isalpha() and key.char.isupper():
            action = self.bindings.get(key.char.lower())
        if action is None:
            if key.char and key.char.isprintable():
                self.reader.start_typing(key.char)  # no shortcut: this starts a typed command
            return None
        s = self.session
        if action == "type":
            self.reader.start_typing()
            return None
        if action == "talk":
            return InputLine("", 1.0, "talk")  # an empty line arms push-to-talk (voice_input)
        if s is None:
            return None
        cmd, confidence = self.command(action, s)
        if cmd is None:
            return None
        if isinstance(cmd, str):
            return InputLine(cmd, confidence, "key")
        return InputLine(s.g.render(cmd), confidence, "key")

    def command(self, action: str, s: KeySession) -> KeyCommand:
        """(command dict or words, confidence) for an action on session ``s``, or (None, 0)
        when done here."""
        if action == "keys":
            for line in describe(self.bindings, s.c):
                s.say(Message(line, "help", HIGH), record=False)
            return None, 0
        if action == "help" and self.context == "game":
            self.say_key("keys.hint")
        if action in ("oldest", "newest"):
            s.jump_history(action)
            return None, 0
        if action == "escape":
            if s.asking_yes_no:
                return {"intent": "no"}, 1.0
            return {"intent": "help"}, 1.0
        if action == "verbosity":
            # brief -> normal -> verbose -> brief
            nxt = {"brief": "normal", "verbose": "brief"}.get(s.detail, "verbose")
            return {"intent": nxt}, 1.0
        if action in ("review_next", "review_previous") and self.context == "tutorial":
            action = "next" if action == "review_next" else "back"  # the arrows move a tutorial on or back
        if action in ("market", "hand"):  # a row of the table, short ("Markt: Chor und Klavier.")
            return {"intent": "status", "status_row": action}, 1.0
        if action.startswith("status:"):  # status key n: the n-th row of the table, short
            return {"intent": "status_number", "choice": int(action.split(":")[1])}, 1.0
        if action in ("next", "back", "skip", "end_tutorial"):
            if self.context != "tutorial":
                return None, 0
            return {"intent": action}, 1.0
        if action.startswith("pick:"):
            return self.pick(int(action.split(":")[1]), s)
        intent = s.kit.key_intents.get(action, action)  # a game's own words for the action
        if intent not in s.g.intents:
            return None, 0
        confidence = KEY_CONFIDENCE if s.g.needs_confirmation(intent) else 1.0
        return {"intent": intent}, confidence

    def pick(self, n: int, s: KeySession) -> KeyCommand:
        """Number key n: the legal command that names number n (a conductor, a position),
        else what the game's own number pick makes of n."""
        if s.choices and 1 <= n <= len(s.choices):
            return s.g.numbers[n][0], 1.0  # answers "did you mean: 1 ..., 2 ..."
        cmds: list[dict] = []
        for c in s.legal_commands():
            if any(k in s.g.number_slots and v == n for k, v in c.items()) and freeze(c) not in {freeze(x) for x in cmds}:
                cmds.append(c)
        if not cmds and s.kit.number_pick is not None:
            cmds = s.kit.number_pick(s.legal_commands(), n)
            if not cmds:  # moves there are, but a number cannot say them (a beat, two instruments)
                named = [c for c in s.legal_commands() if len(c) > 1]
                if named:
                    s.say_key("keys.number_not_enough", record=False, number=n, example=s.g.render(named[0]))
                    return None, 0
        if not cmds:
            s.say_key("keys.nothing_for_number", record=False, number=n)
            return None, 0
        # placing comes before taking: a drawn musician must be placed first anyway
        cmds.sort(key=lambda c: 0 if c["intent"] == "place" else 1)
        c = cmds[0]
        # A number never completes a move with parameters the player did not choose: when
        # several moves of that kind name n (Headhunter against seat n with which
        # instruments?), it says what to add; a move with more than the number in it is
        # read back first.
        same = {freeze(x) for x in cmds if x["intent"] == c["intent"]}
        if len(same) > 1:
            s.say_key("keys.number_not_enough", record=False, number=n, example=s.g.render(c))
            return None, 0
        chosen = {k for k, v in c.items() if k != "intent" and (k in s.g.number_slots or v == n)}
        more = [k for k in c if k != "intent" and k not in chosen]
        if more or s.g.needs_confirmation(c["intent"]):
            return c, KEY_CONFIDENCE
        return c, 1.0


class LineInput:
    """Lines from a pipe or a file: the plain line mode."""

    def __init__(self, stream=None):
        self.stream = stream if stream is not None else sys.stdin

    def close(self) -> None:
        """Nothing to give back: the stream belongs to whoever opened it."""

    def __iter__(self):
        stream = self.stream
        if stream is None:  # standard input closed (<&-): no lines, a clean end
            return
        raw = getattr(stream, "buffer", None)
        try:
            if raw is None:
                for line in stream:
                    yield line.rstrip("\r\n")
                return
            # bytes that are no UTF-8 become U+FFFD: "not understood", never a traceback
            for data in raw:
                yield data.decode("utf-8", "replace").rstrip("\r\n")
        except (OSError, ValueError):
            return  # a closed or broken input ends like the end of the input


def keys_enabled() -> bool:
    if os.environ.get("VOICE_GAME_KEYS", "1") == "0":
        return False
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def input_source(output=None, lang: str | None = None, bindings: dict | None = None) -> KeyInput | LineInput:
    """Keys and typed lines when stdin is a terminal, else plain lines."""
    if not keys_enabled():
        return LineInput()
    if os.name == "nt":  # pragma: no cover - Windows only
        return KeyInput(WindowsReader().open(), bindings)
    return KeyInput(TerminalReader().open(), bindings)
