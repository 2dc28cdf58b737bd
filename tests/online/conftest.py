"""A private nats-server with JetStream on a free loopback port, and helpers to run
the host and seat clients as real processes."""
import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from voice_game.online import server as S

ROOT = Path(__file__).resolve().parents[2]
STEP_TIMEOUT = 60
PROCS = []  # every process a test started; the server fixture ends those still running


def free_port() -> int:
    return S.free_loopback_port()


class Nats:
    def __init__(self, folder: Path, port: int):
        self.folder = folder
        self.port = port
        self.url = f"nats://127.0.0.1:{port}"
        self.proc = None

    def start(self):
        if S.nats_server_binary() is None:
            pytest.skip("nats-server is not installed (apt-get install nats-server)")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.log = open(self.folder.parent / "server.log", "wb")  # noqa: SIM115 - open while the server runs, closed by stop()
        self.proc = S.start_private_server(self.folder, self.port, log=self.log)
        return self

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


@pytest.fixture
def nats_server(tmp_path, monkeypatch):
    n = Nats(tmp_path / "server", free_port()).start()
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(n.folder))
    yield n
    for p in PROCS:
        if p.poll() is None:
            p.kill()
            p.wait(10)
    PROCS.clear()
    n.stop()


def env():
    return dict(os.environ, PYTHONIOENCODING="utf-8")


def cli(*args):
    return [sys.executable, "-m", "voice_game.cli", *args]


class Host:
    """``voice-game host`` as a process; its seat lines are read as they come."""

    def __init__(self, args, server):
        self.proc = subprocess.Popen(cli("host", *args, "--server", server.url), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env())
        PROCS.append(self.proc)
        self.lines = []
        self.err = ""
        self._t = threading.Thread(target=self._read, daemon=True)
        self._t.start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def _read_err(self):
        self.err = self.proc.stderr.read()

    def seats(self, count, timeout=STEP_TIMEOUT):
        deadline = time.monotonic() + timeout
        while len(self.lines) < count and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
        assert len(self.lines) >= count, (self.lines, self.err)
        return [json.loads(x) for x in self.lines[:count]]

    def wait(self, timeout=STEP_TIMEOUT):
        return self.proc.wait(timeout)

    def kill(self):
        self.proc.kill()
        self.proc.wait(10)


class Client:
    """``voice-game join`` / ``watch`` as a process fed with lines."""

    def __init__(self, args, lines=(), close=True):
        self.proc = subprocess.Popen(cli(*args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env())
        PROCS.append(self.proc)
        self.out = []
        self.err = []
        threading.Thread(target=self._read, daemon=True).start()
        self._err_reader = threading.Thread(target=self._read_err, daemon=True)
        self._err_reader.start()
        self.proc.stdin.write("".join(x + "\n" for x in lines))
        self.proc.stdin.flush()
        if close:
            self.proc.stdin.close()

    def _read(self):
        for line in self.proc.stdout:
            self.out.append(line.rstrip("\n"))

    def _read_err(self):
        for line in self.proc.stderr:  # read while it runs: a full pipe would stop the process
            self.err.append(line)

    def said(self) -> str:
        """What the process printed so far, for a failing test's message."""
        state = "running" if self.proc.poll() is None else f"ended with {self.proc.returncode}"
        return f"[{state}]\n--- stdout:\n" + "\n".join(self.out) + "\n--- stderr:\n" + "".join(self.err)

    def finish(self, timeout=STEP_TIMEOUT):
        rc = self.proc.wait(timeout)
        self._err_reader.join(10)
        time.sleep(0.05)
        return rc, "\n".join(self.out), "".join(self.err)

    def kill(self):
        self.proc.kill()
        self.proc.wait(10)


def join(code, server, lines, lang="en", close=True):
    return Client(["join", code, "--server", server.url, "--lang", lang, "--tts", "text"], lines, close)


async def read_snapshot(server, table):
    """The table's snapshot in the key-value bucket, read as the server's admin."""
    import nats

    nc = await nats.connect(server.url, user=S.ADMIN, password=S.admin_password(server.folder))
    try:
        kv = await nc.jetstream().key_value(f"VG_{table}")
        return json.loads((await kv.get("snapshot")).value)
    finally:
        await nc.close()


def snapshot(server, table):
    return asyncio.run(read_snapshot(server, table))


def wait_until(pred, timeout=STEP_TIMEOUT, what="", *watched):
    """Wait for pred(); on a timeout the message has what the watched processes
    (Client objects) printed, so a failure explains itself."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.1)
    told = "".join(f"\n=== {' '.join(map(str, c.proc.args[3:]))[:120]} {c.said()}" for c in watched)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}{told}")


def events(path: Path):
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
