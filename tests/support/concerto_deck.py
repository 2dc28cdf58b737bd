"""The short Concerto deck the voice games in the tests play: one green piece (piano,
strings) that the first hands can perform, and the espeak-ng voice per language."""

PIECE = "beethoven-fur-elise"  # green: piano, strings
HAND = ["strings", "piano", "vocals", "woodwinds", "guitar"]
DECK = {
    "instruments": ["brass", "choir"] + HAND + HAND + ["percussion", "misc", "brass", "choir"] * 3,
    "pieces": {"green": [PIECE], "yellow": [], "orange": []},
}
VOICE = {"en": "en-us", "de": "de"}
