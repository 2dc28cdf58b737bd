"""Concerto driven through a pipe with typed commands, in German and English.

The commands are found by playing the same seed on the real engine with a simple
policy and rendering every chosen action through the real grammar and adapter; the
CLI must then follow the same game to its end (the engine is deterministic per seed).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import understand
from voice_game.core.rules import CHANCE
from voice_game.games.concerto import referee
from voice_game.games.concerto.content import load_content
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Anna", "Ben"]


def run(args, lines, timeout=120):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def correct_beat(s):
    """The beat the referee expects next (the test may look at the whole state)."""
    content = load_content()
    perf = s.perf
    p = s.current
    if s.phase == "encore":
        x = perf["encore"][0]
        return x, referee.pattern_of(s.orchestras[p], x)
    card = referee.conductor_card(content, perf["card"])
    want = perf["sequence"][perf["step"]]
    return want, referee.expected_pattern(referee.pattern_of(s.orchestras[p], want), card, perf["follow"])


def choose(kit, s, legal, wrong_done):
    from voice_game.games.concerto.state import Action

    by = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    if s.phase in ("conduct", "encore"):
        x, pat = correct_beat(s)
        if not wrong_done:  # the first beat of the game is wrong on purpose: boos
            other = next(q for q in load_content().patterns if q != pat)
            return Action("beat", instrument=x, pattern=other), True
        return Action("beat", instrument=x, pattern=pat), wrong_done
    for kind in ("start", "give_up"):
        if kind in by:
            return by[kind][0], wrong_done
    if s.phase == "refill":
        return (by.get("draw") or by["take_market"])[0], wrong_done
    spoken = [a for a in legal if kit.adapter.command_for(a) is not None]
    for kind in ("conduct", "place"):
        cands = [a for a in spoken if a.kind == kind and a.follow]
        if cands:
            return cands[0], wrong_done
    mine = {slot[0] for slot in s.orchestras[s.current]}
    useless = [a for a in spoken if a.kind == "swap" and a.cards and all(c in mine for c in a.cards)]
    useless.sort(key=lambda a: -len(a.cards))
    cands = useless or [a for a in spoken if a.kind == "replace"] or [a for a in spoken if a.kind == "swap"]
    return cands[0], wrong_done


def script(lang, seed, variants=()):
    """Play the game on the engine; return the typed lines and the final state."""
    kit = get_kit("concerto")
    g = load_grammar(lang)
    s = kit.new_game(PLAYERS, list(variants), seed, None)
    lines = []
    wrong_done = False
    ready_seat = None  # two humans at one loudspeaker: each takes over with "ready"
    for _ in range(5000):
        if kit.rules.is_over(s):
            break
        if kit.rules.current_player(s) == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = kit.rules.legal_actions(s)
        if s.current != ready_seat:
            ready_seat = s.current
            lines.append(g.render({"intent": "ready"}))
        a, wrong_done = choose(kit, s, legal, wrong_done)
        text = g.render(kit.adapter.command_for(a))
        # the words must mean exactly this action to the real parser
        u = understand(g, kit.adapter, text, legal)
        assert u.kind == "act" and u.action == a, (text, u.kind, u.action, a)
        lines.append(text)
        s, _ = kit.rules.apply(s, a)
    assert kit.rules.is_over(s)
    return lines, s


@pytest.mark.parametrize("lang,seed", [("de", 5), ("en", 11)])
def test_full_game_through_a_pipe(lang, seed, tmp_path):
    c = load_catalog(lang)
    g = load_grammar(lang)
    lines, final = script(lang, seed)
    illegal = g.render({"intent": "conduct", "level": "green"})  # during setup: not allowed
    extra = [illegal, g.render({"intent": "table"}), g.render({"intent": "my_cards"}),
             g.render({"intent": "help"}), "quatsch blabla"]
    events = tmp_path / "events.jsonl"
    p = run(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", str(seed),
             "--players", ",".join(PLAYERS), "--events", str(events)], lines[:1] + extra + lines[1:])
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    log = [json.loads(x) for x in events.read_text(encoding="utf-8").splitlines()]
    assert log[-1]["type"] == "game_over"
    assert log[-1]["scores"] == {p["name"]: s for p, s in zip(final.players, final.scores, strict=True)}
    assert log[-1]["winners"] == [final.players[i]["name"] for i in final.winners]
    types = {e["type"] for e in log}
    assert {"beat_wrong", "beat_correct", "performance_failed", "performance_succeeded"} <= types
    out = p.stdout
    assert c.get("concerto.handover", player="Ben") in out
    # private cards are held back until their owner took over
    got = c.get("concerto.received_instrument", cards="\0").split("\0")[0]
    assert out.index(c.get("concerto.handover", player="Anna")) < out.index(got)
    # the 10 dealt cards and the ones drawn while refilling are all heard by their owners
    assert out.count(got) > 10
    # the illegal command got its spoken reason
    assert c.get("concerto.reason.choose_start_first") in out
    assert c.get("input.not_understood") in out
    # each beat pair is answered at once
    boo = c.get("concerto.beat_wrong").split("!")[0] + "!"
    bravo = c.get("concerto.beat_correct").split("!")[0] + "!"
    assert boo in out and bravo in out
    assert c.get(f"concerto.game_over_{final.end_reason}") in out
    # memory fairness: my orchestra never reads a pattern
    mine = [line for line in out.splitlines() if line.startswith(c.get("concerto.my_orchestra").split(" ")[0])]
    pattern_names = [c.get(f"pattern.{q}.name") for q in load_content().patterns]
    assert mine and not any(name in m for m in mine for name in pattern_names)


def test_every_legal_action_is_speakable_in_both_languages():
    """Over a whole game every legal action has words that parse back to it, or none at all."""
    kit = get_kit("concerto")
    s = kit.new_game(PLAYERS, ["maestro"], 7, None)
    grammars = [load_grammar("de"), load_grammar("en")]
    seen = set()
    wrong_done = True
    for _ in range(250):
        if kit.rules.is_over(s):
            break
        if kit.rules.current_player(s) == CHANCE:
            s, _ = kit.resolve_chance(s)
            continue
        legal = kit.rules.legal_actions(s)
        sample = {}
        for a in legal:  # a few of every kind
            sample.setdefault(a.kind, [])
            if len(sample[a.kind]) < 3:
                sample[a.kind].append(a)
        for a in [x for xs in sample.values() for x in xs]:
            cmd = kit.adapter.command_for(a)
            if cmd is None:
                continue
            assert kit.adapter.action_for(cmd) == a
            seen.add(a.kind)
            for g in grammars:
                u = understand(g, kit.adapter, g.render(cmd), legal)
                assert u.kind == "act" and u.action == a, (g.lang, g.render(cmd), u.kind)
        a, wrong_done = choose(kit, s, legal, wrong_done)
        s, _ = kit.rules.apply(s, a)
    assert {"start", "place", "conduct", "beat", "draw", "give_up", "swap", "replace"} <= seen


def test_synonyms_and_german_adjective_forms():
    g = load_grammar("de")
    from voice_game.commands.matcher import match

    phrases = g.phrases("concerto")
    assert match(g, "Tuba, Kreis", phrases).command == {"intent": "beat", "instrument": "brass", "pattern": "circle"}
    assert match(g, "gelbes Stück tauschen", phrases).command == {"intent": "replace_piece", "level": "yellow"}
    assert match(g, "das grüne Stück dirigieren", phrases).command == {"intent": "conduct", "level": "green"}
    assert match(g, "Klavier einsetzen", phrases).command == {"intent": "place_instrument", "instrument": "piano"}
    assert match(g, "Geige auf und ab", phrases).command == {"intent": "beat", "instrument": "strings",
                                                             "pattern": "up-down"}
    e = load_grammar("en")
    assert match(e, "brass, circle", e.phrases("concerto")).command == {"intent": "beat", "instrument": "brass",
                                                                        "pattern": "circle"}
    assert match(e, "place piano", e.phrases("concerto")).command == {"intent": "place_instrument",
                                                                     "instrument": "piano"}


def test_bad_variant_is_spoken_not_a_traceback():
    p = run(["play", "concerto", "--lang", "en", "--tts", "text", "--players", "Anna,Ben", "--variant", "nope"], [])
    assert p.returncode != 0 and "Traceback" not in p.stdout + p.stderr
    assert "nope" in p.stdout


def human_lines(session, lang, log):
    """A human seat that plays from what the session's state is now; every line is kept."""
    g = load_grammar(lang)
    kit = session.kit
    wrong_done = False
    first = True
    while not kit.rules.is_over(session.state):
        s = session.state
        if first:  # an illegal move first: the reason is spoken, nothing changes
            first = False
            text = g.render({"intent": "conduct", "level": "orange"})
        else:
            a, wrong_done = choose(kit, s, kit.rules.legal_actions(s), wrong_done)
            text = g.render(kit.adapter.command_for(a))
        log.append(text)
        yield text


