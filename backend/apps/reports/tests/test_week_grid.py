"""History's week grid (issue 31): tasks as rows, the range's days as columns, each day's work and
allocated time as the work-time table counts them; always the caller's own; bounded queries."""

import datetime as dt
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.tests.factories import UserFactory, WorkspaceFactory
from apps.projects.models import AccessType
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    TaskListMembershipFactory,
)
from apps.work.models import WorkDay
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

URL = "/api/work/week_grid/"
WEEK = {"from_date": "2026-11-16", "to_date": "2026-11-22"}
UTC = dt.UTC


def utc(d, h, mi=0):
    return dt.datetime(2026, 11, d, h, mi, tzinfo=UTC)


@pytest.fixture
def world(db, client_for):
    """A project with one list and a task, its owner, and a teammate outside the project."""
    workspace = WorkspaceFactory()
    owner = UserFactory(workspace=workspace, display_name="Olga")
    member = UserFactory(workspace=workspace, display_name="Milo")
    project = ProjectFactory(workspace=workspace, title="Apollo")
    ProjectMembershipFactory(project=project, user=owner, access_type_enum=AccessType.OWNER)
    task_list = TaskListFactory(parent_project=project, title="Backlog")
    TaskListMembershipFactory(task_list=task_list, user=owner, access_type_enum=AccessType.OWNER)
    section = SectionFactory(task_list=task_list, title="Doing")
    task = TaskFactory(section=section, owner_user=owner, title="Write the spec")
    return SimpleNamespace(
        owner=owner, task=task, clients={"owner": client_for(owner), "member": client_for(member)}
    )


@pytest.fixture
def week(world, clock):
    """The owner (UTC) worked 3 h on Monday 16th and 2 h on Wednesday 18th; time on two tasks."""
    clock.set(utc(20, 12))
    owner = world.owner
    owner.timezone = "UTC"
    owner.save()
    status_services.record_shift(user=owner, segments=[("working", utc(16, 9), utc(16, 12))])
    status_services.record_shift(user=owner, segments=[("working", utc(18, 9), utc(18, 11))])
    monday = WorkDay.objects.get(user=owner, work_date=dt.date(2026, 11, 16))
    wednesday = WorkDay.objects.get(user=owner, work_date=dt.date(2026, 11, 18))
    other = TaskFactory(task_list=world.task.task_list, section=world.task.section, title="Another task")
    client = world.clients["owner"]
    for task, day, seconds in [
        (world.task, monday, 5400),
        (other, monday, 1800),
        (world.task, wednesday, 3600),
    ]:
        answer = client.post(
            "/api/work/task_time/", {"task": task.pk, "work_day": day.pk, "seconds": seconds}, format="json"
        )
        assert answer.status_code in (200, 201), answer.content
    return world, monday, wednesday, other


def test_tasks_as_rows_and_days_as_columns(week):
    world, monday, wednesday, other = week
    body = world.clients["owner"].get(URL, WEEK).json()
    assert [d["date"] for d in body["days"]] == [f"2026-11-{n}" for n in range(16, 23)]
    assert [d["work_day"] for d in body["days"][:3]] == [monday.pk, None, wednesday.pk]
    assert [d["work_seconds"] for d in body["days"]] == [3 * 3600, 0, 2 * 3600, 0, 0, 0, 0]
    assert [d["allocated_seconds"] for d in body["days"]] == [7200, 0, 3600, 0, 0, 0, 0]
    by_task = {r["task"]["id"]: r for r in body["rows"]}
    assert by_task[world.task.pk]["seconds"] == [5400, 0, 3600, 0, 0, 0, 0]
    assert by_task[world.task.pk]["total_seconds"] == 9000
    assert by_task[other.pk]["seconds"] == [1800, 0, 0, 0, 0, 0, 0]
    assert by_task[other.pk]["task"]["task_list"] == world.task.task_list_id
    assert (body["work_seconds"], body["allocated_seconds"]) == (5 * 3600, 3 * 3600)


def test_the_grid_agrees_with_the_work_time_table(week):
    world = week[0]
    client = world.clients["owner"]
    grid = client.get(URL, WEEK).json()
    table = client.get("/api/work/worktime_table/", WEEK).json()
    assert [d["work_seconds"] for d in grid["days"]] == [
        r["work_hours"]["total_seconds"] for r in table["rows"]
    ]
    assert [d["allocated_seconds"] for d in grid["days"]] == [r["allocated_time"] for r in table["rows"]]


def test_closed_days_say_why(week):
    world, monday, _, _ = week
    type(world.owner).objects.filter(pk=world.owner.pk).update(closed_through=dt.date(2026, 11, 17))
    body = world.clients["owner"].get(URL, WEEK).json()
    assert [bool(d["closed"]) for d in body["days"]] == [True, True] + [False] * 5
    assert body["days"][0]["closed"] == "This day is locked (days up to Tue 17 Nov 2026 are closed)."


def test_always_the_callers_own(week):
    world = week[0]
    body = world.clients["member"].get(URL, WEEK).json()
    assert body["rows"] == [] and all(d["work_day"] is None for d in body["days"])


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"from_date": "2026-11-22", "to_date": "2026-11-16"}, "to_date", "The end date must not be before"),
        ({"from_date": "2026-11-01", "to_date": "2026-12-15"}, "to_date", "at most"),
        ({"from_date": "16/11/2026"}, "from_date", ""),
    ],
)
def test_bad_ranges_are_refused(week, query, field, message):
    answer = week[0].clients["owner"].get(URL, query)
    assert answer.status_code == 400 and field in answer.json()
    assert message in " ".join(answer.json()[field])


def test_queries_do_not_grow_with_rows_or_days(week):
    world, monday, _, _ = week
    client = world.clients["owner"]
    with CaptureQueriesContext(connection) as small:
        client.get(URL, {"from_date": "2026-11-16", "to_date": "2026-11-16"})
    for n in range(5):
        task = TaskFactory(task_list=world.task.task_list, section=world.task.section, title=f"Extra {n}")
        client.post(
            "/api/work/task_time/", {"task": task.pk, "work_day": monday.pk, "seconds": 60}, format="json"
        )
    with CaptureQueriesContext(connection) as large:
        client.get(URL, WEEK)
    assert len(large) == len(small) <= 19  # the working-time account's rules: one query
