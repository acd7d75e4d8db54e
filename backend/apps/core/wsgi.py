"""WSGI middleware in front of Django for the production /api path (gunicorn, config/wsgi.py):
the same body limit apps.core.asgi.RequestBodyLimit holds under ASGI. nginx buffers a request
body and passes it on with a Content-Length (client_max_body_size bounds it first), so the
declared length is what is checked here."""

import json

from django.conf import settings


class RequestBodyLimit:
    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        limit = settings.MAX_REQUEST_BODY_BYTES
        try:
            declared = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if declared > limit or (chunked and not declared):
            # A chunked body has no length to check before it is read: refused here, where nginx
            # (which always sends a length) sits in front.
            body = json.dumps({"detail": f"Request body too large (at most {limit} bytes)."}).encode()
            if chunked and not declared:
                body = json.dumps({"detail": "A request body needs a Content-Length."}).encode()
            start_response(
                "413 Request Entity Too Large" if declared > limit else "411 Length Required",
                [
                    ("Content-Type", "application/json"),
                    ("Content-Length", str(len(body))),
                    ("Connection", "close"),
                ],
            )
            return [body]
        return self.app(environ, start_response)
