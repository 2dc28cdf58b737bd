"""Tierorchester's saved state, checked field by field (see ``voice_game.savecheck``)."""
from __future__ import annotations

from voice_game.core.checks import check_rng, is_int, need, obj, opt, per_seat, str_list
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.state import PHASES, VARIANTS


def check_state(d, n_seats: int, where: str) -> None:
    c = load_content()
    obj(d, where, {"players", "families", "variants", "maestro", "deck", "removed", "rows", "row_owner",
                   "collections", "current", "phase", "drawn", "round", "final_queue", "rng"},
        {"history_len", "last_card_by", "extra"})
    w = lambda k: f"{where}.{k}"  # noqa: E731
    players = d["players"]
    need(isinstance(players, list) and len(players) == n_seats
         and all(isinstance(x, str) and x.strip() for x in players), w("players"))
    n = n_seats
    need(2 <= n <= 5, w("players"))
    fams = set(c.families_for(n))
    str_list(d["families"], set(c.families), w("families"))
    need(list(d["families"]) == list(c.families_for(n)), w("families"))
    str_list(d["variants"], set(VARIANTS), w("variants"))
    need(len(set(d["variants"])) == len(d["variants"]), w("variants"))
    str_list(d["maestro"], set(c.maestro_cards), w("maestro"))
    str_list(d["deck"], fams, w("deck"))
    str_list(d["removed"], fams, w("removed"))
    per_seat(d["rows"], n, w("rows"), lambda r, wh: str_list(r, fams, wh))
    per_seat(d["row_owner"], n, w("row_owner"), lambda o, wh: need(o is None or is_int(o, 0, n - 1), wh))

    def collection(col, wh):
        need(isinstance(col, dict), wh)
        for k, v in col.items():
            need(k in fams and is_int(v, 0, 1000), f"{wh}.{k}")

    per_seat(d["collections"], n, w("collections"), collection)
    need(is_int(d["current"], 0, n - 1), w("current"))
    need(d["phase"] in PHASES, w("phase"))
    opt(d["drawn"], fams, w("drawn"))
    need(is_int(d["round"], 0, 10 ** 6), w("round"))
    need(isinstance(d["final_queue"], list) and all(is_int(x, 0, n - 1) for x in d["final_queue"]),
         w("final_queue"))
    check_rng(d["rng"], w("rng"))
    need(is_int(d.get("history_len", 0), 0, 10 ** 9), w("history_len"))
    need(d.get("last_card_by") is None or is_int(d["last_card_by"], 0, n - 1), w("last_card_by"))
    need(isinstance(d.get("extra", {}), dict), w("extra"))
    # every musician once: the deck, removed, rows, drawn and the collections hold the box
    count: dict = {}
    for x in d["deck"] + d["removed"] + [m for r in d["rows"] for m in r] + ([d["drawn"]] if d["drawn"] else []):
        count[x] = count.get(x, 0) + 1
    for col in d["collections"]:
        for k, v in col.items():
            count[k] = count.get(k, 0) + v
    need(all(v <= c.copies for v in count.values()), w("deck"))
