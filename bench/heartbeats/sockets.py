"""The socket side of bench/heartbeats, its own process: `python -m bench.heartbeats.sockets`.

Reads one JSON line on stdin: {"url", "origin", "tokens", "every"}; opens one socket per token
(as the SPA does: the token as the second subprotocol) and prints {"connected", "failed",
"seconds"}. Then answers commands, one per line:
  beat     start: each socket sends {"type": "heartbeat", "active": true} every `every` seconds,
           the sockets' phases spread evenly over the interval (as tabs opened at random times)
  stop     stop beating (the sockets stay open)
  count    {"sent": n, "answered": n} heartbeats sent and answered so far
  quit     close every socket and exit
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.lib.sockets import open_all, read_setup, stdin_reader

counts = {"sent": 0, "answered": 0}
BEAT = json.dumps({"type": "heartbeat", "active": True})


async def listen(socket: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for raw in socket:
            if isinstance(raw, str) and raw.startswith('{"type":"heartbeat"'):
                counts["answered"] += 1


async def beat(socket: ClientConnection, phase: float, every: float) -> None:
    await asyncio.sleep(phase)
    next_at = time.monotonic()
    with contextlib.suppress(ConnectionClosed):
        while True:
            await socket.send(BEAT)
            counts["sent"] += 1
            next_at += every
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))


async def main() -> None:
    reader = await stdin_reader()
    setup = await read_setup(reader)
    every = float(setup["every"])

    results, failures, seconds = await open_all(setup)
    sockets = [result for result in results if isinstance(result, ClientConnection)]
    listeners = [asyncio.create_task(listen(socket)) for socket in sockets]
    print(json.dumps({"connected": len(sockets), "failed": len(failures), "seconds": seconds}), flush=True)
    beaters: list[asyncio.Task] = []
    while line := (await reader.readline()).decode().strip():
        if line == "beat":
            beaters = [
                asyncio.create_task(beat(socket, every * index / len(sockets), every))
                for index, socket in enumerate(sockets)
            ]
            print(json.dumps({"beating": len(beaters)}), flush=True)
        elif line == "stop":
            for task in beaters:
                task.cancel()
            beaters = []
            print(json.dumps({"stopped": True}), flush=True)
        elif line == "count":
            print(json.dumps(counts), flush=True)
        elif line == "quit":
            break
    for task in beaters + listeners:
        task.cancel()
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)


if __name__ == "__main__":
    asyncio.run(main())
