"""The start menu: ``voice-game`` with no arguments (or ``voice-game menu``).

Play each game (humans, bots, bot level, variants), tutorials,
the sound gallery, settings, resume a saved game. Every menu is read aloud and
navigable three ways:

- keys (a terminal): Up/Down move, Home/End first/last, Enter or Space chooses,
  Left/Right change a value, a letter jumps to the next entry starting with it, a
  digit chooses that entry, Escape or Backspace goes back, F1 says the keys, ``/``
  types a menu word;
- words, typed or spoken (``grammars/*``, intents ``menu_pick``, ``menu_number``,
  ``menu_set``, ``back``, ``next``): "Tierorchester", "2", "Bots 3", "zurück", "go";
  an entry's label as it is read, value and all ("2 Bots", "Sprache: Deutsch"), is the
  same as its number (the grammar names the entry within it);
- numbers in a pipe: the menu is printed numbered, one entry per line.

Games started here save to ``<data dir>/saves/<game>.json`` so "resume" finds them.
"""
from voice_game.app import BOT_NAMES, bot_names
from voice_game.menu.command import build_parser, main
from voice_game.menu.items import BACK, EXIT, Item, Menu
from voice_game.menu.main_menu import MenuApp

__all__ = ["BACK", "BOT_NAMES", "EXIT", "Item", "Menu", "MenuApp", "bot_names", "build_parser", "main"]
