"""The read stamp of a user's time (apps/work/stamps.py names it; apps/core/readstamps.py explains
the mechanism): `d:<user>` covers the user's status records, work shifts and work days. The task
time and tracked intervals the summary adds are covered by apps/projects' migration 0011 with
`ro_stamp_touch_work_day` below.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql

FORWARD = r"""
CREATE FUNCTION ro_stamp_touch_work_day(work_day bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner bigint;
BEGIN
  SELECT user_id INTO owner FROM work_workday WHERE id = work_day;
  IF FOUND THEN
    PERFORM ro_stamp_touch('d:' || owner);
  END IF;
END $$;

CREATE FUNCTION ro_stamp_work_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch('d:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch('d:' || NEW.user_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_work_day_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch_work_day(OLD.work_day_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch_work_day(NEW.work_day_id); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON work_statusrecord
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_work_user();

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON work_workday
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_work_user();

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON work_workshift
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_work_day_row();
"""

BACKWARD = r"""
DROP TRIGGER ro_stamp ON work_workshift;

DROP TRIGGER ro_stamp ON work_workday;

DROP TRIGGER ro_stamp ON work_statusrecord;

DROP FUNCTION ro_stamp_work_day_row();

DROP FUNCTION ro_stamp_work_user();

DROP FUNCTION ro_stamp_touch_work_day(bigint);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("work", "0005_schedule_calendar_uid"),
    ]

    operations = [on_postgresql(FORWARD, BACKWARD)]
