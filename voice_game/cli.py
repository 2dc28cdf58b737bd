"""Command line: ``voice-game play <game> ...`` and friends.

Every problem the player can cause (a bad option value, a damaged save or deck file, a
command that does not exist) is answered with one sentence and a non-zero exit code,
never a traceback. ``voice-game --help`` lists every command in the player's language
(``locales/<lang>/cli.ftl``; ``--lang``, else VOICE_GAME_LANG, else the settings).
"""
from __future__ import annotations

import os
import sys

import _signal  # the C module: "import signal" loads enum, functools and collections first (tens of ms)

#: this module runs as the program (``voice-game``, ``python -m voice_game.cli``), not in a test
AS_PROGRAM = __name__ == "__main__" or os.path.basename(sys.argv[0] or "").startswith("voice-game")
if AS_PROGRAM:
    # Ctrl-C while the program is still loading: a quiet exit at once, never an import
    # traceback (nothing is open yet: no terminal mode, no file). An exception raised here
    # could land in an import lock's callback, where Python only prints it and goes on,
    # so the process ends itself; main() puts the normal handler back before anything
    # needs cleaning up.
    def _stop_while_loading(signum, frame):
        os._exit(130)

    _signal.signal(_signal.SIGINT, _stop_while_loading)

import signal  # noqa: E402
import argparse  # noqa: E402
from pathlib import Path  # noqa: E402

from voice_game import interrupts  # noqa: E402
from voice_game.core.errors import ContentError  # noqa: E402

__all__ = ["COMMANDS", "build_parser", "main", "play"]

#: every command, in the order ``voice-game --help`` lists them (the words: cli.command.<name>)
COMMANDS = ("play", "menu", "tutorial", "sounds", "recognize", "models", "server", "host", "join", "watch")
HELP_FLAGS = ("-h", "--help")

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


# ----------------------------------------------------------------------------- the player's words

def option_value(argv: list[str], name: str) -> str | None:
    """The value of option ``name`` (``--lang en`` or ``--lang=en``) in ``argv``, if given."""
    for i, a in enumerate(argv):
        if a == name and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return None


def player_language(argv: list[str]) -> str:
    """The language the player reads: ``--lang``, else VOICE_GAME_LANG, else the settings, else German."""
    from voice_game.app import pick_language, read_settings

    return pick_language(option_value(argv, "--lang"), read_settings())


def _catalog(lang: str):
    from voice_game.narration.catalog import load_catalog

    return load_catalog(lang)


def commands_help(lang: str) -> str:
    """``voice-game --help``: what the program is, every command with one line, where to read more."""
    from voice_game.games import default_game

    c = _catalog(lang)
    width = max(map(len, COMMANDS)) + 2
    lines = [c.get("cli.usage"), "", c.get("cli.commands")]
    lines += [f"  {name:<{width}}{c.get(f'cli.command.{name}', game=default_game())}" for name in COMMANDS]
    lines += ["", c.get("cli.more"), c.get("cli.language")]
    return "\n".join(lines) + "\n"


def unknown_command(command: str, lang: str) -> str:
    return _catalog(lang).get("cli.unknown", command=command[:40], commands=", ".join(COMMANDS))


def games_help(lang: str) -> str:
    """The games ``play`` knows and their variants, read from the game definitions."""
    from voice_game.games import available
    from voice_game.games import get as get_kit

    c = _catalog(lang)
    lines = [c.get("cli.play.games")]
    for name in available():
        kit = get_kit(name)
        title = c.get(f"{name}.title") if c.has(f"{name}.title") else name
        if kit.variants:
            lines.append("  " + c.get("cli.play.game_variants", game=name, title=title,
                                      variants=", ".join(kit.variants)))
        else:
            lines.append("  " + c.get("cli.play.game", game=name, title=title))
    lines.append(c.get("cli.play.example", game=available()[0]))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the parser of play

