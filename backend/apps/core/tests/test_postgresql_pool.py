"""The checked pool (apps/core/postgresql/base.py) copies Django's `pool` property, which rests on
two private names of Django's PostgreSQL wrapper: an upgrade that renames them fails here, before
a deployment finds it."""

import pytest
from django.db import connection
from django.db.backends.postgresql import base

from apps.core.postgresql.base import CheckedConnectionPool


def test_the_private_names_the_checked_pool_copies_are_still_djangos():
    assert isinstance(base.DatabaseWrapper._connection_pools, dict)
    assert callable(base.DatabaseWrapper._configure_connection)
    assert isinstance(base.DatabaseWrapper.__dict__["pool"], property)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the pool is PostgreSQL's")
@pytest.mark.django_db
def test_the_default_database_uses_the_checked_pool():
    assert isinstance(connection.pool, CheckedConnectionPool)
