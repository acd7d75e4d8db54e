from __future__ import annotations

import base64
import datetime as dt
import json
from dataclasses import dataclass
from typing import Protocol

from apps.integrations import fetch

MAX_BYTES = 4 * 1024 * 1024


class ProviderError(Exception):
    """The tracker refused or failed; `message` is the provider's own reason where it gave one."""

    def __init__(self, message: str, *, transient: bool = False):
        super().__init__(message)
        self.message = message
        self.transient = transient


@dataclass(frozen=True)
class TrackedEntry:
    external_id: str
    start: dt.datetime
    end: dt.datetime | None  # None: the timer runs
    type_enum: str  # active, manual, processing
    description: str = ""


class Provider(Protocol):
    key: str
    id: int
    title: str
    stored: bool  # entries are copied by the sync (external) or read live (built-in)

    def clean(self, config: dict) -> dict: ...

    def check(self, config: dict) -> str: ...

    def entries(self, config: dict, *, lo: dt.datetime, hi: dt.datetime, user=None) -> list[TrackedEntry]: ...


def parse_time(value: str | None) -> dt.datetime | None:
    if not value:
        return None
    parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


def iso_z(instant: dt.datetime) -> str:
    return instant.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def basic_auth(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def get_json(url: str, *, headers: dict[str, str], error_reason) -> object:
    """GET a JSON document; ProviderError with the provider's reason on a non-200."""
    try:
        response = fetch.fetch(url, headers={"Accept": "application/json", **headers}, max_bytes=MAX_BYTES)
    except fetch.FetchError as exc:
        raise ProviderError(exc.message, transient=exc.transient) from exc
    if response.status != 200:
        reason = error_reason(response.body) or f"HTTP {response.status}"
        transient = response.status == 429 or response.status >= 500
        raise ProviderError(f"The tracker answered {response.status}: {reason}", transient=transient)
    try:
        return json.loads(response.body)
    except ValueError as exc:
        raise ProviderError("The tracker's answer is not JSON.") from exc


def required_text(config: dict, field: str, message: str) -> str:
    value = config.get(field)
    if not isinstance(value, str) or not value.strip():
        raise ProviderError(message)
    return value.strip()


def base_url(config: dict, default: str) -> str:
    value = config.get("base_url") or default
    if not isinstance(value, str):
        raise ProviderError("base_url must be an address.")
    try:
        fetch.check_url(value)
    except fetch.FetchError as exc:
        raise ProviderError(exc.message) from exc
    return value.rstrip("/")
