"""Scripted games: played on the real engine with a fixed policy, every action rendered
through the real grammar, split by the seat whose turn it was."""
import random

from voice_game.commands.grammar import load_grammar
from voice_game.commands.parser import understand
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit


def play_script(game, players, seed, lang="en", deck=None, policy=None, bots=None):
    """(lines per seat, lines in game order, the engine's game_over event, final state).

    ``lang``: one language, or one per seat (each seat's lines in its own words).
    ``bots``: {seat: level}; those seats are played by the same bots, seeded as the table
    seeds them (voice_game.session.Session), so the humans' lines fit the game."""
    kit = get_kit(game)
    langs = [lang] * len(players) if isinstance(lang, str) else list(lang)
    s = kit.new_game(players, [], seed, deck)
    per_seat = {i: [] for i in range(len(players))}
    ordered = []
    rng = random.Random(seed)
    players_bots = {}
    for i, level in (bots or {}).items():
        players_bots[i] = kit.make_bot(level, seed * 1000 + i + 1)
        if hasattr(players_bots[i], "seat"):
            players_bots[i].seat = i

    def feed(evs):  # bots with a memory hear what their seat may know
        for i, bot in players_bots.items():
            if hasattr(bot, "observe"):
                for e in evs:
                    if e.visible_to(i):
                        bot.observe(e)

    feed(kit.rules.opening_events(s))
    last = None
    wrong_done = False
    for _ in range(5000):
        if kit.rules.is_over(s):
            break
        p = kit.rules.current_player(s)
        if p == CHANCE:
            s, evs = kit.resolve_chance(s)
            feed(evs)
            last = evs[-1] if evs else last
            continue
        legal = kit.rules.legal_actions(s)
        if p in players_bots:
            s, evs = kit.rules.apply(s, players_bots[p].choose(kit.view(s, p), legal))
            feed(evs)
            last = evs[-1] if evs else last
            continue
        if policy is not None:
            a, wrong_done = policy(kit, s, legal, wrong_done)
        else:
            spoken = [a for a in legal if kit.adapter.command_for(a) is not None]
            takes = [a for a in spoken if a.kind == "take"]
            a = rng.choice(takes) if takes and rng.random() < 0.3 else rng.choice(spoken)
        g = load_grammar(langs[p])
        text = g.render(kit.adapter.command_for(a))
        u = understand(g, kit.adapter, text, legal)
        assert u.kind == "act" and u.action == a, (text, u.kind)
        per_seat[p].append(text)
        ordered.append(text)
        s, evs = kit.rules.apply(s, a)
        feed(evs)
        last = evs[-1] if evs else last
    assert kit.rules.is_over(s)
    assert last.type == "game_over"
    return per_seat, ordered, last.to_json(), s
