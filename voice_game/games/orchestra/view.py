"""What one Tierorchester player may know (after boardgame.io's playerView).

Hidden from everybody: the order of the draw pile and the cards Falsche Note took
out. Everything else lies face up on the table. Bots and narration get only this.
"""
from __future__ import annotations

from voice_game.core.rng import Rng
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.rules import current_player
from voice_game.games.orchestra.state import OrchestraState


def view(state: OrchestraState, player: int | None) -> dict:
    content = load_content()
    return {
        "game": "orchestra",
        "you": player,
        "players": list(state.players),
        "families": list(state.families),
        "variants": list(state.variants),
        "maestro": list(state.maestro),
        "phase": state.phase,
        "current": current_player(state),
        "turn_of": state.current,
        "round": state.round,
        "rows": [list(r) for r in state.rows],
        "row_owner": list(state.row_owner),
        "collections": [dict(c) for c in state.collections],
        "deck_size": len(state.deck),
        "removed_count": len(state.removed),
        "drawn": state.drawn,
        "final_queue": list(state.final_queue),
        "max_per_conductor": content.max_per_conductor,
        "copies": content.copies,
    }


def unseen_pool(v: dict) -> list[str]:
    """Cards not visible in the view: the draw pile plus the removed ones, as a multiset.

    With a --deck file the real pile may be smaller than the box; a determinization
    then simply samples from the box's unseen cards.
    """
    counts = {f: v["copies"] for f in v["families"]}
    visible = [c for r in v["rows"] for c in r] + ([v["drawn"]] if v["drawn"] else [])
    for c in visible:
        counts[c] -= 1
    for coll in v["collections"]:
        for f, k in coll.items():
            counts[f] -= k
    return [f for f in v["families"] for _ in range(max(0, counts[f]))]


def determinize(v: dict, rng: Rng) -> OrchestraState:
    """A full state consistent with what the view shows, hidden cards sampled."""
    pool = unseen_pool(v)
    rng.shuffle(pool)
    k = v["deck_size"]
    deck = pool[:k]
    removed = pool[k:k + v["removed_count"]]
    return OrchestraState(
        players=list(v["players"]), families=list(v["families"]), variants=list(v["variants"]),
        maestro=list(v["maestro"]), deck=deck, removed=removed,
        rows=[list(r) for r in v["rows"]], row_owner=list(v["row_owner"]),
        collections=[dict(c) for c in v["collections"]],
        current=v["turn_of"], phase=v["phase"], drawn=v["drawn"],
        round=v["round"], final_queue=list(v["final_queue"]), rng=Rng(rng.randrange(2**31)),
    )


def view_scores(v: dict) -> dict:
    """Current scores as the table shows them (everything needed is public)."""
    from voice_game.games.orchestra.scoring import score_all, winners

    scores = score_all(v["collections"], v["maestro"], load_content())
    return {
        "scores": [s.total for s in scores], "quartets": [s.quartets for s in scores],
        "families": [s.families for s in scores], "bonuses": [s.bonuses for s in scores],
        "winners": winners(scores),
    }


def resample_hidden(data: dict, seat: int, rng: Rng) -> dict:
    """The JSON state ``data`` with what nobody may know dealt anew: the draw pile and the
    cards Falsche Note took out, shuffled together (their sizes stay)."""
    pool = list(data["deck"]) + list(data["removed"])
    rng.shuffle(pool)
    k = len(data["deck"])
    return dict(data, deck=pool[:k], removed=pool[k:])
