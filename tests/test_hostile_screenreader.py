"""``--tts screenreader`` where Speech Dispatcher takes messages but never speaks them
(no sound device): after a few seconds the game says so once and writes every word
as text, the early ones too; it does not wait for speech that never comes at exit.
Against a real SSIP server on a Unix socket (a small one written here)."""
from __future__ import annotations

import io
import socket
import threading
import time

import pytest

from voice_game.audio import screenreader
from voice_game.narration.catalog import load_catalog


class FakeSpeechd:
    """Answers SSIP like Speech Dispatcher; ``speaks`` decides whether 701/702 follow."""

    def __init__(self, path, speaks: bool):
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
                    if self.speaks:
                        out += f"701-{mid}\r\n701-0\r\n701 BEGIN\r\n702-{mid}\r\n702-0\r\n702 END\r\n"
                    conn.sendall(out.encode())
                else:
                    body.append(line)
                continue
            if line == "SPEAK":
                data_mode = True
                conn.sendall(b"230 OK RECEIVING DATA\r\n")
            elif line == "QUIT":
                conn.sendall(b"231 HAPPY HACKING\r\n")
                break
            else:
                conn.sendall(b"208 OK\r\n")
        conn.close()

    def close(self):
        self.srv.close()


@pytest.mark.parametrize("speaks", [False, True])
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
    while not out.mute and time.monotonic() < end and not speaks:
        time.sleep(0.05)
    if speaks:
        time.sleep(1.0)  # longer than MUTE_AFTER: a speaking reader is never taken for mute
    out.say("after the notice")
    closer = threading.Thread(target=out.close, daemon=True)
    closer.start()
    closer.join(30)
    assert not closer.is_alive()
    server.close()
    lines = buf.getvalue().splitlines()
    if speaks:
        assert not out.mute and lines == []
        assert server.spoken[-1] == "after the notice"
    else:
        assert out.mute
        assert lines == [catalog.get("audio.screenreader_mute"), "first words", "second words", "third words",
                         "after the notice"]
