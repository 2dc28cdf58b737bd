"""Every fact one command away (issue 10): the discard and special-card piles, the maestro
rules and the active conductor card, seats by name for Headhunter, Sabotage and an
opponent's orchestra, and a shared win spoken to the human in the second person."""
from __future__ import annotations

import io
import json

import pytest

from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.events import ev
from voice_game.games import get as get_kit
from voice_game.games.concerto.narrator import ConcertoNarrator
from voice_game.games.orchestra.narrator import OrchestraNarrator
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

LANGS = ["de", "en"]
START = {"de": "orchester chor schlagwerk", "en": "orchestra choir percussion"}


def concerto_session(lang, lines, variants=(), seats=None):
    kit = get_kit("concerto")
    seats = seats or [Seat("Anna"), Seat("Amadeus", "bot")]
    state = kit.new_game([x.name for x in seats], list(variants), 3, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), lines, seed=3)
    return s, buf


@pytest.mark.parametrize("lang", LANGS)
def test_the_discard_and_special_piles_are_one_question_away(lang):
    c = load_catalog(lang)
    words = {"de": ["ablagestapel", "sonderkartenstapel"], "en": ["discard pile", "special card pile"]}[lang]
    s, buf = concerto_session(lang, iter(words))
    s.run()
    said = buf.getvalue()
    pile = s.kit.view(s.state, 0)["special_pile_size"]
    assert c.get("concerto.table_discard_empty") in said
    assert c.get("concerto.special_pile", count=pile) in said
    assert c.get("concerto.special_discard_empty") in said
    n = ConcertoNarrator(c, {0}, "default")
    v = s.kit.view(s.state, 0)
    v.update(instrument_discard=["guitar", "piano", "piano"], special_discard=["sabotage", "sabotage", "audition"])
    text = " ".join(m.text for m in n.discard_pile(v) + n.special_pile(v))
    assert c.get("instrument.guitar.name") in text and c.get("concerto.times", count=2, instrument=c.get(
        "instrument.piano.name")) in text
    assert c.get("concerto.times", count=2, instrument=c.get("special.sabotage.name")) in text
    assert c.get("special.audition.name") in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_conductor_card_is_said_only_as_far_as_the_seed_allows(lang):
    c = load_catalog(lang)
    ask = {"de": "dirigentenkarte", "en": "conductor card"}[lang]
    s, buf = concerto_session(lang, iter([ask]))
    s.run()
    assert c.get("concerto.maestro_none") in buf.getvalue()
    for variants, visible in ((["maestro"], False), (["maestro", "conductor-visible"], True)):
        s, buf = concerto_session(lang, iter([ask]), variants)
        s.run()  # the first conductor card is drawn and read out
        said = buf.getvalue().split(c.get("concerto.choose_start_you"))[-1]  # what the question answered
        g = s.g
        card = s.state.conductor_active
        assert card is not None
        assert (c.get(f"conductor.{card}.text") in said) is visible  # face down after it was read out
        assert (c.get("concerto.table_conductor_hidden") in said) is not visible
        assert g.render({"intent": "conduct_ignore", "level": "green"}) in said  # how to ignore it


