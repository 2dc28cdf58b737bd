"""The menu names every bot of a table of any size, each one differently."""
from voice_game.menu import BOT_NAMES, bot_names


def test_bot_names_extend_past_the_list():
    names = bot_names(3 * len(BOT_NAMES) + 2)
    assert names[:len(BOT_NAMES)] == BOT_NAMES
    assert len(set(names)) == len(names)
    assert names[len(BOT_NAMES)] == f"{BOT_NAMES[0]} 2"
    assert bot_names(0) == []
