"""Hot-seat (DESIGN 1.3): several humans at one loudspeaker take it over in turn; what
only one of them may hear waits for their "ready"."""
from __future__ import annotations

from voice_game.session.speaking import Speaking


class HotSeat(Speaking):
    def hand_over(self, player: int) -> bool:
        """Ask ``player`` to take over; once they say "ready", say what only they may hear."""
        name = str(self.seats[player].name)
        self.say_key(f"{self.kit.name}.handover", player=name, turn=player)  # in the shared history: their turn
        ready = {p.words for p in self.g.phrases(self.kit.adapter.game, ["ready"])}
        while True:
            line = self.read()
            if line is None:
                return False
            if tuple(self.g.normalize_words(line.text)) in ready:
                break
            wait = f"{self.kit.name}.handover_wait"  # "Erst bereit sagen": nothing else counts yet
            self.say_key(wait if self.c.has(wait) else f"{self.kit.name}.handover", record=False, player=name)
        self.ready_seat = player
        v = self.kit.view(self.state, player)
        self.say_private(self.narrator.events(self.private.pop(player, []), v))
        # another human's beat patterns, said once to this one: never kept (Concerto's memory rule)
        self.say(self.for_absent.pop(player, []), record=False, narrated=True)
        if player in self.tell_cards:  # a resumed game: what this player holds
            self.tell_cards.discard(player)
            self.say_private(self.narrator.my_cards(v))
        return True

