"""The start menu's input shared with the games it starts.

A game that reads its input in a thread (an online seat on a terminal, speech beside
the keyboard) must not keep reading once it is over, or the menu loses the keys that
follow. ``InputFeed.of(menu)`` makes one thread the only reader of the menu's input; a
game gets a ``Lease`` of it that ends with the game, and the menu reads through the
feed from then on. A key or line is read only when somebody asks for one.
"""
from __future__ import annotations

import collections
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from voice_game.keys import KeyReader


class FeedHost(Protocol):
    """The start menu, as the feed sees it: its key reader (None: lines), its input, its feed."""

    reader: KeyReader | None
    inputs: Iterator[Any]
    input_feed: InputFeed | None


class InputFeed:
    """The start menu's input, read by one thread, for a game that reads it at any time
    (an online seat's keys while the host is busy, a recognizer's keyboard thread beside
    the voice) and for the menu afterwards.

    An event is read only when somebody asks for one, so at most one is read ahead: when a
    game ends while a read waits, that key or line goes to whoever asks next (the menu).
    Once made, the menu itself reads through it too (its reader, or its lines)."""

    def __init__(self, read):
        self._read = read
        self.typing = None  # the terminal reader's start_typing (None for lines from a pipe)
        self._items: collections.deque = collections.deque()
        self._cond = threading.Condition()
        self._wanted = False
        threading.Thread(target=self._run, name="menu-input", daemon=True).start()

    @classmethod
    def of(cls, app: FeedHost) -> InputFeed:
        feed = app.input_feed
        if feed is not None:
            return feed
        from voice_game.keys import KeyInput

        if app.reader is not None:
            real = app.reader
            feed = cls(real.next_event)
            feed.typing = real.start_typing
            proxy = FeedReader(feed, real)
            app.reader = proxy
            if isinstance(app.inputs, KeyInput):  # local games and tutorials read keys through it
                app.inputs.reader = proxy
        else:
            lines = app.inputs
            feed = cls(lambda: next(lines, None))
            app.inputs = iter(feed.take, None)
        app.input_feed = feed
        return feed

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._wanted:
                    self._cond.wait()
            try:
                ev = self._read()
            except Exception:  # noqa: BLE001 - a broken input ends like the end of the input
                ev = None
            with self._cond:
                self._items.append(ev)
                self._wanted = False
                self._cond.notify_all()
            if ev is None:
                return  # the end of the input: it stays the answer from now on

    def take(self, lease: Lease | None = None):
        """The next event (None at the end of input, or once ``lease`` is closed)."""
        with self._cond:
            while not self._items:
                if lease is not None and lease.closed:
                    return None
                self._wanted = True
                self._cond.notify_all()
                self._cond.wait()
            if self._items[0] is None:
                return None
            if lease is not None and lease.closed:
                return None
            return self._items.popleft()

    def put(self, text: str, confidence: float = 1.0, source: str = "voice") -> None:
        """What the program's voice heard: the next event for whoever reads now (the menu,
        a tutorial, a game started from the menu)."""
        from voice_game.core.input import InputLine

        with self._cond:
            if self._items and self._items[-1] is None:  # the input ended: nobody reads any more
                return
            self._items.append(InputLine(text, confidence, source))
            self._cond.notify_all()

    def lease(self) -> Lease:
        return Lease(self)

    def wake(self) -> None:
        with self._cond:
            self._cond.notify_all()


class FeedReader:
    """The menu's own key reader, read through the feed (typing mode stays the reader's)."""

    def __init__(self, feed: InputFeed, real: KeyReader):
        self.feed, self.real = feed, real

    def next_event(self):
        return self.feed.take()

    def start_typing(self, initial: str = "") -> None:
        self.real.start_typing(initial)

    def close(self) -> None:
        self.real.close()


class Lease:
    """A game's share of the menu's input: it ends when the game does."""

    def __init__(self, feed: InputFeed):
        self.feed = feed
        self.closed = False

    def next_event(self):
        while True:
            ev = self.feed.take(self)
            if not (isinstance(ev, str) and not ev.strip()):
                return ev  # (blank lines of a pipe count for nothing, as in the menu)

    def start_typing(self, initial: str = "") -> None:
        if self.feed.typing is not None:
            self.feed.typing(initial)

    def lines(self):
        """The lines of a pipe as they are (blank ones too: push-to-talk), until it ends."""
        return iter(lambda: self.feed.take(self), None)

    def close(self) -> None:
        self.closed = True
        self.feed.wake()
