"""Concerto actions as grammar commands and back.

Every legal action maps to exactly one command (a dict of intent and slot values)
so that the parser can filter what was said against what is legal now.
"""
from __future__ import annotations

from collections.abc import Callable

from voice_game.commands.parser import GameAdapter
from voice_game.games.concerto.state import Action


class ConcertoCommands(GameAdapter):
    game = "concerto"

    def command_for(self, a: Action) -> dict | None:
        to_command = _COMMANDS.get(a.kind)
        return None if to_command is None else to_command(a)  # the chance step is never spoken

    def action_for(self, c: dict) -> Action | None:
        intent = c.get("intent")
        ins, other = c.get("instrument"), c.get("other")
        if intent in ("start_orchestra", "start_single"):
            return Action("start", cards=tuple(x for x in (ins, other) if x is not None))
        if intent == "place_instrument":
            return Action("place", instrument=ins)
        if intent in ("play_special", "play_special_on", "play_special_pair"):
            return Action("special", card=c.get("card"), instrument=ins, other=other)
        if intent == "play_special_at":
            return Action("special", card=c.get("attack"), target=int(c["position"]) - 1,
                          instrument=c.get("first"), other=other)
        if intent in ("swap", "swap_pair", "swap_special"):
            cards = [x for x in (c.get("card"), ins, other) if x is not None]
            return Action("swap", cards=tuple(sorted(cards)))
        if intent in ("swap_three", "swap_three_special", "swap_with_special", "swap_pair_special", "swap_four"):
            cards = [x for x in (c.get("other"), c.get("third"), c.get("fourth"), c.get("fifth"), ins, c.get("card"))
                     if x is not None]
            return Action("swap", cards=tuple(sorted(cards)))
        if intent == "replace_piece":
            return Action("replace", level=c.get("level"))
        if intent in ("conduct", "conduct_ignore", "conduct_swap"):
            return Action("conduct", level=c.get("level"), follow=intent != "conduct_ignore", instrument=ins,
                          other=other)
        if intent == "beat":
            return Action("beat", instrument=ins, pattern=c.get("pattern"))
        if intent == "give_up":
            return Action("give_up", instrument=ins)
        if intent == "draw_instrument":
            return Action("draw")
        if intent == "take_market":
            return Action("take_market", instrument=ins)
        return None


SPECIALS = ("headhunter", "sabotage", "job-sharing", "repertoire", "rehearsal", "audition")


def _start_command(a: Action) -> dict | None:
    if len(a.cards) == 1:
        return {"intent": "start_single", "instrument": a.cards[0]}
    if len(a.cards) == 2:
        return {"intent": "start_orchestra", "instrument": a.cards[0], "other": a.cards[1]}
    return None


def _special_command(a: Action) -> dict | None:
    if a.target is not None:
        if a.card not in ("headhunter", "sabotage") or a.instrument is None or a.other is None:
            return None
        return {"intent": "play_special_at", "attack": a.card, "position": a.target + 1,
                "first": a.instrument, "other": a.other}
    if a.instrument is None and a.other is None:
        return {"intent": "play_special", "card": a.card}
    if a.other is None:
        return {"intent": "play_special_on", "card": a.card, "instrument": a.instrument}
    if a.instrument is None:
        return None
    return {"intent": "play_special_pair", "card": a.card, "instrument": a.instrument, "other": a.other}


def _swap_command(a: Action) -> dict | None:
    cards = list(a.cards)
    specials = [c for c in cards if c in SPECIALS]
    instruments = [c for c in cards if c not in SPECIALS]
    if len(specials) > 1 or not cards:
        return None  # a hand holds one special card at most
    if specials:
        return _swap_with_special(instruments, specials[0])
    return _swap_instruments(instruments)


def _swap_with_special(instruments: list[str], card: str) -> dict | None:
    if not instruments:
        return {"intent": "swap_special", "card": card}
    if len(instruments) == 1:
        return {"intent": "swap_with_special", "instrument": instruments[0], "card": card}
    if len(instruments) == 2:
        return {"intent": "swap_pair_special", "instrument": instruments[0], "other": instruments[1], "card": card}
    if len(instruments) == 3:
        return {"intent": "swap_three_special", "other": instruments[0], "third": instruments[1],
                "instrument": instruments[2], "card": card}
    return None  # a swap is one to four cards


def _swap_instruments(instruments: list[str]) -> dict | None:
    if len(instruments) == 1:
        return {"intent": "swap", "instrument": instruments[0]}
    if len(instruments) == 2:
        return {"intent": "swap_pair", "instrument": instruments[0], "other": instruments[1]}
    if len(instruments) == 3:
        return {"intent": "swap_three", "other": instruments[0], "third": instruments[1], "instrument": instruments[2]}
    if len(instruments) == 4:  # a hand of four instruments (after Audition)
        return {"intent": "swap_four", "other": instruments[0], "third": instruments[1], "fourth": instruments[2],
                "fifth": instruments[3]}
    return None


def _conduct_command(a: Action) -> dict | None:
    if a.instrument is not None or a.other is not None:
        if not a.follow or a.instrument is None or a.other is None:
            return None
        return {"intent": "conduct_swap", "level": a.level, "instrument": a.instrument, "other": a.other}
    return {"intent": "conduct" if a.follow else "conduct_ignore", "level": a.level}


# action kind -> its command (a dict of intent and slot values), None when it has none
_COMMANDS: dict[str, Callable[[Action], dict | None]] = {
    "start": _start_command,
    "place": lambda a: {"intent": "place_instrument", "instrument": a.instrument},
    "special": _special_command,
    "swap": _swap_command,
    "replace": lambda a: {"intent": "replace_piece", "level": a.level},
    "conduct": _conduct_command,
    "beat": lambda a: {"intent": "beat", "instrument": a.instrument, "pattern": a.pattern},
    "give_up": lambda a: {"intent": "give_up", "instrument": a.instrument},
    "draw": lambda a: {"intent": "draw_instrument"},
    "take_market": lambda a: {"intent": "take_market", "instrument": a.instrument},
}