@pytest.mark.parametrize("lang", LANGS)
def test_seats_by_name_for_sabotage_and_an_opponents_orchestra(lang):
    c = load_catalog(lang)
    holder: dict = {}

    def lines():
        yield START[lang]
        yield {"de": "orchester von amadeus", "en": "orchestra of amadeus"}[lang]
        s = holder["s"]
        a, b = [x for x, _ in s.state.orchestras[1]][:2]
        g = s.g
        names = g.render({"intent": "play_special_pair", "card": "sabotage", "instrument": a, "other": b})
        words = names.split()
        holder["pair"] = (a, b)
        holder["before"] = dict(s.state.orchestras[1])
        yield {"de": f"Sabotage Amadeus {words[1]} gegen {words[-1]}",
               "en": f"sabotage Amadeus {words[1]} for {words[-1]}"}[lang]

    s, buf = concerto_session(lang, lines())
    holder["s"] = s
    s.start(s.kit.rules.opening_events(s.state))
    s.run()
    said = buf.getvalue()
    a, b = holder["pair"]
    assert c.get("concerto.table_orchestra", orchestra=ConcertoNarrator(c, {0}, "default").inss([a, b])) in said
    after, before = dict(s.state.orchestras[1]), holder["before"]
    assert "sabotage" in s.state.special_discard  # the card was played on Amadeus: two patterns swapped
    assert (after[a], after[b]) == (before[b], before[a])


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_name_is_no_number_where_no_seat_is_asked(lang):
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(io.StringIO()),
                iter([]), seed=3)
    assert s.seat_names_as_numbers("Ben") == "Ben"  # "2" would place a musician at conductor 2
    kit = get_kit("concerto")
    word = {"de": "Chor", "en": "Choir"}[lang]
    seats = [Seat("Anna"), Seat(word, "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    s = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(io.StringIO()),
                iter([]), seed=3)
    orch = {"de": "orchester von chor", "en": "orchestra of choir"}[lang]
    assert s.seat_names_as_numbers(orch) == orch  # a name made of the game's words stays a word


@pytest.mark.parametrize("lang", LANGS)
def test_a_shared_win_speaks_to_the_human(lang):
    c = load_catalog(lang)
    n = ConcertoNarrator(c, {0}, "default")
    kit = get_kit("concerto")
    state = kit.new_game(["Anna", "Amadeus", "Clara"], [], 3, None)
    v = kit.view(state, 0)
    details = [{"total": 12, "winner": True}, {"total": 12, "winner": True}, {"total": 3, "winner": False}]
    for i, d in enumerate(details):
        d["player"] = i
    said = [m.text for m in n.game_over({"reason": "target", "details": details}, v)]
    assert said[-1] == c.get("concerto.shared_win_you", players="Amadeus", count=12)
    assert "Anna" not in said[-1]
    o = OrchestraNarrator(c, {0}, "default")
    e = ev("game_over", winners=["Du" if lang == "de" else "You", "Ben"], scores={"Du" if lang == "de" else "You": 7,
                                                                                  "Ben": 7})
    v = {"players": ["Du" if lang == "de" else "You", "Ben"]}
    text = o.winner_message(e, v).text
    assert text == c.get("orchestra.shared_win_you", players="Ben", count=7)
    assert text.startswith({"de": "Du teilst dir den Sieg mit Ben", "en": "You share the win with Ben"}[lang])


def run_cli(args, lines):
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[1], env=env)


@pytest.mark.parametrize("lang", LANGS)
def test_resume_says_the_grand_maestro_cards_whose_turn_and_what_to_do(lang, tmp_path):
    c = load_catalog(lang)
    save = tmp_path / "s.json"
    draw = {"de": "ziehen", "en": "draw"}[lang]
    p = run_cli(["play", "orchestra", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben",
                 "--variant", "grand-maestro", "--save", str(save)], [draw, "1"])
    assert p.returncode == 0, p.stderr
    state = json.loads(save.read_text())["state"]
    p = run_cli(["play", "--resume", str(save), "--tts", "text"], [])
    assert p.returncode == 0, p.stderr
    out = p.stdout
    resumed = out.split(c.get("save.resumed"))[1]
    assert c.get("orchestra.maestro_intro") in resumed
    cards = json.dumps(state)
    names = [c.get(f"orchestra.maestro_name.{cid}") for cid in
             ("perfectionist", "soloist", "trio", "duet", "critic", "collector", "miser", "crowd") if f'"{cid}"' in cards]
    assert len(names) == 2 and all(n in resumed for n in names)
    assert c.get("orchestra.table_turn_you") in resumed  # whose turn
    assert any(c.get(k, commands="{x}").split("{x}")[0] in resumed for k in ("help.now", "help.now_grouped"))  # what to do


@pytest.mark.parametrize("lang", LANGS)
def test_resume_of_concerto_says_what_to_do(lang, tmp_path):
    c = load_catalog(lang)
    save = tmp_path / "s.json"
    p = run_cli(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,bot:Amadeus",
                 "--save", str(save)], [START[lang]])
    assert p.returncode == 0, p.stderr
    p = run_cli(["play", "--resume", str(save), "--tts", "text"], [])
    resumed = p.stdout.split(c.get("save.resumed"))[1]
    assert c.get("concerto.table_turn_number_you", number=1) in resumed
    now = c.get("help.now_grouped", commands="{x}").split("{x}")[0]
    assert now in resumed and "{" not in resumed


