"""The half-duplex microphone while NVDA talks through Tolk (cytolk), whose is_speaking()
always answers False with NVDA. Tolk and NVDA run on Windows only: the backend here is a
stand-in object with Tolk's three calls, and it says so; the logic under test is the
game's own."""
from voice_game.audio.screenreader import WindowsScreenReaderOutput
from voice_game.narration.message import Message


class NvdaLikeTolk:
    """Stand-in for cytolk.tolk with NVDA: speaks, but never reports speaking."""

    def __init__(self):
        self.said = []

    def output(self, text, interrupt=False):
        self.said.append(text)

    def is_speaking(self):
        return False

    def silence(self):
        pass


def test_the_microphone_stays_closed_while_nvda_reads_a_sentence():
    tolk = NvdaLikeTolk()
    out = WindowsScreenReaderOutput(tolk, "cytolk")
    assert out.is_silent()
    out.say_message(Message("Du hast die Tuba-Bär gezogen. Unter welchen Dirigenten?"))
    assert tolk.said and not out.is_silent()  # Tolk said "not speaking"; the estimate holds
    out.stop()
    assert out.is_silent()
