"""Spoken invitation codes: three words of either language or six digits, kept safe by
the server's expiry and limits on tries (voice_game/online/codes.py)."""
import pytest

from voice_game.online import codes as C


class Clock(C.Invites):
    """Invites on a clock the test moves (no sleeping, no timing assert)."""

    t = 1000.0

    def now(self) -> float:
        return self.t


def test_a_code_said_in_one_language_is_the_same_code_in_the_other_and_in_digits():
    for code in (0, 7, 12_345, 999_999, 404_040):
        de, en = C.say(code, "de"), C.say(code, "en")
        assert len(de.split()) == len(en.split()) == 3
        assert C.parse(de) >= {code} and C.parse(en) >= {code}
        assert C.parse(C.digits(code)) == {code}
    assert C.say(10203, "de") == "Ball Baum Berg" and C.say(10203, "en") == "bear bell bird"
    # case, commas, dashes and spaces do not matter; the digits may be spoken in pairs
    assert C.parse("ball, BAUM - berg") == {10203} == C.parse("Bear bell  bird")
    assert C.parse("01 02 03") == {10203}


def test_what_is_no_code():
    for text in ("", "apple bell", "apple bell bird cat", "apple bell unicorn", "12345", "1234567", "12 34 5x"):
        assert C.parse(text) == set(), text


def test_the_word_lists_are_a_hundred_distinct_words_that_sound_like_no_number():
    numbers = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "tree", "for",
               "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht", "neun", "zehn"}
    for lang in ("de", "en"):
        ws = C.words(lang)
        assert len({w.lower() for w in ws}) == 100
        assert not {w.lower() for w in ws} & numbers
        assert all(w.isascii() and w.isalpha() for w in ws)


def test_a_code_opens_its_table_until_it_expires_or_is_revoked():
    inv = Clock()
    code = inv.issue("t1")
    assert inv.redeem(C.say(code, "en"), "a") == ("t1", "ok")
    assert inv.redeem(C.digits(code), "b") == ("t1", "ok")
    inv.t += C.TTL + 1
    assert inv.redeem(C.digits(code), "a") == (None, "unknown")
    code = inv.issue("t1")
    inv.revoke("t1")
    assert inv.redeem(C.digits(code), "c") == (None, "unknown")
    # a new code for a table ends its old one
    old = inv.issue("t2")
    new = inv.issue("t2")
    assert inv.code_of("t2") == new and (old == new or inv.redeem(C.digits(old), "d")[0] is None)


def test_wrong_tries_are_limited_per_client_and_for_everybody():
    inv = Clock()
    code = inv.issue("t1")
    wrong = C.digits((code + 1) % C.SPACE)
    for _ in range(C.TRIES):
        assert inv.redeem(wrong, "mallory") == (None, "unknown")
    # tries used up: even the right code is refused, nothing is looked at
    assert inv.redeem(C.digits(code), "mallory") == (None, "too_many")
    assert inv.redeem(C.digits(code), "alice") == ("t1", "ok")  # somebody else is not punished
    assert inv.redeem("no code at all", "bob") == (None, "bad_code")  # not a guess: not counted
    inv.t += C.WINDOW + 1
    assert inv.redeem(C.digits(code), "mallory") == ("t1", "ok")
    # many addresses: the global limit
    for i in range(C.GLOBAL_TRIES):
        inv.redeem(wrong, f"bot{i}")
    assert inv.redeem(C.digits(code), "alice") == (None, "too_many")


def test_open_codes_are_capped_and_the_exposure_is_small():
    inv = Clock(max_open=3)
    assert all(inv.issue(f"t{i}") is not None for i in range(3))
    assert inv.issue("t4") is None
    assert C.exposure(open_codes=10) == pytest.approx(0.003)
    assert C.exposure() == pytest.approx(0.06)
