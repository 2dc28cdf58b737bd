"""A save is checked completely before a game is resumed from it.

Every field of the payload and of each game's state is checked for its type, its
range and its ids (cards, pieces, patterns, seats) against a strict schema, and the
rebuilt game is then tried once (every player's view, the table, the legal actions
and each of them applied to a copy) before the player hears "Saved game loaded".
Anything wrong raises :class:`SaveError` ``damaged``: the player hears one
sentence, and the file is never changed.
"""
from __future__ import annotations

from dataclasses import dataclass

from voice_game.core.errors import RuleError, SaveError

LANGUAGES = ("de", "en")
MAX_NAME = 60
MAX_INT = 2 ** 63


class Bad(Exception):
    """One field that does not fit; ``where`` is its path in the save."""

    def __init__(self, where: str):
        super().__init__(where)
        self.where = where


@dataclass
class Loaded:
    kit: object
    seats: list
    state: object
    seed: int
    bot_rngs: list
    bot_memory: list


# -- small checks -----------------------------------------------------------------

def need(cond, where: str) -> None:
    if not cond:
        raise Bad(where)


def is_int(v, lo: int = 0, hi: int = MAX_INT) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def obj(d, where: str, required: set, optional: set = frozenset()) -> dict:
    need(isinstance(d, dict), where)
    need(required <= set(d) <= required | set(optional), where)
    return d


def str_list(v, allowed, where: str, length: int | None = None) -> list:
    need(isinstance(v, list) and (length is None or len(v) == length), where)
    for i, x in enumerate(v):
        need(isinstance(x, str) and x in allowed, f"{where}.{i}")
    return v


def per_seat(v, n: int, where: str, item) -> None:
    need(isinstance(v, list) and len(v) == n, where)
    for i, x in enumerate(v):
        item(x, f"{where}.{i}")


def opt(v, allowed, where: str) -> None:
    need(v is None or (isinstance(v, str) and v in allowed), where)


def check_rng(v, where: str) -> None:
    need(isinstance(v, list) and len(v) == 3, where)
    version, internal, gauss = v
    need(is_int(version, 1, 10), where)
    need(isinstance(internal, list) and len(internal) == 625, where)
    need(all(is_int(x, 0, 2 ** 32 - 1) for x in internal[:624]) and is_int(internal[624], 0, 624), where)
    need(gauss is None or (isinstance(gauss, float) and gauss == gauss), where)


# -- the save around the state -----------------------------------------------------------

def load(data: dict, path: str = "") -> Loaded:
    """The game a save holds, checked; SaveError ``damaged`` naming nothing internal."""
    try:
        return _load(data)
    except Bad as bad:
        raise SaveError("damaged", str(path), bad.where) from None
    except (RuleError, KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError, ZeroDivisionError) as exc:
        raise SaveError("damaged", str(path), type(exc).__name__) from None


def _load(data: dict) -> Loaded:
    from voice_game.games.registry import available, get_kit
    from voice_game.session import Seat

    obj(data, "save", {"format", "version", "game", "seats", "seed", "state"},
        {"lang", "bot_rngs", "bot_memory"})
    need(isinstance(data["game"], str) and data["game"] in available(), "game")
    kit = get_kit(data["game"])
    need("lang" not in data or data["lang"] in LANGUAGES, "lang")
    need(is_int(data["seed"], 0, MAX_INT), "seed")
    raw_seats = data["seats"]
    need(isinstance(raw_seats, list) and 2 <= len(raw_seats) <= 5, "seats")
    seats = []
    for i, s in enumerate(raw_seats):
        obj(s, f"seats.{i}", {"name", "kind"})
        need(isinstance(s["name"], str) and s["name"].strip() and len(s["name"]) <= MAX_NAME
             and s["name"].isprintable(), f"seats.{i}.name")
        need(s["kind"] == "human" or (isinstance(s["kind"], str) and s["kind"] in kit.bot_levels),
             f"seats.{i}.kind")
        seats.append(Seat(s["name"], s["kind"]))
    need(len({s.name for s in seats}) == len(seats), "seats")
    n = len(seats)
    bots = {i for i, s in enumerate(seats) if s.is_bot}
    bot_rngs = data.get("bot_rngs", [])
    need(isinstance(bot_rngs, list), "bot_rngs")
    for k, entry in enumerate(bot_rngs):
        need(isinstance(entry, list) and len(entry) == 2 and is_int(entry[0], 0, n - 1) and entry[0] in bots,
             f"bot_rngs.{k}")
        check_rng(entry[1], f"bot_rngs.{k}.1")
    bot_memory = data.get("bot_memory", [])
    need(isinstance(bot_memory, list), "bot_memory")
    for k, entry in enumerate(bot_memory):
        need(isinstance(entry, list) and len(entry) == 2 and is_int(entry[0], 0, n - 1) and entry[0] in bots,
             f"bot_memory.{k}")
    state_check = STATE_CHECKS[kit.name]
    state_check(data["state"], n, "state")
    for k, (seat, memory) in enumerate(bot_memory):
        MEMORY_CHECKS.get(kit.name, lambda *a: None)(memory, n, seats[seat].kind, f"bot_memory.{k}.1")
    state = kit.rules.state_from_json(data["state"])
    need(len(state.players) == n, "seats")
    _try(kit, state, n)
    return Loaded(kit, seats, state, data["seed"], bot_rngs, bot_memory)


def _try(kit, state, n: int) -> None:
    """The resumed game answers once: views, table, legal actions, each applied to a copy."""
    from voice_game.core.rules import CHANCE

    rules = kit.rules
    if rules.is_over(state):
        return
    p = rules.current_player(state)
    need(p == CHANCE or is_int(p, 0, n - 1), "state.current")
    for seat in range(n):
        kit.view(state, seat)
    legal = rules.legal_actions(state)
    need(isinstance(legal, list) and legal, "state")
    if p == CHANCE:
        kit.resolve_chance(state)
        return
    for action in legal[:400]:
        try:
            rules.apply(state, action)
        except RuleError:
            pass


# -- Tierorchester ---------------------------------------------------------------------

def check_orchestra_state(d, n_seats: int, where: str) -> None:
    from voice_game.games.orchestra.cards import load_content
    from voice_game.games.orchestra.state import PHASES, VARIANTS

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


# -- Concerto --------------------------------------------------------------------------

CONCERTO_QUEUE = {"market": set(), "piece": {"level"}, "conductor": set(), "instrument": {"seat"},
                  "special": {"seat"}, "pattern": {"seat", "instrument"}}
CONCERTO_END = {"target", "pieces_exhausted"}


def check_concerto_state(d, n_seats: int, where: str) -> None:
    from voice_game.games.concerto.content import load_content
    from voice_game.games.concerto.state import PHASES

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
        need(isinstance(item, dict) and item.get("k") in CONCERTO_QUEUE, wh)
        obj(item, wh, {"k"} | CONCERTO_QUEUE[item["k"]])
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
    need(d["end_reason"] is None or d["end_reason"] in CONCERTO_END, w("end_reason"))
    check_rng(d["rng"], w("rng"))
    need(is_int(d.get("history_len", 0), 0, 10 ** 9), w("history_len"))
    need(isinstance(d.get("extra", {}), dict), w("extra"))


def check_concerto_memory(m, n: int, kind: str, where: str) -> None:
    from voice_game.games.concerto.content import load_content

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


STATE_CHECKS = {"orchestra": check_orchestra_state, "concerto": check_concerto_state}
MEMORY_CHECKS = {"concerto": check_concerto_memory}
