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
import json  # noqa: E402
from pathlib import Path  # noqa: E402

from voice_game.commands.grammar import LANGUAGES, load_grammar
from voice_game.core.errors import ContentError, RuleError, SaveError
from voice_game.narration.catalog import load_catalog
from voice_game.narration.message import HIGH, Message

DEFAULT_BOTS = ["bot:Amadeus", "bot:Clara"]


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
    # --lang / --tts default to None: then VOICE_GAME_LANG, the settings file, or de / auto
    p.add_argument("--lang", choices=LANGUAGES, default=None)
    p.add_argument("--players", default=None,
                   help='comma-separated seats, e.g. "Anna,Ben,bot:Carla,bot-strong:Dora"')
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck", type=Path, default=None, help="JSON file with the pile order, top card first")
    p.add_argument("--variant", default="", help="comma-separated variants of the game")
    p.add_argument("--tts", choices=["auto", "pyttsx3", "screenreader", "text", "none"], default=None)
    p.add_argument("--events", type=Path, default=None, help="write every engine event as JSON lines")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--save", type=Path, default=None, help="save after every action to this file")
    g.add_argument("--resume", type=Path, default=None, help="continue the game saved in this file")
    p.add_argument("--engine", choices=["auto", "whisper", "vosk", "pocketsphinx", "none"], default=None,
                   help="speech recognizer (default: auto with sound, none with --tts text/none)")
    p.add_argument("--listen", choices=["always", "push"], default="always",
                   help="always listen, or push-to-talk (Enter on an empty line, then speak)")
    p.add_argument("--model", default=None, help="a Vosk model folder to use")
    p.add_argument("--mic", default=None, help="microphone device (sounddevice name or number)")
    p.add_argument("--debug", action="store_true", help="print internal errors to stderr")


def parse_seats(spec: str | None, default_name: str, levels) -> list:
    from voice_game.session import Seat

    if spec is None:
        spec = ",".join([default_name] + DEFAULT_BOTS)
    seats = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            raise ValueError("empty seat")
        if ":" in part:
            level, name = (x.strip() for x in part.split(":", 1))
            if level not in levels:
                raise KeyError(level)
            if not name:
                raise ValueError("empty name")
            seats.append(Seat(name, level))
        else:
            seats.append(Seat(part))
    return seats


class Console:
    """Early output before a session exists: one line per message on stdout."""

    def __init__(self, output):
        self.out = output

    def say(self, text: str) -> None:
        self.out.say(text)


def stdin_lines():
    """Lines from a pipe; from a terminal, single keys and typed lines (voice_game.keys)."""
    from voice_game.keys import input_source

    return input_source()


def _attach(inputs, session) -> None:
    """Key input needs the session it drives (context for number keys, history)."""
    if hasattr(inputs, "attach"):
        inputs.attach(session)


def _voice(args, prefs, lang, catalog, output, inputs, game=None):
    """Speech beside the keyboard, unless the game runs as text (pipes, tests)."""
    from voice_game.speech.voice_input import start_voice

    engine = getattr(args, "engine", None)
    if engine is None:
        text_mode = (getattr(args, "tts", None) or prefs.tts) in ("text", "none")
        engine = "none" if text_mode else (prefs.recognizer or "auto")
    device = getattr(args, "mic", None) or (prefs.microphone or None)
    if isinstance(device, str) and device.isascii() and device.isdigit() and len(device) < 9:
        device = int(device)
    vocabulary = None
    if engine != "none" and game:
        # every word, fillers too; made only for an engine with a fixed vocabulary (a game's
        # grammar may have tens of thousands of phrases, Whisper needs no check)
        vocabulary = lambda: sorted({p.spoken for p in load_grammar(lang).phrases(game)})  # noqa: E731
    return start_voice(engine, lang, catalog, output, inputs, listen=getattr(args, "listen", "always"),
                       model=getattr(args, "model", None), device=device, vocabulary=vocabulary,
                       aliases=dict(getattr(prefs, "aliases", {}) or {}))


def ask_birth_years(seats, seed: int, catalog, output, inputs) -> list[int]:
    """A game that needs the players' ages (its definition's setup question
    ``birth_years``): every human says their birth year at setup; bots get one from the seed."""
    import random
    import re

    from voice_game.core.input import InputLine

    rng = random.Random(seed)
    years = []
    it = iter(inputs)
    for seat in seats:
        if seat.is_bot:
            years.append(rng.randrange(1945, 2012))
            continue
        year = None
        for _ in range(3):
            output.say(catalog.get("setup.birth_year", player=seat.name))
            try:
                item = next(it)
            except StopIteration:
                break
            text = item.text if isinstance(item, InputLine) else str(item)
            m = re.search(r"\b(1[89]\d\d|20\d\d)\b", text)
            if m and 1900 <= int(m.group(1)) <= 2100:
                year = int(m.group(1))
                break
            output.say(catalog.get("setup.birth_year_bad"))
        if year is None:
            year = 2000
            output.say(catalog.get("setup.birth_year_default", player=seat.name, year=year))
        years.append(year)
    return years


