"""The game under test in the duplex benchmark, as a child process: what it printed (its
spoken lines, with ``echo = true``), what it did (``--events``: engine events today, typed
voice events once the game writes them), each with the moment it arrived, and its save
file (``--save``) for the state of the table.

Nothing here imports the game: it is run as ``python -m voice_game.cli play ...`` from a
checkout (``root``) with an interpreter (``python``), so the same benchmark measures
today's half-duplex game and a full-duplex one."""
from __future__ import annotations

import json
import subprocess
import threading
import time
from pathlib import Path

#: the typed voice events of issue 21, by the names the benchmark looks for (any of them)
SPEECH_STARTED = ("voice.speech_started", "speech_started", "SpeechStarted", "user_started_speaking", "vad_start")
DUCKED = ("voice.narration_ducked", "narration_ducked", "NarrationDucked", "ducked")
CUT = ("voice.narration_cut", "narration_cut", "NarrationCut", "narration_stopped", "cut")
HEARD = ("voice.heard", "heard", "Heard", "recognized", "transcript")


class Game:
    def __init__(self, srv, root: Path, python: str, work: Path, lang: str, players: str,
                 seed: int, engine: str = "whisper", resume: Path | None = None, duplex: str = ""):
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        cfg = work / "cfg"
        cfg.mkdir(exist_ok=True)
        (cfg / "settings.toml").write_text("echo = true\n")
        self.events_path = work / "events.jsonl"
        self.events_path.unlink(missing_ok=True)
        self.save_path = work / "save.json"
        env = srv.env()
        env["VOICE_GAME_CONFIG_DIR"] = str(cfg)
        args = [python, "-m", "voice_game.cli", "play", "orchestra", "--lang", lang, "--tts", "auto",
                "--engine", engine, "--mic", "pulse", "--events", str(self.events_path)]
        if duplex:  # "" = the game's default (an older checkout may not know the option)
            args += ["--duplex", duplex]
        if resume is not None:
            args += ["--resume", str(resume)]
            self.save_path = resume
        else:
            args += ["--players", players, "--seed", str(seed), "--save", str(self.save_path)]
        self.t0 = time.perf_counter()
        self.proc = subprocess.Popen(args, cwd=root, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[tuple[float, str]] = []
        self.events: list[tuple[float, dict]] = []
        self.typed: list[tuple[float, str]] = []
        self.stderr = ""
        self._stop = threading.Event()
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()
        threading.Thread(target=self._tail_events, daemon=True).start()

    # ------------------------------------------------------------------ watching

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append((time.perf_counter(), line.rstrip("\n")))

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        self.stderr = self.proc.stderr.read()

    def _tail_events(self) -> None:
        pos = 0
        buf = ""
        while not self._stop.is_set():
            try:
                with self.events_path.open() as f:
                    f.seek(pos)
                    data = f.read()
                    pos = f.tell()
            except OSError:
                data = ""
            if data:
                now = time.perf_counter()
                buf += data
                *full, buf = buf.split("\n")
                for raw in full:
                    if raw.strip():
                        try:
                            self.events.append((now, json.loads(raw)))
                        except ValueError:
                            pass
            time.sleep(0.015)

    # ------------------------------------------------------------------ acting

    def type(self, text: str) -> None:
        """The player types a line (the keyboard fallback)."""
        assert self.proc.stdin is not None
        self.typed.append((time.perf_counter(), text))
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def state(self) -> dict | None:
        try:
            return json.loads(self.save_path.read_text())["state"]
        except (OSError, ValueError, KeyError):
            return None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def over(self) -> bool:
        return any(e.get("type") == "game_over" for _, e in self.events) or not self.alive()

    def close(self) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._stop.set()
        time.sleep(0.05)
        (self.work / "lines.txt").write_text(
            "\n".join(f"{at - self.t0:8.2f} {s}" for at, s in self.lines) + "\n--- typed\n"
            + "\n".join(f"{at - self.t0:8.2f} {s}" for at, s in self.typed) + "\n--- stderr\n" + self.stderr)

    # ------------------------------------------------------------------ reading

    def events_since(self, mark: int, types: tuple[str, ...] | None = None) -> list[tuple[float, dict]]:
        out = self.events[mark:]
        return [x for x in out if types is None or x[1].get("type") in types]

    def mine(self, mark: int, type_: str) -> list[tuple[float, dict]]:
        return [x for x in self.events[mark:] if x[1].get("type") == type_ and x[1].get("player") == 0]

    def duplex_mode(self) -> dict:
        """The game's ``voice.duplex`` event (how it listens while it speaks; ``recalled``: its
        echo canceller started from the path the last start learned), or {}."""
        return next((e for _, e in self.events if e.get("type") == "voice.duplex"), {})

    def voice_events(self) -> set[str]:
        """The typed voice event names this game writes (empty today: engine events only)."""
        names = set(SPEECH_STARTED + DUCKED + CUT + HEARD)
        return {str(e.get("type")) for _, e in self.events if e.get("type") in names}


def legal_conductors(state: dict | None) -> list[int]:
    """Conductors (1-based) the human may place the drawn musician at now."""
    if not state or state.get("phase") != "place" or state.get("current") != 0:
        return []
    rows, owner = state.get("rows", []), state.get("row_owner", [])
    return [i + 1 for i, row in enumerate(rows) if owner[i] is None and len(row) < 4]


def takeable(state: dict | None) -> list[int]:
    if not state:
        return []
    rows, owner = state.get("rows", []), state.get("row_owner", [])
    return [i + 1 for i, row in enumerate(rows) if owner[i] is None and row]


def human_to_move(state: dict | None) -> bool:
    return bool(state) and state.get("current") == 0 and state.get("phase") in ("turn", "final")  # type: ignore[union-attr]