@pytest.mark.parametrize("lang,seed", [("en", 21), ("de", 8)])
def test_human_against_a_bot_in_the_loop_and_through_the_pipe(lang, seed, tmp_path):
    """The human's lines come from the live session; piped into the CLI with the same seed
    they must play the very same game (bots included) to the same end."""
    import io

    from voice_game.audio.tts import TextOutput
    from voice_game.session import Seat, Session

    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    buf = io.StringIO()
    lines: list = []
    session = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(buf), iter(()),
                      seed=seed)
    session.inputs = human_lines(session, lang, lines)
    session.start(kit.rules.opening_events(state))
    assert session.run() == 0
    assert kit.rules.is_over(session.state)
    c = load_catalog(lang)
    out = buf.getvalue()
    assert c.get("concerto.reason.choose_start_first") in out  # the illegal first line
    # the bot's start is one sentence with its two instruments and their patterns
    start = c.get("concerto.bot_sentence", player="Clara", actions=c.get("concerto.bot_start", pairs="")).rstrip(".")
    assert start.strip() in out

    events = tmp_path / "e.jsonl"
    p = run(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", str(seed),
             "--players", "Anna,bot:Clara", "--events", str(events)], lines)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    last = json.loads(events.read_text(encoding="utf-8").splitlines()[-1])
    assert last["type"] == "game_over"
    st = session.state
    assert last["scores"] == {p["name"]: s for p, s in zip(st.players, st.scores, strict=True)}


