"""Writes of the integrations: importing a calendar feed into scheduled sessions, copying an
external tracker's entries, and the users' own configuration. Each sync runs under its job lock
(one at a time per user and kind), records its outcome in SyncState and tells the user's
devices when something changed. Running a sync twice changes nothing the second time."""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from apps.accounts.locks import lock_user
from apps.core import secrets, timeutils
from apps.core.locks import job_lock
from apps.integrations import events, fetch, ics, providers, selectors
from apps.integrations.models import ExternalTimeEntry, SyncKind, SyncState
from apps.work.events import publish_calendar_entries_synced
from apps.work.models import WorkShiftSchedule

log = logging.getLogger(__name__)

NO_CALENDAR = "Add your calendar's address (an iCalendar .ics link) in your profile first."
NO_TRACKER = "Set up a time tracker in your profile first."
BUSY = "A sync is already running: try again in a moment."
RANGE_TOO_LONG = "Choose at most 62 days."
MAX_DAYS = 62
CALENDAR_MAX_BYTES = 2 * 1024 * 1024


class SyncFailed(Exception):
    def __init__(self, message: str, *, transient: bool = False):
        super().__init__(message)
        self.message = message
        self.transient = transient


class SyncBusy(Exception):
    pass


def _window(user, from_date: dt.date, to_date: dt.date) -> tuple[dt.datetime, dt.datetime]:
    if to_date < from_date:
        raise ValidationError({"end_date": ["The end date must not be before the start date."]})
    if (to_date - from_date).days >= MAX_DAYS:
        raise ValidationError({"end_date": [RANGE_TOO_LONG]})
    return timeutils.day_start(from_date, user.timezone), timeutils.day_bounds(to_date, user.timezone)[1]


def _record(user, kind: str, *, error: str | None) -> None:
    now = timeutils.now()
    values = {"last_attempt_at": now}
    if error is None:
        values |= {"last_success_at": now, "last_error": "", "failed": False}
    else:
        values |= {"last_failure_at": now, "last_error": error[:500], "failed": True}
    SyncState.objects.update_or_create(user=user, kind=kind, defaults=values)


# --- calendar ------------------------------------------------------------------------------------


def sync_calendar(*, user, from_date: dt.date, to_date: dt.date) -> list[WorkShiftSchedule]:
    """Import the user's calendar feed for the local dates; the window's sessions afterwards."""
    url = selectors.calendar_url(user)
    if not url:
        raise ValidationError({"detail": [NO_CALENDAR]})
    lo, hi = _window(user, from_date, to_date)
    with job_lock(f"calendar:{user.pk}") as held:
        if not held:
            raise SyncBusy(BUSY)
        try:
            response = fetch.fetch(url, headers={"Accept": "text/calendar"}, max_bytes=_calendar_max_bytes())
            if response.status != 200:
                raise SyncFailed(
                    f"The calendar address answered {response.status}.",
                    transient=response.status == 429 or response.status >= 500,
                )
            sessions = ics.parse(response.body, lo=lo, hi=hi, tz_name=user.timezone)
        except fetch.FetchError as exc:
            _record(user, SyncKind.CALENDAR, error=exc.message)
            raise SyncFailed(exc.message, transient=exc.transient) from exc
        except ics.FeedError as exc:
            _record(user, SyncKind.CALENDAR, error=exc.message)
            raise SyncFailed(exc.message) from exc
        except SyncFailed as exc:
            _record(user, SyncKind.CALENDAR, error=exc.message)
            raise
        _apply_sessions(user=user, sessions=sessions, lo=lo, hi=hi)
    return list(WorkShiftSchedule.objects.filter(user=user, start_datetime__gte=lo, start_datetime__lt=hi))


def _calendar_max_bytes() -> int:
    return int(getattr(settings, "CALENDAR_MAX_BYTES", CALENDAR_MAX_BYTES))


@transaction.atomic
def _apply_sessions(*, user, sessions: list[ics.Session], lo: dt.datetime, hi: dt.datetime) -> bool:
    lock_user(user)
    window = WorkShiftSchedule.objects.filter(user=user, start_datetime__gte=lo, start_datetime__lt=hi)
    existing = {
        (s.calendar_uid, s.start_datetime, s.end_datetime, s.schedule_notes): s
        for s in window
        if s.calendar_uid
    }
    by_hand = [s for s in window if not s.calendar_uid]
    wanted = {}
    for session in sessions:
        # A session typed in by hand wins over the calendar's where they overlap.
        if any(s.start_datetime < session.end and session.start < s.end_datetime for s in by_hand):
            continue
        wanted[(session.uid, session.start, session.end, session.summary)] = session
    changed = False
    for key, schedule in existing.items():
        if key not in wanted:
            schedule.delete()  # per row: the model signals refresh the teammates strip
            changed = True
    for key, session in wanted.items():
        if key not in existing:
            WorkShiftSchedule.objects.create(
                user=user,
                start_datetime=session.start,
                end_datetime=session.end,
                work_time_seconds=timeutils.seconds_between(session.start, session.end),
                schedule_notes=session.summary,
                calendar_uid=session.uid,
            )
            changed = True
    _record(user, SyncKind.CALENDAR, error=None)
    if changed:
        publish_calendar_entries_synced(user=user)
    return changed


# --- external tracker -----------------------------------------------------------------------------


