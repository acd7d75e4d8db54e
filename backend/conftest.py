import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from apps.accounts.tests.factories import UserFactory
from apps.core import readstamps


@pytest.fixture(autouse=True)
def _clear_cache():
    # Throttle counters and sign-in lockouts live in the cache (Redis in CI); reads kept under
    # read stamps live in the process (a flushed database may give old ids to new rows).
    cache.clear()
    readstamps.clear_all()
    yield
    cache.clear()
    readstamps.clear_all()


@pytest.fixture(autouse=True, scope="session")
def _plain_http():
    # Tests speak plain http like `make run`; the HTTPS redirect has its own test (core/tests).
    # Session-wide, so module-scoped worlds (tests/guards) are built with it too.
    with override_settings(SECURE_SSL_REDIRECT=False):
        yield


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
    """Replaces the one clock (apps.core.timeutils.now) with a hand-moved one."""

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

    from apps.core import timeutils

    fake = Clock(dt.datetime(2026, 3, 10, 9, 0, tzinfo=dt.UTC))
    monkeypatch.setattr(timeutils, "now", fake)
    return fake


class LiveEvents:
    """The live events sent while `capture()` is open: (groups, message), in order.

    Messages leave only after commit (realtime.events.publish): `capture()` runs the on-commit
    callbacks of its block, so a write that rolls back sends nothing here either."""

    def __init__(self, capture_on_commit):
        self._capture_on_commit = capture_on_commit
        self.sent: list[tuple[list[str], dict]] = []

    def _record(self, groups, message) -> None:
        self.sent.append((list(groups), message))

    def capture(self):
        return self._capture_on_commit(execute=True)

    def named(self, name: str) -> list[tuple[list[str], dict]]:
        return [(groups, message) for groups, message in self.sent if message["event"] == name]

    def one(self, name: str) -> tuple[list[str], dict]:
        found = self.named(name)
        assert len(found) == 1, f"expected one {name}, got {[m['event'] for _, m in self.sent]}"
        return found[0]

    @staticmethod
    def reaches(groups: list[str], user) -> bool:
        """Whether a socket of `user` is in one of `groups` (realtime.consumers joins these)."""
        mine = {f"user-{user.pk}"} | ({f"workspace-{user.workspace_id}"} if user.workspace_id else set())
        return bool(mine & set(groups))


@pytest.fixture
def live_events(monkeypatch, django_capture_on_commit_callbacks):
    events = LiveEvents(django_capture_on_commit_callbacks)
    monkeypatch.setattr("apps.realtime.events._send", events._record)
    return events
