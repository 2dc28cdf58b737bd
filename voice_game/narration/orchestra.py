"""Tierorchester narration: events and views to localized messages with cues.

It only ever sees events a player may know and that player's view.
"""
from __future__ import annotations

from voice_game.narration.common import NarratorBase, pan_for
from voice_game.narration.message import HIGH, LOW, NORMAL, Message


class OrchestraNarrator(NarratorBase):
    # --- helpers -------------------------------------------------------------
    def family(self, fam: str, count: int = 1) -> str:
        return self.c.get(f"orchestra.family.{fam}", count=count)

    def cards(self, families) -> str:
        """'2 tuba bears and one violin cat' from a list of families or a count dict."""
        if isinstance(families, dict):
            counts = {f: n for f, n in families.items() if n > 0}
        else:
            counts = {}
            for f in families:
                counts[f] = counts.get(f, 0) + 1
        if not counts:
            return self.c.get("orchestra.nothing")
        return self.join([self.c.get(f"orchestra.count.{f}", count=n) for f, n in counts.items()])

    def name(self, v: dict, p: int) -> str:
        return v["players"][p]

    # --- events --------------------------------------------------------------
    def event(self, e, v: dict) -> list[Message]:
        msgs = self._event(e, v)
        p = e.get("player")
        if e.type in ("turn", "final_choice", "drew", "revealed", "placed", "took", "passed") \
                and p is not None and p not in self.humans:
            # another player's move: its own verbosity ("bot moves off")
            msgs = [Message(m.text, "bot", m.priority, m.cue, m.pan) for m in msgs]
        return msgs

    def _event(self, e, v: dict) -> list[Message]:
        c, t = self.c, e.type
        n = len(v["players"])
        if t == "game_started":
            out = [Message(c.get("orchestra.game_started", players=self.join(e["players"]),
                                 conductors=e["conductors"],
                                 families=self.join([self.family(f) for f in e["families"]])), "info", HIGH)]
            if "falsche-note" in e["variants"]:
                out.append(Message(c.get("orchestra.falsche_note", count=e["removed"]), "info", HIGH))
            if "grand-maestro" in e["variants"]:
                out += self.maestro(e["maestro"])
            return out
        if t == "round_started":
            return [Message(c.get("orchestra.round_started", round=e["round"], player=self.name(v, e["player"])),
                            "turn", HIGH, "event.round_end")]
        if t == "turn":
            p = e["player"]
            if p in self.humans:
                return [Message(c.get("orchestra.turn_you", player=self.name(v, p)), "turn", HIGH,
                                "event.your_turn")]
            return [Message(c.get("orchestra.turn_other", player=self.name(v, p)), "turn", NORMAL,
                            f"event.turn.{p + 1}", pan_for(p + 1, n))]
        if t == "drew":
            if e["player"] in self.humans:
                return []  # the reveal answers at once
            return [Message(c.get("orchestra.drew", player=self.name(v, e["player"])), "bot", NORMAL, "event.draw")]
        if t == "revealed":
            fam = self.family(e["family"])
            if e["player"] in self.humans:
                text = c.get("orchestra.revealed_you", family=fam)
            else:
                text = c.get("orchestra.revealed", family=fam)
            if self.verbose and e["remaining"] <= 5:
                text += " " + c.get("orchestra.remaining", count=e["remaining"])
            return [Message(text, "draw", HIGH, f"family.{e['family']}")]
        if t == "placed":
            text = c.get("orchestra.placed", player=self.name(v, e["player"]), family=self.family(e["family"]),
                         conductor=e["conductor"])
            if self.verbose:
                text += " " + c.get("orchestra.row_now", count=e["count"])
            return [Message(text, "place", HIGH, "event.place", pan_for(e["conductor"], n))]
        if t == "took":
            key = "orchestra.took_final" if e["final"] else "orchestra.took"
            return [Message(c.get(key, player=self.name(v, e["player"]), conductor=e["conductor"],
                                  cards=self.cards(e["families"])), "take", HIGH, "event.take",
                            pan_for(e["conductor"], n))]
        if t == "round_ended":
            return [Message(c.get("orchestra.round_ended", round=e["round"], player=self.name(v, e["next_player"])),
                            "result", HIGH, "event.round_end")]
        if t == "last_card":
            return [Message(c.get("orchestra.last_card", player=self.name(v, e["player"])), "result", HIGH)]
        if t == "final_choice":
            p = e["player"]
            key = "orchestra.final_choice_you" if p in self.humans else "orchestra.final_choice_other"
            return [Message(c.get(key, player=self.name(v, p)), "turn", HIGH,
                            "event.your_turn" if p in self.humans else f"event.turn.{p + 1}")]
        if t == "passed":
            return [Message(c.get("orchestra.passed", player=self.name(v, e["player"])), "result", HIGH)]
        if t == "game_over":
            return self.game_over(e, v)
        return []

    def maestro(self, cards: list[str]) -> list[Message]:
        if not cards:
            return [Message(self.c.get("orchestra.maestro_none"), "info", HIGH)]
        return [Message(self.c.get("orchestra.maestro_intro"), "info", HIGH)] + [
            Message(self.c.get(f"orchestra.maestro.{cid}"), "info", HIGH) for cid in cards]

    def game_over(self, e, v: dict) -> list[Message]:
        c = self.c
        out = [Message(c.get("orchestra.game_over"), "score", HIGH, "event.game_end")]
        left = sum(len(r) for r in e["leftover"])
        if left:
            out.append(Message(c.get("orchestra.leftover", count=left), "score", HIGH))
        for d in e["details"]:
            out.append(Message(self.player_score_text(v, d), "score", HIGH))
        out.append(self.winner_message(e))
        return out

    def player_score_text(self, v: dict, d: dict) -> str:
        c = self.c
        parts = [c.get("orchestra.score_player", player=self.name(v, d["player"]), count=d["total"]),
                 c.get("orchestra.quartets", count=d["quartets"])]
        fams = d["families"]
        if not fams:
            parts.append(c.get("orchestra.score_nothing"))
        for f, info in fams.items():
            parts.append(c.get("orchestra.score_family", cards=c.get(f"orchestra.count.{f}", count=info["count"]),
                               count=info["points"]))
        for cid, pts in d.get("bonuses", {}).items():
            parts.append(c.get("orchestra.score_bonus", card=c.get(f"orchestra.maestro_name.{cid}"), points=pts))
        return ". ".join(parts) + "."

    def winner_message(self, e) -> Message:
        c = self.c
        win = e["winners"]
        pts = e["scores"][win[0]]
        if len(win) > 1:
            text = c.get("orchestra.shared_win", points=pts, players=self.join(win))
        elif sum(1 for s in e["scores"].values() if s == pts) > 1:
            text = c.get("orchestra.winner_by_quartets", points=pts, players=win[0])
        else:
            text = c.get("orchestra.winner", players=win[0], count=pts)
        return Message(text, "result", HIGH, "event.win")

    # --- on request ----------------------------------------------------------
    def table(self, v: dict) -> list[Message]:
        c = self.c
        n = len(v["players"])
        out = [Message(c.get("orchestra.table_round", round=v["round"], deck=v["deck_size"]), "table", LOW)]
        for i in range(n):
            owner = v["row_owner"][i]
            if owner is not None:
                text = c.get("orchestra.table_row_taken", conductor=i + 1, player=self.name(v, owner))
            elif v["rows"][i]:
                text = c.get("orchestra.table_row", conductor=i + 1, cards=self.cards(v["rows"][i]))
            else:
                text = c.get("orchestra.table_row_empty", conductor=i + 1)
            out.append(Message(text, "table", LOW, None, pan_for(i + 1, n)))
        if v["drawn"]:
            out.append(Message(c.get("orchestra.table_drawn", family=self.family(v["drawn"])), "table", LOW))
        out.append(Message(c.get("orchestra.table_turn", player=self.name(v, v["turn_of"])), "table", LOW))
        done = [self.name(v, o) for o in v["row_owner"] if o is not None]
        if done:
            out.append(Message(c.get("orchestra.table_sitting_out", players=self.join(done)), "table", LOW))
        for p in range(n):
            if p != v["you"] and v["collections"][p]:
                out.append(Message(c.get("orchestra.cards_of", player=self.name(v, p),
                                         cards=self.cards(v["collections"][p])), "table", LOW))
        return out

    def my_cards(self, v: dict) -> list[Message]:
        coll = v["collections"][v["you"]] if v["you"] is not None else {}
        if not any(coll.values()):
            return [Message(self.c.get("orchestra.my_cards_none"), "table", LOW)]
        return [Message(self.c.get("orchestra.my_cards", cards=self.cards(coll)), "table", LOW)]

    def scores(self, v: dict, outcome: dict) -> list[Message]:
        out = [Message(self.c.get("orchestra.scores_now"), "score", LOW)]
        for p in range(len(v["players"])):
            d = {"player": p, "total": outcome["scores"][p], "quartets": outcome["quartets"][p],
                 "families": outcome["families"][p], "bonuses": outcome["bonuses"][p]}
            out.append(Message(self.player_score_text(v, d), "score", LOW))
        if v["maestro"]:
            out += self.maestro(v["maestro"])
        return out

    def rules(self) -> list[Message]:
        return [Message(self.c.get("orchestra.rules"), "help", LOW)]

    def reason(self, err, v: dict) -> Message:
        params = dict(err.params)
        if "family" in params and params["family"]:
            params["family"] = self.family(params["family"])
        if "player" in params and isinstance(params["player"], int):
            params["player"] = self.name(v, params["player"])
        if err.reason == "no_such_conductor":
            params.setdefault("count", len(v["players"]))
        return Message(self.c.get(f"reason.{err.reason}", **params), "error", HIGH, "event.error")
