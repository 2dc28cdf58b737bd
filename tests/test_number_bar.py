"""A lone number word heard by voice: acted on at once at the language's bar
(``session.understanding.NUMBER_CONFIDENT``, chosen on held-out speakers), read back
under it; typed, it always acts."""
import io
import json

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.input import InputLine
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session
from voice_game.session.understanding import NUMBER_CONFIDENT

DRAW = {"de": "ziehen", "en": "draw"}
THREE = {"de": "drei", "en": "three"}


def table(lang, tmp_path):
    kit = get_kit("orchestra")
    names = ["Anna", "Ben", "Carla"]
    out = io.StringIO()
    events = tmp_path / f"e-{lang}-{len(list(tmp_path.iterdir()))}.jsonl"
    s = Session(kit, kit.new_game(names, [], 1, None), [Seat(n) for n in names], load_grammar(lang),
                load_catalog(lang), TextOutput(out), iter(()), events_path=events)
    s.handle(InputLine(DRAW[lang]), 0)
    while kit.rules.current_player(s.state) == CHANCE:
        s.commit(None)
    assert any(a.kind == "place" and a.conductor == 3 for a in kit.rules.legal_actions(s.state))
    return s, events


def placed(events):
    if not events.exists():
        return []
    return [json.loads(x)["conductor"] for x in events.read_text().splitlines() if json.loads(x)["type"] == "placed"]


def test_the_bars_are_the_measured_ones():
    assert NUMBER_CONFIDENT == {"de": 0.84, "en": 0.95}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("offset,acts", [(0.0, True), (-0.01, False)])
def test_a_lone_number_acts_at_its_languages_bar_and_is_read_back_under_it(lang, offset, acts, tmp_path):
    s, events = table(lang, tmp_path)
    s.handle(InputLine(THREE[lang], NUMBER_CONFIDENT[lang] + offset, "voice"), 0)
    assert placed(events) == ([3] if acts else [])
    assert (s.dialogue.pending is None) == acts


def test_german_acts_where_english_reads_back(tmp_path):
    """0.86: over the German bar, under the English one."""
    de, de_events = table("de", tmp_path)
    de.handle(InputLine("drei", 0.86, "voice"), 0)
    en, en_events = table("en", tmp_path)
    en.handle(InputLine("three", 0.86, "voice"), 0)
    assert placed(de_events) == [3] and placed(en_events) == [] and en.dialogue.pending is not None