@pytest.mark.parametrize("lang", LANGS)
def test_the_settings_menu_offers_volumes_and_voice(lang, tmp_path, monkeypatch):
    from voice_game.audio.tts import TextOutput as Text
    from voice_game.menu import MenuApp
    from voice_game.settings import Store

    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_DATA_DIR", str(tmp_path / "data"))
    store, _ = Store.open()
    c = load_catalog(lang)
    app = MenuApp(lang, Text(io.StringIO()), iter(()), store=store)
    menu = app.settings_menu()
    items = {i.id: i for i in menu.items}
    assert {"detail", "volume", "cue_volume", "voice"} <= set(items)
    assert items["volume"].label() == c.get("menu.volume", volume=100)
    items["volume"].adjust(-1)
    items["cue_volume"].adjust(1)
    assert items["volume"].label() == c.get("menu.volume", volume=90)
    assert items["cue_volume"].label() == c.get("menu.cue_volume", volume=90)
    for _ in range(12):
        items["volume"].adjust(-1)
    assert app.out.volume == 10  # the voice never goes silent from the menu
    assert items["voice"].label() == c.get("menu.voice", name=c.get("menu.voice_default"))
    from voice_game.audio.voices import voices

    installed = voices(lang)  # espeak-ng's, MBROLA's and Pico's voices here, the default not among them
    items["voice"].adjust(1)  # the first installed voice of the language, or the default when there is none
    assert items["voice"].label() != c.get("menu.voice", name=c.get("menu.voice_default")) or not installed
    if "pico" in installed:  # Pico's name is heard as its family's, not as a settings word
        while Store.open()[0].settings.voice != "pico":
            items["voice"].adjust(1)
        assert items["voice"].label() == c.get("menu.voice", name="SVOX Pico")
        while Store.open()[0].settings.voice != installed[0]:
            items["voice"].adjust(-1)
    kept = Store.open()[0].settings
    assert kept.voice == (installed[0] if installed else "")
    assert (kept.speech_volume, kept.cue_volume) == (10, 90)
    g = load_grammar(lang)
    said = {"de": ["lautstärke", "klanglautstärke", "stimme"], "en": ["volume", "sound volume", "voice"]}[lang]
    assert [dict(p.command).get("item") for w in said for p in g.phrases("menu", ["menu_pick"])
            if p.text == w] == ["volume", "cue_volume", "voice"]


@pytest.mark.parametrize("lang", LANGS)
def test_one_opponents_musicians_by_name_in_tierorchester(lang):
    c = load_catalog(lang)
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    lines = {"de": ["ziehen", "1", "musiker von ben", "karten von spieler 3", "ben"],
             "en": ["draw", "1", "musicians of ben", "cards of player 3", "ben"]}[lang]
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(lines), seed=3)
    s.start(kit.rules.opening_events(s.state))
    s.run()
    said = buf.getvalue()
    v = kit.view(s.state, 0)
    coll = v["collections"][1]
    n = OrchestraNarrator(c, {0}, "default")
    expected = n.cards_of(v, 2)[0].text
    assert expected == (c.get("orchestra.cards_of", player="Ben", cards=n.cards(coll)) if any(coll.values())
                        else c.get("orchestra.cards_of_none", player="Ben"))
    assert expected in said
    assert c.get("orchestra.no_seat", count=2) in said
    assert said.rstrip().splitlines()[-2] == c.get("input.not_understood")  # a bare name is no move


