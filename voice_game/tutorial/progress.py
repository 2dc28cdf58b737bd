"""Where a tutorial stopped, and which first-run offers were made.

A small JSON file in the user's data folder (``platformdirs.user_data_dir("voice_game")``
or ``$VOICE_GAME_DATA_DIR``). A missing or damaged file counts as "nothing done yet";
it is never a reason to stop the game.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

FILE = "tutorial_progress.json"


def data_root() -> Path:
    env = os.environ.get("VOICE_GAME_DATA_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("voice_game"))


class Progress:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else data_root() / FILE
        self.data = self._read()

    def _read(self) -> dict:
        try:
            if not self.path.is_file():  # missing, a folder or a pipe: no progress yet
                return {}
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    @property
    def exists(self) -> bool:
        return self.path.exists()

    def get(self, key: str) -> dict:
        entry = self.data.get(key)
        return dict(entry) if isinstance(entry, dict) else {}

    def set(self, key: str, **values) -> None:
        entry = self.get(key)
        entry.update(values)
        self.data[key] = entry
        self.write()

    def flag(self, name: str) -> bool:
        return bool(self.data.get("flags", {}).get(name)) if isinstance(self.data.get("flags"), dict) else False

    def set_flag(self, name: str, value: bool = True) -> None:
        flags: dict = self.data["flags"] if isinstance(self.data.get("flags"), dict) else {}
        flags[name] = value
        self.data["flags"] = flags
        self.write()

    def write(self) -> None:
        """Atomic write; a folder we cannot write only loses the progress, never the game."""
        from voice_game.atomic import write_atomic

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not self.path.is_file():
                return  # a folder or a pipe where the file should be: left alone
            write_atomic(self.path, json.dumps(self.data, ensure_ascii=False, indent=1).encode("utf-8"))
        except (OSError, ValueError, RecursionError):
            pass
