"""Tierorchester's table as rows for the review cursor (voice_game.core.review): the
conductors, the card drawn, the pile, each player's musicians and the scores."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voice_game.core.review import Row, grouped
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.scoring import score_all


def rows(narrator: Any, v: Mapping[str, Any]) -> list[Row]:
    c = narrator.c

    def t(key: str, **params: Any) -> str:
        return str(c.get(f"orchestra.review.{key}", **params))

    def cards(counts: Mapping[str, int]) -> list[str]:
        return [str(c.get(f"orchestra.short_count.{f}", count=n)) for f, n in counts.items() if n > 0]

    def counted(families: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in families:
            out[f] = out.get(f, 0) + 1
        return out

    def row(rid: str, title: str, items: list[str], places: bool = False, watch: bool = True,
            sep: str = "; ") -> Row:
        said = sep.join(items) if items else str(c.get("review.nothing"))
        return Row(rid, title, tuple(items), str(c.get("review.list", title=title, items=said)), places, watch)

    players = list(v["players"])
    you = v.get("you")

    def who(p: int) -> str:
        return t("you") if p == you else str(players[p])

    out = []
    conductors = []
    states: list[tuple[str, str | tuple[str, int]]] = []  # each conductor: ("cards", i), "empty" or "taken"
    for i, cards_there in enumerate(v["rows"]):
        if v["row_owner"][i] is not None:
            conductors.append(t("conductor_taken", conductor=i + 1))
            states.append((str(i + 1), "taken"))
        elif cards_there:
            said = narrator.join(cards(counted(cards_there)))
            conductors.append(t("conductor", conductor=i + 1, cards=said))
            states.append((str(i + 1), ("cards", i)))
        else:
            conductors.append(t("conductor_empty", conductor=i + 1))
            states.append((str(i + 1), "empty"))
    # short: the empty ones said together, the taken ones together ("Dirigent 1 mit Harfe,
    # 2 und 3 leer"), each number once; all empty in three words
    phrases, first = [], 0
    for numbers, state in grouped(states):
        if isinstance(state, tuple):
            phrases.append(conductors[state[1]])
        else:
            phrases.append(t(f"conductor_{state}", conductor=narrator.join(numbers)))
        first = first or len(numbers)
    if states and all(state == "empty" for _, state in states):
        short = t("conductors_all_empty")
    else:
        short = t("conductors_short", count=first, items=", ".join(phrases))
    out.append(Row("conductors", t("conductors"), tuple(conductors), short, True, True))
    out.append(row("drawn", t("drawn"), cards({v["drawn"]: 1}) if v.get("drawn") else [], watch=False))
    out.append(row("pile", t("pile"), [t("pile_count", count=v["deck_size"])], watch=False))
    order = ([you] if you is not None else []) + [p for p in range(len(players)) if p != you]
    totals = [s.total for s in score_all(v["collections"], v["maestro"], load_content())]
    scores = row("scores", t("scores"), [t("score", player=who(p), count=totals[p]) for p in order],
                 watch=False, sep=", ")
    same = grouped([(who(p), totals[p]) for p in order])
    said = t("score_all", count=same[0][1]) if len(same) == 1 and len(order) > 1 else \
        ", ".join(t("score", player=narrator.join(names), count=n) for names, n in same)
    out.append(Row(scores.id, scores.title, scores.items, str(c.get("review.list", title=scores.title, items=said)),
                   scores.places, scores.watch))
    for p in order:
        mine = cards(v["collections"][p])
        you_ = "_you" if p == you else ""
        short = t(f"has{you_}", player=who(p), cards=narrator.join(mine)) if mine else t(f"has_none{you_}", player=who(p))
        out.append(Row(f"seat.{p + 1}", who(p), tuple(mine or [t("musicians_none")]), short, False, False))
    return out
