"""The token cache (apps/accounts/token_cache.py): a hit needs no query, and no write path can
leave a stale snapshot behind, on Redis (CI) and on the embedded default's process memory."""

import datetime as dt
import os

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from redis.exceptions import ConnectionError as RedisConnectionError

from apps.accounts import services, token_cache
from apps.accounts.authentication import TOKEN_TOUCH_MINUTES, active_token
from apps.accounts.models import AuthToken, User, token_digest
from apps.accounts.tests.factories import UserFactory
from apps.core import timeutils

pytestmark = pytest.mark.django_db

STORES = ["locmem"] + (["redis"] if os.environ.get("REDIS_URL") else [])


@pytest.fixture(params=STORES)
def store(request):
    """Each test runs on the process-memory store and, when CI gives Redis, on Redis."""
    if request.param == "redis":
        backend = {
            "BACKEND": "apps.core.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "token-cache-test",
        }
    else:
        backend = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "token-cache-test"}
    with override_settings(CACHES={"default": backend}):
        cache.clear()
        yield request.param
        cache.clear()


def _token(user=None) -> AuthToken:
    return AuthToken.objects.create(user=user or UserFactory())


def _queries(function):
    with CaptureQueriesContext(connection) as queries:
        result = function()
    return result, len(queries)


def test_a_hit_makes_no_query_and_holds_the_same_user(store):
    token = _token()
    first, misses = _queries(lambda: active_token(token.key))
    second, hits = _queries(lambda: active_token(token.key))
    assert misses == 1 and hits == 0
    assert second.user.pk == first.user.pk == token.user.pk
    assert second.user.email == token.user.email
    assert second.user.workspace.name == token.user.workspace.name
    assert second.key == token.key


def test_the_password_hash_is_never_cached(store):
    token = _token()
    active_token(token.key)
    cached = token_cache.get(token.digest)
    assert "password" in cached.user.get_deferred_fields()
    assert token.user.password not in repr(cache.get(token_cache._key(token.digest)))


@pytest.mark.parametrize(
    "revoke",
    [
        pytest.param(lambda token: services.sign_out(token=token), id="sign-out"),
        pytest.param(lambda token: services.sign_out_everywhere(user=token.user), id="sign-out-everywhere"),
        pytest.param(lambda token: services.user_deactivate(user=token.user), id="deactivate"),
        pytest.param(lambda token: token.user.delete(), id="user-deleted"),
        pytest.param(lambda token: AuthToken.objects.filter(pk=token.pk).delete(), id="bulk-delete"),
    ],
)
def test_every_revocation_stops_a_cached_token_at_once(store, revoke):
    token = _token()
    assert active_token(token.key) is not None
    assert token_cache.get(token.digest) is not None
    revoke(token)
    assert active_token(token.key) is None


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda u: User.objects.filter(pk=u.pk).update(full_name="Renamed"), id="bulk-update"),
        pytest.param(lambda u: (setattr(u, "full_name", "Renamed"), u.save()), id="save"),
        pytest.param(lambda u: (setattr(u.workspace, "name", "Renamed"), u.workspace.save()), id="workspace"),
    ],
)
def test_a_changed_user_or_workspace_is_read_afresh(store, change):
    token = _token()
    active_token(token.key)
    change(token.user)
    seen = active_token(token.key).user
    assert "Renamed" in (seen.full_name, seen.workspace.name)


def test_a_request_that_read_the_rows_before_a_revocation_cannot_store_them_after_it(store):
    token = _token()
    epoch = token_cache.epoch()  # request A reads the epoch, then the rows ...
    stale = AuthToken.objects.select_related("user", "user__workspace").get(pk=token.pk)
    services.sign_out(token=token)  # ... a sign-out commits meanwhile ...
    token_cache.put(stale, epoch=epoch)  # ... and A stores what it read
    assert token_cache.get(token.digest) is None
    assert active_token(token.key) is None


def test_rows_read_after_a_revocation_are_cached_again(store):
    token = _token()
    token_cache.revoke([token.digest])
    active_token(token.key)  # reads the epoch after the tombstone
    assert token_cache.get(token.digest) is not None


