"""A new game: the configuration checked, the piles shuffled or taken from a given deck,
and the setup deals queued as chance steps."""
from __future__ import annotations

from typing import Any

from voice_game.core.errors import RuleError
from voice_game.core.rng import Rng
from voice_game.games.concerto.content import Content
from voice_game.games.concerto.records import (
    ChanceStep, conductor_step, instrument_step, market_step, piece_step, special_step,
)
from voice_game.games.concerto.state import ConcertoConfig

PILES = ("instruments", "specials", "beats", "conductors", "pieces")


def read_config(config: object) -> ConcertoConfig:
    if isinstance(config, ConcertoConfig):
        return config
    if isinstance(config, dict):
        try:
            return ConcertoConfig.from_json(config)
        except (KeyError, TypeError, ValueError):
            raise RuleError("player_names") from None
    raise RuleError("player_names")


def check_players(cfg: ConcertoConfig) -> list[dict[str, Any]]:
    """The players as {"name", "birth_year"}; raises for a bad count, name or year."""
    n = len(cfg.players)
    if not 2 <= n <= 4:
        raise RuleError("player_count", count=n, min=2, max=4)
    players = []
    for i, p in enumerate(cfg.players):
        if not isinstance(p, dict) or not str(p.get("name", "")).strip():
            raise RuleError("player_names")
        by = p.get("birth_year")
        if not isinstance(by, int) or isinstance(by, bool) or not 1900 <= by <= 2100:
            raise RuleError("birth_year", player=i)
        players.append({"name": str(p["name"]).strip(), "birth_year": by})
    if len({p["name"] for p in players}) != n:
        raise RuleError("player_names")
    if not 0 <= cfg.first_player < n:
        raise RuleError("first_player", first_player=cfg.first_player)
    return players


def check_deck_keys(deck: dict[str, Any]) -> None:
    for k in deck:
        if k not in PILES:
            raise RuleError("deck_unknown_pile", pile=k)


def check_deck(deck: object, pile: str, box: list[str]) -> list[str]:
    """A given pile (top first): a list of cards of the box, none more often than the box has it."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RuleError("deck_not_a_list", pile=pile)
    cards = list(deck)
    avail: dict[str, int] = {}
    for c in box:
        avail[c] = avail.get(c, 0) + 1
    used: dict[str, int] = {}
    for c in cards:
        if c not in avail:
            raise RuleError("deck_unknown_card", pile=pile, card=c)
        used[c] = used.get(c, 0) + 1
        if used[c] > avail[c]:
            raise RuleError("deck_too_many", pile=pile, card=c, max=avail[c])
    return cards


def pile(deck: dict[str, Any], key: str, box: list[str], rng: Rng) -> list[str]:
    """The given pile, or the box shuffled."""
    if key in deck and deck[key] is not None:
        return check_deck(deck[key], key, box)
    cards = list(box)
    rng.shuffle(cards)
    return cards


def piece_piles(deck: dict[str, Any], content: Content, rng: Rng) -> dict[str, list[str]]:
    given = deck.get("pieces") or {}
    if not isinstance(given, dict):
        raise RuleError("deck_not_a_list", pile="pieces")
    for lv in given:
        if lv not in content.levels:
            raise RuleError("deck_unknown_pile", pile=f"pieces.{lv}")
    piles = {}
    for lv in content.levels:
        box = sorted(content.pieces_of(lv))
        if lv in given:
            piles[lv] = check_deck(given[lv], f"pieces.{lv}", box)
        else:
            cards = list(box)
            rng.shuffle(cards)
            piles[lv] = cards
    return piles


def setup_steps(cfg: ConcertoConfig, content: Content) -> list[ChanceStep]:
    """The deals before the first decision: market, one piece per level, the conductor
    card, and every seat's hand (from the first player on)."""
    n = len(cfg.players)
    queue: list[ChanceStep] = [market_step()]
    queue += [piece_step(lv) for lv in content.levels]
    if cfg.maestro:
        queue.append(conductor_step())
    for k in range(n):
        seat = (cfg.first_player + k) % n
        queue += [instrument_step(seat) for _ in range(content.start_dealt)]
        queue.append(special_step(seat))
    return queue
