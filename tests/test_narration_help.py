"""Help and prompts that never mislead (issue 25), in both languages: the last choice in
Tierorchester when no open conductor has musicians, a refusal said twice gives the choices,
and Concerto's help, prompts and table in their short forms."""
from __future__ import annotations

import pytest

from voice_game.core.errors import RuleError
from voice_game.core.events import ev
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.catalog import load_catalog

LANGS = ["de", "en"]
TAKE = {"de": "nehmen", "en": "take"}
PASS = {"de": "beenden", "en": "pass"}


def final_view(rows, owners):
    return {"players": ["Anna", "Amadeus", "Clara"], "rows": rows, "row_owner": owners, "phase": "final"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_choice_with_every_open_conductor_empty_says_pass_only(lang):
    n = OrchestraNarrator(load_catalog(lang), {0}, "default")
    empty = final_view([["tuba"], [], []], [1, None, None])
    said = " ".join(m.text for m in n.event(ev("final_choice", player=0), empty))
    assert PASS[lang] in said and TAKE[lang] not in said.lower()
    full = final_view([["tuba"], ["harp"], []], [1, None, None])
    said = " ".join(m.text for m in n.event(ev("final_choice", player=0), full))
    assert TAKE[lang] in said.lower()  # a conductor with musicians can be taken


@pytest.mark.parametrize("lang", LANGS)
def test_draw_on_the_empty_pile_said_again_gives_the_choices(lang):
    n = OrchestraNarrator(load_catalog(lang), {0}, "default")
    v = final_view([["tuba"], ["harp"], []], [1, None, None])
    first = n.reason(RuleError("deck_empty"), v).text
    second = n.reason(RuleError("deck_empty"), v).text
    assert first != second
    assert "2" in second and PASS[lang] in second  # conductor 2 can be taken, or pass
    assert "1" not in second and "3" not in second  # taken and empty ones are no choice
    n.event(ev("passed", player=1), v)  # something happened: in full again
    assert n.reason(RuleError("deck_empty"), v).text == first
    # no conductor to take: the refusal says pass at once
    lone = final_view([["tuba"], [], []], [1, None, None])
    n.event(ev("passed", player=1), v)
    said = n.reason(RuleError("deck_empty"), lone).text
    assert PASS[lang] in said and TAKE[lang] not in said.lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("detail", ["brief", "default"])
def test_a_move_names_the_family_by_its_instrument_after_the_opening(lang, detail):
    """Issue 24: German said "Trompeten-Fuchs" in every move; now "Trompete", as English "trumpet"."""
    n = OrchestraNarrator(load_catalog(lang), {0}, detail)
    v = {"players": ["Anna", "Amadeus", "Clara"]}
    n.event(ev("drew", player=1), v)
    n.event(ev("revealed", player=1, family="trumpet", remaining=20), v)
    msgs = n.event(ev("placed", player=1, family="trumpet", conductor=1, count=1), v)
    msgs += n.event(ev("took", player=2, conductor=2, families=["violin", "violin"]), v)
    said = " ".join(f"{m.text} {m.fallback or ''}" for m in msgs)  # brief: the family's cue says it, the text too
    short = {"de": ("Trompete", "2 Geigen"), "en": ("trumpet", "2 violins")}[lang]
    assert all(w in said for w in short), said
    assert "Fuchs" not in said and "Katze" not in said and "fox" not in said and "cat" not in said
    verbose = OrchestraNarrator(load_catalog(lang), {0}, "verbose")
    verbose.event(ev("revealed", player=1, family="trumpet", remaining=20), v)
    said = " ".join(m.text for m in verbose.event(ev("placed", player=1, family="trumpet", conductor=1, count=1), v))
    assert {"de": "Trompeten-Fuchs", "en": "trumpet fox"}[lang] in said


def concerto_session(lang, seed=3):
    import io

    from voice_game.audio.tts import TextOutput
    from voice_game.commands.grammar import load_grammar
    from voice_game.games import get as get_kit
    from voice_game.session import Seat, Session

    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(io.StringIO()), iter(()),
                seed=seed)
    s.start(kit.rules.opening_events(state))
    return kit, s


def play_until(kit, s, want, brain_seed=7, steps=400):
    """Bots move, the human seat plays as a bot would until one of its legal actions is ``want``."""
    brain = kit.make_bot("bot", brain_seed)
    brain.seat = 0
    for _ in range(steps):
        if kit.rules.is_over(s.state):
            return None
        p = kit.rules.current_player(s.state)
        legal = kit.rules.legal_actions(s.state)
        if p == 0:
            hit = next((a for a in legal if want(a)), None)
            if hit is not None:
                return hit
            s.commit(brain.choose(kit.view(s.state, 0), legal))
        elif p in s.bots:
            s.commit(s.bots[p].choose(kit.view(s.state, p), legal))
        else:
            s.commit(None)
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_help_while_conducting_names_no_pair_and_its_words_are_no_move(lang):
    from voice_game.commands.parser import understand
    from voice_game.core.errors import NotAllowed, Unrecognized
    from voice_game.games.concerto.content import load_content

    c = load_catalog(lang)
    for seed in (3, 4, 5):
        kit, s = concerto_session(lang, seed)
        conduct = play_until(kit, s, lambda a: a.kind == "conduct")
        if conduct is not None:
            break
    assert conduct is not None
    s.commit(conduct)
    v = kit.view(s.state, 0)
    piece = load_content().pieces[v["performance"]["piece"]]
    from voice_game.session.meta import more_messages

    help_text = " ".join(m.text for m in s.help_messages() + more_messages(s))
    patterns = [c.get(f"pattern.{p}.name").lower() for p in load_content().patterns]
    assert not [p for p in patterns if p in help_text.lower()], help_text  # no pair: no guess, no answer
    assert c.get(f"instrument.{piece.instruments[0]}.name") in help_text  # the next instrument, as the prompt
    for item in s.help_messages()[0].text.split(": ", 1)[1].rstrip(".").split("; "):
        with pytest.raises((Unrecognized, NotAllowed)):  # said exactly, no beat is played
            understand(s.g, kit.adapter, item.lower(), kit.rules.legal_actions(s.state), 1.0)
