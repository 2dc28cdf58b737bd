"""Test infrastructure: kept out of the voice_game package (never shipped in the wheel)."""
