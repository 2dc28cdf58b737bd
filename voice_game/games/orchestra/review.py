"""Tierorchester's table as rows for the review cursor (voice_game.core.review): the
conductors, the card drawn, the pile, each player's musicians and the scores."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voice_game.core.review import Row
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
    for i, cards_there in enumerate(v["rows"]):
        if v["row_owner"][i] is not None:
            conductors.append(t("conductor_taken", conductor=i + 1))
        elif cards_there:
            conductors.append(t("conductor", conductor=i + 1, cards=narrator.join(cards(counted(cards_there)))))
        else:
            conductors.append(t("conductor_empty", conductor=i + 1))
    out.append(row("conductors", t("conductors"), conductors, places=True))
    out.append(row("drawn", t("drawn"), cards({v["drawn"]: 1}) if v.get("drawn") else [], watch=False))
    out.append(row("pile", t("pile"), [t("pile_count", count=v["deck_size"])], watch=False))
    order = ([you] if you is not None else []) + [p for p in range(len(players)) if p != you]
    totals = [s.total for s in score_all(v["collections"], v["maestro"], load_content())]
    out.append(row("scores", t("scores"), [t("score", player=who(p), count=totals[p]) for p in order],
                   watch=False, sep=", "))
    for p in order:
        mine = cards(v["collections"][p]) or [t("musicians_none")]
        out.append(row(f"seat.{p + 1}", who(p), mine, watch=False, sep=", "))
    return out
