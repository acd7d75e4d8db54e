"""apps.core.cache: Django's Redis cache, one redis-py client per backend instance and pool."""

import pytest
from django.conf import settings

from apps.core.cache import RedisCache


@pytest.fixture
def backend():
    if not settings.REDIS_URL:
        pytest.skip("needs REDIS_URL")
    return RedisCache(settings.REDIS_URL, {"KEY_PREFIX": "test-core-cache"})


def test_operations_share_one_client_and_still_work(backend, monkeypatch):
    built = []
    client_class = backend._cache._client
    monkeypatch.setattr(
        backend._cache, "_client", lambda **kwargs: built.append(kwargs) or client_class(**kwargs)
    )
    backend.set("answer", {"value": 42}, 30)
    assert backend.get("answer") == {"value": 42}
    assert backend.add("answer", 1, 30) is False
    backend.delete("answer")
    assert backend.get("answer", "gone") == "gone"
    assert len(built) == 1  # Django's own client builds one per operation: five here


def test_each_instance_keeps_its_own_client(backend):
    other = RedisCache(settings.REDIS_URL, {"KEY_PREFIX": "test-core-cache"})
    assert backend._cache.get_client() is backend._cache.get_client(write=True)
    assert backend._cache.get_client() is not other._cache.get_client()
