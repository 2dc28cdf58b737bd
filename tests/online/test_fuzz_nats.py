"""The hostile-message goal over the network: a seated player's raw NATS publishes
(malformed, huge, nested, wrong types, replayed, foreign subjects; tests/online/hostile.py)
against a real host on a real nats-server: no crash, no state change, at most one
sentence to that seat, nothing to the others. A bounded sample here (VOICE_GAME_FUZZ_NATS,
default 3000); ``benchmarks/online_hostile.py`` sends 10^5."""
import asyncio
import json
import os
import subprocess
import sys
import threading

from tests.online.conftest import PROCS, ROOT, env
from tests.online.hostile import attack

COUNT = int(os.environ.get("VOICE_GAME_FUZZ_NATS", "3000"))


def start_host(nats_server, deck):
    proc = subprocess.Popen([sys.executable, "-m", "tests.online.hostile", "serve", nats_server.url,
                             str(nats_server.folder), str(deck)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env())
    PROCS.append(proc)
    err: list[str] = []
    threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True).start()
    line = proc.stdout.readline()
    assert line, "".join(err)
    return proc, json.loads(line)["codes"], err


def test_hostile_raw_publishes_from_a_seat_change_nothing(nats_server, tmp_path):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"musicians": ["tuba", "violin"]}))
    proc, codes, err = start_host(nats_server, deck)
    counts = asyncio.run(attack(nats_server.url, nats_server.folder, codes, COUNT, seed=7,
                                alive=lambda: proc.poll() is None))
    print("\n" + counts.line(), counts.by_kind)
    assert counts.crashes == 0 and counts.state_changes == 0, counts.notes
    assert counts.lost == 0 and counts.refusals_heard == counts.refused_expected, counts.notes
    assert counts.heard_by_anna == 0
    # Ben hears his refusals only; stored messages he had the server send to his own subject
    # or the spectators' (direct get with a chosen reply subject) carry Nats-Stream: dropped
    # or answers of the server he had sent to his own subject (a direct get with a reply
    # subject of his choice), which carry Nats-Stream or nothing: clients drop them
    assert counts.heard_by_spectator == 0
    assert not [m for m in counts.other_heard_by_ben if "t" in m and not m.get("stored")]
    assert counts.denied_by_server > 0 and counts.by_kind.get("foreign_subject", 0) > 0
    assert proc.poll() is None and "Traceback" not in "".join(err), "".join(err)[-3000:]
