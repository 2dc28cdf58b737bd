"""The start menu walked through a pipe (no arguments: ``voice-game``), as a script or a
screen-reader user typing line by line would."""
import json
import os
import subprocess
import sys
from pathlib import Path

from voice_game.audio.tts import TextOutput
from voice_game.keys import Key
from voice_game.menu import MenuApp
from voice_game.tutorial.progress import Progress

ROOT = Path(__file__).resolve().parents[1]


def run(args, lines, tmp_path, timeout=120):
    cfg = tmp_path / "cfg"
    cfg.mkdir(exist_ok=True)
    if not (cfg / "settings.toml").exists():
        (cfg / "settings.toml").write_text('tts = "text"\n', encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8", VOICE_GAME_DATA_DIR=str(tmp_path / "data"),
               VOICE_GAME_CONFIG_DIR=str(cfg))
    env.pop("VOICE_GAME_LANG", None)
    return subprocess.run([sys.executable, "-m", "voice_game.cli", *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_walk_the_menu_play_save_and_resume(tmp_path):
    lines = ["nein",                  # no tutorial on this first run
             "9", "quatsch",          # wrong number, nonsense: told, nothing happens
             "Tierorchester",         # the game menu
             "Bots 1", "falsche note", "stufe 3",
             "start", "ziehen", "eins", "spiel verlassen", "ja",
             "fortsetzen", "1",       # resume the game just left
             "tisch", "spiel verlassen", "ja",
             "zurück",                # resume menu -> main menu
             "beenden"]               # the entry "Beenden", by its name: the "8" after it is never read
    p = run([], lines + ["8"], tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Traceback" not in out + p.stderr
    assert "Hauptmenü: 1: Tierorchester spielen; 2: Concerto spielen; 3: Tutorials" in out
    assert "Die Nummer 9 gibt es hier nicht, nur 1 bis 8." in out
    assert "Ein Bot" in out and "Falsche Note: an" in out and "Bot-Stufe: stark" in out
    assert "Tierorchester gegen Amadeus." in out  # you play against the bot
    assert "Variante Falsche Note" in out
    assert "Spielstand geladen." in out
    assert "Zu 1." in out  # your own placement, in the fewest words
    assert out.rstrip().endswith("Auf Wiedersehen.")
    save = json.loads((tmp_path / "data" / "saves" / "orchestra.json").read_text())
    assert save["game"] == "orchestra" and save["state"]["variants"] == ["falsche-note"]


def test_first_run_offers_the_tutorial_once(tmp_path):
    p = run([], ["ja", "weiter", "Tutorial beenden", "Tutorials", "1", "Tutorial beenden", "zurück", "8"],
            tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.count("Möchtest du zuerst das Tutorial") == 1
    assert "Willkommen zum Tutorial Tierorchester" in out
    assert "Lektion 2 von" in out
    assert "Tutorial Tierorchester, angefangen" in out  # the tutorials menu shows the progress
    assert "Willkommen zurück im Tutorial Tierorchester" in out
    p2 = run([], ["8"], tmp_path)
    assert "Möchtest du zuerst das Tutorial" not in p2.stdout
    assert "Hauptmenü" in p2.stdout


def test_english_menu_and_language_setting(tmp_path):
    p = run(["menu", "--lang", "en"], ["no", "settings", "1", "zurück", "8"], tmp_path)
    out = p.stdout
    assert "Main menu: 1: Play Animal Orchestra" in out
    assert "Language: English" in out and "Sprache: Deutsch" in out  # switched to German
    assert "Zurück im Hauptmenü." in out


def test_concerto_menu_offers_its_variants(tmp_path):
    p = run([], ["nein", "Concerto", "Zurück", "8"], tmp_path)
    assert "Maestro-Version: aus" in p.stdout and "Dirigentenkarte sichtbar: aus" in p.stdout


class Keys:
    """Key events in place of a terminal (the real terminal is driven in tests/test_keys.py)."""

    def __init__(self, events):
        self.events = list(events)

    def next_event(self):
        return self.events.pop(0) if self.events else None

    def start_typing(self, initial=""):
        pass

    def close(self):
        pass


def KeyedInputs(events):
    """The keyboard input of a terminal, its keys given (the default bindings)."""
    from voice_game.keys import KeyInput, load_bindings

    return KeyInput(Keys(events), load_bindings({}))


def test_keys_in_menus(tmp_path):
    lines = []

    class Out(TextOutput):
        def say(self, text, interrupt=False):
            lines.append(text)

    progress = Progress(tmp_path / "p.json")
    progress.set_flag("tutorial_offered")
    app = MenuApp("en", Out(), KeyedInputs([Key("down"), Key("up"), Key("up"), Key("s"), Key("s"),
                                            Key("enter"), Key("right"), Key("right"), Key("escape"),
                                            Key("h"), Key("1"), Key("down"), Key("down"), Key("left"),
                                            Key("enter"), Key("escape"), Key("escape")]),
                  progress=progress)
    app.saves = tmp_path / "saves"
    app.run()
    text = "\n".join(lines)
    assert "Play Concerto, 2 of 8" in text
    assert "Exit, 8 of 8" in text  # up from the first entry wraps around
    assert "Sound gallery, 4 of 8" in text and "Settings, 5 of 8" in text  # s, then s again
    assert "Language: English, 1 of 10" in text and "Sprache: Deutsch" in text  # right: German, right: back
    assert "Play Animal Orchestra" in text and "No bots" not in text
    assert "One bot" in text  # left on "2 bots"
    assert text.rstrip().endswith("Goodbye.")


def test_sound_gallery_from_the_menu(tmp_path):
    p = run([], ["nein", "Klanggalerie", "weiter", "3", "spiel verlassen", "8"], tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Traceback" not in out + p.stderr
    assert "Zurück im Hauptmenü." in out and out.rstrip().endswith("Auf Wiedersehen.")
    assert out.count("\n") > 8  # the gallery named sounds between entering and leaving


def test_the_settings_menu_sets_the_narrations_detail(tmp_path):
    # settings, the detail item (third), one step right: normal -> verbose, kept in the settings file
    p = run(["menu", "--lang", "de"], ["nein", "einstellungen", "3", "zurück", "8"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert "Ansagen: normal" in p.stdout
    p2 = subprocess.run([sys.executable, "-c", (
        "import io, os;"
        "from voice_game.menu import MenuApp;"
        "from voice_game.audio.tts import TextOutput;"
        "from voice_game.settings import Store;"
        "store, _ = Store.open();"
        "app = MenuApp('de', TextOutput(io.StringIO()), iter(()), store=store);"
        "m = app.settings_menu();"
        "item = next(i for i in m.items if i.id == 'detail');"
        "print(item.label()); item.adjust(1); print(item.label());"
        "print(Store.open()[0].settings.detail)")], capture_output=True, text=True, cwd=ROOT, timeout=60,
        env=dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp_path / "cfg"), VOICE_GAME_DATA_DIR=str(tmp_path / "data")))
    assert p2.returncode == 0, p2.stderr
    # the pipe's "3" stepped normal -> verbose and kept it; one more step wraps to brief
    assert p2.stdout.split("\n")[:3] == ["Ansagen: ausführlich", "Ansagen: kurz", "brief"]


def test_names_typed_in_the_menu_are_there_at_the_next_start(tmp_path):
    first = run([], ["nein", "Tierorchester", "menschen 2", "namen", "Anna, Ben", "zurück", "8"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert "Namen: Anna, Ben" in first.stdout
    again = run([], ["Concerto", "menschen 2", "hilfe", "zurück", "8"], tmp_path)  # a new start, another game
    assert again.returncode == 0, again.stderr
    assert "Namen: Anna, Ben" in again.stdout  # the same people at the table
    assert "Spieler 1" not in again.stdout
    # names that no seat could take are named as a bad setting and left out
    cfg = tmp_path / "cfg" / "settings.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace('"Ben"', '"bot:Ben"'), encoding="utf-8")
    bad = run([], ["Tierorchester", "menschen 2", "hilfe", "zurück", "8"], tmp_path)
    assert "Einige Einstellungen waren ungültig und stehen wieder auf Standard: names." in bad.stdout
    assert "Namen: Spieler 1, Spieler 2" in bad.stdout
