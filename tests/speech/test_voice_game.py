"""A whole short Tierorchester game played by voice: espeak-ng speech, fed in 100 ms
chunks through the real PocketSphinx streaming recognizer, understood by the game."""
import io
import json
import shutil

import numpy as np
import pytest

from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.audio.tts import TextOutput
from voice_game.session import Seat, Session
from voice_game.speech.voice_input import InputHub, VoiceControl

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

WORDS = {
    "en": {"draw": "draw", "place": "conductor {n}", "take": "take conductor {n}", "pass": "pass",
           "yes": "yes", "junk": "the weather is lovely today", "voice": "en-us"},
    "de": {"draw": "ziehen", "place": "dirigent {n}", "take": "dirigent {n} nehmen", "pass": "beenden",
           "yes": "ja", "junk": "das wetter ist heute schön", "voice": "de"},
}
NUM = {"en": ["one", "two", "three"], "de": ["eins", "zwei", "drei"]}


class Speaker:
    """Plays the human players: picks what to say from what the game allows now."""

    def __init__(self, lang, session, voice):
        self.lang, self.session, self.voice = lang, session, voice
        self.said = []
        self.junk_done = False

    def __call__(self, phrases):
        self.voice.set_phrases(phrases)
        w = WORDS[self.lang]
        s = self.session
        legal = s.kit.rules.legal_actions(s.state)
        if s.pending is not None:
            text = w["yes"]
        elif not self.junk_done and len(self.said) == 1:
            text, self.junk_done = w["junk"], True
        else:
            a = legal[0]
            kinds = [x.kind for x in legal]
            if "draw" in kinds:
                text = w["draw"]
            elif a.kind == "place":
                text = w["place"].format(n=NUM[self.lang][a.conductor - 1])
            elif "take" in kinds:
                n = next(x.conductor for x in legal if x.kind == "take")
                text = w["take"].format(n=NUM[self.lang][n - 1])
            else:
                text = w["pass"]
        self.said.append(text)
        if len(self.said) > 30:
            self.voice.hub.close()
            return
        from tests.support.synth import synthesize

        pcm = synthesize(text, voice=w["voice"], speed=150).astype(np.int16).tobytes()
        pcm += b"\0\0" * 16000  # one second of silence after the command
        for i in range(0, len(pcm), 3200):  # 100 ms chunks, as the microphone delivers them
            self.voice.feed(pcm[i:i + 3200])
        self.voice.end_of_stream()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_short_game_by_voice(lang, tmp_path):
    from voice_game.speech.sphinx_engine import SphinxRecognizer

    kit = get_kit("orchestra")
    state = kit.new_game(["Anna", "Ben"], [], 1, ["tuba", "violin"])
    hub = InputHub()
    voice = VoiceControl(SphinxRecognizer(lang), hub, "pocketsphinx")
    out = io.StringIO()
    events = tmp_path / "e.jsonl"
    session = Session(kit, state, [Seat("Anna"), Seat("Ben")], load_grammar(lang), load_catalog(lang),
                      TextOutput(out), hub, events_path=events)
    speaker = Speaker(lang, session, voice)
    session.listen_hook = speaker
    session.start(kit.rules.opening_events(state))
    assert session.run() == 0
    log = [json.loads(x) for x in events.read_text().splitlines()]
    assert log[-1]["type"] == "game_over", (speaker.said, out.getvalue())
    text = out.getvalue()
    not_understood = {"en": "Not understood", "de": "Nicht verstanden"}[lang]
    assert not_understood in text  # the out-of-grammar sentence was rejected by the game
    assert len(speaker.said) <= 14, (speaker.said, text)  # few repeats needed
