"""PortAudio (through sounddevice) loaded so that nothing it prints reaches the player.

sounddevice initialises PortAudio when it is imported. With a broken ALSA setup
(``~/.asoundrc``, ``ALSA_CONFIG_PATH``) that raises ``PortAudioError`` (not an
OSError) and PortAudio's own C code writes lines such as "Expression 'ret' failed
in 'src/hostapi/alsa/pa_linux_alsa.c'" straight to file descriptor 2, where a screen
reader reads them. :func:`load` imports it once with descriptor 2 pointed at
/dev/null and answers None when it cannot be used; :func:`quiet_stderr` does the
same around opening a stream.
"""
from __future__ import annotations

import contextlib
import os
from typing import Any
import sys
import threading

_lock = threading.Lock()
_state: dict = {}


@contextlib.contextmanager
def quiet_stderr():
    """Point file descriptor 2 at /dev/null for the duration (C libraries write
    there directly; Python's sys.stderr is flushed first and then restored)."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no descriptor 2 at all: nothing to protect
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def load():
    """The sounddevice module, or None when PortAudio is missing or cannot start
    (the reason is kept in :func:`problem`). Tried once per process."""
    with _lock:
        if "module" in _state:
            return _state["module"]
        module: Any = None
        try:
            with quiet_stderr():
                import sounddevice  # PortAudio starts here
            module = sounddevice
        except Exception as exc:  # noqa: BLE001 - PortAudioError, OSError, ImportError: no sound
            _state["problem"] = f"{type(exc).__name__}: {exc}"
            module = None
        _state["module"] = module
        return module


def problem() -> str:
    return _state.get("problem", "")


def reinitialize():
    """Restart PortAudio (it lists devices only at start); None when it fails."""
    sd = load()
    if sd is None:
        return None
    try:
        with quiet_stderr():
            sd._terminate()
            sd._initialize()
    except Exception as exc:  # noqa: BLE001
        _state["problem"] = f"{type(exc).__name__}: {exc}"
        return None
    return sd
