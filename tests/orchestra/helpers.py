from voice_game.core.rules import CHANCE
from voice_game.games.orchestra import rules
from voice_game.games.orchestra.state import OrchestraConfig, REVEAL


def new(players=3, variants=(), seed=1, deck=None):
    names = ["Anna", "Ben", "Carla", "Dora", "Emil"][:players]
    return rules.new_game(OrchestraConfig(names, tuple(variants)), seed, deck)


def do(state, *actions):
    """Apply actions, resolving chance steps automatically."""
    events = []
    for a in actions:
        state, ev = rules.apply(state, a)
        events += ev
        while rules.current_player(state) == CHANCE:
            state, ev = rules.apply(state, REVEAL)
            events += ev
    return state, events
