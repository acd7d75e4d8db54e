"""The calendar shows its import's state ('Last import at …'): a change to it renews the calendar's
stamp `c:<user>` (apps/calendar/stamps.py; apps/core/readstamps.py explains the mechanism). An
attempt alone (`last_attempt_at`) changes nothing the calendar shows.
"""

from django.db import migrations

from apps.core.readstamps import RowKeys, stamp_triggers


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("integrations", "0001_initial"),
    ]

    operations = [
        stamp_triggers(
            RowKeys(
                "integrations_syncstate",
                "PERFORM ro_stamp_touch('c:' || {row}.user_id)",
                watched=("user_id", "kind", "last_success_at", "last_failure_at", "failed", "last_error"),
            )
        )
    ]
