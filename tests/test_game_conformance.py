"""Every discovered game keeps the contract of ``voice_game.core.game`` (issue 13), the
two shipped games and the test-only game in ``tests/games`` (found through
``VOICE_GAME_GAMES_PATH``) alike:

- random legal games end;
- ``apply`` accepts the legal actions, and an action that is not legal now raises a
  ``RuleError`` whose reason has a text in every language, leaving the state unchanged;
- a JSON round trip of the state continues identically (same legal actions, same
  next state, same events), and the save check accepts every state reached;
- every legal action renders as words and parses back to itself, in every language;
- every event is narrated with message keys that exist in every language.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game.commands.grammar import LANGUAGES, load_grammar
from voice_game.commands.parser import understand
from voice_game.core.errors import RuleError
from voice_game.core.game import PATH_ENV, available, get
from voice_game.core.rng import Rng
from voice_game.core.rules import CHANCE
from voice_game.narration.catalog import Catalog, load_catalog

ROOT = Path(__file__).resolve().parents[1]
# the test-only games, beside any folder already on the path (a game being added)
TEST_GAMES = os.pathsep.join([str(Path(__file__).resolve().parent / "games")]
                             + [p for p in os.environ.get(PATH_ENV, "").split(os.pathsep) if p])
MAX_STEPS = 4000
CHECK_EVERY = 7  # parse-back and illegal-action checks on every n-th state (they are the slow part)


def _with_test_games() -> list[str]:
    old = os.environ.get(PATH_ENV)
    os.environ[PATH_ENV] = TEST_GAMES
    try:
        return available()
    finally:
        if old is None:
            del os.environ[PATH_ENV]
        else:
            os.environ[PATH_ENV] = old


GAMES = _with_test_games()


@pytest.fixture(autouse=True)
def test_games(monkeypatch):
    monkeypatch.setenv(PATH_ENV, TEST_GAMES)


class Recording(Catalog):
    """A catalog that notes every key asked for and not there."""

    def __init__(self, base: Catalog):
        super().__init__(base.lang, base.messages)
        self.missing: set[str] = set()

    def get(self, key: str, **params) -> str:
        if not self.has(key):
            self.missing.add(key)
        return super().get(key, **params)


def js(x) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def random_game(name: str, seed: int, players: int):
    """(definition, final state, [(state, action, next state, events)]) of one game whose
    seats play the game's first bot level, every third move a random legal one instead
    (uniformly random play need not end: Concerto's beats must be remembered)."""
    d = get(name)
    state = d.new_game([f"P{i}" for i in range(players)], [], seed, None)
    rng = Rng(seed)
    bots = [d.make_bot(d.bot_levels[0], seed * 1000 + i) for i in range(players)] if d.bot_levels else []
    for i, bot in enumerate(bots):
        if hasattr(bot, "seat"):
            bot.seat = i
    steps = []
    for k in range(MAX_STEPS):
        if d.rules.is_over(state):
            return d, state, steps
        p = d.rules.current_player(state)
        if p == CHANCE:
            nxt, events = d.resolve_chance(state)
            action = None
        else:
            legal = d.rules.legal_actions(state)
            action = rng.choice(legal) if not bots or k % 3 == 0 else bots[p].choose(d.view(state, p), legal)
            nxt, events = d.rules.apply(state, action)
        for i, bot in enumerate(bots):  # bots hear what their seat may know
            for e in events:
                if e.visible_to(i) and hasattr(bot, "observe"):
                    bot.observe(e)
        steps.append((state, action, nxt, events))
        state = nxt
    raise AssertionError(f"{name}: no end after {MAX_STEPS} steps")


def test_the_test_game_is_discovered_only_through_the_path(monkeypatch):
    assert "ladder" in GAMES
    monkeypatch.delenv(PATH_ENV)
    assert "ladder" not in available()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_contract(name, seed):
    d0 = get(name)
    players = d0.min_players if seed == 1 else d0.max_players
    d, final, steps = random_game(name, seed, players)
    assert d.rules.is_over(final) and d.rules.legal_actions(final) == []
    grammars = [load_grammar(lang) for lang in LANGUAGES]
    catalogs = [Recording(load_catalog(lang)) for lang in LANGUAGES]
    narrators = [d.narrator(c, {0}, True) for c in catalogs]
    pool: dict[str, object] = {}  # actions legal somewhere in this game
    said = 0
    for k, (state, action, nxt, events) in enumerate(steps):
        before = js(d.rules.state_to_json(state))
        saved = json.dumps(d.rules.state_to_json(state))  # as a save file holds it (key order kept)
        d.check_state(json.loads(saved), players, "state")
        # the JSON round trip continues identically
        copy = d.rules.state_from_json(json.loads(saved))
        assert js(d.rules.state_to_json(copy)) == before
        if action is None:
            nxt2, events2 = d.resolve_chance(copy)
        else:
            legal = d.rules.legal_actions(state)
            assert d.rules.legal_actions(copy) == legal
            nxt2, events2 = d.rules.apply(copy, action)
            for a in legal:
                pool.setdefault(repr(a), a)
        assert js(d.rules.state_to_json(nxt2)) == js(d.rules.state_to_json(nxt))
        assert [e.to_json() for e in events2] == [e.to_json() for e in events]
        # every event narrated, with keys of every language
        for narrator in narrators:
            for e in events:
                seat = e.to if e.to is not None else 0
                said += len(narrator.events([e], d.view(nxt, seat)))
        if action is None or k % CHECK_EVERY:
            continue
        legal = d.rules.legal_actions(state)
        # every legal action renders and parses back, in every language
        for a in legal:
            cmd = d.adapter.command_for(a)
            assert cmd is not None, (name, a)
            for g in grammars:
                u = understand(g, d.adapter, g.render(cmd), legal)
                assert u.kind in ("act", "confirm") and u.action == a, (name, g.lang, g.render(cmd), u.kind)
        # what is not legal now is refused with a reason, and nothing changes
        illegal = [a for r, a in pool.items() if a not in legal][:12]
        for a in illegal:
            with pytest.raises(RuleError) as err:
                d.rules.apply(state, a)
            assert js(d.rules.state_to_json(state)) == before
            for c in catalogs:
                reason = err.value.reason
                assert c.has(f"{name}.reason.{reason}") or c.has(f"reason.{reason}"), (name, c.lang, reason)
            for narrator in narrators:
                narrator.reason(err.value, d.view(state, d.rules.current_player(state)))
    assert said > 0
    for c in catalogs:
        assert c.missing == set(), (name, c.lang)


def test_the_test_game_plays_by_pipe(tmp_path):
    lines = ["help", "table", "play nine", "fold"] + ["play one", "play five", "play nine", "fold"] * 30
    env = dict(os.environ, **{PATH_ENV: TEST_GAMES, "VOICE_GAME_HOME": str(tmp_path), "VOICE_GAME_KEYS": "0"})
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "ladder", "--lang", "en", "--tts", "text",
                        "--players", "Anna,bot:Ben", "--seed", "5", "--save", str(tmp_path / "save.json")],
                       input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    out = p.stdout
    assert "Ladder begins with 2 players." in out
    assert "You can say now:" in out and "It is Anna's turn." in out
    assert " wins." in out
    saved = json.loads((tmp_path / "save.json").read_text(encoding="utf-8"))
    assert saved["game"] == "ladder"
