"""Tierorchester when every open conductor is full (issue 25, "help that never misleads"):
a bare "2" is not answered "draw first" (drawing is no way either), and the refusal said
again gives the choices instead of the same sentence. Both languages, through the real
session, parser and rules."""
from __future__ import annotations

import pytest

from voice_game.core.errors import RuleError
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.catalog import load_catalog

TAKE = {"de": "Dirigent 2 nehmen", "en": "take conductor 2"}


def full_view():
    # conductor 1 taken, 2 full (4 musicians), 3 taken: taking 2 is all there is
    return {"players": ["Anna", "Amadeus", "Clara"], "phase": "turn", "max_per_conductor": 4,
            "rows": [["drum"], ["tuba", "flute", "drum", "violin"], ["drum"]], "row_owner": [1, None, 2]}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_bare_number_and_draw_when_all_are_full(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = full_view()
    first = n.reason(RuleError("must_draw_first"), v).text  # "2": place, but drawing is impossible
    assert first == c.get("reason.all_full")
    second = n.reason(RuleError("all_full"), v).text  # then "draw"
    assert TAKE[lang] in second and "1" not in second and "3" not in second
    # with room at a conductor, "draw first" is the right answer
    v["rows"][1] = ["tuba"]
    n.refused = ""
    assert n.reason(RuleError("must_draw_first"), v).text == c.get("reason.must_draw_first")
