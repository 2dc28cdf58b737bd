"""Full duplex in a simulated room: real games, the game's loudspeaker echoing into its
microphone, real people saying commands while the game talks.

    nice uv run python benchmarks/duplex_bench.py [--quick] [--langs de,en] [--echo 0,6]
        [--trials 12] [--idle-min 2] [--speakers heldout|tune|all] [--root CHECKOUT]
        [--python PYTHON] [--engine whisper] [--duplex full|half] [--json FILE]

The game under test is a child process (``duplex_game.Game``: ``voice-game play orchestra
--tts auto --engine whisper --mic pulse --events FILE --save FILE`` from ``--root``), so
the half-duplex game of today and a full-duplex one are measured the same way. Its
loudspeaker is the null sink ``speakers`` of a private PulseAudio
(``tests/support/soundserver.py``); ``duplex_room.EchoRoom`` sends it back into the
microphone (``virtmic``, the monitor of ``micsink``) with a 20-80 ms delay, a room of T60
0.3 s and a small loudspeaker's soft clipping, at the person's level (echo 0 dB) or 6 dB
above it, and mixes in the person.

People are the shared corpus (``../shared/speech-corpus``) saying a conductor's number
("zwei", "three") when the game waits for one. Speakers are split: ``TUNE`` may be used
by whoever tunes the echo canceller or the voice detection; the figures are on the others
(``--speakers heldout``, the default).

Situations, each a real moment of Tierorchester (three seats, two bots):

``opening``   a saved game with a drawn musician is resumed; its opening narration plays
              ("Saved game loaded. Round 1 ... Drawn and not yet placed ..."); the number
              is said 1.5 s into it.
``question``  the player types "draw" (keyboard) and says the number 0.4 s into the
              game's question ("You drew a tuba. Which conductor?").
``readout``   with the question open the player types "rules" and says the number 2 s
              into the read-out of the rules (about 35 s).
``silence``   the number said once the game has been quiet for 1 s (the reference).

A command is *applied* if the game placed the musician at that conductor (its ``placed``
event) while it was still the player's move. Not applied, the number is said again in
silence (counted under ``silence``), then typed, so the game goes on.

``idle``: nobody talks; the game reads the rules and the help aloud again and again for
``--idle-min`` minutes of narration; every move, read-back ("...? Yes or no?"), "Did you
mean", "not understood" or other line it says that no typed line asked for is a false
trigger by its own voice.

Ducking and cutting are read from the game's typed voice events (``duplex_game.DUCKED``,
``CUT``) when it writes them, timed by their arrival; today's game has none: n/a.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from duplex_game import CUT, DUCKED, HEARD, Game, human_to_move, legal_conductors, takeable  # noqa: E402
from duplex_room import EchoRoom  # noqa: E402

from duplex_speakers import CORPUS, TUNE  # noqa: E402

DIGITS = {"de": ["eins", "zwei", "drei", "vier", "fünf"], "en": ["one", "two", "three", "four", "five"]}
READOUT_DE = {"rules": "regeln", "help": "hilfe"}
PLAYERS = "Anna,bot:Ben,bot:Carla"
QUIET_S = 1.0  # the game has said all it had to say
OUTCOMES = ("applied", "wrong", "read back", "not understood", "nothing")


def log(*a) -> None:
    print(*a, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------- people

def load_people(lang: str, which: str) -> dict[int, list[tuple[str, Path]]]:
    """Clips per conductor number: (speaker, file), of the chosen speakers."""
    labels = json.loads((CORPUS / "labels.json").read_text())
    out: dict[int, list[tuple[str, Path]]] = {n: [] for n in range(1, 6)}
    for x in labels:
        if x["lang"] != lang or x["word"] not in DIGITS[lang] or x["source"] == "speech-commands":
            continue
        tuned = x["speaker"] in TUNE
        if (which == "heldout" and tuned) or (which == "tune" and not tuned):
            continue
        out[DIGITS[lang].index(x["word"]) + 1].append((x["speaker"], CORPUS / x["file"]))
    return out


def read_clip(path: Path) -> np.ndarray:
    from voice_game.speech.hypothesis import to_pcm16
    from voice_game.speech.recognize import read_audio

    x, rate = read_audio(path)
    return np.frombuffer(to_pcm16(x, rate, 16000), dtype="<i2").astype(np.float64) / 32768.0


# ---------------------------------------------------------------------- one trial

@dataclass
class Trial:
    lang: str
    echo: str
    kind: str
    speaker: str
    number: int
    outcome: str = "nothing"
    during: float = 0.0  # share of the voiced command the loudspeaker was sounding
    speech_to_action_ms: float | None = None
    ducked_ms: float | None = None
    silent_ms: float | None = None
    note: str = ""
    read_back_right: bool | None = None  # a read-back: whether it named the number said


@dataclass
class Run:
    trials: list[Trial] = field(default_factory=list)
    idle: dict = field(default_factory=dict)
    voice_events: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


class Bench:
    def __init__(self, args, srv, work: Path):
        self.args, self.srv, self.work = args, srv, work
        self.rng = random.Random(args.seed)
        self.spk = srv.record("speakers.monitor", rate=16000, channels=1)
        if not self.spk.wait_started():
            raise RuntimeError("the loudspeaker's monitor does not run")
        self.games = 0
        self.first_in_room = False  # the opening under way is the first in its room
        self.deadline = time.perf_counter() + args.max_minutes * 60

    def out_of_time(self, run: Run, where: str) -> bool:
        """Every loop ends by ``--max-minutes``: a game that hangs, or stays silent, must not
        hang the benchmark (nor the test that runs it)."""
        if time.perf_counter() < self.deadline:
            return False
        problem = f"out of time ({self.args.max_minutes:g} min) in {where}"
        if problem not in run.problems:
            run.problems.append(problem)
        return True

    # -------------------------------------------------------------- sound

    def wait_quiet(self, seconds: float = QUIET_S, timeout: float = 120.0) -> bool:
        return bool(self.spk.wait_quiet(seconds, timeout, floor=150.0))

    def settle(self, frame: int, start_s: float = 2.5, timeout: float = 180.0) -> None:
        """Wait until the game has said what it says now: sound since ``frame`` (if any
        comes within ``start_s``), then ``QUIET_S`` of quiet."""
        self.spk.wait_sound(start_s, since=frame, floor=150.0)
        self.wait_quiet(QUIET_S, timeout)

    def wait_onset(self, frame: int, timeout: float = 30.0) -> float | None:
        if not self.spk.wait_sound(timeout, since=frame, floor=150.0):
            return None
        return time.perf_counter()

    def sounding_share(self, t_on: float | None, t_off: float | None) -> float:
        """Share of 20 ms windows between two wall times in which the loudspeaker sounded."""
        if t_on is None or t_off is None or t_off <= t_on:
            return 0.0
        audio = self.spk.frames()[:, 0].astype(np.float64)
        arrivals = list(self.spk.arrivals)

        def frame_at(t: float) -> int:
            for count, at in arrivals:
                if at >= t:
                    return max(0, count - int((at - t) * 16000))
            return len(audio)

        a, b = frame_at(t_on), frame_at(t_off)
        x = audio[a:b]
        k = x.size // 320
        if k == 0:
            return 0.0
        rms = np.sqrt((x[: k * 320].reshape(k, -1) ** 2).mean(axis=1))
        return float((rms >= 150.0).mean())

    # -------------------------------------------------------------- game

    def new_game(self, lang: str, resume: Path | None = None, settle: bool = True) -> Game:
        """A game started; with ``settle`` once it has said its opening (resumed games: as
        soon as it speaks)."""
        self.games += 1
        frame = self.spk.count
        g = Game(self.srv, Path(self.args.root), self.args.python, self.work / f"g{self.games}", lang,
                 PLAYERS, self.args.seed + self.games, self.args.engine, resume, self.args.duplex)
        end = time.perf_counter() + 120
        while not g.lines and g.alive() and time.perf_counter() < end:
            time.sleep(0.05)
        if settle:
            self.settle(frame, start_s=15.0)
        return g

    def say_and_judge(self, g: Game, room: EchoRoom, t: Trial, clip: np.ndarray, mark: int,
                      lines_mark: int) -> None:
        said = room.say(clip)
        said.done.wait(timeout=10)
        t.during = self.sounding_share(said.t_on, said.t_off)
        # the answer: a placement, a line, or nothing once the game has been quiet a while
        deadline = time.perf_counter() + 60
        while time.perf_counter() < deadline:
            if g.mine(mark, "placed") or not g.alive():
                break
            if self.spk.quiet_for(QUIET_S, floor=150.0) and time.perf_counter() - (said.t_off or 0) > 3.0:
                break
            time.sleep(0.03)
        placed = g.mine(mark, "placed")
        heard_lines = [s for at, s in g.lines[lines_mark:] if at > (said.t_on or 0)]
        asked = next((s for s in heard_lines if self.is_readback(g, s)), None)
        if placed:
            at, ev = placed[0]
            t.outcome = "applied" if ev.get("conductor") == t.number else "wrong"
            t.speech_to_action_ms = (at - said.t_off) * 1000 if said.t_off else None
        elif asked is not None:
            t.outcome = "read back"
            t.read_back_right = names_number(asked, t.lang, t.number)
        elif any(self.is_not_understood(g, s) for s in heard_lines):
            t.outcome = "not understood"
        ducked = [at for at, _ in g.events_since(mark, DUCKED) if at >= (said.t_on or 0) - 0.5]
        cut = [at for at, _ in g.events_since(mark, CUT) if at >= (said.t_on or 0) - 0.5]
        if ducked and said.t_on:
            t.ducked_ms = (ducked[0] - said.t_on) * 1000
        if cut and said.t_off:
            t.silent_ms = (cut[0] - said.t_off) * 1000

    def is_readback(self, g: Game, line: str) -> bool:
        s = line.strip()
        return s.endswith(("Yes or no?", "Ja oder nein?")) or s.startswith(("Did you mean", "Meintest du"))

    def is_not_understood(self, g: Game, line: str) -> bool:
        return line.startswith(("Not understood", "Still not understood", "Nicht verstanden",
                                "Wieder nicht verstanden", "There is nothing to confirm",
                                "Es gibt gerade nichts zu bestätigen"))

    def pick(self, people: dict[int, list[tuple[str, Path]]], numbers: list[int]) -> tuple[int, str, np.ndarray]:
        numbers = [n for n in numbers if people.get(n)]
        n = self.rng.choice(numbers)
        speaker, path = self.rng.choice(people[n])
        return n, speaker, read_clip(path)

    def recover(self, g: Game, room: EchoRoom, run: Run, lang: str, echo: str, n: int, speaker: str,
                clip: np.ndarray, last: str) -> None:
        """After a command that was not applied: cancel a read-back, say it again in silence,
        then type it."""
        frame = self.spk.count
        if last == "read back":
            g.type("nein" if lang == "de" else "no")
        self.settle(frame)
        if not legal_conductors(g.state()):
            return
        t = Trial(lang, echo, "silence", speaker, n)
        mark, lm = len(g.events), len(g.lines)
        self.say_and_judge(g, room, t, room.prepare(clip), mark, lm)
        run.trials.append(t)
        log(f"    {t.kind:9s} {t.speaker:12s} {t.number} -> {t.outcome} ({t.during:.0%} under speech)")
        if t.outcome == "read back":
            frame = self.spk.count
            g.type("nein" if lang == "de" else "no")
            self.settle(frame)
        if t.outcome != "applied" and legal_conductors(g.state()):
            mark = len(g.events)
            g.type(str(legal_conductors(g.state())[0]))
            end = time.perf_counter() + 10
            while not g.mine(mark, "placed") and time.perf_counter() < end:
                time.sleep(0.03)

    def command(self, g: Game, room: EchoRoom, run: Run, people, lang: str, echo: str, kind: str) -> None:
        """One command in the situation ``kind`` (the game has been quiet; the player's move)."""
        st = g.state()
        if kind == "opening":
            numbers = legal_conductors(st)
        else:
            if not human_to_move(st):
                time.sleep(0.2)
                return
            if st and (st.get("phase") == "final" or not legal_conductors({**st, "phase": "place"})):
                frame = self.spk.count  # every row full or taken: take one, or pass
                row = takeable(st)
                if row:
                    g.type(f"take conductor {row[0]}" if lang == "en" else f"nimm dirigent {row[0]}")
                    time.sleep(0.5)
                    g.type("yes" if lang == "en" else "ja")
                else:
                    g.type("pass" if lang == "en" else "passen")
                self.settle(frame)
                return
            numbers = []
        mark, lm = len(g.events), len(g.lines)
        frame = self.spk.count
        if kind in ("question", "readout", "silence"):
            g.type("draw" if lang == "en" else "ziehen")
            end = time.perf_counter() + 20
            while not legal_conductors(g.state()) and time.perf_counter() < end:
                time.sleep(0.03)
            numbers = legal_conductors(g.state())
            if kind == "readout":
                self.settle(frame)
                frame = self.spk.count
                mark, lm = len(g.events), len(g.lines)
                g.type(self.args.readout if lang == "en" else READOUT_DE[self.args.readout])
            elif kind == "silence":
                self.settle(frame)
        if not numbers:
            run.problems.append(f"{lang} {kind}: no conductor to place at")
            return
        n, speaker, raw = self.pick(people, numbers)
        clip = room.prepare(raw)
        if kind != "silence":
            onset = self.wait_onset(frame)
            if onset is None:
                run.problems.append(f"{lang} {kind}: the game said nothing")
                return
            time.sleep({"opening": 1.5, "question": 0.4, "readout": 2.0 if self.args.readout == "rules" else 1.0}[kind])
        t = Trial(lang, echo, kind, speaker, n)
        if kind == "opening":  # a fresh process: did it start from the room's remembered echo path?
            t.note = ("fresh" if not g.duplex_mode().get("recalled")
                      else "another room's" if self.first_in_room else "recalled")
        self.say_and_judge(g, room, t, clip, mark, lm)
        run.trials.append(t)
        log(f"    {t.kind:9s} {t.speaker:12s} {t.number} -> {t.outcome} ({t.during:.0%} under speech)"
            + (f", {t.speech_to_action_ms:.0f} ms to action" if t.speech_to_action_ms else ""))
        if t.outcome not in ("applied", "wrong"):
            self.recover(g, room, run, lang, echo, n, speaker, raw, t.outcome)
        self.settle(self.spk.count)

    # -------------------------------------------------------------- runs

    def idle(self, lang: str, echo_db: float, minutes: float, run: Run) -> dict:
        """Nobody talks; the game reads aloud. Count what it does that nobody asked for."""
        room = self.room(echo_db)
        g = self.new_game(lang)
        sounded = 0.0
        false: list[str] = []
        try:
            frame = self.spk.count
            g.type("draw" if lang == "en" else "ziehen")  # the question stays open: nothing to do by accident but place
            self.settle(frame)
            reads = ["rules", "help", "table"] if lang == "en" else ["regeln", "hilfe", "tisch"]
            i = 0
            mark = len(g.events)
            while sounded < minutes * 60 and g.alive() and not self.out_of_time(run, f"{lang} idle"):
                frame = self.spk.count
                g.type(reads[i % len(reads)])
                i += 1
                self.settle(frame)
                x = self.spk.frames()[frame:, 0].astype(np.float64)
                k = x.size // 320
                if k:
                    sounded += float((np.sqrt((x[: k * 320].reshape(k, -1) ** 2).mean(axis=1)) >= 150).sum()) * 0.02
                if i >= 6 and sounded == 0.0:
                    run.problems.append(f"{lang} idle: the game said nothing aloud to {i} read-outs")
                    break
            time.sleep(2.0)
            for _at, ev in g.events[mark:]:
                if ev.get("player") == 0 and ev.get("type") in ("placed", "took", "passed", "drew"):
                    false.append(f"move {ev.get('type')} {ev.get('conductor', '')}")
            ducks = len(g.events_since(mark, DUCKED))
            # what the recognizer delivered (the session answers some within 1.5 s of a typed
            # read-out, which the lines below leave out as asked for)
            heard = [f"{ev.get('text')!r} {float(ev.get('confidence', 0)):.2f}" for _at, ev in g.events_since(mark, HEARD)
                     if ev.get("decision") in ("delivered", "not_understood")]
            typed = [at for at, _ in g.typed]
            for at, line in g.lines:
                asked = any(0 <= at - tt < 1.5 for tt in typed)
                if at > typed[0] and not asked and not line.startswith(("No more input", "Keine Eingabe")):
                    false.append(line)
        finally:
            g.close()
            room.stop()
        return {"lang": lang, "echo_db": echo_db, "narration_s": round(sounded, 1), "false": false, "ducks": ducks,
                "heard": heard,
                "readback": sum(self.is_readback(g, s) for s in false),
                "not_understood": sum(self.is_not_understood(g, s) for s in false)}

    def room(self, echo_db: float | None) -> EchoRoom:
        delay = self.rng.uniform(20, 80)
        room = EchoRoom(self.srv, delay_ms=delay, t60=0.3, echo_db=echo_db, seed=self.rng.randrange(1000))
        room.start()
        return room

    def commands(self, lang: str, echo_db: float, trials: int, run: Run) -> None:
        people = load_people(lang, self.args.speakers)
        echo = f"{echo_db:+.0f} dB"
        room = self.room(echo_db)
        try:
            # the opening narration of a resumed game, each in its own process
            save = self.opening_save(lang)
            for i in range(max(1, trials // 3)):
                self.first_in_room = i == 0
                if self.out_of_time(run, f"{lang} openings"):
                    break
                g = self.new_game(lang, resume=self.copy_save(save), settle=False)
                try:
                    self.command(g, room, run, people, lang, echo, "opening")
                    run.voice_events |= g.voice_events()
                finally:
                    g.close()
                    self.check(g, run)
            kinds = ["question", "readout", "question", "silence"]
            g = self.new_game(lang)
            done = 0
            progress = time.perf_counter()
            try:
                while done < trials and not self.out_of_time(run, f"{lang} commands"):
                    if g.over() or time.perf_counter() - progress > 90:
                        if not g.over():
                            run.problems.append(f"{g.work.name}: no move of the player for 90 s")
                        self.check(g, run)
                        g.close()
                        g = self.new_game(lang)
                    before = len(run.trials)
                    self.command(g, room, run, people, lang, echo, kinds[done % len(kinds)])
                    if len(run.trials) > before:
                        done += 1
                        progress = time.perf_counter()
                run.voice_events |= g.voice_events()
            finally:
                g.close()
                self.check(g, run)
        finally:
            room.stop()

    def opening_save(self, lang: str) -> Path:
        """A game saved right after the player drew: resumed, it opens with the question."""
        import subprocess

        d = self.work / f"save-{lang}"
        d.mkdir(exist_ok=True)
        save = d / "s.json"
        env = dict(os.environ, VOICE_GAME_CONFIG_DIR=str(d))
        subprocess.run([self.args.python, "-m", "voice_game.cli", "play", "orchestra", "--lang", lang,
                        "--tts", "none", "--engine", "none", "--players", PLAYERS, "--seed", "7",
                        "--save", str(save)], input="draw\n" if lang == "en" else "ziehen\n", text=True,
                       cwd=self.args.root, env=env, capture_output=True, timeout=120)
        return save

    def copy_save(self, save: Path) -> Path:
        self.games += 1
        out = self.work / f"resume{self.games}.json"
        out.write_bytes(save.read_bytes())
        return out

    def check(self, g: Game, run: Run) -> None:
        text = "\n".join(s for _, s in g.lines) + g.stderr
        if "Traceback" in text:
            run.problems.append(f"traceback in {g.work.name}: {g.stderr[-300:]}")
        if not any("whisper" in s.lower() for _, s in g.lines[:12]):
            run.problems.append(f"{g.work.name}: no voice input announced: {[s for _, s in g.lines[:3]]}")


# ---------------------------------------------------------------------- report

def write_wav(path: Path, x: np.ndarray) -> None:
    import wave

    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(np.ascontiguousarray(x, dtype="<i2").tobytes())


def names_number(line: str, lang: str, number: int) -> bool:
    """Whether a read-back ("Dirigent zwei? Ja oder nein?") names ``number`` (as a word or
    a digit) and no other conductor."""
    words = set(re.findall(r"\w+", line.lower()))
    named = {i + 1 for i, w in enumerate(DIGITS[lang]) if w in words} | {int(w) for w in words if w.isdigit()}
    return named == {number}


def pct(k: int, n: int) -> str:
    return f"{100 * k / n:.0f} % ({k}/{n})" if n else "n/a"


def med(xs: list[float]) -> str:
    return f"{statistics.median(xs):.0f}" if xs else "n/a"


def report(run: Run, args, took: float) -> str:
    L = [f"Duplex bench {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
         f"{os.getloadavg()[0]:.1f}, {took / 60:.1f} min, speakers {args.speakers}, game {args.root}",
         f"typed voice events written by the game: {', '.join(sorted(run.voice_events)) or 'none'}", ""]
    L += ["| situation | echo | applied during speech | read back | not understood | nothing | wrong |"
          " end of speech to action, ms median |", "|---|---|---|---|---|---|---|---|"]
    keys = sorted({(t.kind, t.echo) for t in run.trials}, key=lambda k: (k[0] == "silence", k))
    for kind, echo in keys:
        ts = [t for t in run.trials if t.kind == kind and t.echo == echo]
        if kind != "silence":
            ts = [t for t in ts if t.during >= 0.5]  # said while the game spoke
        n = len(ts)
        c = {o: sum(t.outcome == o for t in ts) for o in OUTCOMES}
        lat = [t.speech_to_action_ms for t in ts if t.speech_to_action_ms is not None]
        right = sum(t.outcome == "read back" and t.read_back_right is True for t in ts)
        L.append(f"| {kind} | {echo} | {pct(c['applied'], n)} | {c['read back']} ({right} right) | {c['not understood']} | "
                 f"{c['nothing']} | {c['wrong']} | {med(lat)} |")
    speech = [t for t in run.trials if t.kind != "silence" and t.during >= 0.5]
    L.append("")
    for echo in sorted({t.echo for t in run.trials}):
        sp = [t for t in speech if t.echo == echo]
        si = [t for t in run.trials if t.kind == "silence" and t.echo == echo]
        duck = [t.ducked_ms for t in sp if t.ducked_ms is not None]
        cut = [t.silent_ms for t in sp if t.silent_ms is not None]
        L.append(f"- echo {echo}: during speech applied {pct(sum(t.outcome == 'applied' for t in sp), len(sp))}; "
                 f"in silence {pct(sum(t.outcome == 'applied' for t in si), len(si))}; narration ducked "
                 f"{med(duck)} ms after speech start, silent {med(cut)} ms after the command"
                 + ("" if duck or cut else " (n/a: the game writes no ducking/cutting events)"))
    for echo in sorted({t.echo for t in run.trials}):
        op = [t for t in speech if t.echo == echo and t.kind == "opening"]
        if op:
            cells = []
            for note, what in (("recalled", "from this room's remembered echo path"),
                               ("another room's", "from another room's (the first in each room)"), ("fresh", "fresh")):
                ts = [t for t in op if t.note == note]
                cells.append(f"{sum(t.outcome == 'applied' for t in ts)} of {len(ts)} {what}")
            L.append(f"- echo {echo}, openings applied: {', '.join(cells)}")
    late = [t for t in run.trials if t.kind != "silence" and t.during < 0.5]
    if late:
        L.append(f"- {len(late)} commands fell after the game's speech had ended (not counted above)")
    for r in run.idle.values():
        L.append(f"- own voice alone, {r['lang']}, echo {r['echo_db']:+.0f} dB: {r['narration_s'] / 60:.1f} min of "
                 f"narration, {len(r['false'])} false triggers ({r['readback']} read-backs, "
                 f"{r['not_understood']} not understood), the narration ducked by its own echo "
                 f"{r.get('ducks', 0)} times{': ' + '; '.join(r['false'][:4]) if r['false'] else ''}; "
                 f"delivered by the recognizer: {len(r.get('heard', []))}{' (' + ', '.join(r['heard'][:4]) + ')' if r.get('heard') else ''}")
    for p in run.problems:
        L.append(f"- problem: {p}")
    return "\n".join(L)


def main(argv: list[str] | None = None) -> Run:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short run (about 3 minutes)")
    ap.add_argument("--langs", default="de,en")
    ap.add_argument("--echo", default=None, help="echo level above the person, dB, comma-separated (0,6)")
    ap.add_argument("--readout", choices=("rules", "help"), default=None,
                    help="the long read-out the player talks into (rules; --quick: help)")
    ap.add_argument("--trials", type=int, default=12, help="commands per language and echo level")
    ap.add_argument("--idle-min", type=float, default=2.0, help="minutes of narration with nobody talking, per language")
    ap.add_argument("--speakers", choices=("heldout", "tune", "all"), default="heldout")
    ap.add_argument("--root", default=str(ROOT), help="the checkout whose game is measured")
    ap.add_argument("--python", default=sys.executable, help="the interpreter that runs it")
    ap.add_argument("--engine", default="whisper")
    ap.add_argument("--duplex", default="", choices=("", "full", "half", "headphones"),
                    help="the game's --duplex (default: the game's own default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-minutes", type=float, default=None,
                    help="end every loop after this long (default: 15 with --quick, else 240)")
    ap.add_argument("--json", help="write the trials as JSON here")
    ap.add_argument("--keep-echo-memory", action="store_true",
                    help="keep the echo path the game remembered from earlier starts (default: forget it first)")
    ap.add_argument("--keep", help="keep the games' lines, events and saves, the microphone and the loudspeaker "
                                   "(mic.wav, speakers.wav) in this folder")
    args = ap.parse_args(argv)
    if args.quick:
        args.trials, args.idle_min = 2, 0.3
    args.max_minutes = args.max_minutes or (15.0 if args.quick else 240.0)
    args.echo = args.echo or ("6" if args.quick else "0,6")
    args.readout = args.readout or ("help" if args.quick else "rules")
    from tests.support.soundserver import SoundServer

    t0 = time.perf_counter()
    run = Run()
    if not args.keep_echo_memory:  # the run begins as a first start: no echo path remembered
        import shutil

        from voice_game.paths import cache_dir
        shutil.rmtree(cache_dir() / "echo", ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="duplex-bench-") as tmp_dir:
        tmp = args.keep or tmp_dir
        srv = SoundServer(speakers_rate=16000, set_env=False)
        srv.start()
        try:
            bench = Bench(args, srv, Path(tmp))
            # a low-latency reader on the virtual microphone, always: with the game's capture as
            # its only reader, the chain (pacat -> null sink -> monitor -> remap source) carried
            # the microphone about 2 s late (the game's own voice was heard after its half-duplex
            # gate had opened, and "in silence" 0 of 6 commands were applied; with it 6 of 6)
            mic = srv.record("virtmic")
            echoes = [float(e) for e in args.echo.split(",")]
            for lang in args.langs.split(","):
                log(f"{lang}: the game's own voice alone, {args.idle_min} min")
                run.idle[lang] = bench.idle(lang, max(echoes), args.idle_min, run)
                for e in echoes:
                    log(f"{lang}: commands, echo {e:+.0f} dB")
                    bench.commands(lang, e, args.trials, run)
            if args.keep:
                write_wav(Path(tmp) / "mic.wav", mic.stop()[:, 0])
                write_wav(Path(tmp) / "speakers.wav", bench.spk.stop()[:, 0])
        finally:
            srv.stop()
    print(report(run, args, time.perf_counter() - t0))
    if args.json:
        Path(args.json).write_text(json.dumps({"trials": [t.__dict__ for t in run.trials], "idle": run.idle,
                                               "problems": run.problems}, indent=1, ensure_ascii=False))
    return run


if __name__ == "__main__":
    main()
