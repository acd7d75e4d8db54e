import pytest
from django.db import transaction

from tests.guards.world import FAST_HASHING, build_world


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The world, built once per module inside a transaction that is rolled back at its end;
    each test runs in a savepoint of it (the `db` fixture), so writes never leak between tests."""
    with django_db_blocker.unblock(), FAST_HASHING:
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            yield build_world()
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
