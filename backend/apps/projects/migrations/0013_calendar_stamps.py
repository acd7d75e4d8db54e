"""The calendar shows the title of each task a member has time on: a task's new title renews the
calendar's stamp `c:<user>` (apps/calendar/stamps.py) of every user with time on it. Its own
function and trigger, beside the task's trigger of migration 0010 (whose keys, the side menu's
counts, do not depend on titles). Project titles and colours are the workspace's `w:` already.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql

FORWARD = """CREATE FUNCTION ro_stamp_projects_task_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ro_stamp_touch('c:' || user_id) FROM (
    SELECT DISTINCT user_id FROM projects_tasktime WHERE task_id = NEW.id
  ) AS users;
  RETURN NULL;
END $$;

CREATE TRIGGER ro_stamp_title AFTER UPDATE ON projects_task FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION ro_stamp_projects_task_title();"""

BACKWARD = "DROP FUNCTION ro_stamp_projects_task_title() CASCADE;"


class Migration(migrations.Migration):
    dependencies = [("projects", "0012_search_trigram")]

    operations = [on_postgresql(FORWARD, BACKWARD)]
