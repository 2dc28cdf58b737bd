"""Concerto narration's prompts: the next step the player at the speaker must take (refill,
the next instrument of the piece, the encore, the instrument to give up), by phase."""
from __future__ import annotations

from collections.abc import Callable

from voice_game.games.concerto.words import ConcertoWords


class ConcertoPrompts(ConcertoWords):
    def _p_refill(self, v: dict, content, p: dict, perf) -> tuple:
        need = max(1, content.hand_instruments - p["hand_count"])
        key = ("refill", v["turn"], need, tuple(v["market"]))
        last = self.last_prompt
        again = isinstance(last, tuple) and last[:2] == ("refill", v["turn"])
        market = [self.ins(x) for x in v["market"]]
        pile = v["instrument_pile_size"] > 0 or bool(v["instrument_discard"])
        options = self.or_list(([self.t("draw_option")] if pile else []) + market)
        # the same options as at the last refill (hot-seat: that may have been someone else's)
        same = self.solo and not self.verbose and options == self.refill_said
        self.refill_said = options
        if again and not self.verbose and last is not None and last[3] == tuple(v["market"]):
            # the options were just said and have not changed: the count is the news; brief:
            # "3 Karten" was said and each card received comes with its cue, so nothing is news
            if self.brief and self.solo:
                return key, "", self.t("refill_again_brief", count=need)
            return key, self.t("refill_again_brief", count=need)
        if again and not self.verbose:
            return key, self.t("refill_again" if pile else "refill_again_market", count=need, options=options)
        if same and self.brief and need == 1:
            # brief: the options are known and one card is the usual refill: nothing to say
            return key, "", self.t("refill_same", count=need)
        if same:  # the same options as at the last refill: each fact once
            return key, self.t("refill_same_brief" if self.brief else "refill_same", count=need)
        if pile and not self.verbose and self.solo and not self.hint_due("refill_draw"):
            # drawing is always there while the pile lasts (its end is announced); the market
            # is the news ("Gitarre oder Holzbläser"), "ziehen" was said the first time
            return key, self.t("refill_brief", count=need, options=self.or_list(market))
        if pile and (self.brief or self.solo and not self.hint_due("refill")):
            # "Auffüllen" the first time; then the options with "ziehen" say what to do
            return key, self.t("refill_brief", count=need, options=options)
        return key, self.t("refill" if pile else "refill_market", count=need, options=options)

    def _p_conduct(self, v: dict, content, p: dict, perf: dict) -> tuple[tuple, str]:
        piece = content.pieces[perf["piece"]]
        step = len(perf["beats"])
        key = ("conduct", v["turn"], step)
        if v["maestro"] and v["conductor"]["active"]:
            # the conductor card may change the order: the player remembers it
            return key, self.t("conduct_card_order", instruments=self.inss(piece.instruments)) if step == 0 else ""
        if step < len(piece.instruments):
            key_next = "next_brief" if self.brief else ("next_first" if step == 0 else "next")
            return key, self.t(key_next, instrument=self.ins(piece.instruments[step]))
        return key, ""

    def _p_encore(self, v: dict, content, p: dict, perf: dict) -> tuple[tuple, str]:
        key = ("encore", v["turn"], len(perf["beats"]))
        orch = [slot["instrument"] for slot in p["orchestra"]]
        done = set(perf["beats"])
        piece = content.pieces[perf["piece"]]
        left = [x for x in orch if x not in piece.instruments and x not in done]
        return key, self.t("encore_left", instruments=self.inss(left), count=len(left)) if left else ""

    def _p_give_up(self, v: dict, content, p: dict, perf: dict) -> tuple[tuple, str]:
        piece = content.pieces[perf["piece"]]
        orch = [slot["instrument"] for slot in p["orchestra"]]
        mine = [self.ins(x) for x in piece.instruments if x in orch]
        key_give = "give_up_now" if self.hint_due("give_up") else "give_up_short"
        return ("give_up", v["turn"]), self.t(key_give, instruments=self.or_list(mine),
                                              instrument=mine[0] if mine else "")

    # phase -> handler (view, content, the player's view, performance) -> (prompt key, text)
    PROMPTS: dict[str, Callable[..., tuple[tuple, str]]] = {
        "refill": _p_refill,
        "conduct": _p_conduct,
        "encore": _p_encore,
        "give_up": _p_give_up,
    }

    def help_beat(self, v: dict) -> str:
        """"Hilfe" while conducting: what to say, never a pair: any example beat would be a
        guess said aloud (a wrong one loses the piece) or the answer to the memory game."""
        from voice_game.games.concerto.content import load_content

        perf, me = v.get("performance"), v["you"]
        if not perf or me is None:
            return self.t("help_beat_card")
        piece = load_content().pieces[perf["piece"]]
        if v["phase"] == "encore":
            orch = [slot["instrument"] for slot in v["players"][me]["orchestra"]]
            done = set(perf["beats"])
            left = [self.ins(x) for x in orch if x not in piece.instruments and x not in done]
            return self.t("help_beat_encore", instruments=self.or_list(left))
        step = len(perf["beats"])
        if v["maestro"] and v["conductor"]["active"] or step >= len(piece.instruments):
            return self.t("help_beat_card")  # the card may change the order: the player remembers it
        return self.t("help_beat", instrument=self.ins(piece.instruments[step]))
