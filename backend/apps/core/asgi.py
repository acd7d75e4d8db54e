"""ASGI middleware in front of Django: limits that must hold before a view (or Django's request
parsing) reads anything, also when no web server sits in front (`make run`)."""

import asyncio
import json

from django.conf import settings


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
    body = json.dumps({"detail": "The server is busy. Try again shortly."}).encode()
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


class ConcurrencyLimit:
    """At most MAX_CONCURRENT_REQUESTS API requests in flight in this process (the database pool's
    size by default, so that an admitted request always finds a connection). One more waits up to
    REQUEST_QUEUE_SECONDS for a slot, then gets a JSON 503 with Retry-After: overload costs
    clients a quick retry, never a pool timeout. The health check is never queued behind load."""

    def __init__(self, app):
        self.app = app
        self.limit = settings.MAX_CONCURRENT_REQUESTS
        self.semaphore = asyncio.Semaphore(self.limit) if self.limit > 0 else None

    async def __call__(self, scope, receive, send):
        if (
            self.semaphore is None
            or scope["type"] != "http"
            or not scope["path"].startswith("/api/")
            or scope["path"] == "/api/health/"
        ):
            return await self.app(scope, receive, send)
        try:
            await asyncio.wait_for(self.semaphore.acquire(), settings.REQUEST_QUEUE_SECONDS)
        except TimeoutError:
            return await _answer_busy(send)
        try:
            return await self.app(scope, receive, send)
        finally:
            self.semaphore.release()
