"""Faults, end to end: the server (uvicorn, as `make serve` runs it) reaches PostgreSQL and Redis
through a TCP proxy on loopback (tests/faults/proxy.py), and the tests cut the proxy, never the
machine's services. Behaviour only: statuses, bodies, headers, log lines; no timing assertions
(a client timeout only bounds a hang). bench/faults measures the timings."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from apps.accounts.models import AuthToken
from apps.accounts.tests.factories import UserFactory
from tests.faults.proxy import TcpProxy

BACKEND = Path(__file__).resolve().parents[2]
ON_POSTGRES = connection.vendor == "postgresql"
# A hung request fails the test instead of hanging it (the outage hung 10 s per request).
CLIENT_TIMEOUT = 5
ME = "/api/accounts/me/"
STATUS = "/api/work/create_log_user_status/"
LAYER_DOWN_LINE = "channel layer unavailable"
DB_DOWN_LINE = "database unavailable, answering 503"
DB_BACK_LINE = "database available again ("
PUBLISH_FAILED_LINE = "could not publish live events"

needs_postgres = pytest.mark.skipif(
    not ON_POSTGRES, reason="cuts PostgreSQL through a TCP proxy: run with DATABASE_URL=postgres://..."
)
needs_redis = pytest.mark.skipif(
    not settings.REDIS_URL, reason="cuts Redis through a TCP proxy: run with REDIS_URL=redis://..."
)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: dict = field(default_factory=dict)


def _lower(headers) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _through(url: str, proxy: TcpProxy) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    auth = netloc[0] + "@" if len(netloc) == 2 else ""
    return urlunsplit(parts._replace(netloc=f"{auth}127.0.0.1:{proxy.port}"))


def _database_url(proxy: TcpProxy) -> str:
    db = settings.DATABASES["default"]  # the test database pytest-django made
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@127.0.0.1:{proxy.port}/{db['NAME']}"


@dataclass
class Stack:
    base: str
    token: str
    log: Path
    db: TcpProxy | None
    redis: TcpProxy | None

    def call(self, method: str, path: str, body: dict | None = None, token: bool = True) -> Answer:
        request = urllib.request.Request(self.base + path, method=method)
        if token:
            request.add_header("Authorization", f"Token {self.token}")
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, data, timeout=CLIENT_TIMEOUT) as response:
                status, headers, raw = response.status, _lower(response.headers), response.read()
        except urllib.error.HTTPError as error:
            status, headers, raw = error.code, _lower(error.headers), error.read()
        try:
            parsed = json.loads(raw) if raw else {}
        except ValueError:
            parsed = {"<not json>": raw[:200].decode(errors="replace")}
        return Answer(status, headers, parsed)

    def socket(self):
        url = self.base.replace("http://", "ws://") + "/ws/work/user_status/"
        return connect(url, subprotocols=["token", self.token], origin=self.base, open_timeout=CLIENT_TIMEOUT)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def _until(check: Callable[[], bool], seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return True
        except (OSError, InvalidStatus):
            pass
        time.sleep(0.2)
    return False


def _opens(stack: Stack) -> bool:
    """A handshake succeeds (the socket opens)."""
    try:
        with stack.socket():
            return True
    except (InvalidStatus, OSError):
        return False


@pytest.fixture
def stack(transactional_db, tmp_path) -> Iterator[Stack]:
    user = UserFactory()
    token = AuthToken.objects.create(user=user)
    with contextlib.ExitStack() as exits:
        db = redis = None
        env = dict(os.environ)
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "HTTPS_ONLY": "false",
                "DEBUG": "false",
                "DEMO_DATA": "false",
                "ALLOWED_HOSTS": "127.0.0.1",
                "DB_POOL_MIN": "2",
                "DB_POOL_MAX": "4",
                "CHANNEL_PREFIX": f"faults-{os.getpid()}",
                "CACHE_PREFIX": f"faults-{os.getpid()}",
                "DATABASE_URL": "",
                "REDIS_URL": "",
            }
        )
        if ON_POSTGRES:
            db_settings = settings.DATABASES["default"]
            target = (db_settings["HOST"] or "127.0.0.1", int(db_settings["PORT"] or 5432))
            db = exits.enter_context(TcpProxy(*target))
            env["DATABASE_URL"] = _database_url(db)
        else:
            env["SQLITE_PATH"] = settings.DATABASES["default"]["NAME"]
        if settings.REDIS_URL:
            parts = urlsplit(settings.REDIS_URL)
            redis = exits.enter_context(TcpProxy(parts.hostname or "127.0.0.1", parts.port or 6379))
            env["REDIS_URL"] = _through(settings.REDIS_URL, redis)
        port = _free_port()
        log = tmp_path / "server.log"
        with open(log, "wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
                + ["--port", str(port), "--ws-per-message-deflate", "false", "--no-server-header"],
                cwd=BACKEND,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            stack = Stack(f"http://127.0.0.1:{port}", token.key, log, db, redis)
            if not _until(lambda: stack.call("GET", "/api/health/", token=False).status == 200, 30):
                pytest.fail("the server did not become healthy:\n" + stack.log_text()[-3000:])
            yield stack
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _is_json_503(answer: Answer) -> bool:
    retry_after = answer.headers.get("retry-after", "")
    return answer.status == 503 and "detail" in answer.body and retry_after.isdigit()


@needs_postgres
def test_a_database_restart_costs_no_request_its_dead_pooled_connections(stack):
    assert [stack.call("GET", ME).status for _ in range(6)] == [200] * 6  # the pool holds connections
    stack.db.cut()  # every pooled connection dies, as in a restart
    stack.db.restore()
    assert [stack.call("GET", ME).status for _ in range(10)] == [200] * 10


@needs_postgres
def test_database_down_is_a_json_503_with_retry_after_and_service_resumes(stack):
    assert stack.call("GET", ME).status == 200
    stack.db.cut()

    read = stack.call("GET", ME)
    assert _is_json_503(read), read
    write = stack.call("POST", STATUS, {"status_enum_identifier": "working"})
    assert _is_json_503(write), write
    health = stack.call("GET", "/api/health/", token=False)
    assert health.status == 503
    assert health.body["database"] == "unavailable"
    assert health.body["status"] == "unavailable"
    assert health.headers.get("retry-after", "").isdigit()

    # A websocket handshake cannot check its token: refused cleanly (403, close 1013), counted in
    # the outage (no line of its own).
    for _ in range(3):
        with pytest.raises(InvalidStatus) as refused:
            stack.socket()
        assert refused.value.response.status_code == 403

    stack.db.restore()
    assert _until(lambda: stack.call("GET", ME).status == 200), stack.log_text()[-3000:]
    assert [stack.call("GET", ME).status for _ in range(10)] == [200] * 10
    assert stack.call("GET", "/api/health/", token=False).body["database"] == "ok"
    assert _until(lambda: _opens(stack)), stack.log_text()[-3000:]
    log = stack.log_text()
    # Two lines for the outage (issue 33), the refused handshakes counted in them: not one per
    # refused request, not Django's "Service Unavailable" per 503, not the pool's warning per
    # connection attempt (folded into the first line), not a line of the websocket side's own.
    assert log.count(DB_DOWN_LINE) == 1, log[-3000:]
    assert log.count(DB_BACK_LINE) == 1, log[-3000:]
    assert log.count("database unavailable") == 1 and log.count("database available") == 1, log[-3000:]
    assert "Service Unavailable: /" not in log and "error connecting in 'pool" not in log.replace(
        "the pool: error connecting in", ""
    ), log[-3000:]
    assert "Traceback" not in log, log[-3000:]


@needs_redis
def test_redis_down_keeps_http_working_and_refuses_handshakes_cleanly(stack):
    with stack.socket() as open_socket:
        stack.redis.cut()
        # The socket open when Redis went away is closed cleanly (its channel cannot receive).
        with pytest.raises(ConnectionClosed) as closed:
            open_socket.recv(timeout=CLIENT_TIMEOUT)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011

    assert stack.call("GET", ME).status == 200
    assert stack.call("POST", STATUS, {"status_enum_identifier": "working"}).status in (200, 201)
    # The teammates strip does not need Redis (kept per process under read stamps).
    for _ in range(2):
        strip = stack.call("GET", "/api/accounts/teammates/")
        assert strip.status == 200 and strip.body[0]["status"] == "working"
    health = stack.call("GET", "/api/health/", token=False)
    assert (health.status, health.body["redis"], health.body["database"]) == (503, "unavailable", "ok")
    for _ in range(3):
        with pytest.raises(InvalidStatus) as refused:
            stack.socket()
        assert refused.value.response.status_code == 403
    log = stack.log_text()
    assert log.count(LAYER_DOWN_LINE) == 1, log[-3000:]
    assert "Exception inside application" not in log, log[-3000:]
    assert "Exception in ASGI application" not in log, log[-3000:]

    stack.redis.restore()

    statuses = itertools.cycle(["taking_break", "working"])  # the same status twice is no change

    def connects_and_hears_a_status_change() -> bool:
        with stack.socket() as sock:
            changed = stack.call("POST", STATUS, {"status_enum_identifier": next(statuses)})
            assert changed.status in (200, 201), changed
            return bool(sock.recv(timeout=CLIENT_TIMEOUT))

    assert _until(connects_and_hears_a_status_change), stack.log_text()[-3000:]
    assert stack.call("GET", "/api/health/", token=False).status == 200
    # Back for good: no handshake refused on a connection the outage killed, no flapping.
    assert all(_opens(stack) for _ in range(20))
    assert connects_and_hears_a_status_change()
    log = stack.log_text()
    assert log.count(LAYER_DOWN_LINE) == 1, log[-3000:]
    assert log.count("channel layer available again") == 1, log[-3000:]
    # The status change while Redis was down committed; its lost event is one line, not one per group.
    assert log.count(PUBLISH_FAILED_LINE) == 1, log[-3000:]
    assert "Traceback" not in log, log[-3000:]
