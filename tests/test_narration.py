"""Narration for the ear (issue 10), in both languages: one sentence per other player's
move, second person, facts kept at every detail level, prompts for every required
step, grammatical plurals, and secrets that never come back through the history."""
from __future__ import annotations

import io
import re
import types

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.events import ev
from voice_game.games.concerto.content import load_content
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.narration.common import pan_for
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.common import sentence
from voice_game.session import InputLine, Seat, Session

LANGS = ["de", "en"]
REPEAT = {"de": "wiederholen", "en": "repeat"}
PREVIOUS = {"de": "vorherige nachricht", "en": "previous message"}
READY = {"de": "bereit", "en": "ready"}


def texts(msgs):
    return [m.text for m in msgs]


def ov(n=3):
    """A Tierorchester view for the narrator: names, and conductors with musicians to take."""
    return {"players": ["Anna", "Amadeus", "Clara", "Dora", "Emil"][:n], "rows": [["tuba"]] * n,
            "row_owner": [None] * n}


# --- Tierorchester ---------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_another_players_turn_is_one_sentence(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = ov()
    out = []
    for e in (ev("turn", player=1), ev("drew", player=1), ev("revealed", player=1, family="violin", remaining=30),
              ev("placed", player=1, family="violin", conductor=1, count=1)):
        out += n.event(e, v)
    # English names the family by its instrument in a move ("violin" for "violin cat"): the
    # fact is the family, the whole card name is said in the opening, the table and verbose
    assert texts(out) == [{"de": "Amadeus: Geige zu 1.", "en": "Amadeus: violin to 1."}[lang]]
    assert out[0].cue == "event.turn.2"  # the seat's own cue says who it was
    verbose = OrchestraNarrator(c, {0}, "verbose")
    said = []
    for e in (ev("turn", player=1), ev("drew", player=1), ev("revealed", player=1, family="violin", remaining=30),
              ev("placed", player=1, family="violin", conductor=1, count=1)):
        said += verbose.event(e, v)
    assert c.get("orchestra.family.violin", count=1) in " ".join(texts(said))


