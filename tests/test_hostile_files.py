"""Files a player owns are never destroyed, odd files never break the game (issue 11):
``--events`` on a file that is not an events log, named pipes and folders given as
files, Concerto deck files of the wrong form, the menu's new game over an unfinished
save, and ``--save`` with a Concerto random bot. Real files, the real CLI in a
subprocess."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.lines import Lines
from voice_game.audio.tts import TextOutput
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.progress import Progress

ROOT = Path(__file__).resolve().parents[1]


def run(args, lines, tmp_path, timeout=120):
    cfg = tmp_path / "cfg"
    cfg.mkdir(exist_ok=True)
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
               VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def one_sentence(p, expected: str) -> None:
    assert "Traceback" not in p.stdout + p.stderr, p.stderr
    assert expected in p.stdout.splitlines(), p.stdout


EN = load_catalog("en")


# -- --events ------------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"my notes for tonight\n", b'{"type": "x"}\nnot json\n', b"[1, 2]\n",
                                     b'{"no_type": 1}\n', b"\x80\x81 binary"])
def test_events_refuses_a_file_that_is_not_an_events_log(tmp_path, content):
    f = tmp_path / "notes.txt"
    f.write_bytes(content)
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--events", str(f)], ["draw"], tmp_path)
    assert p.returncode == 2
    one_sentence(p, EN.get("save.events_exists", path=str(f)))
    assert f.read_bytes() == content


def test_events_replaces_an_old_events_log_and_an_empty_file(tmp_path):
    f = tmp_path / "events.jsonl"
    for old in (b"", b'{"type": "game_started"}\n{"type": "drawn", "player": 0}\n'):
        f.write_bytes(old)
        p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "2", "--events", str(f)],
                ["draw"], tmp_path)
        assert p.returncode == 0, p.stderr
        log = [json.loads(x) for x in f.read_text().splitlines()]
        assert log[0]["type"] == "game_started" and len(log) > 2


def test_events_on_a_folder(tmp_path):
    d = tmp_path / "folder"
    d.mkdir()
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--events", str(d)], ["draw"], tmp_path)
    assert p.returncode == 2 and d.is_dir()
    one_sentence(p, EN.get("save.events_exists", path=str(d)))


@pytest.mark.parametrize("option", ["--resume", "--deck", "--save", "--events"])
def test_a_named_pipe_never_blocks_the_game(tmp_path, option):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    args = ["play", "orchestra", "--lang", "en", "--tts", "text", option, str(fifo)]
    p = run(args, ["draw"], tmp_path, timeout=60)  # a blocked read would time out here
    assert p.returncode == 2, p.stdout
    assert "Traceback" not in p.stdout + p.stderr
    assert len([ln for ln in p.stdout.splitlines() if str(fifo) in ln]) == 1


# -- deck files --------------------------------------------------------------------------

DECK_CASES = {
    "not json": ("{nope", "save.deck_not_json", {}),
    "not utf-8": (b"\xff\xfe{}", "save.deck_not_json", {}),
    "not an object": ("[1, 2]", "save.deck_form_concerto", {}),
    "pile is a number": ('{"instruments": 5}', "concerto.reason.deck_not_a_list", {"pile": "instruments"}),
    "pile is a table": ('{"beats": {"a": 1}}', "concerto.reason.deck_not_a_list", {"pile": "beats"}),
    "cards not names": ('{"specials": [1, 2]}', "concerto.reason.deck_not_a_list", {"pile": "specials"}),
    "pieces not a table": ('{"pieces": ["a"]}', "concerto.reason.deck_not_a_list", {"pile": "pieces"}),
    "piece pile a string": ('{"pieces": {"green": "abc"}}', "concerto.reason.deck_not_a_list",
                            {"pile": "pieces.green"}),
    "empty instruments": ('{"instruments": []}', "concerto.reason.deck_too_few_instruments", {}),
    "too few instruments": ('{"instruments": ["piano", "choir", "guitar"]}',
                            "concerto.reason.deck_too_few_instruments", {}),
    "nested deep": ("[" * 100000 + "]" * 100000, "save.deck_not_json", {}),
}


@pytest.mark.parametrize("case", sorted(DECK_CASES))
def test_concerto_deck_files_of_the_wrong_form(tmp_path, case):
    content, key, params = DECK_CASES[case]
    d = tmp_path / "deck.json"
    d.write_bytes(content if isinstance(content, bytes) else content.encode())
    p = run(["play", "concerto", "--lang", "en", "--tts", "text", "--players", "Anna,Ben", "--deck", str(d)],
            [], tmp_path)
    assert p.returncode == 2
    one_sentence(p, EN.get(key, path=str(d), **params))


@pytest.mark.parametrize("pile", ["full", "one kind each"])
def test_a_short_or_sorted_instrument_pile_still_plays(tmp_path, pile):
    """A pile that deals a player one kind only is playable: they start with that one."""
    from voice_game.games.concerto.content import load_content

    box = load_content().instrument_deck()
    cards = box if pile == "full" else ["piano"] * 3 + ["choir"] * 3 + ["guitar"] * 3 + ["brass"] * 3
    d = tmp_path / "deck.json"
    d.write_text(json.dumps({"instruments": cards}))
    p = run(["play", "concerto", "--lang", "en", "--tts", "text", "--players", "Anna,Ben", "--deck", str(d)],
            ["help", "orchestra piano", "orchestra choir", "orchestra guitar", "orchestra brass", "help"], tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    assert "Choose 0" not in p.stdout and EN.get("app.error_internal") not in p.stdout


# -- saves -------------------------------------------------------------------------------

def test_save_with_a_concerto_random_bot(tmp_path):
    save = tmp_path / "c.json"
    p = run(["play", "concerto", "--lang", "en", "--tts", "text", "--seed", "5",
             "--players", "Anna,bot-random:Rex", "--save", str(save)], ["help"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr and EN.get("app.error_internal") not in p.stdout
    data = json.loads(save.read_text())
    assert [s["kind"] for s in data["seats"]] == ["human", "bot-random"]
    p = run(["play", "--resume", str(save), "--tts", "text"], ["table"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert EN.get("save.resumed") in p.stdout


# -- the menu's new game ---------------------------------------------------------------------

def menu_with_save(tmp_path, answers, game_over: bool = False, damaged: bool = False):
    """An unfinished Tierorchester save in the menu's saves folder; then the menu is
    asked for a new game and answers ``answers`` to its question."""
    saves = tmp_path / "saves"
    saves.mkdir()
    save = saves / "orchestra.json"
    if damaged:
        save.write_text('{"format": "voice_game/save", "version": 1, "game": "orch')
    else:
        p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "3", "--players", "Anna,bot:Ben",
                 "--save", str(save)], ["draw", "conductor one"] + (["pass", "yes"] * 40 if game_over else []),
                tmp_path)
        assert p.returncode == 0, p.stderr
    before = save.read_bytes()
    said = []

    class Out(TextOutput):
        def say(self, text, interrupt=False):
            said.append(text)

    progress = Progress(tmp_path / "p.json")
    progress.set_flag("tutorial_offered")
    app = MenuApp("en", Out(), Lines(answers), progress=progress)
    app.saves = saves
    app.tts = "text"
    started = []
    app.run_play = lambda argv: started.append(argv)
    from voice_game.games import get as get_kit

    app.start_game("orchestra", get_kit("orchestra"), 2, 5)
    return save, before, said, started


def test_new_game_from_the_menu_asks_before_discarding_an_unfinished_save(tmp_path):
    save, before, said, started = menu_with_save(tmp_path, ["no"])
    question = load_catalog("en").get("menu.replace_save", name=load_catalog("en").get("orchestra.title"))
    assert question in said
    assert said[-1] == load_catalog("en").get("menu.kept_save")
    assert save.read_bytes() == before and started == []


def test_new_game_from_the_menu_discards_the_save_when_told(tmp_path):
    save, before, said, started = menu_with_save(tmp_path, ["yes"])
    assert not save.exists() and len(started) == 1


def test_end_of_input_at_the_question_keeps_the_save(tmp_path):
    save, before, said, started = menu_with_save(tmp_path, [], damaged=True)
    assert save.read_bytes() == before and started == []


# -- standard input ------------------------------------------------------------------------

def test_invalid_utf8_on_standard_input_is_not_understood(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
               VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts", "text",
                        "--seed", "1"], input=b"dr\x80aw\n\xff\xfe\xc3\n\x80\r\ndraw\n", capture_output=True,
                       timeout=120, cwd=ROOT, env=env)
    out, err = p.stdout.decode("utf-8"), p.stderr.decode("utf-8", "replace")
    assert p.returncode == 0, err
    assert "Traceback" not in out + err and "codec" not in out + err
    lines = out.splitlines()
    assert lines.count(EN.get("input.not_understood")) >= 2
    assert any(ln.startswith("You drew") for ln in lines)  # the good line after the bad ones still plays


def test_closed_standard_input_ends_cleanly(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
               VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"))
    p = subprocess.run(["sh", "-c", f'exec "{sys.executable}" -m voice_game.cli play orchestra --lang en '
                                    f'--tts text --seed 1 <&-'], capture_output=True, text=True, timeout=120,
                       cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    assert p.stdout.splitlines()[-1] == EN.get("app.input_ended")


# -- output and saving trouble ----------------------------------------------------------------

def test_a_save_that_cannot_be_written_is_said_once_in_words(tmp_path):
    (tmp_path / "file.txt").write_text("a file, not a folder")
    save = tmp_path / "file.txt" / "game.json"
    p = run(["play", "orchestra", "--lang", "en", "--tts", "text", "--seed", "1", "--save", str(save)],
            ["draw", "one", "draw", "two", "draw", "three"], tmp_path)
    assert p.returncode == 0, p.stderr
    said = EN.get("settings.save_failed", problem=EN.get("save.problem_missing"))
    assert p.stdout.splitlines().count(said) == 1
    assert "Errno" not in p.stdout and "Traceback" not in p.stdout + p.stderr


def test_a_full_standard_output_is_no_crash(tmp_path):
    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), VOICE_GAME_DATA_DIR=str(tmp_path / "d"))
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", "en", "--tts",
                            "text", "--seed", "1"], input="draw\none\n", stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0 and p.stderr == ""


def test_one_speech_rate_limit_everywhere():
    from voice_game import settings
    from voice_game.audio import speech, tts

    assert (settings.RATE_MIN, settings.RATE_MAX) == (speech.RATE_MIN, speech.RATE_MAX) == \
        (tts.RATE_MIN, tts.RATE_MAX)
    s, bad = settings.from_toml({"rate": speech.RATE_MAX})
    assert bad == [] and s.rate == speech.RATE_MAX  # "faster" up to the top is kept by the next start


def test_a_file_where_the_data_folder_should_be(tmp_path):
    data = tmp_path / "data"
    data.write_text("a file, not a folder")
    cfg = tmp_path / "cfg"
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(data), VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "menu", "--tts", "text", "--lang", "en"],
                       input="no\n1\nstart\ndraw\nquit game\nyes\n7\n", capture_output=True, text=True,
                       timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stdout + p.stderr
    assert load_catalog("en").get("menu.saves_unusable", path=str(data / "saves")) in p.stdout.splitlines()
    assert any(ln.startswith("You drew") for ln in p.stdout.splitlines())
    assert data.read_text() == "a file, not a folder"


@pytest.mark.parametrize("content", ["[" * 100000 + "]" * 100000, '{"flags": ' * 50000 + "1" + "}" * 50000,
                                     "\x00\x01", '["not", "a", "table"]'])
def test_a_damaged_tutorial_progress_file(tmp_path, content):
    path = tmp_path / "progress.json"
    path.write_text(content)
    progress = Progress(path)  # no RecursionError
    assert progress.data == {} and not progress.flag("tutorial_offered")
    progress.set_flag("tutorial_offered")
    assert Progress(path).flag("tutorial_offered")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]  # no temporary file left


def test_ctrl_c_ends_quietly(tmp_path):
    import signal

    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "d"),
               VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"))
    proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--tts", "text", "--lang",
                             "en", "--seed", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    assert proc.stdout.readline().startswith("Animal Orchestra")  # running, waiting for the player
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == ""


def test_the_menu_never_reads_out_python_words(tmp_path):
    from voice_game.core.errors import ContentError

    progress = Progress(tmp_path / "p.json")
    app = MenuApp("en", TextOutput(io.StringIO()), Lines([]), progress=progress)
    said = app.failure(ValueError("Expecting value: line 1 column 1 (char 0)"))
    assert said == EN.get("app.error_internal")
    said = app.failure(ContentError("/x/grammars/en.toml", "intents.draw", "needs phrases"))
    assert said == EN.get("app.content_error", problem="/x/grammars/en.toml")
