"""``voice-game tutorial [COURSE] [--lang de|en] [--tts ...] [--restart]``: a course of a game."""
from __future__ import annotations

import argparse

from voice_game.app import App, Listening, add_listening_options, add_output_options
from voice_game.core.input import PhraseListener, SessionInput
from voice_game.frontend import run_front_end
from voice_game.narration.catalog import load_catalog
from voice_game.tutorial.lessons import available, courses
from voice_game.tutorial.runner import TutorialRunner


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game tutorial", description="Narrated lessons for a game.")
    names = list(courses())
    ap.add_argument("course", nargs="?", default=names[0] if names else None, help=", ".join(names))
    add_output_options(ap)
    add_listening_options(ap)
    ap.add_argument("--restart", action="store_true", help="start at the first lesson")
    ap.add_argument("--debug", action="store_true", help="print internal errors to stderr")
    return ap


def run(course: str, lang: str, output, inputs, audio=None, restart: bool = False, debug: bool = False,
        voice: PhraseListener | None = None, keys: SessionInput | None = None) -> int:
    if course not in available():
        output.say(load_catalog(lang).get("tutorial.unknown", course=course, courses=", ".join(available())))
        return 2
    runner = TutorialRunner(course, lang, output, inputs, audio=audio, restart=restart, debug=debug, voice=voice,
                            keys=keys)
    return runner.run()


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)

    def tutorial(app: App, inputs) -> int:
        # the voice beside the keys, started once (the front end's ending stops it)
        source, voice, app.stop_live_voice = app.voice(Listening.from_args(args), inputs)
        app.live_voice = voice
        return run(args.course, app.lang, app.output, source, restart=args.restart, debug=args.debug,
                   voice=voice if isinstance(voice, PhraseListener) else None,
                   keys=inputs if isinstance(inputs, SessionInput) else None)

    return run_front_end(args.lang, args.tts, tutorial)
