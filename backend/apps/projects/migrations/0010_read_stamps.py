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

from apps.core.readstamps import RowKeys, key_lookup, stamp_triggers


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_read_stamps"),
        ("projects", "0009_task_position"),
    ]

    operations = [
        key_lookup("ro_stamp_touch_project", "projects_project", "workspace_id", "w:"),
        stamp_triggers(
            RowKeys("projects_project", "PERFORM ro_stamp_touch('w:' || {row}.workspace_id)"),
            RowKeys(
                "projects_projectcolor",
                "PERFORM ro_stamp_touch(CASE WHEN {row}.id IS NOT NULL THEN coalesce('w:' || {row}.workspace_id, 'g') END)",
            ),
            RowKeys("projects_projectmembership", "PERFORM ro_stamp_touch_project({row}.project_id)"),
            RowKeys(
                "projects_tasklist",
                "PERFORM ro_stamp_touch_project({row}.parent_project_id)",
                watched=("parent_project_id", "archived_yn", "removed_yn"),
            ),
            RowKeys(
                "projects_task",
                "PERFORM ro_stamp_touch('u:' || user_id) FROM projects_usertask WHERE task_id = {row}.id",
                watched=("archived_yn", "task_list_id"),
                on=("UPDATE",),
                rows=("NEW",),
            ),
            RowKeys(
                "projects_usertask",
                "PERFORM ro_stamp_touch('u:' || {row}.user_id)",
                watched=("user_id", "task_id", "today_yn", "next_shift_yn", "starred_yn"),
            ),
        ),
    ]
