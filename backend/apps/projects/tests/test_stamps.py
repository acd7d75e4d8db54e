"""The project list and the personal counts are kept per process under read stamps
(apps/projects/stamps.py, triggers in migration 0010): every write to what they show, whatever
way it is made (`save`, `update`, `bulk_create`, cascades), gives the right keys a new stamp and
leaves the others alone; a read after the write's commit answers the new truth; a read while
nothing changed is the stamp lookup alone."""

import datetime as dt
from types import SimpleNamespace

import pytest
from django.db import connection

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.core import readstamps
from apps.projects import stamps
from apps.projects.models import (
    AccessType,
    Project,
    ProjectColor,
    ProjectMembership,
    Task,
    TaskList,
    TaskTime,
    TrackedInterval,
    UserTask,
)
from apps.projects.tests.factories import (
    ProjectColorFactory,
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    UserTaskFactory,
)
from apps.work import stamps as work_stamps
from apps.work.models import WorkDay

NINE = dt.datetime(2026, 3, 10, 9, 0, tzinfo=dt.UTC)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stamps are PostgreSQL triggers"),
]

COUNTS = "/api/projects/tasks/groups/counts/"
LIST = "/api/projects/project/?archived_yn=false"


@pytest.fixture
def team():
    """Ann and Ben share a project; Cy is in another workspace with a project of his own."""
    workspace, other = WorkspaceFactory(), WorkspaceFactory()
    ann = UserFactory(workspace=workspace)
    ben = UserFactory(workspace=workspace)
    cy = UserFactory(workspace=other)
    project = ProjectFactory(workspace=workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=ann, access_type_enum=AccessType.OWNER)
    ProjectMembershipFactory(project=project, user=ben)
    section = SectionFactory(task_list=TaskListFactory(parent_project=project))
    task = TaskFactory(section=section)
    UserTaskFactory(task=task, user=ann, today_yn=True)
    ann_day = WorkDay.objects.create(user=ann, work_date=dt.date(2026, 3, 10), start_datetime=NINE)
    spare = ProjectFactory(workspace=workspace)
    ProjectMembershipFactory(project=spare, user=ben)
    their = ProjectFactory(workspace=other)
    ProjectMembershipFactory(project=their, user=cy, access_type_enum=AccessType.OWNER)
    keys = {
        "palette": stamps.PALETTE,
        "workspace": stamps.workspace_key(workspace.pk),
        "other workspace": stamps.workspace_key(other.pk),
        "ann": stamps.user_key(ann.pk),
        "ben": stamps.user_key(ben.pk),
        "cy": stamps.user_key(cy.pk),
        "ann's time": work_stamps.day_key(ann.pk),
        "ben's time": work_stamps.day_key(ben.pk),
    }

    return SimpleNamespace(
        workspace=workspace,
        ann=ann,
        ben=ben,
        cy=cy,
        project=project,
        spare=spare,
        section=section,
        task=task,
        ann_day=ann_day,
        keys=keys,
    )


def changed(team, write) -> set[str]:
    """The names of the keys whose stamp `write` (committed on return) changed."""
    names = list(team.keys)
    before = readstamps.stamps(*team.keys.values())
    write()
    after = readstamps.stamps(*team.keys.values())
    return {name for name, b, a in zip(names, before, after, strict=True) if a != b}


