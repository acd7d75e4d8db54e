"""ASGI middleware in front of Django: limits that must hold before a view (or Django's request
parsing) reads anything, also when no web server sits in front (`make run`)."""

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
