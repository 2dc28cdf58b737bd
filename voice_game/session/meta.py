"""The meta commands: what can be said at any time besides a move, as a table of
intent -> handler. Help lists the legal moves grouped by kind."""
from __future__ import annotations

import re
from collections.abc import Callable

from voice_game.core.output import RATE_STEP, VOLUME_STEP
from voice_game.narration.message import HIGH, LOW, Message
from voice_game.session.history import GAME
from voice_game.session.table import Table


HELP_LIST = 5  # verbose help lists up to this many commands of one kind, then examples
# Help groups the legal commands by kind of action and gives one example of each: the game's
# definition says the kinds (help_groups, help_self_named; the words of a kind are locales' help.group.<kind>).
ALWAYS = ("table", "my_cards", "scores")  # named in every help
ALWAYS_ALL = ("repeat", "previous", "since_my_turn", "table", "my_cards", "scores", "whose_turn", "rules", "slower", "faster",
              "louder", "quieter", "brief", "normal", "verbose", "stop", "save", "quit")


def game_questions(s: Table) -> list[str]:
    """The game's own questions (Concerto's discard pile, one opponent's orchestra, ...),
    each said as an example: a number slot takes 2 (someone else's seat), a named slot its
    first value."""
    out = []
    for name in s.g.intents_for(s.kit.name):
        it = s.g.intents[name]
        if name not in s.kit.questions or s.kit.name not in it.get("games", ()):
            continue
        cmd: dict = {"intent": name}
        for slot in re.findall(r"\{(\w+)\}", it.get("render") or it["phrases"][0]):
            if slot in s.g.number_slots:
                lo, hi = s.g.number_slots[slot]
                cmd[slot] = min(hi, lo + 1)
            else:
                cmd[slot] = next(iter(s.g.slots[slot]))
        out.append(s.g.render(cmd))
    return out


def always_message(s: Table) -> Message:
    always = [s.g.render({"intent": i}) for i in ALWAYS_ALL] + game_questions(s)
    return Message(s.c.get("help.always", commands=", ".join(always)), "help", LOW)


def _help_item(s: Table, kind: str) -> str | None:
    """The game's words for a kind of move whose examples would mislead, or None."""
    return s.kit.help_item(s.narrator, s.listener_view(), kind) if s.kit.help_item is not None else None


def help_messages(s: Table) -> list[Message]:
    """What can be said now, grouped by kind with one example each (verbose: the list)."""
    legal = s.kit.rules.legal_actions(s.state)
    verbose = s.detail == "verbose"
    groups: dict[str, list[str]] = {}
    for a in legal:
        cmd = s.kit.adapter.command_for(a)
        if cmd is not None:
            key = cmd["intent"] if verbose else s.kit.help_groups.get(cmd["intent"], cmd["intent"])
            groups.setdefault(key, []).append(s.g.render(cmd))
    now = []
    for key, items in groups.items():
        items = list(dict.fromkeys(items))
        instead = _help_item(s, key)
        if instead is not None:  # the game's own words for this kind: its examples would mislead
            now.append(instead)
        elif verbose:  # a long list of one kind becomes two examples and a count
            if len(items) <= HELP_LIST:
                now += items
            else:
                now.append(s.c.get("help.examples", examples=", ".join(items[:2]), count=len(items) - 2))
        elif key in s.kit.help_self_named:
            now.append(items[0])
        elif len(items) == 1 or not s.c.has(f"help.group.{key}"):
            now.append(items[0] if len(items) == 1 else s.c.get("help.examples", examples=", ".join(
                items[:2]), count=len(items) - 2))
        else:
            now.append(s.c.get("help.group_item", label=s.c.get(f"help.group.{key}"), example=items[0]))
    out = []
    if now:
        grouped = not verbose and len(now) > 2
        sep = "; " if grouped else f" {s.c.get('help.or')} "
        out.append(Message(s.c.get("help.now_grouped" if grouped else "help.now", commands=sep.join(now)),
                           "help", HIGH))
    if verbose:
        out.append(always_message(s))
    else:  # the most used ones, and how to hear the rest
        always = [s.g.render({"intent": i}) for i in ALWAYS]
        out.append(Message(s.c.get("help.always_short", commands=", ".join(always),
                                   more=s.g.render({"intent": "more"})), "help", LOW))
    return out


def more_messages(s: Table) -> list[Message]:
    """"mehr" after the grouped help: every kind of move with its commands (a long kind:
    the first HELP_LIST and how many more), then all that is always available."""
    groups: dict[str, list[str]] = {}
    for a in s.kit.rules.legal_actions(s.state):
        cmd = s.kit.adapter.command_for(a)
        if cmd is not None:
            groups.setdefault(s.kit.help_groups.get(cmd["intent"], cmd["intent"]), []).append(s.g.render(cmd))
    now = []
    for key, items in groups.items():
        items = list(dict.fromkeys(items))
        instead = _help_item(s, key)
        if instead is not None:
            now.append(instead)
            continue
        text = ", ".join(items[:HELP_LIST])
        if len(items) > HELP_LIST:
            text = s.c.get("help.examples", examples=text, count=len(items) - HELP_LIST)
        if key not in s.kit.help_self_named and s.c.has(f"help.group.{key}"):
            text = s.c.get("help.group_item", label=s.c.get(f"help.group.{key}"), example=text)
        now.append(text)
    out = [Message(s.c.get("help.now_grouped", commands="; ".join(now)), "help", HIGH)] if now else []
    return out + [always_message(s)]


