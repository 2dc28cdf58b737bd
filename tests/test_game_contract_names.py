"""Nothing outside ``voice_game/games/`` names a game: the menu, keys, cues, the command
line, the tutorial and the save check read the games' definitions (issue 13).

A code line names a game when it holds a string literal that is a game's name (or
starts with it followed by ``.``, ``-``, ``:`` or ``/``, as in ``"concerto-practice"``
or ``"orchestra.family"``), or imports ``voice_game.games.<name>``. Docstrings and
comments are prose and may name a game.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from voice_game.games import available

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "voice_game"
GAMES = PACKAGE / "games"


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                ids.add(id(body[0].value))
    return ids


def names_of_games(source: str, games: list[str]) -> list[tuple[int, str]]:
    """(line, what) for every place in ``source`` that names one of ``games``."""
    word = re.compile("^({})([.\\-:/]|$)".format("|".join(map(re.escape, games))))
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if word.match(node.value):
                found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[:2] == ["voice_game", "games"] and len(parts) > 2 and parts[2] in games:
                found.append((node.lineno, f"from {node.module} import"))
            if node.module == "voice_game.games":
                found += [(node.lineno, f"import {a.name}") for a in node.names if a.name in games]
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[:2] == ["voice_game", "games"] and len(parts) > 2 and parts[2] in games:
                    found.append((node.lineno, f"import {a.name}"))
    return sorted(found)


def test_the_check_finds_a_game_name():
    games = ["orchestra", "concerto"]
    src = 'import voice_game.games.concerto.rules\nfrom voice_game.games.orchestra import rules\n' \
          'x = "concerto-practice"\ny = {"orchestra": 1}\nz = "start_orchestra"\n' \
          'def f():\n    """Plays orchestra."""\n    return "an orchestra"\n'
    assert [line for line, _ in names_of_games(src, games)] == [1, 2, 3, 4]


def test_no_code_outside_the_games_names_a_game():
    games = available()
    assert len(games) >= 2
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if GAMES in path.parents:
            continue
        for line, what in names_of_games(path.read_text(encoding="utf-8"), games):
            problems.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert problems == []