@pytest.mark.parametrize("lang", LANGS)
def test_the_human_is_spoken_to_and_hints_come_once(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = ov()
    first = texts(n.event(ev("turn", player=0), v))[0]
    again_m = n.event(ev("turn", player=0), v)[0]
    # your turn again: the cue says it; the words remain for an output without sound
    again = again_m.fallback
    assert first == c.get("orchestra.turn_you_hint") and again == c.get("orchestra.turn_you")
    assert again_m.text == "" and again_m.cue == "event.your_turn"
    assert "Anna" not in first + again
    took = texts(n.event(ev("took", player=0, conductor=2, families=["tuba"], final=False), v))[0]
    assert took == {"de": "Du nimmst Dirigent 2: Tuba.", "en": "You take conductor 2: tuba."}[lang]
    verbose = OrchestraNarrator(c, {0}, "verbose")
    assert texts(verbose.event(ev("turn", player=0), v)) == texts(verbose.event(ev("turn", player=0), v))


@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_hint_names_only_what_can_be_done_now(lang):
    """A round's first turn: every conductor is empty and cannot be taken (rule book: never
    a conductor without musicians), so the hint says "draw" alone; the two choices are
    taught the first time a conductor can be taken, once."""
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    empty = dict(ov(), rows=[[]] * 3)
    assert texts(n.event(ev("turn", player=0), empty)) == [c.get("orchestra.turn_you_hint_draw")]
    assert n.event(ev("turn", player=0), empty)[0].fallback == c.get("orchestra.turn_you")
    assert texts(n.event(ev("turn", player=0), ov())) == [c.get("orchestra.turn_you_hint")]
    assert n.event(ev("turn", player=0), ov())[0].fallback == c.get("orchestra.turn_you")


@pytest.mark.parametrize("lang", LANGS)
def test_end_of_pile_warnings_stay_in_brief_and_never_count_zero(lang):
    c = load_catalog(lang)
    for detail in ("brief", "default", "verbose"):
        n = OrchestraNarrator(c, {0}, detail)
        three = " ".join(texts(n.event(ev("revealed", player=0, family="tuba", remaining=3), ov())))
        assert c.get("orchestra.remaining", count=3) in three
        last = " ".join(texts(n.event(ev("revealed", player=0, family="tuba", remaining=0), ov())))
        assert "0" not in last  # "Das war die letzte Karte!" follows, not "Noch 0 Karten"
        one = c.get("orchestra.remaining", count=1)
        assert "1" not in one
        # another player's move keeps the warning too, and the cards under a conductor
        n.event(ev("revealed", player=1, family="tuba", remaining=2), ov())
        moved = " ".join(texts(n.event(ev("placed", player=1, family="tuba", conductor=2, count=3), ov())))
        assert c.get("orchestra.remaining", count=2) in moved
        took = " ".join(m.text or m.fallback for m in n.event(
            ev("took", player=1, conductor=2, families=["tuba", "violin"], final=False), ov()))
        form = "count" if detail == "verbose" else "short_count"  # a move names the family short
        assert c.get(f"orchestra.{form}.tuba", count=1) in took and c.get(f"orchestra.{form}.violin", count=1) in took


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_choices_are_not_said_to_end_the_game(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = ov()
    out = n.event(ev("final_choice", player=1), v)
    out += n.event(ev("took", player=1, conductor=2, families=["tuba"], final=True), v)
    text = " ".join(texts(out))
    assert {"de": "beendet das Spiel", "en": "ends the game"}[lang] not in text
    assert {"de": "zum Schluss", "en": "final choice"}[lang] not in text
    mine = texts(n.event(ev("final_choice", player=0), v))[0]
    assert mine == c.get("orchestra.final_choice_you")


@pytest.mark.parametrize("lang", LANGS)
def test_scores_start_sentences_with_capitals_and_count_grammatically(lang):
    c = load_catalog(lang)
    n = OrchestraNarrator(c, {0}, "default")
    v = ov()
    d = {"player": 1, "total": 1, "quartets": 0,
         "families": {"tuba": {"count": 1, "points": 1}, "violin": {"count": 2, "points": 0},
                      "flute": {"count": 3, "points": 0}},
         "bonuses": {"soloist": 1, "critic": -1}}
    text = n.m(n.player_score_text(v, d)).text
    assert all(s[0].isupper() or s[0].isdigit() for s in re.split(r"(?<=\.)\s+", text) if s)
    # the families that score nothing are said together; the quartets are the families of 4
    assert {"de": "Ohne Punkte: 2 Geigen-Katzen und 3 Flöten-Frösche.",
            "en": "No points: 2 violin cats and 3 flute frogs."}[lang] in text
    assert {"de": "Quartett", "en": "quartet"}[lang] not in text
    verbose = OrchestraNarrator(c, {0}, "verbose")
    told = verbose.m(verbose.player_score_text(v, d)).text
    assert {"de": "Kein Quartett", "en": "No quartet"}[lang] in told
    assert {"de": "2 Geigen-Katzen: 0 Punkte", "en": "2 violin cats: 0 points"}[lang] in told
    assert {"de": "Solist: ein Punkt", "en": "Soloist: one point"}[lang] in text
    assert {"de": "Kritiker: ein Punkt weniger", "en": "Critic: one point less"}[lang] in text
    assert "1 Punkte" not in text and "1 points" not in text
    win = n.winner_message({"winners": ["Anna", "Clara"], "scores": {"Anna": 5, "Clara": 5, "Amadeus": 1}}, v).text
    assert {"de": "noch eine Runde", "en": "another round"}[lang] not in win
    assert c.get("orchestra.table_round", round=2, count=1) == {
        "de": "Runde 2. Noch eine Karte im Stapel.", "en": "Round 2. One card left in the pile."}[lang]


def test_pass_with_a_drawn_card_asks_to_place_it_first():
    from voice_game.core.errors import RuleError
    from voice_game.games.orchestra import rules
    from voice_game.games.orchestra.state import Action
    from tests.orchestra.helpers import do, new

    s, _ = do(new(3), Action("draw"))
    with pytest.raises(RuleError) as err:
        rules.apply(s, Action("pass"))
    assert err.value.reason == "must_place_first"


# --- Concerto ---------------------------------------------------------------

def cv(phase="action", **kw):
    v = {"you": 0, "current": 0, "turn_of": 0, "phase": phase, "turn": 5, "maestro": False,
         "conductor": {"active": False, "card": None}, "market": ["choir", "brass"], "instrument_pile_size": 20,
         "instrument_discard": [], "performance": None,
         "players": [{"name": "Anna", "hand_count": 2, "orchestra": [], "hand": [], "specials": []},
                     {"name": "Amadeus", "hand_count": 3, "orchestra": []}]}
    v.update(kw)
    return v


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_conducting_is_one_message_without_instructions_to_the_human(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = cv()
    evs = [ev("turn", player=1, number=6), ev("performance_started", player=1, level="green", piece="beethoven-fur-elise", follow=True)]
    piece = load_content().pieces["beethoven-fur-elise"]
    for x in piece.instruments:
        evs.append(ev("beat_correct", player=1, instrument=x, pattern="circle", encore=False, step=1, left=0))
    evs += [ev("performance_succeeded", player=1, level="green", piece="beethoven-fur-elise", points=3, bonus=0, gained=3, score=3),
            ev("piece_revealed", level="green", piece="schubert-ave-maria"),
            ev("instrument_lost", player=1, instrument=piece.instruments[0], pattern="circle", reason="given_up"),
            ev("turn", player=0, number=7)]
    out = n.events(evs, v)
    said = " ".join(texts(out))
    hint = {"de": "Nenne jedes Instrument", "en": "Name each instrument"}[lang]
    assert hint not in said
    bot = [m for m in out if m.kind == "bot"]
    # the move and its result in one message: the applause cue (from the seat's side) carries success,
    # the words say the rest once
    assert len(bot) == 1 and bot[0].text.startswith("Amadeus") and bot[0].cue == "event.applause"
    assert bot[0].pan == pan_for(2, 2)  # from Amadeus's side
    assert c.get("concerto.bot_applause") not in bot[0].text
    conducts = c.get("concerto.bot_sentence", player="Amadeus",
                     actions=c.get("concerto.bot_conduct", piece=c.get("level.green.ref")))
    assert bot[0].history.startswith(conducts + " " + c.get("concerto.bot_applause"))  # the history says it
    assert bot[0].fallback == bot[0].history
    gave = c.get(f"instrument.{piece.instruments[0]}.name")
    result = bot[0].text
    # the score and the give-up said once; the piece's points were said with the piece (the history keeps them)
    assert result.count("3") == 1 and result.count(gave) == 1
    # the written words (braille, the history) carry the same facts as the voice, and the cue's word (issue 25)
    words = lambda t: re.findall(r"\w+", t.lower())  # noqa: E731
    applause = words(c.get("concerto.bot_applause"))
    assert [w for w in words(bot[0].history) if w not in applause] == words(bot[0].text)
    assert {"de": "Neues Stück", "en": "New piece"}[lang] in said  # the new piece is its own fact
    assert c.get("concerto.turn_you") in said or c.get("concerto.turn_you_hint") in said


@pytest.mark.parametrize("lang", LANGS)
def test_every_required_step_is_prompted_and_only_when_new(lang):
    c = load_catalog(lang)
    content = load_content()
    n = ConcertoNarrator(c, {0}, "default")
    refill = texts(n.prompt(cv("refill")))
    assert len(refill) == 1 and c.get("instrument.choir.name") in refill[0] and c.get("instrument.brass.name") in refill[0]
    assert n.prompt(cv("refill")) == []  # said once
    piece = content.pieces["beethoven-5"]
    perf = {"player": 0, "piece": "beethoven-5", "level": "yellow", "beats": [[piece.instruments[0], "circle"]],
            "follow": True, "encore": False}
    nxt = texts(n.prompt(cv("conduct", performance=perf)))
    assert nxt == [c.get("concerto.next", instrument=c.get(f"instrument.{piece.instruments[1]}.name"))]
    # the game is over: nothing to give up
    assert n.prompt(cv("over", performance=perf)) == []
    orch = [{"instrument": x, "pattern": None} for x in piece.instruments]
    v = cv("give_up", performance=perf)
    v["players"][0]["orchestra"] = orch
    give = texts(n.prompt(v))
    assert len(give) == 1 and c.get(f"instrument.{piece.instruments[0]}.name") in give[0]
    # the success itself asks nothing: the new piece comes first, then the prompt
    said = texts(n.events([ev("performance_succeeded", player=0, level="yellow", piece="beethoven-5", points=5, bonus=0,
                                 gained=5, score=9)], v))
    assert all(c.get("concerto.give_up_short", instruments="").split(":")[0] not in t for t in said)


@pytest.mark.parametrize("lang", LANGS)
def test_zero_points_after_an_encore_is_said_plainly(lang):
    c = load_catalog(lang)
    for humans in ({0}, {1}):
        n = ConcertoNarrator(c, humans, "default")
        e = ev("performance_succeeded", player=0, level="green", piece="beethoven-fur-elise", points=2, bonus=-2, gained=0, score=7)
        said = " ".join(m.text for m in n.events([e], cv()) + n.flush(cv()))
        assert "0" not in said.replace("7", "")
        assert {"de": "keine punkte", "en": "no points"}[lang] in said.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_concerto_table_counts_cards_in_hand_grammatically(lang):
    c = load_catalog(lang)
    assert c.get("concerto.table_hand", count=1) == {"de": "Eine Karte auf der Hand.", "en": "One card in hand."}[lang]
    assert c.get("concerto.table_hand", count=0) == {"de": "Keine Karten auf der Hand.", "en": "No cards in hand."}[lang]
    assert "kein " not in c.get("concerto.reason.not_in_hand", instrument="Holzbläser")


# --- plurals ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_message_renders_for_0_1_2_and_5(lang):
    c = load_catalog(lang)
    plural = [k for k in sorted(c.keys()) if c.selectors(k)]
    assert len(plural) > 40
    bad = []
    for key in plural:
        by = c.selectors(key)
        fields = c.fields(key) - by
        for n in (0, 1, 2, 5):
            text = c.get(key, **{b: n for b in by}, **{f: "X" for f in fields})
            if "{" in text or "}" in text:
                bad.append((key, n, "unfilled"))
            if n == 1 and re.search(r"(?<![\d.])1(?![\d.])", text):
                bad.append((key, n, text))  # "one" is a word: "ein Punkt", never "1 Punkte"
            if n in (2, 5) and _prints_its_number(c, key, by) and str(n) not in text \
                    and not (n == 2 and re.search(r"\b(zweimal|twice)\b", text)):  # a count said as a word
                bad.append((key, n, text))
            if n == 1 and re.search(r"\b1 (Karten|Punkte|Musiker bleiben|cards|points|musicians stay)\b", text):
                bad.append((key, n, text))
    assert bad == []


def _prints_its_number(c, key: str, by: set[str]) -> bool:
    """Whether the message's default form says the number it chooses by."""
    msg = c.messages[key]
    if isinstance(msg, dict):  # the older TOML plural table
        return any("{" + b + "}" in msg.get("other", "") for b in by)
    from fluent.syntax import FluentSerializer

    text = FluentSerializer().serialize_entry(msg.node)
    return any(re.search(r"\*\[other\][^\n]*\{ \$" + b + r" \}", text) for b in by)


# --- sessions: secrets and levels ------------------------------------------------

def concerto_session(lang, seats, seed, lines):
    kit = get_kit("concerto")
    state = kit.new_game([s.name for s in seats], [], seed, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()), seed=seed)
    s.inputs = lines(s)
    s.start(kit.rules.opening_events(state))
    s.run()
    return s, buf.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_the_history_never_replays_an_own_beat_pattern(lang):
    g = load_grammar(lang)

    def lines(s):
        kit = s.kit
        start = next(a for a in kit.rules.legal_actions(s.state) if a.kind == "start")
        yield g.render(kit.adapter.command_for(start))
        place = next((a for a in kit.rules.legal_actions(s.state) if a.kind == "place"), None)
        if place is not None:
            yield g.render(kit.adapter.command_for(place))
        yield REPEAT[lang]
        for _ in range(30):
            yield PREVIOUS[lang]

    s, out = concerto_session(lang, [Seat("Anna"), Seat("Clara", "bot")], 4, lines)
    c = s.c
    own = [(ins, pat) for ins, pat in s.state.orchestras[0] if pat]
    assert len(own) >= 2
    lines = out.splitlines()
    for ins, pat in own:
        name = ConcertoNarrator(c, {0}, "default").ins(ins)  # with its grammar ("Streicher schlagen")
        forms = [sentence(c.get(f"concerto.{key}", instrument=name,
                                pattern=c.get(f"pattern.{pat}.name"))) for key in ("pattern_you", "pattern_short")]
        assert sum(lines.count(x) for x in forms) == 1, forms  # announced once, never replayed
        pair = forms[1].rstrip(".").lower()  # "Sonstige schlägt Kreuz" / "your misc plays cross"
        assert all(pair not in m.text.lower() for m in s.history)
    # the bot's patterns are public: they may be heard again
    assert out.count(c.get("history.start")) >= 1  # the history was stepped through to its start


@pytest.mark.parametrize("lang", LANGS)
def test_hot_seat_private_messages_leave_the_shared_history(lang):
    def lines(s):
        yield {"de": "tisch", "en": "table"}[lang]  # not yet: only "ready" counts
        yield READY[lang]
        for _ in range(30):
            yield PREVIOUS[lang]

    s, out = concerto_session(lang, [Seat("Anna"), Seat("Ben")], 6, lines)
    c = s.c
    hand = c.get("concerto.hand_dealt", cards="§").split("§")[0]
    private = [line for line in out.splitlines() if line.startswith(hand)]
    assert len(private) == 2  # Anna's hand after she said "ready", and once more as she steps back to it
    # it is Anna's alone: Ben's "vorherige nachricht" never reaches it (issue 25)
    assert all(not e.message.text.startswith(hand) for e in s.history.seen(1))
    assert any(e.message.text.startswith(hand) for e in s.history.seen(0))
    assert c.get("concerto.handover", player="Anna") in out
    assert c.get("concerto.handover_wait", player="Anna") in out
    # the hand-over comes before anything private: the prompt (with an example from the hand) after "ready"
    lines = out.splitlines()
    handover = lines.index(c.get("concerto.handover", player="Anna"))
    prompts = (c.get("concerto.choose_start_named", player="Anna"), c.get("concerto.choose_start_you"))
    assert all(not x.startswith(prompts) for x in lines[:handover])
    assert any(x.startswith(prompts) for x in lines[handover:])


@pytest.mark.parametrize("lang", LANGS)
def test_three_detail_levels_differ_and_brief_keeps_every_move(lang):
    kit = get_kit("orchestra")
    seats = [Seat("Anna", "bot"), Seat("Ben", "bot"), Seat("Clara", "bot")]
    words = {}
    for detail in ("brief", "default", "verbose"):
        state = kit.new_game([x.name for x in seats], [], 7, None)
        buf = io.StringIO()
        s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()),
                    seed=7, verbose=detail)
        s.start(kit.rules.opening_events(state))
        s.run()
        out = buf.getvalue()
        words[detail] = len(out.split())
        takes = sum(1 for line in out.splitlines() if re.search(r"Dirigent \d:|conductor \d:|nimmt \d:|takes \d:", line))
        assert takes >= 3  # every take is said at every level, with its cards
    assert words["brief"] < words["default"] < words["verbose"]


