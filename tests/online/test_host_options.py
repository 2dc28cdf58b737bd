"""``voice-game host`` says what is wrong with its options in the same one sentence as
``voice-game play``."""
import subprocess

from tests.online.conftest import ROOT, cli, env
from voice_game.narration.catalog import load_catalog


def _host(server, *args):
    p = subprocess.run(cli("host", *args, "--server", server.url, "--lang", "en"), capture_output=True, text=True,
                       cwd=ROOT, env=env(), timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_a_bad_deck_file_is_the_sentence_of_local_play(nats_server, tmp_path):
    en = load_catalog("en")
    cases = {"missing.json": (None, "save.deck_missing"), "broken.json": ("{not json", "save.deck_not_json"),
             "wrong.json": ('{"musicians": "tuba"}', "save.deck_form_orchestra"),
             "folder": ("", "save.deck_missing")}
    for name, (text, key) in cases.items():
        deck = tmp_path / name
        if name == "folder":
            deck.mkdir()
        elif text is not None:
            deck.write_text(text, encoding="utf-8")
        rc, out, err = _host(nats_server, "orchestra", "--players", "Anna,bot:Ben", "--deck", str(deck))
        assert rc == 2 and out == "", (name, out, err)
        assert err.strip() == en.get(key, path=deck), (name, err)
    # the local game says the same
    deck = tmp_path / "wrong.json"
    p = subprocess.run(cli("play", "orchestra", "--players", "Anna,bot:Ben", "--deck", str(deck), "--tts", "text",
                           "--lang", "en"), capture_output=True, text=True, cwd=ROOT, env=env(), timeout=120,
                       input="")
    assert en.get("save.deck_form_orchestra", path=deck) in p.stdout + p.stderr
