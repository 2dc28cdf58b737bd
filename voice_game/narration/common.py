"""What every game's narrator shares: detail levels, lists in words and stereo places."""
from __future__ import annotations

import re

from voice_game.core.events import Event
from voice_game.narration.catalog import Catalog, Noun
from voice_game.narration.message import NORMAL, Message

# The narrator's detail: "brief" drops words (never facts), "verbose" adds the hints and
# counts a beginner wants every time; "default" says each fact once in the fewest words.
DETAILS = ("brief", "default", "verbose")

_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([a-zäöü])")


def pan_for(index: int, count: int) -> float:
    """Stereo place of row or seat ``index`` (1-based) of ``count``: 1 is hard left, the
    last hard right, the others evenly between; a single one is centred."""
    if count <= 1:
        return 0.0
    return -1.0 + 2.0 * (index - 1) / (count - 1)


def sentence(text: str) -> str:
    """Every sentence starts with a capital letter ("no quartet." -> "No quartet.")."""
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def detail_of(value) -> str:
    """A detail level from a setting: one of DETAILS, or the old verbose flag."""
    if value is True:
        return "verbose"
    if value is False:
        return "brief"
    return value if value in DETAILS else "default"


class NarratorBase:
    def __init__(self, catalog: Catalog, humans: set[int], verbose=True):
        self.c = catalog
        self.humans = humans
        self.detail = detail_of(verbose)
        self.hinted: set[str] = set()  # hints said once already (default level says each once)
        self.table_more = False  # the short table was said: "mehr" says the rest
        # prompts may give an example command ("Sag: Blechbläser Klavier"); off where someone
        # else suggests the move (a tutorial's guide), so the player hears one suggestion
        self.examples = True

    def table_short(self, v: dict) -> list[Message] | None:
        """The table's short form, said first (the rest on "mehr"); None: no short form."""
        return None

    def table(self, v: dict) -> list[Message]:
        """The whole table; each game says its own."""
        raise NotImplementedError

    def table_rest(self, v: dict) -> list[Message]:
        """"mehr" after the short form: what it left out (no short form: the whole table)."""
        return self.table(v)

    # the old on/off switch ("ausführlich" / "kurz")
    @property
    def verbose(self) -> bool:
        return self.detail == "verbose"

    @verbose.setter
    def verbose(self, on: bool) -> None:
        self.detail = "verbose" if on else "brief"

    @property
    def brief(self) -> bool:
        return self.detail == "brief"

    def hint_due(self, key: str) -> bool:
        """A hint is said the first time, and every time in verbose narration."""
        if self.detail == "verbose":
            return True
        if key in self.hinted:
            return False
        self.hinted.add(key)
        return True

    @property
    def solo(self) -> bool:
        """One human at the table: "you" needs no name."""
        return len(self.humans) == 1

    def m(self, text: str, kind: str = "info", priority: str = NORMAL, cue: str | None = None,
          pan: float | None = None, history: str | None = None, fallback: str | None = None) -> Message:
        return Message(sentence(text), kind, priority, cue, pan,
                       None if history is None else sentence(history),
                       None if fallback is None else sentence(fallback))

    def join(self, items: list[str]) -> str:
        """'a, b and c' in the catalog's language; names joined are plural (a `Noun`)."""
        items = [i for i in items if i]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        return Noun(", ".join(items[:-1]) + f" {self.c.get('list.and')} " + items[-1], "plural")

    # --- the session's hooks ----------------------------------------------------
    def event(self, e: Event, v: dict) -> list[Message]:
        """Messages for one event; every game's narrator says its own."""
        raise NotImplementedError

    def events(self, events, v: dict) -> list[Message]:
        """Messages for events that happened together (a game may merge them)."""
        out: list[Message] = []
        for e in events:
            out += self.event(e, v)
        return out

    def flush(self, v: dict) -> list[Message]:
        """What is still held back (another player's move being collected); said before input."""
        return []

    def for_absent(self, e: Event, v: dict) -> list[Message]:
        """Hot-seat: a public event as a human not at the speaker would have heard it, when
        that differs from what was said (kept for their "ready"); most games: nothing."""
        return []

    def prompt(self, v: dict) -> list[Message]:
        """The next step the player at the speaker must take, when it is new."""
        return []
