"""Trigram indexes for search (issue 31, apps/projects/search.py): PostgreSQL only.

Django's `icontains` on PostgreSQL is `UPPER(col::text) LIKE UPPER(%s)`, so the GIN indexes are on
`UPPER(...)` with pg_trgm's operator class; a three-letter query is then an index scan instead of
a scan of every task. SQLite (the embedded default) gets nothing: its search scans, at its size.
"""

from django.db import migrations

INDEXES = [
    ("projects_project_title_trgm", "projects_project", "title"),
    ("projects_tasklist_title_trgm", "projects_tasklist", "title"),
    ("projects_task_title_trgm", "projects_task", "title"),
    ("projects_task_description_trgm", "projects_task", "description"),
]


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, table, column in INDEXES:
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ((UPPER("{column}"::text)) gin_trgm_ops)'
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _table, _column in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("projects", "0011_day_stamps")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
