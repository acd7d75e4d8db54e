"""The serving path's own pieces, in process (tests/faults runs them end to end)."""

import asyncio
import json

import pytest
from django.conf import settings
from django.db import OperationalError
from django.test import RequestFactory
from django.utils.module_loading import import_string

from apps.core.asgi import ConcurrencyLimit
from apps.core.middleware import DatabaseUnavailableMiddleware
from apps.core.wsgi import RequestBodyLimit as WsgiBodyLimit


def test_every_middleware_runs_async_so_a_request_makes_no_thread_hop_before_its_view():
    # One sync-only middleware makes Django bridge every middleware after it (the issue's
    # "about 12 hops per request", WhiteNoise sitting second).
    classes = {path: import_string(path) for path in settings.MIDDLEWARE}
    sync_only = [path for path, cls in classes.items() if not getattr(cls, "async_capable", False)]
    assert sync_only == []


def test_a_database_error_becomes_a_json_503_with_retry_after():
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    request = RequestFactory().get("/api/accounts/me/")
    response = middleware.process_exception(request, OperationalError("connection refused"))
    assert response.status_code == 503
    assert json.loads(response.content)["detail"]
    assert response["Retry-After"] == str(settings.RETRY_AFTER_SECONDS)
    assert middleware.process_exception(request, ValueError("not ours")) is None


async def test_requests_past_the_limit_get_a_quick_503_not_a_queue(settings):
    settings.MAX_CONCURRENT_REQUESTS = 1
    settings.REQUEST_QUEUE_SECONDS = 0.05
    release = asyncio.Event()
    entered = asyncio.Event()

    async def app(scope, receive, send):
        entered.set()
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    limited = ConcurrencyLimit(app)
    first_sent, second_sent = [], []

    async def receive():
        return {"type": "http.request", "body": b""}

    def sender(into):
        async def send(message):
            into.append(message)

        return send

    scope = {"type": "http", "path": "/api/accounts/me/", "headers": []}
    first = asyncio.create_task(limited(scope, receive, sender(first_sent)))
    await entered.wait()
    await limited(scope, receive, sender(second_sent))  # answered while the first is in flight
    start = second_sent[0]
    assert start["status"] == 503
    assert (b"retry-after", str(settings.RETRY_AFTER_SECONDS).encode()) in start["headers"]
    assert json.loads(second_sent[1]["body"])["detail"]
    # The health check is never queued behind load.
    health_sent = []
    release_health = asyncio.create_task(
        limited({**scope, "path": "/api/health/"}, receive, sender(health_sent))
    )
    release.set()
    await first
    await release_health
    assert first_sent[0]["status"] == 200
    assert health_sent[0]["status"] == 200


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"CONTENT_LENGTH": str(3 * 1024 * 1024)}, "413"),
        ({"HTTP_TRANSFER_ENCODING": "chunked"}, "411"),
        ({"CONTENT_LENGTH": "10"}, "200"),
    ],
)
def test_the_wsgi_path_holds_the_same_body_limit(headers, status):
    started = []

    def app(environ, start_response):
        start_response("200 OK", [])
        return [b"{}"]

    body = WsgiBodyLimit(app)({"REQUEST_METHOD": "POST", **headers}, lambda s, h: started.append(s))
    assert started[0].startswith(status)
    if status != "200":
        assert json.loads(b"".join(body))["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/office", "/api/health/", "/api/accounts/me/", "/api/docs/"])
def test_every_response_carries_the_strict_content_security_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


@pytest.mark.django_db
def test_the_api_docs_page_has_no_inline_script(client):
    page = client.get("/api/docs/").content.decode()
    assert "<script>" not in page


def test_a_database_outage_writes_one_line_when_it_starts_and_one_when_it_ends(caplog, monkeypatch):
    """Issue 33: not a line per refused request (nor Django's own line per 503, nor the pool's
    warnings); the line that ends it counts the requests refused."""
    import logging

    from django.db import connection

    from apps.core import middleware as core_middleware
    from apps.core.outage import Outage

    kept = core_middleware._database_outage
    monkeypatch.setattr(
        core_middleware, "_database_outage", Outage(kept.logger, kept.unavailable, kept.available)
    )
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    request = RequestFactory().get("/api/accounts/me/")
    with caplog.at_level(logging.INFO):
        for _ in range(25):
            assert (
                middleware.process_exception(request, OperationalError("connection refused")).status_code
                == 503
            )
            logging.getLogger("django.request").warning(
                "Service Unavailable: %s", request.path, extra={"status_code": 503, "request": request}
            )
            logging.getLogger("psycopg.pool").warning("error connecting in 'pool-1': refused")
        core_middleware._database_answered(sender=type(connection), connection=connection)
        core_middleware._database_answered(sender=type(connection), connection=connection)
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "database unavailable, answering 503 with Retry-After until it is back (first refused: GET "
        "/api/accounts/me/): OperationalError: connection refused",
        "database available again (25 failed during the outage)",
    ]
