"""The one module for time arithmetic on the server: instants are UTC, dates are the user's."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def user_zone(tz_name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(tz_name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_date(instant: dt.datetime, tz_name: str | None) -> dt.date:
    return instant.astimezone(user_zone(tz_name)).date()


def seconds_between(start: dt.datetime, end: dt.datetime) -> int:
    return max(0, int((end - start).total_seconds()))
