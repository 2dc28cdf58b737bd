"""Concerto's saved state and bot memory, checked field by field (see ``voice_game.savecheck``)."""
from __future__ import annotations

from voice_game.core.checks import check_rng, is_int, need, obj, opt, per_seat, str_list
from voice_game.games.concerto.content import load_content
from voice_game.games.concerto.state import PHASES

QUEUE = {"market": set(), "piece": {"level"}, "conductor": set(), "instrument": {"seat"},
         "special": {"seat"}, "pattern": {"seat", "instrument"}}
END_REASONS = {"target", "pieces_exhausted"}



def check_state(d, n_seats: int, where: str) -> None:
    c = load_content()
    INSTR, PAT, SPEC, LV, COND = set(c.instruments), set(c.patterns), set(c.specials), set(c.levels), set(c.conductors)
    PIECES = set(c.pieces)
    obj(d, where, {"players", "maestro", "conductor_visible", "target", "first_player", "instr_pile", "special_pile",
                   "beat_pile", "piece_piles", "conductor_pile", "instr_discard", "special_discard", "beat_discard",
                   "removed_pieces", "conductor_done", "conductor_active", "open_pieces", "market", "hands",
                   "specials", "orchestras", "scores", "collections", "setup_done", "phase", "current", "turn",
                   "queue", "perf", "winners", "end_reason", "rng"}, {"history_len", "extra"})
    w = lambda k: f"{where}.{k}"  # noqa: E731
    n = n_seats
    need(2 <= n <= 4, w("players"))

    def player(p, wh):
        obj(p, wh, {"name", "birth_year"})
        need(isinstance(p["name"], str) and p["name"].strip(), wh)
        need(is_int(p["birth_year"], 1900, 2100), wh)

    per_seat(d["players"], n, w("players"), player)
    seat = lambda v: is_int(v, 0, n - 1)  # noqa: E731
    for k in ("maestro", "conductor_visible"):
        need(isinstance(d[k], bool), w(k))
    need(is_int(d["target"], 1, 10 ** 4), w("target"))
    need(seat(d["first_player"]), w("first_player"))
    for k in ("instr_pile", "instr_discard", "market"):
        str_list(d[k], INSTR, w(k))
    for k in ("special_pile", "special_discard"):
        str_list(d[k], SPEC, w(k))
    for k in ("beat_pile", "beat_discard"):
        str_list(d[k], PAT, w(k))
    for k in ("conductor_pile", "conductor_done"):
        str_list(d[k], COND, w(k))
    opt(d["conductor_active"], COND, w("conductor_active"))
    str_list(d["removed_pieces"], PIECES, w("removed_pieces"))
    need(isinstance(d["piece_piles"], dict) and set(d["piece_piles"]) == LV, w("piece_piles"))
    need(isinstance(d["open_pieces"], dict) and set(d["open_pieces"]) == LV, w("open_pieces"))
    for lv in LV:
        of_level = {pid for pid, piece in c.pieces.items() if piece.level == lv}
        str_list(d["piece_piles"][lv], of_level, w(f"piece_piles.{lv}"))
        opt(d["open_pieces"][lv], of_level, w(f"open_pieces.{lv}"))
    per_seat(d["hands"], n, w("hands"), lambda h, wh: str_list(h, INSTR, wh))
    per_seat(d["specials"], n, w("specials"), lambda h, wh: str_list(h, SPEC, wh))

    def orchestra(o, wh):
        need(isinstance(o, list), wh)
        for i, slot in enumerate(o):
            need(isinstance(slot, list) and len(slot) == 2 and slot[0] in INSTR
                 and (slot[1] is None or slot[1] in PAT), f"{wh}.{i}")

    per_seat(d["orchestras"], n, w("orchestras"), orchestra)
    per_seat(d["scores"], n, w("scores"), lambda v, wh: need(is_int(v, 0, 10 ** 4), wh))
    per_seat(d["collections"], n, w("collections"), lambda v, wh: str_list(v, PIECES, wh))
    per_seat(d["setup_done"], n, w("setup_done"), lambda v, wh: need(isinstance(v, bool), wh))
    need(d["phase"] in PHASES, w("phase"))
    need(seat(d["current"]), w("current"))
    need(is_int(d["turn"], 0, 10 ** 6), w("turn"))
    need(isinstance(d["queue"], list), w("queue"))
    for i, item in enumerate(d["queue"]):
        wh = w(f"queue.{i}")
        need(isinstance(item, dict) and item.get("k") in QUEUE, wh)
        obj(item, wh, {"k"} | QUEUE[item["k"]])
        need("seat" not in item or seat(item["seat"]), wh)
        need("level" not in item or item["level"] in LV, wh)
        need("instrument" not in item or item["instrument"] in INSTR, wh)
    perf = d["perf"]
    if perf is not None:
        wh = w("perf")
        obj(perf, wh, {"level", "piece", "sequence", "step", "follow", "prereq", "card", "encore",
                       "encore_failed", "beats"})
        need(perf["level"] in LV, wh)
        need(isinstance(perf["piece"], str) and perf["piece"] in PIECES
             and c.pieces[perf["piece"]].level == perf["level"], wh)
        str_list(perf["sequence"], INSTR, f"{wh}.sequence")
        need(is_int(perf["step"], 0, len(perf["sequence"])), f"{wh}.step")
        need(isinstance(perf["follow"], bool) and isinstance(perf["encore_failed"], bool), wh)
        need(perf["prereq"] is None or isinstance(perf["prereq"], bool), f"{wh}.prereq")
        opt(perf["card"], COND, f"{wh}.card")
        need(perf["encore"] is None or isinstance(perf["encore"], list), f"{wh}.encore")
        if perf["encore"] is not None:
            str_list(perf["encore"], INSTR, f"{wh}.encore")
        need(isinstance(perf["beats"], list) and all(
            isinstance(b, list) and len(b) == 2 and b[0] in INSTR and b[1] in PAT for b in perf["beats"]),
            f"{wh}.beats")
    need((perf is not None) == (d["phase"] in ("conduct", "encore", "give_up")) or d["phase"] == "over",
         w("perf"))
    need(isinstance(d["winners"], list) and all(seat(x) for x in d["winners"]), w("winners"))
    need(d["end_reason"] is None or d["end_reason"] in END_REASONS, w("end_reason"))
    check_rng(d["rng"], w("rng"))
    need(is_int(d.get("history_len", 0), 0, 10 ** 9), w("history_len"))
    need(isinstance(d.get("extra", {}), dict), w("extra"))


