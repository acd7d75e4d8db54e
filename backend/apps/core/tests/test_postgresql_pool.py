"""The checked pool (apps/core/postgresql/base.py): a pooled connection the database killed (a
restart, an administrator's pg_terminate_backend) is never handed to a request."""

import psycopg
import pytest
from django.db import connection

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="the pool is PostgreSQL's")


@pytest.mark.django_db(transaction=True)
def test_a_pooled_connection_the_database_killed_is_replaced_not_handed_out():
    if not connection.pool:
        pytest.skip("the database is configured without a pool")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (killed,) = cursor.fetchone()
    connection.close()  # back into the pool, idle
    db = connection.settings_dict
    names = {"dbname": "NAME", "user": "USER", "password": "PASSWORD", "host": "HOST", "port": "PORT"}
    params = {key: db[name] for key, name in names.items() if db[name]}
    with psycopg.connect(**params, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (served_by,) = cursor.fetchone()

    assert served_by != killed
