"""What a menu is made of: entries, menus, a game's choices, and the words that leave a menu."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from voice_game.games import definitions

EXIT, BACK = "exit", "back"
REREAD = "reread"  # back in a menu from a submenu: its entries are read again
#: The intents the menu acts on: it listens for these only, so a word of another context
#: ("go" is "ready" at a game's hand-over) never competes with a menu word.
MENU_INTENTS = ("menu_pick", "menu_number", "menu_set", "menu_set_name", "back", "next", "help", "repeat",
                "quit", "slower", "faster", "louder", "quieter", "brief", "normal", "verbose")
#: Entries that an intent of their own names: "zurück" is the entry "Zurück", "exit" the entry "Exit".
NAMED_BY_INTENT = {"back": "back", "exit": "quit"}


def first_course() -> str:
    """The course offered at the first start: the first game's first tutorial."""
    return next(t.course for d in definitions() for t in d.tutorials)


def first_game() -> str:
    """The game of :func:`first_course`."""
    return next(d.name for d in definitions() if d.tutorials)


class GameChoices(TypedDict):
    """What the player set up for one game in its menu."""

    humans: int
    bots: int
    level: int  # an index into the game's bot levels
    variants: set[str]
    names: list[str]  # the humans' names typed in the menu, in seat order (the rest: defaults)


#: The numbers of a game's menu that Left/Right and "Bots 3" change.
Count = Literal["humans", "bots", "level"]


@dataclass
class Item:
    id: str  # a value of the grammar's {item} slot when it can be named, else any id
    label: Callable[[], str]
    select: Callable[[], str | None] | None = None  # returns EXIT / BACK / None
    adjust: Callable[[int], None] | None = None  # Left/Right on a value
    setter: Callable[[int], bool] | None = None  # "Bots 3", "Sprechtempo 150"
    bounds: tuple[int, int] | None = None  # the numbers ``setter`` takes, said when one is not
    named: dict[str, Callable[[], None]] | None = None  # a value by name (grammar slot "setting")


@dataclass
class Menu:
    title: str  # message key
    items: list[Item] = field(default_factory=list)
    pos: int = 0


