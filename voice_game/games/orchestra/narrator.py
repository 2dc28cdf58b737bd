"""Tierorchester narration: events and views to localized messages with cues.

It only ever sees events a player may know and that player's view. Another player's
turn (turn, draw, reveal, place) is said as one sentence ("Amadeus: Geigen-Katze zu
1."); the human is spoken to in the second person; hints are said once (every time
in verbose narration); brief narration lets the cues carry whose turn it is.
"""
from __future__ import annotations

from collections.abc import Callable

from voice_game.core.errors import RuleError
from voice_game.core.events import Event
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.review import rows as review_rows
from voice_game.narration.catalog import Noun
from voice_game.narration.common import NarratorBase, pan_for
from voice_game.narration.message import HIGH, LOW, NORMAL, Message

WARN_REMAINING = 5  # the last cards of the pile are counted down at every level


class OrchestraNarrator(NarratorBase):
    def __init__(self, catalog, humans, verbose=True):
        super().__init__(catalog, humans, verbose)
        self.move: dict = {}  # another player's turn, collected until it is complete
        self.refused = ""  # the refusal said last, when nothing happened since (said again: the choices)

    # --- helpers -------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return self.c.get(f"orchestra.{key}", **params)

    def family(self, fam: str, count: int = 1, short: bool = False) -> str:
        """A family's name, with its grammar for the messages ("Geigen-Katze" is feminine);
        ``short``: as a move names it (English "tuba" for "tuba bear", German the same word)."""
        g = load_content().name_grammar(self.c.lang, fam)
        key = "short" if short else "family"
        return Noun(self.c.get(f"orchestra.{key}.{fam}", count=count), "plural" if count != 1 else g.number,
                    g.gender)

    @property
    def short(self) -> bool:
        """A move names its families short below verbose (each fact once, in the fewest words)."""
        return not self.verbose

    def cards(self, families, short: bool = False) -> str:
        """'2 tuba bears and violin cat' (one musician without its article) from a list of families
        or a count dict; ``short`` as a move names them ('2 tubas and violin')."""
        if isinstance(families, dict):
            counts = {f: n for f, n in families.items() if n > 0}
        else:
            counts = {}
            for f in families:
                counts[f] = counts.get(f, 0) + 1
        if not counts:
            return self.t("nothing")
        key = "short_count" if short else "count"
        return self.join([self.c.get(f"orchestra.{key}.{f}", count=n) for f, n in counts.items()])

    def name(self, v: dict, p: int) -> str:
        return v["players"][p]

    def you(self, v: dict, key: str, p: int, **params) -> str:
        """A line to the human at the speaker: unnamed when alone, named in hot-seat play."""
        if self.solo:
            return self.t(key, **params)
        return self.t(f"{key}_named", player=self.name(v, p), **params)

    def remaining(self, n: int) -> str:
        return " " + self.t("remaining", count=n) if 0 < n <= WARN_REMAINING else ""

    # --- events --------------------------------------------------------------
    def event(self, e, v: dict) -> list[Message]:
        self.refused = ""  # something happened: a refusal after it is said in full again
        msgs = self._event(e, v)
        p = e.get("player")
        if e.type in ("turn", "final_choice", "drew", "revealed", "placed", "took", "passed") \
                and p is not None and p not in self.humans:
            # another player's move: its own verbosity ("bot moves off")
            msgs = [Message(m.text, "bot", m.priority, m.cue, m.pan, m.history, m.fallback) for m in msgs]
        elif e.type in ("drew", "revealed", "placed", "took", "passed") and p is not None:
            # the player's own result is never muted by "draw announcements off" & co.
            msgs = [Message(m.text, "result" if m.kind in ("draw", "place", "take") else m.kind, m.priority,
                            m.cue, m.pan, m.history, m.fallback) for m in msgs]
        return msgs

    @classmethod
    def handled_events(cls) -> frozenset[str]:
        """The event types the narrator has a handler for (the others are not narrated)."""
        return frozenset(cls.HANDLERS)

    def _event(self, e, v: dict) -> list[Message]:
        handler = self.HANDLERS.get(e.type)
        return handler(self, e, v) if handler else []

    def _game_started(self, e, v: dict) -> list[Message]:
        key, players = "game_started", list(e["players"])
        if self.solo:  # you play against the others
            key, players = "game_started_solo", [x for i, x in enumerate(players) if i not in self.humans]
        out = [self.m(self.t(key, players=self.join(players), conductors=e["conductors"],
                             families=self.join([self.family(f) for f in e["families"]])), "info", HIGH)]
        if "falsche-note" in e["variants"]:
            out.append(self.m(self.t("falsche_note", count=e["removed"]), "info", HIGH))
        if "grand-maestro" in e["variants"]:
            out += self.maestro(e["maestro"])
        return out

    def _round_started(self, e, v: dict) -> list[Message]:
        if e["round"] > 1 and not self.verbose:
            # "Runde 2." also says that the round before is over, and who starts is the one who
            # took last, just said, and the next line's player (or your turn's cue): a result,
            # which "turn announcements off" does not mute
            return [self.m(self.t("round_next", round=e["round"]), "result", HIGH, "event.round_end")]
        if self.brief:  # the next line is the starter's move or your turn
            return []
        p = e.get("player")
        key = "round_started_you" if p in self.humans and self.solo else "round_started"
        return [self.m(self.t(key, round=e["round"], player=self.name(v, p)), "turn", HIGH, "event.round_end")]

    def _turn(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        if p in self.humans:
            # the hint names only what can be done now: at a round's start every conductor is
            # empty ("draw"); the two choices are taught the first time a conductor can be taken
            takeable = bool(self.takeable(v))
            hint = self.hint_due("turn" if takeable else "turn_draw")
            key = ("turn_you_hint" if takeable else "turn_you_hint_draw") if hint else "turn_you"
            text = self.you(v, key, p)
            # your turn again: its cue says it (brief: even the first time); words without sound
            if self.solo and (self.brief or (not self.verbose and not hint)):
                return [self.m("", "turn", HIGH, "event.your_turn", fallback=text)]
            return [self.m(text, "turn", HIGH, "event.your_turn")]
        self.move = {"player": p}
        if self.verbose:
            return [self.m(self.t("turn_other", player=self.name(v, p)), "turn", NORMAL,
                           f"event.turn.{p + 1}", pan_for(p + 1, len(v["players"])))]
        return []

    def _drew(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        if p not in self.humans:
            self.move.setdefault("player", p)
        return []  # the reveal says it

    def _revealed(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        if p not in self.humans:
            self.move.update(player=p, family=e["family"], remaining=e["remaining"])
            return []
        fam = self.family(e["family"], short=self.short)
        if self.detail != "brief" and self.hint_due("drew"):
            text = self.t("drew_you_hint", family=fam)
        else:
            text = self.t("drew_you", family=fam)
        return [self.m(text + self.remaining(e["remaining"]), "draw", HIGH, f"family.{e['family']}")]

    def _placed(self, e, v: dict) -> list[Message]:
        if e.get("player") in self.humans:
            return self._placed_mine(e, v)
        return self._placed_other(e, v)

    def _placed_mine(self, e, v: dict) -> list[Message]:
        p, n = e.get("player"), len(v["players"])
        fam, cond = self.family(e["family"]), e["conductor"]
        if self.verbose:
            text = self.you(v, "placed_you_verbose", p, family=fam, conductor=cond) + " " \
                + self.t("row_now", count=e["count"])
        else:
            text = self.t("placed_you", conductor=cond)
        if self.brief and self.solo:  # the place cue sounds from the conductor's side
            return [self.m("", "place", HIGH, "event.place", pan_for(cond, n), fallback=text)]
        return [self.m(text, "place", HIGH, "event.place", pan_for(cond, n))]

    def _placed_other(self, e, v: dict) -> list[Message]:
        p, n = e.get("player"), len(v["players"])
        fam, cond = self.family(e["family"], short=self.short), e["conductor"]
        move, self.move = self.move, {}
        rest = self.remaining(move.get("remaining", 99))
        who = self.name(v, p)
        if self.verbose:
            text = self.t("placed_verbose", player=who, family=fam, conductor=cond) + " " \
                + self.t("row_now", count=e["count"]) + rest
            return [self.m(text, "bot", HIGH, f"event.turn.{p + 1}", pan_for(p + 1, n))]
        full = self.t("placed", player=who, family=fam, conductor=cond) + rest
        if self.brief:  # the family's own sound, from the conductor's side, carries the card
            return [self.m(self.t("placed_brief", family=fam, conductor=cond) + rest, "bot", HIGH,
                           f"family.{e['family']}", pan_for(cond, n), history=full, fallback=full)]
        return [self.m(full, "bot", HIGH, f"event.turn.{p + 1}", pan_for(p + 1, n))]

    def _took(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        self.move = {}
        cards = self.cards(e["families"], short=self.short)
        if p in self.humans:
            text = self.t("took_you", conductor=e["conductor"], cards=cards) if self.solo else \
                self.t("took", player=self.name(v, p), conductor=e["conductor"], cards=cards)
        else:
            key = "took" if self.verbose else "took_brief"
            text = self.t(key, player=self.name(v, p), conductor=e["conductor"], cards=cards)
        return [self.m(text, "take", HIGH, "event.take", pan_for(e["conductor"], len(v["players"])))]

    def _round_ended(self, e, v: dict) -> list[Message]:
        if not self.verbose:  # the next round's start says it ("Runde 2. Dora beginnt.")
            return []
        key = "round_ended_verbose"
        if e["next_player"] in self.humans and self.solo:
            key = "round_ended_verbose_you"
        return [self.m(self.t(key, round=e["round"], player=self.name(v, e["next_player"])),
                       "result", HIGH, "event.round_end")]

    def _last_card(self, e, v: dict) -> list[Message]:
        last = e["player"]
        key = "last_card_you" if last in self.humans and self.solo else "last_card"
        if self.verbose:
            key += "_verbose"
        return [self.m(self.t(key, player=self.name(v, last)), "result", HIGH)]

    def _final_choice(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        if p in self.humans:
            # every open conductor empty: there is nothing to take, passing is the only choice
            key = "final_choice_you" if self.takeable(v) else "final_choice_pass_you"
            return [self.m(self.you(v, key, p), "turn", HIGH, "event.your_turn")]
        self.move = {"player": p}
        return []  # the choice itself is the news

    def _passed(self, e, v: dict) -> list[Message]:
        p = e.get("player")
        self.move = {}
        text = self.t("passed_you") if p in self.humans and self.solo else self.t("passed", player=self.name(v, p))
        return [self.m(text, "result", HIGH)]

    def _game_over(self, e, v: dict) -> list[Message]:
        return self.game_over(e, v)

    # event type -> handler (e, v) -> messages; an event not listed is not narrated
    HANDLERS: dict[str, Callable[[OrchestraNarrator, Event, dict], list[Message]]] = {
        "game_started": _game_started,
        "round_started": _round_started,
        "turn": _turn,
        "drew": _drew,
        "revealed": _revealed,
        "placed": _placed,
        "took": _took,
        "round_ended": _round_ended,
        "last_card": _last_card,
        "final_choice": _final_choice,
        "passed": _passed,
        "game_over": _game_over,
    }

    def maestro(self, cards: list[str]) -> list[Message]:
        if not cards:
            return [self.m(self.t("maestro_none"), "info", HIGH)]
        return [self.m(self.t("maestro_intro"), "info", HIGH)] + [
            self.m(self.t(f"maestro.{cid}"), "info", HIGH) for cid in cards]

    def game_over(self, e, v: dict) -> list[Message]:
        out = [self.m(self.t("game_over"), "score", HIGH, "event.game_end")]
        left = sum(len(r) for r in e["leftover"])
        if left:
            out.append(self.m(self.t("leftover", count=left), "score", HIGH))
        for d in e["details"]:
            out.append(self.m(self.player_score_text(v, d), "score", HIGH))
        out.append(self.winner_message(e, v))
        return out

    def player_score_text(self, v: dict, d: dict) -> str:
        you = d["player"] in self.humans and self.solo  # "Du: 7 Punkte", never the seat's name
        parts = [self.t("score_player_you" if you else "score_player", player=self.name(v, d["player"]),
                        count=d["total"])]
        if self.verbose:  # else the families say it: a quartet is "4 Tuba-Bären: 5 Punkte"
            parts.append(self.t("quartets", count=d["quartets"]))
        fams = d["families"]
        if not fams:
            parts.append(self.t("score_nothing"))
        zero = []  # the families that score nothing, said together ("ohne Punkte: ...")
        for f, info in fams.items():
            cards = self.c.get(f"orchestra.count.{f}", count=info["count"])
            if info["points"] == 0 and not self.verbose:
                zero.append(cards)
            else:
                parts.append(self.t("score_family", cards=cards, count=info["points"]))
        if zero:
            parts.append(self.t("score_zero", cards=self.join(zero)))
        for cid, pts in d.get("bonuses", {}).items():
            key = "score_bonus" if pts >= 0 else "score_malus"
            parts.append(self.t(key, card=self.t(f"maestro_name.{cid}"), count=abs(pts)))
        return ". ".join(parts) + "."

    def winner_message(self, e, v: dict | None = None) -> Message:
        win = e["winners"]
        pts = e["scores"][win[0]]
        me = [self.name(v, h) for h in self.humans] if v is not None and self.solo else []
        if len(win) > 1 and any(w in me for w in win):  # "Du teilst dir den Sieg mit Ben", never "Du und Ben"
            text = self.t("shared_win_you", count=pts, players=self.join([w for w in win if w not in me]))
        elif len(win) > 1:
            text = self.t("shared_win", points=pts, players=self.join(win))
        elif sum(1 for s in e["scores"].values() if s == pts) > 1:
            key = "winner_you_by_quartets" if win[0] in me else "winner_by_quartets"
            text = self.t(key, points=pts, players=win[0])
        else:
            key = "winner_you" if win[0] in me else "winner"
            text = self.t(key, players=win[0], count=pts)
        return self.m(text, "result", HIGH, "event.win")

    # --- on request ----------------------------------------------------------
    def table(self, v: dict) -> list[Message]:
        n = len(v["players"])
        out = [self.m(self.t("table_round", round=v["round"], count=v["deck_size"]), "table", LOW)]
        if all(o is None for o in v["row_owner"]) and not any(v["rows"]):
            out.append(self.m(self.t("table_rows_empty"), "table", LOW))
        else:  # "Dirigent 1 leer." "2 mit Tuba-Bär." each from its side, the noun once
            for i in range(n):
                out.append(self.m(self._conductor(v, i, "_next" if i else ""), "table", LOW, None, pan_for(i + 1, n)))
        if v["drawn"]:
            out.append(self.m(self.t("table_drawn", family=self.family(v["drawn"])), "table", LOW))
        out.append(self.whose_turn(v))
        return out + self._others_and_maestro(v)

    def table_short(self, v: dict) -> list[Message] | None:
        """What a turn is decided on, first: whose turn, the conductors with your musicians of
        the families lying there (the conductors row, "dirigenten"), the card drawn, the Grand
        Maestro cards by name (the round, the pile, who took which conductor, the others'
        musicians and the Grand Maestro rules come on "mehr"; verbose: the whole table)."""
        if self.verbose:
            return None
        said = {r.id: r.short for r in review_rows(self, v)}
        out = [self.whose_turn(v), self.m(said["conductors"], "table", LOW)]
        if v["drawn"]:
            out.append(self.m(said["drawn"], "table", LOW))
        if v.get("maestro"):  # they change what a take scores: by name here, read out on "mehr"
            names = [self.t(f"maestro_name.{cid}") for cid in v["maestro"]]
            out.append(self.m(self.t("table_maestro_short", cards=self.join(names)), "table", LOW))
        return out

    def table_rest(self, v: dict) -> list[Message]:
        """"mehr" after the short table: the round and the pile, who took which conductor, the
        others' musicians and the Grand Maestro cards."""
        out = [self.m(self.t("table_round", round=v["round"], count=v["deck_size"]), "table", LOW)]
        taken = [i for i, owner in enumerate(v["row_owner"]) if owner is not None]
        n = len(v["players"])
        out += [self.m(self._conductor(v, i, "_next" if k else ""), "table", LOW, None, pan_for(i + 1, n))
                for k, i in enumerate(taken)]
        return out + self._others_and_maestro(v)

    def _others_and_maestro(self, v: dict) -> list[Message]:
        """The other players' musicians and the Grand Maestro cards (the whole table and "mehr")."""
        out = [self.m(self.t("cards_of", player=self.name(v, p), cards=self.cards(v["collections"][p])),
                      "table", LOW)
               for p in range(len(v["players"])) if p != v["you"] and v["collections"][p]]
        if v.get("maestro"):
            out += [Message(m.text, "table", LOW) for m in self.maestro(v["maestro"])]
        return out

    def row(self, v: dict, conductor: int) -> list[Message]:
        """One conductor's cards ("Reihe 2"), as the table says them."""
        n = len(v["players"])
        if not 1 <= conductor <= n:
            return [self.m(self.t("no_row", count=n, conductor=conductor), "error", HIGH, "event.error")]
        return [self.m(self._conductor(v, conductor - 1), "table", LOW, None, pan_for(conductor, n))]

    def _conductor(self, v: dict, i: int, next_: str = "") -> str:
        """Conductor i+1 as the table says it: its musicians, empty, or who took it (who took
        one sits the round out: said here, once); ``next_`` after another conductor."""
        owner = v["row_owner"][i]
        if owner is not None and owner in self.humans and self.solo:
            return self.t(f"table_row_taken_you{next_}", conductor=i + 1)
        if owner is not None:
            return self.t(f"table_row_taken{next_}", conductor=i + 1, player=self.name(v, owner))
        if v["rows"][i]:
            return self.t(f"table_row{next_}", conductor=i + 1, cards=self.cards(v["rows"][i]))
        return self.t(f"table_row_empty{next_}", conductor=i + 1)

    def cards_of(self, v: dict, seat: int) -> list[Message]:
        """One player's musicians ("Musiker von Ben"); your own as "my cards" says them."""
        n = len(v["players"])
        if not 1 <= seat <= n:
            return [self.m(self.t("no_seat", count=n), "error", HIGH, "event.error")]
        p = seat - 1
        if p in self.humans and self.solo:
            return self.my_cards(v)
        coll = v["collections"][p]
        if not any(coll.values()):
            return [self.m(self.t("cards_of_none", player=self.name(v, p)), "table", LOW)]
        return [self.m(self.t("cards_of", player=self.name(v, p), cards=self.cards(coll)), "table", LOW,
                       None, pan_for(seat, n))]

    def whose_turn(self, v: dict) -> Message:
        p = v["turn_of"]
        key = "table_turn_you" if p in self.humans and self.solo else "table_turn"
        return self.m(self.t(key, player=self.name(v, p)), "table", LOW)

    def my_cards(self, v: dict) -> list[Message]:
        coll = v["collections"][v["you"]] if v["you"] is not None else {}
        if not any(coll.values()):
            return [self.m(self.t("my_cards_none"), "table", LOW)]
        return [self.m(self.t("my_cards", cards=self.cards(coll)), "table", LOW)]

    def scores(self, v: dict, outcome: dict) -> list[Message]:
        out = [self.m(self.t("scores_now"), "score", LOW)]
        for p in range(len(v["players"])):
            d = {"player": p, "total": outcome["scores"][p], "quartets": outcome["quartets"][p],
                 "families": outcome["families"][p], "bonuses": outcome["bonuses"][p]}
            out.append(self.m(self.player_score_text(v, d), "score", LOW))
        if v["maestro"]:
            out += self.maestro(v["maestro"])
        return out

    def rules(self, v: dict, grammar=None) -> list[Message]:
        """The rules, and the variants of this game: Falsche Note, the Grand Maestro cards."""
        out = [self.m(self.t("rules"), "help", LOW)]
        if "falsche-note" in v.get("variants", ()):
            out.append(self.m(self.t("falsche_note", count=v["removed_count"]), "help", LOW))
        if v.get("maestro"):
            out += [Message(m.text, "help", LOW) for m in self.maestro(v["maestro"])]
        return out

    @staticmethod
    def takeable(v: dict) -> list[int]:
        """The conductors that can be taken now: open ones with musicians."""
        return [i + 1 for i, row in enumerate(v["rows"]) if v["row_owner"][i] is None and row]

    def options(self, v: dict) -> str:
        """What can be done instead of drawing, in the words the game understands."""
        items = [self.t("option_take", conductor=c) for c in self.takeable(v)]
        if v.get("phase") == "final":
            items.append(self.t("option_pass"))
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + f" {self.c.get('help.or')} " + items[-1]

    # refusals that name what to do instead: said again, they give the choices (help)
    ESCALATE = ("deck_empty", "nothing_to_place", "all_full")

    @staticmethod
    def all_full(v: dict) -> bool:
        """No open conductor has room: taking one is all there is (drawing is not)."""
        cap = v["max_per_conductor"]
        return not any(v["row_owner"][i] is None and len(row) < cap for i, row in enumerate(v["rows"]))

    def reason(self, err, v: dict) -> Message:
        if err.reason == "must_draw_first" and v.get("phase") == "turn" and self.all_full(v):
            # "2" when every conductor is full: drawing is no way either, so say what is
            err = RuleError("all_full")
        if err.reason in self.ESCALATE:
            again = self.refused == err.reason
            self.refused = err.reason
            if again:  # the same refusal twice in a row: the choices, not the same sentence
                return self.m(self.t("choices_now", options=self.options(v)), "error", HIGH, "event.error")
            if not self.takeable(v) and v.get("phase") == "final":  # every open conductor is empty: passing is all there is
                key = "deck_empty_pass" if err.reason == "deck_empty" else "nothing_to_place_pass"
                return self.m(self.t(key), "error", HIGH, "event.error")
        params = dict(err.params)
        if "family" in params and params["family"]:
            params["family"] = self.family(params["family"])
        if "player" in params and isinstance(params["player"], int):
            params["player"] = self.name(v, params["player"])
        if err.reason == "no_such_conductor":
            params.setdefault("count", len(v["players"]))
        return self.m(self.c.get(f"reason.{err.reason}", **params), "error", HIGH, "event.error")
