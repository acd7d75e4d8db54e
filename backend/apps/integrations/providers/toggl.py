"""Toggl Track, API v9 (https://engineering.toggl.com/docs/): HTTP Basic with the user's API
token as user name and the word `api_token` as password.

- Test connection: GET /api/v9/me (the account's fullname and email).
- Entries: GET /api/v9/me/time_entries?start_date=&end_date= (RFC 3339): a list of
  {id, start, stop, duration, description, tags, ...}; a running entry has a negative duration
  and no stop. Mapping: running -> processing (end None), tagged "manual" -> manual, else active.
"""

from __future__ import annotations

import datetime as dt
import json
from urllib.parse import urlencode

from apps.integrations.providers.base import (
    ProviderError,
    TrackedEntry,
    base_url,
    basic_auth,
    get_json,
    iso_z,
    parse_time,
    required_text,
)

DEFAULT_URL = "https://api.track.toggl.com"
TOKEN_REQUIRED = "Enter your Toggl Track API token (Profile settings, API Token)."


def _reason(body: bytes) -> str:
    text = body.decode("utf-8", "replace").strip()
    try:
        parsed = json.loads(text)
    except ValueError:
        return text[:200]
    if isinstance(parsed, str):
        return parsed[:200]
    if isinstance(parsed, dict):
        return str(parsed.get("error") or parsed.get("message") or "")[:200]
    return ""


class TogglProvider:
    key = "toggl"
    id = 2
    title = "Toggl Track"
    stored = True

    def clean(self, config: dict) -> dict:
        cleaned = {"provider": self.key, "api_token": required_text(config, "api_token", TOKEN_REQUIRED)}
        if config.get("base_url"):
            cleaned["base_url"] = base_url(config, DEFAULT_URL)
        return cleaned

    def _headers(self, config: dict) -> dict[str, str]:
        return {"Authorization": basic_auth(required_text(config, "api_token", TOKEN_REQUIRED), "api_token")}

    def check(self, config: dict) -> str:
        me = get_json(
            f"{base_url(config, DEFAULT_URL)}/api/v9/me", headers=self._headers(config), error_reason=_reason
        )
        if not isinstance(me, dict):
            raise ProviderError("The tracker's answer is not an account.")
        return f"Connected to Toggl Track as {me.get('fullname') or me.get('email') or me.get('id')}."

    def entries(self, config: dict, *, lo: dt.datetime, hi: dt.datetime, user=None) -> list[TrackedEntry]:
        query = urlencode({"start_date": iso_z(lo), "end_date": iso_z(hi)})
        rows = get_json(
            f"{base_url(config, DEFAULT_URL)}/api/v9/me/time_entries?{query}",
            headers=self._headers(config),
            error_reason=_reason,
        )
        if not isinstance(rows, list):
            raise ProviderError("The tracker's answer is not a list of time entries.")
        return [entry for row in rows if (entry := map_entry(row)) is not None]


def map_entry(row: object) -> TrackedEntry | None:
    if not isinstance(row, dict) or row.get("server_deleted_at") or row.get("id") is None:
        return None
    try:
        start = parse_time(row.get("start"))
        stop = parse_time(row.get("stop"))
    except (TypeError, ValueError):
        return None
    if start is None:
        return None
    running = stop is None or (isinstance(row.get("duration"), int) and row["duration"] < 0)
    tags = [str(t).lower() for t in row.get("tags") or []]
    kind = "processing" if running else ("manual" if "manual" in tags else "active")
    if not running and stop <= start:
        return None
    return TrackedEntry(
        external_id=str(row["id"]),
        start=start,
        end=None if running else stop,
        type_enum=kind,
        description=str(row.get("description") or "")[:300],
    )
