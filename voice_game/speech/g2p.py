"""Pronunciations for words the CMU dictionary lacks (above all German words).

espeak-ng turns a word into IPA (``espeak-ng -q --ipa -v de "wort"``); the IPA
is mapped onto the phone set of PocketSphinx's en-us acoustic model (the CMU
ARPAbet phones). Results are cached in memory and on disk (one JSON file per
espeak voice under the user cache dir, ``VOICE_GAME_CACHE_DIR`` overrides).

Words whose IPA contains a symbol the mapping cannot cover are reported in
:attr:`G2P.uncovered` (word -> the symbols) and get no pronunciation.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import unicodedata
from pathlib import Path

#: CMU phones known to the en-us acoustic model shipped with pocketsphinx.
CMU_PHONES = frozenset(
    ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"]
)

# IPA (as espeak-ng writes it) -> CMU phones. Longest match wins, so diphthongs
# and affricates come before their parts. German vowels without an English
# counterpart get the acoustically closest English vowel.
_IPA_MAP: dict[str, tuple[str, ...]] = {
    # diphthongs
    "aɪ": ("AY",), "aʊ": ("AW",), "ɔø": ("OY",), "ɔʏ": ("OY",), "ɔɪ": ("OY",),
    "eɪ": ("EY",), "oʊ": ("OW",), "əʊ": ("OW",), "eə": ("EH", "R"), "ɪə": ("IH", "R"),
    "ʊə": ("UH", "R"), "aɪə": ("AY", "ER"), "ɑɪ": ("AY",),
    # affricates
    "ts": ("T", "S"), "tʃ": ("CH",), "dʒ": ("JH",), "pf": ("P", "F"), "tɕ": ("CH",),
    # vowels
    "a": ("AA",), "ɑ": ("AA",), "ɐ": ("AH",), "æ": ("AE",), "ʌ": ("AH",), "ɒ": ("AA",),
    "ə": ("AH",), "ɜ": ("AH",), "ɚ": ("ER",), "ɝ": ("ER",), "ᵻ": ("IH",),
    "e": ("EY",), "ɛ": ("EH",), "i": ("IY",), "ɪ": ("IH",), "y": ("IY",), "ʏ": ("IH",),
    "ø": ("ER",), "œ": ("ER",), "o": ("OW",), "ɔ": ("AO",), "u": ("UW",), "ʊ": ("UH",),
    "ɨ": ("IH",), "ɯ": ("UW",), "ɤ": ("AH",),
    # consonants
    "p": ("P",), "b": ("B",), "t": ("T",), "d": ("D",), "k": ("K",), "g": ("G",),
    "ɡ": ("G",), "f": ("F",), "v": ("V",), "s": ("S",), "z": ("Z",), "ʃ": ("SH",),
    "ʒ": ("ZH",), "ç": ("SH",), "x": ("HH",), "χ": ("HH",), "h": ("HH",), "ɦ": ("HH",),
    "j": ("Y",), "l": ("L",), "ɫ": ("L",), "m": ("M",), "n": ("N",), "ŋ": ("NG",),
    "r": ("R",), "ɾ": ("R",), "ʁ": ("R",), "ɹ": ("R",), "R": ("R",), "ʀ": ("R",),
    "w": ("W",), "θ": ("TH",), "ð": ("DH",), "ɬ": ("SH",), "ʎ": ("L", "Y"), "ɲ": ("N", "Y"),
    "ʔ": (),
}
# Marks that carry no phone: stress, length, syllable breaks, ties, spaces.
_SKIP = set("ˈˌːˑ.‿͡ -_|'") | {"\u0303", "\u0329", "\u032f", "\u0361", "\u035c"}
_MAX_KEY = max(len(k) for k in _IPA_MAP)


def ipa_to_cmu(ipa: str) -> tuple[list[str], list[str]]:
    """Map an IPA string onto CMU phones; returns (phones, uncovered symbols)."""
    s = unicodedata.normalize("NFC", ipa.strip())
    phones: list[str] = []
    bad: list[str] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch in _SKIP or unicodedata.category(ch) == "Mn":
            i += 1
            continue
        for n in range(min(_MAX_KEY, len(s) - i), 0, -1):
            piece = "".join(c for c in s[i : i + n])
            if piece in _IPA_MAP:
                phones.extend(_IPA_MAP[piece])
                i += n
                break
        else:
            bad.append(ch)
            i += 1
    # collapse doubled identical phones (e.g. "t" + "ts" -> T T S)
    out: list[str] = []
    for p in phones:
        if not out or out[-1] != p:
            out.append(p)
    return out, bad


def _default_cache_dir() -> Path:
    env = os.environ.get("VOICE_GAME_CACHE_DIR")
    if env:
        return Path(env)
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("voice_game"))
    except Exception:  # platformdirs missing: fall back to ~/.cache
        return Path.home() / ".cache" / "voice_game"


class G2P:
    """espeak-ng based grapheme-to-phoneme conversion onto CMU phones."""

    #: bump when the mapping changes so that stale disk caches are ignored
    VERSION = 1

    def __init__(self, voice: str = "de", cache_dir: str | os.PathLike | None = None):
        self.voice = voice
        self.cache_dir = Path(cache_dir) if cache_dir is not None else _default_cache_dir()
        self._mem: dict[str, list[str]] = {}
        self.uncovered: dict[str, list[str]] = {}
        self._lock = threading.Lock()
        self._loaded = False
        self._dirty = False

    @property
    def cache_file(self) -> Path:
        safe = "".join(c if c.isalnum() or c in "-+_" else "_" for c in self.voice)
        return self.cache_dir / f"g2p-{safe}-v{self.VERSION}.json"

    @staticmethod
    def available() -> bool:
        return shutil.which("espeak-ng") is not None

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            data = json.loads(self.cache_file.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                for w, ph in data.items():
                    if isinstance(ph, list) and ph and all(p in CMU_PHONES for p in ph):
                        self._mem.setdefault(w, ph)
        except (OSError, ValueError):
            pass

    def save(self) -> None:
        """Write the in-memory cache to disk (best effort)."""
        with self._lock:
            if not self._dirty:
                return
            try:
                self.cache_dir.mkdir(parents=True, exist_ok=True)
                tmp = self.cache_file.with_suffix(".tmp")
                tmp.write_text(json.dumps(self._mem, ensure_ascii=False, sort_keys=True), "utf-8")
                os.replace(tmp, self.cache_file)
                self._dirty = False
            except OSError:
                pass

    def ipa(self, word: str) -> str:
        exe = shutil.which("espeak-ng")
        if exe is None:
            return ""
        try:
            proc = subprocess.run(
                [exe, "-q", "--ipa", "-v", self.voice, word],
                capture_output=True, timeout=10, check=True,
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return proc.stdout.decode("utf-8", "replace").strip()

    def phones(self, word: str) -> list[str] | None:
        """CMU phones for ``word``, or None (then see :attr:`uncovered`)."""
        word = unicodedata.normalize("NFC", word.strip().lower())
        if not word:
            return None
        with self._lock:
            self._load()
            if word in self._mem:
                return list(self._mem[word])
        ipa = self.ipa(word)
        phones, bad = ipa_to_cmu(ipa)
        with self._lock:
            if not ipa or bad or not phones:
                self.uncovered[word] = bad or ["<no ipa>"]
                return None
            self._mem[word] = phones
            self._dirty = True
        return list(phones)

    def lookup_many(self, words) -> dict[str, list[str]]:
        """Phones for each word that can be covered; saves the disk cache once."""
        out = {}
        for w in words:
            ph = self.phones(w)
            if ph:
                out[w] = ph
        self.save()
        return out


_shared: dict[tuple[str, str], G2P] = {}
_shared_lock = threading.Lock()


def get_g2p(voice: str = "de") -> G2P:
    """A process-wide G2P for ``voice`` (shares the in-memory cache)."""
    key = (voice, str(_default_cache_dir()))
    with _shared_lock:
        if key not in _shared:
            _shared[key] = G2P(voice)
        return _shared[key]
