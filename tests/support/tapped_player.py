"""The real player rendering to a render backend paced by the wall clock, with the echo
canceller's reference tap attached (the duplex tests: what was played, and when)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from voice_game.audio.player import Player, RenderBackend
from voice_game.audio.reference import ReferenceTap


@contextmanager
def tapped_player(keep_s: float = 30.0, rate: int = 44100) -> Iterator[tuple[Player, RenderBackend, ReferenceTap]]:
    """A started player, its backend and its tap; the player is closed after."""
    backend = RenderBackend(rate=rate)
    player = Player(backend=backend, rate=rate, preload=False)
    tap = ReferenceTap(keep_s=keep_s)
    player.reference = tap
    player.start()
    try:
        yield player, backend, tap
    finally:
        player.close()
