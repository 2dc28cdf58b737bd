"""The start menu and its settings completed by voice alone (issue 21; every lesson of a
course: test_voice_course.py): each command is synthesized with a natural voice (SVOX
Pico, else espeak-ng), fed in 50 ms blocks through the real Whisper recognizer into the
program's voice input, which the menu tells what it understands now (the phrases legal
there: Whisper's constrained decoding). Nothing is typed. One test speaks through a real
PulseAudio virtual microphone into ``voice-game menu --engine whisper`` as a player starts it.

Each utterance is cached for the run; a Whisper decode is about half a second."""
import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.support.whisper import needs_base
from voice_game.app import App
from voice_game.input_feed import InputFeed
from voice_game.menu import MenuApp
from voice_game.narration.catalog import load_catalog
from voice_game.speech.voice_input import VoiceControl
from voice_game.tutorial.progress import Progress
from tests.support.lines import Said

pytestmark = [needs_base, pytest.mark.skipif(shutil.which("pico2wave") is None and shutil.which("espeak-ng") is None,
                                             reason="no speech synthesizer")]
ROOT = Path(__file__).resolve().parents[2]


_RECOGNIZERS: dict[str, object] = {}


def recognizer(lang: str):
    from voice_game.speech.engines import make_recognizer

    if lang not in _RECOGNIZERS:
        rec, engine = make_recognizer("whisper", lang, [])
        assert engine == "whisper"
        _RECOGNIZERS[lang] = rec
    return _RECOGNIZERS[lang]


class Never:
    """A keyboard nobody touches: it ends only when the test is over."""

    def __init__(self):
        self.done = threading.Event()

    def __iter__(self):
        return self

    def __next__(self):
        self.done.wait()
        raise StopIteration


# what a person says in the menu, in order: the first-start question, the settings (narration
# detail changed by name), back, the second entry by its number, back, the tutorials, back, exit
MENU_WORDS = {
    "de": ["nein", "einstellungen", "ansagen", "zurück", "zwei", "zurück", "tutorials", "zurück", "beenden"],
    "en": ["no", "open settings", "narration", "back", "two", "back", "open tutorials", "back", "close menu"],
}


class Watched(MenuApp):
    def __init__(self, *args, **kwargs):
        self.shown: list[str] = []
        super().__init__(*args, **kwargs)

    def run_menu(self, menu):
        self.shown.append(menu.title)
        return super().run_menu(menu)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_menu_and_its_settings_by_voice_alone(lang, tmp_path):
    c = load_catalog(lang)
    from tests.support.speaker import Speaker

    out = Said()
    keyboard = Never()
    menu = Watched(lang, out, keyboard, progress=Progress(tmp_path / "p.json"), app=App.around(lang, out))
    words = list(MENU_WORDS[lang])
    not_understood = c.get("menu.not_understood", count=1).split(".")[0]
    retries = []

    def choose(phrases):
        if out.lines and out.lines[-1].startswith(not_understood) and speaker.said:
            retries.append(speaker.said[-1])
            assert len(retries) <= 3, list(zip(speaker.said, speaker.heard, strict=False))[-4:]
            return speaker.said[-1]  # said again, as a person would
        return words.pop(0) if words else None

    speaker = Speaker(VoiceControl(recognizer(lang), InputFeed.of(menu), "whisper"), lang, choose)
    menu.voice = speaker
    before = menu.store.settings.detail if menu.store is not None else None
    try:
        assert menu.run() == 0
    finally:
        keyboard.done.set()
    print(speaker.said, speaker.heard, retries)
    assert words == [], (speaker.said, speaker.heard, out.lines[-5:])
    second = f"{menu.main_menu().items[1].id}.title"  # the second entry: the second game's menu
    assert menu.shown == ["menu.title_main", "menu.settings", second, "menu.tutorials"], (speaker.said, speaker.heard)
    assert out.lines[-1] == c.get("app.goodbye")
    # the recognizer was told the menu's phrases: the entries by name and number, "zurück"
    main = set(speaker.phrases[1])
    assert ({"einstellungen", "zwei", "zurück"} if lang == "de" else {"settings", "two", "back"}) <= main, sorted(main)[:40]
    assert before is None or menu.store is None or menu.store.settings.detail != before


def _wait(pred, timeout):
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return True
        time.sleep(0.1)
    return pred()


def test_the_menu_hears_a_person_through_a_virtual_microphone(tmp_path):
    """``voice-game menu --engine whisper --mic pulse`` as a player starts it: the words
    come through a PulseAudio virtual microphone; nothing is typed. Changing how the voice
    listens while the game speaks (full, headphones, half) restarts it, and it still hears."""
    from tests.support.soundserver import SoundServer
    from tests.support.speaker import speech

    de = load_catalog("de")
    srv = SoundServer(set_env=False)
    srv.start()
    data = tmp_path / "data"
    data.mkdir()
    (data / "tutorial_progress.json").write_text(json.dumps({"flags": {"tutorial_offered": True}}))
    try:
        env = srv.env()
        env["VOICE_GAME_DATA_DIR"] = str(data)
        env["VOICE_GAME_CONFIG_DIR"] = str(tmp_path / "cfg")
        proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", "menu", "--lang", "de", "--tts", "text",
                                 "--engine", "whisper", "--mic", "pulse"], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines: list[str] = []
        threading.Thread(target=lambda: lines.extend(x.rstrip("\n") for x in proc.stdout), daemon=True).start()
        try:
            def quiet_with(text):
                n = len(lines)
                return any(text in x for x in lines) and (time.sleep(1.0) or len(lines) == n)

            assert _wait(lambda: quiet_with(de.get("speech.engine_started", engine="whisper")[:20]), 120), lines
            # how the voice listens is changed by voice: it starts anew, and hears the next word
            listening = de.get("menu.listening", mode=de.get("menu.listening_name.headphones"))
            for word, answer in (("einstellungen", de.get("menu.settings")), ("zuhören kopfhörer", listening),
                                 ("zurück", de.get("menu.back_in", title=de.get("menu.main")))):
                n = len(lines)
                for _attempt in range(3):
                    srv.play_into("micsink", __import__("numpy").frombuffer(speech(word, "de"), dtype="<i2"), 16000)
                    if _wait(lambda n=n, answer=answer: any(answer in x for x in lines[n:]), 30):
                        break
                assert any(answer in x for x in lines[n:]), (word, lines[-6:])
                time.sleep(1.0)
            srv.play_into("micsink", __import__("numpy").frombuffer(speech("beenden", "de"), dtype="<i2"), 16000)
            assert _wait(lambda: proc.poll() is not None, 60), lines[-6:]
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            err = proc.stderr.read()
            print("\n".join(lines), err)
        assert "Traceback" not in err
        assert lines[-1] == de.get("app.goodbye")
        # it started anew without saying again that it listens
        assert sum(de.get("speech.engine_started", engine="whisper") in x for x in lines) == 1, lines
        assert 'duplex = "headphones"' in (tmp_path / "cfg" / "settings.toml").read_text(encoding="utf-8")
    finally:
        srv.stop()
