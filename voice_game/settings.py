"""The player's settings, kept in a TOML file in the user config folder.

    settings, problem = load()          # never raises; problem is None or a Problem
    settings.rate = 300
    save(settings)                      # atomic: temp file + os.replace

Where: ``platformdirs.user_config_dir("voice_game")/settings.toml``; the
environment variable ``VOICE_GAME_CONFIG_DIR`` names another folder (tests).

A file that is not valid TOML (or not a table) is renamed to
``settings.toml.broken`` (kept for the player to look at, never silently lost)
and the defaults apply; single values of the wrong type or out of range fall
back to their defaults and are named in the problem. The caller speaks the
problem with the texts ``audio.settings_broken`` / ``audio.settings_invalid``.
Unknown keys are kept and written back, so a newer version's settings survive.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

import tomli_w

from voice_game.atomic import write_atomic
from voice_game.core.checks import MAX_NAME
from voice_game.core.output import RATE_DEFAULT, RATE_MAX, RATE_MIN  # the one limit every output keeps

FILE_NAME = "settings.toml"
ENV_DIR = "VOICE_GAME_CONFIG_DIR"

# Kinds of narrator messages whose verbosity can be set, and the levels.
# "full": spoken with its sound; "cue": its sound only; "off": nothing (still in the
# history, so "repeat" and "previous message" can give it). Results and errors
# are not in this list: they are always spoken.
VERBOSITY_KINDS = ("turn", "draw", "place", "take", "bot", "score", "table")
LEVELS = ("full", "cue", "off")
TTS_CHOICES = ("auto", "pyttsx3", "screenreader", "text", "none")
RECOGNIZERS = ("auto", "whisper", "vosk", "pocketsphinx", "keyboard")
LANGUAGES = ("de", "en")
DETAILS = ("brief", "default", "verbose")  # the narrator's detail levels
# while the game speaks: full (echo-cancelled microphone open), headphones (open, no echo path),
# half (the microphone ignored while the game speaks and 300 ms after)
DUPLEX = ("full", "headphones", "half")


@dataclass
class Settings:
    lang: str = ""  # "" = from VOICE_GAME_LANG or German
    tts: str = "auto"
    rate: int = RATE_DEFAULT  # words per minute
    voice: str = ""  # "" = the default voice of the language
    speech_volume: int = 100  # percent
    cue_volume: int = 80  # percent
    detailed: bool = True  # older versions' on/off detail switch (read, no longer used)
    detail: str = "default"  # the narrator's detail: brief, default or verbose
    echo: bool = False  # also write spoken lines as text (braille display, log)
    verbosity: dict = field(default_factory=lambda: {k: "full" for k in VERBOSITY_KINDS})
    recognizer: str = "auto"
    microphone: str = ""  # sounddevice name or index as text; "" = system default
    # DUPLEX: how the microphone listens while the game speaks: "full" (the echo canceller takes
    # the game's own voice out; a screen reader's voice needs the sound server's monitor, else
    # half), "headphones" (no echo path) or "half" (the microphone rests while the game talks).
    # Full since 2026-12-05: in the simulated room it applied commands said over the narration
    # that half never hears, and in silence as many (docs/DUPLEX.md)
    duplex: str = "full"
    output_device: str = ""
    # words a player's voice keeps getting wrong, said instead of a game word:
    # [aliases] "blech" = "blechbläser" (heard by the recognizer, one word for one word)
    aliases: dict = field(default_factory=dict)
    # the hot-seat players' names typed in the start menu, in seat order (kept for the next start)
    names: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)  # unknown keys, written back unchanged

    def level(self, kind: str) -> str:
        """Verbosity of a message kind ("full" for kinds that cannot be changed)."""
        return self.verbosity.get(kind, "full") if kind in VERBOSITY_KINDS else "full"

    def to_toml(self) -> dict:
        data = dict(self.extra)
        for f in fields(self):
            if f.name != "extra":
                value = getattr(self, f.name)
                data[f.name] = dict(value) if isinstance(value, dict) else \
                    list(value) if isinstance(value, list) else value
        return data


@dataclass
class Problem:
    """What went wrong reading the file: ``broken`` (whole file) or ``invalid`` keys."""

    kind: str  # "broken" | "invalid"
    path: Path
    backup: Path | None = None
    keys: list[str] = field(default_factory=list)
    detail: str = ""

    def message(self, catalog) -> str:
        if self.kind == "broken":
            return catalog.get("audio.settings_broken", path=self.path,
                               backup=self.backup or self.path)
        return catalog.get("audio.settings_invalid", keys=", ".join(self.keys))


def config_dir() -> Path:
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("voice_game"))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def _check(name: str, value, default):
    """The value if valid for ``name``, else raise ValueError."""
    if name in ("rate", "speech_volume", "cue_volume"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(name)
        lo, hi = (RATE_MIN, RATE_MAX) if name == "rate" else (0, 100)
        if not lo <= value <= hi:
            raise ValueError(name)
        return value
    if name == "names":
        if not names_ok(value):
            raise ValueError(name)
        return list(value)
    if name in ("detailed", "echo"):
        if not isinstance(value, bool):
            raise ValueError(name)
        return value
    if not isinstance(value, str):
        raise ValueError(name)
    if name == "lang" and value not in LANGUAGES + ("",):
        raise ValueError(name)
    if name == "tts" and value not in TTS_CHOICES:
        raise ValueError(name)
    if name == "recognizer" and value not in RECOGNIZERS:
        raise ValueError(name)
    if name == "duplex" and value not in DUPLEX:
        raise ValueError(name)
    if name == "detail" and value not in DETAILS:
        raise ValueError(name)
    return value


def names_ok(names) -> bool:
    """Players' names as a seat takes them: printable, no ':' (it marks a bot), at most
    MAX_NAME characters, no two alike."""
    if not isinstance(names, list) or len(names) > 10:
        return False
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not name.strip() or name != name.strip() or len(name) > MAX_NAME \
                or ":" in name or "," in name or not name.isprintable() or name.casefold() in seen:
            return False
        seen.add(name.casefold())
    return True


def _alias_ok(word) -> bool:
    """One word of letters (any script), at most 40 of them."""
    return isinstance(word, str) and 0 < len(word) <= 40 and word.isalpha()


def from_toml(data: dict) -> tuple[Settings, list[str]]:
    """Settings from a parsed table and the keys whose values were not valid."""
    s = Settings()
    bad: list[str] = []
    names = {f.name for f in fields(Settings)} - {"extra", "verbosity", "aliases"}
    for key, value in data.items():
        if key == "aliases":
            if not isinstance(value, dict):
                bad.append("aliases")
                continue
            for alias, word in value.items():
                if _alias_ok(alias) and _alias_ok(word):
                    s.aliases[alias.lower()] = word.lower()
                else:
                    bad.append(f"aliases.{str(alias)[:40]}")
            continue
        if key == "verbosity":
            if not isinstance(value, dict):
                bad.append("verbosity")
                continue
            for kind, level in value.items():
                if kind in VERBOSITY_KINDS and isinstance(level, str) and level in LEVELS:
                    s.verbosity[kind] = level
                elif kind in VERBOSITY_KINDS:
                    bad.append(f"verbosity.{kind}")
                # unknown kinds (a newer version's) are ignored
        elif key in names:
            try:
                setattr(s, key, _check(key, value, getattr(s, key)))
            except (ValueError, TypeError):
                bad.append(key)
        elif key != "extra":
            s.extra[key] = value
    return s, bad


def backup_name(path: Path) -> Path:
    """``settings.toml.broken``, or the first free ``settings.toml.broken-2``, ``-3`` ...:
    an earlier damaged file kept for the player is never overwritten."""
    first = path.with_name(path.name + ".broken")
    if not (first.exists() or first.is_symlink()):
        return first
    n = 2
    while True:
        candidate = path.with_name(f"{path.name}.broken-{n}")
        if not (candidate.exists() or candidate.is_symlink()):
            return candidate
        n += 1


def _move_aside(path: Path) -> Path | None:
    backup = backup_name(path)
    try:
        os.link(path, backup)  # fails instead of replacing a file that appeared meanwhile
        os.unlink(path)
    except FileExistsError:
        return _move_aside(path)
    except OSError:
        try:
            os.rename(path, backup)  # no hard links on this file system
        except OSError:
            return None
    return backup


def load(path: Path | None = None, move_broken: bool = True) -> tuple[Settings, Problem | None]:
    """Read the settings; never raises. A missing file gives the defaults silently.
    A damaged file is moved aside (numbered, see :func:`backup_name`) unless
    ``move_broken`` is False (a reader that cannot tell the player)."""
    path = Path(path) if path else settings_path()
    try:
        if path.exists() and not path.is_file():  # a folder or a pipe: never read, never moved
            return Settings(), Problem("broken", path, None, detail="not a file")
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), Problem("broken", path, None, detail=exc.strerror or str(exc))
    try:
        data = tomllib.loads(raw.decode("utf-8"))
        settings, bad = from_toml(data)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError, TypeError,
            AttributeError) as exc:
        backup = _move_aside(path) if move_broken else path
        return Settings(), Problem("broken", path, backup, detail=type(exc).__name__)
    if bad:
        return settings, Problem("invalid", path, keys=bad)
    return settings, None


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write atomically (a crash leaves the old file or the new one, never half)."""
    path = Path(path) if path else settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = tomli_w.dumps(settings.to_toml()).encode("utf-8")
    write_atomic(path, data)
    return path


class Store:
    """Settings bound to a file: ``update(**changes)`` changes and saves at once.

    Saving problems are returned (an OSError), never raised: the game goes on
    with the changed values in memory.
    """

    def __init__(self, settings: Settings | None = None, path: Path | None = None,
                 persist: bool = True):
        self.persist = persist  # False: changes live in memory only (no file is touched)
        self.path = (Path(path) if path else settings_path()) if persist else None
        self.settings = settings or Settings()

    @classmethod
    def open(cls, path: Path | None = None) -> tuple[Store, Problem | None]:
        p = Path(path) if path else settings_path()
        settings, problem = load(p)
        return cls(settings, p), problem

    def update(self, **changes) -> OSError | None:
        for key, value in changes.items():
            if key == "verbosity":
                self.settings.verbosity.update(value)
            else:
                setattr(self.settings, key, value)
        if not self.persist:
            return None
        try:
            save(self.settings, self.path)
        except OSError as exc:
            return exc
        return None
