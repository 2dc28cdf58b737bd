"""Tierorchester's rule-error reasons and event types, declared once.

``REASONS``: every reason code a ``RuleError`` of this game may carry, with the
parameters it sends (for the locale texts, ``reason.<code>`` in
``locales/<lang>/orchestra.ftl``). ``EVENTS``: every event type the engine emits,
with its fields (``player`` is always a seat index). Tests walk these: every error
raised in random games has a declared reason, every reason has a text in every
language, every event emitted is declared and narrated.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Final

REASONS: Final = MappingProxyType({
    # setup (new_game, --deck files)
    "player_count": ("count", "min", "max"),
    "player_names": (),
    "unknown_variant": ("variant",),
    "deck_empty_file": (),
    "deck_family_not_in_play": ("family", "players"),
    "deck_too_many": ("family", "max"),
    "deck_too_short": ("cards", "need"),
    # flow
    "game_over": (),
    "unknown_action": (),
    "reveal_pending": (),
    "nothing_to_reveal": (),
    # drawing, placing, taking, passing
    "no_such_conductor": ("conductor", "count"),
    "must_place_first": ("family",),
    "deck_empty": (),
    "all_full": (),
    "must_draw_first": (),
    "nothing_to_place": (),
    "conductor_taken": ("conductor", "player"),
    "conductor_full": ("conductor", "max"),
    "conductor_empty": ("conductor",),
    "pass_only_at_end": (),
})

EVENTS: Final = MappingProxyType({
    "game_started": ("game", "players", "families", "variants", "maestro", "removed", "deck_size", "conductors"),
    "round_started": ("round", "player"),
    "turn": ("player",),
    "drew": ("player",),
    "revealed": ("player", "family", "remaining"),
    "placed": ("player", "family", "conductor", "count"),
    "last_card": ("player", "order"),
    "took": ("player", "conductor", "families", "final"),
    "round_ended": ("round", "next_player"),
    "final_choice": ("player",),
    "passed": ("player",),
    "game_over": ("scores", "quartets", "winners", "details", "leftover"),
})

EVENT_TYPES: Final = frozenset(EVENTS)

#: Events the narrator does not speak on their own: another event says them.
UNSPOKEN_EVENTS: Final = frozenset({
    "drew",  # the reveal that follows says what was drawn
})