@pytest.mark.parametrize("lang", LANGS)
def test_help_is_grouped_and_silent_about_an_empty_now(lang):
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    c = load_catalog(lang)
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(io.StringIO()), iter(()), seed=3)
    s.start(kit.rules.opening_events(state))

    def advance():
        while kit.rules.current_player(s.state) != 0:
            p = kit.rules.current_player(s.state)
            if p in s.bots:
                s.commit(s.bots[p].choose(kit.view(s.state, p), kit.rules.legal_actions(s.state)))
            else:
                s.commit(None)

    advance()
    start = next(a for a in kit.rules.legal_actions(s.state) if a.kind == "start")
    s.commit(start)
    while kit.rules.current_player(s.state) != 0:
        p = kit.rules.current_player(s.state)
        if p in s.bots:
            s.commit(s.bots[p].choose(kit.view(s.state, p), kit.rules.legal_actions(s.state)))
        else:
            s.commit(None)
    help_text = " ".join(m.text for m in s.help_messages())
    assert c.get("help.group.special") in help_text  # a card's name alone does not say what it does
    # a kind whose example's verb says it has no label: "chor einsetzen", not "Instrumente: chor einsetzen"
    assert c.get("help.group.place_instrument") + ":" not in help_text and c.get("help.group.swap") not in help_text
    assert len(help_text.split()) < 60  # one example per kind, not every swap combination
    # a group's label names the kind of move, never the verb its example already says
    for item in s.help_messages()[0].text.split(": ", 1)[1].split("; "):
        if ": " in item:
            label, example = item.split(": ", 1)
            assert not set(label.lower().split()) & set(example.lower().rstrip(".").split()), item
    s.kit = types.SimpleNamespace(rules=types.SimpleNamespace(legal_actions=lambda st: []), adapter=kit.adapter,
                                  name=kit.name, help_item=None)
    msgs = s.help_messages()
    assert all(not m.text.startswith(c.get("help.now", commands="").split("{")[0].rstrip(": .")) for m in msgs)
    assert ": ." not in " ".join(m.text for m in msgs)


