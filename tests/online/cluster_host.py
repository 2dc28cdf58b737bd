"""A host service process for the cluster test: ``python -m tests.online.cluster_host
URLS FOLDER [SEED]`` (``$VG_TEST_REPLICAS`` copies of each stream, default 3). With a seed it opens a table Anna and Ben (a line per seat as
``voice-game host`` prints) and plays it; without, it waits to take a table over and
ends when the tables it took are over."""
import asyncio
import json
import os
import sys
from pathlib import Path

from voice_game.online.service import TableService

LEASE = 3.0


async def main(urls: str, folder: str, seed: str | None) -> int:
    service = TableService(urls, Path(folder), replicas=int(os.environ.get("VG_TEST_REPLICAS", "3")), lease=LEASE)
    await service.start()
    if seed is not None:
        info = await service.create("orchestra", "Anna,Ben", lang="en", seed=int(seed))
        for s in info.seats:
            print(json.dumps({"seat": s.name, "code": s.code, "table": info.table}), flush=True)
        return await service.wait(info.table)
    assert service.leases is not None
    for _ in range(int(600 / 0.2)):  # bounded: ten minutes
        if service.leases.taken:
            print(json.dumps({"took": service.leases.taken}), flush=True)
            return max([await service.wait(t) for t in service.leases.taken])
        await asyncio.sleep(0.2)
    return 2


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)))
