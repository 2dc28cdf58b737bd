"""Concerto narration on request: the table, an orchestra, the pieces, the piles, the
conductor card, your cards, the scores, the rules and why a command is refused."""
from __future__ import annotations

from voice_game.core.review import grouped
from voice_game.games.concerto.review import pieces_needs
from voice_game.games.concerto.words import ConcertoWords
from voice_game.narration.common import pan_for
from voice_game.narration.message import HIGH, LOW, Message


class ConcertoAnswers(ConcertoWords):
    def table(self, v: dict) -> list[Message]:
        """The whole table (verbose "tisch"), each fact once: the market with the instrument
        pile, each piece by what it needs first (title, composer and genre after), the piece
        piles, scores and orchestras, equal ones together."""
        key = "table_turn_number" if v["turn"] else "table_turn"  # no turn number during setup
        if self.second_person(v["turn_of"]):
            key += "_you"
        out = [self.m(self.t(key, player=self.name(v, v["turn_of"]), number=v["turn"]), "table", LOW)]
        out.append(self.m(self.t("table_market", instruments=self.inss(v["market"]),
                                 count=v["instrument_pile_size"]), "table", LOW))
        out += self._piece_lines(v, "whole")
        out.append(self._piles_line(v))
        out.append(self._scores_line(v))
        out += self._seat_lines(v)
        out += self._conductor_lines(v)
        return out + self._performance_lines(v)

    def table_rest(self, v: dict) -> list[Message]:
        """"mehr" after the short table: only what it left out (the turn number, the piles, each
        piece's instruments, title, composer and genre, the target, the orchestras, hands and the
        discard pile)."""
        out = [self.m(self.t("table_turn_only", number=v["turn"]), "table", LOW)] if v["turn"] else []
        out.append(self.m(self.t("table_target", count=v["target"]), "table", LOW))
        out.append(self.m(self.t("table_instrument_pile", count=v["instrument_pile_size"]), "table", LOW))
        out += self._piece_lines(v, "rest_listed" if self._needs_first(v) else "rest")
        out.append(self._piles_line(v))
        return out + self._seat_lines(v) + self._performance_lines(v)

    def _hand_cards(self, count: int, specials: int) -> str:
        return self.t("table_hand_cards", count=count, specials=specials)

    def _piece_lines(self, v: dict, form: str) -> list[Message]:
        """The open pieces as the table says them. "short": what each needs, "Grün 2: Gesang und
        Gitarre." (the genre too in the maestro version, whose conductor cards ask for it); a
        piece of five or more instruments of which your orchestra lacks more than two by its
        count ("Orange 9: 6 Instrumente."), as the opening says it. "whole": the instruments,
        then title, composer and genre. "rest" ("mehr" after the short one): what "short" left
        out, the title, composer and genre, and the instruments where it gave a count;
        "rest_listed": the same with every piece's instruments (the short form said the pieces
        by what they need from your orchestra)."""
        from voice_game.games.concerto.content import load_content

        me = v.get("you")
        have = {slot["instrument"] for slot in v["players"][me]["orchestra"]} if me is not None else set()
        out = []
        for lv, pid in v["open_pieces"].items():
            if pid is None:
                if not form.startswith("rest"):
                    out.append(self.m(self.t("table_no_piece", level=self.level(lv)), "table", LOW))
                continue
            p = load_content().pieces[pid]
            genre = self.c.get(f"genre.{p.genre}.name")
            about = self.t("table_piece_about", piece=self.t(
                "piece_name", title=self.title(pid), composer=self.composer(p.composer)), genre=genre)
            counted = (len(p.instruments) >= 5 and len(set(p.instruments) - have) > 2) or form == "rest_listed"
            if form.startswith("rest"):  # its points were said in the short form
                listed = self.t("table_piece_listed", level=self.level(p.level), instruments=self.inss(p.instruments))
                text = listed + " " + about if counted else self.t("table_piece_title", level=self.level(p.level),
                                                                    about=about)
                out.append(self.m(text, "table", LOW))
                continue
            instruments = self.inss(p.instruments)
            if form == "short" and counted:  # far from your orchestra: "mehr" lists them
                instruments = self.t("table_piece_instruments", count=len(p.instruments))
            key = "table_piece_genre" if v["maestro"] and form == "short" else "table_piece"
            text = self.t(key, level=self.level(p.level), count=p.points, genre=genre, instruments=instruments)
            out.append(self.m(text if form == "short" else text + " " + about, "table", LOW))
        return out

    def _piles_line(self, v: dict) -> Message:
        """The piece piles, equal ones together: "Stücke im Stapel: Grün 13, Gelb und Orange je 15." """
        piles = grouped([(str(self.c.get(f"level.{lv}.ref")), n) for lv, n in v["piece_pile_sizes"].items()])
        if len(piles) == 1:
            return self.m(self.t("table_piles_all", count=piles[0][1]), "table", LOW)
        return self.m(self.t("table_piles", piles=", ".join(
            self.t("table_pile_group", levels=self.join(lv), count=n, many="yes" if len(lv) > 1 else "no")
            for lv, n in piles)), "table", LOW)

    def _seat_lines(self, v: dict) -> list[Message]:
        """Each orchestra (the noun once: "Dein Orchester: ...", "Orchester von Amadeus: ...",
        then "Clara: ..."), the hands, equal ones together, and the discard pile."""
        n = len(v["players"])
        out = []
        if n > 1 and not any(p["orchestra"] for p in v["players"]):  # the start: said once for all
            out.append(self.m(self.t("table_orchestras_empty"), "table", LOW))
        else:
            for i, p in enumerate(v["players"]):
                ins = self.inss([slot["instrument"] for slot in p["orchestra"]])  # never a pattern
                key = "table_orchestra_you" if self.second_person(i) else \
                    "table_orchestra_first" if i == 0 else "table_orchestra_of"
                out.append(self.m(self.t(key, player=p["name"], orchestra=ins), "table", LOW, None, pan_for(i + 1, n)))
        hands = grouped([(self.t("table_you") if self.second_person(i) else p["name"],
                          (p["hand_count"], p["special_count"])) for i, p in enumerate(v["players"])])
        specials = {p["special_count"] for p in v["players"]}
        if len(hands) == 1 and n > 1:
            text = self.t("table_hands_all", cards=self._hand_cards(*hands[0][1]))
        elif len(specials) == 1:  # the special cards once: "du 3 Instrumente, Amadeus 4, dazu jeder eine Sonderkarte"
            counts = grouped([(self.t("table_you") if self.second_person(i) else p["name"], p["hand_count"])
                              for i, p in enumerate(v["players"])])
            parts = ", ".join(self.t("table_hand_group", players=self.join(names), cards=self.t(
                "table_piece_instruments", count=c) if k == 0 else str(c)) for k, (names, c) in enumerate(counts))
            count = specials.pop()
            text = self.t("table_hands_each", hands=parts, specials=count) if count else \
                self.t("table_hands", hands=parts)
        else:
            text = self.t("table_hands", hands=", ".join(
                self.t("table_hand_group", players=self.join(names), cards=self._hand_cards(*c)) for names, c in hands))
        out.append(self.m(text, "table", LOW))
        discard = v.get("instrument_discard") or []
        out.append(self.m(self.t("table_discard", cards=self.counted(discard)) if discard
                          else self.t("table_discard_empty"), "table", LOW))
        return out

    def _performance_lines(self, v: dict) -> list[Message]:
        perf = v.get("performance")
        if not perf:
            return []
        key = "table_performance_you" if self.second_person(perf["player"]) else "table_performance"
        return [self.m(self.t(key, player=self.name(v, perf["player"]), piece=self.piece(perf["piece"]),
                              count=len(perf["beats"])), "table", LOW)]

    def _scores_line(self, v: dict, target: bool = True) -> Message:
        """The scores, equal ones said once, with the target ("Punkte bis 25: ...") or, in
        the short table, without it ("mehr" says it)."""
        same = grouped([(self.t("table_you") if self.second_person(i) else p["name"], p["score"])
                        for i, p in enumerate(v["players"])])  # equal scores said once
        scores = self.t("table_scores_all", count=same[0][1]) if len(same) == 1 and len(v["players"]) > 1 else \
            ", ".join(self.t("table_score", player=self.join(names), count=n) for names, n in same)
        if not target:
            return self.m(self.t("table_scores_now", scores=scores), "table", LOW)
        return self.m(self.t("table_scores_short", scores=scores, target=v["target"]), "table", LOW)

    def table_short(self, v: dict) -> list[Message] | None:
        """What a turn is decided on, first, in about 10 s: whose turn, the market, the pieces
        by what each still needs from your orchestra, the scores (the rest, the pieces'
        instruments and titles, the target, orchestras, hands and piles, comes on "mehr";
        verbose: the whole table)."""
        if self.verbose:
            return None
        key = "table_turn_you" if self.second_person(v["turn_of"]) else "table_turn"
        out = [self.m(self.t(key, player=self.name(v, v["turn_of"])), "table", LOW),
               self.m(self.t("table_market_short", instruments=self.inss(v["market"])), "table", LOW)]
        needs = pieces_needs(self, v) if self._needs_first(v) else None
        out += [self.m(needs, "table", LOW)] if needs is not None else self._piece_lines(v, "short")
        out.append(self._scores_line(v, target=False))
        return out + self._conductor_lines(v)  # the maestro version: the card that rules the performances

    @staticmethod
    def _needs_first(v: dict) -> bool:
        """The short table says the pieces by what each still needs from your orchestra (the
        pieces status row's words), their instruments after "mehr"; not for a watcher (no
        orchestra) nor in the maestro version, whose conductor card asks for a piece's genre."""
        return v.get("you") is not None and not v["maestro"]

    def _conductor_lines(self, v: dict) -> list[Message]:
        cond = v["conductor"]
        if not v["maestro"]:
            return []
        if cond["card"]:
            return [self.m(self.t("table_conductor", name=self.conductor(cond["card"]),
                                  text=self.c.get(f"conductor.{cond['card']}.text")), "table", LOW)]
        if cond["active"]:
            return [self.m(self.t("table_conductor_hidden"), "table", LOW)]
        return []

    def orchestra_of(self, v: dict, position: int) -> list[Message]:
        """One player's orchestra ("Orchester von Spieler 2"): instruments, never patterns."""
        n = len(v["players"])
        if not 1 <= position <= n:
            return [self.m(self.t("no_seat", count=n, position=position), "error", HIGH, "event.error")]
        i = position - 1
        p = v["players"][i]
        ins = [slot["instrument"] for slot in p["orchestra"]]
        if self.second_person(i):
            key = "my_orchestra" if ins else "my_orchestra_empty"
            return [self.m(self.t(key, instruments=self.inss(ins)), "table", LOW)]
        text = " ".join([self.t("table_player", player=p["name"], count=p["score"]),
                         self.t("table_orchestra", orchestra=self.inss(ins)),
                         self.t("table_hand_split", count=p["hand_count"], specials=p["special_count"])])
        return [self.m(text, "table", LOW, None, pan_for(i + 1, n))]

    #: intents answered by the method of the same name (a fact of the table, one question each)
    FACTS = ("pieces", "discard_pile", "special_pile", "conductor_card")

    def pieces(self, v: dict, grammar=None) -> list[Message]:
        """The open pieces, each with its points and its instruments in order ("Stücke"): what
        the opening and brief narration leave out of an orange piece."""
        out = []
        for k, (lv, pid) in enumerate(v["open_pieces"].items()):
            text = self.t("table_no_piece", level=self.level(lv)) if pid is None else \
                self.piece_details(pid, full=False, maestro=v["maestro"], following=k > 0)
            out.append(self.m(text, "table", LOW))
        return out

    def discard_pile(self, v: dict, grammar=None) -> list[Message]:
        """The instrument discard pile (what Audition can take), counted."""
        discard = v.get("instrument_discard") or []
        return [self.m(self.t("table_discard", cards=self.counted(discard)) if discard
                       else self.t("table_discard_empty"), "table", LOW)]

    def special_pile(self, v: dict, grammar=None) -> list[Message]:
        """How many special cards are left to draw, and which were played or discarded."""
        out = [self.m(self.t("special_pile", count=v["special_pile_size"]), "table", LOW)]
        counts: dict[str, int] = {}
        for x in v.get("special_discard") or []:
            counts[x] = counts.get(x, 0) + 1
        names = self.times(counts, self.special)
        out.append(self.m(self.t("special_discard", cards=self.join(names)) if names
                          else self.t("special_discard_empty"), "table", LOW))
        return out

    def conductor_card(self, v: dict, grammar=None) -> list[Message]:
        """The maestro rules and the active conductor card, as far as the seed lets it be
        known: its text only in the variant with the card face up."""
        from voice_game.games.concerto.content import load_content

        if not v["maestro"]:
            return [self.m(self.t("maestro_none"), "help", LOW)]
        example = ""
        if grammar is not None:
            example = grammar.render({"intent": "conduct_ignore", "level": "green"})
        out = [self.m(self.t("maestro_rules", count=load_content().conductor_bonus, example=example), "help", LOW)]
        cond = v["conductor"]
        if cond["card"]:
            out.append(self.m(self.t("table_conductor", name=self.conductor(cond["card"]),
                                     text=self.c.get(f"conductor.{cond['card']}.text")), "table", LOW))
        elif cond["active"]:
            out.append(self.m(self.t("table_conductor_hidden"), "table", LOW))
        else:
            out.append(self.m(self.t("conductor_none_active", count=cond["pile_size"]), "table", LOW))
        return out

    def whose_turn(self, v: dict) -> Message:
        key = "table_turn_you" if self.second_person(v["turn_of"]) else "table_turn"
        return self.m(self.t(key, player=self.name(v, v["turn_of"])), "turn", LOW)

    def my_cards(self, v: dict) -> list[Message]:
        me = v["you"]
        if me is None:
            return [self.m(self.t("my_cards_nobody"), "table", LOW)]
        p = v["players"][me]
        key = "my_hand_you" if self.second_person(me) else "my_hand"
        out = [self.m(self.t(key, player=p["name"], instruments=self.inss(p["hand"] or [])), "table", LOW)]
        specials = p["specials"] or []
        if specials:
            out.append(self.m(self.t("my_specials", cards=self.join([self.special(s) for s in specials])),
                              "table", LOW))
        else:
            out.append(self.m(self.t("my_specials_none"), "table", LOW))
        ins = [slot["instrument"] for slot in p["orchestra"]]  # never the patterns (DESIGN 1.3)
        key = "my_orchestra" if ins else "my_orchestra_empty"
        out.append(self.m(self.t(key, instruments=self.inss(ins)), "table", LOW))
        return out

    def scores(self, v: dict, outcome: dict) -> list[Message]:
        out = [self.m(self.t("scores_now", count=v["target"]), "score", LOW)]
        for p, s in enumerate(outcome["scores"]):
            out.append(self.m(self.t("score_player_you" if self.second_person(p) else "score_player",
                                     player=self.name(v, p), count=s), "score", LOW))
        return out

    def rules(self, v: dict, grammar=None) -> list[Message]:
        """The rules, and in the maestro version its rules and the active conductor card
        (as far as the variant shows it)."""
        out = [self.m(self.t("rules"), "help", LOW)]
        if v.get("maestro"):
            out.append(self.m(self.t("rules_maestro", count=v["target"]), "help", LOW))
            out += self.conductor_card(v, grammar)
        return out

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
            params["piece"] = self.title(params["piece"])
        for k in ("target", "player"):
            if isinstance(params.get(k), int):
                params[k] = self.name(v, params[k])
        if err.reason == "swap_not_in_hand" and params.get("card"):
            params["card"] = self.ins(params["card"]) if self.c.has(f"instrument.{params['card']}.name") \
                else params["card"]
        return self.m(self.c.get(f"concerto.reason.{err.reason}", **params), "error", HIGH, "event.error")
