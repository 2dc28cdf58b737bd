"""``voice-game menu``: the start menu's command line."""
from __future__ import annotations

import argparse

from voice_game.frontend import run_front_end
from voice_game.app import App, Listening, add_listening_options, add_output_options
from voice_game.menu.main_menu import MenuApp


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game menu", description="The start menu.")
    add_output_options(ap)
    add_listening_options(ap, "speech recognizer for the games")
    ap.add_argument("--debug", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv or [])

    def menu(app: App, inputs) -> int:
        return MenuApp(app.lang, app.output, inputs, tts=app.tts, debug=args.debug, app=app,
                       listening=Listening.from_args(args)).run()

    return run_front_end(args.lang, args.tts, menu)
