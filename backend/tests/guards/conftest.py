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


@pytest.fixture(autouse=True, scope="module")
def _no_network():
    """The fuzzer may send any address to the calendar and tracker calls: nothing leaves the
    machine (a name is "not found", as the SSRF-safe fetch reports it). Per module, so the patch
    ends with the guards' modules (the integrations' own tests use the local fakes)."""
    from unittest import mock

    from apps.integrations import fetch

    def offline(host, port):
        raise fetch.FetchError(f"The host {host} could not be found.", transient=True)

    with mock.patch.object(fetch, "_resolve", offline):
        yield
