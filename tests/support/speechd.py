"""A private Speech Dispatcher (the screen reader's speech server) for tests: its own
socket, home and logs in a temporary folder, playing into the sound server whose
environment it is given."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def speech_dispatcher(env: dict[str, str]) -> Iterator[Path]:
    """Starts ``speech-dispatcher`` with ``env`` (a sound server's); yields its socket, which
    exists once it listens. Stopped and its folder removed on exit."""
    d = Path(tempfile.mkdtemp(prefix="vg-spd-"))
    sock = d / "speechd.sock"
    own = dict(env, HOME=str(d), XDG_RUNTIME_DIR=str(d), XDG_CONFIG_HOME=str(d), XDG_CACHE_HOME=str(d))
    proc = subprocess.Popen(["speech-dispatcher", "-s", "-t", "0", "-c", "unix_socket", "-S", str(sock),
                             "-L", str(d)], env=own, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not sock.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.025)
        if not sock.exists():
            raise RuntimeError("speech-dispatcher did not start")
        yield sock
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(d, ignore_errors=True)
