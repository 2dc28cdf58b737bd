"""A whole short Concerto game at an online table played by voice: each seat's client
(the real ``client.join``) runs the real PocketSphinx streaming recognizer on the
phrases of the host's prompts; what a player who remembers their patterns would say is
rendered from the grammar, spoken by espeak-ng and fed in 100 ms chunks. The host, a
real process on a real nats-server, applies what it hears: the game ends as the same
game does locally (tests/speech/test_voice_concerto.py)."""
import asyncio
import io
import json
import shutil
import threading

import numpy as np
import pytest

from tests.online.conftest import Host, events, read_snapshot
from tests.support.concerto_deck import DECK, VOICE, remembering_choice
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")

MAX_SAID = 25


def choose(kit, st, yes_no: bool) -> dict:
    """What a player who remembers their patterns says now (as in the local test)."""
    if yes_no:
        return {"intent": "yes"}
    return remembering_choice(kit, st)


class Mouth:
    """A seat's player at its microphone: each time the host asks this seat (its prompt's
    commands reach the recognizer), the player looks at the table (the host's snapshot,
    as a player who remembers everything) and speaks into the recognizer."""

    def __init__(self, server, table, lang, said, lock):
        self.server, self.table, self.lang = server, table, lang
        self.g = load_grammar(lang)
        self.kit = get_kit("concerto")
        self.said, self.lock = said, lock
        self.seat = None
        self.voice = None
        self.speaking = threading.Lock()

    def start(self, seat, source):
        from voice_game.speech.sphinx_engine import SphinxRecognizer
        from voice_game.speech.voice_input import InputHub, VoiceControl

        hub = InputHub()
        self.seat = seat
        self.voice = VoiceControl(SphinxRecognizer(self.lang), hub, "pocketsphinx")
        self.warm_up()
        return hub, self, lambda: None

    def warm_up(self):
        """One sentence the recognizer hears before the game, delivered nowhere: PocketSphinx's
        first utterance after its start is decoded before its cepstral mean has adapted
        (it heard "orchestra piano strings" as "flute guitar"); a microphone that listens
        all along has heard the player before their first command."""
        from tests.support.synth import synthesize

        deliver, self.voice.deliver = self.voice.deliver, lambda hyp: None
        self.voice.set_phrases([self.g.render({"intent": "help"})])
        pcm = synthesize("hello everybody", voice=VOICE[self.lang], speed=150).astype(np.int16).tobytes()
        for i in range(0, len(pcm), 3200):
            self.voice.feed(pcm[i:i + 3200])
        self.voice.end_of_stream()
        self.voice.deliver = deliver

    def set_phrases(self, phrases):
        self.voice.set_phrases(phrases)
        if self.seat.legal_commands() or self.seat.asking_yes_no:
            threading.Thread(target=self.speak, args=(self.seat.asking_yes_no,), daemon=True).start()

    def speak(self, yes_no):
        from tests.support.synth import synthesize

        with self.speaking:
            data = asyncio.run(read_snapshot(self.server, self.table))
            st = self.kit.rules.state_from_json(data["state"])
            text = self.g.render(choose(self.kit, st, yes_no))
            with self.lock:
                self.said.append(text)
                if len(self.said) > MAX_SAID:
                    return
            pcm = synthesize(text, voice=VOICE[self.lang], speed=150).astype(np.int16).tobytes()
            pcm += b"\0\0" * 16000
            for i in range(0, len(pcm), 3200):
                self.voice.feed(pcm[i:i + 3200])
            self.voice.end_of_stream()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_short_concerto_online_by_voice(nats_server, tmp_path, lang):
    from voice_game.online import client

    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(DECK))
    ev = tmp_path / "events.jsonl"
    host = Host(["concerto", "--players", "Anna,Ben", "--seed", "2", "--deck", str(deck), "--lang", lang,
                 "--events", str(ev)], nats_server)
    seats = host.seats(2)
    said: list[str] = []
    lock = threading.Lock()
    outs = [io.StringIO(), io.StringIO()]

    async def play():
        async def seat(i):
            mouth = Mouth(nats_server, seats[i]["table"], lang, said, lock)
            return await client.join(seats[i]["code"], nats_server.url, lang, load_catalog(lang),
                                     TextOutput(outs[i]), source=lambda _seat: iter(()), scripted=False,
                                     voice=mouth.start, live=True)

        return await asyncio.wait_for(asyncio.gather(seat(0), seat(1)), 400)

    try:
        results = asyncio.run(play())
    except TimeoutError:
        pytest.fail(f"the game did not end; said: {said}\n--- Anna:\n{outs[0].getvalue()[-3000:]}")
    assert results == [0, 0], (said, outs[0].getvalue()[-2000:])
    assert host.wait() == 0
    types = [e["type"] for e in events(ev)]
    assert types[-1] == "game_over", (said, outs[0].getvalue()[-2000:])
    assert types.count("beat_correct") == 2 and "performance_succeeded" in types
    assert len(said) <= 14, said  # 8 locally; a misheard line is refused and asked for again
