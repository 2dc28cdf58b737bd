"""From words to an action, after python-chess's parse_san.

The grammar turns words into a command (an intent plus slot constraints); the game's
adapter turns the legal actions into commands; the parser filters one against the
other. :func:`understand` returns what it understood:

- an :class:`Understanding` of one legal action (or an always-available meta
  command, with no action) to carry out now; ``confirm`` is set when the action
  cannot be undone and the match or the recognizer's confidence was not sure
  enough: read it back and ask yes/no

or raises (see :mod:`voice_game.core.errors`):

- :class:`Unrecognized`: no command is close enough
- :class:`NotAllowed`: the words are a valid command, but no legal action matches;
  it carries the engine's reason (when given a way to ask the engine, see
  :func:`engine_refusal`)
- :class:`Ambiguous`: several candidates were equally close: offer them numbered
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, Protocol

from voice_game.commands.grammar import FrozenCommand, Grammar, freeze
from voice_game.commands.matcher import match
from voice_game.core.contracts import CommandAdapter
from voice_game.core.errors import Ambiguous, Command, NotAllowed, RuleError, Unrecognized

#: The table's own meta commands, the same in every game; a game adds its questions
#: (its definition's ``questions``): :func:`meta_intents`.
META_INTENTS = frozenset({
    "help", "repeat", "previous", "next_message", "table", "my_cards", "scores", "whose_turn", "since_my_turn",
    "rules", "slower", "faster", "louder", "quieter", "verbose", "brief", "normal", "always", "more", "save", "quit",
    "yes", "no", "ready", "verbosity", "stop",
    # the table by ear (docs/TABLE.md): history buffers, the review cursor, status rows, what is new
    "next_buffer", "previous_buffer", "review_next", "review_previous", "review_next_row", "review_previous_row",
    "whats_new", "status", "status_number",
})
CONFIDENT = 0.75  # recognizer confidence under which irreversible actions are confirmed


#: the answers to a yes/no question: a recognizer listens for them only while one is open
#: (:func:`listened_intents`)
ANSWER_INTENTS = frozenset({"yes", "no"})
#: the word that takes over the loudspeaker at a hot-seat hand-over: listened for only then
READY_INTENT = "ready"


def meta_intents(questions: Iterable[str] = ()) -> frozenset[str]:
    """The meta commands of a game: the table's own and the game's questions."""
    return META_INTENTS.union(questions)


def listened_intents(metas: frozenset[str], asking_yes_no: bool, handing_over: bool = False) -> frozenset[str]:
    """The meta commands a recognizer listens for now: the answers only while a yes/no
    question is open, "ready" only while a hot-seat hand-over waits for it. Typed, "ja"
    with no question open still says there is nothing to confirm; heard, a short "ja" or "nein" was mostly not the player's: what the echo
    canceller left of the game's own voice came out as "ja" and "nein" up to 0.99 sure (the
    duplex benchmark), and a person's "drei" damaged by the echo as "ja" 0.93, each answered
    aloud with "nothing to confirm" in the middle of the narration (docs/DUPLEX.md); a
    screen reader's echo as "go" (a "ready") 0.91, the same answer."""
    if not asking_yes_no:
        metas = metas - ANSWER_INTENTS
    return metas if handing_over else metas - {READY_INTENT}


#: Asks the engine why an action is not allowed now: its refusal, or None if it would accept it.
WhyNot = Callable[[Any], "RuleError | None"]


@dataclass(frozen=True)
class Understanding:
    """One command understood: a legal action, or a meta command (``action`` None)."""

    command: Command
    action: Any = None
    confirm: bool = False  # read it back and ask yes/no before acting
    distance: float = 0.0

    @property
    def kind(self) -> Literal["act", "confirm"]:
        return "confirm" if self.confirm else "act"


class GameAdapter:
    """What the parser needs from a game: its name and the command <-> action mapping."""

    game: str

    def command_for(self, action: Any) -> Command | None:  # pragma: no cover - protocol
        raise NotImplementedError

    def action_for(self, command: Command) -> Any:  # pragma: no cover - protocol
        raise NotImplementedError


class _Engine(Protocol):
    def apply(self, state: Any, action: Any) -> Any: ...


