"""Concerto's hidden state dealt anew for one seat (the conformance test's check that
views hide what they must, see ``voice_game.games.concerto.view``)."""
from __future__ import annotations

import copy
from typing import Any

from voice_game.core.rng import Rng


def _deal(pool: list[Any], sizes: list[int]) -> list[list[Any]]:
    out = []
    for k in sizes:
        out.append(pool[:k])
        pool = pool[k:]
    return out


def resample_hidden(data: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    """The JSON state ``data`` with what ``seat`` may not know shuffled, sizes kept: the
    instrument and special piles with the other seats' hands, the beat pile and discard
    with the patterns under every orchestra (no view shows one), each piece pile, and the
    conductor pile with the used and (when face down) the active conductor card."""
    d = copy.deepcopy(data)
    n = len(d["hands"])
    others = [i for i in range(n) if i != seat]
    for pile, hands in (("instr_pile", "hands"), ("special_pile", "specials")):
        pool = list(d[pile]) + [c for i in others for c in d[hands][i]]
        rng.shuffle(pool)
        dealt = _deal(pool, [len(d[pile])] + [len(d[hands][i]) for i in others])
        d[pile] = dealt[0]
        for i, cards in zip(others, dealt[1:], strict=True):
            d[hands][i] = cards
    own = [slot for orchestra in d["orchestras"] for slot in orchestra if slot[1] is not None]
    pool = list(d["beat_pile"]) + list(d["beat_discard"]) + [slot[1] for slot in own]
    rng.shuffle(pool)
    dealt = _deal(pool, [len(d["beat_pile"]), len(d["beat_discard"])] + [1] * len(own))
    d["beat_pile"], d["beat_discard"] = dealt[0], dealt[1]
    for slot, (pattern,) in zip(own, dealt[2:], strict=True):
        slot[1] = pattern
    for level in sorted(d["piece_piles"]):
        rng.shuffle(d["piece_piles"][level])
    face_down = d["conductor_active"] is not None and not d["conductor_visible"]
    pool = list(d["conductor_pile"]) + list(d["conductor_done"]) + ([d["conductor_active"]] if face_down else [])
    rng.shuffle(pool)
    dealt = _deal(pool, [len(d["conductor_pile"]), len(d["conductor_done"])])
    d["conductor_pile"], d["conductor_done"] = dealt[0], dealt[1]
    if face_down:
        d["conductor_active"] = pool[-1]
    return d
