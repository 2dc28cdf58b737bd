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

from collections.abc import Callable
from dataclasses import dataclass, field

from voice_game.core.events import Event, ev
from voice_game.narration.catalog import Noun
from voice_game.narration.common import NarratorBase, pan_for, sentence
from voice_game.narration.message import HIGH, LOW, NORMAL, Message

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


@dataclass
class _Render:
    """What render has said so far, and another player's move being collected."""

    v: dict
    out: list[Message] = field(default_factory=list)
    group: dict | None = None


# Said at once (they end another player's turn or ask the player at the speaker).
_TURN_EVENTS = ("turn", "choose_start", "game_over")


class ConcertoNarrator(NarratorBase):
    def __init__(self, catalog, humans, verbose=True):
        super().__init__(catalog, humans, verbose)
        self.pending: list = []  # events not yet said
        self.started = False  # the first turn began (the opening is over)
        self.last_prompt = None
        self.refill_said = ""  # the refill options last said (the same again: the count only)
        self.level_named: str | None = None  # your performance or replacement named this level just now
        self.repertoire = False  # you played Repertoire this turn: its new pieces say which were replaced
        self.repertoire_pieces = 0  # how many of its new pieces were said
        self.deferred = ""  # your special card from the deal: said with your first turn (solo)

    # --- helpers -------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return self.c.get(f"concerto.{key}", **params)

    def ins(self, x: str | None) -> str:
        """An instrument's name, with its grammar for the messages ("Streicher" is plural)."""
        if not x:
            return ""
        from voice_game.games.concerto.content import load_content

        g = load_content().name_grammar(self.c.lang, x)
        return Noun(self.c.get(f"instrument.{x}.name"), g.number, g.gender)

    def inss(self, xs) -> str:
        return self.join([self.ins(x) for x in xs]) if xs else self.t("nothing")

    def or_list(self, items: list[str]) -> str:
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + f" {self.c.get('help.or')} " + items[-1]

    def pat(self, p: str | None) -> str:
        return self.c.get(f"pattern.{p}.name") if p else ""

    def pair(self, x: str, p: str) -> str:
        return self.t("pair", instrument=self.ins(x), pattern=self.pat(p))

    def level(self, lv: str) -> str:
        return self.c.get(f"level.{lv}.name")

    def special(self, card: str) -> str:
        return self.c.get(f"special.{card}.name")

    def conductor(self, cid: str) -> str:
        return self.c.get(f"conductor.{cid}.name")

    def title(self, pid: str) -> str:
        from voice_game.games.concerto.content import load_content

        if self.c.has(f"piece.{pid}.title"):
            return self.c.get(f"piece.{pid}.title")
        p = load_content().pieces.get(pid)
        return p.title if p else pid

    def piece(self, pid: str) -> str:
        """Title and composer (verbose); the title alone otherwise."""
        from voice_game.games.concerto.content import load_content

        if not self.verbose:
            return self.title(pid)
        p = load_content().pieces.get(pid)
        return self.t("piece_name", title=self.title(pid), composer=p.composer if p else "")

    def piece_ref(self, pid: str, level: str) -> str:
        """A piece in a running sentence: by its level, as the player calls it ("Grün");
        verbose narration uses title and composer (the table always says the title)."""
        return self.piece(pid) if self.verbose else self.c.get(f"level.{level}.ref")

    def piece_details(self, pid: str, full: bool = True, maestro: bool = False, following: bool = False) -> str:
        """Level, title, points and instruments in order; composer and genre when ``full``
        (genre also in the maestro version: conductor cards ask for it); ``following``:
        after another piece in the same sentence, "Gelb für 5" (the points were named)."""
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if full or self.verbose:
            return self.t("piece_details", level=self.level(p.level), piece=self.t(
                "piece_name", title=self.title(pid), composer=p.composer), genre=self.c.get(f"genre.{p.genre}.name"),
                count=p.points, instruments=self.inss(p.instruments))
        key = "piece_short_genre" if maestro else "piece_short"
        if following:
            key += "_next"
        return self.t(key, level=self.level(p.level), piece=self.title(pid), count=p.points,
                      genre=self.c.get(f"genre.{p.genre}.name"), instruments=self.inss(p.instruments))

    def name(self, v: dict, p) -> str:
        if isinstance(p, int) and 0 <= p < len(v["players"]):
            return v["players"][p]["name"]
        return str(p)

    def is_you(self, p) -> bool:
        return p in self.humans

    def second_person(self, p) -> bool:
        """Spoken to as "du": the one human at the table."""
        return p in self.humans and self.solo

    def concerns_human(self, e) -> bool:
        return e.get("player") in self.humans or e.to in self.humans or e.get("target") in self.humans

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
        if pile and self.brief and self.solo and not self.hint_due("refill_draw"):
            # brief: drawing is always there while the pile lasts (its end is announced); the
            # market is the news ("Gitarre oder Holzbläser"), "ziehen" was said the first time
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
        done = {b[0] for b in perf["beats"]}
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
        if len(set(hand)) >= 2:
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
        if self.deferred:  # "Sonderkarte: Vorspiel. Du bist dran: ..."
            text, self.deferred = f"{self.deferred} {text}", ""
            return [self.m(text, "turn", HIGH, "event.your_turn")]
        if not self.verbose and self.solo and not hint:  # your turn again: its cue says it
            return [self.m("", "turn", HIGH, "event.your_turn", fallback=text)]
        return [self.m(text, "turn", HIGH, "event.your_turn")]

    # --- rendering what happened ------------------------------------------------
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

    def opening_piece(self, pid: str, maestro: bool, following: bool) -> str:
        """A piece in the opening: "Grün für 3 Punkte: ..."; the orange one (five or six
        instruments, far from a starting orchestra of two) by its points and its count of
        instruments, which "Stücke" names ("Orange für 9, 6 Instrumente")."""
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if self.verbose or p.level != "orange":
            return self.piece_details(pid, full=False, maestro=maestro, following=following)
        key = "piece_count_genre" if maestro else "piece_count"
        return self.t(key + ("_next" if following else ""), level=self.level(p.level), points=p.points,
                      genre=self.c.get(f"genre.{p.genre}.name"), count=len(p.instruments))

    # event type -> handler of the run of events it starts: the index after the run,
    # or None when the event is said alone after all
    RUNS: dict[str, Callable[[ConcertoNarrator, _Render, list, int], int | None]] = {
        "card_received": _run_received,
        "card_drawn": _run_dealt,
        "market_revealed": _run_market,
        "market_duplicate": _run_market,
        "piece_revealed": _run_pieces,
        "special_played": _run_special,
    }

    def public_text(self, e, v: dict) -> str:
        d = e.data
        if e.type == "piece_revealed":
            if self.brief:  # an orange piece by its points and its count of instruments ("Stücke" names them)
                return self.t("piece_revealed_brief", details=sentence(self.opening_piece(d["piece"], v["maestro"],
                                                                                          following=False)))
            return self.t("piece_revealed", details=sentence(self.piece_details(d["piece"], full=False,
                                                                                maestro=v["maestro"])))
        if e.type == "conductor_revealed":
            cid = d["card"]
            return self.t("conductor_revealed", name=self.conductor(cid), text=self.c.get(f"conductor.{cid}.text"))
        if e.type == "conductors_exhausted":
            return self.t("conductors_exhausted")
        if e.type == "pile_reshuffled":
            key = "pile_reshuffled" if self.verbose else "pile_reshuffled_short"
            return self.t(key, pile=self.t(f"pile.{e['pile']}"), count=e["size"])
        return ""

    def piece_same_level(self, pid: str, v: dict) -> str:
        from voice_game.games.concerto.content import load_content

        p = load_content().pieces[pid]
        if self.brief and p.level == "orange":  # "Neu für 9, 6 Instrumente" ("Stücke" names them)
            key = "piece_revealed_count_genre" if v["maestro"] else "piece_revealed_count"
            return self.t(key, points=p.points, genre=self.c.get(f"genre.{p.genre}.name"),
                          count=len(p.instruments))
        key = "piece_revealed_same_genre" if v["maestro"] else "piece_revealed_same"
        if self.brief or not self.hint_due("new_piece"):  # "Neues Stück" the first time, then "Neu für 6"
            key += "_short"
        return self.t(key, count=p.points, genre=self.c.get(f"genre.{p.genre}.name"),
                      instruments=self.inss(p.instruments))

    def counted(self, instruments, specials=()) -> str:
        """'2 mal Streicher, Klavier und Sabotage': equal cards counted."""
        counts: dict[str, int] = {}
        for x in instruments:
            counts[x] = counts.get(x, 0) + 1
        names = [self.t("times", count=n, instrument=self.ins(x)) if n > 1 else self.ins(x) for x, n in counts.items()]
        return self.join(names + [self.special(x) for x in specials])

    def received(self, run: list, v: dict) -> list[Message]:
        """Cards the player at the speaker got: one sentence."""
        ins = [x.get("card") for x in run if x.get("kind") == "instrument"]
        specials = [x.get("card") for x in run if x.get("kind") == "special"]
        counts: dict[str, int] = {}
        for x in ins:
            counts[x] = counts.get(x, 0) + 1
        names = [self.t("times", count=n, instrument=self.ins(x)) if n > 1 else self.ins(x) for x, n in counts.items()]
        parts = []
        if names:
            key = "hand_dealt" if not self.started and len(ins) > 1 else \
                ("received_brief" if self.brief else "received_instrument")
            parts.append(self.t(key, cards=self.join(names)))
        if specials:
            part = self.t("received_special_brief" if self.brief else "received_special",
                          card=self.join([self.special(s) for s in specials]))
            if names and not self.started and len(ins) > 1 and self.solo and not self.verbose:
                # the starting orchestra needs the instruments only: the card comes with your first turn
                self.deferred = part
            else:
                parts.append(part)
        if not parts:
            return []
        return [self.m(" ".join(parts), "draw", HIGH, "event.draw")]

    # one player's move (another player's; the human's own are said one by one) -----------
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
                # brief: the instrument lost; the pair it was conducted with (both gone now) is in the history
                conduct.append(self.t("bot_lost_brief", instrument=self.ins(last[3])))
                # brief: "Amadeus: Gelb, ohne Klavier." (the boos say why)
                conduct.append(self.t("bot_lost_quiet", instrument=self.ins(last[3])) + ".")
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
    GROUP: dict[str, Callable[[ConcertoNarrator, list, Event, dict], None]] = {
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
                              history=said if said != text else None, fallback=said if said != text else None))
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
            # "Amadeus: Grün, jetzt 3." / "Amadeus dirigiert Gelb: Streicher ... ist verloren."; a sentence of its own
            # ("Ben tauscht zwei Schlagmuster: ...", a conductor card's) follows the lead as it is
            sep = ". " if words.startswith(mv.who) else (", " if self.brief or mv.score_first else ": ")
            words = f"{lead}{sep}{words}"
            full = f"{full_mv.sentences[-1]} {full}"  # "Amadeus dirigiert Grün. Applaus! 3 Punkte, ..."
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
            if mv.quiet and not mv.sentences and mv.placed[0]:  # brief: the seat's cue says whose move it is
                mv.sentences.append(self.t("bot_sentence_place_quiet", pair=mv.verbs[0],
                                           actions=self.join(rest), count=len(rest)))
            else:
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
            mv.result[-1] = it[7] if mv.quiet and len(it) > 7 else it[6]

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
    ITEMS: dict[str, Callable[[ConcertoNarrator, _Move, list], None]] = {
        "start": _i_start,
        "place": _i_place,
        "take": _i_take,
        "draw": _i_draw,
        "verb": _i_verb,
        "conduct": _i_conduct,
        "sentence": _i_sentence,
    }

    def effect_text(self, e, v: dict) -> str:
        """The effect of a special card, said to everybody."""
        t, d = e.type, e.data
        nm = lambda key="player": self.name(v, d[key])  # noqa: E731
        if t == "instruments_exchanged":
            if self.second_person(d["target"]):
                return self.t("instruments_exchanged_you", player=nm(), instrument=self.ins(d["instrument"]),
                              other=self.ins(d["other"]))
            return self.t("instruments_exchanged", player=nm(), target=nm("target"),
                          instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
        if t == "patterns_swapped":
            if self.second_person(d["target"]):
                return self.t("patterns_swapped_you", instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
            return self.t("patterns_swapped", player=nm(), target=nm("target"),
                          instrument=self.ins(d["instrument"]), other=self.ins(d["other"]))
        if t == "own_patterns_swapped":
            return self.t("own_patterns_swapped", player=nm(), instrument=self.ins(d["instrument"]),
                          other=self.ins(d["other"]))
        if t == "market_exchanged":
            return self.t("market_exchanged", player=nm(), instrument=self.ins(d["instrument"]),
                          other=self.ins(d["other"]))
        if t == "rehearsal":
            return self.t("rehearsal", player=nm(), instrument=self.ins(d["instrument"]))
        if t == "audition":
            return self.t("audition", player=nm(), instrument=self.ins(d["instrument"]))
        return ""

    # the human's own moves and public facts, one by one ------------------------------
    def single(self, e, v: dict) -> list[Message]:
        handler = self.SINGLE.get(e.type)
        return handler(self, e, v) if handler else []

    def _nm(self, e, v: dict, key: str = "player") -> str:
        return self.name(v, e.data[key])

    def _you(self, e) -> bool:
        return self.second_person(e.data.get("player"))

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
                           history=self.t("pattern_secret", player=nm, instrument=ins))]
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

    def repertoire_piece(self, pid: str, v: dict, following: bool) -> str:
        """A new piece after Repertoire: all three are new, so "Grün für 3 Punkte: ...", then
        "Gelb für 5: ..." as in the opening (brief: the orange one as in the opening)."""
        if self.brief:
            return sentence(self.opening_piece(pid, v["maestro"], following))
        return sentence(self.piece_details(pid, full=False, maestro=v["maestro"], following=following))

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
    SINGLE: dict[str, Callable[[ConcertoNarrator, Event, dict], list[Message]]] = {
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

    # --- on request ----------------------------------------------------------
    def table(self, v: dict) -> list[Message]:
        key = "table_turn_number" if v["turn"] else "table_turn"  # no turn number during setup
        if self.second_person(v["turn_of"]):
            key += "_you"
        out = [self.m(self.t(key, player=self.name(v, v["turn_of"]), number=v["turn"]), "table", LOW)]
        out.append(self.m(self.t("table_market", instruments=self.inss(v["market"]),
                                 count=v["instrument_pile_size"]), "table", LOW))
        for lv, pid in v["open_pieces"].items():
            if pid is None:
                text = self.t("table_no_piece", level=self.level(lv))
            else:
                text = self.piece_details(pid)
            out.append(self.m(text + " " + self.t("table_pile", count=v["piece_pile_sizes"][lv]), "table", LOW))
        n = len(v["players"])
        for i, p in enumerate(v["players"]):
            ins = [slot["instrument"] for slot in p["orchestra"]]
            you = self.second_person(i)  # the one human at the table is "du", never a name
            text = " ".join([self.t("table_player_you" if you else "table_player", player=p["name"], count=p["score"]),
                             self.t("table_orchestra_you" if you else "table_orchestra", orchestra=self.inss(ins)),
                             self.t("table_hand", count=p["hand_count"] + p["special_count"])])
            out.append(self.m(text, "table", LOW, None, pan_for(i + 1, n)))
        discard = v.get("instrument_discard") or []
        out.append(self.m(self.t("table_discard", cards=self.counted(discard)) if discard
                          else self.t("table_discard_empty"), "table", LOW))
        out.append(self.m(self.t("table_target", count=v["target"]), "table", LOW))
        cond = v["conductor"]
        if v["maestro"]:
            if cond["card"]:
                out.append(self.m(self.t("table_conductor", name=self.conductor(cond["card"]),
                                         text=self.c.get(f"conductor.{cond['card']}.text")), "table", LOW))
            elif cond["active"]:
                out.append(self.m(self.t("table_conductor_hidden"), "table", LOW))
        perf = v.get("performance")
        if perf:
            key = "table_performance_you" if self.second_person(perf["player"]) else "table_performance"
            out.append(self.m(self.t(key, player=self.name(v, perf["player"]),
                                     piece=self.piece(perf["piece"]), count=len(perf["beats"])), "table", LOW))
        return out

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
                         self.t("table_hand", count=p["hand_count"] + p["special_count"])])
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
        names = [self.t("times", count=n, instrument=self.special(x)) if n > 1 else self.special(x)
                 for x, n in counts.items()]
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
