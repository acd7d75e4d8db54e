"""The integrations' background jobs: a calendar and a tracker sync per configured user, fanned
out by the beat jobs (config/settings.py CELERY_BEAT_SCHEDULE). Transient failures (network,
429, 5xx) are retried with backoff; a refusal (bad key, broken feed) is recorded and shown to
the user instead. A sync already running for the same user is not run twice (job lock)."""

from __future__ import annotations

import datetime as dt
import logging

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from apps.core import timeutils
from apps.integrations import services

log = logging.getLogger(__name__)

CALENDAR_DAYS_BACK, CALENDAR_DAYS_AHEAD = 1, 13
TRACKER_DAYS_BACK = 6


class TransientSyncError(Exception):
    pass


RETRY = {
    "autoretry_for": (TransientSyncError,),
    "retry_backoff": 30,
    "retry_backoff_max": 600,
    "retry_jitter": True,
    "max_retries": 3,
    "acks_late": True,
    "soft_time_limit": 60,
    "time_limit": 90,
}


def _sync_user(sync, user_id: int, days_back: int, days_ahead: int) -> str:
    """Runs `sync` for an active user over their local today - days_back .. today + days_ahead."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return "gone"
    today = timeutils.local_today(user.timezone)
    try:
        sync(
            user=user,
            from_date=today - dt.timedelta(days=days_back),
            to_date=today + dt.timedelta(days=days_ahead),
        )
    except services.SyncBusy:
        return "busy"
    except ValidationError:
        return "unconfigured"
    except services.SyncFailed as exc:
        if exc.transient:
            raise TransientSyncError(exc.message) from exc
        return "failed"
    return "ok"


@shared_task(**RETRY)
def sync_calendar_for_user(user_id: int) -> str:
    return _sync_user(services.sync_calendar, user_id, CALENDAR_DAYS_BACK, CALENDAR_DAYS_AHEAD)


@shared_task(**RETRY)
def sync_tracker_for_user(user_id: int) -> str:
    return _sync_user(services.sync_time_entries, user_id, TRACKER_DAYS_BACK, 0)


def _configured(field: str) -> list[int]:
    users = get_user_model().objects.filter(is_active=True, **{f"{field}__isnull": False})
    return list(users.order_by("pk").values_list("pk", flat=True))


@shared_task(acks_late=True)
def sync_all_calendars() -> int:
    ids = _configured("external_calendar_config_json")
    for user_id in ids:
        sync_calendar_for_user.delay(user_id)
    return len(ids)


@shared_task(acks_late=True)
def sync_all_trackers() -> int:
    ids = _configured("external_tracker_config_json")
    for user_id in ids:
        sync_tracker_for_user.delay(user_id)
    return len(ids)
