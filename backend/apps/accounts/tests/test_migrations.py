import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("accounts", "0002_presence")]
AFTER = [("accounts", "0003_hashed_tokens")]


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    # Later transactional tests need today's schema.
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_tokens_are_hashed_so_current_sessions_survive(api_client):
    old_apps = _migrate(BEFORE)
    user = old_apps.get_model("accounts", "User").objects.create(email="old@example.org", password="!")
    key = "a" * 40
    old_apps.get_model("accounts", "AuthToken").objects.create(key=key, user=user)

    _migrate(AFTER)

    from apps.accounts.models import AuthToken

    assert list(AuthToken.objects.values_list("digest", flat=True)) == [
        hashlib.sha256(key.encode()).hexdigest()
    ]
    # The session still works once the later migrations (new user columns) have run too.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api_client.get("/api/accounts/me/").json()["email"] == "old@example.org"
