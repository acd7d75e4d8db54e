"""The private feed (RFC 5545) of a member's own shifts and schedules, built with `icalendar`
(the library the import parses feeds with), and its signed token.

The token is `django.core.signing` of (user id, feed key): it cannot be forged without the
SECRET_KEY, and it stops working when the key changes (rotated) or the feed row is deleted
(revoked). The URL is the only secret: whoever holds it reads the member's times, as with any
calendar app's private address.
"""

from __future__ import annotations

import datetime as dt
import secrets

import icalendar
from django.core import signing
from django.db import transaction

from apps.calendar.models import CalendarFeed
from apps.core import timeutils
from apps.work.models import WorkShift, WorkShiftSchedule

SALT = "calendar-feed"
PAST = dt.timedelta(days=93)
AHEAD = dt.timedelta(days=186)
CAP = 2000  # events of each kind in one feed
PRODID = "-//Remote Office//Calendar feed//EN"


def token_for(feed: CalendarFeed) -> str:
    return signing.dumps([feed.user_id, feed.key], salt=SALT, compress=False)


def feed_for_token(token: str) -> CalendarFeed | None:
    try:
        user_id, key = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or not isinstance(key, str):
        return None
    feed = CalendarFeed.objects.select_related("user").filter(user_id=user_id).first()
    if feed is None or not secrets.compare_digest(feed.key, key) or not feed.user.is_active:
        return None
    return feed


@transaction.atomic
def feed_rotate(*, user) -> CalendarFeed:
    """A new key (a first one, or one that replaces the old: the old URL stops working)."""
    feed, _ = CalendarFeed.objects.select_for_update().get_or_create(user=user, defaults={"key": ""})
    feed.key = secrets.token_urlsafe(24)
    feed.save(update_fields=["key", "updated_at"])
    return feed


@transaction.atomic
def feed_revoke(*, user) -> None:
    CalendarFeed.objects.filter(user=user).delete()


def feed_of(*, user) -> CalendarFeed | None:
    return CalendarFeed.objects.filter(user=user).first()


def _event(
    uid: str, start: dt.datetime, end: dt.datetime, summary: str, stamp: dt.datetime, description: str = ""
):
    event = icalendar.Event()
    event.add("uid", uid)
    event.add("dtstamp", stamp)
    event.add("dtstart", start)
    event.add("dtend", end)
    event.add("summary", summary)
    if description:
        event.add("description", description)
    return event


def ics(*, user) -> bytes:
    """The member's shifts of the last ~3 months and schedules up to ~6 months ahead."""
    now = timeutils.now()
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", f"Remote Office - {user.display_name}")
    shifts = (
        WorkShift.objects.filter(work_day__user=user, start_datetime__gte=now - PAST)
        .order_by("-start_datetime")
        .values_list("pk", "start_datetime", "end_datetime", "manual_work_shift_yn", "work_shift_notes")[:CAP]
    )
    for pk, start, end, manual, notes in shifts:
        summary = "Manual shift" if manual else ("Work shift" if end else "Work shift (in the office)")
        cal.add_component(
            _event(f"shift-{pk}@remote-office", start, end or max(now, start), summary, now, notes)
        )
    schedules = (
        WorkShiftSchedule.objects.filter(
            user=user, start_datetime__gte=now - PAST, start_datetime__lt=now + AHEAD
        )
        .order_by("start_datetime")
        .values_list("pk", "start_datetime", "end_datetime", "schedule_notes")[:CAP]
    )
    for pk, start, end, notes in schedules:
        cal.add_component(_event(f"schedule-{pk}@remote-office", start, end, "Planned work", now, notes))
    return cal.to_ical()
