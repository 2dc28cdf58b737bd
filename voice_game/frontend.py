"""How a front end that talks to the player (the start menu, the tutorial) begins and
ends, written once: the application opened (settings, language, output), the keys or
lines read, and whatever happens the same ending: a damaged game file is one line and
exit code 3, Ctrl-C exit code 130, never a traceback; the key reader and the output are
closed."""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from voice_game.app import App
from voice_game.core.errors import ContentError
from voice_game.core.output import Closable
from voice_game.keys import KeyInput, LineInput, input_source


def run_front_end(lang: str | None, tts: str | None, body: Callable[[App, Any], int]) -> int:
    """Open the application (``--lang``, ``--tts``), then ``body(app, inputs)``; its exit code."""
    app = App.open(lang, tts)
    if app.fell_back:
        app.tts = "text"  # what starts from here (games, voice) runs as text too
    inputs: KeyInput | LineInput | None = None
    try:
        inputs = input_source(output=app.output, lang=app.lang)
        return body(app, inputs)
    except ContentError as err:
        print(f"voice-game: {err}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    finally:
        app.stop_live_voice()
        for closing in (inputs, app.output):
            if isinstance(closing, Closable):
                try:
                    closing.close()
                except Exception:  # noqa: BLE001 - the end of the program says nothing more
                    pass
