"""Narrated tutorials: lessons as data files (``data/<game>.toml``), run by ``runner``.

A lesson explains one idea of the rules, prepares a table through the game's own
deck mechanism (``kit.new_game(players, variants, seed, deck)``), asks the player to
do it, checks the answer through the real parser and engine, hints after a wrong one
and moves on. Progress is kept in a small JSON file (``progress``).
"""
