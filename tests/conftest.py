"""Test isolation: no test reads or writes the real user's settings, saves or models.

Markers: ``golden`` (the full golden replay, left out unless asked: ``-m golden``) and
``slow`` (real recognizers, servers on loopback, whole games through a subprocess: every
test under tests/speech and tests/online and those listed in tests/slow_tests.txt; golden
ones too). ``uv run pytest -m "not slow"`` is the fast developer loop; ``uv run pytest``
(what .ci/run runs) runs everything but the golden replay.
"""
from pathlib import Path

import pytest

_HERE = Path(__file__).parent
_SLOW_DIRS = ("speech", "online")


def _slow_list() -> set[str]:
    lines = (_HERE / "slow_tests.txt").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    listed = _slow_list()
    for item in items:
        rel = Path(str(item.path)).relative_to(_HERE.parent).as_posix()
        name = f"{rel}::{item.originalname}" if getattr(item, "originalname", None) else item.nodeid
        if (rel.split("/")[1] in _SLOW_DIRS or name in listed or item.get_closest_marker("golden")):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def _shared_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")  # pronunciations may be shared between tests


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path_factory, monkeypatch, _shared_cache):
    root = tmp_path_factory.mktemp("user")
    for var, sub in (("VOICE_GAME_CONFIG_DIR", "config"), ("VOICE_GAME_DATA_DIR", "data")):
        folder = root / sub
        folder.mkdir()
        monkeypatch.setenv(var, str(folder))
    monkeypatch.setenv("VOICE_GAME_CACHE_DIR", str(_shared_cache))
    monkeypatch.delenv("VOICE_GAME_LANG", raising=False)
    monkeypatch.delenv("VOICE_GAME_VOSK_MODEL", raising=False)
