"""Ladder's actions as grammar commands and back."""
from __future__ import annotations

from typing import Any

from ladder.rules import Action


class LadderCommands:
    game = "ladder"

    def command_for(self, action: Action) -> dict[str, Any] | None:
        if action.kind == "climb":
            return {"intent": "climb", "rank": action.rank}
        if action.kind == "fold":
            return {"intent": "fold"}
        return None

    def action_for(self, command: dict[str, Any]) -> Action | None:
        if command.get("intent") == "climb":
            return Action("climb", int(command["rank"]))
        if command.get("intent") == "fold":
            return Action("fold")
        return None
