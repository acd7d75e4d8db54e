"""The socket side of bench/fanout, run as its own process: `python -m bench.fanout.sockets`.

Reads one JSON line on stdin: {"url", "origin", "tokens", "email"}; opens one socket per token at
once (the token as the second subprotocol, as the SPA sends it) and prints
{"connected", "failed", "seconds"}. Then answers commands, one per line:
  count <id>   how many sockets have received the status event of record <id>
  times <id>   {"times": [...]} the CLOCK_MONOTONIC arrival times of that event (one per socket)
  quit         close every socket and exit
Arrival times are taken with time.monotonic(), which on Linux is one clock for all processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import defaultdict

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.lib.sockets import open_all, read_setup, stdin_reader


async def listen(socket: ClientConnection, email: str, arrivals: dict[int, list[float]]) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for raw in socket:
            received = time.monotonic()
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if isinstance(message, dict) and message.get("email") == email and message.get("resource_id"):
                arrivals[int(message["resource_id"])].append(received)


async def main() -> None:
    reader = await stdin_reader()
    setup = await read_setup(reader)
    arrivals: dict[int, list[float]] = defaultdict(list)

    results, failures, seconds = await open_all(setup)
    sockets = [result for result in results if isinstance(result, ClientConnection)]
    listeners = [asyncio.create_task(listen(socket, setup["email"], arrivals)) for socket in sockets]
    print(
        json.dumps(
            {"connected": len(sockets), "failed": len(failures), "errors": failures[:3], "seconds": seconds}
        ),
        flush=True,
    )
    while line := (await reader.readline()).decode().strip():
        command, _, argument = line.partition(" ")
        if command == "count":
            print(json.dumps({"count": len(arrivals.get(int(argument), []))}), flush=True)
        elif command == "times":
            open_sockets = sum(1 for socket in sockets if socket.state.name == "OPEN")
            print(json.dumps({"times": arrivals.get(int(argument), []), "open": open_sockets}), flush=True)
        elif command == "quit":
            break
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    for listener in listeners:
        listener.cancel()


if __name__ == "__main__":
    try:
        import uvloop
    except ImportError:
        asyncio.run(main())
    else:
        uvloop.run(main())
