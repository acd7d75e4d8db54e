"""The task time and tracked intervals the worktime summary adds are part of the user's time:
they renew `d:<user>` (apps/work/stamps.py, triggers of the work tables in work's migration 0006).
Task time belongs to its work day's user, as the summary reads it.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql

FORWARD = r"""
CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON projects_trackedinterval
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_work_user();

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON projects_tasktime
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_work_day_row();
"""

BACKWARD = r"""
DROP TRIGGER ro_stamp ON projects_tasktime;

DROP TRIGGER ro_stamp ON projects_trackedinterval;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("projects", "0010_read_stamps"),
        ("work", "0006_read_stamps"),
    ]

    operations = [on_postgresql(FORWARD, BACKWARD)]
