"""The serving path's own pieces, in process (tests/faults runs them end to end)."""

import asyncio
import json

import pytest
from django.conf import settings
from django.db import OperationalError
from django.test import RequestFactory
from django.utils.module_loading import import_string

from apps.core.asgi import Admission
from apps.core.middleware import SERVICE_BUSY, DatabaseUnavailableMiddleware, service_unavailable
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


def _held_app():
    """An ASGI app whose requests stay in flight until `release` is set."""
    release = asyncio.Event()
    entered = asyncio.Event()

    async def app(scope, receive, send):
        entered.set()
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    return app, release, entered


async def _receive():
    return {"type": "http.request", "body": b""}


def _sender(into):
    async def send(message):
        into.append(message)

    return send


API = {"type": "http", "method": "GET", "path": "/api/accounts/me/", "headers": []}


async def test_with_the_limit_at_one_and_a_request_held_the_next_is_refused_at_once(settings, caplog):
    """Issue 33: no queue by default, so the refusal does not wait for a slot (a queue wait of an
    hour would hang this test, which the guard below turns into a failure). Shedding is logged
    as an outage: a line when it starts, one with the count when nothing is in flight any more."""
    settings.MAX_CONCURRENT_REQUESTS = 1
    settings.MAX_QUEUED_REQUESTS = 0
    settings.REQUEST_QUEUE_SECONDS = 3600
    app, release, entered = _held_app()
    admission = Admission(app)
    first_sent, second_sent = [], []
    first = asyncio.create_task(admission(API, _receive, _sender(first_sent)))
    await entered.wait()
    await asyncio.wait_for(admission(API, _receive, _sender(second_sent)), 30)  # guard, not a timing
    assert first_sent == []  # still held
    start = second_sent[0]
    assert start["status"] == 503
    assert (b"retry-after", str(settings.RETRY_AFTER_SECONDS).encode()) in start["headers"]
    assert (b"content-type", b"application/json") in start["headers"]
    # The shape of the database outage's 503 (apps.core.middleware.service_unavailable).
    outage_503 = service_unavailable(SERVICE_BUSY)
    assert json.loads(second_sent[1]["body"]) == json.loads(outage_503.content)
    # The health check and what is not the API are never refused for load.
    health_sent, spa_sent = [], []
    health = asyncio.create_task(admission({**API, "path": "/api/health/"}, _receive, _sender(health_sent)))
    spa = asyncio.create_task(admission({**API, "path": "/office"}, _receive, _sender(spa_sent)))
    release.set()
    await asyncio.gather(first, health, spa)
    assert [first_sent[0]["status"], health_sent[0]["status"], spa_sent[0]["status"]] == [200, 200, 200]
    # The slot is free again: the next request is admitted.
    third_sent = []
    await admission(API, _receive, _sender(third_sent))
    assert third_sent[0]["status"] == 200
    assert [r.getMessage() for r in caplog.records if r.name == "apps.core.asgi"] == [
        "server busy, answering 503 with Retry-After to API requests past 1 in flight and 0 waiting "
        "(first refused: GET /api/accounts/me/): Busy: The server is busy. Try again shortly.",
        "server no longer busy (1 failed during the outage)",
    ]


async def test_a_queue_of_one_holds_one_request_for_the_next_free_slot_and_refuses_the_one_after(settings):
    settings.MAX_CONCURRENT_REQUESTS = 1
    settings.MAX_QUEUED_REQUESTS = 1
    settings.REQUEST_QUEUE_SECONDS = 3600
    app, release, entered = _held_app()
    admission = Admission(app)
    first_sent, queued_sent, third_sent = [], [], []
    first = asyncio.create_task(admission(API, _receive, _sender(first_sent)))
    await entered.wait()
    queued = asyncio.create_task(admission(API, _receive, _sender(queued_sent)))
    while admission.waiting == 0:
        await asyncio.sleep(0)
    await asyncio.wait_for(admission(API, _receive, _sender(third_sent)), 30)
    assert third_sent[0]["status"] == 503 and queued_sent == []
    release.set()
    await asyncio.gather(first, queued)
    assert [first_sent[0]["status"], queued_sent[0]["status"]] == [200, 200]


async def test_a_queued_request_waits_at_most_the_queue_time_then_is_refused(settings):
    settings.MAX_CONCURRENT_REQUESTS = 1
    settings.MAX_QUEUED_REQUESTS = 5
    settings.REQUEST_QUEUE_SECONDS = 0.01
    app, release, entered = _held_app()
    admission = Admission(app)
    first_sent, queued_sent = [], []
    first = asyncio.create_task(admission(API, _receive, _sender(first_sent)))
    await entered.wait()
    await asyncio.wait_for(admission(API, _receive, _sender(queued_sent)), 30)
    assert queued_sent[0]["status"] == 503 and admission.waiting == 0
    release.set()
    await first


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
    warnings, nor a line of their own for refused websocket handshakes and heartbeats); the line
    that starts it carries the pool's latest warning (the cause a pool timeout does not name) and
    the line that ends it counts every refusal."""
    import logging

    from django.db import connection

    from apps.core import middleware as core_middleware
    from apps.core import outage

    kept = outage.database
    monkeypatch.setattr(
        outage, "database", outage.Outage(kept.logger, kept.unavailable, kept.available, note=kept.note)
    )
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    request = RequestFactory().get("/api/accounts/me/")
    with caplog.at_level(logging.INFO):
        logging.getLogger("psycopg.pool").warning("error connecting in 'pool-1': connection refused")
        for _ in range(25):
            response = middleware.process_exception(request, OperationalError("couldn't get a connection"))
            assert response.status_code == 503
            logging.getLogger("django.request").warning(
                "Service Unavailable: %s", request.path, extra={"status_code": 503, "request": request}
            )
            logging.getLogger("psycopg.pool").warning("error connecting in 'pool-1': connection refused")
        outage.database.failed(OperationalError("connection refused"), "first refused: a websocket handshake")
        outage.database.failed(OperationalError("connection refused"), "first refused: a heartbeat")
        core_middleware._database_answered(sender=type(connection), connection=connection)
        core_middleware._database_answered(sender=type(connection), connection=connection)
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "database unavailable, answering 503 with Retry-After and refusing websocket handshakes until it is "
        "back (first refused: GET /api/accounts/me/): OperationalError: couldn't get a connection; the "
        "pool: error connecting in 'pool-1': connection refused",
        "database available again (27 failed during the outage)",
    ]


def test_the_pools_errors_still_show(caplog):
    import logging

    with caplog.at_level(logging.INFO):
        logging.getLogger("psycopg.pool").info("connection given by 'pool-1'")
        logging.getLogger("psycopg.pool").error("reconnection attempt in pool 'pool-1' failed")
    assert [record.getMessage() for record in caplog.records] == [
        "reconnection attempt in pool 'pool-1' failed"
    ]
