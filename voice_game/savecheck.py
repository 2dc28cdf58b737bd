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

from voice_game.core.checks import MAX_INT, MAX_NAME, Bad, check_rng, is_int, need, obj
from voice_game.core.errors import RuleError, SaveError
from voice_game.core.game import GameDefinition
from voice_game.narration.message import HIGH, Message

LANGUAGES = ("de", "en")
#: what a message kept for a human away from the speaker (hot-seat) may be
KINDS = frozenset({"turn", "draw", "place", "take", "bot", "score", "result", "error", "info", "help", "table"})
MAX_TEXT = 1000  # characters of one such message
MAX_KEPT = 500  # such messages per seat
CUE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-")


@dataclass
class Loaded:
    kit: GameDefinition
    seats: list
    state: object
    seed: int
    bot_rngs: list
    bot_memory: list
    for_absent: dict[int, list[Message]]


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
    from voice_game.games import available, get
    from voice_game.session import Seat

    obj(data, "save", {"format", "version", "game", "seats", "seed", "state"},
        {"lang", "bot_rngs", "bot_memory", "for_absent"})
    need(isinstance(data["game"], str) and data["game"] in available(), "game")
    kit = get(data["game"])
    need("lang" not in data or data["lang"] in LANGUAGES, "lang")
    need(is_int(data["seed"], 0, MAX_INT), "seed")
    raw_seats = data["seats"]
    need(isinstance(raw_seats, list) and kit.min_players <= len(raw_seats) <= kit.max_players, "seats")
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
    for_absent = _for_absent(data.get("for_absent", []), seats)
    kit.check_state(data["state"], n, "state")
    for k, (seat, memory) in enumerate(bot_memory):
        kit.check_memory(memory, n, seats[seat].kind, f"bot_memory.{k}.1")
    state = kit.rules.state_from_json(data["state"])
    need(len(state.players) == n, "seats")
    _try(kit, state, n)
    return Loaded(kit, seats, state, data["seed"], bot_rngs, bot_memory, for_absent)


def _for_absent(raw: object, seats: list) -> dict[int, list[Message]]:
    """Hot-seat: the messages each human away from the speaker is still to hear."""
    need(isinstance(raw, list), "for_absent")
    assert isinstance(raw, list)
    out: dict[int, list[Message]] = {}
    for k, entry in enumerate(raw):
        where = f"for_absent.{k}"
        need(isinstance(entry, list) and len(entry) == 2 and is_int(entry[0], 0, len(seats) - 1)
             and not seats[entry[0]].is_bot and entry[0] not in out, where)
        seat, msgs = entry
        need(isinstance(msgs, list) and 0 < len(msgs) <= MAX_KEPT, f"{where}.1")
        out[seat] = []
        for j, m in enumerate(msgs):
            at = f"{where}.1.{j}"
            obj(m, at, {"text", "kind", "cue"})
            need(isinstance(m["text"], str) and m["text"].strip() and len(m["text"]) <= MAX_TEXT
                 and m["text"].isprintable(), f"{at}.text")
            need(m["kind"] in KINDS, f"{at}.kind")
            cue = m["cue"]
            need(cue is None or (isinstance(cue, str) and 0 < len(cue) <= 100 and set(cue) <= CUE_CHARS), f"{at}.cue")
            out[seat].append(Message(m["text"], m["kind"], HIGH, cue))
    return out


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
