"""Tables that outlive their host service: leases in each table's bucket.

Several host services (processes, machines) share one server folder and one nats-server
cluster whose streams are replicated. Every service renews, every third of ``LEASE``
seconds, a lease on each table it plays (key ``lease`` in the table's bucket: owner,
until when); a table whose lease ran out (its service was killed or cut off) is claimed
by whichever service updates the lease first (a compare-and-set on the key's revision,
so exactly one wins) and resumed from its snapshot (``TableService.resume``): its seats'
clients hear it go on where it stopped. A finished table's lease says so and is never
taken. A service that was only cut off plays on until its next renewal fails, so clocks
of the machines should agree within a second or two (NTP).
"""
from __future__ import annotations

import asyncio
import json
import time
import traceback
import uuid
from typing import Any

from voice_game.online import protocol as P
from voice_game.online import server as S

LEASE = 6.0  # seconds a table stays with its service without a renewal
LEASE_KEY = "lease"


async def latest(js: Any, table_id: str, key: str) -> Any:
    """A key of the table's bucket as the leader of its stream has it (RawStreamMsg: data,
    seq). ``KeyValue.get`` asks with a direct get, which any replica may answer: one lagging
    behind gave a snapshot a minute old once, and a takeover resuming that is not where its
    seats are."""
    bucket = P.bucket(table_id)
    return await js.get_last_msg(f"KV_{bucket}", f"$KV.{bucket}.{key}")


class Leases:
    def __init__(self, service: Any, lease: float = LEASE):
        self.service = service
        self.lease = lease
        self.owner = uuid.uuid4().hex[:12]
        self.taken: list[str] = []  # tables this service took over from another

    def _value(self, over: bool = False) -> bytes:
        return json.dumps({"owner": self.owner, "until": time.time() + self.lease, "over": over}).encode()

    async def hold(self, table_id: str, over: bool = False) -> None:
        try:
            kv = await self.service.js.key_value(P.bucket(table_id))
            await kv.put(LEASE_KEY, self._value(over))
        except Exception:  # noqa: BLE001 - the server is away: next time
            pass

    async def renew(self) -> None:
        await asyncio.gather(*(self.hold(t) for t in self.service.running()))

    async def adopt(self) -> list[str]:
        """Claim and resume the tables whose lease ran out; returns their ids."""
        from nats.js.errors import NotFoundError

        won = []
        for table_id in S.table_ids(self.service.folder):
            if table_id in self.service.hosted:
                continue
            try:
                entry = await latest(self.service.js, table_id, LEASE_KEY)
                lease = json.loads(entry.data or b"{}")
                if lease.get("over") or float(lease.get("until", 0)) > time.time():
                    continue
                kv = await self.service.js.key_value(P.bucket(table_id))
                await kv.update(LEASE_KEY, self._value(), last=entry.seq)  # fails if another was first
            except NotFoundError:
                continue  # a table of a service without leases, or gone
            except Exception:  # noqa: BLE001 - another service was first, or no answer now
                continue
            try:
                await self.service.resume(table_id)
                won.append(table_id)
            except Exception:  # noqa: BLE001 - a damaged snapshot: logged, left alone
                traceback.print_exc(file=self.service.log)
        self.taken += won
        return won

    async def run(self) -> None:
        while True:
            try:
                await self.renew()
                await self.adopt()
            except Exception:  # noqa: BLE001 - next time
                traceback.print_exc(file=self.service.log)
            await asyncio.sleep(self.lease / 3)