def check_memory(m, n: int, kind: str, where: str) -> None:
    c = load_content()
    if kind == "bot-random":
        obj(m, where, {"seat"})
        need(is_int(m["seat"], 0, n - 1), where)
        return
    obj(m, where, {"seat", "clock", "memory"}, {"conductor", "plan", "beats_planned", "beats_right"})
    need(is_int(m["seat"], 0, n - 1) and is_int(m["clock"], 0, 10 ** 9), where)
    need(m.get("conductor") is None or m["conductor"] in c.conductors, f"{where}.conductor")
    need(isinstance(m["memory"], list), f"{where}.memory")
    for i, e in enumerate(m["memory"]):
        need(isinstance(e, list) and len(e) == 4 and is_int(e[0], 0, n - 1) and e[1] in c.instruments
             and e[2] in c.patterns and is_int(e[3], 0, 10 ** 9), f"{where}.memory.{i}")
    plan = m.get("plan")
    need(plan is None or (isinstance(plan, list) and all(
        isinstance(b, list) and len(b) == 2 and b[0] in c.instruments and b[1] in c.patterns for b in plan)),
        f"{where}.plan")
    for k in ("beats_planned", "beats_right"):
        need(is_int(m.get(k, 0), 0, 10 ** 9), f"{where}.{k}")
