"""The speaking voices a player can choose, and the synthesizer behind each name.

A voice is a name in the settings (``voice = "pico"``); the empty name is the
language's default, espeak-ng. Three families, each only when installed:

* espeak-ng's own voices and variants (``en-gb``, ``en-us`` ...): robotic, stay
  clear at any rate, what many screen-reader users know;
* MBROLA voices through espeak-ng (``mb-de2``, ``mb-us1`` ...; Debian's ``mbrola``
  and ``mbrola-de2`` ... packages): diphone voices, more natural;
* SVOX Pico (``pico``, ``pico-en-GB``; Debian's ``libttspico-utils``): the most
  natural offline voice here (``benchmarks/listen_bench.py``: a recognizer trained on
  real people writes down about twice as many of its words as of espeak-ng's).

:class:`VoiceSwitch` is the one synthesizer the game's output holds: setting its
``voice`` picks the family, so a voice chosen in the settings menu is heard at once.
"""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

from voice_game.core.output import RATE_DEFAULT, RATE_MAX, RATE_MIN

from .speech import DEFAULT_VOICES, EspeakSynth, Synth, SynthError, espeak_voice_list, parse_wav_stream

PICO = "pico"
#: Pico's languages per game language: the first is the voice named plain "pico"
PICO_LANGS = {"de": ("de-DE",), "en": ("en-US", "en-GB")}
#: words a minute of Pico at speed level 100 (measured on the game's German and English
#: narration against espeak-ng's rate; see benchmarks/listen_bench.py)
PICO_WPM = 145
PICO_SPEED = (20, 500)  # the speed levels Pico takes, in percent
MBROLA_DIR = Path("/usr/share/mbrola")


def pico_program() -> str:
    return shutil.which("pico2wave") or ""


class PicoSynth:
    """SVOX Pico through ``pico2wave``: one short process per sentence (about 0.1 s
    for a sentence here), 16 kHz. The rate is Pico's speed markup, the words escaped
    so that a name with "<" or "&" is read, not taken as markup."""

    name = "pico"

    def __init__(self, lang: str = "de", voice: str = PICO):
        self.program = pico_program()
        if not self.program:
            raise SynthError("SVOX Pico is not installed (apt-get install libttspico-utils)")
        self.lang = lang
        self.voice = voice
        langs = PICO_LANGS.get(lang)
        if not langs:
            raise SynthError(f"SVOX Pico has no voice for {lang!r}")
        region = voice[len(PICO) + 1:] if voice.startswith(PICO + "-") else langs[0]
        if region not in langs:
            raise SynthError(f"no SVOX Pico voice {voice!r}")
        self.pico_lang = region
        self._dir = Path(tempfile.mkdtemp(prefix="vg-pico-"))
        self._count = 0
        self._lock = threading.Lock()

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]:
        wpm = int(max(RATE_MIN, min(RATE_MAX, wpm)))
        level = int(max(PICO_SPEED[0], min(PICO_SPEED[1], round(100 * wpm / PICO_WPM))))
        with self._lock:
            self._count += 1
            path = self._dir / f"s{self._count}.wav"  # pico2wave writes only to a .wav file
        markup = f'<speed level="{level}">{escape(text)}</speed>'
        try:
            res = subprocess.run([self.program, "-l", self.pico_lang, "-w", str(path), markup],
                                 capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
            if res.returncode != 0 or not path.exists():
                raise SynthError(res.stderr.decode("utf-8", "replace").strip() or "pico2wave failed")
            data = path.read_bytes()
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SynthError(str(exc)) from exc
        finally:
            path.unlink(missing_ok=True)
        return parse_wav_stream(data)

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)


def mbrola_voices(lang: str) -> list[str]:
    """The MBROLA voices of a language espeak-ng can use here (``mb-de2`` ...): espeak-ng
    lists them, and the voice's data must be installed."""
    names = []
    for cols in espeak_voice_list(lang):
        if cols[4].startswith("mb/mb-"):
            name = cols[4][3:]  # mb-de2
            data = MBROLA_DIR / name[3:]
            if data.is_dir() or data.is_file():
                names.append(name)
    return sorted(names)


def voices(lang: str) -> list[str]:
    """Every voice of the language installed here, the default ("") not included:
    espeak-ng's own, MBROLA's, Pico's."""
    out = [v for v in EspeakSynth.voices(lang) if v != DEFAULT_VOICES.get(lang, lang)]
    out += mbrola_voices(lang)
    if pico_program():
        langs = PICO_LANGS.get(lang, ())
        out += [PICO] + [f"{PICO}-{r}" for r in langs[1:]]
    return list(dict.fromkeys(out))


class VoiceSwitch:
    """The game's synthesizer: espeak-ng (in-process or its program) for espeak-ng and
    MBROLA voices, Pico for a ``pico`` voice. Setting :attr:`voice` switches at once; a
    voice that is not installed raises :class:`SynthError` at the next sentence, which
    the output turns into text (the words still reach the player)."""

    def __init__(self, espeak: Synth, lang: str, voice: str = ""):
        self.espeak = espeak
        self.lang = lang
        self._pico: PicoSynth | None = None
        self._voice = ""
        self.voice = voice

    @property
    def name(self) -> str:
        return PICO if self._voice.startswith(PICO) else self.espeak.name

    @property
    def voice(self) -> str:
        return self._voice

    @voice.setter
    def voice(self, voice: str) -> None:
        self._voice = voice or ""
        if self._voice.startswith(PICO):
            return
        self.espeak.voice = self._voice or DEFAULT_VOICES.get(self.lang, self.lang)

    def synthesize(self, text: str, wpm: int = RATE_DEFAULT) -> tuple[np.ndarray, int]:
        voice = self._voice
        if not voice.startswith(PICO):
            return self.espeak.synthesize(text, wpm)
        pico = self._pico
        if pico is None or pico.voice != voice:
            if pico is not None:
                pico.close()
            pico = self._pico = PicoSynth(self.lang, voice)
        return pico.synthesize(text, wpm)

    def close(self) -> None:
        if self._pico is not None:
            self._pico.close()
        self.espeak.close()



def make_voice(lang: str, voice: str = "", engine: str = "auto") -> Synth:
    """The game's synthesizer for ``--tts auto`` (a :class:`VoiceSwitch` over espeak-ng)
    or ``pyttsx3`` (pyttsx3's own voices, not switched)."""
    from .speech import make_synth

    if engine == "pyttsx3":
        return make_synth(lang, voice, "pyttsx3")
    base = make_synth(lang, "" if voice.startswith(PICO) else voice, engine)
    if base.name == "pyttsx3":
        return base  # no espeak-ng here: pyttsx3's voices
    return VoiceSwitch(base, lang, voice)