def engine_refusal(rules: _Engine, state: Any) -> WhyNot:
    """A :data:`WhyNot` that asks ``rules`` about ``state`` (engines are pure: nothing changes)."""

    def why_not(action: Any) -> RuleError | None:
        try:
            rules.apply(state, action)
        except RuleError as err:
            return err
        return None

    return why_not


def understand(grammar: Grammar, adapter: CommandAdapter, text: str, legal: Sequence[Any],
               confidence: float = 1.0, meta: frozenset[str] = META_INTENTS,
               why_not: WhyNot | None = None) -> Understanding:
    """The one legal action (or meta command) ``text`` means now; raises
    :class:`Unrecognized`, :class:`NotAllowed` or :class:`Ambiguous` otherwise."""
    f = _Filter(adapter, legal, meta)
    by_words, by_command = grammar.index(adapter.game)

    # 1. an exact phrase of the grammar, legal or not
    exact = by_words.get(tuple(grammar.normalize_words(text)))
    if exact:
        cands = [dict(c) for c in sorted(exact, key=str)]
        hits: list[Understanding] = []
        for c in cands:
            u = f.resolve(c)
            if u is not None and all(freeze(h.command) != freeze(u.command) for h in hits):
                hits.append(u)
        if len(hits) > 1:
            raise Ambiguous([(u.command, u.action) for u in hits])
        if hits:
            return _maybe_confirm(grammar, hits[0], confidence, exact=True)
        action = adapter.action_for(cands[0])
        error = why_not(action) if why_not is not None and action is not None else None
        raise NotAllowed(cands[0], action, error)

    # 2. the closest phrase among what is allowed now
    now = [p for cmd, ps in by_command.items() if cmd in f.allowed or dict(cmd)["intent"] in meta for p in ps]
    m = match(grammar, text, now)
    if m.kind == "choices":
        raise Ambiguous([(c, f.allowed.get(freeze(c))) for c in m.candidates], m.distance)
    u = f.resolve(m.command) if m.kind in ("clear", "close") else None
    if u is None:
        raise Unrecognized(text, m.distance)
    if m.kind == "clear":
        return _maybe_confirm(grammar, Understanding(u.command, u.action, False, m.distance), confidence,
                              exact=False)
    if u.action is None and u.command["intent"] in ("yes", "no"):
        raise Unrecognized(text, m.distance)  # a yes or no must be clear
    return Understanding(u.command, u.action, True, m.distance)


class _Filter:
    """The legal actions now, as the commands that say them."""

    def __init__(self, adapter: CommandAdapter, legal: Sequence[Any], meta: frozenset[str]) -> None:
        self.adapter, self.legal, self.meta = adapter, legal, meta

    @cached_property
    def allowed(self) -> dict[FrozenCommand, Any]:
        """Each legal action under its command (built only when needed: a hand of
        Concerto cards has hundreds of swaps)."""
        out: dict[FrozenCommand, Any] = {}
        for a in self.legal:
            c = self.adapter.command_for(a)
            if c is not None:
                out[freeze(c)] = a
        return out

    def resolve(self, cmd: Command) -> Understanding | None:
        """The meta command or legal action ``cmd`` stands for, else None.

        The words are constraints on the legal actions: the action they describe must
        be among them, whichever order they name its parts in (swap b and a means
        the legal swap of a and b, said back as the game says it)."""
        if cmd["intent"] in self.meta:
            return Understanding(cmd)
        action = self.adapter.action_for(cmd)
        if action is not None and action in self.legal:
            canonical = self.adapter.command_for(action)
            return Understanding(canonical if canonical is not None else cmd, action)
        key = freeze(cmd)
        if key in self.allowed:
            return Understanding(cmd, self.allowed[key])
        return None


def doubtful(grammar: Grammar, intent: str, confidence: float, exact: bool) -> bool:
    """An action of ``intent`` heard so is read back before it is done: the grammar marks
    it ``confirm`` and its words were no exact phrase or came under :data:`CONFIDENT`."""
    return grammar.needs_confirmation(intent) and (confidence < CONFIDENT or not exact)


def _maybe_confirm(grammar: Grammar, u: Understanding, confidence: float, exact: bool) -> Understanding:
    if u.action is not None and doubtful(grammar, u.command["intent"], confidence, exact):
        return Understanding(u.command, u.action, True, u.distance)
    return u
