"""Command line: ``voice-game play <game> ...`` and friends.

Every problem the player can cause (a bad option value, a damaged save or deck file)
is answered with one spoken sentence and a non-zero exit code, never a traceback.
"""
from __future__ import annotations

import os
import signal
import sys

if __name__ == "__main__" or os.path.basename(sys.argv[0] or "").startswith("voice-game"):
    # Ctrl-C while the program is still loading: a quiet exit, not an import traceback
    # (main() puts the normal handler back before anything needs cleaning up).
    def _stop_while_loading(signum, frame):
        raise SystemExit(130)

    signal.signal(signal.SIGINT, _stop_while_loading)

import argparse  # noqa: E402
from pathlib import Path  # noqa: E402

from voice_game.core.errors import ContentError  # noqa: E402

__all__ = ["build_parser", "main", "play"]

#: names of voice_game.app offered here too (parse_seats, ask_birth_years: for
#: voice_game.online); imported when first asked, so that ``voice-game recognize`` does
#: not load the application layer (its message catalogs, sound and menus)
_FROM_APP = ("ENGINE_CHOICES", "TTS_CHOICES", "App", "GameSetup", "ask_birth_years", "parse_seats",
             "pick_language", "read_settings", "saved_language")


def __getattr__(name: str):
    if name in _FROM_APP:
        from voice_game import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game", description="Audio-first card games for blind players.")
    sub = ap.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a game")
    play.add_argument("game", nargs="?", default=None, help="the game (default: the first one)")
    add_play_options(play)
    rec = sub.add_parser("recognize", help="recognize WAV files, one JSON line per file")
    rec.add_argument("rest", nargs=argparse.REMAINDER)
    models = sub.add_parser("models", help="manage Vosk speech models: list | install LANG | remove LANG | path LANG")
    models.add_argument("rest", nargs=argparse.REMAINDER)
    return ap


def add_play_options(p: argparse.ArgumentParser) -> None:
    from voice_game.app import add_listening_options, add_output_options

    add_output_options(p)
    p.add_argument("--players", default=None,
                   help='comma-separated seats, e.g. "Anna,Ben,bot:Carla,bot-strong:Dora"')
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck", type=Path, default=None, help="JSON file with the pile order, top card first")
    p.add_argument("--variant", default="", help="comma-separated variants of the game")
    p.add_argument("--events", type=Path, default=None, help="write every engine event as JSON lines")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--save", type=Path, default=None, help="save after every action to this file")
    g.add_argument("--resume", type=Path, default=None, help="continue the game saved in this file")
    add_listening_options(p)
    p.add_argument("--debug", action="store_true", help="print internal errors to stderr")


def play(args: argparse.Namespace, inputs=None) -> int:
    """``voice-game play``: one game started or resumed through the application layer
    (a resumed game speaks the language of its save)."""
    from voice_game.app import App, GameSetup, saved_language

    setup = GameSetup.from_args(args)
    app = App.open(saved_language(setup.resume) or args.lang, args.tts)
    code = app.play(setup, inputs)
    if app.after_game == "menu":  # "no" to another game: the start menu, on the same input
        from voice_game.menu import MenuApp

        if app.fell_back:
            app.tts = "text"
        menu = MenuApp(app.lang, app.output, app.last_inputs, tts=app.tts, debug=setup.debug, app=app,
                       listening=setup.listening)
        menu.run_menu(menu.main_menu())
        menu.say(menu.t("app.goodbye"))
    return code


def sounds(argv: list[str], stdin=None, stdout=None) -> int:
    """``voice-game sounds``: the sound gallery (voice_game.audio.gallery)."""
    from voice_game.app import App, add_output_options
    from voice_game.audio.gallery import Gallery
    from voice_game.audio.output import open_player

    ap = argparse.ArgumentParser(prog="voice-game sounds", description="Hear and name every sound of the game.")
    add_output_options(ap)
    ap.add_argument("--no-sound", action="store_true", help="names only (no sound device)")
    args = ap.parse_args(argv)
    app = App.open(args.lang, args.tts, stream=stdout or sys.stdout)
    s = app.prefs
    output = app.output
    player = getattr(output, "player", None)
    own = None
    if player is None and not args.no_sound and app.tts != "none":
        own = open_player(s.output_device or None)
        if own.device_ok:
            own.cue_volume = s.cue_volume / 100.0
            player = own
    try:
        stdin = stdin or sys.stdin
        return Gallery(output, app.catalog, app.grammar, player).run(iter(stdin.readline, ""))
    finally:
        output.close()
        if own is not None:
            own.close()


def main(argv: list[str] | None = None) -> int:
    """The ``voice-game`` command; Ctrl-C anywhere ends it quietly with code 130."""
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread (tests): leave it as it is
        pass
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130


def _main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from voice_game.menu import main as menu_main

        return menu_main()
    if argv[0] == "menu":
        from voice_game.menu import main as menu_main

        return menu_main(argv[1:])
    if argv[0] == "tutorial":
        from voice_game.tutorial.command import main as tutorial_main

        return tutorial_main(argv[1:])
    if argv[0] == "sounds":
        return sounds(argv[1:])
    if argv[0] == "recognize":
        from voice_game.speech import recognize

        return recognize.main(argv[1:])
    if argv[0] in ("host", "join", "watch", "server"):
        from voice_game.online.command import main as online_main

        return online_main(argv)
    if argv[0] == "models":
        from voice_game.app import pick_language, read_settings
        from voice_game.speech import models

        return models.main(argv[1:], sys.stdout, locale=pick_language(None, read_settings()))
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return play(args)

    except ContentError as err:
        print(f"voice-game: {err}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
