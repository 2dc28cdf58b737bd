"""Tierorchester actions as grammar commands and back."""
from __future__ import annotations

from voice_game.commands.parser import GameAdapter
from voice_game.games.orchestra.state import Action


class OrchestraCommands(GameAdapter):
    game = "orchestra"

    def command_for(self, action: Action) -> dict | None:
        if action.kind in ("draw", "pass"):
            return {"intent": action.kind}
        if action.kind in ("place", "take"):
            return {"intent": action.kind, "conductor": action.conductor}
        return None  # the chance step is never spoken

    def action_for(self, command: dict) -> Action | None:
        intent = command.get("intent")
        if intent in ("draw", "pass"):
            return Action(intent)
        if intent in ("place", "take"):
            return Action(intent, int(command["conductor"]))
        return None
