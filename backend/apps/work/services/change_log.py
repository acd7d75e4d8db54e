"""The change log: every edit of a shift, a shift note or allocated time, with who and when.

Work's own edits (shifts) record here; projects records allocated time edits by calling
`change_log_record` (projects may import work, not the reverse)."""

from __future__ import annotations

import datetime as dt

from apps.core import timeutils
from apps.work.models import ChangedObject, ChangeLog, ChangeType


def change_log_record(
    *,
    user,
    modified_user,
    changed_value_type_enum: ChangeType | str,
    content_type: ChangedObject | str,
    object_id: int,
    work_date: dt.date,
    old_value=None,
    new_value=None,
    reason: str = "",
    at: dt.datetime | None = None,
) -> ChangeLog:
    return ChangeLog.objects.create(
        user=user,
        modified_user=modified_user,
        changed_value_type_enum=changed_value_type_enum,
        content_type=content_type,
        object_id=object_id,
        work_date=work_date,
        changed_datetime=at or timeutils.now(),
        old_value=old_value,
        new_value=new_value,
        reason=reason.strip(),
    )
