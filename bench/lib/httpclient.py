"""A small asyncio HTTP/1.1 keep-alive client: one process drives many connections cheaply.

Only what a loopback benchmark needs: GET/POST with JSON, Content-Length or chunked bodies, and
reconnecting when the server closes the connection (gunicorn's sync workers do after each request).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlparse

from bench.lib.common import require_loopback
from bench.lib.spread import spread


class Connection:
    def __init__(self, base: str) -> None:
        require_loopback(base)
        parsed = urlparse(base)
        self.host, self.port = parsed.hostname or "127.0.0.1", parsed.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.last_headers: dict[str, str] = {}  # of the last response (names in lower case)

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: object = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            await self.open()
        assert self.reader is not None and self.writer is not None
        payload = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        response_headers = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                response_headers[name.strip().lower()] = value.strip()
        self.last_headers = response_headers
        if "content-length" in response_headers:
            data = await self.reader.readexactly(int(response_headers["content-length"]))
        elif response_headers.get("transfer-encoding", "").lower() == "chunked":
            data = await self._read_chunked()
        else:
            data = await self.reader.read()
            self.close()
            return status, data
        if response_headers.get("connection", "").lower() == "close":
            self.close()
        return status, data

    async def _read_chunked(self) -> bytes:
        assert self.reader is not None
        chunks = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            chunks.append((await self.reader.readexactly(size + 2))[:-2])  # data + CRLF
            if size == 0:  # last chunk, no trailers (servers here send none)
                return b"".join(chunks)


async def call_bytes(base: str, method: str, path: str, token: str | None = None, body: object = None):
    """One request on a fresh connection; returns (status, the body's bytes)."""
    connection = Connection(base)
    headers = {"Authorization": f"Token {token}"} if token else {}
    try:
        return await asyncio.wait_for(connection.request(method, path, headers, body), 30)
    finally:
        connection.close()


async def call_json(base: str, method: str, path: str, token: str | None = None, body: object = None):
    """One request on a fresh connection; returns (status, parsed JSON or None)."""
    status, data = await call_bytes(base, method, path, token, body)
    return status, (json.loads(data) if data else None)


@dataclass
class Batch:
    """The outcome of `requests` requests at `concurrency` against one path."""

    requests: int
    seconds: float
    latencies_ms: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    capped: bool = False
    per_worker: list[int] = field(default_factory=list)  # connections each server process held

    @property
    def rate(self) -> float:
        return len(self.latencies_ms) / self.seconds if self.seconds else 0.0


async def run_batch(
    base: str,
    path: str,
    headers: dict[str, str],
    requests: int,
    concurrency: int,
    timeout: float = 15,
    max_seconds: float = 60,
    spread_connections: bool = True,
) -> Batch:
    """`requests` GETs of `path` from `concurrency` keep-alive connections opened beforehand and
    spread evenly over the server's worker processes (bench/lib/spread.py).

    Bounded: no new request starts after `max_seconds` (the batch is then marked capped), and a
    request slower than `timeout` counts as an error. Only 2xx answers count toward the rate.
    """
    connections = [Connection(base) for _ in range(concurrency)]
    await asyncio.gather(*(connection.open() for connection in connections))
    per_worker = await spread(connections) if spread_connections else None
    left = requests
    latencies: list[float] = []
    errors: Counter = Counter()
    started = time.perf_counter()
    deadline = started + max_seconds
    capped = False

    async def worker(connection: Connection) -> None:
        nonlocal left, capped
        while left > 0:
            if time.perf_counter() > deadline:
                capped = True
                return
            left -= 1
            sent = time.perf_counter()
            try:
                status, _ = await asyncio.wait_for(connection.request("GET", path, headers), timeout)
            except TimeoutError:
                errors["timeout"] += 1
                connection.close()
                continue
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                errors[type(error).__name__] += 1
                connection.close()
                continue
            if 200 <= status < 300:
                latencies.append((time.perf_counter() - sent) * 1000)
            else:
                errors[str(status)] += 1

    await asyncio.gather(*(worker(connection) for connection in connections))
    elapsed = time.perf_counter() - started
    for connection in connections:
        connection.close()
    held = sorted(per_worker.values()) if per_worker else []
    return Batch(requests, elapsed, latencies, errors, capped, held)
