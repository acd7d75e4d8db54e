"""An iCalendar feed (RFC 5545) to work sessions, with maintained libraries: `icalendar` parses,
`recurring-ical-events` expands RRULE/RDATE/EXDATE and RECURRENCE-ID exceptions in the feed's
time zones (VTIMEZONE or IANA names, DST included).

Which events are sessions (docs/integrations.md, "Calendar"):
- timed events (DTSTART with a time): each occurrence is a session, converted to UTC; floating
  times (no zone) are read in the user's time zone;
- all-day events (DTSTART a date) are not sessions: holidays and reminders carry no hours;
- cancelled events (STATUS:CANCELLED) and free time (TRANSP:TRANSPARENT) are left out;
- a session is at most 24 hours (longer ones are cut), overlapping sessions are merged.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

MAX_SESSION = dt.timedelta(hours=24)
MAX_OCCURRENCES = 2000


class FeedError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Session:
    start: dt.datetime
    end: dt.datetime
    uid: str
    summary: str


def _aware(value, tz: ZoneInfo) -> dt.datetime:
    return (value if value.tzinfo is not None else value.replace(tzinfo=tz)).astimezone(dt.UTC)


def parse(body: bytes, *, lo: dt.datetime, hi: dt.datetime, tz_name: str) -> list[Session]:
    """Sessions starting in [lo, hi), sorted, merged where they overlap."""
    try:
        calendar = icalendar.Calendar.from_ical(body)
    except (ValueError, IndexError, KeyError) as exc:
        raise FeedError("The calendar could not be read: it is not a valid iCalendar (.ics) file.") from exc
    if getattr(calendar, "name", "") != "VCALENDAR":
        raise FeedError("The calendar could not be read: it is not a valid iCalendar (.ics) file.")
    tz = ZoneInfo(tz_name or "UTC")
    try:
        occurrences = recurring_ical_events.of(calendar).between(lo - MAX_SESSION, hi)
    except Exception as exc:  # the library raises many kinds on a malformed rule  # noqa: BLE001
        raise FeedError(f"The calendar's events could not be read ({type(exc).__name__}).") from exc
    sessions: list[Session] = []
    for event in occurrences[:MAX_OCCURRENCES]:
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        if str(event.get("TRANSP", "")).upper() == "TRANSPARENT":
            continue
        start = event.get("DTSTART")
        if start is None or not isinstance(start.dt, dt.datetime):
            continue  # all-day
        begin = _aware(start.dt, tz)
        end_prop = event.get("DTEND")
        if end_prop is not None and isinstance(end_prop.dt, dt.datetime):
            end = _aware(end_prop.dt, tz)
        elif event.get("DURATION") is not None:
            end = begin + event["DURATION"].dt
        else:
            continue  # an instant (RFC 5545 3.6.1): no time to work
        if end <= begin or not (lo <= begin < hi):
            continue
        end = min(end, begin + MAX_SESSION)
        uid = f"{event.get('UID', '')}@{begin.strftime('%Y%m%dT%H%M%SZ')}"
        sessions.append(Session(begin, end, uid[:300], str(event.get("SUMMARY", ""))[:200]))
    return merge(sorted(sessions, key=lambda s: (s.start, s.end)))


def merge(sessions: list[Session]) -> list[Session]:
    """Overlapping sessions become one (the earliest event's uid, the titles joined)."""
    out: list[Session] = []
    for session in sessions:
        if out and session.start < out[-1].end:
            last = out[-1]
            summary = (
                last.summary if session.summary in last.summary else f"{last.summary}, {session.summary}"
            )
            end = min(max(last.end, session.end), last.start + MAX_SESSION)
            out[-1] = Session(last.start, end, last.uid, summary[:200])
        else:
            out.append(session)
    return out
