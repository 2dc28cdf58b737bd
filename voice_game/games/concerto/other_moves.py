"""Concerto narration of another player's move: its events collected as items
(``GROUP``), then said as one message with the seat's cue (``ITEMS``, ``render_group``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from voice_game.core.events import Event
from voice_game.games.concerto.words import ConcertoWords
from voice_game.narration.common import pan_for
from voice_game.narration.message import HIGH, Message


@dataclass
class _Move:
    """Another player's move while render_group says it."""

    g: dict
    who: str
    sentences: list[str] = field(default_factory=list)
    verbs: list[str] = field(default_factory=list)
    placed: list[bool] = field(default_factory=list)  # the sentence begins with a placement
    result: list[str] | None = None  # the performance's result, once it began
    outcome: str = ""  # "succeeded" / "failed"
    quiet: bool = False  # the words spoken in brief narration: what the seat's cue or the history carries is left out
    spoken: bool = False  # the words spoken (not verbose): a success says the new score, not the piece's points again
    score_first: bool = False  # the result begins with the new score ("Amadeus dirigiert Grün, jetzt 3.")
    conduct: int = -1  # the index of the performance's sentence in ``sentences``
    success_at: int = -1  # the index of the success's words in ``result`` (a give-up joins them as a clause)




class ConcertoOtherMoves(ConcertoWords):
    def add_to_group(self, g: dict, e, v: dict) -> None:
        handler = self.GROUP.get(e.type)
        if handler:
            handler(self, g["items"], e, v)
            if e.type == "performance_started" or e.type == "piece_replaced" and not self._repertoire(g["items"]):
                g["level"] = e.data["level"]  # a new piece of this level says only its news
            return
        items = g["items"]
        last = items[-1] if items else None
        if not self.verbose and last and last[0] == "verb" and last[2:3] == ["special"] \
                and self.c.has(f"concerto.bot_fx_{e.type}"):
            # "Clara sabotiert Amadeus: ..." instead of "Clara spielt Sabotage. Sabotage! ..."
            items[-1] = ["sentence", self.bot_effect_text(e, v, last[3])]
            return
        text = self.effect_text(e, v)
        if text:
            items.append(["sentence", text])

    def bot_effect_text(self, e, v: dict, card: str) -> str:
        """Another player's special card and its effect in one sentence."""
        d = e.data
        key = f"bot_fx_{e.type}"
        if d.get("target") is not None and self.second_person(d["target"]) and self.c.has(f"concerto.{key}_you"):
            key += "_you"
        elif self.brief and self.c.has(f"concerto.{key}_brief"):
            key += "_brief"  # the effect names the card: only Audition takes from the discard pile
        return self.t(key, player=self.name(v, d["player"]), card=self.special(card),
                      target=self.name(v, d.get("target")), instrument=self.ins(d.get("instrument")),
                      other=self.ins(d.get("other")))

    def _g_instrument_placed(self, items: list, e, v: dict) -> None:
        d = e.data
        items.append(["start" if d["setup"] else "place", [[d["instrument"], None]], d["position"]])
        if d["setup"] and len(items) >= 2 and items[-2][0] == "start":
            items[-2][1] += items.pop()[1]

    def _g_pattern_drawn(self, items: list, e, v: dict) -> None:
        d = e.data
        for it in reversed(items):
            if it[0] in ("start", "place"):
                for slot in it[1]:
                    if slot[0] == d["instrument"] and slot[1] is None:
                        slot[1] = d["pattern"]
                        return
        items.append(["sentence", self.t("pattern_drawn", player=self.name(v, d["player"]),
                                         instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]))])

    def _g_card_drawn(self, items: list, e, v: dict) -> None:
        kind = e.data["kind"]
        if items and items[-1][0] == "draw" and items[-1][1] == kind:
            items[-1][2] += 1
        else:
            items.append(["draw", kind, 1])

    def _g_market_taken(self, items: list, e, v: dict) -> None:
        if items and items[-1][0] == "take":
            items[-1][1].append(e.data["instrument"])
        else:
            items.append(["take", [e.data["instrument"]]])

    def _g_cards_discarded(self, items: list, e, v: dict) -> None:
        d = e.data
        items.append(["verb", self.t("bot_discard", cards=self.counted(d["instruments"], d["specials"]))])

    def _g_piece_replaced(self, items: list, e, v: dict) -> None:
        d = e.data
        if self.verbose:
            items.append(["verb", self.t("bot_replace", piece=self.title(d["piece"]), level=self.level(d["level"]))])
        elif not self._repertoire(items):
            # by its level, as the player calls it (Repertoire: the new pieces say which)
            # "Amadeus tauscht Gelb.": the player's own word for it ("Gelb tauschen"); the new piece follows
            items.append(["verb", self.t("bot_replace_short", piece=self.piece_ref(d["piece"], d["level"]))])

    @staticmethod
    def _repertoire(items: list) -> bool:
        """The move is Repertoire: its new pieces, each with its level, say what it did."""
        return any(it[0] == "verb" and it[2:4] == ["special", "repertoire"] for it in items)

    def _g_special_played(self, items: list, e, v: dict) -> None:
        key = "bot_special" if e.data["effect"] else "bot_special_no_effect"
        items.append(["verb", self.t(key, card=self.special(e.data["card"])), "special", e.data["card"]])

    def _g_performance_started(self, items: list, e, v: dict) -> None:
        d = e.data
        key = "bot_conduct" if d["follow"] else "bot_conduct_ignore"
        if self.brief and d["follow"]:
            key = "bot_conduct_brief"
        piece = self.title(d["piece"]) if self.verbose else self.piece_ref(d["piece"], d["level"])
        items.append(["conduct", self.t(key, piece=piece, level=self.level(d["level"])), [], []])

    @staticmethod
    def _conduct_item(items: list) -> list:
        """The move's performance item (a beat without one starts it)."""
        conduct = next((it for it in reversed(items) if it[0] == "conduct"), None)
        if conduct is None:
            conduct = ["conduct", "", [], []]
            items.append(conduct)
        return conduct

    def _g_beat_correct(self, items: list, e, v: dict) -> None:
        d = e.data
        self._conduct_item(items)[2].append(self.t("beat_pair", instrument=self.ins(d["instrument"]),
                                                   pattern=self.pat(d["pattern"])))

    def _g_beat_wrong(self, items: list, e, v: dict) -> None:
        d = e.data
        conduct = self._conduct_item(items)
        if self.verbose:
            key = "beat_wrong"
        else:
            key = "bot_wrong_same" if d["instrument"] == d["expected_instrument"] else "bot_wrong_other"
        conduct[3].append(self.t(key, instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]),
                                 expected=self.ins(d["expected_instrument"]),
                                 expected_pattern=self.pat(d["expected_pattern"])))
        if not self.verbose and d["instrument"] == d["expected_instrument"]:
            # "Klavier mit Kreis statt Schwung ist verloren" when the loss follows (_g_performance_failed)
            conduct[4:] = [self.t("bot_wrong_lost", instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]),
                                  expected_pattern=self.pat(d["expected_pattern"])), d["instrument"]]

    def _g_encore_started(self, items: list, e, v: dict) -> None:
        items.append(["sentence", self.t("bot_encore", count=e.data["count"])])

    def _g_instrument_lost(self, items: list, e, v: dict) -> None:
        d = e.data
        if any(it[0] == "conduct" for it in items):  # after the applause or the boos
            items.append(["sentence", self.t(f"bot_after_{d['reason']}", instrument=self.ins(d["instrument"])),
                          d["reason"], d["instrument"]])
        else:
            items.append(["verb", self.t(f"bot_lost_{d['reason']}", instrument=self.ins(d["instrument"]))])

    def _g_performance_failed(self, items: list, e, v: dict) -> None:
        last = items[-1] if items else None
        if not self.verbose and last and last[0] == "sentence" and len(last) > 2 and last[2] == "wrong_beat":
            conduct = self._conduct_item(items[:-1])
            if len(conduct) > 5 and conduct[5] == last[3] and conduct[3]:
                # the wrong pair and the loss in one sentence; the piece's leaving said when no new one follows
                conduct[3][-1] = conduct[4]
                # the instrument lost ("Amadeus dirigiert Gelb: Klavier ist verloren."; the boos say why)
                conduct.append(self.t("bot_lost_brief", instrument=self.ins(last[3])))
                items[-1] = ["sentence", "", "failed", self.t("bot_failed_piece_gone")]
                return
            # the piece leaves by the rule: said when no new piece follows (render_group)
            items[-1] = ["sentence", self.t("bot_failed_lost_short", instrument=self.ins(last[3])), "failed",
                         self.t("bot_failed_lost", instrument=self.ins(last[3]))]
        else:
            items.append(["sentence", self.t("bot_failed"), "failed"])

    def _g_performance_succeeded(self, items: list, e, v: dict) -> None:
        d = e.data
        items.append(["sentence", self.t("bot_succeeded", count=d["gained"], score=d["score"]), "succeeded",
                      self.t("bot_succeeded_brief", count=d["gained"], score=d["score"])])

    def _g_conductor_result(self, items: list, e, v: dict) -> None:
        d = e.data
        key = "conductor_fulfilled" if d["fulfilled"] else "conductor_missed"
        items.append(["sentence", self.t(key, player=self.name(v, d["player"]), name=self.conductor(d["card"]),
                                         count=abs(d["bonus"]))])

    # event type -> handler (items, e, v) adding another player's event to their move;
    # the other events of a move are the special cards' effects (effect_text)
    GROUP: dict[str, Callable[[ConcertoOtherMoves, list, Event, dict], None]] = {
        "instrument_placed": _g_instrument_placed,
        "pattern_drawn": _g_pattern_drawn,
        "card_drawn": _g_card_drawn,
        "market_taken": _g_market_taken,
        "cards_discarded": _g_cards_discarded,
        "piece_replaced": _g_piece_replaced,
        "special_played": _g_special_played,
        "performance_started": _g_performance_started,
        "beat_correct": _g_beat_correct,
        "beat_wrong": _g_beat_wrong,
        "encore_started": _g_encore_started,
        "instrument_lost": _g_instrument_lost,
        "performance_failed": _g_performance_failed,
        "performance_succeeded": _g_performance_succeeded,
        "conductor_result": _g_conductor_result,
    }

    def _said_move(self, g: dict, v: dict, quiet: bool, spoken: bool) -> _Move:
        mv = _Move(g, self.name(v, g["player"]), quiet=quiet, spoken=spoken)
        for it in g["items"]:
            self.ITEMS[it[0]](self, mv, it)
        self._close_verbs(mv)
        return mv

    def render_group(self, g: dict, v: dict) -> list[Message]:
        """Another player's move: one message with the seat's cue; a performance and its
        result are one message whose applause or boos cue carries success or failure (the
        words say points or loss). Brief narration leaves the name to the seat's cue and
        what the history keeps (a market card taken beside a placement, the points a piece
        was worth) to the history."""
        p = g["player"]
        pan = pan_for(p + 1, len(v["players"]))
        full = self._said_move(g, v, quiet=False, spoken=False)  # for the history and a soundless output
        mv = full if self.verbose else self._said_move(g, v, quiet=self.brief, spoken=True)
        out = []
        merge = bool(mv.result) and not self.verbose and mv.conduct == len(mv.sentences) - 1 \
            and bool(mv.sentences[-1]) and bool(full.sentences[-1])
        # the sentences before the performance (none, as a rule: conducting is the move)
        head, full_head = (mv.sentences[:-1], full.sentences[:-1]) if merge else (mv.sentences, full.sentences)
        text = " ".join(s for s in head if s)
        if text:
            said = " ".join(s for s in full_head if s)
            out.append(self.m(text, "bot", HIGH, f"event.turn.{p + 1}", pan,
                              history=said if said != text else None))  # written as said: the same facts
        if mv.result:
            out.append(self._result_message(mv, full, pan, merge))
        for a in g["after"]:
            if not isinstance(a, str):
                a = self._after_text(a, g, v)
            if a:
                out.append(self.m(a, "info", HIGH))
        return out

    def _result_message(self, mv: _Move, full_mv: _Move, pan: float, merge: bool) -> Message:
        """The performance's result; ``merge``: with the performance's sentence before it, in one
        message ("Amadeus dirigiert Grün, jetzt 3. Abgabe: Gitarre.")."""
        succeeded = mv.outcome == "succeeded"
        cue = "event.applause" if succeeded else "event.boos"
        said = self.t("bot_applause" if succeeded else "bot_boos")
        words = " ".join(x for x in mv.result or [] if x)
        plain = " ".join(x for x in full_mv.result or [] if x)
        full = plain if plain.startswith(said) else f"{said} {plain}"
        if merge:
            lead = mv.sentences[-1].rstrip(".")
            # "Amadeus dirigiert Grün, hat jetzt 3." / "Amadeus dirigiert Gelb: Streicher ist verloren."; a sentence
            # of its own ("Ben tauscht zwei Schlagmuster: ...", a conductor card's) follows the lead as it is
            sep = ". " if words.startswith(mv.who) else (", " if mv.score_first else ": ")
            full = f"{full_mv.sentences[-1]} {full}"  # "Amadeus dirigiert Grün. Applaus! 3 Punkte, ..."
            if not self.verbose:  # the same facts as the voice, and the cue's word
                full = f"{lead}. {said} {words}"  # "Amadeus dirigiert Grün. Buh! Chor ist verloren."
            words = f"{lead}{sep}{words}"
        elif not self.verbose:
            full = words if words.startswith(said) else f"{said} {words}"
        # the cue says applause or boos; verbose words, the history and a soundless output say it too
        return self.m(full if self.verbose else words, "bot", HIGH, cue, pan, history=full, fallback=full)

    def _after_text(self, a, g: dict, v: dict) -> str:
        if a.type == "piece_revealed" and not self.verbose and self._repertoire(g["items"]):
            g["new_pieces"] = g.get("new_pieces", 0) + 1
            return self.repertoire_piece(a.get("piece"), v, g["new_pieces"] > 1)
        if a.type == "piece_revealed" and not self.verbose and a.get("level") == g.get("level"):
            # its level was just named ("Amadeus dirigiert Grün"): points and instruments are the news
            return self.piece_same_level(a.get("piece"), v)
        return self.public_text(a, v)

    def _close_verbs(self, mv: _Move) -> None:
        if mv.verbs and mv.placed:
            # "Amadeus: Gitarre mit Kreis, nimmt Chor." (the placement is the usual move)
            rest = mv.verbs[1:]
            # brief too names the player: two bots' "Sonstige mit Links rechts." are two facts
            mv.sentences.append(self.t("bot_sentence_place", player=mv.who, pair=mv.verbs[0],
                                       actions=self.join(rest), count=len(rest)))
        elif mv.verbs:
            mv.sentences.append(self.t("bot_sentence_brief" if self.brief else "bot_sentence", player=mv.who,
                                       actions=self.join(mv.verbs)))
        mv.verbs.clear()
        mv.placed.clear()

    def _i_start(self, mv: _Move, it: list) -> None:
        mv.verbs.append(self.t("bot_start", pairs=self.join(self._pairs(it))))

    def _i_place(self, mv: _Move, it: list) -> None:
        pair = self._pairs(it)[0]
        if self.verbose:
            mv.verbs.append(self.t("bot_place_at", pair=pair, position=it[2]))
        elif not mv.verbs:
            mv.verbs.append(pair)
            mv.placed.append(it[1][0][1] is not None)  # with its pattern: the seat's cue may say whose it is
        else:
            mv.verbs.append(self.t("bot_place_brief" if self.brief else "bot_place", pair=pair))

    def _pairs(self, it: list) -> list[str]:
        return [self.pair(x, pt) if pt else self.ins(x) for x, pt in it[1]]

    def _i_take(self, mv: _Move, it: list) -> None:
        if mv.quiet and mv.verbs:
            return  # brief: beside a placement or a swap, the card taken from the market is in the history
        key = "bot_take_brief" if self.brief and not mv.placed else ("bot_take_verbose" if self.verbose else "bot_take")
        mv.verbs.append(self.t(key, instrument=self.join([self.ins(x) for x in it[1]])))

    def _i_draw(self, mv: _Move, it: list) -> None:
        if self.verbose:
            mv.verbs.append(self.t(f"bot_draw_{it[1]}", count=it[2]))

    def _i_verb(self, mv: _Move, it: list) -> None:
        mv.verbs.append(it[1])

    def _i_conduct(self, mv: _Move, it: list) -> None:
        self._close_verbs(mv)
        text = self.t("bot_sentence_brief" if self.brief else "bot_sentence", player=mv.who, actions=it[1]) \
            if it[1] else ""
        if self.verbose and it[2]:  # right pairs repeat known patterns: the applause carries them
            text = (text[:-1] + ": " if text.endswith(".") else text) + ", ".join(it[2]) + "."
        mv.conduct = len(mv.sentences)
        mv.sentences.append(text)
        mv.result = list(it[3])  # a wrong pair is news at every level
        if mv.spoken and len(it) > 6 and mv.result:  # the wrong pair, gone with the instrument: in the history
            mv.result[-1] = it[6]

    def _i_sentence(self, mv: _Move, it: list) -> None:
        self._close_verbs(mv)
        text = it[1]
        if mv.spoken and len(it) > 3 and it[2] == "given_up" and mv.result and mv.success_at == len(mv.result) - 1:
            # "Amadeus dirigiert Grün, jetzt 3, gibt Gitarre ab.": the give-up is part of the success
            key = "bot_after_given_up_clause_brief" if mv.quiet else "bot_after_given_up_clause"
            mv.result[-1] = mv.result[-1].rstrip(".") + ", " + self.t(key, instrument=self.ins(it[3])) + "."
            return
        if len(it) > 2 and it[2] in ("succeeded", "failed"):
            mv.outcome = it[2]
            if it[2] == "failed" and len(it) > 3 and not self._new_piece_follows(mv.g):
                text = it[3]  # no new piece comes: say that this one leaves
            if it[2] == "succeeded" and len(it) > 3 and mv.spoken and mv.conduct >= 0 and mv.sentences[mv.conduct]:
                # the new score; the points the piece was worth were said with it, and the history keeps them
                text = it[3]
                mv.score_first = mv.result == []
        (mv.sentences if mv.result is None else mv.result).append(text)
        if len(it) > 2 and it[2] == "succeeded" and mv.result is not None:
            mv.success_at = len(mv.result) - 1

    @staticmethod
    def _new_piece_follows(g: dict) -> bool:
        return any(not isinstance(a, str) and a.type == "piece_revealed" and a.get("level") == g.get("level")
                   for a in g["after"])

    # item kind (add_to_group) -> handler (move being said, item)
    ITEMS: dict[str, Callable[[ConcertoOtherMoves, _Move, list], None]] = {
        "start": _i_start,
        "place": _i_place,
        "take": _i_take,
        "draw": _i_draw,
        "verb": _i_verb,
        "conduct": _i_conduct,
        "sentence": _i_sentence,
    }
