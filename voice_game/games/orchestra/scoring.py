"""Tierorchester scoring: every family is one group; Grand Maestro cards as public rules."""
from __future__ import annotations

from dataclasses import dataclass

from voice_game.games.orchestra.cards import OrchestraContent


def base_points(n: int) -> int:
    """The seed: a soloist is 1 point, a quartet 5, anything else 0."""
    if n == 1:
        return 1
    if n == 4:
        return 5
    return 0


@dataclass
class PlayerScore:
    total: int
    quartets: int
    families: dict  # family -> {"count": n, "points": p}
    bonuses: dict  # maestro card id -> points (for table-wide cards)


def family_points(n: int, maestro: list[str], content: OrchestraContent) -> int:
    if n <= 0:
        return 0
    pts = base_points(n)
    for cid in maestro:
        card = content.maestro_cards[cid]
        if card.rates_size(n):
            pts += card.points
    return pts


def score_all(collections: list[dict], maestro: list[str], content: OrchestraContent) -> list[PlayerScore]:
    scores = []
    for coll in collections:
        fams = {}
        total = 0
        for f, n in sorted(coll.items()):
            if n <= 0:
                continue
            p = family_points(n, maestro, content)
            fams[f] = {"count": n, "points": p}
            total += p
        quartets = sum(1 for n in coll.values() if n == 4)
        scores.append(PlayerScore(total, quartets, fams, {}))
    for cid in maestro:
        card = content.maestro_cards[cid]
        if card.rule == "most_families":
            kinds = [sum(1 for n in c.values() if n > 0) for c in collections]
            best = max(kinds)
            if best > 0:
                for i, k in enumerate(kinds):
                    if k == best:
                        scores[i].bonuses[cid] = card.points
                        scores[i].total += card.points
        elif card.rule == "fewest_musicians":
            sizes = [sum(c.values()) for c in collections]
            least = min(sizes)
            for i, k in enumerate(sizes):
                if k == least:
                    scores[i].bonuses[cid] = card.points
                    scores[i].total += card.points
    return scores


def winners(scores: list[PlayerScore]) -> list[int]:
    """Highest total; ties broken by most quartets; a remaining tie is a shared win."""
    best = max(s.total for s in scores)
    tied = [i for i, s in enumerate(scores) if s.total == best]
    most_q = max(scores[i].quartets for i in tied)
    return [i for i in tied if scores[i].quartets == most_q]
