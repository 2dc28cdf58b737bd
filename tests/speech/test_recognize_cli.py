"""voice-game recognize: real espeak-ng audio (synth.synthesize, with its noise floor)
through the real PocketSphinx decoder, understood by the game's matcher."""
import io
import json
import shutil

import pytest

from voice_game.speech import recognize
from tests.support.synth import synthesize, write_wav

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def say(tmp_path, text, voice, name, speed=175):
    wav = tmp_path / f"{name}.wav"
    write_wav(wav, synthesize(text, voice, speed, floor_db=45))
    return wav


def run(files, lang="en"):
    out = io.StringIO()
    rc = recognize.main(["--lang", lang, "--engine", "pocketsphinx", *map(str, files)], out)
    return rc, [json.loads(x) for x in out.getvalue().splitlines()]


def test_commands_and_rejection_english(tmp_path):
    files = [say(tmp_path, "take conductor three", "en-us", "a"),
             say(tmp_path, "the cat sat on the mat", "en-us", "b")]
    rc, rows = run(files)
    assert rc == 0
    assert set(rows[0]) == {"file", "engine", "text", "command", "confidence", "decode_ms"}
    assert rows[0]["engine"] == "pocketsphinx" and rows[0]["file"] == str(files[0])
    assert rows[0]["command"] == {"intent": "take", "conductor": 3}, rows[0]
    assert rows[1]["command"] is None, rows[1]


def test_any_rate_and_stereo_is_accepted(tmp_path):
    import numpy as np
    import wave

    x = synthesize("take conductor three", "en-us", 175, floor_db=45)
    # 44.1 kHz stereo copy of the same speech
    y = np.interp(np.linspace(0, len(x) - 1, int(len(x) * 44100 / 16000)), np.arange(len(x)), x)
    st = np.repeat(y.astype("<i2")[:, None], 2, axis=1)
    f = tmp_path / "st.wav"
    with wave.open(str(f), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44100)
        w.writeframes(st.tobytes())
    rc, rows = run([f])
    assert rc == 0 and rows[0]["command"] == {"intent": "take", "conductor": 3}, rows[0]


def test_bad_file_is_reported_not_raised(tmp_path):
    f = tmp_path / "x.wav"
    f.write_bytes(b"not a wav")
    out = io.StringIO()
    assert recognize.main(["--lang", "en", "--engine", "pocketsphinx", str(f)], out) == 1
    assert "error" in json.loads(out.getvalue())