@pytest.mark.parametrize("lang", LANGS)
def test_the_settings_menu_sets_the_narration_of_each_kind(lang, tmp_path, monkeypatch):
    from voice_game.audio.tts import TextOutput as Text
    from voice_game.menu import MenuApp
    from voice_game.settings import Store

    monkeypatch.setenv("VOICE_GAME_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("VOICE_GAME_DATA_DIR", str(tmp_path / "data"))
    store, _ = Store.open()
    c = load_catalog(lang)
    back = {"de": "zurück", "en": "back"}[lang]
    buf = io.StringIO()
    app = MenuApp(lang, Text(buf), iter(["4", "5", "5", back, back]), store=store)
    app.run_menu(app.settings_menu())
    said = buf.getvalue()
    what = c.get("audio.kind.bot")
    assert c.get("menu.verbosity_kind", what=what, level=c.get("audio.level.cue")) in said
    assert c.get("menu.verbosity_kind", what=what, level=c.get("audio.level.off")) in said
    assert c.get("menu.back_in_settings") in said
    assert Store.open()[0].settings.level("bot") == "off"  # kept for the next game


@pytest.mark.parametrize("lang", LANGS)
def test_always_available_names_the_games_own_questions(lang):
    ask = {"de": "immer möglich", "en": "always available"}[lang]
    s, buf = concerto_session(lang, iter([ask]))
    s.run()
    said = buf.getvalue().splitlines()[-2]
    g = s.g
    for cmd in ({"intent": "discard_pile"}, {"intent": "special_pile"}, {"intent": "conductor_card"},
                {"intent": "orchestra_of", "position": 2}, {"intent": "explain", "card": "headhunter"}):
        assert g.render(cmd) in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_recognizer_limited_to_the_phrases_now_can_hear_seat_names(lang):
    holder: dict = {}

    def lines():
        yield START[lang]
        holder["phrases"] = set(holder["s"].phrases_now())  # at the human's next turn

    s, _ = concerto_session(lang, lines())
    holder["s"] = s
    s.start(s.kit.rules.opening_events(s.state))
    s.run()
    phrases = holder["phrases"]
    assert {"de": "orchester von amadeus", "en": "orchestra of amadeus"}[lang] in phrases
    a, b = [x for x, _ in s.state.orchestras[1]][:2]
    said = s.g.render({"intent": "play_special_at", "attack": "sabotage", "position": 2, "first": a, "other": b})
    named = " ".join(w for w in said.split() if w not in ("spieler", "player", "zwei", "two"))
    named = named.replace("sabotage", "sabotage amadeus", 1)
    assert named in phrases
    u = s.seat_names_as_numbers(named)
    assert u != named  # heard by voice, the name becomes the seat's number again
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    o = Session(kit, kit.new_game(["Anna", "Ben"], [], 3, None), seats, load_grammar(lang), load_catalog(lang),
                TextOutput(io.StringIO()), iter([]), seed=3)
    phrases = set(o.phrases_now())
    assert {"de": "musiker von ben", "en": "musicians of ben"}[lang] in phrases and "ben" not in phrases


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_name_the_tables_variants(lang):
    c = load_catalog(lang)
    ask = {"de": "regeln", "en": "rules"}[lang]
    s, buf = concerto_session(lang, iter([ask]), ["maestro"])
    s.run()
    said = buf.getvalue().split(c.get("concerto.choose_start_you"))[-1]  # what the question answered
    assert c.get("concerto.rules") in said
    assert c.get("concerto.rules_maestro", count=s.state.target) in said  # a new card after each success
    assert c.get("concerto.maestro_rules", count=2, example=s.g.render({"intent": "conduct_ignore",
                                                                          "level": "green"})) in said
    assert c.get("concerto.table_conductor_hidden") in said  # face down after it was read out
    s, buf = concerto_session(lang, iter([ask]))
    s.run()
    assert c.get("concerto.rules_maestro", count=30) not in buf.getvalue()
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], ["grand-maestro", "falsche-note"], 3, None)
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter([ask]), seed=3)
    s.run()
    said = buf.getvalue()
    assert c.get("orchestra.rules") in said
    assert c.get("orchestra.falsche_note", count=len(state.removed)) in said
    assert all(c.get(f"orchestra.maestro.{cid}") in said for cid in state.maestro)


@pytest.mark.parametrize("lang", LANGS)
def test_a_conductor_asked_about_is_told_never_played(lang):
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, None)
    c = load_catalog(lang)
    lines = {"de": ["Dirigent 1?", "ziehen", "Dirigent 2?", "2?", "Dirigent 2 nehmen?"],
             "en": ["Conductor 1?", "draw", "Conductor 2?", "2?", "take conductor 2?"]}[lang]
    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter(lines), seed=3)
    s.start(kit.rules.opening_events(s.state))
    s.run()
    said = buf.getvalue().splitlines()
    n = OrchestraNarrator(c, {0}, "default")
    v = kit.view(s.state, 0)
    assert s.state.drawn is not None and not any(s.state.rows)  # the drawn card still waits to be placed
    assert said.count(n.row(v, 2)[0].text) == 3
    assert n.row(v, 1)[0].text in said


