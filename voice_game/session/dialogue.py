"""The questions the session can leave open: "did you mean ...? yes / no", "really
quit?", and "did you mean: 1 ..., 2 ...". Any other command closes them."""
from __future__ import annotations

from typing import Any

Choice = tuple[dict, Any]  # (command, action)


class Dialogue:
    def __init__(self) -> None:
        self.pending: Choice | None = None  # a command waiting for yes/no
        self.pending_quit = False  # "really quit?" waiting for yes/no
        self.choices: list[Choice] = []  # numbered candidates waiting for a number
        self.handing_over = False  # hot-seat: the loudspeaker waits for the next human's "ready"

    @property
    def asking_yes_no(self) -> bool:
        return self.pending is not None or self.pending_quit

    @property
    def open(self) -> bool:
        """Some question waits for its answer."""
        return self.asking_yes_no or bool(self.choices)

    def pick(self, words: list[str], word_to_number: dict[str, int]) -> Choice | None:
        """The candidate a lone number names while choices are open (and the choices close)."""
        if self.choices and len(words) == 1 and words[0] in word_to_number:
            k = word_to_number[words[0]]
            if 1 <= k <= len(self.choices):
                choice = self.choices[k - 1]
                self.choices = []
                return choice
        return None

    def before(self, kind: str, intent: str | None) -> None:
        """A new line was understood: questions it does not answer close."""
        if kind != "choices":
            self.choices = []
        if not (kind == "act" and intent in ("yes", "no")):
            self.pending = None  # any other command replaces a question left open

    def answer(self, yes: bool) -> tuple[str, Any]:
        """What a yes/no means now: ("quit", None), ("commit", action), ("cancelled", None)
        or ("nothing", None) when no question is open."""
        if self.pending_quit:
            self.pending_quit = False
            return ("quit", None) if yes else ("cancelled", None)
        if self.pending is None:
            return "nothing", None
        _, action = self.pending
        self.pending = None
        return ("commit", action) if yes else ("cancelled", None)

    def close(self) -> None:
        self.pending = None
        self.pending_quit = False
