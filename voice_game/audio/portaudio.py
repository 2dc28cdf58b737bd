"""PortAudio (through sounddevice) loaded so that nothing it does can reach the player.

sounddevice initialises PortAudio when it is imported. A broken sound setup can make
that fail in two ways:

* it raises ``PortAudioError`` (not an OSError) while PortAudio's own C code writes
  lines such as "Expression 'ret' failed in 'src/hostapi/alsa/pa_linux_alsa.c'"
  straight to file descriptor 2, where a screen reader reads them;
* it takes the whole process down: with ``ALSA_CONFIG_PATH`` naming a missing file,
  PortAudio's ALSA host fails an assertion (``devIdx < numDeviceNames``) and aborts
  (exit 134, nothing said).

So :func:`load` first starts PortAudio in a child process (:func:`probe`, about 0.1 s);
only when the child came through is it imported here, with descriptor 2 pointed at
/dev/null. It answers None when PortAudio cannot be used (the reason:
:func:`problem`); :func:`quiet_stderr` guards opening a stream the same way, and
:func:`input_problem` says whether a microphone can be opened at all, before a
recognizer is loaded for it.
"""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from typing import Any

_lock = threading.Lock()
_state: dict = {}

#: the child: PortAudio started and its devices listed, as the game would
PROBE_CODE = "import sounddevice; sounddevice.query_devices()"
PROBE_TIMEOUT = 20.0  # seconds (a busy machine; PortAudio itself needs about 0.05 s)


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


def probe() -> str:
    """Start PortAudio in a child process: "" when it came through, else what went
    wrong (a crash there cannot take the game down, and its output goes nowhere)."""
    if not sys.executable:  # an embedded interpreter cannot start itself: try in-process
        return ""
    try:
        done = subprocess.run([sys.executable, "-c", PROBE_CODE], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=PROBE_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return f"PortAudio did not start within {PROBE_TIMEOUT:.0f} s (probe)"
    except OSError:  # no child process here: try in-process as before
        return ""
    code = done.returncode
    if code == 0:
        return ""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"PortAudio crashed while starting ({name}; probe)"
    return f"PortAudio missing or failed to start (exit {code}; probe)"


def load():
    """The sounddevice module, or None when PortAudio is missing, cannot start or
    would crash the process (the reason is kept in :func:`problem`). Tried once per process."""
    with _lock:
        if "module" in _state:
            return _state["module"]
        module: Any = None
        reason = probe()
        if reason:
            _state["problem"] = reason
        else:
            try:
                with quiet_stderr():
                    import sounddevice  # PortAudio starts here
                module = sounddevice
            except Exception as exc:  # noqa: BLE001 - PortAudioError, OSError, ImportError: no sound
                _state["problem"] = f"{type(exc).__name__}: {exc}"
        _state["module"] = module
        return module


def problem() -> str:
    return _state.get("problem", "")


def input_problem(device: str | int | None = None) -> str:
    """Why no microphone can be opened: "" (one may be), ``"no_sound"`` (PortAudio
    cannot be used), ``"no_device"`` (no input device by that name or number, or none
    at all). Asked before a recognizer is loaded for a microphone that is not there."""
    sd = load()
    if sd is None:
        return "no_sound"
    try:
        with quiet_stderr():
            sd.query_devices(device, "input")
    except Exception:  # noqa: BLE001 - ValueError (no such device), PortAudioError: none to open
        return "no_device"
    return ""


def reinitialize():
    """Restart PortAudio (it lists devices only at start; the tests' private sound
    server); None when it fails. Not probed again: a second child started right before
    the restart left the tests' PulseAudio stream silent (test_speech_path device loss)."""
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