@pytest.mark.parametrize("lang,seed", [("de", 8), ("en", 21)])
def test_after_a_success_the_new_piece_comes_before_the_give_up_prompt(lang, seed):
    """A whole game against a bot: every give-up prompt follows the applause and the new
    piece, none comes after the end, and the refill is prompted."""
    from tests.test_concerto_cli import human_lines

    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    buf = io.StringIO()
    c = load_catalog(lang)
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(()), seed=seed)
    s.inputs = human_lines(s, lang, [])
    s.start(kit.rules.opening_events(state))
    s.run()
    lines = buf.getvalue().splitlines()
    give = [c.get("concerto.give_up_now", instruments="§").split("§")[0],
            c.get("concerto.give_up_short", instruments="§").split("§")[0]]
    applause = c.get("concerto.performance_succeeded_you_short", count=2, score=0).split("!")[0] + "!"
    new_piece = (c.get("concerto.piece_revealed", details="§").split("§")[0],  # after a success: the news
                 c.get("concerto.piece_revealed_same", count=2, instruments="§").split(",")[0],
                 c.get("concerto.piece_revealed_same_short", count=2, instruments="§").split(" ")[0])
    asked = [i for i, x in enumerate(lines) if x.startswith(tuple(give))]
    assert asked, "the game had a success with an instrument to give up"
    for i in asked:
        last_applause = max(j for j in range(i) if lines[j].startswith(applause))
        assert any(lines[j].startswith(new_piece) for j in range(last_applause, i))
    over = next(i for i, x in enumerate(lines) if x.startswith(c.get("concerto.game_over_target")[:12]))
    assert not any(i > over for i in asked)
    refill = c.get("concerto.refill", count=1, options="§").split("§")[0]
    assert any(x.startswith(refill) for x in lines)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("detail", ["brief", "default", "verbose"])
