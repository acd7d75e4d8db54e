"""Websockets that stay open as the SPA's do (bench/faults, bench/soak): one task per socket, the
token as the second subprotocol, reconnecting after a pause when the server closes it or refuses
the handshake; counts what each socket receives and samples how many are open."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench.lib.common import require_loopback


@dataclass
class Sockets:
    open: int = 0
    opened: int = 0
    refused: Counter = field(default_factory=Counter)  # handshake answered with this status
    failed: Counter = field(default_factory=Counter)  # no handshake answer at all
    dropped: int = 0  # open sockets that the server closed
    events: int = 0
    samples: list[tuple[float, int]] = field(default_factory=list)


def ws_url(base: str) -> str:
    return base.replace("http://", "ws://", 1) + "/ws/work/user_status/"


async def one_socket(url: str, origin: str, token: str, state: Sockets, until: float, index: int) -> None:
    """Keeps one socket open until the monotonic time `until`."""
    while time.monotonic() < until:
        opened = False
        try:
            async with connect(
                url, subprotocols=["token", token], origin=origin, open_timeout=10, close_timeout=2
            ) as socket:
                opened = True
                state.open += 1
                state.opened += 1
                with contextlib.suppress(ConnectionClosed):
                    while time.monotonic() < until:
                        try:
                            await asyncio.wait_for(socket.recv(), max(0.1, until - time.monotonic()))
                            state.events += 1
                        except TimeoutError:
                            break
                if time.monotonic() < until:
                    state.dropped += 1
        except InvalidStatus as error:
            state.refused[error.response.status_code] += 1
        except (OSError, TimeoutError, ConnectionClosed) as error:
            state.failed[type(error).__name__] += 1
        finally:
            if opened:
                state.open -= 1
        # The SPA reconnects after a pause, spread out; so does this client (1 to 2 s).
        await asyncio.sleep(1 + (index % 20) / 20)


async def sample_sockets(state: Sockets, until: float, started: float) -> None:
    while time.monotonic() < until:
        state.samples.append((time.monotonic() - started, state.open))
        await asyncio.sleep(0.5)


# The socket side of bench/fanout, bench/heartbeats and bench/livepatch runs as its own process:
# it reads its setup (url, origin, tokens, ...) as one JSON line on stdin, opens a socket a token
# at once, then follows the parent's commands line by line.


async def stdin_reader() -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def read_setup(reader: asyncio.StreamReader) -> dict:
    setup = json.loads(await reader.readline())
    require_loopback(setup["url"].replace("ws://", "http://", 1))
    return setup


async def open_all(setup: dict) -> tuple[list, list[str], float]:
    """Every token's socket opened at once: (one result per token, a socket or the exception; the
    failures as text; the seconds it took)."""

    async def open_one(token: str) -> ClientConnection:
        return await connect(
            setup["url"],
            subprotocols=["token", token],
            origin=setup["origin"],
            proxy=None,
            open_timeout=60,
            ping_interval=None,
        )

    started = time.monotonic()
    results = await asyncio.gather(*(open_one(token) for token in setup["tokens"]), return_exceptions=True)
    failures = [repr(result) for result in results if not isinstance(result, ClientConnection)]
    return results, failures, time.monotonic() - started
