"""Statements planned for their own parameters, where a prepared statement's generic plan is slow.

Server-side binding prepares a statement PostgreSQL has run five times on a connection
(config/settings.py, `prepare_threshold`) and then, as a rule, plans it once for any parameters
(a generic plan). Most reads gain from that. A read whose best plan depends on its parameters'
values loses: search's task query (apps/projects/search.py) takes about 17 ms with the generic
plan and about 1 ms planned for its words on bench/scale's large set (bench/README.md,
29 November 2026). `custom_plans()` has PostgreSQL plan each statement inside it for its
parameters (`plan_cache_mode`, for this transaction only); elsewhere it does nothing.
"""

from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def custom_plans():
    if connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL plan_cache_mode = force_custom_plan")
        yield
