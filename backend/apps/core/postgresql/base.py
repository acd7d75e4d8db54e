"""Django's PostgreSQL backend whose pooled connections are checked as they leave the pool, so a
connection a database restart killed is never handed out and never waited for, and whose
timestamps are read by psycopg's own loader.

psycopg_pool's own `check` (what CONN_HEALTH_CHECKS or the pool's `check` option turns on) sleeps
a back-off of about a second after the first failed check, so with a short pool timeout the
request behind a dead connection times out anyway. Here a connection is checked when Django takes
it from the pool and, if dead, given back (the pool drops it and opens a replacement) and the next
one taken at once. ENGINE = "apps.core.postgresql" (config/settings.py).

Only public names: Django builds and owns the pool from `OPTIONS["pool"]` (`self.pool`), this
overrides the backend's `get_new_connection`, and the check is psycopg_pool's public
`ConnectionPool.check_connection`.

Timestamps: Django reads every timestamptz through a subclass of psycopg's pure-Python loader
(`BaseTzLoader`, to give its datetimes Django's tzinfo), about 4.5 µs a value, where psycopg's
compiled loader takes 0.5 µs. A read of thousands of timestamps (the teammates strip's 50 hours
of records, a month's intervals) spent most of its time there (bench/README.md, issue 33). With
Django's connection time zone UTC (USE_TZ, no TIME_ZONE per database: Django then sets the
session's TimeZone to UTC) psycopg's loader gives the same datetimes, tzinfo `timezone.utc`
included, so the connections' adapters use it (`UtcTimestamptzLoader`); any other configuration
keeps Django's.
"""

import datetime as dt

import psycopg
from django.db.backends.postgresql import base
from psycopg.adapt import AdaptersMap, Loader
from psycopg.pq import Format
from psycopg_pool import ConnectionPool

TIMESTAMPTZ_OID = psycopg.adapters.types["timestamptz"].oid
# psycopg's own loader: its compiled one when psycopg's binary or C build is installed.
PSYCOPG_TIMESTAMPTZ_LOADER = psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)


class UtcTimestamptzLoader(Loader):
    """timestamptz (text) through psycopg's own loader, on connections whose session time zone
    is UTC: aware datetimes in `timezone.utc`, as Django's loader gives them."""

    timezone = dt.UTC  # what Django's `create_cursor` compares with its own timezone

    def __init__(self, oid: int, context=None) -> None:
        super().__init__(oid, context)
        self._loader = PSYCOPG_TIMESTAMPTZ_LOADER(oid, context)

    def load(self, data) -> dt.datetime:
        return self._loader.load(data)


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self):
        params = super().get_connection_params()
        if self.timezone == dt.UTC and "context" in params:
            context = AdaptersMap(params["context"])  # Django's map is shared: a copy
            context.register_loader(TIMESTAMPTZ_OID, UtcTimestamptzLoader)
            params["context"] = context
        return params

    def get_new_connection(self, conn_params):
        if not self.pool:
            return super().get_new_connection(conn_params)
        # At most every connection the pool holds is dead (a restart), and each one is discarded
        # when given back: one more try than the pool's size ends with a fresh one.
        for _ in range(self.pool.max_size):
            connection = super().get_new_connection(conn_params)
            try:
                ConnectionPool.check_connection(connection)
            except Exception:
                self.pool.putconn(connection)  # broken: the pool discards it and opens another
                continue
            return connection
        return super().get_new_connection(conn_params)