def sync_time_entries(*, user, from_date: dt.date, to_date: dt.date, notify_user: bool = True) -> dict:
    """Copy the external tracker's entries of the local dates; counts of what changed."""
    config = user.external_tracker_config_json
    provider = providers.for_config(config)
    if provider is None:
        raise ValidationError({"detail": [NO_TRACKER]})
    lo, hi = _window(user, from_date, to_date)
    if not provider.stored:
        return {"provider": provider.key, "created": 0, "updated": 0, "deleted": 0, "total": 0}
    with job_lock(f"tracker:{user.pk}") as held:
        if not held:
            raise SyncBusy(BUSY)
        try:
            entries = provider.entries(config, lo=lo, hi=hi, user=user)
        except providers.ProviderError as exc:
            _record(user, SyncKind.TRACKER, error=exc.message)
            raise SyncFailed(exc.message, transient=exc.transient) from exc
        counts = _apply_entries(user=user, provider=provider.key, entries=entries, lo=lo, hi=hi)
    if notify_user and (counts["created"] or counts["updated"] or counts["deleted"]):
        events.publish_time_entries_synced(user=user, from_date=from_date, to_date=to_date)
    return {"provider": provider.key, **counts, "total": len(entries)}


@transaction.atomic
def _apply_entries(*, user, provider: str, entries: list, lo: dt.datetime, hi: dt.datetime) -> dict:
    lock_user(user)
    stored = {
        e.external_id: e
        for e in ExternalTimeEntry.objects.filter(
            user=user, provider=provider, start_datetime__gte=lo, start_datetime__lt=hi
        )
    }
    also = {e.external_id for e in entries} - set(stored)
    if also:  # entries that started before the window but were fetched (a timer over midnight)
        stored |= {
            e.external_id: e
            for e in ExternalTimeEntry.objects.filter(user=user, provider=provider, external_id__in=also)
        }
    created = updated = 0
    seen = set()
    for entry in entries:
        seen.add(entry.external_id)
        values = {
            "start_datetime": entry.start,
            "end_datetime": entry.end,
            "type_enum": entry.type_enum,
            "description": entry.description,
        }
        row = stored.get(entry.external_id)
        if row is None:
            ExternalTimeEntry.objects.create(
                user=user, provider=provider, external_id=entry.external_id, **values
            )
            created += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            updated += 1
    gone = [row.pk for key, row in stored.items() if key not in seen and lo <= row.start_datetime < hi]
    if gone:
        ExternalTimeEntry.objects.filter(pk__in=gone).delete()
    _record(user, SyncKind.TRACKER, error=None)
    return {"created": created, "updated": updated, "deleted": len(gone)}


# --- configuration ---------------------------------------------------------------------------------


def clean_tracker_config(config: dict | None) -> dict | None:
    if not config:
        return None
    provider = providers.for_config(config)
    if provider is None:
        raise ValidationError({"external_tracker_config_json": [providers.UNKNOWN_PROVIDER]})
    try:
        return provider.clean(config)
    except providers.ProviderError as exc:
        raise ValidationError({"external_tracker_config_json": [exc.message]}) from exc


def clean_calendar_config(config: dict | None) -> dict | None:
    if not config:
        return None
    url = config.get("url")
    if not isinstance(url, str) or not url.strip():
        raise ValidationError({"external_calendar_config_json": ["Enter the calendar's address."]})
    try:
        fetch.check_url(url.strip())
    except fetch.FetchError as exc:
        raise ValidationError({"external_calendar_config_json": [exc.message]}) from exc
    if len(url) > 2000:
        raise ValidationError({"external_calendar_config_json": ["The address is too long."]})
    return {"url": url.strip()}


@transaction.atomic
def update_own_config(*, user, data: dict) -> None:
    lock_user(user)
    fields = []
    for field, clean in (
        ("external_calendar_config_json", clean_calendar_config),
        ("external_tracker_config_json", clean_tracker_config),
    ):
        if field in data:
            sent = secrets.with_stored_secrets(data[field], getattr(user, field), field=field)
            setattr(user, field, clean(sent))
            fields.append(field)
    if fields:
        user.save(update_fields=fields)


def test_connection(*, kind: str, config: dict | None) -> str:
    """A one-line success message; SyncFailed with the provider's reason otherwise."""
    if kind == SyncKind.CALENDAR:
        cleaned = clean_calendar_config(config)
        if cleaned is None:
            raise ValidationError({"config": ["Enter the calendar's address."]})
        try:
            response = fetch.fetch(
                cleaned["url"], headers={"Accept": "text/calendar"}, max_bytes=_calendar_max_bytes()
            )
        except fetch.FetchError as exc:
            raise SyncFailed(exc.message) from exc
        if response.status != 200:
            raise SyncFailed(f"The calendar address answered {response.status}.")
        now = timeutils.now()
        try:
            sessions = ics.parse(response.body, lo=now, hi=now + dt.timedelta(days=14), tz_name="UTC")
        except ics.FeedError as exc:
            raise SyncFailed(exc.message) from exc
        return f"The calendar was read: {len(sessions)} sessions in the next 14 days."
    cleaned = clean_tracker_config(config)
    provider = providers.for_config(cleaned)
    if provider is None:
        raise ValidationError({"config": [NO_TRACKER]})
    try:
        return provider.check(cleaned)
    except providers.ProviderError as exc:
        raise SyncFailed(exc.message) from exc
