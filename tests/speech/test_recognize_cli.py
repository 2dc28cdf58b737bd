"""voice-game recognize: real espeak-ng audio through the real PocketSphinx decoder,
understood by the game's matcher."""
import io
import json
import shutil
import subprocess

import pytest

from voice_game.speech import recognize

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def say(tmp_path, text, voice, name, rate=22050):
    wav = tmp_path / f"{name}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(wav), text], check=True)
    return wav


def test_commands_and_rejection_english(tmp_path):
    files = [say(tmp_path, "conductor three", "en-us", "a"),
             say(tmp_path, "what a lovely weather today", "en-us", "b")]
    out = io.StringIO()
    rc = recognize.main(["--lang", "en", "--engine", "pocketsphinx", *map(str, files)], out)
    assert rc == 0
    rows = [json.loads(x) for x in out.getvalue().splitlines()]
    assert rows[0]["engine"] == "pocketsphinx"
    assert rows[0]["command"] == {"intent": "place", "conductor": 3}
    assert rows[1]["command"] is None
    assert set(rows[0]) == {"file", "engine", "text", "command", "confidence", "decode_ms"}


def test_bad_file_is_reported_not_raised(tmp_path):
    f = tmp_path / "x.wav"
    f.write_bytes(b"not a wav")
    out = io.StringIO()
    assert recognize.main(["--lang", "en", "--engine", "pocketsphinx", str(f)], out) == 1
    assert "error" in json.loads(out.getvalue())
