"""A move through the engine: applied, logged, fed to the bots, saved, then narrated to
whoever may hear it (hot-seat: what the humans away from the speaker are still to hear)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from voice_game.core.errors import RuleError
from voice_game.core.events import Event
from voice_game.session.saving import Saving
from voice_game.session.seats import tell


class Moves(Saving):
    # --- engine --------------------------------------------------------------
    def commit(self, action) -> bool:
        """Apply an action through the engine (None: the chance step); narrate the events or the reason."""
        try:
            if action is None:
                new_state, events = self.kit.resolve_chance(self.state)
            else:
                new_state, events = self.kit.rules.apply(self.state, action)
        except RuleError as err:
            self.say(self.narrator.reason(err, self.listener_view()))
            return False
        mover = self.mover_of(action)
        with self.narrating(mover):
            self._narrate(new_state, events)
        self.remember_table(mover)  # for the summary at each human's next turn
        return True

    def mover_of(self, action) -> int | None:
        """Whose move ``action`` (about to be applied to the state) is: its player's; a
        chance step (None: the card drawn) belongs to the move before it."""
        if action is not None:
            self._last_mover = self.kit.rules.current_player(self.state)
        return self._last_mover

    @contextmanager
    def narrating(self, mover: int | None) -> Iterator[None]:
        """What is said meanwhile narrates ``mover``'s move (kept so in the history, for
        "since my turn")."""
        self._mover = mover
        try:
            yield
        finally:
            self._mover = None

    def _narrate(self, new_state, events: list[Event]) -> None:
        """The state after a move, and its events said to whoever may hear them."""
        self.state = new_state
        self.log_events(events)
        if self.handover:  # what the humans away are to hear of it, before the save keeps it
            for e in events:
                if e.to is None:
                    self.keep_for_absent(e)
        self.feed_bots(events)
        # one save per move, with everything the move changed (the state, what the humans away
        # are still to hear, the bots' memories), before its narration (a game killed while it
        # is said loses nothing)
        self.autosave()
        v = self.listener_view()
        shared: list = []  # said together, so the narrator can merge them into one sentence
        for e in events:
            if self.handover and e.to is not None:
                self.say(self.narrator.events(shared, v) + self.narrator.flush(v), narrated=True)
                shared = []
                if e.to == self.ready_seat:  # the player at the speaker now hears it at once
                    # private: it leaves the shared history (the next player could replay it)
                    self.say_private(self.narrator.event(e, self.kit.view(self.state, e.to)))
                elif e.to in self.humans:
                    self.private.setdefault(e.to, []).append(e)
                continue
            if e.visible_to(v["you"]) or e.to is None:
                shared.append(e)
        self.say(self.narrator.events(shared, v), narrated=True)

    def keep_for_absent(self, e: Event) -> None:
        """Hot-seat: a public event as the other humans would have heard it, kept for each
        until their "ready" when the narrator says it differs for them (a game's
        ``for_absent(event, view)``; Concerto: another human's beat pattern, which the
        owner heard once and every other player sees in the card game)."""
        for seat in sorted(self.humans - {self.ready_seat}):
            msgs = self.narrator.for_absent(e, self.kit.view(self.state, seat))
            if msgs:
                self.for_absent.setdefault(seat, []).extend(msgs)

    def feed_bots(self, events: Iterable[Event]) -> None:
        """Bots with a memory hear what their own seat may know, nothing more."""
        events = list(events)
        for seat, bot in self.bots.items():
            tell(bot, seat, events)
        for seat, bot in self.observers:
            tell(bot, seat, events)

