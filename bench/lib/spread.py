"""Spread a batch's keep-alive connections evenly over the server's worker processes.

The workers of gunicorn (and of uvicorn --workers) accept from one shared listening socket, so
which worker holds a connection is decided by a race between them. Connections opened all at
once to an idle server go mostly to one worker: sampled with `ss` during bench/http runs on
24 November 2026, the 16 connections to the production /api sat 16/0 on its two workers in 4 of
10 samples (and 15/1, 14/2, 12/4, 11/5, 10/6 in the others), and the bare view's rate flipped
between ~450 and ~865 req/s from one server start to the next. A batch would then measure one
process instead of the server. So before a batch starts, the client looks up which worker holds
each of its connections (`ss`, loopback only: the servers run on this machine) and re-opens
connections of the busiest worker until no worker holds more than one connection above another.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from bench.lib.procs import process

_PID = re.compile(r"pid=(\d+)")


class _Connection(Protocol):
    port: int
    writer: asyncio.StreamWriter | None

    async def open(self) -> None: ...

    def close(self) -> None: ...


async def _ss(*args: str) -> list[str]:
    process = await asyncio.create_subprocess_exec(
        "ss", "-tnpH", *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL
    )
    out, _ = await process.communicate()
    return out.decode().splitlines()


async def workers(port: int) -> set[int]:
    """The processes accepting on `port`: those holding its listening socket, less the master
    (a holder whose child holds it too)."""
    holders = {int(pid) for line in await _ss("-l", f"sport = :{port}") for pid in _PID.findall(line)}
    parents = {found.ppid for found in map(process, holders) if found is not None}
    return holders - parents


async def owners(port: int) -> dict[int, int]:
    """Client port -> the server process that accepted the connection, for `port`'s connections."""
    found = {}
    for line in await _ss("state", "established", f"sport = :{port}"):
        fields = line.split()
        pids = _PID.findall(line)
        if len(fields) >= 4 and pids:
            found[int(fields[3].rsplit(":", 1)[1])] = int(pids[0])
    return found


def _local_port(connection: _Connection) -> int | None:
    if connection.writer is None:
        return None
    return connection.writer.get_extra_info("sockname")[1]


async def spread(connections: Sequence[_Connection], attempts: int = 400) -> Counter:
    """Re-open connections until the server's workers hold them evenly (within one), or
    `attempts` re-opens were made. Returns the connections per worker as left."""
    if not connections:
        return Counter()
    port = connections[0].port
    pids = await workers(port)
    per_worker: Counter = Counter()
    for _ in range(attempts + 1):
        held = await owners(port)
        where = {id(c): held.get(_local_port(c)) for c in connections}
        if any(pid not in pids for pid in where.values()):  # not accepted yet
            await asyncio.sleep(0.005)
            continue
        per_worker = Counter(dict.fromkeys(pids, 0))
        per_worker.update(where.values())
        if len(pids) < 2 or max(per_worker.values()) - min(per_worker.values()) <= 1:
            return per_worker
        busiest = max(per_worker, key=per_worker.__getitem__)
        moved = next(c for c in connections if where[id(c)] == busiest)
        moved.close()
        await moved.open()
    return per_worker
