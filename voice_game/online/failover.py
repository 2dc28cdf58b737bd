"""Tables that outlive their host service: leases in each table's bucket.

Several host services (processes, machines) share one server folder and one nats-server
cluster whose streams are replicated. Every service renews, every third of ``LEASE``
seconds, a lease on each table it plays (key ``lease`` in the table's bucket: owner,
until when); a table whose lease ran out (its service was killed or cut off) is claimed
by whichever service updates the lease first (a compare-and-set on the key's revision,
so exactly one wins) and resumed from its snapshot (``TableService.resume``): its seats'
clients hear it go on where it stopped. A finished table's lease says so and is never
taken. Clocks of the machines should agree within a second or two (NTP).

A service that was only cut off (stopped, SIGSTOP; a network that comes back) must not
write once another took its table: every write of a service to a table's bucket (the
snapshot, the lease) carries the bucket stream's last sequence as this service knows it
(``Fence``), so the server refuses it once anybody else wrote there (the claim of the
lease). The snapshot is stored before the messages it numbers (not in one round trip:
``Table.pipelined`` is off with leases), so a refused snapshot keeps them unsent; the
table then stops here (``Fenced``).
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
WRONG_LAST_SEQUENCE = 10071  # JetStream's error code: the stream's last message is not the one expected


class Fenced(Exception):
    """Another service plays this table now: this one writes nothing more for it."""


class Fence:
    """A table's writes to its bucket from one service, each expecting the stream's last
    sequence it knows. Refused: the lease says who plays it; still this service (an
    acknowledgement that was lost, the write stored anyway): the sequence is read again and
    the write tried once more; another: ``lost``, and every write from here on raises Fenced."""

    def __init__(self, table_id: str, owner: str, seq: int):
        self.table_id, self.owner, self.seq = table_id, owner, seq
        self.lock = asyncio.Lock()  # the table's snapshot and the lease renewals, one at a time
        self.lost = False

    async def put(self, js: Any, key: str, value: bytes) -> None:
        from nats.js.errors import APIError

        bucket = P.bucket(self.table_id)
        async with self.lock:
            for attempt in range(2):
                if self.lost:
                    raise Fenced(self.table_id)
                try:
                    ack = await js.publish(f"$KV.{bucket}.{key}", value, stream=f"KV_{bucket}",
                                           headers={"Nats-Expected-Last-Sequence": str(self.seq)})
                    self.seq = ack.seq
                    return
                except APIError as exc:
                    if exc.err_code != WRONG_LAST_SEQUENCE:
                        raise
                    lease = json.loads((await latest(js, self.table_id, LEASE_KEY)).data or b"{}")
                    if lease.get("owner") != self.owner or attempt == 1:
                        self.lost = True
                        raise Fenced(self.table_id) from None
                    self.seq = (await js.stream_info(f"KV_{bucket}")).state.last_seq


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
        fence = self.service.fence_of(table_id)
        try:
            if fence is not None:
                await fence.put(self.service.js, LEASE_KEY, self._value(over))
            else:
                kv = await self.service.js.key_value(P.bucket(table_id))
                await kv.put(LEASE_KEY, self._value(over))
        except Fenced:
            self.service.fenced(table_id)
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
