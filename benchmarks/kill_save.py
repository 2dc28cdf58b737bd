"""kill -9 at random moments during ``--save`` play, then ``--resume`` (issue 11).

    uv run python benchmarks/kill_save.py [TRIALS] [--game orchestra|concerto]

Each trial starts the CLI (a new game the first time, ``--resume`` after), pipes
commands, kills it with SIGKILL after a random delay, and checks that the save is
complete and valid (savecheck). At the end one more ``--resume`` must play, and no
temporary file may be left beside the save. Prints one line per problem and a
summary; exit code 1 when anything went wrong.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINES = {"orchestra": "draw\none\ndraw\ntwo\ndraw\nthree\ntake conductor 1\npass\nyes\n",
         "concerto": "help\ntable\nmy orchestra\nscores\n"}


def main() -> int:
    from voice_game import savecheck, savefile
    from voice_game.core.errors import SaveError

    ap = argparse.ArgumentParser()
    ap.add_argument("trials", type=int, nargs="?", default=100)
    ap.add_argument("--game", default="orchestra", choices=sorted(LINES))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    problems = []
    temps_seen = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        save = tmp / "game.json"
        env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(tmp / "cfg"), PYTHONIOENCODING="utf-8")
        players = "Anna,bot:Ben,bot:Cara" if a.game == "orchestra" else "Anna,bot:Ben,bot-random:Rex"
        data = (LINES[a.game] * 300).encode()
        t0 = time.time()
        for trial in range(a.trials):
            if save.exists():
                args = ["play", "--resume", str(save)]
            else:
                args = ["play", a.game, "--seed", str(a.seed), "--players", players, "--save", str(save)]
            proc = subprocess.Popen([sys.executable, "-m", "voice_game.cli", *args, "--tts", "text", "--lang", "en"],
                                    stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    cwd=ROOT, env=env)
            try:
                proc.stdin.write(data)
                proc.stdin.flush()
            except BrokenPipeError:
                pass
            time.sleep(rng.uniform(0.05, 1.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait(60)
            err = proc.stderr.read().decode("utf-8", "replace")
            proc.stderr.close()
            proc.stdin.close()
            if "Traceback" in err:
                problems.append(f"trial {trial}: traceback: {err[-300:]}")
            temps_seen += len(list(tmp.glob(".game.json.*.tmp")))
            if save.exists():
                try:
                    state = savecheck.load(savefile.read_save(save), save)
                except SaveError as exc:
                    problems.append(f"trial {trial}: save damaged: {exc}")
                    break
                if state.kit.rules.is_over(state.state):
                    save.unlink()  # a finished game: the next trial starts a new one
        p = subprocess.run([sys.executable, "-m", "voice_game.cli", "play", "--resume", str(save), "--tts", "text"],
                           input="table\n", capture_output=True, text=True, timeout=120, cwd=ROOT, env=env) \
            if save.exists() else None
        if p is not None and p.returncode != 0:
            problems.append(f"final resume failed: {p.stdout[-300:]} {p.stderr[-300:]}")
        left = sorted(x.name for x in tmp.glob(".game.json.*.tmp"))
        if left:
            problems.append(f"temporary files left after the final start: {left}")
    for line in problems:
        print(line)
    print(f"{a.trials} kills ({a.game}) in {time.time() - t0:.0f} s: {len(problems)} problems; "
          f"{temps_seen} temporary files found right after a kill, all cleaned at the next start"
          if not left else "")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