def test_every_line_of_a_whole_game_has_words_and_no_field_left(lang, detail):
    from tests.test_concerto_cli import human_lines

    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot"), Seat("Dora", "bot")]
    state = kit.new_game([x.name for x in seats], [], 5, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()), seed=5,
                verbose=detail)
    s.inputs = human_lines(s, lang, [])
    s.start(kit.rules.opening_events(state))
    s.run()
    lines = buf.getvalue().splitlines()
    assert len(lines) > 50
    assert [x for x in lines if not re.search(r"[A-Za-zÄÖÜäöüß]", x) or "{" in x or ",," in x or " ." in x] == []
    assert all(x[0].isupper() or x[0].isdigit() or x[0] in "„\"" for x in lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_names_the_discard_pile_for_audition(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = cv(open_pieces={"green": None}, piece_pile_sizes={"green": 0}, target=25, instrument_discard=["guitar", "piano",
                                                                                                      "piano"])
    for p in v["players"]:
        p.update(score=0, special_count=1)
    said = " ".join(texts(n.table(v)))
    cards = c.get("instrument.guitar.name") + f" {c.get('list.and')} " + c.get(
        "concerto.times", count=2, instrument=c.get("instrument.piano.name"))
    assert c.get("concerto.table_discard", cards=cards) in said
    assert c.get("concerto.table_turn_number_you", number=5) in said  # "Du bist dran, Zug 5."


@pytest.mark.parametrize("lang", LANGS)
def test_what_a_special_card_does_is_one_question_away(lang):
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    c = load_catalog(lang)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(
        [{"de": "was macht headhunter", "en": "what does headhunter do"}[lang]]), seed=3)
    s.run()
    assert c.get("special.headhunter.text") in buf.getvalue()


@pytest.mark.parametrize("lang", LANGS)
def test_without_sound_brief_narration_keeps_what_the_cues_would_carry(lang):
    """Text only (a braille display, a pipe): the seat's name and "your turn" come back."""
    c = load_catalog(lang)
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(
        [{"de": "ziehen", "en": "draw"}[lang], "1"]), seed=3, verbose="brief")
    s.start(kit.rules.opening_events(state))
    s.run()
    out = buf.getvalue()
    # the first turn: every conductor is empty, so the hint names drawing alone
    assert c.get("orchestra.turn_you_hint_draw") in out and c.get("orchestra.placed_you", conductor=1) in out
    assert any(line.startswith("Ben") for line in out.splitlines())


