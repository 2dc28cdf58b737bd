"""Ladder's events and views as messages (texts: locales/<lang>/ladder.ftl here)."""
from __future__ import annotations

from typing import Any

from voice_game.core.events import Event
from voice_game.narration.common import NarratorBase, pan_for
from voice_game.narration.message import HIGH, LOW, NORMAL, Message


class LadderNarrator(NarratorBase):
    def t(self, key: str, **params: Any) -> str:
        return self.c.get(f"ladder.{key}", **params)

    def name(self, v: Any, p: int) -> str:
        return str(v["players"][p])

    def said(self, v: Any, key: str, p: int, **params: Any) -> str:
        """``key`` for the listener ("you"), else ``key_named``."""
        if p == v["you"] and p in self.humans:
            return self.t(key, **params)
        return self.t(f"{key}_named", player=self.name(v, p), **params)

    def cards(self, ranks: list[int]) -> str:
        return self.join([str(r) for r in ranks]) if ranks else self.t("no_cards")

    # --- events ----------------------------------------------------------------
    def event(self, e: Event, v: Any) -> list[Message]:
        n = len(v["players"])
        if e.type == "started":
            out = [self.m(self.t("started", count=e["players"]), "info", HIGH)]
            if v["you"] is not None:
                out.append(self.m(self.t("your_hand", cards=self.cards(v["hand"])), "info", NORMAL))
            return out
        if e.type == "climbed":
            p = e["player"]
            return [self.m(self.said(v, "climbed", p, rank=e["rank"], count=e["left"]),
                           "bot" if p not in self.humans else "info", NORMAL, "event.place", pan_for(p + 1, n))]
        if e.type == "folded":
            key = "folded_drew" if e["drew"] else "folded"
            return [self.m(self.said(v, key, e["player"]), "info", NORMAL, "event.draw")]
        if e.type == "drew":
            return [self.m(self.t("drew", rank=e["rank"]), "info", NORMAL)]
        if e.type == "cleared":
            return [self.m(self.t("cleared"), "info", NORMAL)]
        if e.type == "game_over":
            names = self.join([self.name(v, w) for w in e["winners"]])
            return [self.m(self.t("game_over", players=names, count=len(e["winners"])), "result", HIGH,
                           "event.win")]
        return []

    def prompt(self, v: Any) -> list[Message]:
        if v["over"] or v["you"] is None:
            return []
        p = v["current"]
        cue = f"event.turn.{p + 1}"
        return [self.m(self.said(v, "turn", p, top=v["top"], cards=self.cards(v["hand"])), "turn", HIGH, cue,
                       pan_for(p + 1, len(v["players"])))]

    # --- on request ------------------------------------------------------------
    def table(self, v: Any) -> list[Message]:
        out = [self.m(self.t("table", top=v["top"], count=v["deck"]), "table", LOW)]
        for p, k in enumerate(v["hand_sizes"]):
            out.append(self.m(self.t("table_cards", player=self.name(v, p), count=k), "table", LOW))
        out.append(self.whose_turn(v))
        return out

    def whose_turn(self, v: Any) -> Message:
        return self.m(self.t("whose_turn", player=self.name(v, v["current"])), "table", LOW)

    def my_cards(self, v: Any) -> list[Message]:
        return [self.m(self.t("your_hand", cards=self.cards(v["hand"] or [])), "table", LOW)]

    def scores(self, v: Any, outcome: dict[str, Any]) -> list[Message]:
        return [self.m(self.t("table_cards", player=self.name(v, p), count=k), "score", LOW)
                for p, k in enumerate(outcome["cards"])]

    def rules(self, v: Any, grammar: Any = None) -> list[Message]:
        return [self.m(self.t("rules"), "help", LOW)]

    def reason(self, err: Any, v: Any) -> Message:
        key = f"ladder.reason.{err.reason}"
        return self.m(self.c.get(key if self.c.has(key) else f"reason.{err.reason}", **err.params),
                      "error", HIGH, "event.error")
