"""The screens of bench/livepatch, run as their own process: `python -m bench.livepatch.screens`.

Reads one JSON line on stdin: {"url", "origin", "base", "tokens", "email"}; opens one socket per
token (as the SPA does: the token as the second subprotocol) and prints {"connected", "failed",
"seconds"}. Each socket is one open /office screen and follows the SPA's rule for a teammate's
status event: an event that carries the member's row (`meta.teammate`) is shown as it arrives; one
that does not makes the screen read the strip again (GET /api/accounts/teammates/, after the old
SPA's 300 ms gathering; a 503 is retried after its Retry-After, as a banner and a reload would),
and it is shown when that answer has arrived. Commands, one per line:
  count <id>   how many screens show the status change of record <id>
  stats <id>   {"shown": [...], "bytes": [...], "requests": [...]} per screen: CLOCK_MONOTONIC time
               it was shown, bytes it received for it (the event's frame, and each answer's body),
               requests it made for it
  quit         close every socket and exit
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import defaultdict

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.lib.httpclient import Connection
from bench.lib.sockets import open_all, read_setup, stdin_reader

STRIP_PATH = "/api/accounts/teammates/"
GATHER_SECONDS = 0.3  # the old SPA gathered a burst of events for 300 ms, then read the strip


class Screen:
    def __init__(self, base: str, token: str) -> None:
        self.http = Connection(base)
        self.token = token

    async def reread(self) -> tuple[int, int]:
        """The strip read again until it answers 200: (bytes, requests)."""
        received = requests = 0
        while True:
            requests += 1
            code, body = await self.http.request("GET", STRIP_PATH, {"Authorization": f"Token {self.token}"})
            received += len(body)
            if code == 200:
                return received, requests
            await asyncio.sleep(float(self.http.last_headers.get("retry-after", "1")))


async def follow(socket: ClientConnection, screen: Screen, email: str, stats: dict) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for raw in socket:
            try:
                message = json.loads(raw)
            except ValueError:
                continue
            if not (
                isinstance(message, dict) and message.get("email") == email and message.get("resource_id")
            ):
                continue
            record = int(message["resource_id"])
            size = len(raw.encode() if isinstance(raw, str) else raw)
            if isinstance(message.get("meta"), dict) and "teammate" in message["meta"]:
                stats[record].append((time.monotonic(), size, 0))
                continue
            await asyncio.sleep(GATHER_SECONDS)
            received, requests = await screen.reread()
            stats[record].append((time.monotonic(), size + received, requests))


async def main() -> None:
    reader = await stdin_reader()
    setup = await read_setup(reader)
    stats: dict[int, list[tuple[float, int, int]]] = defaultdict(list)

    results, failures, seconds = await open_all(setup)
    pairs = [(r, t) for r, t in zip(results, setup["tokens"], strict=True) if isinstance(r, ClientConnection)]
    tasks = [
        asyncio.create_task(follow(socket, Screen(setup["base"], token), setup["email"], stats))
        for socket, token in pairs
    ]
    print(
        json.dumps(
            {"connected": len(pairs), "failed": len(failures), "errors": failures[:3], "seconds": seconds}
        ),
        flush=True,
    )
    while line := (await reader.readline()).decode().strip():
        command, _, argument = line.partition(" ")
        if command == "count":
            print(json.dumps({"count": len(stats.get(int(argument), []))}), flush=True)
        elif command == "stats":
            rows = stats.get(int(argument), [])
            print(
                json.dumps(
                    {
                        "shown": [r[0] for r in rows],
                        "bytes": [r[1] for r in rows],
                        "requests": [r[2] for r in rows],
                    }
                ),
                flush=True,
            )
        elif command == "quit":
            break
    await asyncio.gather(*(socket.close() for socket, _ in pairs), return_exceptions=True)
    for task in tasks:
        task.cancel()


if __name__ == "__main__":
    asyncio.run(main())
