from __future__ import annotations

from django.utils import timezone

from apps.work.models import StatusRecord
from apps.work.timeutils import local_date


def open_status_record(*, user) -> StatusRecord | None:
    return (
        StatusRecord.objects.filter(user=user, end_datetime__isnull=True, deleted_yn=False)
        .order_by("-start_datetime")
        .first()
    )


def is_current(record: StatusRecord | None, *, tz_name: str) -> bool:
    """A status is current only if it has no end and started today in the user's timezone."""
    if record is None or record.end_datetime is not None or record.deleted_yn:
        return False
    return local_date(record.start_datetime, tz_name) == local_date(timezone.now(), tz_name)


def current_status_record(*, user) -> StatusRecord | None:
    record = open_status_record(user=user)
    return record if is_current(record, tz_name=user.timezone) else None
