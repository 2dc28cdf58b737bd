"""Concerto narration: events and views to localized messages with cues.

Memory fairness (DESIGN 1.3): a beat pattern is announced once, when it is drawn, to
everybody; "my orchestra" and the table never read a pattern again (the view hides the
own ones, and the opponents' ones are not read to a shared loudspeaker either), and the
message history keeps a player's own pattern out ("repeat" and "previous message" cannot
replay it). The referee answers every beat pair at once with applause or boos.

For the ear: events are collected and said when the player at the speaker is to act
(or at once, when they concern that player): another player's whole turn becomes one
message ("Amadeus setzt Gitarre mit Kreis ein und nimmt Chor vom Markt."), the opening
one sentence per kind of fact (the market, the pieces, your hand), and the next step
the player must take is prompted when it is new (refill, the next instrument of the
piece, the instrument to give up).
"""
from __future__ import annotations

from voice_game.core.events import ev
from voice_game.games.concerto.answers import ConcertoAnswers
from voice_game.games.concerto.prompts import ConcertoPrompts
from voice_game.games.concerto.rendering import ConcertoRendering
from voice_game.narration.common import pan_for
from voice_game.narration.message import HIGH, NORMAL, Message

# Said at once (they end another player's turn or ask the player at the speaker).
_TURN_EVENTS = ("turn", "choose_start", "game_over")


class ConcertoNarrator(ConcertoRendering, ConcertoPrompts, ConcertoAnswers):
    """The parts in their modules: words (names of things, public facts), singles (your own
    events, one by one), other_moves (another player's move as one message), rendering (runs
    of events), prompts (your next step), answers (on request); here the session's hooks and
    the turns."""

    @classmethod
    def handled_events(cls) -> frozenset[str]:
        """The event types the narrator has a handler for (another player's move also takes
        the special cards' effects, by effect_text)."""
        return frozenset(cls.SINGLE) | frozenset(cls.RUNS) | frozenset(_TURN_EVENTS)

    # --- the session's hooks ---------------------------------------------------
    def event(self, e, v: dict) -> list[Message]:
        return self.events([e], v)

    def events(self, events, v: dict) -> list[Message]:
        out: list[Message] = []
        for e in events:
            if e.type in _TURN_EVENTS:
                out += self.flush(v)
                out += self.turn_event(e, v)
            else:
                self.pending.append(e)
        if any(self.concerns_human(e) for e in events):
            out += self.flush(v)  # the result of the player's own action comes at once
        return out

    def flush(self, v: dict) -> list[Message]:
        pending, self.pending = self.pending, []
        return self.render(pending, v)

    def prompt(self, v: dict) -> list[Message]:
        """The required next step of the player at the speaker, when it is new."""
        me = v["you"]
        if me is None or v["current"] != me:
            return []
        phase = v["phase"]
        if not self.solo and phase in ("setup", "action"):  # hot-seat: said after the hand-over
            return self._hand_over_prompt(v, me, phase)
        handler = self.PROMPTS.get(phase)
        perf = v.get("performance")
        if handler is None or (phase != "refill" and not perf):
            return []
        from voice_game.games.concerto.content import load_content

        said = handler(self, v, load_content(), v["players"][me], perf)
        key, text = said[0], said[1]
        fallback = said[2] if len(said) > 2 else None  # brief: nothing to say, but a soundless output says it
        if key == self.last_prompt or not (text or fallback):
            return []
        self.last_prompt = key
        return [self.m(text, "turn", HIGH, fallback=fallback, history="" if fallback and not text else None)]

    def _hand_over_prompt(self, v: dict, me: int, phase: str) -> list[Message]:
        key = (phase, v["turn"], me)
        if key == self.last_prompt:
            return []
        self.last_prompt = key
        e = ev("choose_start" if phase == "setup" else "turn", player=me, number=v["turn"])
        self.humans, humans = {me}, self.humans  # spoken to the one at the speaker
        try:
            return self.turn_event(e, v)
        finally:
            self.humans = humans


    # --- turns -----------------------------------------------------------------
    def turn_event(self, e, v: dict) -> list[Message]:
        self.level_named, self.repertoire = None, False
        if e.type == "game_over":
            return self.game_over(e.data, v)
        p = e.data["player"]
        if self.is_you(p) and not self.solo:
            return []  # hot-seat: the hand-over comes first, the prompt after "ready" (prompt())
        if e.type == "choose_start":
            return self._choose_start(e, v)
        return self._turn(e, v)

    def _choose_start(self, e, v: dict) -> list[Message]:
        p = e.data["player"]
        if not self.is_you(p):
            if self.verbose:
                return [self.m(self.t("choose_start_other", player=self.name(v, p)), "bot", NORMAL)]
            return []
        hand = (v["players"][p].get("hand") or []) if v["you"] == p else []
        key = "choose_start_you" if self.second_person(p) else "choose_start_named"
        if self.verbose:
            key += "_verbose"
        text = self.t(key, player=self.name(v, p))
        if len(set(hand)) >= 2 and self.examples:
            first, other = sorted(set(hand))[:2]
            text += " " + self.t("choose_start_example", example=self.c.get(
                "concerto.example_start", instrument=self.ins(first), other=self.ins(other)))
        return [self.m(text, "turn", HIGH, "event.your_turn")]

    def _turn(self, e, v: dict) -> list[Message]:
        d = e.data
        p = d["player"]
        self.started = True
        if not self.is_you(p):
            if self.verbose:
                return [self.m(self.t("turn_other", player=self.name(v, p), number=d["number"]), "bot", NORMAL,
                               f"event.turn.{p + 1}", pan_for(p + 1, len(v["players"])))]
            return []
        hint = self.hint_due("turn")
        if self.second_person(p):
            key = "turn_you_hint" if hint else "turn_you"
        else:
            key = "turn_named_hint" if hint else "turn_named"
        text = self.t(key, player=self.name(v, p))
        if self.verbose:
            text = self.t("turn_number", number=d["number"]) + " " + text
        if not self.verbose and self.solo and not hint:  # your turn again: its cue says it
            return [self.m("", "turn", HIGH, "event.your_turn", fallback=text)]
        return [self.m(text, "turn", HIGH, "event.your_turn")]
