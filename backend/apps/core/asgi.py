"""ASGI middleware in front of Django: limits that must hold before a view (or Django's request
parsing) reads anything, also when no web server sits in front (`make run`)."""

import asyncio
import json
import logging

from django.conf import settings

from apps.core.middleware import SERVICE_BUSY
from apps.core.outage import Outage

logger = logging.getLogger(__name__)


def _declared_length(scope) -> int | None:
    lengths = [value for name, value in scope.get("headers", []) if name.lower() == b"content-length"]
    try:
        return max(int(value) for value in lengths) if lengths else None
    except ValueError:
        return None


async def _answer_too_large(send, limit: int) -> None:
    body = json.dumps({"detail": f"Request body too large (at most {limit} bytes)."}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class RequestBodyLimit:
    """413 for a body over MAX_REQUEST_BODY_BYTES: at once when Content-Length says so (nothing is
    read), else as soon as a streamed (chunked) body passes the limit; Django then sees the client
    disconnect and drops the request without spooling the rest."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = settings.MAX_REQUEST_BODY_BYTES
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            return await _answer_too_large(send, limit)

        received = 0
        refused = False

        async def limited_receive():
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    await _answer_too_large(send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message):
            if not refused:
                await send(message)

        return await self.app(scope, limited_receive, guarded_send)


async def _answer_busy(send) -> None:
    # The shape of every "try again shortly" answer (apps.core.middleware.service_unavailable).
    body = json.dumps({"detail": SERVICE_BUSY}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(settings.RETRY_AFTER_SECONDS).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Busy(Exception):
    """What a request refused for load met (named in the overload's log line)."""

    def __str__(self) -> str:
        return SERVICE_BUSY


class Admission:
    """Sheds load before it waits (issue 33): at most MAX_CONCURRENT_REQUESTS API requests in
    flight in this process (by default the database pool's size less two, so an admitted request
    finds a connection), at most MAX_QUEUED_REQUESTS more waiting for a slot (0 by default), each
    for at most REQUEST_QUEUE_SECONDS. Any other request is answered a JSON 503 with Retry-After
    at once, from the event loop, before Django (no thread, no body read, no query): a refusal
    costs the client a quick retry and the server almost nothing, so the admitted requests keep
    the process's full capacity. Not limited: the health check (it must tell a busy process from a
    dead one) and everything but /api/ (websockets are not HTTP; docs/architecture.md)."""

    def __init__(self, app):
        self.app = app
        self.limit = settings.MAX_CONCURRENT_REQUESTS
        self.queue = settings.MAX_QUEUED_REQUESTS
        self.slots = asyncio.Semaphore(self.limit) if self.limit > 0 else None
        self.waiting = 0
        self.in_flight = 0
        # Shedding is logged as an outage is (apps.core.outage): a line when the first request is
        # refused and one, with the count, once nothing is in flight any more.
        self.overload = Outage(
            logger,
            f"server busy, answering 503 with Retry-After to API requests past {self.limit} in flight "
            f"and {self.queue} waiting",
            "server no longer busy",
        )

    async def __call__(self, scope, receive, send):
        if (
            self.slots is None
            or scope["type"] != "http"
            or not scope["path"].startswith("/api/")
            or scope["path"] == "/api/health/"
        ):
            return await self.app(scope, receive, send)
        if not await self._admitted():
            self.overload.failed(Busy(), f"first refused: {scope.get('method', '')} {scope['path']}")
            return await _answer_busy(send)
        self.in_flight += 1
        try:
            return await self.app(scope, receive, send)
        finally:
            self.in_flight -= 1
            self.slots.release()
            if self.in_flight == 0:
                self.overload.succeeded()

    async def _admitted(self) -> bool:
        assert self.slots is not None
        if not self.slots.locked():
            await self.slots.acquire()  # a free slot: taken without waiting
            return True
        if self.waiting >= self.queue:
            return False
        self.waiting += 1
        try:
            await asyncio.wait_for(self.slots.acquire(), settings.REQUEST_QUEUE_SECONDS)
        except TimeoutError:
            return False
        finally:
            self.waiting -= 1
        return True