@pytest.mark.parametrize("lang", LANGS)
def test_the_players_are_named_in_the_menu(lang, tmp_path):
    from voice_game.menu import MenuApp
    from voice_game.tutorial.progress import Progress

    c = load_catalog(lang)
    w = {"de": ["Concerto", "menschen 2", "namen", "Anna, Amadeus", "namen", "Ben, ben", "start", "bereit"],
         "en": ["Concerto", "humans 2", "names", "Anna, Amadeus", "names", "Ben, ben", "start", "ready"]}[lang]
    buf = io.StringIO()
    progress = Progress(tmp_path / "progress.json")
    progress.set_flag("tutorial_offered")
    menu = MenuApp(lang, TextOutput(buf), iter(w), progress=progress)
    menu.saves = tmp_path / "saves"
    assert menu.run() == 0
    said = buf.getvalue().splitlines()
    assert c.get("menu.names_ask", count=2) in said
    assert c.get("menu.names", count=2, names="Anna, Amadeus") in said
    assert c.get("menu.names_bad", name="ben", max=60) in said  # each name once: the names stay
    assert c.get("concerto.handover", player="Anna") in said  # the hot-seat hand-over by name
    seats = json.loads((tmp_path / "saves" / "concerto.json").read_text())["seats"]
    assert [s["name"] for s in seats] == ["Anna", "Amadeus", "Clara"]  # the bot makes way for a human's name


@pytest.mark.parametrize("lang", LANGS)
def test_help_is_one_example_per_kind_and_more_says_the_rest(lang):
    from voice_game.session.meta import HELP_LIST, always_message

    c = load_catalog(lang)
    holder: dict = {}
    ask = {"de": ["hilfe", "mehr"], "en": ["help", "more"]}[lang]

    def lines():
        yield START[lang]
        s = holder["s"]
        holder["legal"] = [s.kit.adapter.command_for(a) for a in s.kit.rules.legal_actions(s.state)]
        yield from ask

    s, buf = concerto_session(lang, lines())
    holder["s"] = s
    s.start(s.kit.rules.opening_events(s.state))
    s.run()
    said = buf.getvalue().splitlines()
    hint = c.get("help.always_short", commands=", ".join(s.g.render({"intent": i}) for i in ("table", "my_cards",
                                                                                            "scores")),
                 more=s.g.render({"intent": "more"}))
    at = said.index(hint)
    grouped, rest = said[at - 1], said[at + 1]
    kinds: dict = {}
    for cmd in holder["legal"]:
        kinds.setdefault(s.kit.help_groups.get(cmd["intent"], cmd["intent"]), []).append(s.g.render(cmd))
    legal = [x for items in kinds.values() for x in dict.fromkeys(items)]
    assert len(legal) > 10 and sum(x in grouped for x in legal) < len(legal) // 2  # one example per kind
    for items in kinds.values():  # "mehr": the rest, kind by kind (a long kind: its first ones and a count)
        assert all(x in rest for x in list(dict.fromkeys(items))[:HELP_LIST]), items
    assert said[at + 2] == always_message(s).text  # and everything that is always available