def build_parser(help_lang: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``voice-game play`` (under ``voice-game``); ``help_lang``: its help
    names the games and their variants in that language."""
    ap = argparse.ArgumentParser(prog="voice-game", description="Audio-first card games for blind players.")
    sub = ap.add_subparsers(dest="command")
    description = epilog = None
    if help_lang is not None:
        from voice_game.games import default_game

        description = _catalog(help_lang).get("cli.command.play", game=default_game())
        epilog = games_help(help_lang)
    play = sub.add_parser("play", help="play a game", description=description, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", nargs="?", default=None, help="the game (default: the first one; the list below)")
    add_play_options(play)
    return ap


def add_play_options(p: argparse.ArgumentParser) -> None:
    from voice_game.app import add_listening_options, add_output_options

    add_output_options(p)
    p.add_argument("--players", default=None,
                   help='comma-separated seats, e.g. "Anna,Ben,bot:Carla,bot-strong:Dora"')
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck", type=Path, default=None, help="JSON file with the pile order, top card first")
    p.add_argument("--variant", default="", help="comma-separated variants of the game (the list below)")
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
    from voice_game.core.output import PlayerOutput

    ap = argparse.ArgumentParser(prog="voice-game sounds", description="Hear and name every sound of the game.")
    add_output_options(ap)
    ap.add_argument("--no-sound", action="store_true", help="names only (no sound device)")
    args = ap.parse_args(argv)
    app = App.open(args.lang, args.tts, stream=stdout or sys.stdout)
    s = app.prefs
    output = app.output
    player = output.player if isinstance(output, PlayerOutput) else None
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


def models_command(argv: list[str]) -> int:
    """``voice-game models ...`` (voice_game.speech.models), in the player's language (``--lang``)."""
    from voice_game.speech import models

    lang = player_language(argv)
    rest, skip = [], False
    for i, a in enumerate(argv):
        if skip:
            skip = False
        elif a == "--lang" and i + 1 < len(argv):
            skip = True
        elif not a.startswith("--lang="):
            rest.append(a)
    return models.main(rest, sys.stdout, locale=lang)


# ----------------------------------------------------------------------------- the entry point

_exit_code: list[int] = []  # the program's exit code once main() returned (_end_quietly)


def _end_quietly() -> None:
    """The last step of the program (the first exit handler registered, so it runs after
    all others): output flushed, then the process ends without Python's finalisation.
    A recognizer still loading its model in a native thread (a player who quits or a
    microphone that is not there within the first seconds) would otherwise meet the C
    libraries' teardown and abort with a native crash dump on the terminal."""
    if not _exit_code:  # main() did not return (an error escaped): Python ends as usual
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    os._exit(_exit_code[0])


def main(argv: list[str] | None = None) -> int:
    """The ``voice-game`` command; Ctrl-C anywhere ends it quietly with code 130."""
    if AS_PROGRAM and not _exit_code:  # before Ctrl-C raises: the loading handler still ends quietly here
        import atexit

        atexit.register(_end_quietly)
    try:
        signal.signal(signal.SIGINT, interrupts.handler)  # KeyboardInterrupt, and the time noted
    except ValueError:  # not the main thread (tests): leave it as it is
        pass
    try:
        code = _main(argv)
    except KeyboardInterrupt:
        code = 130
    if AS_PROGRAM:
        _exit_code[:] = [code if isinstance(code, int) else 1]
    return code


def _main(argv: list[str] | None = None) -> int:  # noqa: C901 - one dispatch per command
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and (argv[0] == "help" or (argv[0].startswith("-") and any(a in HELP_FLAGS for a in argv))):
        if argv[0] == "help" and len(argv) > 1 and argv[1] in COMMANDS:  # "help play": play --help
            return _main([argv[1], "--help"])
        sys.stdout.write(commands_help(player_language(argv)))
        return 0
    if not argv or argv[0].startswith("-"):  # the start menu, with its options
        from voice_game.menu import main as menu_main

        return menu_main(argv)
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(unknown_command(command, player_language(rest)))
        return 2
    if command == "menu":
        from voice_game.menu import main as menu_main

        return menu_main(rest)
    if command == "tutorial":
        from voice_game.tutorial.command import main as tutorial_main

        return tutorial_main(rest)
    if command == "sounds":
        return sounds(rest)
    if command == "recognize":
        from voice_game.speech import recognize

        return recognize.main(rest)
    if command in ("host", "join", "watch", "server"):
        from voice_game.online.command import main as online_main

        return online_main(argv)
    if command == "models":
        return models_command(rest)
    wants_help = any(a in HELP_FLAGS for a in rest)
    args = build_parser(player_language(rest) if wants_help else None).parse_args(argv)
    try:
        return play(args)
    except ContentError as err:
        print(f"voice-game: {err}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
