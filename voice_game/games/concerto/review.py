"""Concerto's table as rows for the review cursor (voice_game.core.review): your hand,
the market, the open pieces, each orchestra (instruments, never patterns), the discard
pile and the scores. Built from one seat's view: another player's hand is a count."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from voice_game.core.review import Row, grouped
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
    needs = pieces_needs(narrator, v)
    if needs is not None:  # its short form (the status command): what each piece still needs from you
        pieces_row = Row(pieces_row.id, pieces_row.title, pieces_row.items, needs, True, True)
    out.append(pieces_row)
    order = ([you] if you is not None else []) + [p for p in range(len(players)) if p != you]
    out.append(row("discard", t("discard"), counted(list(v.get("instrument_discard") or [])), watch=False))
    who = [t("you") if p == you else players[p]["name"] for p in order]
    scores = [t("score", player=w, count=players[p]["score"]) for w, p in zip(who, order, strict=True)]
    same = grouped([(w, players[p]["score"]) for w, p in zip(who, order, strict=True)])
    said = t("score_all", count=same[0][1]) if len(same) == 1 and len(order) > 1 else \
        ", ".join(t("score", player=narrator.join(names), count=n) for names, n in same)
    title = t("scores", count=v["target"])
    out.append(Row("scores", title, tuple(scores), str(c.get("review.list", title=title, items=said)), False, False))
    for p in order:
        info = players[p]
        orchestra = [ins(slot["instrument"]) for slot in info["orchestra"]]  # never a pattern
        if p == you:
            out.append(row(f"seat.{p + 1}", t("your_orchestra"), orchestra, watch=False))
        else:
            items = orchestra + [t("cards", count=info["hand_count"] + info["special_count"])]
            out.append(row(f"seat.{p + 1}", str(info["name"]), items))
    return out


def pieces_needs(narrator: Any, v: Mapping[str, Any]) -> str | None:
    """The open pieces by what each still needs from your orchestra, pieces that need the
    same together ("Grün 2 bereit, Gelb 4 und Orange 9 brauchen Holzbläser."); None for a
    view without a seat (a watcher has no orchestra)."""
    you = v.get("you")
    if you is None:
        return None
    c, content = narrator.c, load_content()

    def t(key: str, **params: Any) -> str:
        return str(c.get(f"concerto.review.{key}", **params))

    def ins(x: str) -> str:
        return str(c.get(f"instrument.{x}.name"))

    have = {slot["instrument"] for slot in v["players"][you]["orchestra"]}
    need = [(_ref(c, lv, pid, content), _need(content.pieces.get(pid) if pid else None, have))
            for lv, pid in v["open_pieces"].items()]
    said = t("pieces_short", pieces=", ".join(_needs(narrator, t, ins, names, what) for names, what in grouped(need)))
    return said[:1].upper() + said[1:]  # a sentence ("green 2 ..." in English)


def _ref(c: Any, lv: str, pid: str | None, content: Any) -> str:
    """A piece as the short rows name it: its level and points ("Gelb 5"), the level alone
    where none is open."""
    piece = content.pieces.get(pid) if pid is not None else None
    level = str(c.get(f"level.{lv}.ref"))
    return level if piece is None else str(c.get("concerto.review.piece_ref", level=level, count=piece.points))


def _need(piece: Any, have: set[str]) -> tuple[str, ...] | int | None:
    """What an open piece still needs from your orchestra: () ready, the instruments when
    one or two, else how many; None where no piece is open."""
    if piece is None:
        return None
    missing = tuple(x for x in piece.instruments if x not in have)
    return missing if len(missing) <= 2 else len(missing)


def _needs(narrator: Any, t: Any, ins: Any, names: list[str], need: tuple[str, ...] | int | None) -> str:
    """Pieces that need the same, said once: "Gelb 4 und Orange 9 brauchen Holzbläser"."""
    said, n = narrator.join(names), len(names)
    if need is None:
        return str(t("piece_none", level=said))
    if isinstance(need, int):
        return str(t("piece_missing_count", pieces=said, count=n, missing=need))
    if not need:
        return str(t("piece_ready", pieces=said, count=n))
    return str(t("piece_missing", pieces=said, count=n, instruments=narrator.join([ins(x) for x in need])))
