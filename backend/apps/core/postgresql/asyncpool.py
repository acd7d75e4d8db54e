"""A small asyncio pool of connections to the default database, for async code that must not queue
on the sync thread: one per event loop, its connections closed with the loop.

Django's ORM runs async callers' queries through `sync_to_async` on the one thread-sensitive
thread every sync view of the process shares; a thousand websocket handshakes arriving together
would look their tokens up there one after the other (bench/README.md, "bench/fanout"). Code that
needs a short query from the event loop itself takes a connection here instead
(apps.accounts.websocket). Same database, credentials and adapters as Django's connections, at
most ASYNC_DB_POOL_MAX per process (the callers wait their turn: queries take a millisecond).

No background tasks (psycopg_pool's workers would outlive a test's loop): a connection is made
when none is idle, checked when it leaves the pool, and dropped when it is broken; the first use
after a database restart replaces the connections it killed. A caller bounds its own wait
(`asyncio.timeout`), and right after a failure to connect the next callers fail at once for
FAIL_FAST_SECONDS instead of each waiting for its own connect to fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import types
import weakref
from collections.abc import AsyncIterator
from time import monotonic

from django.conf import settings
from django.db import connections
from psycopg import AsyncConnection, OperationalError

FAIL_FAST_SECONDS = 1.0


class AsyncPool:
    def __init__(self, params: dict, max_size: int) -> None:
        self.params = params
        self.idle: list[AsyncConnection] = []
        self.slots = asyncio.Semaphore(max_size)
        self.unreachable_until = 0.0

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[AsyncConnection]:
        async with self.slots:
            conn = await self._take()
            try:
                yield conn
            except BaseException as error:  # a query failed or was cancelled: its state is unknown
                await conn.close()
                if isinstance(error, OperationalError | TimeoutError):
                    self.unreachable_until = monotonic() + FAIL_FAST_SECONDS
                raise
            if conn.closed or conn.broken:
                await conn.close()
            else:
                self.idle.append(conn)

    async def _take(self) -> AsyncConnection:
        while self.idle:
            conn = self.idle.pop()
            try:
                await conn.execute("")  # the check: a restart killed it?
                return conn
            except OperationalError:
                await conn.close()
        if monotonic() < self.unreachable_until:
            raise OperationalError("the database was unreachable a moment ago")
        try:
            return await AsyncConnection.connect(**self.params)
        except OperationalError:
            self.unreachable_until = monotonic() + FAIL_FAST_SECONDS
            raise

    def close(self) -> None:
        """Synchronous (a closing loop runs nothing more): libpq ends each connection at once."""
        while self.idle:
            self.idle.pop().pgconn.finish()


_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, AsyncPool] = weakref.WeakKeyDictionary()


def available() -> bool:
    """True where the default database is PostgreSQL (elsewhere callers use the ORM)."""
    return connections["default"].vendor == "postgresql"


def pool() -> AsyncPool:
    """This event loop's pool."""
    loop = asyncio.get_running_loop()
    found = _pools.get(loop)
    if found is None:
        database = connections["default"]  # read now: the test database has its own name
        params = database.get_connection_params()
        params.pop("cursor_factory", None)  # Django's sync cursor; the async connection has its own
        params["autocommit"] = True
        found = _pools[loop] = AsyncPool(params, settings.ASYNC_DB_POOL_MAX)
        _close_with_loop(loop)
    return found


def _close_with_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Close the loop's connections when the loop closes (a test's loop, a stopping worker), as
    channels-redis does for its layer."""
    original = loop.close

    def close(self, *args, **kwargs):
        found = _pools.pop(self, None)
        if found is not None:
            found.close()
        self.close = original
        return original(*args, **kwargs)

    loop.close = types.MethodType(close, loop)
