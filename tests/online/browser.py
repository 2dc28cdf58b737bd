"""``voice-game server`` with its web port as a real process, and a headless Chromium
(Debian's ``/usr/bin/chromium``, driven by Playwright's Python package) for the browser
seat's tests. Nothing is downloaded: without chromium or playwright the tests skip."""
import json
import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.online.conftest import PROCS, ROOT, cli, env, free_port
from voice_game.online import server as S

CHROMIUM = os.environ.get("VOICE_GAME_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DATA = Path(__file__).resolve().parent / "data"
WEB = ROOT / "voice_game" / "online" / "web"


class WebServer:
    """``voice-game server --port P --web-port W``: nats-server, the lobby and the page."""

    def __init__(self, folder: Path, ports: tuple[int, int, int] | None = None):
        """``ports``: (NATS, web, WebSocket) of a server started again on the same folder."""
        self.folder = folder
        self.port, self.web_port, self.ws_port = ports or (free_port(), free_port(), free_port())
        self.url = f"nats://127.0.0.1:{self.port}"
        self.web = f"http://127.0.0.1:{self.web_port}"
        self.log = open(folder.parent / "web-server.log", "ab")  # noqa: SIM115 - closed by stop()
        self.proc = subprocess.Popen(cli("server", "--port", str(self.port), "--dir", str(folder), "--web-port",
                                         str(self.web_port), "--ws-port", str(self.ws_port)),
                                     stdout=subprocess.PIPE, stderr=self.log, cwd=ROOT, env=env(), text=True)
        PROCS.append(self.proc)
        self.ready: dict = {}
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 30
        while not self.ready and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
        if not self.ready:
            self.stop()
            raise AssertionError("the server did not start: " + (folder.parent / "web-server.log").read_text())

    def _read(self):
        for line in self.proc.stdout:
            try:
                self.ready = json.loads(line)
            except ValueError:
                pass

    def stop(self):
        if self.log.closed:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


@pytest.fixture(name="web_server")
def web_server_fixture(tmp_path, monkeypatch):
    if S.nats_server_binary() is None:
        pytest.skip("nats-server is not installed (apt-get install nats-server)")
    folder = tmp_path / "server"
    monkeypatch.setenv("VOICE_GAME_SERVER_DIR", str(folder))
    server = WebServer(folder)
    yield server
    server.stop()  # first, so it stops its nats-server (a SIGKILL left that child running)
    for p in PROCS:
        if p.poll() is None:
            p.kill()
            p.wait(10)
    PROCS.clear()


@pytest.fixture(name="browser")
def browser_fixture():
    if not os.path.exists(CHROMIUM):
        pytest.skip("chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def axe_problems(page) -> list[dict]:
    """axe-core (vendored in tests/online/data) on the page as it is: the serious and
    critical violations (rule, impact, the elements' HTML)."""
    page.evaluate((DATA / "axe.min.js").read_text(encoding="utf-8") + "\n;0")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["html"] for n in v["nodes"]][:3]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def log_lines(page) -> list[str]:
    return page.eval_on_selector_all("#log > p", "ps => ps.map(p => p.textContent)")


def state(page) -> str:
    return page.get_attribute("main", "data-state")


def wait_lines(page, more_than: int, timeout: float = 60.0) -> list[str]:
    """The log's lines once it has more than ``more_than`` (polled from here: the page's
    Content-Security-Policy allows no string evaluation, so no wait_for_function)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = log_lines(page)
        if len(lines) > more_than:
            return lines
        page.wait_for_timeout(100)
    raise AssertionError(f"the log stayed at {more_than} lines: {log_lines(page)[-5:]}")
