"""Concerto's rule-error reasons and event types, declared once.

The engine declares them beside its rules (``rules.REASONS``: reason code -> the
parameters it sends; ``rules.EVENTS``: event type -> its fields); this module is
the one place the table and the tests read them from. ``unknown_variant`` is
raised by ``game.new_game`` for a variant the game does not have. The locale texts
are ``concerto.reason.<code>`` in ``locales/<lang>/concerto.ftl``.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Final

from voice_game.games.concerto import rules

REASONS: Final = MappingProxyType({
    **{code: tuple(p.strip() for p in params.split(",") if p.strip()) for code, params in rules.REASONS.items()},
    "unknown_variant": ("variant",),  # set-up with a variant the game does not have
})

EVENTS: Final = MappingProxyType(dict(rules.EVENTS))

EVENT_TYPES: Final = frozenset(EVENTS)
