"""Rule-error reasons and event types are declared once per game
(``voice_game/games/<game>/reasons.py``: ``REASONS``, ``EVENTS``, ``EVENT_TYPES``),
and the tests walk the declarations instead of grepping the source:

- every RuleError raised in seeded random games (by the moves a player can say, at
  every state) carries a declared reason with declared parameters;
- every declared reason has a message in every language, with no parameter the
  engine does not send;
- every event emitted in random games is declared with its fields, and the narrator
  says something for it (except the few declared as said by another event).
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType

import pytest

from voice_game.commands.grammar import LANGUAGES, load_grammar
from voice_game.core.errors import RuleError
from voice_game.core.events import Event
from voice_game.core.rules import CHANCE
from voice_game.games import available, get
from voice_game.narration.catalog import Catalog, load_catalog

SEEDS = range(4)
MAX_STEPS = 250
TRIES_PER_STATE = 12  # spoken moves tried at each state, legal or not


def declarations(game: str) -> ModuleType:
    """The game's ``reasons`` module, beside its rules."""
    package = get(game).rules.__name__.rpartition(".")[0]
    return importlib.import_module(f"{package}.reasons")


class RecordingCatalog(Catalog):
    """The real messages; remembers every key asked for."""

    def __init__(self, base: Catalog) -> None:
        super().__init__(base.lang, base.messages)
        self.asked: list[str] = []

    def get(self, key: str, **params) -> str:
        self.asked.append(key)
        return super().get(key, **params)


def random_game(game: str, seed: int):
    """(state before, events, state after) of every step of one seeded random game, the opening first."""
    kit = get(game)
    r = random.Random(seed)
    players = ["Anna", "Ben", "Clara", "Dora"][: r.choice((2, 3, 4))]
    variants = [v for v in kit.variants if r.random() < 0.5]
    s = kit.new_game(players, variants, seed, None)
    yield s, list(kit.rules.opening_events(s)), s
    for _ in range(MAX_STEPS):
        if kit.rules.is_over(s):
            return
        before = s
        if kit.rules.current_player(s) == CHANCE:
            s, events = kit.resolve_chance(s)
        else:
            legal = kit.rules.legal_actions(s)
            by_kind: dict[str, list] = {}
            for a in legal:
                by_kind.setdefault(str(getattr(a, "kind", "")), []).append(a)
            s, events = kit.rules.apply(s, r.choice(by_kind[r.choice(sorted(by_kind))]))
        yield before, list(events), s


def check_declared(game: str, err: RuleError) -> str:
    reasons = declarations(game).REASONS
    assert err.reason in reasons, f"{game}: undeclared reason {err.reason!r}"
    assert set(err.params) <= set(reasons[err.reason]), (game, err.reason, err.params)
    return err.reason


@pytest.mark.parametrize("game", available())
def test_every_rule_error_of_random_games_has_a_declared_reason(game):
    kit = get(game)
    commands = [p.as_dict() for p in load_grammar("en").phrases(kit.adapter.game)]
    spoken = [a for a in (kit.adapter.action_for(c) for c in commands) if a is not None]
    assert spoken
    seen: set[str] = set()
    for seed in SEEDS:
        r = random.Random(seed)
        stale: list = []  # actions once legal: a player repeating an old move
        for s, _, _ in random_game(game, seed):
            legal = kit.rules.legal_actions(s)
            for a in r.sample(spoken, min(len(spoken), TRIES_PER_STATE)) + r.sample(stale, min(len(stale), 3)):
                if a in legal:
                    continue
                try:
                    kit.rules.apply(s, a)
                except RuleError as err:
                    seen.add(check_declared(game, err))
            stale = (stale + list(legal[:5]))[-40:]
    assert len(seen) >= 5, seen  # the walk reached many refusals, not one or two


