"""The teammates strip's read stamps (apps/work/strip.py names them; apps/core/readstamps.py explains
the mechanism), in place of the generation the strip's model signals used to bump in the cache:
- `s:<workspace>`: the workspace's members' status records, work shifts and schedules (the members'
  own rows, and the viewer's pins under `p:<viewer>`, are covered by accounts' migration 0007):
  what the shared strip shows.
The status record and work shift triggers of migration 0006 keep recording `d:<user>` and now also
record the strip of the user's workspace.
"""

from django.db import migrations

from apps.core.readstamps import RowKeys, key_lookup, on_postgresql, stamp_triggers

STRIP_OF_DAY = """CREATE FUNCTION ro_stamp_touch_strip_of_day(day_id bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  value bigint;
BEGIN
  SELECT u.workspace_id INTO value FROM work_workday d JOIN accounts_user u ON u.id = d.user_id
    WHERE d.id = day_id;
  PERFORM ro_stamp_touch('s:' || value);
END $$;"""


def _body(table: str, lines: tuple[str, ...]) -> str:
    statements = "\n".join(f"  {line.format(row=row)};" for row in ("OLD", "NEW") for line in lines)
    return (
        f"CREATE OR REPLACE FUNCTION ro_stamp_{table}() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        f"BEGIN\n{statements}\n  RETURN NULL;\nEND $$;"
    )


RECORD_DAY = "PERFORM ro_stamp_touch('d:' || {row}.user_id)"
SHIFT_DAY = "PERFORM ro_stamp_touch_work_day({row}.work_day_id)"

FORWARD = "\n\n".join(
    (
        STRIP_OF_DAY,
        _body("work_statusrecord", (RECORD_DAY, "PERFORM ro_stamp_touch_strip({row}.user_id)")),
        _body("work_workshift", (SHIFT_DAY, "PERFORM ro_stamp_touch_strip_of_day({row}.work_day_id)")),
    )
)
BACKWARD = "\n\n".join(
    (
        _body("work_statusrecord", (RECORD_DAY,)),
        _body("work_workshift", (SHIFT_DAY,)),
        "DROP FUNCTION ro_stamp_touch_strip_of_day(bigint);",
    )
)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_read_stamps"),
        ("work", "0006_read_stamps"),
    ]

    operations = [
        key_lookup("ro_stamp_touch_strip", "accounts_user", "workspace_id", "s:"),
        stamp_triggers(
            RowKeys("work_workshiftschedule", "PERFORM ro_stamp_touch_strip({row}.user_id)"),
        ),
        on_postgresql(FORWARD, BACKWARD),
    ]
