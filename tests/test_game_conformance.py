"""Every discovered game keeps the contract of ``voice_game.core.game`` (issue 13), the
two shipped games and the test-only game in ``tests/games`` (found through
``VOICE_GAME_GAMES_PATH``) alike:

- random legal games end;
- ``apply`` accepts the legal actions, and an action that is not legal now raises a
  ``RuleError`` whose reason has a text in every language, leaving the state unchanged;
- a JSON round trip of the state continues identically (same legal actions, same
  next state, same events), and the save check accepts every state reached;
- every legal action renders as words and parses back to itself, in every language;
- every event is narrated with message keys that exist in every language;
- views are invariant under re-sampled hidden state: the game's ``resample_hidden`` deals
  anew what a seat may not know, and that seat's view stays the same;
- bots see only views: a bot (memory included) makes the same choice on two states that
  look the same from its seat, and the session hands its bots plain views of their seat
  and only the events that seat may know;
- save and resume through the application layer continue exactly: a game saved halfway and
  resumed gives the event stream of the game played in one go.
"""
from __future__ import annotations

import copy
import io
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


def random_game(name: str, seed: int, players: int, inspect=None):
    """(definition, final state, [(state, action, next state, events)]) of one game whose
    seats play the game's first bot level, every third move a random legal one instead
    (uniformly random play need not end: Concerto's beats must be remembered).
    ``inspect(state, bots)`` is called before every move of a player."""
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
            if inspect is not None:
                inspect(state, bots)
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


