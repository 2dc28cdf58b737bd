"""Concerto narration: events and views to localized messages with cues.

Memory fairness (DESIGN 1.3): a beat pattern is announced once, when it is drawn, to
everybody; "my orchestra" and the table never read a pattern again (the view hides the
own ones, and the opponents' ones are not read to a shared loudspeaker either). The
referee answers every beat pair at once with applause or boos.
"""
from __future__ import annotations

from voice_game.narration.common import NarratorBase, pan_for
from voice_game.narration.message import HIGH, LOW, NORMAL, Message


class ConcertoNarrator(NarratorBase):
    # --- helpers -------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return self.c.get(f"concerto.{key}", **params)

    def ins(self, x: str | None) -> str:
        return self.c.get(f"instrument.{x}.name") if x else ""

    def inss(self, xs) -> str:
        return self.join([self.ins(x) for x in xs]) if xs else self.t("nothing")

    def pat(self, p: str | None) -> str:
        return self.c.get(f"pattern.{p}.name") if p else ""

    def level(self, lv: str) -> str:
        return self.c.get(f"level.{lv}.name")

    def special(self, card: str) -> str:
        return self.c.get(f"special.{card}.name")

    def conductor(self, cid: str) -> str:
        return self.c.get(f"conductor.{cid}.name")

    def piece(self, pid: str) -> str:
        from voice_game.games.concerto.content import load_content

        if self.c.has(f"piece.{pid}.title"):
            title = self.c.get(f"piece.{pid}.title")
        else:
            p = load_content().pieces.get(pid)
            title = p.title if p else pid
        p = load_content().pieces.get(pid)
        return self.t("piece_name", title=title, composer=p.composer if p else "")

    def piece_details(self, pid: str) -> str:
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        return self.t("piece_details", level=self.level(p.level), piece=self.piece(pid),
                      genre=self.c.get(f"genre.{p.genre}.name"), count=p.points,
                      instruments=self.inss(p.instruments))

    def name(self, v: dict, p) -> str:
        if isinstance(p, int) and 0 <= p < len(v["players"]):
            return v["players"][p]["name"]
        return str(p)

    def is_you(self, p: int) -> bool:
        return p in self.humans

    # --- events --------------------------------------------------------------
    def event(self, e, v: dict) -> list[Message]:
        msgs = self._event(e, v)
        p = e.get("player")
        if p is not None and p not in self.humans and e.type != "game_over":
            # another player's move: its own verbosity ("bot moves: sound only")
            msgs = [Message(m.text, "bot", m.priority, m.cue, m.pan) for m in msgs]
        return msgs

    def _event(self, e, v: dict) -> list[Message]:
        t = e.type
        d = e.data
        n = len(v["players"])
        nm = lambda key="player": self.name(v, d[key])  # noqa: E731
        if t == "game_started":
            out = [Message(self.t("game_started", players=self.join(d["players"]), target=d["target"]),
                           "info", HIGH)]
            if d.get("maestro"):
                out.append(Message(self.t("maestro"), "info", HIGH))
            return out
        if t == "choose_start":
            p = d["player"]
            if self.is_you(p):
                return [Message(self.t("choose_start_you", player=nm()), "turn", HIGH, "event.your_turn")]
            return [Message(self.t("choose_start_other", player=nm()), "turn", NORMAL)]
        if t == "turn":
            p = d["player"]
            if self.is_you(p):
                return [Message(self.t("turn_you", player=nm(), number=d["number"]), "turn", HIGH,
                                "event.your_turn")]
            return [Message(self.t("turn_other", player=nm(), number=d["number"]), "turn", NORMAL,
                            f"event.turn.{p + 1}", pan_for(p + 1, n))]
        if t == "card_drawn":
            if self.is_you(d["player"]):
                return []  # the private card_received says it
            return [Message(self.t(f"drew_{d['kind']}", player=nm()), "bot", NORMAL, "event.draw")]
        if t == "card_received":
            card = self.ins(d["card"]) if d["kind"] == "instrument" else self.special(d["card"])
            return [Message(self.t(f"received_{d['kind']}", card=card), "draw", HIGH, "event.draw")]
        if t == "instrument_placed":
            key = "placed_setup" if d["setup"] else "placed"
            return [Message(self.t(key, player=nm(), instrument=self.ins(d["instrument"]),
                                   position=d["position"]), "place", HIGH, "event.place")]
        if t == "pattern_drawn":
            return [Message(self.t("pattern_drawn", player=nm(), instrument=self.ins(d["instrument"]),
                                   pattern=self.pat(d["pattern"])), "draw", HIGH, f"pattern.{d['pattern']}")]
        if t == "market_revealed":
            return [Message(self.t("market_revealed", instrument=self.ins(d["instrument"])), "info", NORMAL)]
        if t == "market_duplicate":
            return [Message(self.t("market_duplicate", instrument=self.ins(d["instrument"])), "info", NORMAL)]
        if t == "market_taken":
            return [Message(self.t("market_taken", player=nm(), instrument=self.ins(d["instrument"])),
                            "take", HIGH, "event.take")]
        if t == "piece_revealed":
            return [Message(self.t("piece_revealed", details=self.piece_details(d["piece"])), "info", HIGH)]
        if t == "piece_replaced":
            return [Message(self.t("piece_replaced", player=nm(), level=self.level(d["level"]),
                                   piece=self.piece(d["piece"])), "info", HIGH)]
        if t == "conductor_revealed":
            cid = d["card"]
            return [Message(self.t("conductor_revealed", name=self.conductor(cid),
                                   text=self.c.get(f"conductor.{cid}.text")), "info", HIGH)]
        if t == "conductors_exhausted":
            return [Message(self.t("conductors_exhausted"), "info", NORMAL)]
        if t == "pile_reshuffled":
            return [Message(self.t("pile_reshuffled", pile=self.t(f"pile.{d['pile']}"), count=d["size"]),
                            "info", NORMAL)]
        if t == "special_played":
            key = "special_played" if d["effect"] else "special_no_effect"
            return [Message(self.t(key, player=nm(), card=self.special(d["card"])), "info", HIGH)]
        if t == "instruments_exchanged":
            return [Message(self.t("instruments_exchanged", player=nm(), target=nm("target"),
                                   instrument=self.ins(d["instrument"]), other=self.ins(d["other"])),
                            "info", HIGH)]
        if t == "patterns_swapped":
            return [Message(self.t("patterns_swapped", player=nm(), target=nm("target"),
                                   instrument=self.ins(d["instrument"]), other=self.ins(d["other"])),
                            "info", HIGH)]
        if t == "own_patterns_swapped":
            return [Message(self.t("own_patterns_swapped", player=nm(), instrument=self.ins(d["instrument"]),
                                   other=self.ins(d["other"])), "info", HIGH)]
        if t == "market_exchanged":
            return [Message(self.t("market_exchanged", player=nm(), instrument=self.ins(d["instrument"]),
                                   other=self.ins(d["other"])), "info", HIGH)]
        if t == "rehearsal":
            return [Message(self.t("rehearsal", player=nm(), instrument=self.ins(d["instrument"])), "info", HIGH)]
        if t == "pattern_recalled":
            return [Message(self.t("pattern_recalled", instrument=self.ins(d["instrument"]),
                                   pattern=self.pat(d["pattern"])), "draw", HIGH, f"pattern.{d['pattern']}")]
        if t == "audition":
            return [Message(self.t("audition", player=nm(), instrument=self.ins(d["instrument"])), "info", HIGH)]
        if t == "cards_discarded":
            parts = [self.ins(x) for x in d["instruments"]] + [self.special(x) for x in d["specials"]]
            return [Message(self.t("cards_discarded", player=nm(), count=len(parts), cards=self.join(parts)),
                            "info", HIGH)]
        if t == "performance_started":
            key = "performance_started" if d["follow"] else "performance_started_ignore"
            return [Message(self.t(key, player=nm(), piece=self.piece(d["piece"]), level=self.level(d["level"])),
                            "turn", HIGH, "event.place")]
        if t == "beat_correct":
            text = self.t("beat_correct", instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]))
            if self.verbose and d["left"]:
                text += " " + self.t("beats_left", count=d["left"])
            return [Message(text, "result", HIGH, "event.applause")]
        if t == "beat_wrong":
            return [Message(self.t("beat_wrong", instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]),
                                   expected=self.ins(d["expected_instrument"]),
                                   expected_pattern=self.pat(d["expected_pattern"])), "result", HIGH, "event.boos")]
        if t == "encore_started":
            return [Message(self.t("encore_started", player=nm(), count=d["count"]), "turn", HIGH)]
        if t == "instrument_lost":
            return [Message(self.t(f"lost_{d['reason']}", player=nm(), instrument=self.ins(d["instrument"])),
                            "result", HIGH)]
        if t == "performance_failed":
            return [Message(self.t("performance_failed", player=nm(), piece=self.piece(d["piece"])), "result", HIGH)]
        if t == "conductor_result":
            key = "conductor_fulfilled" if d["fulfilled"] else "conductor_missed"
            return [Message(self.t(key, player=nm(), name=self.conductor(d["card"]), count=abs(d["bonus"])),
                            "result", HIGH)]
        if t == "performance_succeeded":
            out = [Message(self.t("performance_succeeded", player=nm(), piece=self.piece(d["piece"]),
                                  count=d["gained"], score=d["score"]), "result", HIGH, "event.applause")]
            if self.is_you(d["player"]):
                from voice_game.games.concerto.content import load_content

                first = load_content().pieces[d["piece"]].instruments[0]
                out.append(Message(self.t("give_up_now", instrument=self.ins(first)), "turn", HIGH))
            return out
        if t == "game_over":
            return self.game_over(d, v)
        return []

    def game_over(self, d: dict, v: dict) -> list[Message]:
        out = [Message(self.t(f"game_over_{d['reason']}"), "score", HIGH, "event.game_end")]
        for p, s in enumerate(d["scores"]):
            out.append(Message(self.t("score_player", player=self.name(v, p), count=s), "score", HIGH))
        win = [self.name(v, p) for p in d["winners"]]
        key = "winner" if len(win) == 1 else "shared_win"
        out.append(Message(self.t(key, players=self.join(win), count=d["scores"][d["winners"][0]] if win else 0),
                           "result", HIGH, "event.win"))
        return out

    # --- on request ----------------------------------------------------------
    def table(self, v: dict) -> list[Message]:
        key = "table_turn_number" if v["turn"] else "table_turn"  # no turn number during setup
        out = [Message(self.t(key, player=self.name(v, v["turn_of"]), number=v["turn"]), "table", LOW)]
        out.append(Message(self.t("table_market", instruments=self.inss(v["market"]),
                                  count=v["instrument_pile_size"]), "table", LOW))
        for lv, pid in v["open_pieces"].items():
            if pid is None:
                text = self.t("table_no_piece", level=self.level(lv))
            else:
                text = self.piece_details(pid)
            out.append(Message(text + " " + self.t("table_pile", count=v["piece_pile_sizes"][lv]), "table", LOW))
        n = len(v["players"])
        for i, p in enumerate(v["players"]):
            ins = [slot["instrument"] for slot in p["orchestra"]]
            text = self.t("table_player", player=p["name"], count=p["score"],
                          orchestra=self.inss(ins), cards=p["hand_count"] + p["special_count"])
            out.append(Message(text, "table", LOW, None, pan_for(i + 1, n)))
        out.append(Message(self.t("table_target", count=v["target"]), "table", LOW))
        cond = v["conductor"]
        if v["maestro"]:
            if cond["card"]:
                out.append(Message(self.t("table_conductor", name=self.conductor(cond["card"]),
                                          text=self.c.get(f"conductor.{cond['card']}.text")), "table", LOW))
            elif cond["active"]:
                out.append(Message(self.t("table_conductor_hidden"), "table", LOW))
        perf = v.get("performance")
        if perf:
            out.append(Message(self.t("table_performance", player=self.name(v, perf["player"]),
                                      piece=self.piece(perf["piece"]), count=len(perf["beats"])), "table", LOW))
        return out

    def my_cards(self, v: dict) -> list[Message]:
        me = v["you"]
        if me is None:
            return [Message(self.t("my_cards_nobody"), "table", LOW)]
        p = v["players"][me]
        out = [Message(self.t("my_hand", player=p["name"], instruments=self.inss(p["hand"] or [])), "table", LOW)]
        specials = p["specials"] or []
        if specials:
            out.append(Message(self.t("my_specials", cards=self.join([self.special(s) for s in specials])),
                               "table", LOW))
        else:
            out.append(Message(self.t("my_specials_none"), "table", LOW))
        ins = [slot["instrument"] for slot in p["orchestra"]]  # never the patterns (DESIGN 1.3)
        key = "my_orchestra" if ins else "my_orchestra_empty"
        out.append(Message(self.t(key, instruments=self.inss(ins)), "table", LOW))
        return out

    def scores(self, v: dict, outcome: dict) -> list[Message]:
        out = [Message(self.t("scores_now", count=v["target"]), "score", LOW)]
        for p, s in enumerate(outcome["scores"]):
            out.append(Message(self.t("score_player", player=self.name(v, p), count=s), "score", LOW))
        return out

    def rules(self) -> list[Message]:
        return [Message(self.t("rules"), "help", LOW)]

    def reason(self, err, v: dict) -> Message:
        params = dict(err.params)
        for k in ("instrument", "other"):
            if params.get(k):
                params[k] = self.ins(params[k])
        if params.get("missing"):
            params["missing"] = self.inss(params["missing"])
        if params.get("pattern"):
            params["pattern"] = self.pat(params["pattern"]) if self.c.has(f"pattern.{params['pattern']}.name") \
                else params["pattern"]
        if params.get("level") and self.c.has(f"level.{params['level']}.name"):
            params["level"] = self.level(params["level"])
        if params.get("card") and self.c.has(f"special.{params['card']}.name"):
            params["card"] = self.special(params["card"])
        if params.get("piece"):
            params["piece"] = self.piece(params["piece"])
        for k in ("target", "player"):
            if isinstance(params.get(k), int):
                params[k] = self.name(v, params[k])
        if err.reason == "swap_not_in_hand" and params.get("card"):
            params["card"] = self.ins(params["card"]) if self.c.has(f"instrument.{params['card']}.name") \
                else params["card"]
        return Message(self.c.get(f"concerto.reason.{err.reason}", **params), "error", HIGH, "event.error")
