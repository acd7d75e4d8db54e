"""apps.core.asgi_static: the SPA's hashed files answered in front of Django."""

import asyncio
import gzip

import pytest

from apps.core.asgi_static import SpaAssets

SCRIPT = b"export const answer = 42;\n" * 200  # worth gzipping


@pytest.fixture
def spa(tmp_path):
    assets = tmp_path / "assets"
    assets.mkdir()
    (assets / "index-abc123.js").write_bytes(SCRIPT)
    (assets / "tiny-abc123.css").write_bytes(b"a{color:red}")
    (assets / "logo-abc123.png").write_bytes(b"\x89PNG" + b"\x00" * 2000)
    (tmp_path / "index.html").write_text("<!doctype html>")
    return tmp_path


class Downstream:
    """Stands for Django: records what reached it."""

    def __init__(self):
        self.paths = []

    async def __call__(self, scope, receive, send):
        self.paths.append((scope["method"], scope["path"]))
        await send({"type": "http.response.start", "status": 404, "headers": []})
        await send({"type": "http.response.body", "body": b"django"})


def call(app, path, method="GET", headers=(), scheme="http"):
    scope = {"type": "http", "method": method, "path": path, "scheme": scheme, "headers": list(headers)}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start, body = sent[0], b"".join(message.get("body", b"") for message in sent[1:])
    return start["status"], {key.decode(): value.decode() for key, value in start["headers"]}, body


@pytest.fixture
def app(spa, settings):
    settings.DEBUG = False
    settings.SECURE_SSL_REDIRECT = False
    downstream = Downstream()
    return SpaAssets(downstream, root=spa), downstream


def test_serves_a_hashed_file_from_memory_cached_for_good(app):
    static, downstream = app
    status, headers, body = call(static, "/assets/index-abc123.js")
    assert status == 200 and body == SCRIPT
    assert headers["content-type"] == 'text/javascript; charset="utf-8"'
    assert headers["cache-control"] == "max-age=31536000, public, immutable"
    assert headers["content-length"] == str(len(SCRIPT))
    assert headers["x-content-type-options"] == "nosniff"
    assert "content-encoding" not in headers
    assert downstream.paths == []


def test_gzips_text_for_a_browser_that_accepts_it(app):
    static, _ = app
    status, headers, body = call(
        static, "/assets/index-abc123.js", headers=[(b"accept-encoding", b"gzip, br")]
    )
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == SCRIPT and int(headers["content-length"]) == len(body) < len(SCRIPT)
    # Refused with q=0, tiny files and images stay as they are.
    _, refused, _ = call(static, "/assets/index-abc123.js", headers=[(b"accept-encoding", b"gzip;q=0")])
    _, tiny, _ = call(static, "/assets/tiny-abc123.css", headers=[(b"accept-encoding", b"gzip")])
    _, image, _ = call(static, "/assets/logo-abc123.png", headers=[(b"accept-encoding", b"gzip")])
    assert (
        "content-encoding" not in refused
        and "content-encoding" not in tiny
        and "content-encoding" not in image
    )
    assert image["content-type"] == "image/png"


def test_answers_304_to_a_matching_etag_and_head_without_a_body(app):
    static, _ = app
    _, headers, _ = call(static, "/assets/index-abc123.js")
    status, _, body = call(
        static, "/assets/index-abc123.js", headers=[(b"if-none-match", headers["etag"].encode())]
    )
    assert status == 304 and body == b""
    status, head, body = call(static, "/assets/index-abc123.js", method="HEAD")
    assert status == 200 and body == b"" and head["content-length"] == str(len(SCRIPT))


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/assets/missing-abc123.js"),
        ("GET", "/assets/../index.html"),
        ("GET", "/index.html"),
        ("GET", "/api/accounts/me/"),
        ("POST", "/assets/index-abc123.js"),
    ],
)
def test_everything_else_goes_on_to_django(app, method, path):
    static, downstream = app
    status, _, body = call(static, path, method=method)
    assert (status, body) == (404, b"django") and downstream.paths == [(method, path)]


def test_plain_http_goes_to_django_when_https_only_redirects(app, settings):
    static, downstream = app
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert call(static, "/assets/index-abc123.js")[2] == b"django"
    assert call(static, "/assets/index-abc123.js", scheme="https")[0] == 200
    forwarded = [(b"x-forwarded-proto", b"https")]
    assert call(static, "/assets/index-abc123.js", headers=forwarded)[0] == 200
    assert downstream.paths == [("GET", "/assets/index-abc123.js")]


def test_debug_leaves_the_files_to_whitenoise(spa, settings):
    settings.DEBUG = True
    downstream = Downstream()
    assert call(SpaAssets(downstream, root=spa), "/assets/index-abc123.js")[2] == b"django"
