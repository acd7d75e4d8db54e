"""PostgreSQL prepares a statement a pooled connection runs often (config/settings.py): the hot
reads' SQL (the same text on every call) is parsed and planned once per connection, not per call."""

import pytest
from django.db import connection

from apps.accounts.tests.factories import UserFactory
from apps.work import selectors
from config.settings import _prepare_threshold

pytestmark = pytest.mark.django_db

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
)


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


@postgresql_only
def test_a_hot_read_is_prepared_after_it_ran_five_times_on_a_connection():
    user = UserFactory()
    for _ in range(4):
        assert selectors.open_status_record(user=user) is None
    assert not [s for s in _prepared() if '"work_statusrecord"' in s]  # 4 runs: not yet
    selectors.open_status_record(user=user)
    selectors.open_status_record(user=user)
    statements = [s for s in _prepared() if '"work_statusrecord"' in s]
    assert len(statements) == 1 and "$1" in statements[0]  # bound by the server, once


def test_the_threshold_setting_reads_a_count_or_off():
    assert _prepare_threshold("5") == 5
    assert _prepare_threshold("0") == 0
    for off in ("off", "OFF", "none", " "):
        assert _prepare_threshold(off) is None
    with pytest.raises(ValueError):
        _prepare_threshold("five")
