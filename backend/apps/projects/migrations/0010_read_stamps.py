"""The read stamps of what the project list and the personal counts show (apps/projects/stamps.py
names the keys; apps/core/migrations/0001_read_stamps.py explains the mechanism).

- `w:<workspace>`: the workspace's projects (every column), their colours, task lists (which
  project, archived, removed) and memberships: the project list and the visibility every count
  depends on.
- `u:<user>`: the user's task links (which task, today, next workday, starred) and, for every
  user linked to a task, that task's archived flag and list: the personal counts.
- `g`: the built-in palette (colours of no workspace).

Row triggers, so `update()`, `bulk_create()`, cascades and raw SQL are counted like `save()`.
A trigger that cannot find a row's workspace (its project was deleted in the same transaction)
records nothing for it: the project's own deletion recorded the workspace.
"""

from django.db import migrations

from apps.core.readstamps import on_postgresql

FORWARD = r"""
CREATE FUNCTION ro_stamp_touch_project(project bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ws bigint;
BEGIN
  SELECT workspace_id INTO ws FROM projects_project WHERE id = project;
  IF FOUND THEN
    PERFORM ro_stamp_touch('w:' || ws);
  END IF;
END $$;

CREATE FUNCTION ro_stamp_projects_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch('w:' || OLD.workspace_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch('w:' || NEW.workspace_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_projects_projectcolor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ro_stamp_touch(coalesce('w:' || OLD.workspace_id, 'g'));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM ro_stamp_touch(coalesce('w:' || NEW.workspace_id, 'g'));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_projects_projectmembership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch_project(OLD.project_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch_project(NEW.project_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_projects_tasklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch_project(OLD.parent_project_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch_project(NEW.parent_project_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_projects_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ro_stamp_touch('u:' || user_id) FROM projects_usertask WHERE task_id = NEW.id;
  RETURN NULL;
END $$;

CREATE FUNCTION ro_stamp_projects_usertask() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ro_stamp_touch('u:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM ro_stamp_touch('u:' || NEW.user_id); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON projects_project
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_projects_project();

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON projects_projectcolor
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_projects_projectcolor();

CREATE TRIGGER ro_stamp AFTER INSERT OR UPDATE OR DELETE ON projects_projectmembership
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_projects_projectmembership();

CREATE TRIGGER ro_stamp AFTER INSERT OR DELETE ON projects_tasklist
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_projects_tasklist();

CREATE TRIGGER ro_stamp_update AFTER UPDATE ON projects_tasklist
  FOR EACH ROW WHEN (
    OLD.parent_project_id IS DISTINCT FROM NEW.parent_project_id
    OR OLD.archived_yn IS DISTINCT FROM NEW.archived_yn
    OR OLD.removed_yn IS DISTINCT FROM NEW.removed_yn
  ) EXECUTE FUNCTION ro_stamp_projects_tasklist();

CREATE TRIGGER ro_stamp_update AFTER UPDATE ON projects_task
  FOR EACH ROW WHEN (
    OLD.archived_yn IS DISTINCT FROM NEW.archived_yn
    OR OLD.task_list_id IS DISTINCT FROM NEW.task_list_id
  ) EXECUTE FUNCTION ro_stamp_projects_task();

CREATE TRIGGER ro_stamp AFTER INSERT OR DELETE ON projects_usertask
  FOR EACH ROW EXECUTE FUNCTION ro_stamp_projects_usertask();

CREATE TRIGGER ro_stamp_update AFTER UPDATE ON projects_usertask
  FOR EACH ROW WHEN (
    OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.task_id IS DISTINCT FROM NEW.task_id
    OR OLD.today_yn IS DISTINCT FROM NEW.today_yn
    OR OLD.next_shift_yn IS DISTINCT FROM NEW.next_shift_yn
    OR OLD.starred_yn IS DISTINCT FROM NEW.starred_yn
  ) EXECUTE FUNCTION ro_stamp_projects_usertask();
"""

BACKWARD = r"""
DROP TRIGGER ro_stamp_update ON projects_usertask;

DROP TRIGGER ro_stamp ON projects_usertask;

DROP TRIGGER ro_stamp_update ON projects_task;

DROP TRIGGER ro_stamp_update ON projects_tasklist;

DROP TRIGGER ro_stamp ON projects_tasklist;

DROP TRIGGER ro_stamp ON projects_projectmembership;

DROP TRIGGER ro_stamp ON projects_projectcolor;

DROP TRIGGER ro_stamp ON projects_project;

DROP FUNCTION ro_stamp_projects_usertask();

DROP FUNCTION ro_stamp_projects_task();

DROP FUNCTION ro_stamp_projects_tasklist();

DROP FUNCTION ro_stamp_projects_projectmembership();

DROP FUNCTION ro_stamp_projects_projectcolor();

DROP FUNCTION ro_stamp_projects_project();

DROP FUNCTION ro_stamp_touch_project(bigint);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("projects", "0009_task_position"),
    ]

    operations = [on_postgresql(FORWARD, BACKWARD)]
