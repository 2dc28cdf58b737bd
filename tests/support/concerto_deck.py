"""The short Concerto deck the voice games in the tests play: one green piece (piano,
strings) that the first hands can perform, the espeak-ng voice per language, and what a
player of those games says next."""
from typing import Any

from voice_game.games.concerto.content import load_content

PIECE = "beethoven-fur-elise"  # green: piano, strings
HAND = ["strings", "piano", "vocals", "woodwinds", "guitar"]
DECK = {
    "instruments": ["brass", "choir"] + HAND + HAND + ["percussion", "misc", "brass", "choir"] * 3,
    "pieces": {"green": [PIECE], "yellow": [], "orange": []},
}
VOICE = {"en": "en-us", "de": "de"}


def remembering_choice(kit: Any, st: Any) -> dict:
    """The command a player who remembers their patterns gives now on this deck: piano and
    strings to start, the green piece, each instrument's own pattern while conducting."""
    by_kind: dict = {}
    legal = kit.rules.legal_actions(st)
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "beat" in by_kind:
        perf = st.perf
        x = load_content().pieces[perf["piece"]].instruments[perf["step"]]
        pattern = dict((slot[0], slot[1]) for slot in st.orchestras[st.current])[x]
        a = next(b for b in by_kind["beat"] if b.instrument == x and b.pattern == pattern)
    elif "start" in by_kind:
        a = next(b for b in by_kind["start"] if set(b.cards) == {"piano", "strings"})
    elif "conduct" in by_kind:
        a = next(b for b in by_kind["conduct"] if b.level == "green" and b.instrument is None)
    else:
        a = legal[0]
    return kit.adapter.command_for(a)
