"""Concerto (seed 003): content data, the pure rules engine, views and bots.

- ``content``: data files in ``data/`` loaded and validated (ContentError)
- ``state``: ConcertoConfig, ConcertoState, Action (+ JSON)
- ``rules``: the Rules protocol (new_game, current_player, legal_actions, apply, view,
  is_over, outcome, state_to_json/state_from_json), REASONS and EVENTS
- ``referee``: expected beat sequences and conductor card conditions
- ``view``: what one player may know
- ``bots``: memory-model bots; ``bench``: their measured win rates
"""
