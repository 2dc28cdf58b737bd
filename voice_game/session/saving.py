"""Saving a session: the payload of a save file, and why a file could not be written."""
from __future__ import annotations

import errno
from typing import Any

from voice_game.session.seats import memories
from voice_game.session.table import Table



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
