"""A local stand-in for the remote services (tests, e2e and trying it out offline): it serves
real .ics files and answers the Toggl Track v9 and Clockify v1 calls with their real JSON
(recorded payloads in fake/, dated into the asked window). `manage.py fake_integrations`
runs it; tests start it on a free port.

- GET /calendar/<name>.ics    a file of fake/ics/ (daily.ics: two sessions every day, in the
                              reader's time zone); /calendar/big.ics is larger than any limit;
                              /calendar/redirect/<n> redirects n times, then to daily.ics
- GET /toggl/api/v9/me, /toggl/api/v9/me/time_entries        (Basic <TOGGL_TOKEN>:api_token)
- GET /clockify/api/v1/user, /clockify/api/v1/workspaces/<ws>/user/<id>/time-entries
                                                             (X-Api-Key: CLOCKIFY_KEY)
Time entries: the recorded ones, moved onto each day of the asked window (same times of day).
- /oidc/...                   a small OpenID Connect provider (apps/integrations/fake_oidc.py)
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from apps.core import timeutils
from apps.integrations import fake_oidc

FAKE_DIR = Path(__file__).resolve().parent / "fake"
TOGGL_TOKEN = "toggl-demo-token"
CLOCKIFY_KEY = "clockify-demo-key"
BIG_BYTES = 3 * 1024 * 1024


def _load(name: str):
    return json.loads((FAKE_DIR / name).read_text())


def _parse(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def _days(start: str | None, end: str | None) -> list[dt.date]:
    if not start or not end:
        return []
    lo, hi = _parse(start).date(), _parse(end).date()
    return [lo + dt.timedelta(days=n) for n in range(min((hi - lo).days + 1, 93))]


def _moved(value: str | None, day: dt.date, *, z: bool) -> str | None:
    if value is None:
        return None
    moved = _parse(value).astimezone(dt.UTC).replace(year=day.year, month=day.month, day=day.day)
    return moved.strftime("%Y-%m-%dT%H:%M:%SZ") if z else moved.isoformat()


def toggl_entries(start: str | None, end: str | None) -> list[dict]:
    out = []
    for day in _days(start, end):
        for row in _load("toggl_time_entries.json"):
            if row["stop"] is None and day != timeutils.now().date():
                continue  # only today's timer runs
            out.append(
                row
                | {
                    "id": row["id"] * 1000 + day.toordinal() % 1000,
                    "start": _moved(row["start"], day, z=False),
                    "stop": _moved(row["stop"], day, z=False),
                }
            )
    lo, hi = _parse(start), _parse(end)
    return [r for r in out if lo <= _parse(r["start"]) < hi]


def clockify_entries(start: str | None, end: str | None) -> list[dict]:
    out = []
    for day in _days(start, end):
        for row in _load("clockify_time_entries.json"):
            interval = row["timeInterval"]
            if interval["end"] is None and day != timeutils.now().date():
                continue
            out.append(
                row
                | {
                    "id": f"{row['id'][:-6]}{day.toordinal():06d}{row['id'][-1]}",
                    "timeInterval": interval
                    | {
                        "start": _moved(interval["start"], day, z=True),
                        "end": _moved(interval["end"], day, z=True),
                    },
                }
            )
    lo, hi = _parse(start), _parse(end)
    return [r for r in out if lo <= _parse(r["timeInterval"]["start"]) < hi]


class Handler(BaseHTTPRequestHandler):
    server_version = "FakeIntegrations/1.0"

    def log_message(self, format, *args):  # noqa: A002 - quiet in tests
        pass

    def handle(self):
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            super().handle()  # the client may give up early (the size limit's test does)

    def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, payload) -> None:
        self._send(status, json.dumps(payload).encode())

    def do_GET(self):  # noqa: N802 - http.server's name
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        path = parts.path
        if path.startswith("/calendar/"):
            return self._calendar(path.removeprefix("/calendar/"))
        if path.startswith("/toggl/"):
            return self._toggl(path.removeprefix("/toggl"), query)
        if path.startswith("/clockify/"):
            return self._clockify(path.removeprefix("/clockify"), query)
        if path == f"{fake_oidc.PATH}/.well-known/openid-configuration":
            return self._json(200, fake_oidc.discovery(self._issuer()))
        if path == f"{fake_oidc.PATH}/jwks":
            return self._json(200, fake_oidc.jwks())
        if path == f"{fake_oidc.PATH}/authorize":
            status, page = fake_oidc.authorize_form(query)
            return self._send(status, page.encode(), "text/html; charset=utf-8")
        return self._json(404, {"message": "Not found"})

    def do_POST(self):  # noqa: N802 - http.server's name
        path = urlsplit(self.path).path
        length = int(self.headers.get("Content-Length") or 0)
        form = fake_oidc.parse_form(self.rfile.read(min(length, 64 * 1024)))
        if path == f"{fake_oidc.PATH}/authorize":
            self.send_response(302)
            self.send_header("Location", fake_oidc.authorize_submit(form))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if path == f"{fake_oidc.PATH}/token":
            status, payload = fake_oidc.token(self._issuer(), self.headers, form)
            return self._json(status, payload)
        return self._json(404, {"message": "Not found"})

    def _issuer(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}{fake_oidc.PATH}"

    def _calendar(self, name: str):
        if name.startswith("redirect/"):
            left = int(name.split("/")[1] or 0)
            self.send_response(302)
            self.send_header(
                "Location", f"/calendar/redirect/{left - 1}" if left > 1 else "/calendar/daily.ics"
            )
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if name == "big.ics":
            event = (
                "BEGIN:VEVENT\r\nDTSTART:20260101T090000Z\r\nDTEND:20260101T100000Z\r\n"
                "UID:{n}@big\r\nSUMMARY:" + "x" * 200 + "\r\nEND:VEVENT\r\n"
            )
            body = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            body += "".join(event.format(n=n) for n in range(BIG_BYTES // 260 + 1)) + "END:VCALENDAR\r\n"
            return self._send(200, body.encode(), "text/calendar")
        file = FAKE_DIR / "ics" / name
        if not re.fullmatch(r"[a-z0-9_-]+\.ics", name) or not file.is_file():
            return self._send(404, b"Not Found", "text/plain")
        return self._send(200, file.read_bytes(), "text/calendar; charset=utf-8")

    def _toggl(self, path: str, query: dict):
        expected = "Basic " + base64.b64encode(f"{TOGGL_TOKEN}:api_token".encode()).decode()
        if self.headers.get("Authorization") != expected:
            return self._send(403, b"Incorrect username and/or password", "text/plain; charset=utf-8")
        if path == "/api/v9/me":
            return self._json(200, _load("toggl_me.json"))
        if path == "/api/v9/me/time_entries":
            return self._json(200, toggl_entries(query.get("start_date"), query.get("end_date")))
        return self._send(404, b"404 page not found", "text/plain")

    def _clockify(self, path: str, query: dict):
        if self.headers.get("X-Api-Key") != CLOCKIFY_KEY:
            return self._json(
                401, {"message": "Full authentication is required to access this resource", "code": 1000}
            )
        user = _load("clockify_user.json")
        if path == "/api/v1/user":
            return self._json(200, user)
        match = re.fullmatch(r"/api/v1/workspaces/([^/]+)/user/([^/]+)/time-entries", path)
        if match and match.group(2) == user["id"]:
            if match.group(1) != user["activeWorkspace"]:
                return self._json(403, {"message": "Access Denied", "code": 403})
            page = int(query.get("page", "1"))
            rows = clockify_entries(query.get("start"), query.get("end"))
            size = int(query.get("page-size", "50"))
            return self._json(200, rows[(page - 1) * size : page * size])
        return self._json(404, {"message": "Not found", "code": 404})


def serve(host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """Start the fake in a daemon thread; `server.server_address` says where it listens."""
    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="fake-integrations", daemon=True).start()
    return server
