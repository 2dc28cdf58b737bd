"""Real saves of both games and single-field mutations of them (shared by the test
and by a longer run: ``uv run python tests/save_mutations.py [COUNT]``)."""
from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import sys
from pathlib import Path

from voice_game import savefile
from voice_game.audio.tts import TextOutput
from voice_game.commands.grammar import load_grammar
from voice_game.core.rules import CHANCE
from voice_game.games import get as get_kit
from voice_game.narration.catalog import load_catalog
from voice_game.session import Seat, Session

SEATS = {"orchestra": [Seat("Anna"), Seat("Ben", "bot"), Seat("Cara", "bot-strong")],
         "concerto": [Seat("Anna"), Seat("Ben", "bot"), Seat("Rex", "bot-random")]}


def real_payloads(game: str, depths=(3, 12, 40, 90), seed: int = 11) -> list[dict]:
    """Save payloads of one game played by random legal moves (the human) and the
    real bots, taken at several depths."""
    kit = get_kit(game)
    seats = SEATS[game]
    state = kit.new_game([s.name for s in seats], [], seed, None)
    s = Session(kit, state, seats, load_grammar("en"), load_catalog("en"), TextOutput(io.StringIO()), iter(()),
                seed=seed)
    s.start(kit.rules.opening_events(state))
    rng = random.Random(seed)
    out = []
    step = 0
    while len(out) < len(depths) and not kit.rules.is_over(s.state):
        p = kit.rules.current_player(s.state)
        legal = kit.rules.legal_actions(s.state)
        if p == CHANCE:
            s.commit(None)
            continue
        if p in s.bots:
            s.commit(s.bots[p].choose(kit.view(s.state, p), legal))
        else:
            s.commit(rng.choice(legal))
        step += 1
        if step in depths:
            out.append(json.loads(json.dumps({"format": savefile.FORMAT, "version": savefile.VERSION,
                                              **s.save_payload()})))
    return out


ODD_VALUES = [None, True, -1, 0, 7, 10 ** 12, 1.5, "", "zz-unknown", "①", [], {}, [None], {"a": 1}, "x" * 3000]


def leaves(data, path=()):
    """Every path into the payload; rng internals count as one leaf."""
    yield path
    if path and path[-1] == "rng" or (len(path) == 3 and path[0] == "bot_rngs" and path[2] == 1):
        return
    if isinstance(data, dict):
        for k, v in data.items():
            yield from leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from leaves(v, path + (i,))


def get(data, path):
    for p in path:
        data = data[p]
    return data


def mutations(payload: dict, count: int, seed: int = 1):
    """``count`` single-field mutations: (description, mutated payload)."""
    rng = random.Random(seed)
    paths = [p for p in leaves(payload) if p]
    out = []
    while len(out) < count:
        path = rng.choice(paths)
        m = copy.deepcopy(payload)
        parent = get(m, path[:-1])
        old = parent[path[-1]]
        kind = rng.random()
        if kind < 0.15 and isinstance(parent, dict):
            del parent[path[-1]]
            what = "removed"
        elif kind < 0.3 and isinstance(old, list) and old:
            old.append(copy.deepcopy(old[0]))  # a duplicated entry
            what = "duplicated first entry"
        elif kind < 0.4 and isinstance(old, list) and old:
            old.pop()
            what = "dropped last entry"
        else:
            value = rng.choice(ODD_VALUES)
            if value == old:
                continue
            parent[path[-1]] = value
            what = f"= {value!r:.30}"
        out.append((f"{'.'.join(map(str, path))} {what}", m))
    return out


def resume(path: Path, lines=("table", "help", "scores", "draw", "one", "my cards", "two")) -> tuple[int, str]:
    """Resume a save in-process exactly as ``voice-game play --resume`` does; (exit
    code, everything said). An exception that escapes is the caller's failure."""
    from voice_game import cli

    args = cli.build_parser().parse_args(["play", "--resume", str(path), "--tts", "text", "--lang", "en"])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = cli.play(args, inputs=iter(list(lines)))
    return code, buf.getvalue()


def check(path: Path, data: dict) -> str | None:
    """None when resuming ``data`` is fine; else what went wrong."""
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    try:
        code, said = resume(path)
    except BaseException as exc:  # noqa: BLE001 - that is exactly what is looked for
        return f"traceback: {type(exc).__name__}: {exc}"[:200]
    for lang in ("en",):
        if load_catalog(lang).get("app.error_internal") in said:
            return "internal-error sentence"
    if code != 0 and path.read_bytes() != raw:
        return "a refused save was changed"
    if code != 0 and len([ln for ln in said.splitlines() if ln.strip()]) != 1:
        return f"refused in more than one sentence: {said!r:.200}"
    return None


if __name__ == "__main__":
    import tempfile

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    bad = []
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game in ("orchestra", "concerto"):
            for k, payload in enumerate(real_payloads(game)):
                for what, m in mutations(payload, count // 4, seed=k):
                    total += 1
                    problem = check(Path(tmp) / "save.json", m)
                    if problem:
                        bad.append((game, k, what, problem))
    for b in bad:
        print(*b, sep=" | ")
    print(f"{len(bad)} of {total} mutations went wrong")
