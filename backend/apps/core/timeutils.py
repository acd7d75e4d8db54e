"""The one module for time arithmetic on the server: instants are UTC, dates are the user's.

Instants written by the work app are truncated to whole seconds, so every duration derived from
them is a whole number of seconds and per-day sums add up exactly to per-shift sums.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.utils import timezone

BAD_DATE = "Enter a date as YYYY-MM-DD."
# Dates and instants the product accepts; far-off values would overflow day arithmetic.
MIN_DATE = dt.date(2000, 1, 1)
MAX_DATE = dt.date(2100, 12, 31)
DATE_OUT_OF_RANGE = f"Enter a date between {MIN_DATE.isoformat()} and {MAX_DATE.isoformat()}."


def now() -> dt.datetime:
    """The one clock of the server (the tests' `clock` fixture replaces it): aware UTC, whole seconds."""
    return timezone.now().replace(microsecond=0)


def user_zone(tz_name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(tz_name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


# In the system's zone database but no IANA time zone: the machine's own setting, a placeholder
# zone, and the database's internal copies.
NOT_IANA = frozenset({"localtime", "Factory", "posixrules"})
NOT_IANA_PREFIXES = ("posix/", "right/", "SystemV/")


def is_valid_zone(tz_name: str) -> bool:
    """An IANA time zone name (Europe/Lisbon, UTC, the database's backward links)."""
    return tz_name in _zone_names()


_ZONES: frozenset[str] | None = None


def _zone_names() -> frozenset[str]:
    global _ZONES
    if _ZONES is None:
        _ZONES = frozenset(
            name
            for name in available_timezones()
            if name not in NOT_IANA and not name.startswith(NOT_IANA_PREFIXES)
        )
    return _ZONES


def local_date(instant: dt.datetime, tz_name: str | None) -> dt.date:
    return instant.astimezone(user_zone(tz_name)).date()


def local_today(tz_name: str | None, *, at: dt.datetime | None = None) -> dt.date:
    return local_date(at or now(), tz_name)


def day_start(day: dt.date, tz_name: str | None) -> dt.datetime:
    """The UTC instant at which `day` begins in the zone (midnight, or the first instant after a gap)."""
    zone = user_zone(tz_name)
    # fold=0: a repeated midnight is its first occurrence; a skipped midnight (DST gap) maps to
    # the first instant that exists on that date.
    return dt.datetime.combine(day, dt.time.min, tzinfo=zone).astimezone(dt.UTC)


def day_bounds(day: dt.date, tz_name: str | None) -> tuple[dt.datetime, dt.datetime]:
    """[start, end) of a local date as UTC instants; 23, 24 or 25 hours long."""
    return day_start(day, tz_name), day_start(day + dt.timedelta(days=1), tz_name)


def next_midnight(instant: dt.datetime, tz_name: str | None) -> dt.datetime:
    return day_start(local_date(instant, tz_name) + dt.timedelta(days=1), tz_name)


def utc_offset_minutes(tz_name: str | None, *, at: dt.datetime | None = None) -> int:
    offset = (at or now()).astimezone(user_zone(tz_name)).utcoffset() or dt.timedelta()
    return int(offset.total_seconds() // 60)


def seconds_between(start: dt.datetime, end: dt.datetime) -> int:
    return max(0, int((end - start).total_seconds()))


def overlap_seconds(start: dt.datetime, end: dt.datetime, lo: dt.datetime, hi: dt.datetime) -> int:
    return seconds_between(max(start, lo), min(end, hi))


def parse_date(value: str | None) -> dt.date:
    """YYYY-MM-DD (or the calendar calls' YYYYMMDD) from a query string; ValueError otherwise."""
    text = (value or "").strip()
    if not (len(text) == 10 and text[4] == text[7] == "-" or len(text) == 8 and text.isdigit()):
        raise ValueError(BAD_DATE)
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(BAD_DATE) from None
    if not MIN_DATE <= day <= MAX_DATE:
        raise ValueError(DATE_OUT_OF_RANGE)
    return day


# A shift that had lasted this long at local midnight was forgotten, not worked through.
MAX_SHIFT_AT_MIDNIGHT = dt.timedelta(hours=16)

KEEP, SPLIT, CLOSE = "keep", "split", "close"


def rollover(
    *, record_start: dt.datetime, shift_start: dt.datetime, at: dt.datetime, tz_name: str | None
) -> tuple[str, dt.datetime | None]:
    """What becomes of an open status record at `at` (see docs/time-accounting.md).

    KEEP: it started today. SPLIT at today's midnight: it started yesterday and its shift had
    lasted less than MAX_SHIFT_AT_MIDNIGHT at that midnight (worked through the night).
    CLOSE at the midnight after its start: anything older (forgotten in the office).
    """
    today = local_date(at, tz_name)
    started = local_date(record_start, tz_name)
    if started >= today:
        return KEEP, None
    midnight = day_start(today, tz_name)
    if started == today - dt.timedelta(days=1) and midnight - shift_start < MAX_SHIFT_AT_MIDNIGHT:
        return SPLIT, midnight
    return CLOSE, next_midnight(record_start, tz_name)


def settled_end(
    *,
    record_start: dt.datetime,
    record_end: dt.datetime | None,
    shift_start: dt.datetime,
    at: dt.datetime,
    tz_name: str | None,
) -> dt.datetime | None:
    """The end readers must use for a record: its own, or, for a forgotten open record, the
    midnight the next status call will close it at (so readers agree before that call)."""
    if record_end is not None:
        return record_end
    action, when = rollover(record_start=record_start, shift_start=shift_start, at=at, tz_name=tz_name)
    return min(when, at) if action == CLOSE and when is not None else None


def wall_clock(day: dt.date, hours: float, tz_name: str | None) -> dt.datetime:
    """The UTC instant of local wall-clock time `hours` after the midnight that starts `day`
    (25.5 is 01:30 the next day), e.g. for demo data and schedules typed as local times."""
    local = dt.datetime.combine(day, dt.time.min, tzinfo=user_zone(tz_name)) + dt.timedelta(hours=hours)
    return local.astimezone(dt.UTC)
