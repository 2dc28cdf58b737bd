"""Concerto narration of what happened: events are said in runs of the same kind (the
opening's deal, market and pieces; the cards you received), another player's events as
one move, the rest one by one."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from voice_game.core.events import Event
from voice_game.games.concerto.other_moves import ConcertoOtherMoves
from voice_game.games.concerto.singles import ConcertoSingles
from voice_game.narration.common import sentence
from voice_game.narration.message import HIGH, NORMAL, Message


@dataclass
class _Render:
    """What render has said so far, and another player's move being collected."""

    v: dict
    out: list[Message] = field(default_factory=list)
    group: dict | None = None




class ConcertoRendering(ConcertoSingles, ConcertoOtherMoves):
    def render(self, events: list, v: dict) -> list[Message]:
        if v.get("turn"):
            self.started = True  # also for a resumed game
        r = _Render(v)
        i = 0
        while i < len(events):
            run = self.RUNS.get(events[i].type)
            j = run(self, r, events, i) if run else None  # runs of the same kind are said together
            if j is None:
                self._render_one(r, events[i])
                j = i + 1
            i = j
        self._close_group(r)
        return r.out

    def _close_group(self, r: _Render) -> None:
        if r.group is not None:
            r.out.extend(self.render_group(r.group, r.v))
            r.group = None

    def _render_one(self, r: _Render, e) -> None:
        t, p = e.type, e.data.get("player")
        if p is not None and not self.is_you(p) and t != "game_started":
            if r.group is None or r.group["player"] != p:
                self._close_group(r)
                r.group = {"player": p, "items": [], "after": []}
            self.add_to_group(r.group, e, r.v)
            return
        if p is None and r.group is not None and t in ("piece_revealed", "conductor_revealed",
                                                       "conductors_exhausted", "pile_reshuffled"):
            r.group["after"].append(e)  # said after the move (render_group)
            return
        self._close_group(r)
        r.out += self.single(e, r.v)

    @staticmethod
    def _run_end(events: list, i: int, belongs: Callable[[Event], bool]) -> int:
        """The end of the run of events from ``i`` on that belong together."""
        j = i
        while j < len(events) and belongs(events[j]):
            j += 1
        return j

    def _run_special(self, r: _Render, events: list, i: int) -> int | None:
        """Your own special card with an effect: the effect says what it did (you just chose it)."""
        e = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if self.verbose or not self._you(e) or not e.data["effect"] or nxt is None \
                or nxt.get("player") != e.get("player") or not self.c.has(f"concerto.{nxt.type}_by_you"):
            return None
        return i + 1

    def _run_received(self, r: _Render, events: list, i: int) -> int | None:
        self._close_group(r)
        p = events[i].get("player")
        j = self._run_end(events, i, lambda x: x.type in ("card_received", "card_drawn") and x.get("player") == p)
        r.out += self.received([x for x in events[i:j] if x.type == "card_received"], r.v)
        return j

    def _run_dealt(self, r: _Render, events: list, i: int) -> int | None:
        if self.is_you(events[i].get("player")) or self.started:
            return None
        self._close_group(r)
        j = self._run_end(events, i, lambda x: x.type == "card_drawn" and not self.is_you(x.get("player")))
        if self.verbose:
            who = list(dict.fromkeys(self.name(r.v, x.get("player")) for x in events[i:j]))
            r.out.append(self.m(self.t("dealt_others", players=self.join(who), count=len(who)), "bot", NORMAL))
        return j

    def _run_market(self, r: _Render, events: list, i: int) -> int | None:
        j = self._run_end(events, i, lambda x: x.type in ("market_revealed", "market_duplicate", "pile_reshuffled"))
        run = events[i:j]
        shown = [x.get("instrument") for x in run if x.type == "market_revealed"]
        dup = [x.get("instrument") for x in run if x.type == "market_duplicate"]
        if not self.started:
            if self.verbose:  # otherwise the first refill prompt says it (and "table")
                r.out.append(self.m(self.t("market_opening", instruments=self.inss(shown)), "info", HIGH))
        elif self.verbose:
            text = " ".join([self.t("market_duplicate", instrument=self.ins(x)) for x in dup]
                            + [self.t("market_revealed", instrument=self.ins(x)) for x in shown])
            if r.group is not None:
                r.group["after"].append(text)
            else:
                r.out.append(self.m(text, "info", NORMAL))
        return j

    def _run_pieces(self, r: _Render, events: list, i: int) -> int | None:
        if self.started:
            return None
        self._close_group(r)
        j = self._run_end(events, i, lambda x: x.type == "piece_revealed")
        details = [sentence(self.opening_piece(x.get("piece"), r.v["maestro"], following=k > 0))
                   for k, x in enumerate(events[i:j])]
        text = " ".join(details)
        r.out.append(self.m(self.t("pieces_opening", pieces=text) if self.verbose else text, "info", HIGH))
        return j

    # event type -> handler of the run of events it starts: the index after the run,
    # or None when the event is said alone after all
    RUNS: dict[str, Callable[[ConcertoRendering, _Render, list, int], int | None]] = {
        "card_received": _run_received,
        "card_drawn": _run_dealt,
        "market_revealed": _run_market,
        "market_duplicate": _run_market,
        "piece_revealed": _run_pieces,
        "special_played": _run_special,
    }