# --- the human seat -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_table_and_scores_speak_to_you_not_of_your_seat(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    v = cv(open_pieces={"green": None, "yellow": None, "orange": None},
           piece_pile_sizes={"green": 0, "yellow": 0, "orange": 0}, target=25)
    v["players"][0].update(score=3, special_count=0)
    v["players"][1].update(score=4, special_count=1)
    said = " ".join(texts(n.table(v) + n.my_cards(v) + n.scores(v, {"scores": [3, 4]})))
    assert "Anna" not in said
    assert c.get("concerto.table_player_you", count=3) in said and c.get("concerto.score_player_you", count=3) in said
    assert c.get("concerto.table_player", player="Amadeus", count=4) in said
    o = OrchestraNarrator(c, {0}, "default")
    d = {"player": 0, "total": 7, "quartets": 1, "families": {}, "bonuses": {}}
    assert o.player_score_text(ov(), d).startswith(c.get("orchestra.score_player_you", count=7))


@pytest.mark.parametrize("lang", LANGS)
def test_the_default_human_seat_is_you_not_player(lang, tmp_path):
    import json
    import os
    import subprocess
    import sys

    c = load_catalog(lang)
    save = tmp_path / "game.json"
    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path), VOICE_GAME_DATA_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", lang, "--tts", "text",
                        "--seed", "1", "--save", str(save)], input="tisch\n", capture_output=True, text=True,
                       env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    seats = json.loads(save.read_text(encoding="utf-8"))["seats"]
    humans = [x["name"] for x in seats if x["kind"] == "human"]
    # not "Spieler", which collides with "Spieler zwei" (a seat by number)
    assert humans == [c.get("setup.default_you")] and humans[0] != c.get("setup.default_player")


