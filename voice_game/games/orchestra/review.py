"""Tierorchester's table as rows for the review cursor (voice_game.core.review): the
conductors, the card drawn, the pile, each player's musicians and the scores.

The conductors row is the whole decision at your turn in one short answer: what lies under
each open conductor, then your musicians of the families lying there ("Davon hast du 2
Flöten."), the only ones a take can change; your whole collection is its own row."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voice_game.core.review import Row, grouped
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.scoring import score_all


class _Words:
    """The words of the rows for one narrator and one seat's view."""

    def __init__(self, narrator: Any, v: Mapping[str, Any]):
        self.narrator, self.c, self.v = narrator, narrator.c, v
        self.you: int | None = v.get("you")

    def t(self, key: str, **params: Any) -> str:
        return str(self.c.get(f"orchestra.review.{key}", **params))

    def cards(self, counts: Mapping[str, int]) -> list[str]:
        return [str(self.c.get(f"orchestra.short_count.{f}", count=n)) for f, n in counts.items() if n > 0]

    def row(self, rid: str, title: str, items: list[str], places: bool = False, watch: bool = True,
            sep: str = "; ") -> Row:
        said = sep.join(items) if items else str(self.c.get("review.nothing"))
        return Row(rid, title, tuple(items), str(self.c.get("review.list", title=title, items=said)), places, watch)

    def who(self, p: int) -> str:
        return self.t("you") if p == self.you else str(self.v["players"][p])

    def of_those(self, you: int, there: list[str]) -> str:
        """Your musicians of the families lying under the open conductors, the only ones a
        take can change ("Davon hast du 2 Flöten."); the same count for all said once."""
        families = list(dict.fromkeys(there))
        held = {f: self.v["collections"][you].get(f, 0) for f in families}
        if not any(held.values()):
            return self.t("of_those_none")
        counts = set(held.values())
        if len(families) > 1 and len(counts) == 1:
            return self.t("of_those_each", count=counts.pop())
        return self.t("of_those", cards=self.narrator.join(self.cards(held)))

    def taken(self, conductor: str, owner: int) -> str:
        """A taken conductor as the cursor says it: "3 genommen von Ben", "2 genommen von dir"."""
        if owner == self.you:
            return self.t("conductor_taken_you", conductor=conductor)
        return self.t("conductor_taken_by", conductor=conductor, player=self.v["players"][owner])

    def conductors(self) -> Row:
        """Each conductor as an item (a taken one with who took it: "3 genommen von Ben");
        short: the empty ones said together, the taken ones together ("Dirigent 1 mit Harfe,
        2 und 3 leer"), each number once, all empty in three words; then for the seat whose
        view it is, its musicians of the families there."""
        v, t = self.v, self.t
        items = []
        # each conductor: ("cards", i), "empty" or "taken"
        states: list[tuple[str, str | tuple[str, int]]] = []
        for i, cards_there in enumerate(v["rows"]):
            owner = v["row_owner"][i]
            if owner is not None:  # the cursor says who took it ("mehr" after "tisch" too)
                items.append(self.taken(str(i + 1), owner))
                states.append((str(i + 1), "taken"))
            elif cards_there:
                counted = {f: cards_there.count(f) for f in dict.fromkeys(cards_there)}
                items.append(t("conductor", conductor=i + 1, cards=self.narrator.join(self.cards(counted))))
                states.append((str(i + 1), ("cards", i)))
            else:
                items.append(t("conductor_empty", conductor=i + 1))
                states.append((str(i + 1), "empty"))
        phrases, first = [], 0
        for numbers, state in grouped(states):
            if isinstance(state, tuple):
                phrases.append(items[state[1]])
            else:
                phrases.append(t(f"conductor_{state}", conductor=self.narrator.join(numbers)))
            first = first or len(numbers)
        if states and all(state == "empty" for _, state in states):
            short = t("conductors_all_empty")
        else:
            short = t("conductors_short", count=first, items=", ".join(phrases))
        there = [f for i, r in enumerate(v["rows"]) if v["row_owner"][i] is None for f in r]
        if self.you is not None and there:
            short += " " + self.of_those(self.you, there)
        return Row("conductors", t("conductors"), tuple(items), short, True, True)

    def drawn(self) -> Row:
        """The card drawn; for its drawer, how many of its family they have (where to place it)."""
        fam = self.v.get("drawn")
        r = self.row("drawn", self.t("drawn"), self.cards({fam: 1}) if fam else [], watch=False)
        if not fam or self.you is None:
            return r
        held = self.v["collections"][self.you].get(fam, 0)
        have = self.t("have_you", count=held) if held else self.t("have_none_of_it")
        return Row(r.id, r.title, r.items, f"{r.short} {have}", r.places, r.watch)

    def scores(self, order: list[int]) -> Row:
        """Each player's points; short: equal scores once ("Du 0, Ben und Clara 1", "alle 1")."""
        v, t = self.v, self.t
        totals = [s.total for s in score_all(v["collections"], v["maestro"], load_content())]
        r = self.row("scores", t("scores"), [t("score", player=self.who(p), count=totals[p]) for p in order],
                     watch=False, sep=", ")
        same = grouped([(self.who(p), totals[p]) for p in order])
        said = t("score_all", count=same[0][1]) if len(same) == 1 and len(order) > 1 else \
            ", ".join(t("score", player=self.narrator.join(names), count=n) for names, n in same)
        return Row(r.id, r.title, r.items, str(self.c.get("review.list", title=r.title, items=said)),
                   r.places, r.watch)

    def seat(self, p: int) -> Row:
        """A player's musicians ("Du hast Trommel und 3 Flöten.")."""
        t = self.t
        mine = self.cards(self.v["collections"][p])
        you_ = "_you" if p == self.you else ""
        short = t(f"has{you_}", player=self.who(p), cards=self.narrator.join(mine)) if mine \
            else t(f"has_none{you_}", player=self.who(p))
        return Row(f"seat.{p + 1}", self.who(p), tuple(mine or [t("musicians_none")]), short, False, False)


def rows(narrator: Any, v: Mapping[str, Any]) -> list[Row]:
    w = _Words(narrator, v)
    you = w.you
    order = ([you] if you is not None else []) + [p for p in range(len(v["players"])) if p != you]
    out = [w.conductors(), w.drawn(),
           w.row("pile", w.t("pile"), [w.t("pile_count", count=v["deck_size"])], watch=False),
           w.scores(order)]
    return out + [w.seat(p) for p in order]
