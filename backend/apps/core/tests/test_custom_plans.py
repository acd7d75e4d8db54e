"""apps/core/postgresql/plans.py: statements inside `custom_plans()` are planned for their own
parameters; the setting ends with it."""

import pytest
from django.db import connection

from apps.core.postgresql.plans import custom_plans

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL setting")


def plan_cache_mode() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_custom_plans_inside_only():
    assert plan_cache_mode() == "auto"
    with custom_plans():
        assert plan_cache_mode() == "force_custom_plan"
    assert plan_cache_mode() == "auto"
