"""Ladder: a small card game used only by the tests, to prove the game contract."""
