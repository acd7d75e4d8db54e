"""The checkout note's draft (issue 32): the day's tasks with their time, the meetings imported
from the member's calendar that day (in their local day), what is still open; the owner's only;
a fixed number of queries."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.projects.models import TaskTime, UserTask
from apps.projects.services.time import tracker
from apps.projects.tests.factories import TaskFactory
from apps.work.models import WorkDay, WorkShiftSchedule
from apps.work.services import status as status_services

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def put_time(day: WorkDay, task, seconds: int) -> None:
    TaskTime.objects.create(
        user=day.user, task=task, work_day=day, project=task.task_list.parent_project, seconds_worked=seconds
    )


def url(day: WorkDay) -> str:
    return f"/api/work/work_day/{day.pk}/notes_draft/"


@pytest.fixture
def day(team, clock):
    """Ben in Toronto: worked from 09:00 local on 2026-03-10 (13:00 UTC), three hours so far."""
    team.ben.timezone = "America/Toronto"
    team.ben.save(update_fields=["timezone"])
    clock.set(dt.datetime(2026, 3, 10, 13, 0, tzinfo=UTC))
    status_services.status_change(user=team.ben, status="working")
    clock.advance(hours=3)
    return WorkDay.objects.get(user=team.ben, work_date=dt.date(2026, 3, 10))


def test_the_draft_lists_the_days_tasks_meetings_and_what_is_still_open(team, day):
    ben = team.ben
    put_time(day, team.task, 5400)
    put_time(day, team.other_task, 0)
    planned_today = TaskFactory(section=team.task.section, owner_user=ben, title="Call the client")
    next_up = TaskFactory(section=team.task.section, owner_user=ben, title="Ship it")
    archived = TaskFactory(section=team.task.section, owner_user=ben, title="Old", archived_yn=True)
    UserTask.objects.update_or_create(user=ben, task=planned_today, defaults={"today_yn": True})
    UserTask.objects.update_or_create(user=ben, task=next_up, defaults={"next_shift_yn": True})
    UserTask.objects.update_or_create(user=ben, task=archived, defaults={"next_shift_yn": True})
    # Marked Today and worked on: it is in the tasks, not in what is open.
    UserTask.objects.update_or_create(user=ben, task=team.task, defaults={"today_yn": True})
    # 23:30 local on the 10th is 03:30 UTC on the 11th: on this day. 00:30 local on the 11th is not.
    WorkShiftSchedule.objects.create(
        user=ben,
        start_datetime=dt.datetime(2026, 3, 11, 3, 30, tzinfo=UTC),
        end_datetime=dt.datetime(2026, 3, 11, 3, 45, tzinfo=UTC),
        schedule_notes="Late sync",
        calendar_uid="late@feed",
    )
    WorkShiftSchedule.objects.create(
        user=ben,
        start_datetime=dt.datetime(2026, 3, 11, 5, 30, tzinfo=UTC),
        end_datetime=dt.datetime(2026, 3, 11, 6, 0, tzinfo=UTC),
        schedule_notes="Tomorrow",
        calendar_uid="next@feed",
    )
    # A session typed by hand is a plan, not a meeting.
    WorkShiftSchedule.objects.create(
        user=ben,
        start_datetime=dt.datetime(2026, 3, 10, 14, 0, tzinfo=UTC),
        end_datetime=dt.datetime(2026, 3, 10, 15, 0, tzinfo=UTC),
        schedule_notes="Focus",
    )
    body = team.clients["ben"].get(url(day)).json()
    (task,) = body["tasks"]
    assert task == {
        "task_id": team.task.pk,
        "title": "Write the spec",
        "project_title": "Apollo",
        "seconds": 5400,
        "recording": False,
    }
    (meeting,) = body["meetings"]
    assert meeting == {"title": "Late sync", "start": "2026-03-11T03:30:00Z", "end": "2026-03-11T03:45:00Z"}
    still_open = [(o["title"], o["next_shift"]) for o in body["open"]]
    assert still_open == [("Ship it", True), ("Call the client", False)]


def test_a_running_tracker_counts_live(team, day, clock):
    tracker.start(user=team.ben, task=team.task)
    clock.advance(minutes=25)
    (task,) = team.clients["ben"].get(url(day)).json()["tasks"]
    assert (task["seconds"], task["recording"]) == (25 * 60, True)


def test_an_empty_day_gives_an_empty_draft(team, day):
    assert team.clients["ben"].get(url(day)).json() == {"tasks": [], "meetings": [], "open": []}


@pytest.mark.parametrize("reader", ["ada", "adam", "tina", "zoe", "sam"])
def test_only_the_owner_reads_the_draft(team, day, reader):
    assert team.clients[reader].get(url(day)).status_code == 404


def test_the_query_count_does_not_grow_with_the_day(team, day):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert team.clients["ben"].get(url(day)).status_code == 200
        return len(queries)

    put_time(day, team.task, 60)
    few = count()
    for n in range(6):
        task = TaskFactory(section=team.task.section, owner_user=team.ben, title=f"T{n}")
        put_time(day, task, 60)
        UserTask.objects.create(user=team.ben, task=TaskFactory(section=task.section), today_yn=True)
    assert count() == few
