"""The title in upper case and byte order, per list, for search's candidates (apps/projects/search.py):
PostgreSQL only.

Search reads a task found by its exact title or by a title prefix through this index: an equality
or a range on `UPPER(title) COLLATE "C"` within each list the caller sees, so the lookup costs a
probe per visible list whether the query matches nothing or twenty thousand tasks, also in the
generic plan of a prepared statement (its parameters unknown). SQLite (the embedded default) gets
nothing: its search ranks every match, at its size.
"""

from django.db import migrations

NAME = "projects_task_list_title_upper"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f'CREATE INDEX IF NOT EXISTS {NAME} ON projects_task (task_list_id, (UPPER("title"::text) COLLATE "C"))'
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {NAME}")


class Migration(migrations.Migration):
    dependencies = [("projects", "0013_calendar_stamps")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
