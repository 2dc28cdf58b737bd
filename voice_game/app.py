"""The application layer: everything a front end (the command line, the menu, the
tutorial, the sound gallery, the models tool) needs before and around a game, built
in one place.

- :func:`pick_language`: the one language rule;
- :class:`App`: the settings, the language, its catalog and grammar and the output,
  built once (``App.open``), with the settings problem and the speech fallback said;
- :class:`GameSetup`: one typed description of a game to start or resume, and
  :meth:`App.play`, which starts or resumes it (a damaged save, deck or option is one
  spoken sentence and a non-zero exit code, never a traceback).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from voice_game import savecheck, savefile
from voice_game.audio.tts import make_output
from voice_game.commands.grammar import LANGUAGES, Grammar, load_grammar
from voice_game.core.errors import RuleError, SaveError
from voice_game.core.input import InputLine, SessionInput
from voice_game.core.output import Output
from voice_game.games import available, default_game
from voice_game.games import get as get_kit
from voice_game.keys import input_source
from voice_game.narration.catalog import Catalog, load_catalog
from voice_game.narration.message import HIGH, Message
from voice_game.session import Seat, Session
from voice_game.speech.voice_input import start_voice
from voice_game.settings import RECOGNIZERS, TTS_CHOICES, Problem, Settings, Store

DEFAULT_LANGUAGE = "de"
LANG_ENV = "VOICE_GAME_LANG"
ENGINE_CHOICES = tuple(r for r in RECOGNIZERS if r != "keyboard") + ("none",)  # --engine
DEFAULT_BOTS = ["bot:Amadeus", "bot:Clara"]  # the other seats when --players is not given
BOT_NAMES = ["Amadeus", "Clara", "Dora", "Emil", "Fanny"]  # bots seated by the menus
__all__ = ["App", "GameSetup", "TTS_CHOICES", "ENGINE_CHOICES", "pick_language", "parse_seats"]


def pick_language(explicit: str | None = None, prefs: Settings | None = None) -> str:
    """The one language rule: the language asked for (``--lang``), else the environment
    variable VOICE_GAME_LANG, else the settings file, else German; an unknown one is
    German. (A resumed game speaks the language of its save: :meth:`App.play`.)"""
    lang = explicit or os.environ.get(LANG_ENV) or (prefs.lang if prefs is not None else "") or DEFAULT_LANGUAGE
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def read_settings() -> Settings:
    """The player's settings (the defaults when the file is damaged; the caller that
    speaks to the player says the problem: :meth:`App.announce`)."""
    return Store.open()[0].settings


def saved_language(path: Path | None) -> str | None:
    """The language a saved game was played in (it decides a resumed game's), if readable."""
    if path is None:
        return None
    try:
        lang = savefile.read_save(path).get("lang")
    except SaveError:
        return None
    return lang if lang in LANGUAGES else None


# ----------------------------------------------------------------------------- command-line options

def add_output_options(p: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--tts`` (None: VOICE_GAME_LANG, the settings file, or de / auto)."""
    p.add_argument("--lang", choices=LANGUAGES, default=None)
    p.add_argument("--tts", choices=TTS_CHOICES, default=None)


def add_listening_options(p: argparse.ArgumentParser, what: str = "speech recognizer") -> None:
    """``--engine``, ``--listen``, ``--model``, ``--mic``: speech beside the keys (:meth:`Listening.from_args`)."""
    p.add_argument("--engine", choices=ENGINE_CHOICES, default=None,
                   help=f"{what} (default: auto with sound, none with --tts text/none)")
    p.add_argument("--listen", choices=["always", "push"], default="always",
                   help="always listen, or push-to-talk (Enter on an empty line, then speak)")
    p.add_argument("--model", default=None, help="a Whisper or Vosk model folder to use (default: the best one installed)")
    p.add_argument("--mic", default=None, help="microphone device (sounddevice name or number)")
    p.add_argument("--duplex", choices=["full", "headphones", "half"], default=None,
                   help="while the game speaks: full (echo-cancelled microphone open; the default), "
                        "headphones (open, no echo path), half (ignored while the game speaks)")


# ----------------------------------------------------------------------------- seats and setup questions

def parse_seats(spec: str | None, default_name: str, levels: Iterable[str]) -> list[Seat]:
    """Seats from "Anna,Ben,bot:Carla,bot-strong:Dora"; KeyError for an unknown bot
    level, ValueError for an empty seat or name. None: the player and two bots."""
    if spec is None:
        spec = ",".join([default_name] + DEFAULT_BOTS)
    levels = tuple(levels)
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


def bot_names(count: int) -> list[str]:
    """Distinct names for ``count`` bots: BOT_NAMES, then the same names numbered
    ("Amadeus 2", ...), so a game that seats more players still names every bot."""
    n = len(BOT_NAMES)
    return [BOT_NAMES[i] if i < n else f"{BOT_NAMES[i % n]} {i // n + 1}" for i in range(count)]


def ask_birth_years(seats: list[Seat], seed: int, catalog: Catalog, output: Output, inputs: Iterable[Any]) -> list[int]:
    """A game that needs the players' ages: every human says their birth year at setup;
    bots get one from the seed."""
    rng = random.Random(seed)
    years = []
    it = iter(inputs)
    # one human is spoken to, never called by the seat's name ("Du, in welchem Jahr ...")
    you = "_you" if sum(1 for seat in seats if not seat.is_bot) == 1 else ""
    for seat in seats:
        if seat.is_bot:
            years.append(rng.randrange(1945, 2012))
            continue
        year = None
        for attempt in range(3):
            if attempt == 0:  # after a wrong answer its message says what to type
                output.say(catalog.get(f"setup.birth_year{you}", player=seat.name))
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
            output.say(catalog.get(f"setup.birth_year_default{you}", player=seat.name, year=year))
        years.append(year)
    return years


class DeckProblem(Exception):
    """A deck file that cannot be used; ``key``: the one sentence that says why (``{path}``)."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def read_deck(kit: Any, path: Path) -> Any:
    """The pile order in a deck file (``play --deck``, ``host --deck``), parsed by the game;
    raises DeckProblem: unreadable, not JSON, or not the game's form."""
    if not savefile.is_regular(path):
        raise DeckProblem("save.deck_missing")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise DeckProblem("save.deck_missing") from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise DeckProblem("save.deck_not_json") from None
    try:
        return kit.parse_deck(raw)
    except (ValueError, TypeError):
        raise DeckProblem(f"save.deck_form_{kit.name}") from None


class SetupProblem(Exception):
    """A game that cannot be set up: the one sentence that says why (a message key and its parameters)."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


def choose_table(game: str | None, players: str | None, deck_path: Path | None,
                 default_name: str) -> tuple[Any, list[Seat], Any]:
    """The game (None: the first), its seats ("Anna,bot:Ben"; None: ``default_name`` and two
    bots) and the pile order of a deck file: (definition, seats, deck); raises SetupProblem."""
    game = game or default_game()
    if game not in available():
        raise SetupProblem("setup.unknown_game", game=game, games=", ".join(available()))
    kit = get_kit(game)
    try:
        seats = parse_seats(players, default_name, kit.bot_levels)
    except KeyError as exc:
        raise SetupProblem("setup.unknown_bot", level=exc.args[0], levels=", ".join(kit.bot_levels)) from None
    except ValueError:
        raise SetupProblem("setup.bad_players", players=players) from None
    deck = None
    if deck_path:
        try:
            deck = read_deck(kit, deck_path)
        except DeckProblem as problem:
            raise SetupProblem(problem.key, path=deck_path) from None
    return kit, seats, deck


def setup_answers(kit: Any, seats: list[Seat], variants: list[str], seed: int, catalog: Catalog,
                  output: Output, inputs: Iterable[Any]) -> dict[str, Any]:
    """The game's setup questions asked before it starts (birth years), by name."""
    extra: dict[str, Any] = {}
    for question in kit.setup_questions:
        if question.name == "birth_years" and question.asked(variants):
            extra[question.name] = ask_birth_years(seats, seed, catalog, output, inputs)
    return extra


def stand_in_answers(kit: Any, seats: list[Seat], variants: list[str]) -> dict[str, Any]:
    """Answers of the setup questions that stand in for the players' own, so the deck and
    the variants can be tried before anyone is asked (every birth year 2000)."""
    return {q.name: [2000] * len(seats) for q in kit.setup_questions
            if q.name == "birth_years" and q.asked(variants)}


def deal(kit: Any, seats: list[Seat], variants: list[str], seed: int, deck: Any, extra: dict[str, Any],
         catalog: Catalog) -> Any:
    """The new game's state; a variant or deck the game refuses raises SetupProblem (the
    game's own reason text first)."""
    try:
        return kit.new_game([s.name for s in seats], variants, seed, deck, **extra)
    except RuleError as err:
        key = f"{kit.name}.reason.{err.reason}"
        raise SetupProblem(key if catalog.has(key) else f"reason.{err.reason}", **err.params) from None


def random_seed() -> int:
    return int.from_bytes(os.urandom(4), "little")


# ----------------------------------------------------------------------------- the setup object

@dataclass
class Listening:
    """Speech input beside the keyboard: the recognizer (None: from the settings, and
    none when the game runs as text), always or push-to-talk, a model folder, a microphone."""

    engine: str | None = None
    listen: str = "always"
    model: str | None = None
    mic: str | None = None
    duplex: str | None = None  # None: from the settings

    @classmethod
    def from_args(cls, args: Any) -> Listening:
        """From the options :func:`add_listening_options` adds."""
        return cls(args.engine, args.listen, args.model, args.mic, args.duplex)


@dataclass
class GameSetup:
    """One game to start (``game`` ... ``save``) or to resume (``resume``)."""

    game: str | None = None  # None: the first game (voice_game.games.default_game)
    players: str | None = None  # "Anna,bot:Ben"; None: the player and two bots
    variants: list[str] = field(default_factory=list)
    seed: int | None = None  # None: a random one
    deck: Path | None = None  # a JSON file with the pile order
    save: Path | None = None  # saved after every action
    resume: Path | None = None  # continue the game saved here
    events: Path | None = None  # every engine event as JSON lines
    listening: Listening = field(default_factory=Listening)
    debug: bool = False

    @classmethod
    def from_args(cls, args: Any) -> GameSetup:
        """From the options of ``voice-game play``."""
        return cls(game=args.game, players=args.players, variants=parse_variants(args.variant),
                   seed=args.seed, deck=args.deck, save=args.save, resume=args.resume, events=args.events,
                   listening=Listening.from_args(args), debug=args.debug)


def parse_variants(spec: str | None) -> list[str]:
    """``--variant maestro,conductor-visible`` as a list."""
    return [v.strip() for v in (spec or "").split(",") if v.strip()]


# ----------------------------------------------------------------------------- the application

@dataclass
class App:
    """Settings, language, catalog, grammar and output of one run of the program."""

    lang: str
    catalog: Catalog
    grammar: Grammar
    output: Any  # a voice_game.core.output.Output
    store: Store | None = None
    problem: Problem | None = None
    tts: str = "text"  # the output kind asked for (--tts or the settings); speech input follows it
    # the output asked for did not work: text instead, and the message key that says so
    # (app.tts_fallback: no voice; audio.no_sound: no sound device works)
    fallback: str = ""
    # how the last game ended for its front end: "" (not over), "menu", "quit" or "end" (no more input)
    after_game: str = ""
    last_inputs: Any = None  # the input the last game read (the menu goes on with it)
    # the program's voice once started (App.listen): the menu, its tutorials and games share it
    live_voice: Any = None
    stop_live_voice: Callable[[], None] = lambda: None

    @classmethod
    def open(cls, lang: str | None = None, tts: str | None = None, stream: TextIO | None = None,
             announce: bool = True, settings_path: Path | None = None) -> App:
        """Read the settings, pick the language, load its words and open the output;
        ``announce``: say a damaged settings file and a speech fallback at once."""
        store, problem = Store.open(settings_path)
        prefs = store.settings
        lang = pick_language(lang, prefs)
        catalog = load_catalog(lang)
        kind = tts or prefs.tts
        output, fallback = make_output(kind, lang, catalog, prefs, stream)
        app = cls(lang, catalog, load_grammar(lang), output, store, problem, kind, fallback)
        if announce:
            app.announce()
        return app

    @classmethod
    def around(cls, lang: str, output: Any, store: Store | None = None, tts: str = "text") -> App:
        """An application over an output that is already open (tests, embedding)."""
        return cls(lang, load_catalog(lang), load_grammar(lang), output, store, None, tts)

    def announce(self) -> None:
        """A damaged settings file is said, never moved aside silently; then the fallback."""
        if self.problem is not None:
            self.output.say(self.problem.message(self.catalog))
        if self.fallback:
            self.output.say(self.catalog.get(self.fallback))

    @property
    def fell_back(self) -> bool:
        """The output asked for did not work: the game writes text (and listens only when told to)."""
        return bool(self.fallback)

    @property
    def prefs(self) -> Settings:
        return self.store.settings if self.store is not None else Settings()

    def say(self, key: str, **params: Any) -> None:
        self.output.say(self.catalog.get(key, **params))

    def in_language(self, lang: str) -> App:
        """This application in another language: its own catalog, grammar and output."""
        if lang == self.lang:
            return self
        catalog = load_catalog(lang)
        kind = "text" if self.fell_back else self.tts
        output, fallback = make_output(kind, lang, catalog, self.prefs)
        app = App(lang, catalog, load_grammar(lang), output, self.store, None, kind, fallback)
        app.live_voice = self.live_voice  # one microphone for the whole program
        app.announce()
        return app

    def persist(self, **changes: Any) -> OSError | None:
        """Keep changed settings (nothing happens without a settings store)."""
        return self.store.update(**changes) if self.store is not None else None

    # --- input ---------------------------------------------------------------
    def recognizer(self, listening: Listening) -> str:
        """The recognizer speech input uses: the one asked for, else none when the game
        runs as text (pipes, tests, or speech output that did not work: its sentence said
        "you play with the keyboard"), else the settings' (``auto`` without one)."""
        if listening.engine is not None:
            return listening.engine
        if self.tts in ("text", "none") or self.fell_back:
            return "none"
        return self.prefs.recognizer or "auto"

    def listen(self, listening: Listening, hub: Any, announce: bool = True) -> Any:
        """Start the program's voice once (the start menu, ``voice-game tutorial``): what it
        hears goes to ``hub`` (``put(text, confidence, source)``), which the menu, its
        tutorials and the games started from it read. The voice input (``set_phrases``)
        or None (no recognizer, no microphone: said once, then keys only)."""
        if self.live_voice is None:
            _, voice, stop = self.voice(listening, None, hub=hub, announce=announce)
            self.live_voice, self.stop_live_voice = voice, stop
        return self.live_voice

    def stop_listening(self) -> None:
        """The program's voice stopped (:meth:`listen` starts it again)."""
        stop, self.stop_live_voice = self.stop_live_voice, lambda: None
        self.live_voice = None
        stop()

    def voice(self, listening: Listening, inputs: Any, game: str | None = None,
              hub: Any = None, events: Path | None = None,
              announce: bool = True) -> tuple[Any, Any, Callable[[], None]]:
        """Speech beside the keyboard, unless the game runs as text (pipes, tests):
        (the input to read, the voice input or None, stop). With the program's voice
        already listening (:meth:`listen`) ``inputs`` carry it: it is shared, not started again."""
        if self.live_voice is not None:
            return inputs, self.live_voice, lambda: None
        prefs = self.prefs
        engine = self.recognizer(listening)
        device: str | int | None = listening.mic or (prefs.microphone or None)
        if isinstance(device, str) and device.isascii() and device.isdigit() and len(device) < 9:
            device = int(device)
        if engine != "none" and (missing := self._microphone_missing(device)):
            self.output.say(missing)  # one sentence; no recognizer is loaded for a microphone not there
            return inputs, None, lambda: None
        vocabulary: Callable[[], list[str]] | None = None
        if engine != "none" and game:
            lang = self.lang

            def words() -> list[str]:
                # every word, fillers too; made only for an engine with a fixed vocabulary (a game's
                # grammar may have tens of thousands of phrases, Whisper needs no check)
                return sorted({p.spoken for p in load_grammar(lang).phrases(game)})
            vocabulary = words
        return start_voice(engine, self.lang, self.catalog, self.output, inputs, listen=listening.listen,
                           model=listening.model, device=device, vocabulary=vocabulary,
                           aliases=dict(prefs.aliases or {}), hub=hub,
                           duplex=listening.duplex or prefs.duplex, events_path=events, announce=announce)

    def _microphone_missing(self, device: str | int | None) -> str:
        """The sentence that says why no microphone can be opened, or ""."""
        from voice_game.audio import portaudio

        why = portaudio.input_problem(device)
        if why == "no_sound":
            return self.catalog.get("speech.no_sound")
        if why and device is not None and device != "":
            return self.catalog.get("speech.mic_not_found", name=str(device)[:60])
        return self.catalog.get("speech.no_microphone") if why else ""

    # --- games ---------------------------------------------------------------
    def play(self, setup: GameSetup, inputs: Any = None) -> int:
        """Start or resume the game ``setup`` describes; ``inputs`` default to standard input."""
        if setup.resume is not None:
            return self._resume(setup, inputs)
        return self._start(setup, inputs)

    def _fail(self, key: str, code: int = 2, **params: Any) -> int:
        self.say(key, **params)
        return code

    def _events_ok(self, setup: GameSetup) -> bool:
        ev = setup.events
        return ev is None or not (ev.exists() or ev.is_symlink()) or savefile.is_events_log(ev)

    def _resume(self, setup: GameSetup, inputs: Any) -> int:
        path = setup.resume
        assert path is not None
        lang = saved_language(path)
        if lang is not None and lang != self.lang:  # the save file decides the language of a resumed game
            return self.in_language(lang)._resume(setup, inputs)
        if not self._events_ok(setup):
            return self._fail("save.events_exists", path=setup.events)  # a user's file is never overwritten
        try:
            data = savefile.read_save(path)
        except SaveError as err:
            return self._fail(f"save.{err.reason}", path=path)
        try:  # every field checked, the game tried once: a damaged save is one sentence
            loaded = savecheck.load(data, str(path))
        except SaveError as err:
            if setup.debug:
                print(err, file=sys.stderr)
            return self._fail("save.damaged", path=path)
        kit: Any = loaded.kit
        session = self._session(kit, loaded.state, loaded.seats, loaded.seed, setup, path,
                                bot_rngs=loaded.bot_rngs, bot_memory=loaded.bot_memory)
        session.for_absent = loaded.for_absent  # hot-seat: what the humans away are still to hear
        session.say(Message(self.catalog.get("save.resumed"), "info", HIGH))
        session.resumed()
        variants, extra = kit.table_of(loaded.state)
        # the same players, variants and birth years; the saved seed's next keeps a pipe repeatable
        again = self._rematch(kit, loaded.seats, variants, None, extra, loaded.seed, True, setup, path)
        return self._run(session, setup, inputs, kit.name, again=again)

    def _start(self, setup: GameSetup, inputs: Any) -> int:
        c = self.catalog
        if not self._events_ok(setup):
            return self._fail("save.events_exists", path=setup.events)  # a user's file is never overwritten
        try:
            # the one human of the default table is "du" (the narration speaks to them), never "Spieler"
            kit, seats, deck = choose_table(setup.game, setup.players, setup.deck, c.get("setup.default_you"))
        except SetupProblem as problem:
            return self._fail(problem.key, **problem.params)
        variants = list(setup.variants)
        if setup.save and setup.save.exists() and not savefile.is_save(setup.save):
            return self._fail("save.exists", path=setup.save)
        seed = setup.seed if setup.seed is not None else random_seed()
        if any(q.asked(variants) for q in kit.setup_questions):
            try:  # a deck or variant the game refuses is said before anyone is asked a question
                deal(kit, seats, variants, seed, deck, stand_in_answers(kit, seats, variants), c)
            except SetupProblem as problem:
                return self._fail(problem.key, **problem.params)
        inputs = self._inputs(inputs)
        extra = setup_answers(kit, seats, variants, seed, c, self.output, inputs)  # asked before the game starts
        try:
            state = deal(kit, seats, variants, seed, deck, extra, c)
        except SetupProblem as problem:
            return self._fail(problem.key, **problem.params)
        session = self._session(kit, state, seats, seed, setup, setup.save)
        if setup.events and setup.events.exists():
            setup.events.unlink()

        again = self._rematch(kit, seats, variants, deck, extra, seed, setup.seed is not None, setup, setup.save)
        return self._run(session, setup, inputs, kit.name, opening=kit.rules.opening_events(state), again=again)

    def _rematch(self, kit: Any, seats: list[Seat], variants: list[str], deck: Any, extra: dict[str, Any],
                 seed: int, seeded: bool, setup: GameSetup,
                 save_path: Path | None) -> Callable[[], tuple[Session, Any]]:
        """Another game with the same players, variants, pile file and setup answers (birth
        years); a seeded game's next seed keeps pipes repeatable."""
        game_seed = seed

        def rematch() -> tuple[Session, Any]:
            nonlocal game_seed
            game_seed = game_seed + 1 if seeded else random_seed()
            again = kit.new_game([x.name for x in seats], variants, game_seed, deck, **extra)
            if setup.events and setup.events.exists():
                setup.events.unlink()
            return self._session(kit, again, seats, game_seed, setup, save_path), kit.rules.opening_events(again)

        return rematch

    @staticmethod
    def _inputs(inputs: Any) -> Any:
        # from a terminal, single keys and typed lines; else lines from a pipe
        return input_source() if inputs is None else inputs

    def _session(self, kit: Any, state: Any, seats: list[Seat], seed: int, setup: GameSetup,
                 save_path: Path | None, **saved: Any) -> Session:
        return Session(kit, state, seats, self.grammar, self.catalog, self.output, [], seed=seed,
                       save_path=save_path, events_path=setup.events, debug=setup.debug, settings=self.store,
                       verbose=self.prefs.detail, **saved)

    def _run(self, session: Session, setup: GameSetup, inputs: Any, game: str, opening: Any = None,
             again: Callable[[], tuple[Session, Any] | None] | None = None) -> int:
        """Play the session; at its end ``again`` (a new game's session and opening events)
        is offered as a rematch, "no" leaves it to the front end (self.after_game)."""
        inputs = self._inputs(inputs)
        self.after_game, self.last_inputs = "", inputs
        source, voice, stop_voice = self.voice(setup.listening, inputs, game, events=setup.events)
        lines = iter(source)
        try:
            while True:
                session.inputs = lines
                if isinstance(inputs, SessionInput):  # key input needs the session it drives (number keys, history)
                    inputs.attach(session)
                if voice is not None:
                    session.listen_hook = voice.set_phrases
                if opening is not None:
                    session.start(opening)
                code = session.run()
                if again is None or session.quit or not session.humans or not session.kit.rules.is_over(session.state):
                    return code
                self.after_game = session.ask_after_game()
                nxt = again() if self.after_game == "rematch" else None
                if nxt is None:
                    return code
                session, opening = nxt
        finally:
            stop_voice()