def test_a_snapshot_already_there_is_not_replaced(store):
    token = _token()
    active_token(token.key)
    other = AuthToken.objects.select_related("user", "user__workspace").get(pk=token.pk)
    other.user.full_name = "not from the database"
    token_cache.put(other, epoch=token_cache.epoch())
    assert token_cache.get(token.digest).user.full_name == token.user.full_name


def test_the_last_use_is_written_and_a_token_deleted_behind_the_cache_is_refused(store, clock):
    clock.set(timeutils.now())
    token = _token()
    AuthToken.objects.filter(pk=token.pk).update(last_used_at=clock())
    active_token(token.key)
    clock.advance(minutes=TOKEN_TOUCH_MINUTES + 1)
    touched = active_token(token.key)
    assert touched.last_used_at == clock()
    assert AuthToken.objects.get(pk=token.pk).last_used_at == clock()
    assert token_cache.get(token.digest) is None  # dropped: the next request reads the new last use
    active_token(token.key)
    clock.advance(minutes=TOKEN_TOUCH_MINUTES + 1)
    with connection.cursor() as cursor:  # a delete no signal hears
        cursor.execute(f"DELETE FROM {AuthToken._meta.db_table} WHERE digest = %s", [token.digest])
    assert active_token(token.key) is None


def test_an_idle_token_in_the_cache_is_refused_and_deleted(store, clock):
    clock.set(timeutils.now())
    token = _token()
    AuthToken.objects.filter(pk=token.pk).update(last_used_at=clock())
    active_token(token.key)
    clock.advance(days=31)
    assert active_token(token.key) is None
    assert not AuthToken.objects.filter(pk=token.pk).exists()


def test_without_the_cache_the_database_answers_and_revocations_wait(store, monkeypatch, caplog):
    token = _token()
    active_token(token.key)
    real = token_cache._store()
    monkeypatch.setattr(token_cache._outage, "back_at", None)  # not within an earlier test's outage

    class Down:
        def __getattr__(self, name):
            def fail(*args, **kwargs):
                raise RedisConnectionError("cache away")

            return fail

    monkeypatch.setattr(token_cache, "_store", Down)
    assert active_token(token.key) is not None  # the database answers
    other = AuthToken.objects.create(user=token.user)
    assert active_token(other.key) is not None
    token_cache.revoke([token.digest])  # not written: kept by the process
    assert token_cache._pending == {token.digest}
    monkeypatch.setattr(token_cache, "_store", lambda: real)
    assert active_token(other.key) is not None  # the cache answers again: the tombstone is written
    assert token_cache._pending == set()
    assert token_cache.get(token.digest) is None
    warnings = [r.getMessage() for r in caplog.records if r.name == "apps.accounts.token_cache"]
    assert len(warnings) == 2  # one line per outage, however many calls failed
    assert warnings[0].startswith("token cache: the cache is unavailable; requests authenticate against")
    assert warnings[1].startswith("token cache: the cache is back (")


def test_a_snapshot_of_other_columns_is_a_miss(store):
    token = _token()
    active_token(token.key)
    key = token_cache._key(token.digest)
    entry = cache.get(key)
    cache.set(key, ("another shape", *entry[1:]), timeout=60)
    assert token_cache.get(token.digest) is None
    assert active_token(token.key).user.pk == token.user.pk


def test_a_digest_is_the_key(store):
    token = _token()
    assert token_digest(token.key) == token.digest
    assert token.key not in token_cache._key(token.digest)
    assert dt.timedelta(seconds=token_cache.AUTH_CACHE_SECONDS) < dt.timedelta(
        seconds=token_cache.TOMBSTONE_SECONDS
    )


def test_credentials_stay_encrypted_in_the_cache(store):
    token = _token()
    secret = {"provider": 2, "api_token": "very-secret-token"}
    User.objects.filter(pk=token.user.pk).update(external_tracker_config_json=secret)
    active_token(token.key)
    assert "very-secret-token" not in repr(cache.get(token_cache._key(token.digest)))
    assert active_token(token.key).user.external_tracker_config_json == secret