@pytest.mark.parametrize("lang", LANGS)
def test_hot_seat_repeat_says_again_what_only_the_player_at_the_speaker_heard(lang):
    c = load_catalog(lang)
    ready, repeat = {"de": ("bereit", "wiederholen"), "en": ("ready", "repeat")}[lang]
    holder: dict = {}

    def lines():
        yield ready
        yield repeat
        s = holder["s"]
        start = next(a for a in s.kit.rules.legal_actions(s.state) if a.kind == "start")
        yield s.g.render(s.kit.adapter.command_for(start))
        yield repeat  # Ben has not taken over yet: only "ready" counts
        yield ready
        yield repeat

    s, buf = concerto_session(lang, lines(), seats=[Seat("Anna"), Seat("Ben")])
    holder["s"] = s
    s.start(s.kit.rules.opening_events(s.state))
    s.run()
    said = buf.getvalue().splitlines()
    prompts = [x for x in said if x.startswith(c.get("concerto.choose_start_you").split(".")[0])]
    assert len(prompts) == 4 and prompts[0] == prompts[1] and prompts[2] == prompts[3]  # said, and said again
    assert prompts[0] != prompts[2]  # each their own hand's example
    ben = said.index(c.get("concerto.handover", player="Ben"))
    assert said[ben + 1] == c.get("concerto.handover_wait", player="Ben")
    hand = c.get("concerto.hand_dealt", cards="§").split("§")[0]
    assert len([x for x in said[ben:] if x.startswith(hand)]) == 1  # Ben's hand only, never Anna's again
    assert said.index(prompts[0]) + 1 == said.index(prompts[0], said.index(prompts[0]) + 1)


@pytest.mark.parametrize("lang", LANGS)
def test_headhunter_against_a_seat_by_name(lang):
    c = load_catalog(lang)
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Amadeus", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, kit.parse_deck({"specials": ["headhunter"] * 4}))
    holder: dict = {}

    def lines():
        yield START[lang]
        s = holder["s"]
        mine = [x for x, _ in s.state.orchestras[0]]
        theirs = [x for x, _ in s.state.orchestras[1] if x not in mine]
        holder["pair"] = (mine[0], theirs[0], dict(s.state.orchestras[0])[mine[0]], dict(s.state.orchestras[1])[theirs[0]])
        a, b = (c.get(f"instrument.{x}.name") for x in (mine[0], theirs[0]))
        yield {"de": f"Headhunter Amadeus {a} gegen {b}", "en": f"headhunter Amadeus {a} for {b}"}[lang]

    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), lines(), seed=3)
    holder["s"] = s
    s.start(kit.rules.opening_events(s.state))
    s.run()
    mine, theirs, my_pattern, their_pattern = holder["pair"]
    assert [theirs, their_pattern] in s.state.orchestras[0]  # swapped with its pattern
    assert [mine, my_pattern] in s.state.orchestras[1]
    assert "headhunter" in s.state.special_discard


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_names_the_grand_maestro_cards_and_the_conductor_card(lang):
    c = load_catalog(lang)
    ask = {"de": "tisch", "en": "table"}[lang]
    kit = get_kit("orchestra")
    seats = [Seat("Anna"), Seat("Ben", "bot")]
    state = kit.new_game([x.name for x in seats], ["grand-maestro"], 3, None)
    buf = io.StringIO()
    more = {"de": "mehr", "en": "more"}[lang]
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), iter([ask, more]), seed=3)
    s.run()  # no opening: only what the table question says
    short, rest = buf.getvalue().split(c.get("table.more", more=more))
    names = [c.get(f"orchestra.maestro_name.{cid}") for cid in state.maestro]
    assert len(state.maestro) == 2 and all(name in short for name in names)  # the short table names them
    assert c.get("orchestra.maestro_intro") in rest  # "mehr" reads them out
    assert all(c.get(f"orchestra.maestro.{cid}") in rest for cid in state.maestro)
    for variants, visible in ((["maestro"], False), (["maestro", "conductor-visible"], True)):
        s, buf = concerto_session(lang, iter([ask]), variants)
        s.run()
        said = buf.getvalue().split(c.get("concerto.choose_start_you"))[-1]
        card = s.state.conductor_active
        assert (c.get(f"conductor.{card}.text") in said) is visible
        assert (c.get("concerto.table_conductor_hidden") in said) is not visible


