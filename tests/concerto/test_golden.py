"""Concerto's engine plays exactly as it did: the same legal actions, events, reason
codes, views, states and random draws for every seeded game in ``golden.py``.

The quick test replays a sample; the slow one every recorded game."""
from __future__ import annotations

import json

import pytest

from . import golden

RECORDED = json.loads(golden.DIGESTS.read_text(encoding="utf-8"))
KEYS = [f"{v}/{n}" for v in golden.VARIANTS for n in golden.PLAYERS]


def _mismatches(kind: str, key: str, seeds) -> list[int]:
    variant, n = key.split("/")
    play = golden.random_game if kind == "random" else golden.bot_game
    want = RECORDED[kind][key]
    return [seed for seed in seeds if play(variant, int(n), seed) != want[seed]]


def test_recorded_everything():
    assert sorted(RECORDED["random"]) == sorted(KEYS) == sorted(RECORDED["bots"])
    assert all(len(RECORDED["random"][k]) == golden.RANDOM_SEEDS for k in KEYS)
    assert all(len(RECORDED["bots"][k]) == golden.SEEDS for k in KEYS)


def test_new_game_errors_unchanged():
    assert golden.deck_errors() == RECORDED["deck_errors"]


@pytest.mark.parametrize("key", KEYS)
def test_sample_of_games_unchanged(key):
    assert _mismatches("random", key, range(0, golden.RANDOM_SEEDS, 25)) == []
    assert _mismatches("bots", key, range(0, golden.SEEDS, 50)) == []


@pytest.mark.golden
@pytest.mark.parametrize("key", KEYS)
def test_every_recorded_game_unchanged(key):
    assert _mismatches("random", key, range(golden.RANDOM_SEEDS)) == []
    assert _mismatches("bots", key, range(golden.SEEDS)) == []


def test_a_bot_with_sabotage_and_no_target_plays_on(monkeypatch):
    """A normal or strong bot holding Sabotage when no opponent has two instruments
    (the card has no target then) used to crash on ``view["players"][None]``; these
    seeds met that case."""
    tags: list[str] = []
    original = golden._Digest.add

    def add(self, tag, obj):
        tags.append(tag)
        original(self, tag, obj)

    monkeypatch.setattr(golden._Digest, "add", add)
    for variant, seed in (("standard", 5), ("standard", 253), ("standard", 279), ("maestro", 115),
                          ("maestro", 201), ("conductor-visible", 127)):
        golden.bot_game(variant, 2, seed)
    assert "bot_failed" not in tags
