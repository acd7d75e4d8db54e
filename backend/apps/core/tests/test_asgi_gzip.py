"""apps.core.asgi_gzip: Django's answers gzipped on `make run`'s ASGI path, websockets untouched."""

import asyncio
import gzip
import json

import pytest
from django.test import override_settings

from apps.core.asgi_gzip import BUFFER_BYTES, GzipResponses

BIG_JSON = json.dumps([{"id": n, "display_name": f"Teammate {n}"} for n in range(200)]).encode()


def answering(status=200, content_type=b"application/json", chunks=(BIG_JSON,), extra_headers=()):
    """An ASGI app standing for Django: sends `chunks` as one answer (Django's 64 KiB pieces)."""

    async def app(scope, receive, send):
        headers = [(b"content-type", content_type), (b"etag", b'"v1"'), *extra_headers]
        headers.append((b"content-length", str(sum(len(c) for c in chunks)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        for index, chunk in enumerate(chunks):
            await send({"type": "http.response.body", "body": chunk, "more_body": index < len(chunks) - 1})

    return app


def call(app, accept=b"gzip, deflate, br", method="GET"):
    headers = [(b"accept-encoding", accept)] if accept is not None else []
    scope = {"type": "http", "method": method, "path": "/api/teammates/", "headers": headers}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(GzipResponses(app)(scope, receive, send))
    start = sent[0]
    assert start["type"] == "http.response.start"
    headers = {}
    for key, value in start["headers"]:
        assert key.decode().lower() not in headers, f"header {key!r} sent twice"
        headers[key.decode().lower()] = value.decode()
    return start["status"], headers, b"".join(message.get("body", b"") for message in sent[1:]), sent


def test_a_json_answer_is_gzipped_whole_with_its_length_and_vary():
    status, headers, body, _ = call(answering())
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == BIG_JSON
    assert int(headers["content-length"]) == len(body) < len(BIG_JSON) / 3
    assert headers["vary"] == "Accept-Encoding"
    assert headers["etag"] == 'W/"v1"'  # the compressed bytes are not the ones the tag names


def test_django_pieces_are_gathered_into_one_compressed_answer():
    half = len(BIG_JSON) // 2
    status, headers, body, sent = call(answering(chunks=(BIG_JSON[:half], BIG_JSON[half:])))
    assert gzip.decompress(body) == BIG_JSON and int(headers["content-length"]) == len(body)
    assert [m.get("more_body", False) for m in sent[1:]] == [False]


def test_a_stream_longer_than_the_buffer_is_compressed_as_it_comes():
    piece = b'{"row": "' + b"x" * (256 * 1024) + b'"}\n'
    pieces = (piece,) * (BUFFER_BYTES // len(piece) + 2)
    ndjson = b"application/x-ndjson; charset=utf-8"
    _, headers, body, sent = call(answering(content_type=ndjson, chunks=pieces))
    # Not a listed type: left alone. The same stream as text is compressed without a length.
    assert "content-encoding" not in headers and body == b"".join(pieces)
    _, headers, body, sent = call(answering(content_type=b"text/plain; charset=utf-8", chunks=pieces))
    assert headers["content-encoding"] == "gzip" and "content-length" not in headers
    assert gzip.decompress(body) == b"".join(pieces) and sent[-1].get("more_body", False) is False


@pytest.mark.parametrize(
    ("accept", "method"),
    [(None, "GET"), (b"identity", "GET"), (b"gzip;q=0", "GET"), (b"br", "GET"), (b"gzip", "HEAD")],
)
def test_left_alone_without_gzip_in_accept_encoding_but_still_varies(accept, method):
    status, headers, body, _ = call(answering(), accept=accept, method=method)
    assert status == 200 and "content-encoding" not in headers
    assert body == BIG_JSON and headers["content-length"] == str(len(BIG_JSON))
    assert headers["vary"] == "Accept-Encoding" and headers["etag"] == '"v1"'


@pytest.mark.parametrize(
    "app",
    [
        answering(chunks=(b'{"detail": "small"}',)),  # under a packet
        answering(content_type=b"image/png", chunks=(b"\x89PNG" + b"\x00" * 5000,)),
        answering(extra_headers=[(b"content-encoding", b"br")]),  # already encoded
        answering(status=304, chunks=(b"",)),
    ],
    ids=["small", "image", "encoded", "not-modified"],
)
def test_small_binary_encoded_and_bodiless_answers_are_left_as_they_are(app):
    _, headers, body, _ = call(app)
    assert "content-encoding" not in headers or headers["content-encoding"] == "br"
    assert headers.get("etag") == '"v1"'


def test_an_existing_vary_gains_accept_encoding_once():
    _, headers, _, _ = call(answering(extra_headers=[(b"Vary", b"Origin")]))
    assert headers["vary"] == "Origin, Accept-Encoding"
    _, headers, _, _ = call(answering(extra_headers=[(b"Vary", b"Accept-Encoding, Origin")]))
    assert headers["vary"] == "Accept-Encoding, Origin"


def test_websocket_frames_pass_through_untouched():
    frames = []

    async def socket_app(scope, receive, send):
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"big": "x" * 5000})})

    async def send(message):
        frames.append(message)

    scope = {"type": "websocket", "path": "/ws/", "headers": [(b"accept-encoding", b"gzip")]}
    asyncio.run(GzipResponses(socket_app)(scope, None, send))
    assert frames[1]["text"] == json.dumps({"big": "x" * 5000})


@override_settings(SPA_DIST_DIR=None)
def test_the_embedded_server_compresses_a_real_api_answer(db):
    # The whole `make run` http stack, as config/asgi.py builds it: the health check's JSON is
    # small, the schema is large.
    from config.asgi import application

    sent = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        # https: Django's SecurityMiddleware, built once with the application, may redirect http.
        "scheme": "https",
        "path": "/api/schema/",
        "raw_path": b"/api/schema/",
        "query_string": b"format=json",
        "headers": [(b"host", b"testserver"), (b"accept-encoding", b"gzip")],
        "client": ("127.0.0.1", 1234),
        "server": ("testserver", 80),
    }
    requests = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if requests:
            return requests.pop()
        await asyncio.Event().wait()  # the client stays connected

    async def send(message):
        sent.append(message)

    asyncio.run(application(scope, receive, send))
    headers = {key.decode().lower(): value.decode() for key, value in sent[0]["headers"]}
    body = b"".join(message.get("body", b"") for message in sent[1:])
    assert sent[0]["status"] == 200, (headers, body[:300])
    assert headers.get("content-encoding") == "gzip", headers
    assert "openapi" in json.loads(gzip.decompress(body))
