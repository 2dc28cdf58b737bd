"""The guided games of the tutorials: the tips go on for the whole game, every suggested
move is legal when it is said (never a conductor somebody has taken), and "yes" plays it."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game.audio.text import TextOutput
from voice_game.commands.parser import understand
from voice_game.tutorial.progress import Progress
from voice_game.tutorial.runner import TutorialRunner

ROOT = Path(__file__).resolve().parents[2]
YES = {"de": "ja", "en": "yes"}


class RandomPlayer:
    """Types a random legal move (a seeded bot-random), so the guide meets many tables."""

    def __init__(self, runner, seed: int):
        self.r = runner
        self.bot = runner.kit.make_bot("bot-random", seed)
        self.moves = 0

    def __iter__(self):
        return self

    def __next__(self) -> str:
        s = self.r.session
        if s is None or self.r.kit.rules.is_over(s.state) or self.moves > 200:
            raise StopIteration
        legal = self.r.kit.rules.legal_actions(s.state)
        action = self.bot.choose(self.r.kit.view(s.state, 0), legal)
        self.moves += 1
        return s.g.render(self.r.kit.adapter.command_for(action))


def guided(course: str, lesson: str, lang: str, tmp_path, seed: int):
    progress = Progress(tmp_path / "p.json")
    progress.set(course, lesson=lesson, done=False)
    out = io.StringIO()
    r = TutorialRunner(course, lang, TextOutput(out), [], progress=progress)
    player = RandomPlayer(r, seed)
    r.inputs = player
    said: list[tuple[int, str, bool]] = []  # (moves made so far, key, legal)
    plain_say = r.say

    def say(key, remember=True, **params):
        legal = True
        if key.endswith(".suggest"):
            s = r.session
            u = understand(r.g, r.kit.adapter, params["command"], r.kit.rules.legal_actions(s.state))
            legal = u.kind == "act" and u.action in r.kit.rules.legal_actions(s.state)
        said.append((player.moves, key, legal))
        plain_say(key, remember, **params)

    r.say = say
    r.run()
    return out.getvalue(), said


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_orchestra_tips_go_on_and_never_name_a_taken_conductor(lang, seed, tmp_path):
    out, said = guided("orchestra", "game", lang, tmp_path, seed)
    assert "Traceback" not in out
    suggestions = [(m, ok) for m, key, ok in said if key == "tutorial.orchestra.game.suggest"]
    assert all(ok for _, ok in suggestions), [x for x in said if not x[2]]
    assert len([m for m, _ in suggestions if m >= 2]) >= 4  # after the first two moves too
    # the phase tips name no conductor at all: the suggestion names a free one
    for key in ("tip_turn", "tip_final"):
        from voice_game.narration.catalog import load_catalog

        text = load_catalog(lang).get(f"tutorial.orchestra.game.{key}")
        assert not any(w in text.lower() for w in ("eins", "zwei", "drei", "one", "two", "three", "1", "2"))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_orchestra_guided_game_played_by_saying_yes(lang, tmp_path):
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({"orchestra": {"lesson": "game"}}))
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "tutorial", "orchestra", "--lang", lang,
                        "--tts", "text"], input="\n".join([YES[lang]] * 60) + "\n", capture_output=True,
                       text=True, timeout=120, cwd=ROOT, env=env)
    out = p.stdout
    assert p.returncode == 0 and "Traceback" not in out + p.stderr
    game = out[out.index("Vorschlag" if lang == "de" else "Suggestion"):]
    assert ("Gut gespielt." if lang == "de" else "Well played.") in game  # the game ran to its end
    # every suggestion was a legal move: nothing refused, no "already taken"
    for refusal in (("schon vergeben", "Einen leeren Dirigenten", "Du musst zuerst ziehen") if lang == "de"
                    else ("is gone", "may not take an empty", "You must draw first")):
        assert refusal not in game
    assert game.count("Vorschlag: „" if lang == "de" else 'Suggestion: "') >= 6


def pipe(course: str, lesson: str, lang: str, lines: list[str], tmp_path) -> str:
    (tmp_path / "tutorial_progress.json").write_text(json.dumps({course: {"lesson": lesson}}))
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "tutorial", course, "--lang", lang, "--tts", "text"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    return p.stdout


MAESTRO = {
    "de": {"lines": ["orchester sonstige blechbläser", "grünes stück dirigieren", "sonstige stich", "tuba kreis",
                     "sonstige abgeben", "Tutorial beenden"],
           "pleased": "Dirigent Kerbert von Harajan ist zufrieden: 2 Bonuspunkte.", "points": "Applaus! 4 Punkte",
           "card": "Dirigentenkarte ", "done": "Jetzt kennst du die Maestro-Version."},
    "en": {"lines": ["orchestra miscellaneous brass", "conduct green piece", "miscellaneous stab", "tuba circle",
                     "give up miscellaneous", "end tutorial"],
           "pleased": "Conductor Kerbert von Harajan is pleased: 2 bonus points.", "points": "Applause! 4 points",
           "card": "Conductor card ", "done": "Now you know the maestro version."},
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_maestro_lesson_lets_the_player_conduct_under_a_card(lang, tmp_path):
    m = MAESTRO[lang]
    out = pipe("concerto-maestro", "try", lang, m["lines"], tmp_path)
    assert m["pleased"] in out and m["points"] in out  # the reverse order, followed, earns the bonus
    assert m["card"] + "Burt Shave" in out  # and the next card is drawn and read, as in the game


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_maestro_guided_game_plays_several_cards(lang, tmp_path):
    m = MAESTRO[lang]
    out = pipe("concerto-maestro", "game", lang, ["orchester klavier streicher" if lang == "de"
                                                   else "orchestra piano strings"] + [YES[lang]] * 80, tmp_path)
    assert out.count(m["card"]) >= 2 and m["done"] in out


@pytest.mark.parametrize("lang,words", [("de", ["weiter", "überspringen"]), ("en", ["next", "skip"])])
def test_next_in_a_guided_game_does_not_end_it(lang, words, tmp_path):
    """Issue 25: "weiter" ends a pause, never the practice game; "überspringen" ends it."""
    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    out = pipe("orchestra", "game", lang, [words[0], YES[lang], words[1]], tmp_path)
    still, left = c.get("tutorial.game_next"), c.get("tutorial.game_left")
    assert still in out and left in out
    assert out.index(still) < out.index(left)


@pytest.mark.parametrize("lang,lines,pattern", [
    ("de", ["orchester sonstige blechbläser", "grünes stück dirigieren", "weiter", "Tutorial beenden"], "kreis"),
    ("en", ["orchestra miscellaneous brass", "conduct green piece", "next", "end tutorial"], "circle")])
def test_next_in_a_memory_step_does_not_tell_the_pattern(lang, lines, pattern, tmp_path):
    """Issue 25: a skipped memory step ("weiter") is done for the player without saying
    the beat pattern they were to remember."""
    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    out = pipe("concerto", "conduct", lang, lines, tmp_path)
    hidden = c.get("tutorial.did_for_you_hidden")
    assert hidden in out
    assert pattern not in out[out.index(hidden):].lower()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_guided_concerto_start_makes_one_suggestion(lang, tmp_path):
    """Issue 25: the guided start names one move, the guide's; the prompt's own example
    ("Sag: Blechbläser Klavier") named another one right before it."""
    from voice_game.narration.catalog import load_catalog

    c = load_catalog(lang)
    out = pipe("concerto", "game", lang, [], tmp_path)
    suggestion = c.get("tutorial.concerto.game.suggest", command="§").split("§")[0]
    example = c.get("concerto.choose_start_example", example="§").split("§")[0]
    start = out.index(c.get("concerto.choose_start_you"))
    assert suggestion in out[start:], out
    assert example not in out[start:out.index(suggestion, start)], out
    assert out.count(suggestion) == 1