@pytest.mark.parametrize("lang", LANGS)
def test_since_my_turn_replays_the_others_moves_and_nothing_asked_for(lang):
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 5, None)
    c = load_catalog(lang)
    out = io.StringIO()
    g = load_grammar(lang)
    s = Session(kit, state, seats, g, c, TextOutput(out), iter(()), seed=5)
    s.start(kit.rules.opening_events(state))

    def others():
        while kit.rules.current_player(s.state) != 0 and not kit.rules.is_over(s.state):
            p = kit.rules.current_player(s.state)
            if p in s.bots:
                s.commit(s.bots[p].choose(kit.view(s.state, p), kit.rules.legal_actions(s.state)))
            else:
                s.commit(None)

    others()
    for _ in range(2):  # my turn: draw and place, then the bots
        s.handle(InputLine(g.render({"intent": "draw"})), 0)
        while kit.rules.current_player(s.state) == -1:
            s.commit(None)
        place = next(a for a in kit.rules.legal_actions(s.state) if a.kind == "place")
        mark = len(s.history)
        s.commit(place)
        s.say_prompt(0) if kit.rules.current_player(s.state) == 0 else None
        others()
        s.say_prompt(0)
    bots = [m.text for m in list(s.history)[mark:] if m.kind == "bot" and m.text]
    s.handle(InputLine(g.render({"intent": "table"})), 0)  # asked for: never replayed
    out.seek(0)
    out.truncate()
    s.handle(InputLine(g.render({"intent": "since_my_turn"})), 0)
    said = out.getvalue()
    assert bots and all(b in said for b in bots)
    assert c.get("orchestra.table_round", round=1, count=0).split(".")[0] not in said
    assert said.count("\n") <= len(list(s.history)[mark:]) + 1


