"""Reports' background job (config/celery.py runs it on beat, or in-process on the embedded default):
the day's reminders and the morning digest's email at each member's local time (docs/reminders.md)."""

from __future__ import annotations

from celery import shared_task

from apps.core.locks import job_lock
from apps.reports import reminders


@shared_task(acks_late=True, soft_time_limit=240, time_limit=280)
def day_reminders() -> int:
    """Send what is due since the member's local moment, once per local day; how many were sent."""
    with job_lock("day-reminders", seconds=300) as held:
        return reminders.send_due() if held else 0
