"""The wrong messages of issue 10, each checked in seeded games played through the
command line as a pipe would, in German and English: the human types what a bot of the
default level would choose (plus the odd command a player tries), and every printed
line is looked at."""
from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator

import pytest

from voice_game.cli import build_parser, play as cli_play
from voice_game.commands.grammar import load_grammar
from voice_game.narration.catalog import load_catalog

LANGS = ["de", "en"]


class Typist:
    """The human at the keyboard of a piped game: each line is what a default bot would
    choose; ``extra(session, n)`` may put other lines first (asked before every move)."""

    def __init__(self, lang: str, seed: int, extra: Callable | None = None, limit: int = 2000,
                 after: list[str] | None = None):
        """``after``: the lines typed once the game is over (then the pipe ends, also in a
        game that follows)."""
        self.after = list(after or [])
        self.ended = False
        self.g = load_grammar(lang)
        self.seed = seed
        self.extra = extra
        self.limit = limit
        self.session = None
        self.queue: list[str] = []
        self.moves = 0

    def attach(self, session, context: str = "game") -> None:
        self.session = session
        self.brain = session.kit.make_bot("bot", 4242 + self.seed)
        self.human = min(session.humans)
        if hasattr(self.brain, "seat"):
            self.brain.seat = self.human
        feed = session.feed_bots

        def feed_bots(events):
            feed(events)
            observe = getattr(self.brain, "observe", None)
            for e in events:
                if observe is not None and e.visible_to(self.human):
                    observe(e)

        session.feed_bots = feed_bots

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        s = self.session
        if self.queue:
            return self.queue.pop(0)
        self.moves += 1
        if s.kit.rules.is_over(s.state):
            self.ended = True
            if self.after:
                return self.after.pop(0)
        if self.moves > self.limit or self.ended:
            raise StopIteration  # the end of the pipe
        if self.extra is not None:
            self.queue = list(self.extra(s, self.moves))
            if self.queue:
                return self.queue.pop(0)
        kit = s.kit
        legal = kit.rules.legal_actions(s.state)
        action = self.brain.choose(kit.view(s.state, self.human), legal)
        if kit.adapter.command_for(action) is None:
            action = next(a for a in legal if kit.adapter.command_for(a) is not None)
        return self.g.render(kit.adapter.command_for(action))


def piped(game: str, lang: str, seed: int, players: str, extra: Callable | None = None,
          variants: str = "", after: list[str] | None = None) -> list[str]:
    """Every line a piped game printed."""
    args = ["play", game, "--lang", lang, "--tts", "text", "--seed", str(seed), "--players", players]
    if variants:
        args += ["--variant", variants]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_play(build_parser().parse_args(args), inputs=Typist(lang, seed, extra, after=after)) == 0
    return [line for line in out.getvalue().splitlines() if line.strip()]


def head(c, key: str, **params) -> str:
    """A message's words up to its first field."""
    return c.get(key, **{**params, **{f: "§" for f in c.fields(key) if f not in params}}).split("§")[0]


# --- Tierorchester ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_passing_with_a_drawn_card_asks_to_place_it_not_to_wait_for_the_last_card(lang):
    c = load_catalog(lang)
    g = load_grammar(lang)

    def extra(s, n):  # after each draw, try to pass
        kit = s.kit
        if kit.rules.is_over(s.state) or s.state.drawn is None:
            return []
        return [g.render({"intent": "pass"})] if n % 3 == 0 else []

    lines = piped("orchestra", lang, 3, "Anna,bot:Amadeus,bot:Clara", extra)
    place_first = head(c, "reason.must_place_first")
    assert any(x.startswith(place_first) for x in lines)
    assert not any(x.startswith(head(c, "reason.pass_only_at_end")) for x in lines)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_pile_runs_out_without_counting_zero_and_the_last_choices_end_nothing_early(lang, seed):
    c = load_catalog(lang)
    lines = piped("orchestra", lang, seed, "Anna,bot:Amadeus,bot:Clara")
    last = [i for i, x in enumerate(lines) if c.get("orchestra.last_card", player="§").split("!")[0] in x]
    assert last, "the pile ran out"
    zero = {"de": r"\bNoch 0\b", "en": r"\b0 cards? left\b"}[lang]
    assert [x for x in lines if re.search(zero, x)] == []
    # while others still choose, nobody "ends the game"; "zum Schluss" is not said to everyone
    ends = {"de": r"beendet das Spiel|zum Schluss", "en": r"ends the game|final choice"}[lang]
    assert [x for x in lines if re.search(ends, x)] == []
    assert not any(re.search(r"\b1 (Karten|Punkte|cards|points)\b", x) for x in lines)


# --- Concerto ---------------------------------------------------------------

