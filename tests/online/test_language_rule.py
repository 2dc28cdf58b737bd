"""The online commands follow the one language rule of the application layer
(--lang, else VOICE_GAME_LANG, else the settings file, else German)."""
import asyncio
import os
from pathlib import Path

from voice_game import settings
from voice_game.narration.catalog import load_catalog
from voice_game.online import command


def _host_says(tmp_path: Path, capsys, *extra: str) -> str:
    args = command.build_parser().parse_args(["host", "--server", "nats://127.0.0.1:1", "--server-dir", str(tmp_path / "nowhere"), *extra])
    assert asyncio.run(command.host(args)) == 2
    return capsys.readouterr().err.strip()


def test_the_host_speaks_the_settings_files_language(tmp_path, capsys):
    folder = tmp_path / "nowhere"
    german = load_catalog("de").get("online.no_server_dir", folder=folder)
    english = load_catalog("en").get("online.no_server_dir", folder=folder)
    assert _host_says(tmp_path, capsys) == german  # no settings: German
    settings.save(settings.Settings(lang="en"), Path(os.environ[settings.ENV_DIR]) / settings.FILE_NAME)
    assert _host_says(tmp_path, capsys) == english  # the settings file's language
    assert _host_says(tmp_path, capsys, "--lang", "de") == german  # --lang wins
