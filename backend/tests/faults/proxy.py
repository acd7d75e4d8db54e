"""A TCP proxy on loopback that can cut a service (PostgreSQL, Redis) without stopping it.

Runs its own asyncio loop in a daemon thread, so synchronous tests (and benches) can drive it:

    with TcpProxy("127.0.0.1", 5432) as proxy:   # listens on 127.0.0.1:<proxy.port>
        proxy.cut()       # every open connection is closed; new ones are accepted and closed
        proxy.restore()   # connections pass through again

A cut looks to the server like the service restarting and then refusing: live connections end
(as a restart kills them) and every new one fails at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

CHUNK = 65536


class TcpProxy:
    def __init__(self, target_host: str, target_port: int, listen_host: str = "127.0.0.1", port: int = 0):
        if listen_host not in ("127.0.0.1", "::1", "localhost"):
            raise ValueError("the proxy listens on loopback only")
        self.target = (target_host, target_port)
        self.listen_host = listen_host
        self.port = port
        self.is_cut = False
        self.accepted = 0
        self.refused = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="tcp-proxy", daemon=True)
        self._server: asyncio.base_events.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    # --- control, from any thread -------------------------------------------------------------
    def start(self) -> TcpProxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def cut(self) -> None:
        asyncio.run_coroutine_threadsafe(self._cut(), self._loop).result(10)

    def restore(self) -> None:
        self.is_cut = False

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> TcpProxy:
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    # --- the loop's side ----------------------------------------------------------------------
    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.listen_host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _cut(self) -> None:
        self.is_cut = True
        for writer in list(self._writers):
            self._close(writer)

    async def _stop(self) -> None:
        await self._cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def _close(self, writer: asyncio.StreamWriter) -> None:
        self._writers.discard(writer)
        with contextlib.suppress(Exception):
            writer.transport.abort()  # a reset, as when the service's process dies

    async def _handle(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter):
        if self.is_cut:
            self.refused += 1
            self._close(client_writer)
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            self.refused += 1
            self._close(client_writer)
            return
        self.accepted += 1
        self._writers.update((client_writer, upstream_writer))
        await asyncio.gather(
            self._pipe(client_reader, upstream_writer, client_writer),
            self._pipe(upstream_reader, client_writer, upstream_writer),
        )

    async def _pipe(self, reader, writer, other) -> None:
        try:
            while data := await reader.read(CHUNK):
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._close(writer)
            self._close(other)