@pytest.mark.parametrize("lang", LANGS)
def test_one_conductors_row_and_one_opponents_orchestra_are_one_command_away(lang):
    c = load_catalog(lang)
    g = load_grammar(lang)
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 5, None)
    out = io.StringIO()
    s = Session(kit, state, seats, g, c, TextOutput(out), iter(()), seed=5)
    v = s.listener_view()
    v["rows"][1] = {"tuba": 2}
    s.listener_view = lambda: v
    out.seek(0)
    out.truncate()
    s.handle(InputLine(g.render({"intent": "row", "conductor": 2})), 0)
    assert out.getvalue().strip() == c.get("orchestra.table_row", conductor=2, cards=c.get("orchestra.count.tuba", count=2))
    assert s.state is state  # asking changes nothing (never "place at 2")
    out.seek(0)
    out.truncate()
    s.handle(InputLine(g.render({"intent": "row", "conductor": 5})), 0)
    assert c.get("orchestra.no_row", count=3) in out.getvalue()

    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    out = io.StringIO()
    s = Session(kit, state, seats, g, c, TextOutput(out), iter(()), seed=3)
    s.handle(InputLine(g.render({"intent": "orchestra_of", "position": 2})), 0)
    said = out.getvalue()
    assert said.startswith(c.get("concerto.table_player", player="Clara", count=0))
    assert all(c.get(f"pattern.{p}.name") not in said for p in ("circle", "cross", "stab", "swoosh"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("player", [0, 1])
def test_repertoire_is_the_card_and_three_new_pieces_each_with_its_level(lang, player):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    pieces = {"green": "beethoven-fur-elise", "yellow": "beethoven-5", "orange": "beethoven-9"}
    content = load_content()
    pieces = {lv: next(pid for pid, p in content.pieces.items() if p.level == lv) for lv in pieces}
    evs = [ev("turn", player=player, number=6), ev("special_played", player=player, card="repertoire", effect=True)]
    for lv, pid in pieces.items():
        evs.append(ev("piece_replaced", player=player, level=lv, piece=pid))
    for lv, pid in pieces.items():
        evs.append(ev("piece_revealed", level=lv, piece=pid))
    said = texts(n.events(evs, cv()) + n.flush(cv()))
    levels = [c.get(f"level.{lv}.name").lower() for lv in pieces]
    # all three are new: "Grün für 3 Punkte: ...", then "Gelb für 5: ...", as in the opening
    new = [x for x in said if any(x.lower().startswith(lv) for lv in levels)]
    assert len(new) == 3 and all(x.lower().startswith(lv) for lv, x in zip(levels, new, strict=True))
    points = {"de": "Punkte", "en": "points"}[lang]
    assert points in new[0] and points not in new[1] + new[2]
    under = {"de": "unter den Stapel", "en": "under the pile"}[lang]
    assert [x for x in said if under in x] == []  # the new pieces say what Repertoire did
    assert sum(c.get("special.repertoire.name") in x for x in said) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_swap_says_the_cards_once_without_counting_them_first(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    e = ev("cards_discarded", player=0, instruments=["strings", "strings", "brass"], specials=[])
    said = texts(n.events([e], cv()))
    assert said == [c.get("concerto.cards_discarded_you", cards=n.counted(["strings", "strings", "brass"]))]
    assert "3" not in said[0]  # "2 mal Streicher und Blechbläser" says how many


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["orchestra", "concerto"])
@pytest.mark.parametrize("detail", ["default", "verbose"])
def test_since_my_turn_starts_after_your_own_move(lang, game, detail):
    """"Since my turn" replays what the others did after your move, not your own move
    again with its question ("You drew a drum. Which conductor?"), in both languages."""
    kit = get_kit(game)
    seats = [Seat("Anna"), Seat("Amadeus", "bot"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    c = load_catalog(lang)
    out = io.StringIO()
    g = load_grammar(lang)
    first = {"orchestra": {"de": ["ziehen", "1"], "en": ["draw", "1"]},
             "concerto": {"de": ["orchester chor schlagwerk"], "en": ["orchestra choir percussion"]}}[game][lang]
    s = Session(kit, state, seats, g, c, TextOutput(out), iter(first), seed=3, verbose=detail)
    s.start(kit.rules.opening_events(state))
    s.run()  # your move, then the bots', up to your next turn
    assert kit.rules.current_player(s.state) == 0
    msgs = list(s.history)
    turns = [i for i, m in enumerate(msgs) if m.cue == "event.your_turn"]
    own = [m.text or m.fallback for m in msgs[turns[-2] + 1:] if m.kind in ("result", "place", "draw")]
    others = [m.text or m.fallback for m in msgs[turns[-2] + 1:turns[-1]] if m.kind == "bot" and m.priority != "low"]
    assert own and others
    out.seek(0)
    out.truncate()
    s.handle(InputLine(g.render({"intent": "since_my_turn"})), 0)
    said = out.getvalue().splitlines()
    assert said == others
