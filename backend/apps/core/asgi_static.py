"""The built SPA's hashed files (`/assets/…`), answered in front of Django when this process serves
the SPA itself (`make run` / `make serve`; a deployment's nginx serves them instead).

Through Django each of the /office page's ~55 chunks cost a request object, the middleware chain,
WhiteNoise's thread hop and a streamed body in several more hops: a cold load kept both uvicorn
workers busy for a few hundred milliseconds while the page's first API reads waited behind them.
Here a file is read once into memory, gzipped once (level 9, the size the bundle budget counts)
when a browser accepts it, and sent in one message. Vite names these files by their content, so
they are cached for good (`immutable`).

Anything else, a missing file, a method other than GET/HEAD, or a plain-http request where
HTTPS_ONLY redirects, goes on to Django unchanged."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

PREFIX = "/assets/"
CACHE_FOREVER = b"max-age=31536000, public, immutable"
# Worth compressing: text formats (JS, CSS, SVG, JSON, source maps), larger than a packet.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_GZIP_BYTES = 1024


def is_compressible(content_type: str) -> bool:
    """Text worth gzipping, by media type (`application/vnd.oai.openapi+json` included)."""
    media_type = content_type.split(";")[0].strip().lower()
    return media_type.startswith(COMPRESSIBLE) or media_type.endswith(("+json", "+xml"))


# Once per file and process: the smallest transfer is worth the few milliseconds.
ASSET_GZIP_LEVEL = 9


@dataclass
class Asset:
    body: bytes
    content_type: bytes
    etag: bytes
    gzipped: bytes | None = None
    gzip_checked: bool = False

    def gzip_body(self) -> bytes | None:
        if not self.gzip_checked:
            self.gzip_checked = True
            if len(self.body) >= MIN_GZIP_BYTES and is_compressible(self.content_type.decode()):
                packed = gzip.compress(self.body, compresslevel=ASSET_GZIP_LEVEL, mtime=0)
                self.gzipped = packed if len(packed) < len(self.body) else None
        return self.gzipped


def _content_type(path: Path) -> bytes:
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix in (".js", ".mjs"):
        guessed = "text/javascript"
    if guessed.startswith("text/") or guessed in ("application/json", "image/svg+xml"):
        guessed += '; charset="utf-8"'
    return guessed.encode()


def load_assets(root: Path) -> dict[str, Asset]:
    """Every file under root/assets, by URL path. Files are small (the whole build is ~3 MB)."""
    assets: dict[str, Asset] = {}
    folder = root / "assets"
    if not folder.is_dir():
        return assets
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            body = path.read_bytes()
            etag = b'"' + hashlib.sha256(body).hexdigest()[:20].encode() + b'"'
            assets[PREFIX + path.relative_to(folder).as_posix()] = Asset(body, _content_type(path), etag)
    return assets


def header(scope, name: bytes) -> bytes:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value
    return b""


def accepts_gzip(scope) -> bool:
    for part in header(scope, b"accept-encoding").split(b","):
        coding, _, params = part.strip().partition(b";")
        if coding.strip().lower() == b"gzip":
            return params.replace(b" ", b"") not in (b"q=0", b"q=0.0", b"q=0.00", b"q=0.000")
    return False


class SpaAssets:
    """ASGI middleware: serves `/assets/…` from memory, passes everything else to `app`."""

    def __init__(self, app, root: Path | None = None):
        self.app = app
        root = root if root is not None else getattr(settings, "WHITENOISE_ROOT", None)
        # DEBUG rebuilds the SPA under a running server (WhiteNoise's autorefresh looks at the disk).
        enabled = root is not None and not settings.DEBUG
        self.assets = load_assets(Path(root)) if enabled else {}
        self.security_headers = (
            [(b"x-content-type-options", b"nosniff")] if settings.SECURE_CONTENT_TYPE_NOSNIFF else []
        )
        if settings.SECURE_REFERRER_POLICY:
            self.security_headers.append((b"referrer-policy", str(settings.SECURE_REFERRER_POLICY).encode()))
        if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
            self.security_headers.append(
                (b"cross-origin-opener-policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY.encode())
            )

    async def __call__(self, scope, receive, send):
        asset = self._asset_for(scope)
        if asset is None:
            return await self.app(scope, receive, send)
        headers = [
            (b"content-type", asset.content_type),
            (b"cache-control", CACHE_FOREVER),
            (b"etag", asset.etag),
            (b"vary", b"Accept-Encoding"),
            *self.security_headers,
        ]
        if asset.etag in (tag.strip() for tag in header(scope, b"if-none-match").split(b",")):
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        body = asset.body
        packed = asset.gzip_body() if accepts_gzip(scope) else None
        if packed is not None:
            body = packed
            headers.append((b"content-encoding", b"gzip"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

    def _asset_for(self, scope) -> Asset | None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return None
        path = scope["path"]
        if not path.startswith(PREFIX):
            return None
        if (
            settings.SECURE_SSL_REDIRECT
            and scope.get("scheme") != "https"
            and not self._forwarded_https(scope)
        ):
            return None  # Django's SecurityMiddleware redirects it
        return self.assets.get(path)

    @staticmethod
    def _forwarded_https(scope) -> bool:
        proxy_header = settings.SECURE_PROXY_SSL_HEADER
        if not proxy_header:
            return False
        name = proxy_header[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
        return header(scope, name) == proxy_header[1].encode()
