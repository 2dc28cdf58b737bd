"""At the end of a game the player is offered another one with the same players or the
menu (issue 10: not a sentence announcing another round and then the program's end),
in German and English; a piped game still ends cleanly when its input ends."""
from __future__ import annotations

import io

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress
from tests.test_wrong_messages import Typist, piped

LANGS = ["de", "en"]
WORDS = {"de": {"yes": "ja", "no": "nein", "quit": "spiel verlassen", "game": "Tierorchester", "start": "start"},
         "en": {"yes": "yes", "no": "no", "quit": "quit", "game": "animal orchestra", "start": "start"}}


def game(lang, after, seed=3):
    return piped("orchestra", lang, seed, "Anna,bot:Amadeus", after=after)


def started(c, lines):
    opening = c.get("orchestra.game_started_solo", players="Amadeus", conductors="§", families="§").split(".")[0]
    return [i for i, x in enumerate(lines) if x.startswith(opening)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_offers_another_game_and_a_pipe_that_ends_there_ends_cleanly(lang):
    c = load_catalog(lang)
    lines = game(lang, [])
    assert lines[-1] == c.get("app.rematch")  # asked once, after the winner
    assert c.get("app.input_ended") not in lines  # the game was over: nothing "ends here"
    assert len(started(c, lines)) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_yes_deals_a_new_game_with_the_same_players(lang):
    c = load_catalog(lang)
    lines = piped("concerto", lang, 2, "Anna,bot:Clara", after=[WORDS[lang]["yes"]])
    opening = c.get("concerto.game_started_solo", players="Clara", target=30)
    first, second = [i for i, x in enumerate(lines) if x == opening]
    assert c.get("app.rematch") in lines[first:second]
    hand = c.get("concerto.hand_dealt", cards="§").split("§")[0]
    hands = [x for x in lines if x.startswith(hand)]
    assert len(hands) == 2 and hands[0] != hands[1]  # a new deal (the next seed), not the same game again
    assert lines[-1] == c.get("app.input_ended")  # the pipe ended in the new game: said, and a clean end


@pytest.mark.parametrize("lang", LANGS)
def test_no_opens_the_menu_and_quit_leaves(lang):
    c = load_catalog(lang)
    lines = game(lang, [WORDS[lang]["no"]])
    ask = lines.index(c.get("app.rematch"))
    after = lines[ask + 1:]
    assert any(x.startswith(c.get("menu.title_main")) for x in after)  # the start menu, read out
    assert after[-1] == c.get("app.goodbye")
    lines = game(lang, [WORDS[lang]["quit"]])
    assert lines[lines.index(c.get("app.rematch")) + 1:] == [c.get("app.goodbye")]
    lines = game(lang, ["quatsch"])
    assert lines[-1] == c.get("app.rematch_answer")  # anything else: how to answer


class MenuTypist(Typist):
    """Menu lines first, then the game, then ``after``."""

    def __init__(self, lang, before, after):
        super().__init__(lang, 0, after=after)
        self.before = list(before)

    def __next__(self):
        if self.session is None or self.ended and not self.after:
            if self.before:
                return self.before.pop(0)
            if self.session is None or self.ended:
                raise StopIteration
        return super().__next__()


@pytest.mark.parametrize("lang", LANGS)
def test_from_the_menu_no_goes_back_to_the_menu_and_yes_plays_again(lang, tmp_path):
    c = load_catalog(lang)
    w = WORDS[lang]
    for answer, games in ((w["no"], 1), (w["yes"], 2)):
        buf = io.StringIO()
        progress = Progress(tmp_path / f"p-{answer}.json")
        progress.set_flag("tutorial_offered")
        menu = MenuApp(lang, TextOutput(buf), MenuTypist(lang, [w["game"], "Bots 1", w["start"]], [answer]),
                       progress=progress)
        menu.saves = tmp_path / f"saves-{answer}"
        assert menu.run() == 0
        lines = [x for x in buf.getvalue().splitlines() if x.strip()]
        assert len(started(c, lines)) == games
        ask = lines.index(c.get("app.rematch"))
        if games == 1:  # back in the menu, then the input ends
            back = c.get("menu.back_in", title="§").split("§")[0]
            assert lines[ask + 1].startswith(back) and c.get("menu.title_main").lower() in lines[ask + 1].lower()
        assert lines[-1] == c.get("app.goodbye")


def cli(args, typist) -> list[str]:
    import contextlib

    from voice_game.cli import build_parser, play as cli_play

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_play(build_parser().parse_args(args), inputs=typist) == 0
    return [line for line in out.getvalue().splitlines() if line.strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_game_offers_another_game_too(lang, tmp_path):
    c = load_catalog(lang)
    save = tmp_path / "s.json"
    cli(["play", "orchestra", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,bot:Amadeus",
         "--variant", "grand-maestro", "--save", str(save)], Typist(lang, 3, limit=4))
    lines = cli(["play", "--resume", str(save), "--tts", "text"], Typist(lang, 3, after=[WORDS[lang]["yes"]]))
    resumed = lines.index(c.get("save.resumed"))
    ask = lines.index(c.get("app.rematch"))
    assert resumed < ask
    assert len(started(c, lines[ask:])) == 1  # a new deal with the same players after "yes"
    assert c.get("orchestra.maestro_intro") in lines[ask:]  # and the same variant
    assert lines[-1] == c.get("app.input_ended")
    lines = cli(["play", "--resume", str(save), "--tts", "text"], Typist(lang, 3, after=[WORDS[lang]["quit"]]))
    assert lines[-2:] == [c.get("app.rematch"), c.get("app.goodbye")]  # the new game was saved, and played to its end


@pytest.mark.parametrize("lang", LANGS)
def test_a_resumed_maestro_concerto_plays_again_with_its_birth_years(lang, tmp_path):
    import json

    from tests.test_wrong_messages import Typist as Base

    class Typist(Base):
        def __next__(self):
            return "1990" if self.session is None else super().__next__()

    c = load_catalog(lang)
    save = tmp_path / "s.json"
    cli(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "2", "--players", "Anna,bot:Clara",
         "--variant", "maestro", "--save", str(save)], Typist(lang, 2, limit=3))
    lines = cli(["play", "--resume", str(save), "--tts", "text"], Typist(lang, 2, after=[WORDS[lang]["yes"]]))
    ask = lines.index(c.get("app.rematch"))
    assert c.get("concerto.maestro") in lines[ask:]  # the maestro version again
    asked = (c.get("setup.birth_year", player="Anna").split("?")[0], c.get("setup.birth_year_you").split("?")[0])
    assert not any(x.startswith(asked) for x in lines)
    players = json.loads(save.read_text())["state"]["players"]
    assert [p["birth_year"] for p in players] == [1990, players[1]["birth_year"]]  # kept for the new game
