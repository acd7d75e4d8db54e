import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    # Later transactional tests need today's schema.
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_global_custom_colours_move_to_the_workspaces_that_use_them():
    old = _migrate([("projects", "0002_palette")])
    Workspace = old.get_model("accounts", "Workspace")
    Color = old.get_model("projects", "ProjectColor")
    Project = old.get_model("projects", "Project")
    first, second = Workspace.objects.create(name="A"), Workspace.objects.create(name="B")
    Color.objects.get_or_create(value="#F44336", defaults={"title": "#F44336"})  # built-in
    shared = Color.objects.create(value="#123456", title="#123456")
    Color.objects.create(value="#654321", title="unused")
    Project.objects.create(workspace=first, title="P1", color=shared)
    Project.objects.create(workspace=second, title="P2", color=shared)

    _migrate([("projects", "0005_workspace_color_constraints")])

    from apps.projects.models import Project as NewProject
    from apps.projects.models import ProjectColor

    assert not ProjectColor.objects.filter(value="#654321").exists()
    customs = {c.workspace_id: c.pk for c in ProjectColor.objects.filter(value="#123456")}
    assert set(customs) == {first.pk, second.pk}
    for project in NewProject.objects.filter(title__in=["P1", "P2"]):
        assert project.color_id == customs[project.workspace_id]
    assert ProjectColor.objects.filter(value="#F44336", workspace__isnull=True).exists()


def test_empty_task_urls_become_null_and_back(world):
    _migrate([("projects", "0005_workspace_color_constraints")])
    with connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT url FROM projects_task")
        assert cursor.fetchall() == [("",)]
    _migrate([("projects", "0006_task_url_null")])
    from apps.projects.models import Task

    assert Task.objects.exists() and not Task.objects.filter(url__isnull=False).exists()


def test_existing_tasks_are_numbered_by_id_within_each_section():
    old = _migrate([("projects", "0008_task_time")])
    Workspace = old.get_model("accounts", "Workspace")
    Color = old.get_model("projects", "ProjectColor")
    Project = old.get_model("projects", "Project")
    TaskList = old.get_model("projects", "TaskList")
    Section = old.get_model("projects", "Section")
    Task = old.get_model("projects", "Task")
    workspace = Workspace.objects.create(name="W")
    color = Color.objects.create(value="#101010", title="c", workspace=workspace)
    project = Project.objects.create(workspace=workspace, title="P", color=color)
    task_list = TaskList.objects.create(parent_project=project, title="L")
    first, second = (Section.objects.create(task_list=task_list, title=t) for t in ("A", "B"))
    ids = [
        Task.objects.create(task_list=task_list, section=s, title=f"T{n}").pk
        for n, s in enumerate([first, second, first, first, second])
    ]

    _migrate([("projects", "0009_task_position")])

    with connection.cursor() as cursor:
        cursor.execute("SELECT id, section_id, position FROM projects_task ORDER BY id")
        rows = cursor.fetchall()
    assert [(row[0], row[2]) for row in rows] == list(zip(ids, [1, 1, 2, 3, 2], strict=True))
