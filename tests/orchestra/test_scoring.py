"""Scoring: the seed's base rule, ties, and each Grand Maestro card."""
from voice_game.games.orchestra.cards import load_content
from voice_game.games.orchestra.scoring import score_all, winners


def totals(colls, maestro=()):
    return [s.total for s in score_all(colls, list(maestro), load_content())]


def test_base_scoring_each_family_one_group():
    # soloist 1, quartet 5, anything else 0; 5 identical are not quartet + soloist; 8 are not two quartets
    assert totals([{"tuba": 1}, {"tuba": 4}, {"tuba": 5}, {"tuba": 8}, {"tuba": 2, "violin": 3}]) == [1, 5, 0, 0, 0]
    assert totals([{"tuba": 1, "violin": 4, "flute": 1}]) == [7]


def test_ties_most_quartets_then_shared():
    sc = score_all([{"tuba": 4}, {"violin": 1, "flute": 1, "drum": 1, "harp": 1, "cello": 1}], [], load_content())
    assert [s.total for s in sc] == [5, 5]
    assert winners(sc) == [0]
    sc = score_all([{"tuba": 4}, {"violin": 4}], [], load_content())
    assert winners(sc) == [0, 1]


def test_perfectionist():
    assert totals([{"tuba": 4, "violin": 1}], ["perfectionist"]) == [8]


def test_soloist():
    assert totals([{"tuba": 1, "violin": 1, "flute": 4}], ["soloist"]) == [9]


def test_trio():
    assert totals([{"tuba": 3, "violin": 2}], ["trio"]) == [2]


def test_duet():
    assert totals([{"tuba": 3, "violin": 2}], ["duet"]) == [2]


def test_critic():
    assert totals([{"tuba": 3, "violin": 2, "flute": 1}], ["critic"]) == [-1]


def test_duet_and_critic_both_apply_summed():
    assert totals([{"violin": 2}], ["duet", "critic"]) == [1]


def test_crowd():
    assert totals([{"tuba": 5}, {"tuba": 9}], ["crowd"]) == [1, 1]


def test_collector_ties_all_get_it():
    assert totals([{"tuba": 1, "violin": 1}, {"flute": 1, "drum": 1}, {"harp": 4}], ["collector"]) == [5, 5, 5]


def test_miser_fewest_musicians():
    assert totals([{"tuba": 1}, {"tuba": 1}, {"violin": 4}], ["miser"]) == [3, 3, 5]
