"""How the Whisper recognizer decides on what it weighed (``whisper_decision``): the
thresholds, the near win read back instead of refused. Evidence written out by hand
here (benchmarks/speech_heldout.py judges the evidence of real speakers with them)."""
from dataclasses import replace

from voice_game.speech.whisper_decision import DEFAULT, Evidence, Ranked, judge


def searched(*ranked: Ranked, no_speech: float = 0.1) -> Evidence:
    return Evidence(hyps=[("Fümf.", -2.0)], no_speech=no_speech, mean_logprob=-0.7, ranked=list(ranked))


def test_a_phrase_within_its_gap_budget_is_heard_with_a_confidence_from_its_gap_and_margin():
    text, conf = judge(searched(Ranked("fünf", -3.0, 1.0), Ranked("vier", -9.0, 7.0)))
    assert text == "fünf" and 0.4 < conf < 1.0


NUMBERS = frozenset({"eins", "vier", "fünf"})


def test_a_near_win_of_a_number_word_is_read_back_and_refused_when_near_wins_are_off():
    ev = searched(Ranked("fünf", -4.0, 3.5), Ranked("vier", -9.0, 8.0))  # over the 2.0 budget
    assert judge(ev, DEFAULT, NUMBERS) == ("fünf", DEFAULT.near_confidence)
    assert DEFAULT.near_confidence < 0.75  # under the game's bar for acting at once: read back
    assert judge(ev, replace(DEFAULT, near=1.0), NUMBERS) == ("", 0.0)
    far = searched(Ranked("fünf", -8.0, 5.5))
    assert judge(far, DEFAULT, NUMBERS) == ("", 0.0)  # more than twice the budget: nothing


def test_a_near_win_of_a_word_that_is_no_number_is_refused():
    """"Tisch" heard at a near win would be done at once by the game (a command that is no
    move is never read back): it is refused instead."""
    ev = searched(Ranked("tisch", -4.0, 3.5))
    assert judge(ev, DEFAULT, NUMBERS) == ("", 0.0)


def test_a_decoy_that_wins_means_nothing_was_said_even_when_near():
    ev = searched(Ranked("neun", -2.0, 0.5, decoy=True), Ranked("eins", -6.0, 4.0))
    assert judge(ev, replace(DEFAULT, near=3.0), NUMBERS) == ("", 0.0)


def test_no_speech_refuses_unless_the_transcript_is_sure():
    quiet = Evidence(hyps=[("Zwei.", -3.0)], no_speech=0.9, mean_logprob=-1.5, free=("zwei", 0.1))
    assert judge(quiet) == ("", 0.0)
    sure = replace(quiet, mean_logprob=-0.4)
    assert judge(sure)[0] == "zwei"
    assert judge(quiet, replace(DEFAULT, max_no_speech=0.95))[0] == "zwei"


def test_a_sound_alike_close_on_the_audio_is_read_back():
    ev = Evidence(hyps=[("Three.", -0.2)], mean_logprob=-0.1, free=("three", 0.98), alike={"three": 0.3})
    assert judge(ev)[1] == DEFAULT.alike_confidence
    assert judge(replace(ev, alike={"three": 4.0}))[1] > 0.9


def test_evidence_survives_its_json_form():
    ev = searched(Ranked("fünf", -3.0, 1.0, 2), Ranked("neun", -5.0, 2.0, decoy=True))
    ev.alike = {"fünf": 2.0}
    from dataclasses import asdict
    import json

    again = Evidence.from_dict(json.loads(json.dumps(asdict(ev))))
    assert again == ev and judge(again) == judge(ev)


def test_the_no_speech_probability_comes_off_a_transcript_by_its_weight():
    """Whisper gives a clear lone word in a short window a no-speech probability of 0.1-0.3
    (the English base.en model: "two," and "two, two," its best): half of it comes off
    (``no_speech_weight``), all of it read back 27 % of the clean held-out English commands."""
    two = Evidence(hyps=[(" two,", -2.0), (" two, two,", -2.4)], no_speech=0.2, mean_logprob=-0.6,
                   free=("two", 1.0))
    half = judge(two)[1]
    assert DEFAULT.no_speech_weight == 0.5
    assert abs(half - (DEFAULT.floor + (1 - DEFAULT.floor) * 0.9)) < 1e-9
    whole = judge(two, replace(DEFAULT, no_speech_weight=1.0))[1]
    none = judge(two, replace(DEFAULT, no_speech_weight=0.0))[1]
    assert whole < 0.92 < half < none == 1.0  # the English bar before 2026-12-07 lies between