WRITES = {
    # what the list shows: the workspace's key
    "project saved": (lambda t: ProjectFactory(workspace=t.workspace), {"workspace"}),
    "project renamed by update()": (
        lambda t: Project.objects.filter(pk=t.project.pk).update(title="Artemis"),
        {"workspace"},
    ),
    "project deleted with its memberships": (
        lambda t: Project.objects.filter(pk=t.spare.pk).delete(),
        {"workspace"},
    ),
    "workspace colour added": (
        lambda t: ProjectColorFactory(value="#123456", workspace=t.workspace),
        {"workspace"},
    ),
    "palette colour renamed": (
        lambda t: ProjectColor.objects.filter(
            workspace__isnull=True, pk=ProjectColor.objects.filter(workspace__isnull=True).values("pk")[:1]
        ).update(title="Sky"),
        {"palette"},
    ),
    "member added": (
        lambda t: ProjectMembershipFactory(project=t.project, user=UserFactory(workspace=t.workspace)),
        {"workspace"},
    ),
    "member removed": (
        lambda t: ProjectMembership.objects.filter(project=t.project, user=t.ben).delete(),
        {"workspace"},
    ),
    "list archived by update()": (
        lambda t: TaskList.objects.filter(parent_project=t.project).update(archived_yn=True),
        {"workspace"},
    ),
    "list added": (lambda t: TaskListFactory(parent_project=t.project), {"workspace"}),
    # what the counts count: the linked users' keys
    "task archived by update()": (
        lambda t: Task.objects.filter(pk=t.task.pk).update(archived_yn=True),
        {"ann"},
    ),
    "task moved to another list": (
        lambda t: Task.objects.filter(pk=t.task.pk).update(
            task_list=TaskListFactory(parent_project=t.project)
        ),
        {"ann", "workspace"},  # the new list is the workspace's
    ),
    "flag set by update()": (
        lambda t: UserTask.objects.filter(user=t.ann).update(starred_yn=True),
        {"ann"},
    ),
    "links made by bulk_create()": (
        lambda t: UserTask.objects.bulk_create([UserTask(task=t.task, user=t.ben, starred_yn=True)]),
        {"ben"},
    ),
    "link deleted": (lambda t: UserTask.objects.filter(user=t.ann).delete(), {"ann"}),
    # what the worktime summary adds: the time of the work day's user
    "interval tracked": (
        lambda t: TrackedInterval.objects.create(
            user=t.ann, task=t.task, work_day=t.ann_day, start_datetime=NINE
        ),
        {"ann's time"},
    ),
    "interval closed by update()": (
        lambda t: (
            TrackedInterval.objects.create(user=t.ann, task=t.task, work_day=t.ann_day, start_datetime=NINE),
            TrackedInterval.objects.filter(user=t.ann).update(end_datetime=NINE + dt.timedelta(hours=1)),
        ),
        {"ann's time"},
    ),
    "task time added": (
        lambda t: TaskTime.objects.create(
            user=t.ann, task=t.task, work_day=t.ann_day, project=t.project, seconds_worked=600
        ),
        {"ann's time"},
    ),
    # what none shows: no key
    "task renamed": (lambda t: Task.objects.filter(pk=t.task.pk).update(title="Renamed"), set()),
    "list renamed": (
        lambda t: TaskList.objects.filter(parent_project=t.project).update(title="Renamed"),
        set(),
    ),
    "link's note of time": (lambda t: UserTask.objects.filter(user=t.ann).update(role_enum="owner"), set()),
}


@pytest.mark.parametrize("name", WRITES)
def test_each_write_gives_exactly_its_keys_a_new_stamp(team, name):
    write, expected = WRITES[name]
    assert changed(team, lambda: write(team)) == expected


def test_the_counts_answer_the_write_after_its_commit(team, client_for):
    client = client_for(team.ann)
    assert client.get(COUNTS).json()["today_count"] == 1
    assert client.get(COUNTS).json()["today_count"] == 1  # kept
    link = UserTask.objects.get(user=team.ann)
    response = client.patch(f"/api/projects/user_task/{link.pk}/", {"today_yn": False}, format="json")
    assert response.status_code == 200, response.content
    assert client.get(COUNTS).json()["today_count"] == 0
    Task.objects.filter(pk=team.task.pk).update(archived_yn=False)  # no change: no new stamp
    UserTask.objects.filter(pk=link.pk).update(starred_yn=True)
    assert client.get(COUNTS).json()["starred_count"] == 1
    Task.objects.filter(pk=team.task.pk).update(archived_yn=True)
    assert client.get(COUNTS).json()["starred_count"] == 0


def test_the_project_list_answers_the_write_after_its_commit(team, client_for):
    ann, ben = client_for(team.ann), client_for(team.ben)
    titles = lambda client: [p["title"] for p in client.get(LIST).json()]  # noqa: E731
    assert "Apollo" in titles(ann) and "Apollo" in titles(ben)
    response = ann.patch(f"/api/projects/project/{team.project.pk}/", {"title": "Artemis"}, format="json")
    assert response.status_code == 200, response.content
    assert "Artemis" in titles(ann) and "Artemis" in titles(ben)
    ProjectMembership.objects.filter(project=team.project, user=team.ben).delete()
    assert "Artemis" not in titles(ben)
    members = {p["title"]: p["member_count"] for p in ann.get(LIST).json()}
    assert members["Artemis"] == 0  # Ann is the owner; Ben left


def test_a_read_while_nothing_changed_is_the_stamp_lookup(team, client_for, django_assert_num_queries):
    client = client_for(team.ann)
    client.get(LIST), client.get(COUNTS)
    with django_assert_num_queries(2):  # the token's stamp, then the read's
        assert client.get(LIST).status_code == 200
    with django_assert_num_queries(2):
        assert client.get(COUNTS).status_code == 200


def test_another_workspace_s_writes_keep_the_copies(team, client_for, django_assert_num_queries):
    client = client_for(team.ann)
    client.get(LIST), client.get(COUNTS)
    theirs = Project.objects.get(workspace=team.cy.workspace)
    Project.objects.filter(pk=theirs.pk).update(title="Theirs")
    UserTaskFactory(
        task=TaskFactory(section=SectionFactory(task_list=TaskListFactory(parent_project=theirs))),
        user=team.cy,
    )
    with django_assert_num_queries(2):  # the token's stamp, then the read's
        client.get(LIST)
    with django_assert_num_queries(2):
        client.get(COUNTS)


def test_a_truncate_renews_every_read(team):
    before = readstamps.stamps(readstamps.EVERYTHING)[0]
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE projects_usertask")
    assert readstamps.stamps(readstamps.EVERYTHING)[0] != before
