"""Choosing a recognizer: Vosk when a model for the language is installed, else
PocketSphinx (its wheel ships an en-us acoustic model), else none (keyboard only)."""
from __future__ import annotations

from voice_game.core.errors import ContentError


class NoRecognizer(Exception):
    """No speech engine could be started; the game continues with the keyboard."""


def make_recognizer(engine: str, lang: str, phrases: list[str], model_dir=None):
    """Returns (recognizer, engine_name). ``engine`` is auto, vosk or pocketsphinx."""
    errors = []
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