def plain(x) -> str:
    """A view as JSON, refusing anything that is not plain JSON data (no state inside)."""
    return json.dumps(x, sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_views_and_bots_ignore_what_a_seat_may_not_know(name, seed):
    d = get(name)
    if not d.hidden_information:
        return
    assert d.resample_hidden is not None, f"{name} hides information: declare resample_hidden"
    players = d.min_players if seed == 1 else d.max_players
    rng = Rng(seed + 77)
    seen = {"moves": 0, "states": 0, "changed": 0, "choices": 0}

    def inspect(state, bots):
        seen["moves"] += 1
        if seen["moves"] % 3:
            return
        data = d.rules.state_to_json(state)
        p = d.rules.current_player(state)
        legal = d.rules.legal_actions(state)
        seen["states"] += 1
        for seat in range(players):
            other = d.resample_hidden(json.loads(json.dumps(data)), seat, Rng(rng.randrange(2**31)))
            seen["changed"] += js(other) != js(data)
            d.check_state(json.loads(json.dumps(other)), players, "resampled")  # still a possible state
            twin = d.rules.state_from_json(other)
            assert plain(d.view(twin, seat)) == plain(d.view(state, seat)), (name, seat)
            if seat != p:
                continue
            # what the player to move may do depends only on what they know
            assert d.rules.legal_actions(twin) == legal, name
            if not bots:
                continue
            a, b = copy.deepcopy(bots[p]), copy.deepcopy(bots[p])
            assert a.choose(d.view(state, p), legal) == b.choose(d.view(twin, p), legal), name
            seen["choices"] += 1

    random_game(name, seed, players, inspect)
    assert seen["states"] > 2
    assert seen["changed"] > 0, f"{name}: resample_hidden never changed a state"
    assert not d.bot_levels or seen["choices"] > 0


class SpyBot:
    """A session's bot that checks what it is handed: a plain view of its seat's state now,
    the legal actions now, and only events its seat may know."""

    def __init__(self, inner, seat: int, session):
        self.inner, self.seat_no, self.session = inner, seat, session
        self.calls = 0

    @property
    def rng(self):
        return self.inner.rng

    @rng.setter
    def rng(self, value):
        self.inner.rng = value

    def choose(self, view, legal):
        kit, state = self.session.kit, self.session.state
        assert plain(view) == plain(kit.view(state, self.seat_no))
        assert legal == kit.rules.legal_actions(state) and kit.rules.current_player(state) == self.seat_no
        self.calls += 1
        return self.inner.choose(view, legal)


class RememberingSpy(SpyBot):
    @property
    def seat(self):
        return self.inner.seat

    @seat.setter
    def seat(self, value):
        self.inner.seat = value

    def observe(self, event):
        assert event.visible_to(self.seat_no), event
        self.inner.observe(event)

    def memory_to_json(self):
        return self.inner.memory_to_json()

    def memory_from_json(self, data):
        self.inner.memory_from_json(data)


def human_lines(session, grammar, log, seed):
    """The human seat's lines, chosen from the live session's state (as its first bot level
    would, every third a random legal move) and rendered in the grammar's words."""
    from voice_game.commands.parser import understand as understood

    kit = session.kit
    rng = Rng(seed)
    bot = kit.make_bot(kit.bot_levels[0], seed) if kit.bot_levels else None
    k = 0
    while not kit.rules.is_over(session.state):
        s = session.state
        p = kit.rules.current_player(s)
        legal = kit.rules.legal_actions(s)
        words = [grammar.render(kit.adapter.command_for(a)) for a in legal]
        acting = [w for w in words if understood(grammar, kit.adapter, w, legal).kind == "act"]
        k += 1
        if bot is None or k % 3 == 0:
            text = rng.choice(acting or words)
        else:
            if hasattr(bot, "seat"):
                bot.seat = p
            text = grammar.render(kit.adapter.command_for(bot.choose(kit.view(s, p), legal)))
            if text not in acting and acting:
                text = rng.choice(acting)
        log.append(text)
        yield text
        if k > MAX_STEPS:
            return


def app_play(setup, lines, home: Path) -> tuple[int, str]:
    """One run of the application layer (what ``voice-game play`` does), lines as input."""
    from voice_game.app import App

    said = io.StringIO()
    app = App.open(lang="en", tts="text", stream=said, settings_path=home / "settings.json")
    return app.play(setup, list(lines)), said.getvalue()


@pytest.mark.parametrize("name", GAMES)
def test_save_and_resume_continue_exactly(name, tmp_path, monkeypatch):
    """A human (its lines made from the live session) against bots: in the session the bots
    see only plain views; through the application layer (voice_game.app, as ``voice-game
    play`` runs it), the game saved halfway and resumed gives the events of the game played
    in one go."""
    from voice_game.audio.tts import TextOutput
    from voice_game.session import Seat, Session

    d, lang, seed = get(name), "en", 6
    players = max(2, d.min_players)
    seats = [Seat("Anna")] + [Seat(f"Bot{i}", d.bot_levels[0]) for i in range(1, players)]
    state = d.new_game([s.name for s in seats], [], seed, None)
    grammar = load_grammar(lang)
    session = Session(d, state, seats, grammar, load_catalog(lang), TextOutput(io.StringIO()), iter(()), seed=seed)
    spies = {}
    for i, bot in session.bots.items():
        spies[i] = (RememberingSpy if hasattr(bot, "observe") else SpyBot)(bot, i, session)
    session.bots.update(spies)
    lines: list[str] = []
    session.inputs = human_lines(session, grammar, lines, seed)
    session.start(d.rules.opening_events(state))
    assert session.run() == 0
    assert d.rules.is_over(session.state), name
    assert sum(s.calls for s in spies.values()) > 0
    from voice_game.app import GameSetup

    monkeypatch.setenv("VOICE_GAME_HOME", str(tmp_path))
    monkeypatch.setenv("VOICE_GAME_KEYS", "0")
    table = ",".join(["Anna"] + [f"{s.kind}:{s.name}" for s in seats[1:]])
    full, part, save = tmp_path / "full.jsonl", tmp_path / "part.jsonl", tmp_path / "s.json"
    code, said = app_play(GameSetup(name, table, seed=seed, events=full), lines, tmp_path)
    assert code == 0, said
    half = len(lines) // 2
    code, said = app_play(GameSetup(name, table, seed=seed, save=save, events=part), lines[:half], tmp_path)
    assert code == 0, said
    code, said = app_play(GameSetup(resume=save, events=part), lines[half:], tmp_path)
    assert code == 0, said
    assert said.splitlines()[0] == load_catalog(lang).get("save.resumed")
    a = [json.loads(x) for x in full.read_text(encoding="utf-8").splitlines()]
    b = [json.loads(x) for x in part.read_text(encoding="utf-8").splitlines()]
    assert a and a[-1]["type"] == "game_over", name
    assert b == a, name


@pytest.mark.parametrize("name", GAMES)
def test_a_declared_hand_over_has_its_words(name):
    """A game that declares a hot-seat hand-over (``handover=True``) has the message that
    asks the next player to take over, in every language; the session reads the
    declaration, never whether such a message happens to exist."""
    d = get(name)
    for lang in LANGUAGES:
        assert load_catalog(lang).has(f"{name}.handover") == d.handover, (name, lang)