@pytest.mark.parametrize("lang", LANGS)
def test_resume_tells_each_player_their_own_cards(lang, tmp_path):
    c = load_catalog(lang)
    ready = {"de": "bereit", "en": "ready"}[lang]
    save = tmp_path / "s.json"
    p = run_cli(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,bot:Amadeus",
                 "--save", str(save)], [START[lang]])
    assert p.returncode == 0, p.stderr
    kit = get_kit("concerto")
    state = kit.rules.state_from_json(json.loads(save.read_text())["state"])
    mine = ConcertoNarrator(c, {0}, "default").my_cards(kit.view(state, 0))[0].text
    resumed = run_cli(["play", "--resume", str(save), "--tts", "text"], []).stdout.split(c.get("save.resumed"))[1]
    assert mine in resumed  # solo: your hand after the table (the table says only how many)
    save = tmp_path / "h.json"
    p = run_cli(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,Ben",
                 "--save", str(save)], [ready, START[lang]])
    state = kit.rules.state_from_json(json.loads(save.read_text())["state"])
    said = run_cli(["play", "--resume", str(save), "--tts", "text"], [ready]).stdout.splitlines()
    ben = ConcertoNarrator(c, {0, 1}, "default").my_cards(kit.view(state, 1))[0].text
    assert said.index(c.get("concerto.handover", player="Ben")) < said.index(ben)  # after "ready", only then


@pytest.mark.parametrize("lang", LANGS)
def test_a_doubtful_command_naming_a_seat_is_read_back_with_the_name(lang):
    """Heard not quite right ("four" for "for"), "headhunter Amadeus choir for woodwinds" is
    read back with the name the player said, not as "player two"; yes then plays it, and
    the words read back parse back to the same command."""
    from voice_game.core.input import InputLine

    c = load_catalog(lang)
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Amadeus", "bot")]
    state = kit.new_game([x.name for x in seats], [], 3, kit.parse_deck({"specials": ["headhunter"] * 4}))
    holder: dict = {}
    slip = {"de": "gegn", "en": "four"}[lang]

    def lines():
        yield START[lang]
        s = holder["s"]
        mine = [x for x, _ in s.state.orchestras[0]]
        theirs = [x for x, _ in s.state.orchestras[1] if x not in mine]
        holder["pair"] = (mine[0], theirs[0])
        a, b = (c.get(f"instrument.{x}.name") for x in (mine[0], theirs[0]))
        yield InputLine(f"Headhunter Amadeus {a} {slip} {b}", 0.9, "voice")
        holder["asked"] = s.pending
        yield InputLine({"de": "ja", "en": "yes"}[lang], 0.95, "voice")

    buf = io.StringIO()
    s = Session(kit, state, seats, load_grammar(lang), c, TextOutput(buf), lines(), seed=3)
    holder["s"] = s
    s.start(kit.rules.opening_events(s.state))
    s.run()
    cmd, action = holder["asked"]
    assert cmd["position"] == 2 and cmd["attack"] == "headhunter"
    a, b = (c.get(f"instrument.{x}.name") for x in holder["pair"])  # written as the locale names them
    said_back = {"de": f"Headhunter Amadeus {a} gegen {b}", "en": f"Headhunter Amadeus {a} for {b}"}[lang]
    assert c.get("input.confirm", command=said_back) in buf.getvalue()
    assert s.g.render(cmd) not in buf.getvalue()  # "player two" / "spieler zwei"
    assert "headhunter" in s.state.special_discard  # yes played it
    by_words, _ = s.g.index("concerto")
    heard = tuple(s.g.normalize_words(s.seat_names_as_numbers(said_back)))
    assert by_words[heard] == {tuple(sorted(cmd.items()))}


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_read_back_with_a_seat_name_parses_back(lang):
    g = load_grammar(lang)
    named = [(name, it) for name, it in g.intents.items() if "render_named" in it]
    assert {name for name, _ in named} == {"orchestra_of", "play_special_at", "cards_of"}
    for name, it in named:
        game = it["games"][0]
        kit = get_kit(game)
        seats = [Seat("Anna"), Seat("Amadeus", "bot")]
        s = Session(kit, kit.new_game(["Anna", "Amadeus"], [], 3, None), seats, g, load_catalog(lang),
                    TextOutput(io.StringIO()), iter([]), seed=3)
        by_words, by_command = g.index(game)
        for cmd in (dict(k) for k in by_command if dict(k)["intent"] == name):
            slot = next(k for k in cmd if k in ("position", "seat"))
            if cmd[slot] != 2:
                continue
            said = g.render(cmd, {slot: "Amadeus"})
            assert "Amadeus" in said and g.render(cmd) != said
            assert by_words[tuple(g.normalize_words(s.seat_names_as_numbers(said)))] == {tuple(sorted(cmd.items()))}
