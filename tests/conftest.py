"""Test isolation: no test reads or writes the real user's settings, saves or models."""
import pytest


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
