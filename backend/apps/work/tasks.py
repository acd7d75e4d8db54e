"""Work's background job (config/celery.py runs it on beat, or in-process on the embedded default).

Closing forgotten shifts: a shift left open past local midnight used to be closed at the user's
next call; this job settles every open record whose local day is over, so the close (dated at
that midnight, `timeutils.rollover`) happens right after midnight, for everyone, whether or not
they come back."""

from __future__ import annotations

from celery import shared_task

from apps.core import timeutils
from apps.core.locks import job_lock
from apps.work.models import StatusRecord
from apps.work.services.status import settle_open_status

BATCH = 500


@shared_task(acks_late=True, soft_time_limit=120, time_limit=150)
def close_forgotten_shifts() -> int:
    """Settle open records that started on an earlier local date; how many users were settled."""
    with job_lock("close-forgotten-shifts", seconds=200) as held:
        if not held:
            return 0
        now = timeutils.now()
        settled, last = 0, 0
        while True:
            rows = list(
                StatusRecord.objects.filter(end_datetime__isnull=True, deleted_yn=False, pk__gt=last)
                .select_related("user", "work_shift")
                .order_by("pk")[:BATCH]
            )
            if not rows:
                return settled
            last = rows[-1].pk
            for record in rows:
                shift_start = (
                    record.work_shift.start_datetime if record.work_shift_id else record.start_datetime
                )
                action, _ = timeutils.rollover(
                    record_start=record.start_datetime,
                    shift_start=shift_start,
                    at=now,
                    tz_name=record.user.timezone,
                )
                if action != timeutils.KEEP:
                    settle_open_status(user=record.user)
                    settled += 1
