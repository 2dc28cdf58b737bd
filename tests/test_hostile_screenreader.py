"""``--tts screenreader`` where Speech Dispatcher takes messages but never speaks them
(no sound device): it never begins them, or (the real one without sound) begins the
first and never ends it. After a few seconds, or the first message's own length, the
game says so once and writes every word as text, the early ones too; it does not wait
for speech that never comes at exit, and an end that comes before the verdict still
writes every word. Against a small SSIP server on a Unix socket written here, and
the real Speech Dispatcher without a sound device with the game as a process."""
from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from voice_game.audio import screenreader
from voice_game.narration.catalog import load_catalog


class FakeSpeechd:
    """Answers SSIP like Speech Dispatcher; ``speaks``: True (701 and 702 follow each
    message), False (nothing follows) or "begins" (701 for the first message, then nothing)."""

    def __init__(self, path, speaks: bool | str):
        self.speaks = speaks
        self.srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.srv.bind(str(path))
        self.srv.listen(4)
        self.spoken: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        try:
            conn, _ = self.srv.accept()
        except OSError:
            return
        f = conn.makefile("rb")
        next_id = 1
        data_mode = False
        body: list[str] = []
        for raw in f:
            line = raw.decode("utf-8").rstrip("\r\n")
            if data_mode:
                if line == ".":
                    data_mode = False
                    mid, next_id = next_id, next_id + 1
                    self.spoken.append("\n".join(body))
                    body = []
                    out = f"225-{mid}\r\n225 OK MESSAGE QUEUED\r\n"
                    if self.speaks is True:
                        out += f"701-{mid}\r\n701-0\r\n701 BEGIN\r\n702-{mid}\r\n702-0\r\n702 END\r\n"
                    elif self.speaks == "begins" and mid == 1:
                        out += f"701-{mid}\r\n701-0\r\n701 BEGIN\r\n"
                    conn.sendall(out.encode())
                else:
                    body.append(line)
                continue
            if line == "SPEAK":
                data_mode = True
                conn.sendall(b"230 OK RECEIVING DATA\r\n")
            elif line == "QUIT":
                try:
                    conn.sendall(b"231 HAPPY HACKING\r\n")
                except OSError:  # the client may close without waiting for the answer
                    pass
                break
            else:
                conn.sendall(b"208 OK\r\n")
        conn.close()

    def close(self):
        self.srv.close()


@pytest.mark.parametrize("speaks", [False, "begins", True])
def test_a_mute_screen_reader_falls_back_to_text(tmp_path, monkeypatch, speaks):
    monkeypatch.setattr(screenreader.SpeechDispatcherOutput, "MUTE_AFTER", 0.5)
    sock = tmp_path / "speechd.sock"
    server = FakeSpeechd(sock, speaks)
    catalog = load_catalog("en")
    buf = io.StringIO()
    out = screenreader.SpeechDispatcherOutput(screenreader.SSIPClient(sock), "en", catalog=catalog, stream=buf)
    for text in ("first words", "second words", "third words"):
        out.say(text)
    end = time.monotonic() + 30
    while not out.mute and time.monotonic() < end and speaks is not True:
        time.sleep(0.05)
    if speaks is True:
        time.sleep(1.0)  # longer than MUTE_AFTER: a speaking reader is never taken for mute
    out.say("after the notice")
    closer = threading.Thread(target=out.close, daemon=True)
    closer.start()
    closer.join(30)
    assert not closer.is_alive()
    server.close()
    lines = buf.getvalue().splitlines()
    if speaks is True:
        assert not out.mute and lines == []
        assert server.spoken[-1] == "after the notice"
    else:
        assert out.mute
        assert lines == [catalog.get("audio.screenreader_mute"), "first words", "second words", "third words",
                         "after the notice"]


@pytest.mark.parametrize("speaks", [False, "begins"])
def test_the_end_before_the_verdict_still_writes_every_word(tmp_path, monkeypatch, speaks):
    """The input ends at once (a pipe): closing waits for the verdict on the reader, then
    the notice and every word are written, and the end does not wait any longer."""
    monkeypatch.setattr(screenreader.SpeechDispatcherOutput, "MUTE_AFTER", 0.5)
    server = FakeSpeechd(tmp_path / "speechd.sock", speaks)
    catalog = load_catalog("de")
    buf = io.StringIO()
    out = screenreader.SpeechDispatcherOutput(screenreader.SSIPClient(tmp_path / "speechd.sock"), "de",
                                              catalog=catalog, stream=buf)
    out.say("erste Worte")
    out.say("letzte Worte")
    started = time.monotonic()
    out.close()
    took = time.monotonic() - started
    server.close()
    assert buf.getvalue().splitlines() == [catalog.get("audio.screenreader_mute"), "erste Worte", "letzte Worte"]
    assert took < screenreader.SpeechDispatcherOutput.VERDICT_WAIT


@pytest.mark.skipif(shutil.which("speech-dispatcher") is None, reason="speech-dispatcher is not installed")
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_real_speech_dispatcher_without_sound(tmp_path, lang):
    """The real server with no sound device (no PulseAudio, no ALSA card) begins the first
    message and never ends it; before, the game then wrote nothing of the opening, never
    said why, and waited for the end of speech at exit."""
    run = Path(tempfile.mkdtemp(prefix="sd", dir="/tmp"))  # a short path: a Unix socket's limit
    sock = run / "sd.sock"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PULSE_")}
    env.update(XDG_RUNTIME_DIR=str(run), HOME=str(run))
    server = subprocess.Popen(["speech-dispatcher", "-s", "-t", "0", "-S", str(sock), "-P", str(run / "pid"),
                               "-l", "1", "-L", str(run)], env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        end = time.monotonic() + 30
        while not sock.exists() and time.monotonic() < end:
            time.sleep(0.05)
        assert sock.exists(), "speech-dispatcher did not start"
        env.update(SPEECHD_ADDRESS=f"unix_socket:{sock}", PYTHONIOENCODING="utf-8",
                   VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), VOICE_GAME_DATA_DIR=str(tmp_path / "data"))
        word = {"de": "ziehen", "en": "draw"}[lang]
        game = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "play", "orchestra", "--lang", lang,
                                 "--seed", "1", "--tts", "screenreader", "--engine", "none"], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        stdout, stderr = game.communicate(word + "\n", timeout=120)
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        shutil.rmtree(run, ignore_errors=True)
    assert game.returncode == 0 and stderr == "", stderr
    catalog = load_catalog(lang)
    lines = stdout.splitlines()
    assert lines[0] == catalog.get("audio.screenreader_mute")
    assert any("Amadeus" in line for line in lines[1:3])  # the opening, written after all
    assert lines[-1] == catalog.get("app.input_ended")