def test_whose_turn_says_a_name_and_save_resume_finishes_the_game(tmp_path):
    lines, final = script("de", 5)
    save = tmp_path / "game.json"
    events = tmp_path / "e.jsonl"
    half = len(lines) // 2
    p = run(["play", "concerto", "--lang", "de", "--tts", "text", "--seed", "5", "--players", ",".join(PLAYERS),
             "--save", str(save), "--events", str(events)], lines[:half] + ["wer ist dran"])
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    assert load_catalog("de").get("concerto.table_turn", player="Anna") in p.stdout or \
        load_catalog("de").get("concerto.table_turn", player="Ben") in p.stdout
    p = run(["play", "concerto", "--resume", str(save), "--tts", "text", "--events", str(events)],
            ["bereit"] + lines[half:])
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr
    last = json.loads(events.read_text(encoding="utf-8").splitlines()[-1])
    assert last["type"] == "game_over"
    assert last["scores"] == {p["name"]: s for p, s in zip(final.players, final.scores, strict=True)}
    assert last["winners"] == [final.players[i]["name"] for i in final.winners]


def test_every_reason_and_narration_key_exists_in_both_languages():
    import re

    from voice_game.games.concerto.rules import REASONS

    narration = ("narrator", "words", "singles", "other_moves", "rendering", "prompts", "answers")
    src = "".join((ROOT / f"voice_game/games/concerto/{m}.py").read_text(encoding="utf-8") for m in narration)
    keys = set(re.findall(r'self\.t\("(\w+)"', src))
    keys |= {f"bot_draw_{k}" for k in ("instrument", "special")} | {f"received_{k}" for k in ("instrument", "special")}
    keys |= {f"{w}lost_{r}{y}" for r in ("wrong_beat", "given_up", "encore") for w in ("", "bot_") for y in ("", "_you")
             if not (w and y)} | {f"bot_after_{r}" for r in ("wrong_beat", "given_up", "encore")}
    keys |= {f"{k}{y}" for k in ("table_turn", "table_turn_number") for y in ("", "_you")}
    keys |= {f"{k}{y}{z}" for k in ("choose_start_you", "choose_start_named", "game_started") for y in ("", "_verbose")
             for z in ("", "_solo") if k == "game_started" or not z}
    keys |= {f"game_over_{r}" for r in ("target", "pieces_exhausted")}
    keys |= {f"pile.{p}" for p in ("instruments", "specials", "beats")} | {"handover", "table_turn"}
    engine = ("rules", "phases", "moves", "specials", "performance", "chance", "config", "table")
    rules_src = "".join((ROOT / f"voice_game/games/concerto/{m}.py").read_text(encoding="utf-8") for m in engine)
    codes = set(REASONS) | set(re.findall(r'RuleError\("(\w+)"', rules_src))
    events = set(re.findall(r'ev\("(\w+)"', rules_src))
    for lang in ("de", "en"):
        c = load_catalog(lang)
        assert sorted(k for k in keys if not c.has(f"concerto.{k}")) == []
        assert sorted(r for r in codes if not c.has(f"concerto.reason.{r}")) == []
    # every engine event is narrated by some branch
    assert sorted(e for e in events if f'"{e}"' not in src) == []


