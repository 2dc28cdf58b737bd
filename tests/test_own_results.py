"""A player's own results are never muted by the per-kind verbosity: with "draw
announcements off" (and placements off) you still hear the card you drew and where it went;
another human's draws in hot-seat play obey the setting."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def play(tmp_path, verbosity: str) -> str:
    cfg = tmp_path / verbosity
    cfg.mkdir()
    (cfg / "settings.toml").write_text(f'[verbosity]\ndraw = "{verbosity}"\nplace = "{verbosity}"\n')
    import os

    env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(cfg))
    p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--tts", "text", "--lang",
                        "en", "--players", "Anna,bot:Ben", "--seed", "3", "--deck", str(deck(tmp_path))],
                       input="draw\n1\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def deck(tmp_path) -> Path:
    f = tmp_path / "deck.json"
    f.write_text('{"musicians": ["tuba", "violin", "flute", "drum", "tuba", "violin"]}')
    return f


def test_own_draw_and_placement_are_heard_with_those_announcements_off(tmp_path):
    full = play(tmp_path, "full")
    off = play(tmp_path, "off")
    assert "tuba" in full.lower()
    said = [line for line in full.splitlines() if "tuba" in line.lower()]
    for line in said:  # every line about your own tuba is still there
        assert line in off, (line, off)


# --- the player leads: any key silences, the own result comes before queued narration -----

def speech_out():
    """The game's own audio path (real espeak-ng speech, the real player) into a recorded stream."""
    import io

    from voice_game.audio.output import AudioOutput
    from voice_game.audio.player import Player, RenderBackend
    from voice_game.audio.speech import EspeakSynth
    from voice_game.narration.catalog import load_catalog

    class Spy(EspeakSynth):
        texts: list[str] = []

        def synthesize(self, text, wpm=175):
            self.texts.append(text)
            return super().synthesize(text, wpm)

    player = Player(backend=RenderBackend(rate=44100))
    player.start()
    synth = Spy("de")
    synth.texts = []
    out = AudioOutput(player, synth, load_catalog("de"), stream=io.StringIO())
    out.spoken = synth.texts
    return out


BOTS_SAID = ("Ben zieht eine Geigen-Katze und legt sie zu Dirigent eins. Clara zieht einen Tuba-Bären "
             "und legt ihn zu Dirigent zwei. Dora nimmt Dirigent drei mit zwei Flöten-Fröschen.")


def orchestra_session(out, inputs):
    from voice_game.commands.grammar import load_grammar
    from voice_game.games import get as get_kit
    from voice_game.narration.catalog import load_catalog
    from voice_game.session import Seat, Session

    kit = get_kit("orchestra")
    state = kit.new_game(["Anna", "Ben"], [], 1, kit.parse_deck({"musicians": ["tuba", "violin", "flute"]}))
    return Session(kit, state, [Seat("Anna"), Seat("Ben", "bot")], load_grammar("de"), load_catalog("de"), out,
                   inputs)


def started(job) -> None:
    import time

    end = time.time() + 20
    while not (job.items and job.items[0].started_at is not None):
        assert time.time() < end, "the narration never started"
        time.sleep(0.005)


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_any_key_silences_the_speech_at_once():
    from voice_game.keys import Key, KeyInput, load_bindings
    from voice_game.narration.message import NORMAL, Message
    from tests.test_keys import ScriptedReader

    out = speech_out()
    try:
        inp = KeyInput(ScriptedReader([Key("x"), Key("o")]), load_bindings({}))
        s = orchestra_session(out, inp)
        inp.attach(s)
        job = out.say_message(Message(BOTS_SAID, "bot", NORMAL))
        started(job)
        assert next(inp).text == "tisch"  # "x" (no shortcut) started typing, "o" asks for the table
        assert out.wait_silent(timeout=5)
        assert job.items[0].status == "stopped" and len(job.items) < len(job.sentences)
    finally:
        out.close()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_own_result_comes_before_the_narration_still_queued_which_stays_in_the_history():
    from voice_game.narration.message import NORMAL, Message

    out = speech_out()
    try:
        s = orchestra_session(out, iter(["ziehen"]))
        s.say(Message(BOTS_SAID, "bot", NORMAL))
        job = out._jobs[-1] if out._jobs else out._busy
        started(job)
        line = s.read()  # typed while the others' moves are still being said
        s.handle(line, 0)
        s.commit(None)  # the chance step: the card is turned over
        assert out.wait_silent(timeout=20)
        assert job.items[0].status == "stopped" and len(job.items) < len(job.sentences)
        last = job.sentences[-1]
        # the last sentence may already be synthesized ahead; it must never be played
        assert not any(it.label == last and it.status == "done" for it in job.items), [(i.label, i.status)
                                                                                      for i in job.items]
        assert any(t.startswith("Gezogen") for t in out.spoken)  # heard at once
        said = [m.text for m in s.history]
        assert BOTS_SAID in said  # skipped, never lost
        assert any(t.startswith("Gezogen") for t in said[said.index(BOTS_SAID) + 1:])
    finally:
        out.close()


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_any_key_silences_an_online_seat_too():
    from voice_game.commands.grammar import load_grammar
    from voice_game.keys import Key, KeyInput, load_bindings
    from voice_game.narration.catalog import load_catalog
    from voice_game.narration.message import NORMAL, Message
    from voice_game.online.client import Speaker
    from voice_game.online.seat import RemoteSeat
    from tests.test_keys import ScriptedReader

    out = speech_out()
    try:
        seat = RemoteSeat(load_grammar("de"), load_catalog("de"), Speaker(out))
        inp = KeyInput(ScriptedReader([Key("x")]), load_bindings({}))
        inp.attach(seat)
        job = out.say_message(Message(BOTS_SAID, "bot", NORMAL))
        started(job)
        next(inp, None)  # "x" starts typing; the pipe of keys then ends
        assert out.wait_silent(timeout=5)
        assert job.items[0].status == "stopped" and len(job.items) < len(job.sentences)
    finally:
        out.close()
