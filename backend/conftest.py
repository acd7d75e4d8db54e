import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _clear_cache():
    # Throttle counters and sign-in lockouts live in the cache (Redis in CI).
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _plain_http(settings):
    # Tests speak plain http like `make run`; the HTTPS redirect has its own test (core/tests).
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def auth_client(user):
    from apps.accounts.models import AuthToken

    client = APIClient()
    token = AuthToken.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    client.user = user
    client.token = token
    return client


@pytest.fixture
def client_for():
    from apps.accounts.models import AuthToken

    def make(user):
        client = APIClient()
        token = AuthToken.objects.create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        client.user = user
        return client

    return make


class Clock:
    """Replaces the work app's clock (apps.work.timeutils.now) with a hand-moved one."""

    def __init__(self, start):
        self.current = start

    def __call__(self):
        return self.current

    def set(self, instant):
        self.current = instant.replace(microsecond=0)
        return self.current

    def advance(self, **delta):
        import datetime as dt

        self.current += dt.timedelta(**delta)
        return self.current


@pytest.fixture
def clock(monkeypatch):
    import datetime as dt

    from apps.work import timeutils

    fake = Clock(dt.datetime(2026, 3, 10, 9, 0, tzinfo=dt.UTC))
    monkeypatch.setattr(timeutils, "now", fake)
    return fake