def test_maestro_asks_birth_years_at_setup(tmp_path):
    import subprocess
    import sys

    from voice_game.games.concerto import rules as crules
    from voice_game.games.concerto.state import ConcertoState  # noqa: F401

    save = tmp_path / "s.json"
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "concerto", "--lang", "en", "--tts", "text",
                        "--seed", "5", "--players", "Anna,Ben,bot:Carla", "--variant", "maestro", "--save", str(save)],
                       input="nineteen\n1985\n2001\n", capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Anna, in which year were you born?" in p.stdout
    assert "That is not a year" in p.stdout
    data = json.loads(save.read_text())
    state = crules.state_from_json(data["state"])
    years = [pl["birth_year"] for pl in state.players]
    assert years[0] == 1985 and years[1] == 2001 and 1945 <= years[2] < 2012


def test_resume_with_a_bot_continues_exactly(tmp_path):
    """Saved halfway and resumed, a game against a bot (with its pattern memory) ends
    exactly like the same game played in one go."""
    import io

    from voice_game.audio.tts import TextOutput
    from voice_game.session import Seat, Session

    lang, seed = "en", 3
    kit = get_kit("concerto")
    seats = [Seat("Anna"), Seat("Clara", "bot")]
    state = kit.new_game([x.name for x in seats], [], seed, None)
    lines: list = []
    session = Session(kit, state, seats, load_grammar(lang), load_catalog(lang), TextOutput(io.StringIO()), iter(()),
                      seed=seed)
    session.inputs = human_lines(session, lang, lines)
    session.start(kit.rules.opening_events(state))
    assert session.run() == 0
    args = ["play", "concerto", "--lang", lang, "--tts", "text", "--seed", str(seed), "--players", "Anna,bot:Clara"]
    full = tmp_path / "full.jsonl"
    assert run(args + ["--events", str(full)], lines).returncode == 0
    save, part = tmp_path / "s.json", tmp_path / "part.jsonl"
    half = len(lines) // 2
    p1 = run(args + ["--save", str(save), "--events", str(part)], lines[:half])
    assert p1.returncode == 0, p1.stderr
    assert json.loads(save.read_text())["bot_memory"], "the bot's pattern memory is saved"
    p2 = run(["play", "--resume", str(save), "--tts", "text", "--events", str(part)], lines[half:])
    assert p2.returncode == 0, p2.stderr
    a = [json.loads(x) for x in full.read_text().splitlines()]
    b = [json.loads(x) for x in part.read_text().splitlines()]
    assert b == a


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hot_seat_says_remember_once_for_each_player(lang):
    """In hot-seat play each player's own patterns come after "bereit": "Anna, merk dir"
    names the player the first time only, every later pair is "Klavier: Kreis." (as alone)."""
    c = load_catalog(lang)
    g = load_grammar(lang)
    ready = g.render({"intent": "ready"})
    lines = [ready, g.render({"intent": "start_orchestra", "instrument": "choir", "other": "percussion"}),
             ready, g.render({"intent": "start_orchestra", "instrument": "brass", "other": "misc"}),
             ready, g.render({"intent": "place_instrument", "instrument": "piano"})]
    p = run(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,Ben,bot:Clara"],
            lines)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    content = load_content()
    named = [x for x in out if x.startswith(c.get("concerto.pattern_named", player="Anna", instrument="\0",
                                                     pattern="").split("\0")[0])]
    assert len(named) == 1, out  # once for Anna ...
    ben = c.get("concerto.pattern_named", player="Ben", instrument="\0", pattern="").split("\0")[0]
    assert len([x for x in out if x.startswith(ben)]) == 1  # ... and once for Ben
    pairs = {c.get(f"instrument.{i}.name").casefold(): i for i in content.instruments}
    short = [x for x in out if x.split(":")[0].casefold() in pairs and x.count(":") == 1 and x.endswith(".")]
    # percussion after choir, misc after brass, and Anna's piano on her first turn
    assert [pairs[x.split(":")[0].casefold()] for x in short] == ["percussion", "misc", "piano"], out


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hot_seat_players_hear_each_others_patterns_after_ready_never_their_own_again(lang):
    """In the card game every player but the owner sees a beat pattern. At one loudspeaker the
    owner hears it at the speaker; each other human hears it after their own "bereit"
    ("Merken: Chor von Anna schlägt Kreuz."), and the owner never hears it again."""
    from voice_game.games.concerto.narrator import ConcertoNarrator

    c = load_catalog(lang)
    g = load_grammar(lang)
    n = ConcertoNarrator(c, {0, 1}, "default")
    ready = g.render({"intent": "ready"})
    lines = [ready, g.render({"intent": "start_orchestra", "instrument": "choir", "other": "percussion"}),
             ready, g.render({"intent": "start_orchestra", "instrument": "brass", "other": "misc"}),
             ready, g.render({"intent": "place_instrument", "instrument": "piano"}),
             g.render({"intent": "draw_instrument"}), ready, g.render({"intent": "previous"}),
             g.render({"intent": "previous"}), g.render({"intent": "since_my_turn"})]
    p = run(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,Ben,bot:Clara"],
            lines)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    turns = [i for i, x in enumerate(out) if x in (c.get("concerto.handover", player="Anna"),
                                                  c.get("concerto.handover", player="Ben"))][:4]
    assert len(turns) == 4  # Anna, Ben, Anna, Ben ("seit meinem Zug" replays the shared history after)
    patterns = load_content().patterns

    def pattern_of(owner, instrument, first):
        key = "concerto.pattern_named" if first else "concerto.pattern_short"
        folded = [x.casefold() for x in out]  # "Percussion: circle." begins with a capital
        said = [pt for pt in patterns if c.get(key, player=owner, instrument=n.ins(instrument),
                                                 pattern=n.pat(pt)).casefold() in folded]
        assert len(said) == 1, (owner, instrument, out)
        return said[0]

    def told(owner, instrument, pattern):
        return c.get("concerto.pattern_drawn", player=owner, instrument=n.ins(instrument), pattern=n.pat(pattern))

    anna = {i: pattern_of("Anna", i, i == "choir") for i in ("choir", "percussion", "piano")}
    ben = {i: pattern_of("Ben", i, i == "brass") for i in ("brass", "misc")}
    segments = [out[a:b] for a, b in zip(turns, turns[1:] + [len(out)], strict=True)]  # the last: Ben's, to the end
    # Ben after his first "ready": Anna's starting orchestra; Anna after hers: Ben's
    assert all(told("Anna", i, anna[i]) in segments[1] for i in ("choir", "percussion"))
    assert all(told("Ben", i, ben[i]) in segments[2] for i in ben)
    assert told("Anna", "piano", anna["piano"]) in segments[3]  # placed on her turn, told to Ben on his
    # the owner never hears it again: not after a hand-over, nor from the history ("vorherige
    # Nachricht", "seit meinem Zug" at the end of Ben's segment)
    assert not any(told("Anna", i, anna[i]) in seg for i in anna for seg in (segments[0], segments[2]))
    assert not any(told("Ben", i, ben[i]) in seg for i in ben for seg in (segments[1], segments[3]))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_saved_hot_seat_game_keeps_the_patterns_the_humans_away_are_still_to_hear(lang, tmp_path):
    """Anna places her starting orchestra and the game is left before Ben said "ready": the
    save keeps Anna's two patterns for Ben, and after the resume Ben hears them after his
    "ready", as he would have without the break. A damaged entry is one sentence."""
    from voice_game.games.concerto.narrator import ConcertoNarrator

    c = load_catalog(lang)
    g = load_grammar(lang)
    n = ConcertoNarrator(c, {0, 1}, "default")
    ready = g.render({"intent": "ready"})
    save = tmp_path / "h.json"
    p = run(["play", "concerto", "--lang", lang, "--tts", "text", "--seed", "3", "--players", "Anna,Ben,bot:Clara",
             "--save", str(save)],
            [ready, g.render({"intent": "start_orchestra", "instrument": "choir", "other": "percussion"})])
    assert p.returncode == 0, p.stderr
    data = json.loads(save.read_text(encoding="utf-8"))
    state = get_kit("concerto").rules.state_from_json(data["state"])
    told = [c.get("concerto.pattern_drawn", player="Anna", instrument=n.ins(i), pattern=n.pat(pt))
            for i, pt in state.orchestras[0]]
    assert len(told) == 2 and [[1, [m["text"] for m in data["for_absent"][0][1]]]] == [[1, told]]
    resumed = run(["play", "--resume", str(save), "--tts", "text"], [ready])
    assert resumed.returncode == 0, resumed.stderr
    said = resumed.stdout.splitlines()
    ben = said.index(c.get("concerto.handover", player="Ben"))
    assert all(t in said[ben:] for t in told) and not any(t in said[:ben] for t in told)
    from voice_game import savecheck
    from voice_game.core.errors import SaveError

    assert savecheck.load(data).for_absent[1][0].text == told[0]
    kept = data["for_absent"][0][1]
    for bad in ([[0, []]], [[1, []]], [[2, kept]], [[1, kept], [1, kept]], [[1, [{"text": "x", "kind": "draw"}]]],
                [[1, [{"text": 3, "kind": "draw", "cue": None}]]], [[1, [dict(kept[0], kind=["draw"])]]],
                [[1, [dict(kept[0], cue="../x")]]], [[1, [dict(kept[0], text="a\x07")]]], {"1": []}, None):
        with pytest.raises(SaveError):
            savecheck.load(dict(data, for_absent=bad))
    save.write_text(json.dumps(dict(data, for_absent=[[5, kept]])), encoding="utf-8")
    p = run(["play", "--resume", str(save), "--tts", "text"], [ready])
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stdout.splitlines() == [c.get("save.damaged", path=str(save))]
