"""kill -9 while a save is written leaves no temporary file beside it (issue 24), and
what an older run left behind is removed when the game is resumed."""
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# a writer killed (SIGKILL, as kill -9) while it syncs the new save: the slow part of a save
KILLED_WHILE_SYNCING = """
import os, signal, sys
from pathlib import Path
from voice_game import atomic, savefile
path = Path(sys.argv[1])
savefile.write_save(path, {"game": "x"})
real = os.fsync
def fsync(fd):
    if os.fstat(fd).st_size > 0 and not os.path.isdir(f"/proc/self/fd/{fd}"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(fd)
os.fsync = fsync
savefile.write_save(path, {"game": "y"})
"""


def test_kill_while_saving_leaves_no_temporary_file(tmp_path):
    save = tmp_path / "game.json"
    p = subprocess.run([sys.executable, "-c", KILLED_WHILE_SYNCING, str(save)], cwd=ROOT, capture_output=True,
                       timeout=60)
    assert p.returncode == -signal.SIGKILL, p.stderr
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    assert '"x"' in save.read_text()  # the old save, whole


def test_a_killed_runs_temporary_file_goes_at_the_next_resume(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    save = tmp_path / "game.json"
    cmd = [sys.executable, "-m", "voice_game.cli", "play"]
    p = subprocess.run(cmd + ["--tts", "text", "--seed", "2", "--players", "Anna,bot:Ben", "--save", str(save)],
                       input="", capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0 and save.exists()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    left = tmp_path / f".game.json.{dead.pid}.a1b2c3.tmp"  # what a writer killed mid-save left
    left.write_text("{")
    foreign = tmp_path / ".game.json.notes.txt"  # not of our naming: never touched
    foreign.write_text("mine")
    p = subprocess.run(cmd + ["--resume", str(save), "--tts", "text"], input="", capture_output=True, text=True,
                       timeout=120, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    assert not left.exists() and foreign.read_text() == "mine"
