"""``voice-game tutorial [COURSE] [--lang de|en] [--tts ...] [--restart]``: a course of a game."""
from __future__ import annotations

import argparse
import os
import sys

from voice_game.commands.grammar import LANGUAGES
from voice_game.core.errors import ContentError


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="voice-game tutorial", description="Narrated lessons for a game.")
    from voice_game.tutorial.lessons import courses

    names = list(courses())
    ap.add_argument("course", nargs="?", default=names[0] if names else None, help=", ".join(names))
    ap.add_argument("--lang", choices=LANGUAGES, default=None)
    ap.add_argument("--tts", choices=["auto", "pyttsx3", "screenreader", "text", "none"], default=None)
    ap.add_argument("--restart", action="store_true", help="start at the first lesson")
    ap.add_argument("--debug", action="store_true", help="print internal errors to stderr")
    return ap


def run(course: str, lang: str, output, inputs, audio=None, restart: bool = False, debug: bool = False) -> int:
    from voice_game.narration.catalog import load_catalog
    from voice_game.tutorial.lessons import available
    from voice_game.tutorial.runner import TutorialRunner

    if course not in available():
        output.say(load_catalog(lang).get("tutorial.unknown", course=course, courses=", ".join(available())))
        return 2
    runner = TutorialRunner(course, lang, output, inputs, audio=audio, restart=restart, debug=debug)
    return runner.run()


def main(argv: list[str]) -> int:
    from voice_game.audio.tts import make_output
    from voice_game.keys import input_source
    from voice_game.narration.catalog import load_catalog

    args = build_parser().parse_args(argv)
    prefs = None
    try:
        from voice_game import settings as settings_mod

        prefs = settings_mod.Store.open()[0].settings
    except Exception:  # noqa: BLE001 - without settings the defaults apply
        pass
    lang = args.lang or os.environ.get("VOICE_GAME_LANG") or getattr(prefs, "lang", "") or "de"
    if lang not in LANGUAGES:
        lang = "de"
    args.lang = lang
    catalog = load_catalog(lang)
    output, fell_back = make_output(args.tts or getattr(prefs, "tts", "auto"), lang, catalog, prefs)
    if fell_back:
        output.say(catalog.get("app.tts_fallback"))
    try:
        return run(args.course, args.lang, output, input_source(output=output, lang=args.lang),
                   restart=args.restart, debug=args.debug)
    except ContentError as err:
        print(f"voice-game: {err}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    finally:
        close = getattr(output, "close", None)
        if close is not None:
            close()
