"""The read stamp of a user's time (apps/work/stamps.py names it; apps/core/readstamps.py explains
the mechanism): `d:<user>` covers the user's status records, work shifts and work days. The task
time and tracked intervals the summary adds are covered by apps/projects' migration 0011 with
`ro_stamp_touch_work_day` below.
"""

from django.db import migrations

from apps.core.readstamps import RowKeys, key_lookup, stamp_triggers


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("work", "0005_schedule_calendar_uid"),
    ]

    operations = [
        key_lookup("ro_stamp_touch_work_day", "work_workday", "user_id", "d:"),
        stamp_triggers(
            RowKeys("work_statusrecord", "PERFORM ro_stamp_touch('d:' || {row}.user_id)"),
            RowKeys("work_workday", "PERFORM ro_stamp_touch('d:' || {row}.user_id)"),
            RowKeys("work_workshift", "PERFORM ro_stamp_touch_work_day({row}.work_day_id)"),
        ),
    ]