def _concerto(lang: str, seed: int, extra: Callable | None = None, players: str = "Anna,bot:Amadeus,bot:Clara"):
    return piped("concerto", lang, seed, players, extra)


@pytest.mark.parametrize("lang", LANGS)
def test_help_at_every_step_never_says_an_empty_list(lang):
    g = load_grammar(lang)
    lines = _concerto(lang, 2, lambda s, n: [g.render({"intent": "help"})] if n % 2 else [])
    c = load_catalog(lang)
    assert any(x.startswith(head(c, "help.always_short")) for x in lines)  # help was said
    assert [x for x in lines if re.search(r":\s*\.", x)] == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [1, 3])
def test_a_bot_conducting_gives_the_human_no_instructions(lang, seed):
    c = load_catalog(lang)
    lines = _concerto(lang, seed)
    instruct = {"de": "jedes Instrument mit seinem Schlagmuster", "en": "each instrument with its beat pattern"}[lang]
    assert any(x.startswith(head(c, "concerto.bot_sentence", player="Amadeus")) and
               c.get("concerto.bot_conduct", piece="§").split("§")[0] in x for x in lines), "a bot conducted"
    yours = head(c, "concerto.performance_started_you_short")
    assert [x for x in lines if instruct in x and not x.startswith(yours)] == []


@pytest.mark.parametrize("lang,seed", [("de", 2), ("en", 2), ("de", 8), ("en", 21)])
def test_no_prompt_to_give_up_once_the_game_is_over_and_points_said_plainly(lang, seed):
    c = load_catalog(lang)
    lines = _concerto(lang, seed, players="Anna,bot:Clara")
    over = [i for i, x in enumerate(lines) if x.startswith(head(c, "concerto.game_over_target")[:10])]
    assert over
    give = (head(c, "concerto.give_up_now"), head(c, "concerto.give_up_short"))
    end = lines[over[0] - 3:]
    assert [x for x in end if x.startswith(give)] == []  # not just before the end, nor after it
    if seed == 2:  # a success reaches the target: the applause, then the end at once
        applause = c.get("concerto.performance_succeeded_you_short", count=2, score=0).split("!")[0]
        assert applause in lines[over[0] - 1]  # a bot's: "Clara dirigiert Gelb. Applaus! 5 Punkte, jetzt 32."
    # "bekommt 0 Punkte ... und hat jetzt 7": zero is said as a word, never as a count
    assert [x for x in lines if re.search(r"\b0 (Punkte|points)\b", x)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_bots_special_card_and_its_effect_are_one_sentence(lang):
    c = load_catalog(lang)
    lines = [x for seed in (1, 2) for x in _concerto(lang, seed)]
    played = {"de": r"^(Amadeus|Clara) spielt (\w+)\. ", "en": r"^(Amadeus|Clara) plays ([\w ]+)\. "}[lang]
    assert [x for x in lines if re.search(played, x)] == []  # "Clara spielt Sabotage. Sabotage! ..." no more
    sab = head(c, "concerto.bot_fx_patterns_swapped", player="Clara")
    assert any(x.startswith(sab) for x in lines)
    # your own card: the effect says it (you just chose it), not "Du spielst ..." first
    from voice_game.games.concerto.content import load_content

    cards = [c.get(f"special.{x}.name") for x in load_content().specials]
    said = {c.get("concerto.special_played_you", card=x) for x in cards}
    assert [x for x in lines if x in said] == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_birth_year_is_asked_of_you_not_of_a_seat_named_you(lang):
    """Alone against bots the maestro version asks "In welchem Jahr bist du geboren?", not
    "Du, in welchem Jahr ...", and a wrong answer gets only its own short message."""
    c = load_catalog(lang)
    out = io.StringIO()
    args = ["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--variant", "maestro"]
    with contextlib.redirect_stdout(out):
        assert cli_play(build_parser().parse_args(args), inputs=iter(["x", "y", "z"])) == 0
    lines = out.getvalue().splitlines()
    assert lines[:5] == [c.get("setup.birth_year_you"), c.get("setup.birth_year_bad"),
                         c.get("setup.birth_year_bad"), c.get("setup.birth_year_bad"),
                         c.get("setup.birth_year_default_you", year=2000)]
    you = c.get("setup.default_you")
    assert not any(x.startswith(you + ",") or x.endswith(f" {you}.") for x in lines)
    # in hot-seat play each player is asked by name
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_play(build_parser().parse_args(args + ["--players", "Anna,Ben"]), inputs=iter(["1990"])) == 0
    lines = out.getvalue().splitlines()
    assert lines[:2] == [c.get("setup.birth_year", player="Anna"), c.get("setup.birth_year", player="Ben")]