def _repeat(s: Table) -> None:
    last = s.history.last_said(s.at_speaker())  # hot-seat: what the player at the speaker heard, theirs too
    if not last:
        s.say_key("history.empty", record=False)
    else:
        s.say(last, record=False)


def _since_my_turn(s: Table) -> None:
    """What happened since your last turn, replayed from the game's buffer: the others'
    moves and the public facts after your own move (you heard its result as you made it),
    not the replies to what you asked (nor, as ever, a secret). At one loudspeaker
    (hot-seat) "your" turn is the asking human's own, not the last turn of any human."""
    asking = s.kit.rules.current_player(s.state)
    now = asking in s.humans
    if not now:
        asking = s.listener_view().get("you")
    entries = s.history.seen(s.at_speaker(), GAME)
    mine = [i for i, e in enumerate(entries) if e.turn == asking] if asking is not None else []
    if now and mine:  # your turn now: from the turn before it to this one
        start, end = (mine[-2] if len(mine) > 1 else -1), mine[-1]
    else:
        start, end = (mine[-1] if mine else -1), len(entries)
    if asking is not None:  # after your own move: its result was said to you as you made it
        # (what your move's events say of another player, "Ben ist dran", is theirs: kind "bot")
        start = max([i for i in range(start + 1, end) if entries[i].mover == asking
                     and entries[i].message.kind != "bot"], default=start)
    said = [e.message for e in entries[start + 1:end] if e.message.priority != LOW
            and e.message.kind not in ("help", "table", "error") and (e.message.text or e.message.fallback)]
    if not said:
        s.say_key("history.since_nothing", record=False)
    for m in said:
        s.say(m if m.text else Message(m.fallback or "", m.kind, m.priority, m.cue, m.pan), record=False)


def _scores(s: Table) -> None:
    v = s.listener_view()
    s.say(s.narrator.scores(v, s.kit.view_scores(v)))


def _rate(delta: int) -> Callable[[Table], None]:
    def change(s: Table) -> None:
        s.out.set_rate(s.out.rate + delta)
        s.say_key("settings.rate", rate=s.out.rate)
        s.persist(rate=s.out.rate)
    return change


def _volume(delta: int) -> Callable[[Table], None]:
    def change(s: Table) -> None:
        s.out.set_volume(s.out.volume + delta)
        s.say_key("settings.volume", volume=s.out.volume)
        s.persist(speech_volume=s.out.volume)
    return change


def _detail(intent: str, detail: str) -> Callable[[Table], None]:
    def change(s: Table) -> None:
        s.narrator.detail = detail
        s.say_key(f"settings.{intent}")
        s.persist(detail=detail)
    return change


def _rules(s: Table) -> None:
    """The rules with the table's variants (the maestro version, the Grand Maestro cards)."""
    s.say(s.narrator.rules(s.listener_view(), s.g))


def _help(s: Table) -> None:
    s.narrator.table_more = False  # "mehr" now continues the help
    s.say(help_messages(s))


def _table(s: Table) -> None:
    """The table's short form first, when the game has one, and how to hear all of it."""
    v = s.listener_view()
    short = s.narrator.table_short(v)
    if short is None:
        s.say(s.narrator.table(v))
        return
    more = s.c.get("table.more", more=s.g.render({"intent": "more"}))
    s.say(short + [Message(more, "table", LOW)])
    s.narrator.table_more = True


def _more(s: Table) -> None:
    if s.narrator.table_more:  # "tisch", then "mehr": the rest of the table, each fact once
        s.narrator.table_more = False
        s.say(s.narrator.table_rest(s.listener_view()))
        return
    s.say(more_messages(s))


def _quit(s: Table) -> None:
    s.dialogue.pending_quit = True
    s.say_key("input.confirm_quit")


# intent -> what it does; every one of them can be said at any time
META: dict[str, Callable[[Table], None]] = {
    "help": lambda s: _help(s),
    "always": lambda s: s.say(always_message(s)),
    "more": lambda s: _more(s),  # after the grouped help: the rest; after the short table: all of it
    "repeat": _repeat,
    "previous": lambda s: s.step_history(-1),
    "next_message": lambda s: s.step_history(1),
    "review_next": lambda s: s.review(items_by=1),  # the review cursor: never a move
    "review_previous": lambda s: s.review(items_by=-1),
    "review_next_row": lambda s: s.review(rows_by=1),
    "review_previous_row": lambda s: s.review(rows_by=-1),
    "whats_new": lambda s: s.whats_new(),
    "next_buffer": lambda s: s.switch_buffer(1),
    "previous_buffer": lambda s: s.switch_buffer(-1),
    "table": lambda s: _table(s),
    "my_cards": lambda s: s.say(s.narrator.my_cards(s.listener_view())),
    "scores": _scores,
    "since_my_turn": _since_my_turn,
    "whose_turn": lambda s: s.say(s.narrator.whose_turn(s.listener_view())),
    "rules": _rules,
    "slower": _rate(-RATE_STEP),
    "faster": _rate(RATE_STEP),
    "louder": _volume(VOLUME_STEP),
    "quieter": _volume(-VOLUME_STEP),
    "verbose": _detail("verbose", "verbose"),
    "brief": _detail("brief", "brief"),
    "normal": _detail("normal", "default"),
    "save": lambda s: s.autosave(announce=True),
    "quit": _quit,
    "stop": lambda s: s.stop_speech(),  # silence at once; the history keeps every message for "repeat"
    "ready": lambda s: s.say_key("input.nothing_to_confirm"),
}
