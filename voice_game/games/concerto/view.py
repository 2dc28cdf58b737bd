"""What one Concerto player may know.

Hidden from player p: the order of every draw pile (only sizes are shown), the other
players' hands (only how many cards), every beat pattern (p's own and the opponents':
each is announced once when drawn and then lives only in memory, see docs/DESIGN.md,
"Beat patterns by ear"; what Rehearsal grants comes as an event), and the active
conductor card (face down after it was read out) unless the config says
``conductor_visible``. The pattern counters on the discard pile and the used conductor
cards lie face down. An orchestra is its instruments in order: ``{"instrument": ...}``.
"""
from __future__ import annotations

from typing import Any

from voice_game.games.concerto.phases import current_player
from voice_game.games.concerto.state import ConcertoState


def view(state: ConcertoState, player: int | None) -> dict[str, Any]:
    s = state
    players = []
    for i, info in enumerate(s.players):
        own = player == i
        players.append({
            "name": info["name"],
            "birth_year": info["birth_year"],
            "score": s.scores[i],
            "pieces": list(s.collections[i]),
            "orchestra": [{"instrument": ins} for ins, _pattern in s.orchestras[i]],  # never a pattern
            "hand": sorted(s.hands[i]) if own else None,
            "specials": sorted(s.specials[i]) if own else None,
            "hand_count": len(s.hands[i]),
            "special_count": len(s.specials[i]),
            "ready": s.setup_done[i],
        })
    perf = None
    if s.perf is not None:
        perf = {
            "player": s.current,
            "level": s.perf["level"],
            "piece": s.perf["piece"],
            "follow": s.perf["follow"],
            "beats": [b[0] for b in s.perf["beats"]],  # the instruments shown so far, in order
            "encore": s.phase == "encore",
        }
    return {
        "game": "concerto",
        "you": player,
        "players": players,
        "maestro": s.maestro,
        "target": s.target,
        "phase": s.phase,
        "current": current_player(s),
        "turn_of": s.current,
        "turn": s.turn,
        "market": sorted(s.market),
        "open_pieces": dict(s.open_pieces),
        "piece_pile_sizes": {lv: len(p) for lv, p in s.piece_piles.items()},
        "removed_pieces": list(s.removed_pieces),
        "instrument_pile_size": len(s.instr_pile),
        "instrument_discard": sorted(s.instr_discard),
        "special_pile_size": len(s.special_pile),
        "special_discard": sorted(s.special_discard),
        "beat_pile_size": len(s.beat_pile),
        "beat_discard_size": len(s.beat_discard),
        "conductor": {
            "active": s.conductor_active is not None,
            "card": s.conductor_active if s.conductor_visible else None,
            "pile_size": len(s.conductor_pile),
            "done": len(s.conductor_done),
        },
        "performance": perf,
        "winners": list(s.winners),
        "end_reason": s.end_reason,
    }
