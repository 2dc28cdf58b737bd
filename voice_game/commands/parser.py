"""From words to an action, after python-chess's parse_san.

The grammar turns words into a command (an intent plus slot constraints); the game's
adapter turns the legal actions into commands; the parser filters one against the
other. Outcomes:

- ``act``: one legal action (or an always-available meta command) to carry out now
- ``confirm``: probably this action, but it cannot be undone and the match or the
  recognizer's confidence was not sure enough: read it back and ask yes/no
- ``choices``: several candidates were equally close: offer them numbered
- ``not_allowed``: the words are a valid command, but no legal action matches; the
  engine supplies the reason
- ``unrecognized``: no command is close enough
"""
from __future__ import annotations

from dataclasses import dataclass, field

from voice_game.commands.grammar import Grammar, freeze
from voice_game.commands.matcher import match

META_INTENTS = frozenset({
    "help", "repeat", "previous", "next_message", "table", "my_cards", "scores", "whose_turn",
    "rules", "slower", "faster", "louder", "quieter", "verbose", "brief", "normal", "always", "explain", "save", "quit",
    "yes", "no", "ready", "verbosity", "stop",
})
CONFIDENT = 0.75  # recognizer confidence under which irreversible actions are confirmed


@dataclass
class Understanding:
    kind: str
    command: dict | None = None
    action: object = None
    candidates: list = field(default_factory=list)  # list of (command, action)
    distance: float = 0.0


class GameAdapter:
    """What the parser needs from a game: its name and the command <-> action mapping."""

    game: str

    def command_for(self, action) -> dict | None:  # pragma: no cover - protocol
        raise NotImplementedError

    def action_for(self, command: dict):  # pragma: no cover - protocol
        raise NotImplementedError


def understand(grammar: Grammar, adapter: GameAdapter, text: str, legal: list,
               confidence: float = 1.0, meta: frozenset = META_INTENTS) -> Understanding:
    allowed: dict[tuple, object] = {}
    for a in legal:
        c = adapter.command_for(a)
        if c is not None:
            allowed[freeze(c)] = a
    by_words, by_command = grammar.index(adapter.game)

    def resolve(cmd: dict) -> Understanding | None:
        key = freeze(cmd)
        if cmd["intent"] in meta:
            return Understanding("act", cmd)
        if key in allowed:
            return Understanding("act", cmd, allowed[key])
        return None

    # 1. an exact phrase of the grammar, legal or not
    exact = by_words.get(tuple(grammar.normalize_words(text)))
    if exact:
        cands = [dict(c) for c in sorted(exact, key=str)]
        hits = [u for u in (resolve(c) for c in cands) if u]
        if len(hits) == 1:
            return _maybe_confirm(grammar, hits[0], confidence, exact=True)
        if len(hits) > 1:
            return Understanding("choices", None, None, [(u.command, u.action) for u in hits])
        return Understanding("not_allowed", cands[0], adapter.action_for(cands[0]))

    # 2. the closest phrase among what is allowed now
    now = [p for cmd, ps in by_command.items() if cmd in allowed or dict(cmd)["intent"] in meta for p in ps]
    m = match(grammar, text, now)
    if m.kind in ("clear", "close"):
        u = resolve(m.command)
        u.distance = m.distance
        if m.kind == "close":
            u.kind = "confirm" if u.action is not None or m.command["intent"] not in ("yes", "no") else "unrecognized"
            return u
        return _maybe_confirm(grammar, u, confidence, exact=False)
    if m.kind == "choices":
        cands = [(c, allowed.get(freeze(c))) for c in m.candidates]
        return Understanding("choices", None, None, cands, m.distance)
    return Understanding("unrecognized", distance=m.distance)


def _maybe_confirm(grammar: Grammar, u: Understanding, confidence: float, exact: bool) -> Understanding:
    if u.action is not None and grammar.needs_confirmation(u.command["intent"]):
        if confidence < CONFIDENT or not exact:
            u.kind = "confirm"
    return u
