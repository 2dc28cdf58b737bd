""""repeat" says again the whole answer to a question (the scores: one line a player),
and of the game's narration the newest message."""
from __future__ import annotations

import io

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

WORDS = {"de": ("stand", "wiederholen", "ziehen"), "en": ("scores", "repeat", "draw")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_repeat_says_the_whole_answer_again_and_the_newest_narration(lang):
    c = load_catalog(lang)
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 7, None)
    scores, repeat, draw = WORDS[lang]
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf),
                iter([scores, repeat, draw, repeat]), seed=7)
    s.start(kit.rules.opening_events(state))
    s.run()
    said = buf.getvalue().splitlines()
    heading = said.index(c.get("orchestra.scores_now").strip())
    answer = said[heading:heading + 4]  # the heading, you, Ben, Clara
    assert any(x.startswith("Ben") for x in answer) and answer[-1].startswith("Clara")
    assert said[heading + 4:heading + 8] == answer  # said again as a whole, not its last line only
    drew = said[heading + 8]
    assert said[heading + 9] == drew  # the game's newest message: the card and its question
    assert said[heading + 10] == c.get("app.input_ended")
