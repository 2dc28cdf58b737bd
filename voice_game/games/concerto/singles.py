"""Concerto narration of the human's own events and of public facts, one by one (each
event type has its handler in ``SINGLE``), the cards you received and the end of the game."""
from __future__ import annotations

from collections.abc import Callable

from voice_game.core.events import Event
from voice_game.games.concerto.words import ConcertoWords
from voice_game.narration.message import HIGH, NORMAL, Message


class ConcertoSingles(ConcertoWords):
    def single(self, e, v: dict) -> list[Message]:
        handler = self.SINGLE.get(e.type)
        return handler(self, e, v) if handler else []


    def _s_game_started(self, e, v: dict) -> list[Message]:
        d = e.data
        key = "game_started_verbose" if self.verbose else "game_started"
        players = list(d["players"])
        if self.solo:  # you play against the others
            key += "_solo"
            players = [x for i, x in enumerate(players) if i not in self.humans]
        out = [self.m(self.t(key, players=self.join(players), target=d["target"]), "info", HIGH)]
        if d.get("maestro"):
            out.append(self.m(self.t("maestro"), "info", HIGH))
        return out

    def _s_card_drawn(self, e, v: dict) -> list[Message]:
        return []  # the private card_received says it

    def _s_instrument_placed(self, e, v: dict) -> list[Message]:
        d, you = e.data, self._you(e)
        if d["setup"]:
            key = "placed_setup_you" if you else "placed_setup"
        else:
            key = ("placed_you_at" if self.verbose else "placed_you") if you else "placed"
        text = self.t(key, player=self._nm(e, v), instrument=self.ins(d["instrument"]), position=d["position"])
        if self.is_you(d.get("player")) and not self.verbose:
            # "Merk dir: Holzbläser schlägt Stich" follows at once and says where it went
            return [self.m("", "place", HIGH, "event.place", fallback=text)]
        return [self.m(text, "place", HIGH, "event.place")]

    def _s_pattern_drawn(self, e, v: dict) -> list[Message]:
        d, nm = e.data, self._nm(e, v)
        ins, pt = self.ins(d["instrument"]), self.pat(d["pattern"])
        if self.is_you(d.get("player")):
            if not self.solo:  # hot-seat: "Anna, merk dir" once for each player, then the pair
                named = not self.brief and self.hint_due(f"pattern.{d['player']}")
                key = "pattern_named" if named else "pattern_short"
            else:  # "Merk dir" the first time; then the pair after its own placement cue says it
                key = "pattern_short" if self.brief or not self.hint_due("pattern") else "pattern_you"
            text = self.t(key, player=nm, instrument=ins, pattern=pt)
            # said once; the history keeps where it went, never the pattern (memory rule)
            return [self.m(text, "draw", HIGH, f"pattern.{d['pattern']}",
                           history=self.t("pattern_secret_you" if self.solo else "pattern_secret", player=nm,
                                          instrument=ins))]
        return [self.m(self.t("pattern_drawn", player=nm, instrument=ins, pattern=pt), "draw", HIGH,
                       f"pattern.{d['pattern']}")]

    def for_absent(self, e, v: dict) -> list[Message]:
        """Hot-seat: what a public event tells a human who was away from the speaker when it was
        said: another human's beat pattern (its owner heard it once, at the speaker; in the card
        game every other player sees it). ``v``: that human's view."""
        d = e.data
        if e.type != "pattern_drawn" or d.get("player") not in self.humans or d.get("player") == v.get("you"):
            return []
        text = self.t("pattern_drawn", player=self.name(v, d["player"]), instrument=self.ins(d["instrument"]),
                      pattern=self.pat(d["pattern"]))
        return [self.m(text, "draw", HIGH, f"pattern.{d['pattern']}")]

    def _s_market_taken(self, e, v: dict) -> list[Message]:
        key = ("taken_brief" if self.brief else "market_taken_you") if self._you(e) else "market_taken"
        return [self.m(self.t(key, player=self._nm(e, v), instrument=self.ins(e.data["instrument"])),
                       "take", HIGH, "event.take")]

    def _s_public(self, e, v: dict) -> list[Message]:
        if e.type == "piece_revealed" and self.repertoire and not self.verbose:
            self.repertoire_pieces += 1
            return [self.m(self.repertoire_piece(e.data["piece"], v, self.repertoire_pieces > 1), "info", HIGH)]
        if e.type == "piece_revealed" and self.level_named == e.data["level"] and not self.verbose:
            self.level_named = None  # its level was just named: points and instruments are the news
            return [self.m(self.piece_same_level(e.data["piece"], v), "info", HIGH)]
        return [self.m(self.public_text(e, v), "info", HIGH)]

    def _s_piece_replaced(self, e, v: dict) -> list[Message]:
        d = e.data
        key = "piece_replaced_you" if self._you(e) else "piece_replaced"
        if not self.verbose and self._you(e) and self.repertoire:
            return []  # "Du spielst Repertoire.": the new pieces, each with its level, follow
        if not self.verbose:  # by its level, as the player calls it; the new piece follows
            self.level_named = d["level"]
            return [self.m(self.t(key + "_short", player=self._nm(e, v), piece=self.piece_ref(d["piece"], d["level"])),
                           "info", HIGH)]
        return [self.m(self.t(key, player=self._nm(e, v), level=self.level(d["level"]), piece=self.title(d["piece"])),
                       "info", HIGH)]

    def _s_special_played(self, e, v: dict) -> list[Message]:
        d = e.data
        self.repertoire = d["card"] == "repertoire" and d["effect"] and self._you(e)
        self.repertoire_pieces = 0
        if self._you(e):
            key = "special_played_you" if d["effect"] else "special_no_effect_you"
        else:
            key = "special_played" if d["effect"] else "special_no_effect"
        return [self.m(self.t(key, player=self._nm(e, v), card=self.special(d["card"])), "info", HIGH)]

    def _s_effect(self, e, v: dict) -> list[Message]:
        d = e.data
        key = f"{e.type}_by_you"
        if self._you(e) and e.type == "rehearsal" and not self.verbose:
            return []  # "Nur für dich: Blechbläser schlagen Stich" follows and says which (the history says this)
        if self._you(e) and self.brief and self.c.has(f"concerto.{key}_brief"):
            key += "_brief"  # what the rules do with it was said when you chose the card ("was macht ...")
        if self._you(e) and self.c.has(f"concerto.{key}"):
            return [self.m(self.t(key, target=self.name(v, d.get("target")), instrument=self.ins(d["instrument"]),
                                  other=self.ins(d.get("other"))), "info", HIGH)]
        return [self.m(self.effect_text(e, v), "info", HIGH)]

    def _s_pattern_recalled(self, e, v: dict) -> list[Message]:
        d = e.data
        text = self.t("pattern_recalled", instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]))
        # the history keeps that you rehearsed, never the pattern (memory rule)
        kept = self.t("rehearsal_by_you", instrument=self.ins(d["instrument"])) \
            if self._you(e) and not self.verbose else ""
        return [self.m(text, "draw", HIGH, f"pattern.{d['pattern']}", history=kept)]

    def _s_cards_discarded(self, e, v: dict) -> list[Message]:
        d = e.data
        key = "cards_discarded_you" if self._you(e) else "cards_discarded"  # the list says how many
        return [self.m(self.t(key, player=self._nm(e, v), cards=self.counted(d["instruments"], d["specials"])),
                       "info", HIGH)]

    def _s_performance_started(self, e, v: dict) -> list[Message]:
        d, you = e.data, self._you(e)
        if you:
            key = "performance_started_you" if d["follow"] else "performance_started_ignore_you"
            if d["follow"] and not self.hint_due("conduct"):
                key = "performance_started_you_short"
        else:
            key = "performance_started" if d["follow"] else "performance_started_ignore"
        piece = self.piece_ref(d["piece"], d["level"]) if you else self.piece(d["piece"])
        if you:
            self.level_named = d["level"]
        return [self.m(self.t(key, player=self._nm(e, v), piece=piece, level=self.level(d["level"])),
                       "turn", HIGH, "event.place")]

    def _s_beat_correct(self, e, v: dict) -> list[Message]:
        d = e.data
        key = "beat_correct" if self.verbose else "beat_correct_brief"  # the pair was just said
        return [self.m(self.t(key, instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"])),
                       "result", HIGH, "event.applause")]

    def _s_beat_wrong(self, e, v: dict) -> list[Message]:
        d = e.data
        return [self.m(self.t("beat_wrong", instrument=self.ins(d["instrument"]), pattern=self.pat(d["pattern"]),
                              expected=self.ins(d["expected_instrument"]),
                              expected_pattern=self.pat(d["expected_pattern"])), "result", HIGH, "event.boos")]

    def _s_encore_started(self, e, v: dict) -> list[Message]:
        key = "encore_started_you" if self._you(e) else "encore_started"
        return [self.m(self.t(key, player=self._nm(e, v), count=e.data["count"]), "turn", HIGH)]

    def _s_instrument_lost(self, e, v: dict) -> list[Message]:
        d = e.data
        key = f"lost_{d['reason']}" + ("_you" if self._you(e) else "")
        return [self.m(self.t(key, player=self._nm(e, v), instrument=self.ins(d["instrument"])), "result", HIGH)]

    def _s_performance_failed(self, e, v: dict) -> list[Message]:
        key = "performance_failed" if self.verbose else "bot_failed"
        return [self.m(self.t(key, player=self._nm(e, v), piece=self.piece(e.data["piece"])), "result", HIGH)]

    def _s_conductor_result(self, e, v: dict) -> list[Message]:
        d = e.data
        key = "conductor_fulfilled" if d["fulfilled"] else "conductor_missed"
        return [self.m(self.t(key, player=self._nm(e, v), name=self.conductor(d["card"]), count=abs(d["bonus"])),
                       "result", HIGH)]

    def _s_performance_succeeded(self, e, v: dict) -> list[Message]:
        d, you = e.data, self._you(e)
        key = "performance_succeeded_you" if you else "performance_succeeded"
        if you and not self.verbose:
            key = "performance_succeeded_you_short"
        return [self.m(self.t(key, player=self._nm(e, v), piece=self.piece(d["piece"]), count=d["gained"],
                              score=d["score"]), "result", HIGH, "event.applause")]

    def _s_market_revealed(self, e, v: dict) -> list[Message]:
        return [self.m(self.t("market_revealed", instrument=self.ins(e.data["instrument"])), "info", NORMAL)]

    def _s_market_duplicate(self, e, v: dict) -> list[Message]:
        return [self.m(self.t("market_duplicate", instrument=self.ins(e.data["instrument"])), "info", NORMAL)]

    # event type -> handler (e, v) -> messages, for an event said on its own (single())
    SINGLE: dict[str, Callable[[ConcertoSingles, Event, dict], list[Message]]] = {
        "game_started": _s_game_started,
        "card_drawn": _s_card_drawn,
        "instrument_placed": _s_instrument_placed,
        "pattern_drawn": _s_pattern_drawn,
        "market_taken": _s_market_taken,
        "piece_revealed": _s_public,
        "conductor_revealed": _s_public,
        "conductors_exhausted": _s_public,
        "pile_reshuffled": _s_public,
        "piece_replaced": _s_piece_replaced,
        "special_played": _s_special_played,
        "instruments_exchanged": _s_effect,
        "patterns_swapped": _s_effect,
        "own_patterns_swapped": _s_effect,
        "market_exchanged": _s_effect,
        "rehearsal": _s_effect,
        "audition": _s_effect,
        "pattern_recalled": _s_pattern_recalled,
        "cards_discarded": _s_cards_discarded,
        "performance_started": _s_performance_started,
        "beat_correct": _s_beat_correct,
        "beat_wrong": _s_beat_wrong,
        "encore_started": _s_encore_started,
        "instrument_lost": _s_instrument_lost,
        "performance_failed": _s_performance_failed,
        "conductor_result": _s_conductor_result,
        "performance_succeeded": _s_performance_succeeded,
        "market_revealed": _s_market_revealed,
        "market_duplicate": _s_market_duplicate,
    }

    def game_over(self, d: dict, v: dict) -> list[Message]:
        self.last_prompt = None
        out = [self.m(self.t(f"game_over_{d['reason']}"), "score", HIGH, "event.game_end")]
        scores = [x["total"] for x in d["details"]]  # by seat (scores/winners are by name)
        winners = [x["player"] for x in d["details"] if x["winner"]]
        for p, s in enumerate(scores):
            out.append(self.m(self.t("score_player_you" if self.second_person(p) else "score_player",
                                     player=self.name(v, p), count=s), "score", HIGH))
        win = [self.name(v, p) for p in winners]
        if len(win) == 1 and self.second_person(winners[0]):
            key = "winner_you"
        elif len(win) > 1 and any(self.second_person(p) for p in winners):  # "Du teilst dir den Sieg mit Amadeus"
            key, win = "shared_win_you", [self.name(v, p) for p in winners if not self.second_person(p)]
        else:
            key = "winner" if len(win) == 1 else "shared_win"
        out.append(self.m(self.t(key, players=self.join(win), count=scores[winners[0]] if win else 0),
                          "result", HIGH, "event.win"))
        return out


    def received(self, run: list, v: dict) -> list[Message]:
        """Cards the player at the speaker got: one sentence."""
        ins = [x.get("card") for x in run if x.get("kind") == "instrument"]
        specials = [x.get("card") for x in run if x.get("kind") == "special"]
        counts: dict[str, int] = {}
        for x in ins:
            counts[x] = counts.get(x, 0) + 1
        names = self.times(counts, self.ins)
        parts = []
        if names:
            # solo: "Holzbläser.", you just drew; hot-seat: "Du bekommst" after the hand-over
            key = "hand_dealt" if not self.started and len(ins) > 1 else \
                ("received_brief" if self.brief or self.solo and not self.verbose else "received_instrument")
            parts.append(self.t(key, cards=self.join(names)))
        if specials:
            part = self.t("received_special_brief" if self.brief else "received_special",
                          card=self.join([self.special(s) for s in specials]))
            parts.append(part)  # "Deine Sonderkarte: Headhunter.", with the hand it joins
        if not parts:
            return []
        return [self.m(" ".join(parts), "draw", HIGH, "event.draw")]
