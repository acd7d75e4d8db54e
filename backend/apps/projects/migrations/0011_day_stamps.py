"""The task time and tracked intervals the worktime summary adds are part of the user's time:
they renew `d:<user>` (apps/work/stamps.py, triggers of the work tables in work's migration 0006).
Task time belongs to its work day's user, as the summary reads it.
"""

from django.db import migrations

from apps.core.readstamps import RowKeys, stamp_triggers


class Migration(migrations.Migration):
    dependencies = [
        ("projects", "0010_read_stamps"),
        ("work", "0006_read_stamps"),
    ]

    operations = [
        stamp_triggers(
            RowKeys("projects_trackedinterval", "PERFORM ro_stamp_touch('d:' || {row}.user_id)"),
            RowKeys("projects_tasktime", "PERFORM ro_stamp_touch_work_day({row}.work_day_id)"),
        )
    ]
