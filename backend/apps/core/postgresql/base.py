"""Django's PostgreSQL backend with a pool that never hands out a connection a database restart
killed, and never waits for one it can replace at once.

psycopg_pool's own `check` (what CONN_HEALTH_CHECKS turns on) sleeps a back-off of about a
second after the first failed check, so with a short pool timeout the request behind a dead
connection times out anyway. Here a connection is checked when it leaves the pool and, if dead,
returned (the pool drops it and opens a replacement) and the next one taken at once, until the
pool's timeout. ENGINE = "apps.core.postgresql" (config/settings.py).

No public API does this: psycopg_pool 3.3's own `check` loop waits a back-off between failed
checks, and Django builds its pool in the `pool` property from two private names of its
PostgreSQL wrapper, `_connection_pools` and `_configure_connection`, which this property copies.
`apps/core/tests/test_postgresql_pool.py` pins both: a Django upgrade that renames them fails there.
"""

from time import monotonic

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


class CheckedConnectionPool(ConnectionPool):
    def getconn(self, timeout: float | None = None):
        deadline = monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            # A timeout <= 0 raises PoolTimeout: the deadline bounds the whole loop.
            conn = super().getconn(timeout=deadline - monotonic())
            try:
                self.check_connection(conn)
            except Exception:
                self.putconn(conn)  # broken: the pool discards it and opens another
                continue
            return conn


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        pool_options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == base.NO_DB_ALIAS or not pool_options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            connect_kwargs = self.get_connection_params()
            connect_kwargs["autocommit"] = True  # as Django's: it sets autocommit later on
            pool = CheckedConnectionPool(
                kwargs=connect_kwargs,
                open=False,
                configure=self._configure_connection,
                **({} if pool_options is True else pool_options),
            )
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