@pytest.mark.parametrize("game", available())
def test_setup_errors_have_declared_reasons(game):
    kit = get(game)
    bad = [
        (["Anna"], [], None),  # too few players
        (["Anna"] * 3, [], None),  # the same name twice
        (["Anna", "Ben"], ["no-such-variant"], None),
        ([f"P{i}" for i in range(9)], [], None),  # too many players
    ]
    seen = set()
    for players, variants, deck in bad:
        with pytest.raises(RuleError) as err:
            kit.new_game(players, variants, 1, deck)
        seen.add(check_declared(game, err.value))
    assert len(seen) >= 3, seen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", available())
def test_every_declared_reason_has_a_message_in_every_language(game, lang):
    kit = get(game)
    base = load_catalog(lang)
    state = kit.new_game(["Anna", "Ben"], [], 1, None)
    view = kit.view(state, 0)
    for code, params in declarations(game).REASONS.items():
        c = RecordingCatalog(base)
        msg = kit.narrator(c, {0}, True).reason(RuleError(code), view)
        assert msg.text, (game, lang, code)
        missing = [k for k in c.asked if not base.has(k)]
        assert not missing, (game, lang, code, missing)
        for key in c.asked:  # the texts use only what the engine sends
            assert base.fields(key) <= set(params), (game, lang, code, key, base.fields(key), params)


def narrated(kit, catalog: Catalog, e: Event, state, humans: set[int], verbose: bool, seat: int) -> bool:
    """Whether a fresh narrator says anything (words or a cue) for ``e`` alone."""
    n = kit.narrator(catalog, set(humans), verbose)
    v = kit.view(state, seat)
    return any(m.text or m.cue for m in n.events([e], v) + n.flush(v))


@pytest.mark.parametrize("game", available())
def test_every_event_of_random_games_is_declared_and_narrated(game):
    kit = get(game)
    decl = declarations(game)
    assert frozenset(decl.EVENTS) == decl.EVENT_TYPES
    unspoken = getattr(decl, "UNSPOKEN_EVENTS", frozenset())
    assert unspoken <= decl.EVENT_TYPES
    spoken: dict[str, bool] = {}
    for lang in LANGUAGES:
        base = load_catalog(lang)
        for seed in SEEDS[:2]:
            for _, events, after in random_game(game, seed):
                for e in events:
                    assert e.type in decl.EVENT_TYPES, f"{game}: undeclared event type {e.type!r}"
                    assert set(e.data) == set(decl.EVENTS[e.type]), (game, e.type, sorted(e.data))
                    if spoken.get(e.type):
                        continue
                    c = RecordingCatalog(base)
                    said = False
                    for humans, verbose in (({0}, True), ({0}, False), ({0, 1}, True)):
                        for seat in sorted(humans):
                            if e.visible_to(seat):
                                said = narrated(kit, c, e, after, humans, verbose, seat) or said
                    assert all(base.has(k) for k in c.asked), (game, lang, e.type, c.asked)
                    spoken[e.type] = said
    assert spoken, game
    silent = {t for t, said in spoken.items() if not said}
    assert silent <= unspoken, f"{game}: the narrator says nothing for {sorted(silent - unspoken)}"


@pytest.mark.parametrize("game", available())
def test_an_unknown_event_is_not_narrated(game):
    """The check above can fail: an event the narrator does not know gets no words."""
    kit = get(game)
    state = kit.new_game(["Anna", "Ben"], [], 1, None)
    assert not narrated(kit, load_catalog("en"), Event("no_such_event", {"player": 0}), state, {0}, True, 0)


@pytest.mark.parametrize("game", available())
def test_every_declared_event_has_a_narrator_handler(game):
    """The narrator's handler table (event type -> handler) covers every declared event."""
    decl = declarations(game)
    kit_narrator = get(game).narrator
    handled = kit_narrator.handled_events()  # type: ignore[attr-defined]
    assert handled >= decl.EVENT_TYPES, f"{game}: no handler for {sorted(decl.EVENT_TYPES - handled)}"
