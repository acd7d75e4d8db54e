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
