"""Oversized bodies are refused in the ASGI layer, before Django reads or spools them."""

import asyncio

import pytest
from django.test import override_settings

from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

LIMIT = 4096


def _scope(headers):
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "https",
        "path": "/api/accounts/token/",
        "raw_path": b"/api/accounts/token/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }


class Wire:
    """A client that streams `chunks` and records what the server sends and how much it read."""

    def __init__(self, chunks):
        self.chunks = list(chunks)
        self.read = 0
        self.sent = []

    async def receive(self):
        if not self.chunks:  # the client waits for the answer
            await asyncio.Event().wait()
        chunk = self.chunks.pop(0)
        self.read += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": bool(self.chunks)}

    async def send(self, message):
        self.sent.append(message)

    @property
    def status(self):
        return next((m["status"] for m in self.sent if m["type"] == "http.response.start"), None)


@override_settings(MAX_REQUEST_BODY_BYTES=LIMIT)
async def test_a_declared_oversized_body_is_refused_without_reading_it():
    wire = Wire([b"x" * 1024] * 10)
    await application(_scope([(b"content-length", str(10 * 1024).encode())]), wire.receive, wire.send)
    assert wire.status == 413
    assert wire.read == 0


@override_settings(MAX_REQUEST_BODY_BYTES=LIMIT)
async def test_a_chunked_body_stops_being_read_past_the_limit():
    wire = Wire([b"x" * 1024] * 64)
    await application(_scope([(b"transfer-encoding", b"chunked")]), wire.receive, wire.send)
    assert wire.status == 413
    assert wire.read <= LIMIT + 1024
    assert len(wire.chunks) > 50


@override_settings(MAX_REQUEST_BODY_BYTES=LIMIT)
async def test_a_body_under_the_limit_reaches_the_view():
    body = b'{"email": "nobody@example.org", "password": "wrong-password"}'
    wire = Wire([body])
    await application(_scope([(b"content-length", str(len(body)).encode())]), wire.receive, wire.send)
    assert wire.status == 400
