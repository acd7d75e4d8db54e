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
