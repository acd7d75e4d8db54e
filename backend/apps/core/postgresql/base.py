"""Django's PostgreSQL backend whose pooled connections are checked as they leave the pool, so a
connection a database restart killed is never handed out and never waited for.

psycopg_pool's own `check` (what CONN_HEALTH_CHECKS or the pool's `check` option turns on) sleeps
a back-off of about a second after the first failed check, so with a short pool timeout the
request behind a dead connection times out anyway. Here a connection is checked when Django takes
it from the pool and, if dead, given back (the pool drops it and opens a replacement) and the next
one taken at once. ENGINE = "apps.core.postgresql" (config/settings.py).

Only public names: Django builds and owns the pool from `OPTIONS["pool"]` (`self.pool`), this
overrides the backend's `get_new_connection`, and the check is psycopg_pool's public
`ConnectionPool.check_connection`.
"""

from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool


class DatabaseWrapper(base.DatabaseWrapper):
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
