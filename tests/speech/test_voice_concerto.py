"""A whole short Concerto game played by voice: the start orchestra, conducting a piece
pair by pair ("brass, circle") and giving up an instrument, each command rendered from
the grammar, spoken by espeak-ng and fed in 100 ms chunks through the real PocketSphinx
streaming recognizer."""
import io
import json
import shutil

import numpy as np
import pytest

from tests.support.concerto_deck import DECK, VOICE, remembering_choice
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session
from voice_game.speech.voice_input import InputHub, VoiceControl

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")



class Player:
    """Says what a player who remembers their patterns would say now."""

    def __init__(self, session, voice, grammar):
        self.s, self.voice, self.g = session, voice, grammar
        self.said = []

    def choose(self):
        s = self.s
        if s.pending is not None:
            return self.g.render({"intent": "yes"})
        return self.g.render(remembering_choice(s.kit, s.state))

    def __call__(self, phrases):
        self.voice.set_phrases(phrases)
        text = self.choose()
        self.said.append(text)
        if len(self.said) > 25:
            self.voice.hub.close()
            return
        from tests.support.synth import synthesize

        pcm = synthesize(text, voice=VOICE[self.g.lang], speed=150).astype(np.int16).tobytes()
        pcm += b"\0\0" * 16000
        for i in range(0, len(pcm), 3200):
            self.voice.feed(pcm[i:i + 3200])
        self.voice.end_of_stream()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_short_concerto_by_voice(lang, tmp_path):
    from voice_game.speech.sphinx_engine import SphinxRecognizer

    kit = get_kit("concerto")
    state = kit.new_game(["Anna", "Ben"], [], 2, DECK)
    grammar = load_grammar(lang)
    hub = InputHub()
    voice = VoiceControl(SphinxRecognizer(lang), hub, "pocketsphinx")
    out = io.StringIO()
    events = tmp_path / "e.jsonl"
    session = Session(kit, state, [Seat("Anna"), Seat("Ben")], grammar, load_catalog(lang), TextOutput(out),
                      hub, events_path=events)
    session.handover = False  # one voice plays both seats here; hand-over prompts are tested elsewhere
    player = Player(session, voice, grammar)
    session.listen_hook = player
    session.start(kit.rules.opening_events(state))
    assert session.run() == 0
    log = [json.loads(x) for x in events.read_text().splitlines()]
    types = [e["type"] for e in log]
    assert types[-1] == "game_over", (player.said, out.getvalue()[-2000:])
    assert types.count("beat_correct") == 2 and "performance_succeeded" in types
    assert len(player.said) <= 12, player.said
    print(player.said)
