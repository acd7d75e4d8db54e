"""Django's answers gzipped when this process serves the browser itself (`make run` / `make serve`).

In a deployment nginx compresses what it proxies (`frontend/nginx.conf`, `gzip_proxied any`) and the
API runs under gunicorn (WSGI), so this sits only in `config/asgi.py`'s http stack: JSON, JS, CSS,
SVG and other text of at least MIN_GZIP_BYTES, for a request that accepts gzip, at level 6 (a
500-member teammates strip is ~230 KB of JSON, ~10x less gzipped). Websockets never pass here
(`ProtocolTypeRouter` sends them elsewhere; live events stay uncompressed frames, see the Makefile's
UVICORN_OPTS). The SPA's hashed files are gzipped once by `SpaAssets`, in front of this.

A compressible answer always says `Vary: Accept-Encoding`, compressed or not, so a cache never hands
a gzipped copy to a client that did not ask for one. An ETag becomes weak when the body is
compressed (the bytes differ from the ones it names), as Django's GZipMiddleware does."""

from __future__ import annotations

import zlib

from apps.core.asgi_static import MIN_GZIP_BYTES, accepts_gzip, is_compressible

GZIP_LEVEL = 6
NO_BODY_STATUSES = (204, 304)
# An answer up to this size is compressed whole, with a Content-Length; a longer one as a stream.
BUFFER_BYTES = 1024 * 1024


def _gzip_compressor():
    return zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)  # 16+: a gzip wrapper


def _with_vary(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    for index, (name, value) in enumerate(headers):
        if name.lower() == b"vary":
            fields = [field.strip().lower() for field in value.split(b",")]
            if b"accept-encoding" not in fields and b"*" not in fields:
                headers[index] = (name, value + b", Accept-Encoding")
            return headers
    return [*headers, (b"vary", b"Accept-Encoding")]


def _compressed_headers(headers: list[tuple[bytes, bytes]], length: int | None) -> list[tuple[bytes, bytes]]:
    kept = []
    for name, value in headers:
        lowered = name.lower()
        if lowered == b"content-length":
            continue
        if lowered == b"etag" and not value.startswith(b"W/"):
            value = b"W/" + value
        kept.append((name, value))
    kept.append((b"content-encoding", b"gzip"))
    if length is not None:
        kept.append((b"content-length", str(length).encode()))
    return kept


class GzipResponses:
    """ASGI middleware around Django's http application."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        wants_gzip = accepts_gzip(scope) and scope["method"] != "HEAD"
        start: dict | None = None  # held back until the first body message decides
        compressor = None
        passthrough = False
        held: list[bytes] = []

        async def gzip_send(message):
            nonlocal start, compressor, passthrough
            kind = message["type"]
            if kind == "http.response.start":
                headers = list(message.get("headers", []))
                fields = {name.lower(): value for name, value in headers}
                compressible = (
                    is_compressible(fields.get(b"content-type", b"").decode("latin-1"))
                    and b"content-encoding" not in fields
                    and message["status"] not in NO_BODY_STATUSES
                )
                if not compressible:
                    passthrough = True
                    return await send(message)
                message = {**message, "headers": _with_vary(headers)}
                if not wants_gzip:
                    passthrough = True
                    return await send(message)
                start = message
                return None
            if kind != "http.response.body" or passthrough:
                return await send(message)
            more = message.get("more_body", False)
            if compressor is None:
                # Django sends a plain answer in 64 KiB pieces: gather them (up to BUFFER_BYTES) so
                # the answer is compressed whole and keeps a Content-Length.
                held.append(message.get("body", b""))
                size = sum(len(part) for part in held)
                if more and size < BUFFER_BYTES:
                    return None
                body = b"".join(held)
                held.clear()
                if not more and size < MIN_GZIP_BYTES:
                    passthrough = True
                    await send(start)
                    return await send({**message, "body": body})
                compressor = _gzip_compressor()
                if not more:
                    packed = compressor.compress(body) + compressor.flush()
                    await send({**start, "headers": _compressed_headers(start["headers"], len(packed))})
                    return await send({**message, "body": packed})
                # A long stream: compressed as it comes, without a length.
                await send({**start, "headers": _compressed_headers(start["headers"], None)})
            else:
                body = message.get("body", b"")
            packed = compressor.compress(body) + (b"" if more else compressor.flush())
            if packed or not more:
                await send({**message, "body": packed})
            return None

        await self.app(scope, receive, gzip_send)
