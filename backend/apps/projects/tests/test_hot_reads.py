"""The hot reads (issue 8) answer in a fixed number of queries, whatever the workspace's size and
however long its history: a read that grows with history is a bug.

Each read is measured on a small world (1 teammate, 5 status records, 1 project) and again after
it grew (50 teammates, 500 status records, 30 projects with tasks): the counts must be the exact
numbers below both times. Counts include the token lookup; the token was just made, so its
last-use is not written (at most once per 5 minutes, apps/accounts/authentication.py).
"""

import datetime as dt

import pytest

from apps.accounts.tests.factories import UserFactory
from apps.core import timeutils
from apps.projects.models import AccessType, Project
from apps.projects.tests.factories import (
    ProjectFactory,
    ProjectMembershipFactory,
    SectionFactory,
    TaskFactory,
    TaskListFactory,
    UserTaskFactory,
)
from apps.work.models import StatusRecord, WorkDay, WorkShift, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

UTC = dt.UTC

# path -> queries on a read inside the test's transaction, where no kept copy is used: the token
# with its user and workspace first, then the read's own queries.
HOT_READS = {
    "me": ("/api/accounts/me/", 2),  # open status record
    "current status": ("/api/work/current_user_status/", 2),  # open record (no transaction)
    # the day's records, its tracked intervals, its task time (issue 10)
    "worktime summary": ("/api/work/worktime_summary/", 3),
    # users, open, recent, schedules (the shared strip), pins; kept copies are never used inside
    # the test's transaction: apps/work/tests/test_strip_stamps.py counts the kept read (1 query)
    "teammates": ("/api/accounts/teammates/", 6),
    "project list": ("/api/projects/project/?archived_yn=false", 2),  # projects with counts
    "counts": ("/api/projects/tasks/groups/counts/", 2),  # the three counts
}


def add_history(user, *, records: int, days_back_from: int = 1):
    """`records` (a multiple of 3) closed status records of past days, 3 a day in one shift each."""
    today = timeutils.local_today(user.timezone)
    dates = [today - dt.timedelta(days=days_back_from + n) for n in range(records // 3)]
    WorkDay.objects.bulk_create(
        WorkDay(user=user, work_date=day, start_datetime=dt.datetime.combine(day, dt.time(9), tzinfo=UTC))
        for day in dates
    )
    days = WorkDay.objects.filter(user=user, work_date__in=dates)
    WorkShift.objects.bulk_create(
        WorkShift(
            work_day=day,
            start_datetime=day.start_datetime,
            end_datetime=day.start_datetime + dt.timedelta(hours=8),
        )
        for day in days
    )
    rows = []
    for shift in WorkShift.objects.filter(work_day__in=days):
        s = shift.start_datetime
        for status, a, b in (("working", 0, 3), ("taking_break", 3, 4), ("working", 4, 8)):
            rows.append(
                StatusRecord(
                    user=user,
                    work_shift=shift,
                    status_enum_identifier=status,
                    start_datetime=s + dt.timedelta(hours=a),
                    end_datetime=s + dt.timedelta(hours=b),
                )
            )
    StatusRecord.objects.bulk_create(rows)


def add_teammates(viewer, count: int):
    for _ in range(count):
        mate = UserFactory(workspace=viewer.workspace)
        status_services.status_change(user=mate, status="working")
        add_history(mate, records=6)
        start = timeutils.now() + dt.timedelta(days=1)
        WorkShiftSchedule.objects.create(
            user=mate, start_datetime=start, end_datetime=start + dt.timedelta(hours=4)
        )


def add_projects(viewer, count: int):
    for _ in range(count):
        project = ProjectFactory(workspace=viewer.workspace)
        ProjectMembershipFactory(project=project, user=viewer, access_type_enum=AccessType.OWNER)
        ProjectMembershipFactory(project=project, user__workspace=viewer.workspace)
        task_list = TaskListFactory(parent_project=project)
        section = SectionFactory(task_list=task_list)
        for _ in range(3):
            task = TaskFactory(section=section, owner_user=viewer)
            UserTaskFactory(task=task, user=viewer, today_yn=True, starred_yn=True)


def measure(client, django_assert_num_queries) -> dict[str, int]:
    answers = {}
    for name, (path, expected) in HOT_READS.items():
        with django_assert_num_queries(expected):
            response = client.get(path)
        assert response.status_code == 200, (name, response.content[:200])
        answers[name] = response.json()
    return answers


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_hot_reads_keep_their_query_counts_as_the_workspace_and_its_history_grow(
    auth_client, django_assert_num_queries, clock
):
    clock.set(dt.datetime(2026, 3, 10, 14, tzinfo=UTC))
    me = auth_client.user
    status_services.status_change(user=me, status="working")
    add_history(me, records=3)  # with today's open one: 4 records
    add_teammates(me, 1)
    add_projects(me, 1)
    auth_client.get("/api/projects/project/")  # the first list makes Personal Tasks (not a hot read)
    assert StatusRecord.objects.filter(user=me).count() == 4
    small = measure(auth_client, django_assert_num_queries)
    assert len(small["teammates"]) == 3  # me, a teammate, the project's member
    assert small["current status"]["status_enum_identifier"] == "working"

    add_history(me, records=498, days_back_from=2)
    add_teammates(me, 49)
    add_projects(me, 29)
    assert StatusRecord.objects.filter(user=me).count() == 502
    large = measure(auth_client, django_assert_num_queries)
    assert len(large["teammates"]) == 3 + 49 + 29
    assert large["counts"]["today_count"] == small["counts"]["today_count"] + 29 * 3
    assert len(large["project list"]) == len(small["project list"]) + 29
    # the summary counts today only: history does not change it
    assert large["worktime summary"] == small["worktime summary"]


def test_project_list_makes_the_personal_project_once_then_stops_looking(
    auth_client, django_assert_num_queries
):
    assert auth_client.get("/api/projects/project/?archived_yn=true").json() == []
    assert Project.objects.filter(personal_user=auth_client.user).count() == 1  # made by the first list
    with django_assert_num_queries(3):  # projects, a filter hides it: looked up, not made again
        assert auth_client.get("/api/projects/project/?archived_yn=true").json() == []
    first = auth_client.get("/api/projects/project/").json()
    assert [p["personal_yn"] for p in first] == [True]
    with django_assert_num_queries(2):  # projects: the answer shows Personal Tasks, no lookup
        assert auth_client.get("/api/projects/project/").json() == first
    assert Project.objects.filter(personal_user=auth_client.user).count() == 1