def play(args, inputs=None) -> int:
    from voice_game.audio.tts import make_output
    from voice_game.games import available, default_game, get as get_kit
    from voice_game.session import Seat, Session
    from voice_game import savefile

    from voice_game import settings as settings_mod

    store, settings_problem = settings_mod.Store.open()
    prefs = store.settings
    lang = args.lang or os.environ.get("VOICE_GAME_LANG") or prefs.lang or "de"
    if lang not in LANGUAGES:
        lang = "de"
    resume_data = None
    if args.resume:
        # the save file decides the language of a resumed game
        try:
            resume_data = savefile.read_save(args.resume)
            if resume_data.get("lang") in LANGUAGES:
                lang = resume_data["lang"]
        except SaveError:
            resume_data = None
    catalog = load_catalog(lang)
    grammar = load_grammar(lang)
    output, fell_back = make_output(args.tts or prefs.tts, lang, catalog, prefs)
    if settings_problem is not None:
        output.say(settings_problem.message(catalog))
    if fell_back:
        output.say(catalog.get("app.tts_fallback"))

    def fail(key: str, code: int = 2, **params) -> int:
        output.say(catalog.get(key, **params))
        return code

    if args.events is not None and (args.events.exists() or args.events.is_symlink()) \
            and not savefile.is_events_log(args.events):
        return fail("save.events_exists", path=args.events)  # a user's file is never overwritten

    if args.resume:
        try:
            data = savefile.read_save(args.resume)
        except SaveError as err:
            return fail(f"save.{err.reason}", path=args.resume)
        from voice_game import savecheck

        try:  # every field checked, the game tried once: a damaged save is one sentence
            loaded = savecheck.load(data, args.resume)
        except SaveError as err:
            if args.debug:
                print(err, file=sys.stderr)
            return fail("save.damaged", path=args.resume)
        kit, seats, state = loaded.kit, loaded.seats, loaded.state
        seed, bot_rngs, bot_memory = loaded.seed, loaded.bot_rngs, loaded.bot_memory
        inputs = stdin_lines() if inputs is None else inputs
        source, voice, stop_voice = _voice(args, prefs, lang, catalog, output, inputs, kit.name)
        session = Session(kit, state, seats, grammar, catalog, output, source, seed=seed,
                          save_path=args.resume, events_path=args.events, bot_rngs=bot_rngs, bot_memory=bot_memory,
                          debug=args.debug,
                          settings=store, verbose=prefs.detail)
        _attach(inputs, session)
        if voice is not None:
            session.listen_hook = voice.set_phrases
        session.say(Message(catalog.get("save.resumed"), "info", HIGH))
        v = session.listener_view()
        session.say(session.narrator.table(v))
        try:
            return session.run()
        finally:
            stop_voice()

    if args.game is None:
        args.game = default_game()
    if args.game not in available():
        return fail("setup.unknown_game", game=args.game, games=", ".join(available()))
    kit = get_kit(args.game)
    try:
        # the one human of the default table is "du" (the narration speaks to them), never "Spieler"
        seats = parse_seats(args.players, catalog.get("setup.default_you"), kit.bot_levels)
    except KeyError as exc:
        return fail("setup.unknown_bot", level=exc.args[0], levels=", ".join(kit.bot_levels))
    except ValueError:
        return fail("setup.bad_players", players=args.players)
    variants = [v.strip() for v in args.variant.split(",") if v.strip()]
    deck = None
    if args.deck:
        if not savefile.is_regular(args.deck):
            return fail("save.deck_missing", path=args.deck)
        try:
            raw = json.loads(args.deck.read_text(encoding="utf-8"))
        except OSError:
            return fail("save.deck_missing", path=args.deck)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return fail("save.deck_not_json", path=args.deck)
        try:
            deck = kit.parse_deck(raw)
        except (ValueError, TypeError):
            return fail(f"save.deck_form_{kit.name}", path=args.deck)
    if args.save and args.save.exists() and not savefile.is_save(args.save):
        return fail("save.exists", path=args.save)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    inputs = stdin_lines() if inputs is None else inputs
    extra = {}
    for question in kit.setup_questions:  # asked before the game starts (birth years)
        if question.name == "birth_years" and question.asked(variants):
            extra[question.name] = ask_birth_years(seats, seed, catalog, output, inputs)
    try:
        state = kit.new_game([s.name for s in seats], variants, seed, deck, **extra)
    except RuleError as err:
        key = f"{kit.name}.reason.{err.reason}"  # a game's own reason texts come first
        return fail(key if catalog.has(key) else f"reason.{err.reason}", **err.params)
    source, voice, stop_voice = _voice(args, prefs, lang, catalog, output, inputs, kit.name)
    session = Session(kit, state, seats, grammar, catalog, output, source, seed=seed,
                      save_path=args.save, events_path=args.events, debug=args.debug,
                      settings=store, verbose=prefs.detail)
    _attach(inputs, session)
    if voice is not None:
        session.listen_hook = voice.set_phrases
    if args.events and args.events.exists():
        args.events.unlink()
    session.start(kit.rules.opening_events(state))
    try:
        return session.run()
    finally:
        stop_voice()


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
        from voice_game.audio import gallery

        return gallery.main(argv[1:])
    if argv[0] == "recognize":
        from voice_game.speech import recognize

        return recognize.main(argv[1:])
    if argv[0] in ("host", "join", "watch", "server"):
        from voice_game.online.command import main as online_main

        return online_main(argv)
    if argv[0] == "models":
        from voice_game.speech import models

        lang = os.environ.get("VOICE_GAME_LANG", "de")
        return models.main(argv[1:], sys.stdout, locale=lang if lang in LANGUAGES else "en")
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
