"""Concerto (seed 003): content data, the pure rules engine, views and bots.

- ``content``: data files in ``data/`` loaded and validated (ContentError)
- ``state``: ConcertoConfig, ConcertoState, Action (+ JSON)
- ``rules``: the Rules protocol (new_game, current_player, legal_actions, apply, view,
  is_over, outcome, state_to_json/state_from_json), REASONS and EVENTS; built from
  ``phases`` (which moves each phase allows; the automatic flow), ``moves`` (each move's
  legality and effect side by side), ``specials`` (one handler per special card),
  ``performance`` (conducting, beats, encore, giving up), ``chance`` (the chance steps),
  ``config`` (a new game's checks and deals), ``records`` (typed performance and
  chance-step records) and ``table`` (what the moves share)
- ``referee``: expected beat sequences and conductor card conditions
- ``view``: what one player may know
- ``bots``: memory-model bots; ``bench``: their measured win rates
"""
