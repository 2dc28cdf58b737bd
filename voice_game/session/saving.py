"""Saving a session: the payload of a save file, why a file could not be written, the
session's saves, its event log and its settings kept."""
from __future__ import annotations

import errno
import json
from typing import Any

from voice_game import savefile
from voice_game.session.seats import memories
from voice_game.session.review import Reviewing
from voice_game.session.table import Table
from voice_game.settings import LEVELS, VERBOSITY_KINDS, Store


def disk_problem(exc: OSError) -> str:
    """The message key saying in the player's words why a file could not be written."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "save.problem_full"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "save.problem_denied"
    if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EISDIR):
        return "save.problem_missing"
    return "save.problem_other"


def save_payload(session: Table) -> dict[str, Any]:
    """Everything a resumed game needs to continue exactly (voice_game.savecheck reads it)."""
    payload = {
        "game": session.kit.name,
        "seats": [s.to_json() for s in session.seats],
        "seed": session.seed,
        "lang": session.c.lang,
        "state": session.kit.rules.state_to_json(session.state),
        "bot_rngs": [[i, b.rng.to_json()] for i, b in session.bots.items()],
        "bot_memory": memories(session.bots),
    }
    # hot-seat: what each human away from the speaker is still to hear after their "ready"
    # (another human's beat pattern), as it was said; only when there is some (older saves
    # and solo games have none)
    kept = [[seat, [{"text": m.text, "kind": m.kind, "cue": m.cue} for m in msgs]]
            for seat, msgs in sorted(session.for_absent.items()) if msgs]
    if kept:
        payload["for_absent"] = kept
    return payload


class Saving(Reviewing):
    def log_events(self, events) -> None:
        if not self.events_path:
            return
        try:
            with open(self.events_path, "a", encoding="utf-8") as f:
                for e in events:
                    f.write(json.dumps(e.to_json(), ensure_ascii=False) + "\n")
        except OSError:
            pass

    def save_payload(self) -> dict:
        return save_payload(self)

    def autosave(self, announce: bool = False) -> None:
        if not self.save_path:
            if announce:
                self.say_key("settings.no_save_file")
            return
        try:
            savefile.write_save(self.save_path, self.save_payload())
            self._save_failed = False
            if announce:
                self.say_key("settings.saved")
        except OSError as exc:
            # said once (and again when asked to save), not after every move; in the player's words
            if announce or not self._save_failed:
                self.say_key("settings.save_failed", kind="error", problem=self.c.get(disk_problem(exc)))
            self._save_failed = True


    def set_verbosity(self, kind, level) -> None:
        """Per-kind verbosity (voice_game.settings.VERBOSITY_KINDS x LEVELS), spoken back."""
        if kind not in VERBOSITY_KINDS or level not in LEVELS:
            self.say_key("input.not_understood", kind="error")
            return
        if self.settings is None:
            self.settings = Store(persist=False)  # for this game only
        self.persist(verbosity={kind: level})
        self.say_key("audio.verbosity_set", what=self.c.get(f"audio.kind.{kind}"),
                     level=self.c.get(f"audio.level.{level}"))

    def persist(self, **changes) -> None:
        """Keep a changed setting in the settings file (if the session has one)."""
        if self.settings is None:
            return
        err = self.settings.update(**changes)
        if err is not None and not self._settings_failed:
            self._settings_failed = True
            self.say_key("audio.settings_save_failed", kind="error", problem=self.c.get(disk_problem(err)))
