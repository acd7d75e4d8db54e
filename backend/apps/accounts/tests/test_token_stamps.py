"""Authentication keeps each token, with its user and workspace, per process under the token's
read stamp `t:<digest>` (apps/accounts/authentication.py, triggers in accounts' migration 0007),
like every kept read: a request while nothing changed is the stamp lookup alone, and no write
path (a save, `update()`, a delete, a cascade) leaves a stale copy behind after its commit."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts import services
from apps.accounts.authentication import TOKEN_TOUCH_MINUTES, active_token
from apps.accounts.models import AuthToken, User, Workspace
from apps.accounts.tests.factories import UserFactory
from apps.core import timeutils

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]


def _queries(function):
    with CaptureQueriesContext(connection) as queries:
        result = function()
    return result, len(queries)


@pytest.fixture
def token() -> AuthToken:
    return AuthToken.objects.create(user=UserFactory())


def test_a_request_while_nothing_changed_is_the_stamp_lookup(token):
    first, misses = _queries(lambda: active_token(token.key))
    second, hits = _queries(lambda: active_token(token.key))
    assert misses == 2 and hits == 1  # the stamp, then (on a miss) the token with its user
    assert second.user.pk == first.user.pk == token.user.pk
    assert second.user.workspace.name == token.user.workspace.name
    assert second.key == token.key


def test_each_request_gets_its_own_user(token):
    first = active_token(token.key)
    first.user.display_name = "changed by a view"
    assert active_token(token.key).user.display_name == token.user.display_name


WRITES = {
    "signed out": lambda t: t.delete(),
    "signed out everywhere": lambda t: services.sessions_end(user=t.user),
    "deactivated in bulk": lambda t: User.objects.filter(pk=t.user_id).update(is_active=False),
    "user deleted": lambda t: User.objects.filter(pk=t.user_id).delete(),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_a_revoked_token_stops_working_at_the_commit(token, write):
    assert active_token(token.key) is not None  # now kept
    WRITES[write](token)
    assert active_token(token.key) is None


def test_what_the_copy_holds_follows_the_user_and_the_workspace(token):
    other = AuthToken.objects.create(user=UserFactory(workspace=token.user.workspace))
    assert active_token(token.key).user.display_name == token.user.display_name
    assert active_token(other.key) is not None
    User.objects.filter(pk=token.user_id).update(display_name="Renamed")
    assert active_token(token.key).user.display_name == "Renamed"
    Workspace.objects.filter(pk=token.user.workspace_id).update(name="New name")
    assert active_token(token.key).user.workspace.name == "New name"
    assert active_token(other.key).user.workspace.name == "New name"


def test_signing_out_one_device_keeps_the_others(token):
    other = AuthToken.objects.create(user=token.user)
    active_token(other.key)
    token.delete()
    assert active_token(token.key) is None
    assert active_token(other.key) is not None


def test_the_last_use_is_written_once_per_interval_and_the_copy_follows_it(token, clock):
    clock.set(dt.datetime(2026, 3, 10, 9, tzinfo=dt.UTC))
    AuthToken.objects.filter(pk=token.pk).update(last_used_at=timeutils.now())
    active_token(token.key)
    clock.advance(minutes=TOKEN_TOUCH_MINUTES + 1)
    active_token(token.key)  # writes the last use
    assert AuthToken.objects.get(pk=token.pk).last_used_at == timeutils.now()
    _, queries = _queries(lambda: active_token(token.key))
    _, again = _queries(lambda: active_token(token.key))
    assert queries == 2 and again == 1  # the copy made after the write, then kept: no write each time
