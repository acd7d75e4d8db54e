"""Clockify, API v1 (https://docs.clockify.me/): header X-Api-Key with the user's API key.

- Test connection: GET /api/v1/user (name, email, activeWorkspace).
- Entries: GET /api/v1/workspaces/{workspaceId}/user/{userId}/time-entries?start=&end=&page=&page-size=
  (ISO 8601 UTC), pages of {id, description, timeInterval {start, end, duration}, type, tagIds}.
  The workspace is the configured `workspace_id` or the account's active one. Mapping: running
  (no end) -> processing, type BREAK / HOLIDAY / TIME_OFF left out, else active (Clockify does
  not mark entries typed in by hand).
"""

from __future__ import annotations

import datetime as dt
import json
from urllib.parse import quote, urlencode

from apps.integrations.providers.base import (
    ProviderError,
    TrackedEntry,
    base_url,
    get_json,
    iso_z,
    parse_time,
    required_text,
)

DEFAULT_URL = "https://api.clockify.me"
KEY_REQUIRED = "Enter your Clockify API key (Preferences, Advanced, API key)."
PAGE_SIZE = 200
MAX_PAGES = 10
NOT_WORK = {"BREAK", "HOLIDAY", "TIME_OFF"}


def _reason(body: bytes) -> str:
    try:
        parsed = json.loads(body)
    except ValueError:
        return body.decode("utf-8", "replace").strip()[:200]
    return str(parsed.get("message") or "")[:200] if isinstance(parsed, dict) else ""


class ClockifyProvider:
    key = "clockify"
    id = 3
    title = "Clockify"
    stored = True

    def clean(self, config: dict) -> dict:
        cleaned = {"provider": self.key, "api_key": required_text(config, "api_key", KEY_REQUIRED)}
        if config.get("workspace_id"):
            cleaned["workspace_id"] = str(config["workspace_id"])[:64]
        if config.get("base_url"):
            cleaned["base_url"] = base_url(config, DEFAULT_URL)
        return cleaned

    def _headers(self, config: dict) -> dict[str, str]:
        return {"X-Api-Key": required_text(config, "api_key", KEY_REQUIRED)}

    def _me(self, config: dict) -> dict:
        me = get_json(
            f"{base_url(config, DEFAULT_URL)}/api/v1/user",
            headers=self._headers(config),
            error_reason=_reason,
        )
        if not isinstance(me, dict) or not me.get("id"):
            raise ProviderError("The tracker's answer is not an account.")
        return me

    def check(self, config: dict) -> str:
        me = self._me(config)
        return f"Connected to Clockify as {me.get('name') or me.get('email') or me['id']}."

    def entries(self, config: dict, *, lo: dt.datetime, hi: dt.datetime, user=None) -> list[TrackedEntry]:
        me = self._me(config)
        workspace = config.get("workspace_id") or me.get("activeWorkspace") or me.get("defaultWorkspace")
        if not workspace:
            raise ProviderError("The Clockify account has no workspace.")
        root = base_url(config, DEFAULT_URL) + f"/api/v1/workspaces/{quote(str(workspace))}"
        root += f"/user/{quote(str(me['id']))}"
        out: list[TrackedEntry] = []
        for page in range(1, MAX_PAGES + 1):
            query = urlencode({"start": iso_z(lo), "end": iso_z(hi), "page": page, "page-size": PAGE_SIZE})
            rows = get_json(
                f"{root}/time-entries?{query}", headers=self._headers(config), error_reason=_reason
            )
            if not isinstance(rows, list):
                raise ProviderError("The tracker's answer is not a list of time entries.")
            out += [entry for row in rows if (entry := map_entry(row)) is not None]
            if len(rows) < PAGE_SIZE:
                break
        return out


def map_entry(row: object) -> TrackedEntry | None:
    if not isinstance(row, dict) or not row.get("id") or str(row.get("type") or "REGULAR") in NOT_WORK:
        return None
    interval = row.get("timeInterval") or {}
    try:
        start = parse_time(interval.get("start"))
        end = parse_time(interval.get("end"))
    except (TypeError, ValueError, AttributeError):
        return None
    if start is None or (end is not None and end <= start):
        return None
    return TrackedEntry(
        external_id=str(row["id"]),
        start=start,
        end=end,
        type_enum="processing" if end is None else "active",
        description=str(row.get("description") or "")[:300],
    )
