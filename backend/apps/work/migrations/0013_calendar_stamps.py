"""The calendar's read stamp of a member's plan (apps/calendar/stamps.py names it; apps/core/readstamps.py
explains the mechanism): `c:<user>` covers the member's schedules (planned sessions and imported
calendar events), which the strip's stamp (migration 0007) covered only per workspace. The schedule
trigger keeps recording the strip of the user's workspace and now also records `c:<user>`.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql


def _body(*lines: str) -> str:
    statements = "\n".join(f"  {line.format(row=row)};" for row in ("OLD", "NEW") for line in lines)
    return (
        "CREATE OR REPLACE FUNCTION ro_stamp_work_workshiftschedule() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        f"BEGIN\n{statements}\n  RETURN NULL;\nEND $$;"
    )


STRIP = "PERFORM ro_stamp_touch_strip({row}.user_id)"
PLAN = "PERFORM ro_stamp_touch('c:' || {row}.user_id)"


class Migration(migrations.Migration):
    dependencies = [("work", "0012_shift_prompt_withdrawn")]

    operations = [on_postgresql(_body(STRIP, PLAN), _body(STRIP))]
