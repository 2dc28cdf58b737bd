"""Concerto's table as rows for the review cursor (voice_game.core.review): your hand,
the market, the open pieces, each orchestra (instruments, never patterns), the discard
pile and the scores. Built from one seat's view: another player's hand is a count."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voice_game.core.review import Row
from voice_game.games.concerto.content import load_content


def rows(narrator: Any, v: Mapping[str, Any]) -> list[Row]:
    c = narrator.c

    def t(key: str, **params: Any) -> str:
        return str(c.get(f"concerto.review.{key}", **params))

    def ins(x: str) -> str:
        return str(c.get(f"instrument.{x}.name"))

    def counted(xs: list[str]) -> list[str]:
        counts: dict[str, int] = {}
        for x in xs:
            counts[x] = counts.get(x, 0) + 1
        return [t("times", count=n, instrument=ins(x)) if n > 1 else ins(x) for x, n in counts.items()]

    def row(rid: str, title: str, items: list[str], places: bool = False, watch: bool = True,
            sep: str = ", ") -> Row:
        said = sep.join(items) if items else str(c.get("review.nothing"))
        return Row(rid, title, tuple(items), str(c.get("review.list", title=title, items=said)), places, watch)

    players = v["players"]
    you = v.get("you")
    out = []
    if you is not None:
        me = players[you]
        hand = counted(list(me["hand"] or [])) + [str(c.get(f"special.{s}.name")) for s in me["specials"] or []]
        out.append(row("hand", t("hand"), hand, watch=False))
    out.append(row("market", t("market"), counted(list(v["market"]))))
    content = load_content()
    pieces = []
    for lv, pid in v["open_pieces"].items():
        name = str(c.get(f"level.{lv}.ref"))
        piece = content.pieces.get(pid) if pid is not None else None
        if piece is None:
            pieces.append(t("piece_none", level=name))
        else:
            pieces.append(t("piece", level=name, count=piece.points,
                            instruments=narrator.join([ins(x) for x in piece.instruments])))
    pieces_row = row("pieces", t("pieces"), pieces, places=True, sep="; ")
    if you is not None:  # its short form (the status command): what each piece still needs from you
        have = {slot["instrument"] for slot in players[you]["orchestra"]}
        need = [_needs(narrator, t, ins, str(c.get(f"level.{lv}.ref")), content.pieces.get(pid) if pid else None, have)
                for lv, pid in v["open_pieces"].items()]
        pieces_row = Row(pieces_row.id, pieces_row.title, pieces_row.items,
                         str(c.get("review.list", title=t("pieces"), items="; ".join(need))), True, True)
    out.append(pieces_row)
    order = ([you] if you is not None else []) + [p for p in range(len(players)) if p != you]
    out.append(row("discard", t("discard"), counted(list(v.get("instrument_discard") or [])), watch=False))
    scores = [t("score", player=t("you") if p == you else players[p]["name"], count=players[p]["score"])
              for p in order]
    out.append(row("scores", t("scores", count=v["target"]), scores, watch=False))
    for p in order:
        info = players[p]
        orchestra = [ins(slot["instrument"]) for slot in info["orchestra"]]  # never a pattern
        if p == you:
            out.append(row(f"seat.{p + 1}", t("your_orchestra"), orchestra, watch=False))
        else:
            items = orchestra + [t("cards", count=info["hand_count"] + info["special_count"])]
            out.append(row(f"seat.{p + 1}", str(info["name"]), items))
    return out


def _needs(narrator: Any, t: Any, ins: Any, level: str, piece: Any, have: set[str]) -> str:
    """One open piece as the pieces' status says it: ready, what it lacks, or how many."""
    if piece is None:
        return str(t("piece_none", level=level))
    missing = [x for x in piece.instruments if x not in have]
    if not missing:
        return str(t("piece_ready", level=level, count=piece.points))
    if len(missing) <= 2:
        return str(t("piece_missing", level=level, count=piece.points, missing=len(missing),
                     instruments=narrator.join([ins(x) for x in missing])))
    return str(t("piece_missing_count", level=level, count=piece.points, missing=len(missing)))
